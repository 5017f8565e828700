"""Shared test settings: the Hypothesis profile the property tests run under.

Property tests draw integer seeds and feed them to :class:`random.Random`, so a failing
record shrinks to a small seed that reproduces it. Each test in
``tests/notation/test_properties.py`` sets its own ``max_examples``, scaled by
``T42_PROPERTY_SCALE`` (default 1); ``T42_PROPERTY_SCALE=10`` makes a longer run.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "t42",
    deadline=None,  # a whole game is generated, written, read and checked per example
    suppress_health_check=[HealthCheck.too_slow],
    print_blob=True,
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "t42"))

# The fuzzer needs atheris (the `fuzz` extra), which the test run does not install; its
# targets are imported and replayed by tests/notation/test_fuzz_regressions.py instead.
collect_ignore = ["fuzz/fuzz.py"]

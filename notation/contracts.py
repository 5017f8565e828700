"""Kept so that ``from notation.contracts import ...`` keeps working: the module is now
:mod:`notation.model.contracts`."""

from notation.model.contracts import *  # noqa: F403

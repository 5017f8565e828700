"""The JSON form's functions under the import path docs/api.md and the README show; they live in
:mod:`notation.formats.json` (and its modules encode, check, explain, decode, locate)."""

from notation.formats.json import *  # noqa: F403
from notation.formats.json import __all__ as __all__

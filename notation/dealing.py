"""Kept so that ``from notation.dealing import ...`` keeps working: the module is now
:mod:`notation.rules.dealing`."""

from notation.rules.dealing import *  # noqa: F403

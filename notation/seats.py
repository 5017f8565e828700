"""Kept so that ``from notation.seats import ...`` keeps working: the module is now
:mod:`notation.model.seats`."""

from notation.model.seats import *  # noqa: F403

"""The parts of t42 the club uses beyond the public API (:mod:`notation`,
:mod:`notation.recording`), imported here only, so that a move of the library's modules
touches this one file."""

from __future__ import annotations

from notation.model.game import date_value
from notation.rules.scoring import scores_marks
from notation.views.svg import HALF, tile_svg
from replay.page import replay_page
from replay.strokes import all_strokes_svg

__all__ = ["HALF", "all_strokes_svg", "date_value", "replay_page", "scores_marks",
           "tile_svg"]

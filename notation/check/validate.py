"""Checking a record against the rules: every problem as a located finding with evidence.

:func:`check_hand` and :func:`check_game` are pure: they take the record and the rule set and
return reports holding the findings and what the engine worked out (the contract, each
trick's winner and points, the marks awarded), which replay and audit reuse.

A hand is checked by concern, each check a function named for it in a module of its own:
:func:`check_deal` (:mod:`notation.check.deal`), :func:`check_auction`
(:mod:`~notation.check.auction`), :func:`check_contract` (:mod:`~notation.check.contract`),
:func:`check_play` and reneges (:mod:`~notation.check.play`), :func:`hand_result`,
:func:`check_ending` and :func:`check_score` (:mod:`~notation.check.result`); a game adds
:func:`check_hand_order` and :func:`check_total` (:mod:`~notation.check.game`). The reports
are :mod:`notation.check.reports`'. This module is the one import path for all of them.

>>> from notation.formats.text.reader import read_games
>>> text = '''[Rules "straight"]
... hand 1 dealer N
... bid E pass S 30 W 29 N pass
... '''
>>> [f.code for f in check_game(next(read_games(text)).game).findings]
['bid-below-minimum']
"""

from notation.check.auction import bidding_seats, check_auction
from notation.check.contract import check_contract
from notation.check.deal import check_deal
from notation.check.game import (
    GameCheck,
    check_game,
    check_hand,
    check_hand_order,
    check_total,
    hand_report,
    marks_gained,
    score_lines,
    with_score_lines,
)
from notation.check.play import check_play
from notation.check.reports import GameReport, HandReport, LaydownJudge
from notation.check.result import HandResult, check_ending, check_score, hand_result

__all__ = [
    "GameCheck",
    "GameReport",
    "HandReport",
    "HandResult",
    "LaydownJudge",
    "bidding_seats",
    "check_auction",
    "check_contract",
    "check_deal",
    "check_ending",
    "check_game",
    "check_hand",
    "check_hand_order",
    "check_play",
    "check_score",
    "check_total",
    "hand_report",
    "hand_result",
    "marks_gained",
    "score_lines",
    "with_score_lines",
]

"""t42: records of Texas 42 games — read, check, convert, format, replay and audit them.

Everything the ``t42`` command does is here as a library; ``docs/api.md`` walks through it
with examples. Read a record, check it against the rules, and write it back:

>>> import notation
>>> text = (SAMPLES / "renege.t42").read_text(encoding="utf-8")
>>> game = notation.loads(text)[0]
>>> report = notation.check_game(game)
>>> [(f.code, f.hand, f.trick, str(f.seat)) for f in report.findings]
[('renege', 1, 3, 'W'), ('renege', 2, 2, 'S')]
>>> notation.loads(notation.dumps(game))[0] == game
True
>>> notation.formats.json.form.loads(notation.formats.json.form.dumps(game))[0] == game
True

Score lines left out are computed as ``t42 record`` writes them (points, marks, the total):

>>> from dataclasses import replace
>>> bare = replace(game, hands=tuple(replace(h, scores=()) for h in game.hands))
>>> [(s.kind.value, s.ns, s.ew) for s in notation.with_score_lines(bare).hands[0].scores]
[('points', 25, 17), ('marks', 1, 0), ('total', 1, 0)]

The parts:

- the model: :class:`Tile`, :class:`Seat`, :class:`Team`, :class:`Bid`, :class:`Trump`,
  :class:`Contract` and the record itself, :class:`Game` of :class:`Hand` of
  :class:`Trick` … (frozen dataclasses; ``==`` ignores where an item was written);
- the formats, each used like :mod:`json`: the notation (:func:`load`, :func:`loads`,
  :func:`dump`, :func:`dumps`, the same as :mod:`notation.formats.text`) and JSON
  (:mod:`notation.formats.json.form`); :func:`read_games` reads notation text a game at a time,
  reporting problems instead of raising, and :func:`read_archive` streams any file of games;
- the rules: :class:`RuleSet` and :func:`rule_set` (the ``straight``, ``texas`` and
  ``points`` sets and their options), :func:`check_game` and :func:`check_hand` returning
  reports of located :class:`Finding` objects with their evidence, and :func:`describe` to
  show one as the command line does, and :func:`with_score_lines` to write a game's score
  lines as the play gives them;
- :class:`GameVisitor` and :func:`walk` to write an exporter of your own (the canonical
  writer, :class:`TextExporter`, is one);
- :func:`audit_game` (the referee's report, with the exact solver), :func:`par_table` and
  :func:`hand_par` (what each seat makes as declarer, :class:`ParTable`), :func:`analyse_game`
  (every hand's par table, perfect-play value and costly plays, what ``t42 analyze`` writes,
  folded by :class:`AnalysisSummary`), :func:`random_game` (a random legal game) and the
  solver (:mod:`notation.solver.solver`), loaded when first used;
- the fair review, each play judged by what its player could know (:class:`Knowledge`,
  worlds dealt by :class:`Dealer`): :func:`review_game`, :func:`review_hand` and
  :func:`review_line` (:class:`HandReview`, :class:`PlayReview`), and the bidding advisor
  :func:`advise` (:class:`BidAdvice`), also loaded when first used;
- :func:`hand_diagram` and :func:`diagram` (:mod:`notation.views.svg`) draw a position as SVG with
  domino faces; a :class:`Game` shows itself that way in Jupyter;
- :class:`T42Error`, the base of every exception t42 raises on purpose (:class:`ModelError`
  when the model is built in code with a value it cannot hold, a string for a seat, say).
"""

from __future__ import annotations

__version__ = "0.1.0"

import importlib
from typing import TYPE_CHECKING, Any

# First of all: run as the `t42` command, a Ctrl-C while the library loads is answered in words.
import notation._starting  # noqa: F401
from notation.archive.reading import read_archive
from notation.archive.tally import ConvertTally, FileCheck, findings_report
from notation.check.validate import (
    GameReport,
    HandReport,
    check_game,
    check_hand,
    with_score_lines,
)
from notation.errors import (
    ModelError,
    NotationError,
    NotationSyntaxError,
    RecordError,
    T42Error,
)
from notation.files import UnreadableInput
from notation.formats import text
from notation.formats.json import form as json_form
from notation.formats.text import dump, dumps, load, loads
from notation.formats.text.reader import ReadGame, read_games
from notation.formats.text.writer import TextExporter
from notation.formats.visitor import GameVisitor, walk
from notation.model.bids import Bid, BidError, BidKind
from notation.model.contracts import Contract, ContractError, DoublesRank, Special, Trump, TrumpKind
from notation.model.findings import Finding, Severity
from notation.model.game import (
    Auction,
    Call,
    Comment,
    Ending,
    EndKind,
    Game,
    Hand,
    HandHeader,
    Holding,
    Play,
    ScoreKind,
    ScoreLine,
    Span,
    Tag,
    Trick,
    TrumpCall,
)
from notation.model.rule_sets import RULE_SETS, RulesError, RuleSet, rule_set, tagged_rules
from notation.model.seats import SEATS, Seat, Team
from notation.model.tiles import ALL_TILES, Tile, TileError
from notation.views.diagnostics import describe

if TYPE_CHECKING:  # loaded on first use (see __getattr__): the solver's tables take a while
    from notation.analysis.analyze import AnalysisSummary, HandAnalysis, analyse_game, analyse_hand
    from notation.analysis.audit import HandAudit, audit_game, audit_hand
    from notation.analysis.knowledge import Knowledge
    from notation.analysis.par import DealError, ParTable, SpecialVerdict, hand_par, par_table
    from notation.analysis.review import (
        BidAdvice,
        HandReview,
        PlayReview,
        advise,
        review_game,
        review_hand,
        review_line,
    )
    from notation.analysis.run import AnalysisStep, ResumeError, analyse_archive
    from notation.analysis.worlds import Dealer
    from notation.rules.dealing import random_game
    from notation.solver.solver import Solver, UnsupportedContract
    from notation.views.svg import diagram, hand_diagram

# Names whose modules are imported when a name is first asked for, so that ``import notation``
# (and every ``t42`` command) does not pay for the solver and the audit it may never use.


def _game_svg(game: Game) -> str:
    from notation.views.svg import game_diagram

    return game_diagram(game)


# Jupyter shows a game by its ``_repr_svg_``; the model imports no view, so the package, which
# puts the layers together, gives a game its picture.
Game._repr_svg_ = _game_svg

_ON_FIRST_USE = {
    "AnalysisSummary": "notation.analysis.analyze",
    "HandAnalysis": "notation.analysis.analyze",
    "analyse_game": "notation.analysis.analyze",
    "analyse_hand": "notation.analysis.analyze",
    "AnalysisStep": "notation.analysis.run",
    "ResumeError": "notation.analysis.run",
    "analyse_archive": "notation.analysis.run",
    "HandAudit": "notation.analysis.audit",
    "audit_game": "notation.analysis.audit",
    "audit_hand": "notation.analysis.audit",
    "random_game": "notation.rules.dealing",
    "Knowledge": "notation.analysis.knowledge",
    "Dealer": "notation.analysis.worlds",
    "BidAdvice": "notation.analysis.review",
    "HandReview": "notation.analysis.review",
    "PlayReview": "notation.analysis.review",
    "advise": "notation.analysis.review",
    "review_game": "notation.analysis.review",
    "review_hand": "notation.analysis.review",
    "review_line": "notation.analysis.review",
    "DealError": "notation.analysis.par",
    "ParTable": "notation.analysis.par",
    "SpecialVerdict": "notation.analysis.par",
    "hand_par": "notation.analysis.par",
    "par_table": "notation.analysis.par",
    "Solver": "notation.solver.solver",
    "UnsupportedContract": "notation.solver.solver",
    "diagram": "notation.views.svg",
    "hand_diagram": "notation.views.svg",
}

__all__ = [
    "ALL_TILES",
    "RULE_SETS",
    "SEATS",
    "AnalysisStep",
    "AnalysisSummary",
    "Auction",
    "Bid",
    "BidAdvice",
    "BidError",
    "BidKind",
    "Call",
    "Comment",
    "Contract",
    "ContractError",
    "ConvertTally",
    "DealError",
    "Dealer",
    "DoublesRank",
    "EndKind",
    "Ending",
    "FileCheck",
    "Finding",
    "Game",
    "GameReport",
    "GameVisitor",
    "Hand",
    "HandAnalysis",
    "HandAudit",
    "HandHeader",
    "HandReport",
    "HandReview",
    "Holding",
    "Knowledge",
    "ModelError",
    "NotationError",
    "NotationSyntaxError",
    "ParTable",
    "Play",
    "PlayReview",
    "ReadGame",
    "RecordError",
    "ResumeError",
    "RuleSet",
    "RulesError",
    "ScoreKind",
    "ScoreLine",
    "Seat",
    "Severity",
    "Solver",
    "Span",
    "Special",
    "SpecialVerdict",
    "T42Error",
    "Tag",
    "Team",
    "TextExporter",
    "Tile",
    "TileError",
    "Trick",
    "Trump",
    "TrumpCall",
    "TrumpKind",
    "UnreadableInput",
    "UnsupportedContract",
    "__version__",
    "advise",
    "analyse_archive",
    "analyse_game",
    "analyse_hand",
    "audit_game",
    "audit_hand",
    "check_game",
    "check_hand",
    "describe",
    "diagram",
    "dump",
    "dumps",
    "findings_report",
    "hand_diagram",
    "hand_par",
    "json_form",
    "load",
    "loads",
    "par_table",
    "random_game",
    "read_archive",
    "read_games",
    "review_game",
    "review_hand",
    "review_line",
    "rule_set",
    "tagged_rules",
    "text",
    "walk",
    "with_score_lines",
]


def __getattr__(name: str) -> Any:
    module = _ON_FIRST_USE.get(name)
    if module is None:
        raise AttributeError(f"module 'notation' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))

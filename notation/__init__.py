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
>>> notation.json_form.loads(notation.json_form.dumps(game))[0] == game
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
  (``notation.json_form``); :func:`read_games` reads notation text a game at a time,
  reporting problems instead of raising, and :func:`read_archive` streams any file of games;
- the rules: :class:`RuleSet` and :func:`rule_set` (the ``straight``, ``texas`` and
  ``points`` sets and their options), :func:`check_game` and :func:`check_hand` returning
  reports of located :class:`Finding` objects with their evidence, and :func:`describe` to
  show one as the command line does, and :func:`with_score_lines` to write a game's score
  lines as the play gives them;
- :class:`GameVisitor` and :func:`walk` to write an exporter of your own (the canonical
  writer, :class:`TextExporter`, is one);
- :class:`Position`, a hand you can play: its legal bids, trumps and plays, ``push`` and
  ``pop`` (:class:`IllegalAction` when the rules refuse), made from a deal or from any point
  of a record; what a record means, read from it: :func:`hand_outcomes` (each hand's
  contract, tricks with their winners and points, result and marks), :func:`hand_positions`
  and :func:`game_positions`, and :class:`PositionVisitor` told of each action with its
  position by :func:`walk_positions`;
- :func:`audit_game` (the referee's report, with the exact solver), :func:`par_table` and
  :func:`hand_par` (what each seat makes as declarer, :class:`ParTable`), :func:`analyse_game`
  (every hand's par table, perfect-play value and costly plays, what ``t42 analyze`` writes,
  folded by :class:`AnalysisSummary`), :func:`random_game` (a random legal game) and the
  solver (:mod:`notation.solver.solver`), loaded when first used;
- the fair review, each play judged by what its player could know (:class:`Knowledge`,
  worlds dealt by :class:`Dealer`): :func:`review_game`, :func:`review_hand` and
  :func:`review_line` (:class:`HandReview`, :class:`PlayReview`), and the bidding advisor
  :func:`advise` (:class:`BidAdvice`), also loaded when first used; :func:`annotate_game`
  writes the review's or the audit's verdicts into the record;
- :func:`hand_diagram` and :func:`diagram` (:mod:`notation.views.svg`) draw a position as SVG with
  domino faces; a :class:`Game` shows itself that way in Jupyter;
- :class:`T42Error`, the base of every exception t42 raises on purpose (:class:`ModelError`
  when the model is built in code with a value it cannot hold, a string for a seat, say).
"""

from __future__ import annotations

__version__ = "0.1.0"

import importlib.util
import sys
from collections.abc import Callable
from importlib.machinery import ModuleSpec
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from notation.analysis.analyze import AnalysisSummary, HandAnalysis, analyse_game, analyse_hand
    from notation.analysis.annotate import AnnotatedGame, annotate_game, glyph_for, strip_machine
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
    from notation.analysis.what_if import WhatIf, WhatIfError, best_action, play_on, what_if
    from notation.analysis.worlds import Dealer
    from notation.archive.reading import read_archive
    from notation.archive.tally import ConvertTally, FileCheck, findings_report
    from notation.check.actions import IllegalAction, Lead, Phase, PositionError
    from notation.check.meaning import (
        HandOutcome,
        PositionVisitor,
        game_positions,
        hand_outcome,
        hand_outcomes,
        hand_positions,
        walk_positions,
    )
    from notation.check.position import Position
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
    from notation.model.contracts import (
        Contract,
        ContractError,
        DoublesRank,
        Special,
        Trump,
        TrumpKind,
    )
    from notation.model.findings import Finding, Severity
    from notation.model.game import (
        Auction,
        Call,
        Comment,
        Ending,
        EndKind,
        Game,
        Glyph,
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
        Variation,
    )
    from notation.model.lines import (
        Line,
        LineError,
        add_variation,
        game_lines,
        hand_lines,
        remove_variation,
    )
    from notation.model.rule_sets import RULE_SETS, RulesError, RuleSet, rule_set, tagged_rules
    from notation.model.seats import SEATS, Seat, Team
    from notation.model.tiles import ALL_TILES, Tile, TileError
    from notation.rules.dealing import random_game
    from notation.rules.scoring import MarkAward
    from notation.rules.tricks import TrickOutcome
    from notation.solver.solver import Solver, UnsupportedContract
    from notation.views.diagnostics import describe
    from notation.views.svg import diagram, hand_diagram

# Every public name is loaded when it is first asked for, from the module that is its home:
# ``import notation`` (and so every ``t42`` command, and every import of a module of the
# library) loads no model, parser, check or solver it does not use.
_HOMES = {
    "notation.analysis.analyze": ("AnalysisSummary", "HandAnalysis", "analyse_game",
                                  "analyse_hand"),
    "notation.analysis.annotate": ("AnnotatedGame", "annotate_game", "glyph_for",
                                   "strip_machine"),
    "notation.analysis.audit": ("HandAudit", "audit_game", "audit_hand"),
    "notation.analysis.knowledge": ("Knowledge",),
    "notation.analysis.par": ("DealError", "ParTable", "SpecialVerdict", "hand_par",
                              "par_table"),
    "notation.analysis.review": ("BidAdvice", "HandReview", "PlayReview", "advise",
                                 "review_game", "review_hand", "review_line"),
    "notation.analysis.run": ("AnalysisStep", "ResumeError", "analyse_archive"),
    "notation.analysis.what_if": ("WhatIf", "WhatIfError", "best_action", "play_on", "what_if"),
    "notation.analysis.worlds": ("Dealer",),
    "notation.archive.reading": ("read_archive",),
    "notation.archive.tally": ("ConvertTally", "FileCheck", "findings_report"),
    "notation.check.actions": ("IllegalAction", "Lead", "Phase", "PositionError"),
    "notation.check.meaning": ("HandOutcome", "PositionVisitor", "game_positions",
                               "hand_outcome", "hand_outcomes", "hand_positions",
                               "walk_positions"),
    "notation.check.position": ("Position",),
    "notation.check.validate": ("GameReport", "HandReport", "check_game", "check_hand",
                                "with_score_lines"),
    "notation.errors": ("ModelError", "NotationError", "NotationSyntaxError", "RecordError",
                        "T42Error"),
    "notation.files": ("UnreadableInput",),
    "notation.formats.text": ("dump", "dumps", "load", "loads"),
    "notation.formats.text.reader": ("ReadGame", "read_games"),
    "notation.formats.text.writer": ("TextExporter",),
    "notation.formats.visitor": ("GameVisitor", "walk"),
    "notation.model.bids": ("Bid", "BidError", "BidKind"),
    "notation.model.contracts": ("Contract", "ContractError", "DoublesRank", "Special", "Trump",
                                 "TrumpKind"),
    "notation.model.findings": ("Finding", "Severity"),
    "notation.model.game": ("Auction", "Call", "Comment", "Ending", "EndKind", "Game", "Hand",
                            "HandHeader", "Holding", "Play", "ScoreKind", "ScoreLine", "Span",
                            "Tag", "Trick", "TrumpCall", "Glyph", "Variation"),
    "notation.model.lines": ("Line", "LineError", "add_variation", "game_lines", "hand_lines",
                             "remove_variation"),
    "notation.model.rule_sets": ("RULE_SETS", "RulesError", "RuleSet", "rule_set",
                                 "tagged_rules"),
    "notation.model.seats": ("SEATS", "Seat", "Team"),
    "notation.model.tiles": ("ALL_TILES", "Tile", "TileError"),
    "notation.rules.dealing": ("random_game",),
    "notation.rules.scoring": ("MarkAward",),
    "notation.rules.tricks": ("TrickOutcome",),
    "notation.solver.solver": ("Solver", "UnsupportedContract"),
    "notation.views.diagnostics": ("describe",),
    "notation.views.svg": ("diagram", "hand_diagram"),
}
_HOME_OF = {name: module for module, names in _HOMES.items() for name in names}

# The public names that are modules themselves.
_MODULES = {"text": "notation.formats.text", "json_form": "notation.formats.json.form"}


def _game_svg(game: Game) -> str:
    from notation.views.svg import game_diagram

    return game_diagram(game)


def _give_games_their_picture(module: ModuleType) -> None:
    """Jupyter shows a game by its ``_repr_svg_``; the model imports no view, so the package,
    which puts the layers together, gives a game its picture (a hand diagram, drawn by
    :mod:`notation.views.svg` when first asked for)."""
    module.Game._repr_svg_ = _game_svg


class _AfterLoading:
    """Runs a function on one module of the package as soon as it has loaded, without loading
    it now: put first among the finders of modules, it finds that module as the others do and
    has its loader run the function once the module's code has run, then steps aside."""

    def __init__(self, name: str, then: Callable[[ModuleType], None]) -> None:
        self.name, self.then = name, then

    def find_spec(self, name: str, path: object = None, target: object = None) -> ModuleSpec | None:
        if name != self.name:
            return None
        sys.meta_path.remove(self)
        spec = importlib.util.find_spec(name)
        if spec is not None and spec.loader is not None:
            load, then = spec.loader.exec_module, self.then

            def exec_module(module: ModuleType) -> None:
                load(module)
                then(module)

            setattr(spec.loader, "exec_module", exec_module)  # noqa: B010 (a method of it)
        return spec


if "notation.model.game" in sys.modules:  # the package run again (importlib.reload)
    _give_games_their_picture(sys.modules["notation.model.game"])
else:
    sys.meta_path.insert(0, _AfterLoading("notation.model.game", _give_games_their_picture))

__all__ = [
    "ALL_TILES",
    "RULE_SETS",
    "SEATS",
    "AnalysisStep",
    "AnalysisSummary",
    "AnnotatedGame",
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
    "Glyph",
    "Hand",
    "HandAnalysis",
    "HandAudit",
    "HandHeader",
    "HandOutcome",
    "HandReport",
    "HandReview",
    "Holding",
    "IllegalAction",
    "Knowledge",
    "Lead",
    "Line",
    "LineError",
    "MarkAward",
    "ModelError",
    "NotationError",
    "NotationSyntaxError",
    "ParTable",
    "Phase",
    "Play",
    "PlayReview",
    "Position",
    "PositionError",
    "PositionVisitor",
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
    "TrickOutcome",
    "Trump",
    "TrumpCall",
    "TrumpKind",
    "UnreadableInput",
    "UnsupportedContract",
    "Variation",
    "WhatIf",
    "WhatIfError",
    "__version__",
    "add_variation",
    "advise",
    "analyse_archive",
    "analyse_game",
    "analyse_hand",
    "annotate_game",
    "audit_game",
    "audit_hand",
    "best_action",
    "check_game",
    "check_hand",
    "describe",
    "diagram",
    "dump",
    "dumps",
    "findings_report",
    "game_lines",
    "game_positions",
    "glyph_for",
    "hand_diagram",
    "hand_lines",
    "hand_outcome",
    "hand_outcomes",
    "hand_par",
    "hand_positions",
    "json_form",
    "load",
    "loads",
    "par_table",
    "play_on",
    "random_game",
    "read_archive",
    "read_games",
    "remove_variation",
    "review_game",
    "review_hand",
    "review_line",
    "rule_set",
    "strip_machine",
    "tagged_rules",
    "text",
    "walk",
    "walk_positions",
    "what_if",
    "with_score_lines",
]


def __getattr__(name: str) -> Any:
    """A public name, loaded from its home the first time it is asked for; or a layer of the
    library (``notation.formats``), imported."""
    if name in _MODULES:
        value = importlib.import_module(_MODULES[name])
    elif name in _HOME_OF:
        value = getattr(importlib.import_module(_HOME_OF[name]), name)
    elif not name.startswith("_") and importlib.util.find_spec(f"{__name__}.{name}"):
        return importlib.import_module(f"{__name__}.{name}")
    else:
        raise AttributeError(f"module 'notation' has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))

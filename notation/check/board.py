"""A recorded hand on the solver's board: its deal as the record shows it, and its play
followed from the opening lead, position by position.

The lay-downs (:mod:`notation.check.claims`), the audit, the analysis and the review
(:mod:`notation.analysis`) put a recorded hand on the board here, then ask the solver about
the positions they judge (:func:`notation.solver.scope.tables_for` gives the contract's tables
under the table's rules, its opening lead among them).

>>> from notation.formats.text.reader import read_games
>>> from notation.check.validate import check_game
>>> read = next(read_games((SAMPLES / "laydown-refuted.t42").read_text(encoding="utf-8")))
>>> hand, report = read.game.hands[0], check_game(read.game, read.rules).hands[0]
>>> followed = follow_play(hand, report, read.rules)
>>> len(followed.steps), followed.stopped, followed.end is not None
(16, None, True)
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass

from notation.check.reports import HandReport, LinePlay
from notation.model.contracts import Contract
from notation.model.game import Hand
from notation.model.rule_sets import RuleSet
from notation.model.seats import SEATS, Seat
from notation.model.tiles import ALL_TILES, TILES_IN_A_HAND, Tile
from notation.rules.tricks import first_leader
from notation.solver.masks import AS_SMALL_END, TILE_INDEX
from notation.solver.scope import tables_for
from notation.solver.solver import ContractTables, Position


def full_deal(hand: Hand, report: HandReport) -> dict[Seat, tuple[Tile, ...]] | None:
    """The four holdings when the record deals all 28 tiles, seven to a seat, else None."""
    if any(f.code in _DEAL_PROBLEMS for f in report.findings):
        return None
    holdings = {s: h.tiles for s in SEATS if (h := hand.holding(s)) is not None}
    return holdings if whole_deal(holdings) else None


def whole_deal(holdings: Mapping[Seat, Collection[Tile]]) -> bool:
    """Whether ``holdings`` are a whole deal: seven tiles to each seat, all 28 different.

    >>> whole_deal({Seat.N: ALL_TILES[:7]})
    False
    """
    tiles = {t for ts in holdings.values() for t in ts}
    return (all(len(holdings.get(s, ())) == TILES_IN_A_HAND for s in SEATS)
            and len(tiles) == len(ALL_TILES))


# Why a hand has no par table and no perfect-play value, when that is the reason.
DEAL_NOT_KNOWN = (
    "the deal is not known: the record neither deals all 28 tiles nor shows them in the play"
)


def known_deal(hand: Hand, report: HandReport) -> dict[Seat, tuple[Tile, ...]] | None:
    """The four holdings when the record shows all 28 tiles, else None: the deal as
    recorded (:func:`full_deal`), or else what each seat is seen to hold, from the deal
    lines and the tiles it plays, a single seat left out taking the tiles no other holds
    (the Nello partner who sits out, say) or the tiles its deal line leaves out.
    """
    dealt = full_deal(hand, report)
    if dealt is not None or any(f.code in _DEAL_PROBLEMS for f in report.findings):
        return dealt
    seen: dict[Seat, set[Tile]] = {s: set() for s in SEATS}
    for holding in hand.deal:
        seen[holding.seat].update(holding.tiles)
    for trick in report.tricks:
        for seat, tile in zip(trick.seats, trick.tiles, strict=False):
            seen[seat].add(tile)
    short = [s for s in SEATS if len(seen[s]) < TILES_IN_A_HAND]
    if len(short) == 1:
        rest = set(ALL_TILES).difference(*(seen[s] for s in SEATS if s is not short[0]))
        if rest >= seen[short[0]]:
            seen[short[0]] = rest
    if not whole_deal(seen):
        return None
    return {s: tuple(sorted(seen[s], reverse=True)) for s in SEATS}


_DEAL_PROBLEMS = frozenset({"seat-dealt-twice", "deal-size", "tile-written-twice",
                            "tile-dealt-twice"})


def _opening_leader(hand: Hand, report: HandReport, contract: Contract, rules: RuleSet) -> Seat:
    """Who leads to trick 1: as recorded when the validator accepts it, else as the rules
    say."""
    if hand.tricks and not any(
        f.code == "wrong-leader" and f.trick == 1 for f in report.findings
    ):
        return hand.tricks[0].leader
    return first_leader(contract, rules)


@dataclass(frozen=True)
class FollowedPlay:
    """The recorded play followed on the solver's board, from the opening lead.

    ``steps`` holds each play with the position before it, ``last`` the position after the
    last play followed; ``stopped`` says why the play could not be followed to its end.
    """

    tables: ContractTables
    start: Position
    steps: tuple[tuple[Position, LinePlay], ...]
    last: Position
    stopped: str | None

    @property
    def end(self) -> Position | None:
        """Where the recorded play ends, when it could be followed to its end."""
        return None if self.stopped is not None else self.last


def follow_play(
    hand: Hand, report: HandReport, rules: RuleSet
) -> FollowedPlay | str:
    """The recorded play of a checked hand on the solver's board, or why it cannot be put
    there (no contract, a contract the solver does not play, a deal neither recorded nor
    shown by the play: :func:`known_deal`).

    The board plays by the table's rules; an opening lead played as the suit of its small end
    (small-end-opening) is played so when the validator read it so
    (:attr:`notation.rules.tricks.TrickOutcome.suit`).
    """
    contract = report.contract
    if contract is None:
        return "no contract, so there is no play to judge"
    tables = tables_for(contract, rules)
    if isinstance(tables, str):
        return tables
    deal = known_deal(hand, report)
    if deal is None:
        return f"{DEAL_NOT_KNOWN}, so best play cannot be computed"
    out = contract.sitting_out
    seated = {s: ts for s, ts in deal.items() if s is not out}
    start = Position.deal(seated, _opening_leader(hand, report, contract, rules))
    steps, last, stopped = _walk(report, tables, start)
    return FollowedPlay(tables, start, tuple(steps), last, stopped)


def _walk(
    report: HandReport, tables: ContractTables, start: Position
) -> tuple[list[tuple[Position, LinePlay]], Position, str | None]:
    """Each recorded play with the position before it; the last position; why it stopped.

    The seats of each trick are the validator's (a seat sitting out plays no tile).
    """
    steps: list[tuple[Position, LinePlay]] = []
    pos = start
    for trick in report.tricks:
        for tile, seat in zip(trick.tiles, trick.seats, strict=False):
            mover = SEATS[pos.to_move(tables)]
            index = TILE_INDEX[tile]
            if seat is not mover:
                return steps, pos, (
                    f"the perfect-play analysis stops at trick {trick.number}: {seat} played "
                    f"when it was {mover}'s turn"
                )
            if pos.opening and not pos.trick and trick.suit is not None:
                index += AS_SMALL_END  # the validator read the lead as its small end's suit
            if not pos.legal(tables) >> index & 1:
                return steps, pos, (
                    f"the perfect-play analysis stops at trick {trick.number}: {seat}'s "
                    f"{tile} was not a legal play"
                )
            steps.append((pos, LinePlay(trick.number, seat, tile)))
            pos = pos.play(index, tables)
        if pos.trick:
            return steps, pos, (
                f"the perfect-play analysis stops at trick {trick.number}: it is not complete"
            )
    return steps, pos, None

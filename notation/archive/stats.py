"""What an archive holds, in numbers: games, hands, bids and how often each was made,
contracts named, reneges and misscores found, marks per game. Each hand is counted as its
main line was played: its variations (docs/notation.md, Annotations and variations) and
what is found in them are left out.

>>> from notation.formats.text.reader import read_games
>>> text = '''[Event "x"]
... hand 1 dealer N
... bid E pass S 30 W pass N pass
... trump S fives
... points NS 30 EW 12
... marks NS 1 EW 0
... '''
>>> tally = ArchiveStats()
>>> for read in read_games(text):
...     tally.add(read)
>>> tally.hands, dict(tally.bids), dict(tally.made)
(1, {'30': 1}, {'30': 1})
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from notation.check.validate import check_game
from notation.formats.text.reader import ReadGame
from notation.model.bids import Bid
from notation.model.seats import Team

# Why a hand's result is not settled, by the code of its first error.
_UNSETTLED = {
    "misscored-points": "the points written do not add up to 42",
    "": "the record does not say how the hand ended",
}


def unsettled_why(code: str) -> str:
    """Why a hand with a bid has no result, in words, from the code of its first error.

    >>> unsettled_why("renege"), unsettled_why("")
    ('an error in the hand [renege]', 'the record does not say how the hand ended')
    """
    return _UNSETTLED.get(code) or f"an error in the hand [{code}]"


def bid_label(bid: Bid) -> str:
    """How a bid level is listed: ``30`` … ``41``, ``1m``, ``2m`` … (a bid that announced its
    contract, ``4m-plunge``, at its level: the contract is counted with the contracts)."""
    return str(bid.plain)


def _bid_order(label: str) -> tuple[int, int]:
    return (1, int(label[:-1])) if label.endswith("m") else (0, int(label))


@dataclass
class ArchiveStats:
    """Counts over every game added; :meth:`add` takes games as the reader gives them."""

    games: int = 0
    hands: int = 0
    unreadable_games: int = 0
    bids: Counter[str] = field(default_factory=Counter)  # winning bids by level
    made: Counter[str] = field(default_factory=Counter)  # of those, how many were made
    # Neither made nor set: decided by the renege penalty (docs/rules.md, Reneges).
    by_penalty: Counter[str] = field(default_factory=Counter)
    contracts: Counter[str] = field(default_factory=Counter)  # trump named
    thrown_in: int = 0
    findings: Counter[str] = field(default_factory=Counter)  # by code
    marks: int = 0  # marks awarded over every game
    sets_by_trump: Counter[str] = field(default_factory=Counter)  # bids set, by trump named
    bidders_points: Counter[int] = field(default_factory=Counter)  # hands, by bidders' points
    game_marks: Counter[int] = field(default_factory=Counter)  # games, by marks awarded
    # Hands with a winning bid whose result the record does not settle, left out of ``bids``,
    # by why (the code of the hand's first error, or "" when it has none: see unsettled_why).
    bids_left_out: Counter[str] = field(default_factory=Counter)

    def add(self, read: ReadGame) -> None:
        if not read.has_tags:
            return
        self.games += 1
        self.findings.update(p.code for p in read.problems)
        if read.problems:
            self.unreadable_games += 1
        report = check_game(read.game, read.rules, read.index, read.unread_lines)
        # the main line's: a variation is a line that was not played
        self.findings.update(f.code for f in report.findings if f.variation is None)
        marks_in_game = 0
        for hand in report.hands:
            self.hands += 1
            if hand.thrown_in:
                self.thrown_in += 1
            if hand.contract is not None:
                label = bid_label(hand.contract.bid)
                self.contracts[str(hand.contract.trump)] += 1
                if hand.award is None:
                    errors = [f.code for f in hand.findings if f.is_error]
                    self.bids_left_out[errors[0] if errors else ""] += 1
                else:
                    self.bids[label] += 1
                    if hand.renege_penalty is not None:
                        self.by_penalty[label] += 1
                    elif hand.award.team is hand.contract.declarer.team:
                        self.made[label] += 1
                    else:
                        self.sets_by_trump[str(hand.contract.trump)] += 1
                if hand.tricks and hand.points:
                    self.bidders_points[hand.points[hand.contract.declarer.team]] += 1
            marks = hand.marks
            if marks is not None:
                self.marks += marks[Team.NS] + marks[Team.EW]
                marks_in_game += marks[Team.NS] + marks[Team.EW]
        self.game_marks[marks_in_game] += 1

    def left_out_words(self) -> str | None:
        """What ``bids`` leaves out and why, in words; None when it leaves out nothing.

        >>> from collections import Counter
        >>> ArchiveStats(bids_left_out=Counter({"misscored-points": 2})).left_out_words()
        '2 hands with a bid are left out of the bids won: their result is not settled (the \
points written do not add up to 42: 2)'
        """
        count = sum(self.bids_left_out.values())
        if not count:
            return None
        why = ", ".join(f"{unsettled_why(code)}: {n:,}" for code, n in
                        sorted(self.bids_left_out.items()))
        hands = "1 hand with a bid is" if count == 1 else f"{count:,} hands with a bid are"
        their = "its" if count == 1 else "their"
        return f"{hands} left out of the bids won: {their} result is not settled ({why})"

    @property
    def sets(self) -> int:
        return sum(self.bids.values()) - sum(self.made.values()) - self.penalties

    @property
    def penalties(self) -> int:
        """Hands the renege penalty decided (neither made nor set)."""
        return sum(self.by_penalty.values())

    def set_at(self, level: str) -> int:
        """Bids of ``level`` set (not those the renege penalty decided)."""
        return self.bids[level] - self.made[level] - self.by_penalty[level]

    @property
    def marks_per_game(self) -> float:
        return self.marks / self.games if self.games else 0.0

    def summary(self, *, reneges: bool = False) -> list[tuple[str, str]]:
        """The archive in a few numbers, as (label, value) rows for a table or a page;
        with ``reneges``, the reneges found too.

        >>> ArchiveStats(games=2, hands=15, marks=16).summary()[-1]
        ('marks per game', '8.00')
        """
        rows = [
            ("games", f"{self.games:,}"),
            ("hands", f"{self.hands:,}"),
            ("games not read whole", f"{self.unreadable_games:,}"),
            ("hands thrown in", f"{self.thrown_in:,}"),
            ("sets", f"{self.sets:,}"),
            ("hands decided by the renege penalty", f"{self.penalties:,}"),
            ("bids left out (result not settled)", f"{sum(self.bids_left_out.values()):,}"),
        ]
        if reneges:
            rows.append(("reneges found", f"{self.findings['renege']:,}"))
        return [*rows, ("marks per game", f"{self.marks_per_game:.2f}")]

    def bid_levels(self) -> list[str]:
        """The bid levels seen, lowest first."""
        return sorted(self.bids, key=_bid_order)

    def as_json(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "hands": self.hands,
            "unreadable_games": self.unreadable_games,
            "thrown_in": self.thrown_in,
            "bids": {
                level: {
                    "bid": self.bids[level],
                    "made": self.made[level],
                    "renege_penalty": self.by_penalty[level],
                }
                for level in self.bid_levels()
            },
            "sets": self.sets,
            "renege_penalty": self.penalties,
            "bids_left_out": {why or "unsettled": n for why, n in
                              sorted(self.bids_left_out.items())},
            "contracts": dict(sorted(self.contracts.items())),
            "findings": dict(sorted(self.findings.items())),
            "reneges": self.findings["renege"],
            "misscores": sum(
                n for code, n in self.findings.items() if code.startswith("misscored")
            ),
            "marks_per_game": round(self.marks_per_game, 3),
        }

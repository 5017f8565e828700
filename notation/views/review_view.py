"""The fair review as Rich renderables, for ``t42 review`` and ``t42 audit --fair``.

Each reviewed play is a row: the trick, the seat and the tile, the fair verdict, the best
option over the worlds, and beside them the audit's hindsight verdict; a mistake seen only in
hindsight is marked. The bidding advisor is a table of trumps by bids, each cell the chance
of making that bid. Every cell is a :class:`rich.text.Text` built from data, and the title
(which names the file) passes through :func:`notation.views.terminal.inert`.

>>> import io
>>> from rich.console import Console
>>> from notation.analysis.review import advise
>>> from notation.model.tiles import Tile
>>> hand = [Tile.parse(w) for w in "6-6 6-5 6-4 6-3 6-2 5-5 4-4".split()]
>>> console = Console(file=io.StringIO(), width=120, markup=False)
>>> console.print(advice_view(advise(hand, samples=2, seed=1), "my tiles"))
>>> [line.split()[:4] for line in console.file.getvalue().splitlines() if "sixes" in line]
[['sixes', '42.0', '0.0', '100']]
"""

from __future__ import annotations

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from notation.analysis.review import BidAdvice, BidReview, HandReview, PlayReview, VerdictKind
from notation.analysis.verdicts import Estimate
from notation.views.terminal import inert

_STYLE = {VerdictKind.BEST: "green", VerdictKind.CLOSE: "yellow",
          VerdictKind.MISTAKE: "bold red"}
# Bids shown by the advisor: the first of the ladder, every other step, and the marks.
_SHOWN = ("30", "31", "32", "33", "34", "35", "36", "38", "40", "41", "1m")


def _percent(mean: float) -> str:
    return f"{100 * mean:.0f}"


def advice_view(advice: BidAdvice, title: str) -> RenderableType:
    """The advisor's table: a row a trump, its expected points (± standard error), then the
    chance of making each bid, in per cent."""
    table = Table(title=inert(title), box=box.SIMPLE_HEAD, title_justify="left")
    table.add_column("trump")
    table.add_column("points", justify="right")
    table.add_column("±", justify="right", style="dim")
    bids = [b for b in _SHOWN if any(str(bid) == b for a in advice.trumps.values()
                                     for bid, _ in a.making)]
    for b in bids:
        table.add_column(b, justify="right")
    for a in advice.trumps.values():
        chances = {str(bid): e for bid, e in a.making}
        points = a.points
        cells = [Text(str(a.trump)), Text("—" if points is None else f"{points.mean:.1f}"),
                 Text("" if points is None else f"{points.se:.1f}")]
        for b in bids:
            e = chances.get(b)
            if e is None:
                cells.append(Text("—", style="dim"))
            else:
                style = "green" if e.mean >= 0.5 else ("dim" if e.mean < 0.2 else "")
                cells.append(Text(_percent(e.mean), style=style))
        table.add_row(*cells)
    tiles = " ".join(str(t) for t in advice.own)
    foot = Text(f"{advice.seat} holds {tiles}; chance of making each bid in per cent, "
                f"declaring and leading, over {advice.samples} deals of the other 21 tiles "
                f"(seed {advice.seed}), best play by all", style="dim")
    return Group(table, foot)


def _chance_words(chance: Estimate) -> str:
    """The chance of making a bid: said sure when every world dealt agrees (not "100% ± 0")."""
    if not chance.se and chance.mean >= 1.0:
        return "sure to make in every world dealt"
    if not chance.se and chance.mean <= 0.0:
        return "sure to fail in every world dealt"
    return f"{_percent(chance.mean)}% ± {_percent(chance.se)} to make"


def _verdict_words(review: BidReview) -> str:
    """The verdict on a call against the best: a close call names what it is close to."""
    verdict = review.verdict
    if verdict.kind is VerdictKind.CLOSE and review.best != review.option:
        return f"whether {review.best} scores more is too close to call"
    if verdict.kind is VerdictKind.MISTAKE and review.best != review.option:
        return f"{verdict} (best {review.best})"
    return str(verdict)


def bid_words(review: BidReview) -> str:
    """What the fair review says of a call: its chance of making (for a bid), then the
    verdict.

    >>> from notation.analysis.verdicts import Unit, Verdict, VerdictKind
    >>> from notation.model.bids import Bid
    >>> from notation.model.seats import Seat
    >>> best = Verdict(VerdictKind.BEST, 0.0, 0.0, Unit.MARKS)
    >>> bid_words(BidReview(Seat.S, Bid.parse("30"), None, Estimate(0.75, 0.08), "30", best,
    ...                     None, "30"))  # type: ignore[arg-type]
    '75% ± 8 to make; best'
    """
    words = _verdict_words(review)
    return words if review.chance is None else f"{_chance_words(review.chance)}; {words}"


def _bid_line(review: BidReview, head: str = "bid   ") -> Text:
    """A call's line: its words as :func:`bid_words` gives them, the verdict in colour."""
    line = Text(f"{head} {review.seat} {review.words}: ")
    if review.chance is not None:
        line.append(f"{_chance_words(review.chance)}; ")
    line.append(_verdict_words(review), style=_STYLE[review.verdict.kind])
    return line


def _play_row(p: PlayReview) -> list[Text]:
    fair = Text(str(p.verdict), style=_STYLE[p.verdict.kind])
    hind = Text(str(p.hindsight), style="red" if p.hindsight.mistake else "green")
    note = Text("")
    if p.hindsight.mistake and p.verdict.kind is not VerdictKind.MISTAKE:
        note = Text("hindsight only", style="yellow")
    elif p.verdict.kind is VerdictKind.MISTAKE and p.hindsight.mistake:
        note = Text("confirmed", style="red")
    return [Text(str(p.trick)), Text(f"{p.seat} {p.tile}"), fair,
            Text(p.best if p.best != str(p.tile) else "", style="cyan"), hind, note]


def review_view(review: HandReview, title: str) -> RenderableType:
    """One hand's fair review: the bid, then every play with a choice."""
    parts: list[RenderableType] = [Text(inert(title), style="bold")]
    if review.contract is not None:
        parts.append(Text(f"contract {review.contract}"))
    if review.why:
        parts.append(Text(inert(review.why), style="yellow"))
        return Group(*parts)
    for call in review.calls:
        parts.append(_bid_line(call, "call  "))
    if review.bid is not None:
        parts.append(_bid_line(review.bid))
    table = Table(box=box.SIMPLE_HEAD)
    for name in ("trick", "play", "fair verdict", "best", "hindsight (audit)", ""):
        table.add_column(name)
    for p in review.plays:
        table.add_row(*_play_row(p))
    parts.append(table)
    for note in review.notes:
        parts.append(Text(inert(note), style="dim"))
    parts.append(Text(
        f"{review.samples} worlds a decision (seed {review.seed}), dealt from what the player "
        "could know; too close to call: within two standard errors", style="dim"))
    return Group(*parts)

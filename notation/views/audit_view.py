"""A hand's audit shown in the terminal: Rich renderables, every text from a record inert."""

from __future__ import annotations

from collections.abc import Mapping

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from notation.analysis.audit import HandAudit, PerfectPlay
from notation.model.contracts import Contract
from notation.model.seats import SEATS, Team
from notation.views.terminal import inert

# -- showing (Rich renderables only: all record text inert) --


def _text(words: str, style: str = "") -> Text:
    return Text(inert(words), style=style)


def _score(d: Mapping[Team, int] | None) -> str:
    return "—" if d is None else f"NS {d[Team.NS]} EW {d[Team.EW]}"


def perfect_play_words(p: PerfectPlay, contract: Contract | None) -> str:
    """The verdict of best play from the opening lead, in the contract's own terms: points
    for a bid, tricks for a Nello (whose declarer must lose them all)."""
    verdict = "makeable" if p.makeable else "a set against best defence"
    if contract is not None and contract.sitting_out is not None:
        special = contract.trump.special
        name = special.title if special is not None else "Nello"
        declarer = contract.declarer
        if p.makeable:
            how = f"{declarer} can lose every trick whatever the defence"
        else:
            how = f"the defenders can force {declarer} to take a trick"
        return f"perfect play from the opening lead: {how}; the {name} is {verdict}"
    return (
        f"perfect play from the opening lead: bidders ({p.bidders}) {p.bidders_points}, "
        f"defenders {p.defenders_points}; the bid is {verdict}"
    )


def render_hand(audit: HandAudit) -> RenderableType:
    """One hand's audit as Rich renderables: deal, auction, tricks, findings, verdicts."""
    parts: list[RenderableType] = []
    head = Text(f"game {audit.game} · hand {audit.hand} · dealer {audit.dealer}", style="bold")
    parts.append(head)
    if audit.deal:
        deal = Table.grid(padding=(0, 2))
        for seat in SEATS:
            name = _text(audit.players[seat], "dim")
            deal.add_row(Text(str(seat), style="bold"), name,
                         Text(" ".join(str(t) for t in audit.deal[seat])))
        parts.append(deal)
    else:
        parts.append(Text("deal not known in full", style="dim"))
    if audit.auction:
        parts.append(Text("auction   " + " · ".join(f"{s} {b}" for s, b in audit.auction)))
    if audit.contract is not None:
        c = audit.contract
        parts.append(Text(f"contract  {c.declarer} {c.bid} in {c.trump}", style="bold"))
    if audit.tricks:
        table = Table(show_header=True, header_style="bold", box=None, padding=(0, 1))
        for col in ("trick", "plays", "winner", "points"):
            table.add_column(col)
        for t in audit.tricks:
            plays = " ".join(f"{p.seat} {p.tile}" for p in t.plays)
            table.add_row(str(t.number), plays, str(t.winner), str(t.points))
        parts.append(table)
    if audit.ending is not None:
        kind, claimant = audit.ending
        who = "" if claimant is None else f" {claimant}"
        parts.append(Text(f"end       {kind.value}{who}"))
    for f in audit.findings:
        line = Text(f"{f.severity.value} {f.code}: ", style="bold red")
        line.append_text(_text(f.message, "red"))
        could = f.evidence.get("could_follow")
        if could:
            line.append("\n  played ", style="red")
            line.append_text(_text(str(f.evidence.get("tile", "?")), "red"))
            line.append("; could have followed with ", style="red")
            line.append_text(_text(", ".join(str(t) for t in could), "red"))
        parts.append(line)
    score = Table.grid(padding=(0, 2))
    score.add_row(Text("points"), Text(f"computed {_score(audit.points)}"),
                  Text(f"recorded {_score(audit.recorded_points)}"))
    score.add_row(Text("marks"), Text(f"computed {_score(audit.marks)}"),
                  Text(f"recorded {_score(audit.recorded_marks)}"))
    parts.append(score)
    if audit.perfect is not None:
        parts.append(Text(perfect_play_words(audit.perfect, audit.contract), style="cyan"))
    for tp in audit.turning_points:
        parts.append(Text(("‼ " if tp.flips else "· ") + tp.message,
                          style="bold yellow" if tp.flips else "yellow"))
    if audit.perfect is not None and not audit.turning_points:
        parts.append(Text("no play changed the perfect-play outcome", style="green"))
    if audit.claim is not None:
        ok = audit.claim.valid
        style = "green" if ok else ("bold red" if ok is False else "dim")
        parts.append(Text(audit.claim.message, style=style))
    if audit.stop is not None:
        parts.append(Text(audit.stop.message))
    for note in audit.notes:
        parts.append(Text(note, style="dim"))
    return Group(*parts)

"""An archive's statistics as pictures: SVG charts, and the one-file HTML report."""

from __future__ import annotations

from notation.archive.stats import ArchiveStats

# The bidders' points are shown in bands this wide (0–4, 5–9 … 40–42).
_POINTS_BAND = 5


def charts(tally: ArchiveStats) -> list[str]:
    """The archive's charts as SVG: bids made and set by level, sets by trump, the bidders'
    points per hand, marks per game."""
    from notation.model.bids import POINTS_IN_A_HAND
    from notation.views.svg import bar_chart

    levels = tally.bid_levels()
    bands = []
    for low in range(0, POINTS_IN_A_HAND + 1, _POINTS_BAND):
        high = min(low + _POINTS_BAND - 1, POINTS_IN_A_HAND)
        count = sum(n for points, n in tally.bidders_points.items() if low <= points <= high)
        bands.append((f"{low}–{high}", [count]))
    return [
        bar_chart(
            "bids made and set, by level (and decided by the renege penalty)",
            [(level, [tally.made[level], tally.set_at(level), tally.by_penalty[level]])
             for level in levels],
            ("made", "set", "renege penalty"),
            x_label="winning bid",
        ),
        bar_chart(
            "bids set, by trump named",
            [(trump, [count]) for trump, count in tally.sets_by_trump.most_common()],
            x_label="trump",
        ),
        bar_chart("points the bidders took, per hand played", bands,
                  x_label="bidders' points"),
        bar_chart(
            "marks per game",
            [(str(marks), [tally.game_marks[marks]]) for marks in sorted(tally.game_marks)],
            x_label="marks awarded in the game",
        ),
    ]


def stats_page(tally: ArchiveStats, title: str) -> str:
    """A self-contained HTML report of an archive: the summary numbers and the charts."""
    from notation.views.svg import inert_xml

    rows = "".join(
        f"<tr><th>{label}</th><td>{value}</td></tr>"
        for label, value in tally.summary(reneges=True)
    )
    figures = "".join(f"<figure>{chart}</figure>" for chart in charts(tally))
    name = inert_xml(title)
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>{name} · t42 stats</title>
<style>
body{{margin:0;padding:12px;font:15px/1.4 system-ui,sans-serif;background:#f4f1e8;color:#1b1b1b}}
table{{border-collapse:collapse;margin-bottom:12px}}th{{text-align:left;padding:2px 16px 2px 0}}
td{{text-align:right}}figure{{margin:0 0 16px;max-width:680px}}
svg.chart{{width:100%;height:auto;background:#fff;border:1px solid #ddd;border-radius:6px}}
</style>
</head>
<body>
<h1>t42 stats</h1>
<p id="files">{name}</p>
<table id="summary">{rows}</table>
{figures}
</body>
</html>
"""

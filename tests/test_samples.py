"""The sample records in samples/ and the examples in docs/notation.md.

Each sample shows one thing; this file pins down exactly what the reader and the validator
find in it, that it is written in the canonical form, and that it survives text → model →
text unchanged.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from notation.check.validate import check_game
from notation.formats.text.reader import ReadGame, read_games
from notation.formats.text.writer import write_games
from notation.model.findings import CODES

ROOT = Path(__file__).parent.parent
SAMPLES = ROOT / "samples"
DOCS = ROOT / "docs" / "notation.md"

# (code, hand, trick, seat) of every problem and finding in a sample.
Key = tuple[str, int | None, int | None, str | None]

EXPECTED: dict[str, list[Key]] = {
    "full-game.t42": [],
    "renege.t42": [
        ("renege", 1, 3, "W"),  # proven from the deal
        ("renege", 2, 2, "S"),  # proven by S's 6-3 in trick 7
    ],
    "misscore.t42": [
        ("misscored-points", 1, None, None),
        ("misscored-marks", 1, None, None),
        ("misscored-total", 2, None, None),
    ],
    "early-end.t42": [],
    "early-end-unjustified.t42": [("ending-unjustified", 1, None, None)],
    # The validator judges lay-downs with the solver, as `t42 audit` does: this one is
    # refuted (trick 5 lost after N 5-1; the line of play: tests/notation/test_audit.py).
    "laydown-refuted.t42": [("laydown-refuted", 1, None, "N")],
    "all-pass-forced.t42": [("dealer-must-bid", 2, None, "E")],
    "all-pass-reshake.t42": [],
    "broken.t42": [("syntax-error", 2, None, None)],
    # One game per rule set, and a hand of each special contract (docs/rules.md, Contracts).
    "texas-game.t42": [],
    "points-game.t42": [],
    "nello.t42": [],
    "plunge.t42": [],
    "splash.t42": [],
    "sevens.t42": [],
    "low-no.t42": [],
    "options.t42": [],  # one hand under each table option that changes what is legal
    # glyphs, variations nested in variations and comments, every line of play legal
    "annotated.t42": [],
    # the variants of the sources and of the other 42 programs (docs/rules.md, Options)
    "nello-forced.t42": [],
    "nello-min.t42": [],
    "plunge-partner-leads.t42": [],
    "splash-3m.t42": [],
    "out-of-turn-reshake.t42": [("bid-out-of-turn", 1, None, "W")],
    "announced-bids.t42": [],
    # options that change what a finding means: a bid out of turn let stand, a renege that
    # does not lose the hand
    "options-findings.t42": [
        ("bid-out-of-turn", 1, None, "E"),
        ("bid-out-of-turn", 1, None, "N"),
        ("renege", 1, 3, "S"),
    ],
}

# broken.t42 holds one deliberate typo; with it mended the file is canonical and clean.
BROKEN = "broken.t42"
TYPO, MENDED = "bid S 3O W pass", "bid S 30 W pass"


def _text(name: str) -> str:
    return (SAMPLES / name).read_text(encoding="utf-8")


def _read(text: str) -> list[ReadGame]:
    return list(read_games(text))


def _keys(reads: list[ReadGame]) -> Counter[Key]:
    keys: Counter[Key] = Counter()
    for read in reads:
        findings = list(read.problems)
        findings += check_game(read.game, read.rules, read.index).findings
        for f in findings:
            keys[(f.code, f.hand, f.trick, None if f.seat is None else f.seat.value)] += 1
    return keys


def test_every_sample_has_expectations() -> None:
    assert sorted(p.name for p in SAMPLES.glob("*.t42")) == sorted(EXPECTED)


def test_expected_codes_exist() -> None:
    for keys in EXPECTED.values():
        for code, *_ in keys:
            assert code in CODES


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_findings(name: str) -> None:
    assert _keys(_read(_text(name))) == Counter(EXPECTED[name])


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_starts_with_a_comment_saying_what_it_shows(name: str) -> None:
    first = _text(name).splitlines()[0]
    assert first.startswith("; ")
    assert len(first) > 20


@pytest.mark.parametrize("name", sorted(set(EXPECTED) - {BROKEN}))
def test_canonical(name: str) -> None:
    text = _text(name)
    reads = _read(text)
    assert all(r.complete for r in reads)
    assert write_games(r.game for r in reads) == text


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_round_trip(name: str) -> None:
    """Text → model → text → model gives the same games and, from then on, the same text."""
    reads = _read(_text(name))
    written = write_games(r.game for r in reads)
    again = _read(written)
    assert all(r.complete for r in again)
    assert [r.game for r in again] == [r.game for r in reads]
    assert [r.rules for r in again] == [r.rules for r in reads]
    assert write_games(r.game for r in again) == written


def test_broken_is_canonical_once_mended() -> None:
    text = _text(BROKEN)
    assert text.count(TYPO) == 1
    mended = text.replace(TYPO, MENDED)
    reads = _read(mended)
    assert all(r.complete for r in reads)
    assert write_games(r.game for r in reads) == mended
    assert _keys(reads) == Counter()


def test_broken_error_is_located_and_the_rest_is_read() -> None:
    text = _text(BROKEN)
    reads = _read(text)
    assert len(reads) == 2
    (problem,) = reads[0].problems
    line = next(i for i, s in enumerate(text.splitlines(), start=1) if TYPO in s)
    column = text.splitlines()[line - 1].index("3O") + 1
    assert (problem.game, problem.hand, problem.line, problem.column) == (1, 2, line, column)
    assert [h.number for h in reads[0].game.hands] == [1]
    assert reads[1].complete
    assert [h.number for h in reads[1].game.hands] == [1, 2]


def test_renege_findings_name_trick_and_seat() -> None:
    reads = _read(_text("renege.t42"))
    reneges = check_game(reads[0].game, reads[0].rules, 1).findings
    assert [f.message for f in reneges] == [
        "W reneged in trick 3: played 2-2 on a lead of fours while holding 5-4, 4-2, "
        "which could have followed",
        "S reneged in trick 2: played 0-0 on a lead of trumps (sixes) but played 6-3 in trick 7, "
        "so it held a tile that could follow",
    ]
    assert not reads[0].game.hands[1].deal


def test_full_game_is_won_at_seven_marks() -> None:
    read = _read(_text("full-game.t42"))[0]
    report = check_game(read.game, read.rules, 1)
    assert report.winner is not None
    assert report.winner.value == "NS"
    assert {t.value: n for t, n in report.marks.items()} == {"NS": 7, "EW": 3}
    dealers = [h.dealer.value for h in read.game.hands]
    assert dealers == ["N", "E", "S", "W", "N", "E", "S", "W", "N"]
    assert all(len(h.tricks) == 7 and len(h.deal) == 4 for h in read.game.hands)
    trumps = {str(h.trump.trump) for h in read.game.hands if h.trump is not None}
    assert {"doubles", "follow-me"} <= trumps
    bids = {str(c.bid) for h in read.game.hands if h.auction for c in h.auction.calls}
    assert {"1m", "2m"} <= bids


def test_reshake_hand_is_thrown_in() -> None:
    read = _read(_text("all-pass-reshake.t42"))[0]
    report = check_game(read.game, read.rules, 1)
    assert report.hands[0].thrown_in
    assert not read.game.hands[0].tricks
    assert read.game.hands[0].trump is None
    assert read.game.hands[1].dealer is read.game.hands[0].dealer.next


# ---- docs/notation.md: every ```t42 example is read as the text says ----

_BLOCK = re.compile(r"^```t42([^\n]*)\n(.*?)^```", re.MULTILINE | re.DOTALL)


def _examples() -> list[tuple[str, str]]:
    return [(m.group(1).strip(), m.group(2)) for m in _BLOCK.finditer(DOCS.read_text("utf-8"))]


def test_docs_have_examples() -> None:
    kinds = Counter(info for info, _ in _examples())
    assert kinds["canonical"] >= 1
    assert kinds[""] >= 1


@pytest.mark.parametrize("index", range(len(_examples())))
def test_docs_example_reads(index: int) -> None:
    """A ```t42 block reads with no problem (a block with no tags gets a tag put before it).

    A ```t42 canonical block is also in canonical form and has no findings.
    """
    info, text = _examples()[index]
    if not re.search(r"^\[", text, re.MULTILINE):
        text = '[Event "?"]\n\n' + text
    reads = _read(text)
    assert [p.message for r in reads for p in r.problems] == []
    if info == "canonical":
        assert write_games(r.game for r in reads) == text
        assert _keys(reads) == Counter()


def test_docs_import_example_formats_to_the_canonical_example_after_it() -> None:
    examples = _examples()
    pairs = [(text, examples[i + 1]) for i, (info, text) in enumerate(examples) if info == "import"]
    assert pairs
    for text, (info, canonical) in pairs:
        assert info == "canonical"
        assert write_games(r.game for r in _read(text)) == canonical


# ---- docs/notation.md: every trump spelling it offers is one the reader takes ----


def _trump_section() -> str:
    text = DOCS.read_text("utf-8")
    start = text.index("### The `trump` line")
    return text[start : text.index("\n#", start + 1)]


def _offered_trumps() -> list[str]:
    """Every trump line the section on the `trump` line offers: each spelling in its tables,
    each doubles option with the trump it is offered for, and the trump lines of its
    examples."""
    section = _trump_section()
    offered: list[str] = []
    for row in re.findall(r"^\|(.*)\|\s*$", section, re.MULTILINE):
        written, meaning, canonical = [cell.strip() for cell in row.split("|")]
        spellings = re.findall(r"`([^`]+)`", written) + re.findall(r"`([^`]+)`", canonical)
        offered += [s if s.startswith("trump ") else f"trump {s}" for s in spellings]
        # A doubles option named in a contract's row is offered with that contract.
        if spellings and spellings[0].startswith("trump "):
            contract = " ".join(spellings[0].split()[:3])
            options = re.findall(r"`(doubles-[a-z-]+)`", meaning)
            offered += [f"{contract} {option}" for option in options]
    for paragraph in section.split("\n\n"):
        if paragraph.startswith("A follow-me trump may be followed"):
            words = re.findall(r"`(doubles-[a-z-]+)`", paragraph)
            offered += [f"trump follow-me {word}" for word in words]
    offered += re.findall(r"^(trump [^\n]*)$", section, re.MULTILINE)
    return list(dict.fromkeys(offered))


def test_docs_offer_trump_spellings() -> None:
    offered = _offered_trumps()
    assert "trump follow-me doubles-low" in offered
    assert "trump aces" in offered
    assert "trump N nello doubles-own-suit-inverted" in offered
    assert len(offered) > 30


@pytest.mark.parametrize("trump", _offered_trumps())
def test_docs_trump_spelling_is_accepted(trump: str) -> None:
    """docs/notation.md offers only trump lines the reader takes (issue 20: it offered
    `follow-me doubles-own-suit-inverted`, which t42 rightly refuses)."""
    record = (
        '[Event "?"]\n[Rules "points"]\n\nhand 1 dealer N\n'
        f"bid E pass S pass W pass N 30\n{trump}\n"
    )
    reads = _read(record)
    assert [p.message for r in reads for p in r.problems] == []
    assert reads[0].game.hands[0].trump is not None


def test_docs_import_example_names_a_roster_tag_in_lower_case() -> None:
    """The import example shows the forgiving tag names the docs describe (issue 20: the docs
    called tag names case-sensitive while t42 takes `[north "Ann"]`), and its canonical form
    (checked above) writes the roster's name."""
    imports = [text for info, text in _examples() if info == "import"]
    assert any(re.search(r'^\[north "', text, re.MULTILINE) for text in imports)
    assert "is case-sensitive: `Event` is a roster tag" not in DOCS.read_text("utf-8")

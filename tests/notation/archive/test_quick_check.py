"""The quick check vouches for a game only when the reader and the rules check find nothing.

Both forms: notation, and JSON Lines as ``t42 convert`` writes them.

:func:`notation.archive.quick_check.clean_hands` lets ``t42 validate`` pass over a clean game in the
canonical form without building the model. It must never vouch for a game in which the
reader or :func:`notation.check.validate.check_game` finds anything (an error or a warning), and it
must vouch for the games it was made for (random legal games of plain contracts), or it does
no good. Mutations keep the canonical layout (a tile, seat, bid, trump, number or line
changed), so that the quick check reads them and has to see what is wrong itself.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from pathlib import Path
from unittest import mock

import jsonschema  # type: ignore[import-untyped, unused-ignore]
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from notation.archive import quick_check
from notation.archive.quick_check import clean_hands, clean_json_hands
from notation.archive.reading import CheckedGame, Unit, check_unit, read_unit, render
from notation.check.validate import check_game
from notation.formats.text import parse as text_parse
from notation.formats.text import reader
from notation.formats.text.reader import read_game, read_games, split_games
from notation.formats.text.writer import write_game
from notation.model.game import Game, ScoreKind
from notation.model.rule_sets import RuleSet, rule_set
from notation.model.seats import SEATS, Team
from notation.resources import read_resource
from notation.rules.dealing import random_game, random_hand

# Tables whose contracts are all plain (the quick check's own), and tables with specials,
# the points game or another first bidder (where it must step aside, or vouch correctly).
PLAIN_TABLES = [
    rule_set("straight"),
    rule_set("straight").with_options({"opening-lead": "trump", "follow-me-min": "1m"}),
    rule_set("straight").with_options({"win-by": "2", "marks-to-win": "3"}),
    rule_set("straight").with_options({"all-pass": "reshake", "follow-me-doubles": "low"}),
    rule_set("straight").with_options({"small-end-opening": "yes", "renege-penalty": "none"}),
]
OTHER_TABLES = [
    rule_set("texas"),
    rule_set("points"),
    rule_set("straight").with_options({"first-bidder": "holder-of-0-1"}),
    rule_set("texas").with_options({"nello-doubles": "high", "plunge-lead": "partner"}),
]
NS, EW = Team.NS, Team.EW
TILES = [f"{a}-{b}" for a in range(7) for b in range(a + 1)]


def table_id(rules: RuleSet) -> str:
    changed = {k: v for k, v in rules.options().items() if rule_set(rules.name).options()[k] != v}
    return " ".join([rules.name, *(f"{k}={v}" for k, v in changed.items())])


def full_check(text: str) -> list[tuple[int, list[str]]]:
    """Each game's hand count and every problem and finding code the reader and the full
    rules check give it."""
    results = []
    for index, game in enumerate(split_games(text), start=1):
        read = read_game(game, index)
        codes = [p.code for p in read.problems]
        codes += [f.code for f in check_game(read.game, read.rules, index).findings]
        results.append((len(read.game.hands), codes))
    return results


def game_text(seed: int, rules: RuleSet) -> str:
    return write_game(random_game(random.Random(seed), rules))


@pytest.mark.parametrize("rules", PLAIN_TABLES, ids=table_id)
def test_every_random_game_of_plain_contracts_is_vouched_for(rules: RuleSet) -> None:
    texts = [game_text(seed, rules) for seed in range(40)]
    for text, (hands, codes) in zip(texts, full_check("\n".join(texts)), strict=True):
        assert codes == []
        game = next(split_games(text))
        if rules.all_pass.value == "reshake" and re.search(r"bid( [NESW] pass){4}\n", text):
            assert clean_hands(game) is None  # a thrown-in hand: the full check reads it
        else:
            assert clean_hands(game) == hands


@pytest.mark.parametrize("rules", OTHER_TABLES, ids=table_id)
def test_other_tables_are_left_to_the_full_check_or_vouched_for_rightly(rules: RuleSet) -> None:
    for seed in range(30):
        text = game_text(seed, rules)
        [(hands, codes)] = full_check(text)
        assert codes == []
        quick = clean_hands(next(split_games(text)))
        assert quick in (None, hands)
        if rules.scoring.value == "points" or rules.first_bidder.value != "left-of-dealer":
            assert quick is None


def test_validate_gives_the_quick_result_for_a_clean_game_and_the_full_one_otherwise() -> None:
    text = game_text(7, RuleSet())
    [game] = split_games(text)
    quick = check_unit(Unit(1, notation=game))
    assert quick.findings == []
    assert quick.hands == len(re.findall("^hand", text, re.M))
    # docs/rules.md, Reneges: two tiles swapped until a seat has failed to follow suit.
    broken = mutate_until(text, lambda t: "renege" in codes_of(t))
    [game] = split_games(broken)
    assert clean_hands(game) is None
    assert "renege" in [f.code for f in check_unit(Unit(1, notation=game)).findings]


def codes_of(text: str) -> list[str]:
    return [code for _, codes in full_check(text) for code in codes]


def mutate_until(text: str, wanted: Callable[[str], bool], seed: int = 0) -> str:
    rng = random.Random(seed)
    for _ in range(10_000):
        candidate = swap_tiles(text, rng)
        if wanted(candidate):
            return candidate
    raise AssertionError("no mutation gave what was wanted")


def swap_tiles(text: str, rng: random.Random) -> str:
    """Two tiles of the record swapped: in a trick, between tricks, or with the deal."""
    spots = [m.start() for m in re.finditer(r"(?<= )[0-6]-[0-6]", text)]
    a, b = sorted(rng.sample(spots, 2))
    return text[:a] + text[b : b + 3] + text[a + 3 : b] + text[a : a + 3] + text[b + 3 :]


# ---- mutations that keep the canonical layout ----

SEAT_WORD = re.compile(r"(?<= )[NESW](?= )|(?<=dealer )[NESW]")
NUMBER = re.compile(r"(?<= )[0-9]{1,2}(?=\n| EW)")
BID_WORD = re.compile(r"(?<=[NESW] )(pass|[0-9]{2}|[1-7]m)(?=[ \n])")
TRUMP_WORD = re.compile(r"(?<=trump [NESW] )[a-z-]+( doubles-[a-z-]+)?")
BIDS = ["pass", "29", "30", "31", "35", "41", "42", "1m", "2m", "3m", "4m", "05", "030", "0"]
TRUMPS = ["blanks", "ones", "deuces", "treys", "fours", "fives", "sixes", "doubles",
          "follow-me", "follow-me doubles-low", "follow-me doubles-high", "fives doubles-low",
          "follow-me doubles-own-suit", "doubles doubles-low"]


Choose = Callable[[str, random.Random], str]  # a new word for a word


def _replace(text: str, pattern: re.Pattern[str], choose: Choose, rng: random.Random) -> str:
    spots = list(pattern.finditer(text))
    if not spots:
        return text
    m = rng.choice(spots)
    return text[: m.start()] + choose(m.group(), rng) + text[m.end() :]


def mutate(text: str, rng: random.Random) -> str:
    kind = rng.randrange(7)
    if kind == 0:
        return swap_tiles(text, rng)
    if kind == 1:
        return _replace(text, re.compile(r"(?<= )[0-6]-[0-6]"), lambda _, r: r.choice(TILES), rng)
    if kind == 2:
        return _replace(text, SEAT_WORD, lambda _, r: r.choice("NESW"), rng)
    if kind == 3:
        return _replace(text, NUMBER, lambda w, r: str(max(0, int(w) + r.choice([-1, 1]))), rng)
    if kind == 4:
        return _replace(text, BID_WORD, lambda _, r: r.choice(BIDS), rng)
    if kind == 5:
        return _replace(text, TRUMP_WORD, lambda _, r: r.choice(TRUMPS), rng)
    lines = text.splitlines(keepends=True)
    a, b = rng.randrange(len(lines)), rng.randrange(len(lines))
    lines[a], lines[b] = lines[b], lines[a]
    return "".join(lines)


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.integers(0, 10_000),
    st.sampled_from(PLAIN_TABLES + OTHER_TABLES),
    st.integers(1, 3),
    st.randoms(use_true_random=False),
)
def test_the_quick_check_never_vouches_for_a_game_with_findings(
    seed: int, rules: RuleSet, changes: int, rng: random.Random
) -> None:
    text = game_text(seed, rules)
    for _ in range(changes):
        text = mutate(text, rng)
    for game, (hands, codes) in zip(split_games(text), full_check(text), strict=True):
        quick = clean_hands(game)
        if quick is not None:
            assert codes == [], f"vouched for a game with {codes}"
            assert quick == hands


def test_a_tag_block_the_reader_treats_with_care_is_left_to_it() -> None:
    text = game_text(3, RuleSet())
    for tags in ('[Event "a \\" b"]\n', '[Event "a { b"]\n', '[Event "x"]\n[event "y"]\n',
                 '[Rules "sevens-only"]\n', '[Options "no-such=1"]\n', '[Event "a ; b"] ; c\n'):
        edited = tags + text.split("\n", 1)[1] if "Rules" not in tags else tags + text
        games = list(split_games(edited))
        assert all(clean_hands(game) is None for game in games)


# ---- each check of the quick pass, shown needed by a record only it would catch ----


def every_change(text: str) -> list[str]:
    """The record with each number, seat, bid and trump word changed in turn, every way."""
    changed = []
    changes: list[tuple[re.Pattern[str], Callable[[str], list[str]]]] = [
        (NUMBER, lambda w: [str(int(w) + 1), str(max(int(w) - 1, 0))]),
        (SEAT_WORD, lambda w: [s for s in "NESW" if s != w]),
        (BID_WORD, lambda w: [b for b in BIDS if b != w]),
        (TRUMP_WORD, lambda w: [t for t in TRUMPS if t != w]),
    ]
    for pattern, choices in changes:
        for m in pattern.finditer(text):
            for word in choices(m.group()):
                changed.append(text[: m.start()] + word + text[m.end() :])
    return changed


def test_no_single_change_of_a_number_seat_bid_or_trump_is_vouched_for_wrongly() -> None:
    # Shorter games (3 marks) keep this exhaustive walk quick.
    rules = rule_set("straight").with_options({"marks-to-win": "3"})
    for seed in range(2):
        for text in every_change(game_text(seed, rules)):
            [(hands, codes)] = full_check(text)
            quick = clean_hands(next(split_games(text)))
            assert quick is None or (codes == [] and quick == hands), codes


def with_hand(rules: RuleSet, number: int, dealer_step: int, seed: int = 11) -> str:
    """A legal game with one more legal hand after it, numbered ``number`` and dealt by the
    seat ``dealer_step`` places left of the last dealer, with its marks added on."""
    rng = random.Random(seed)
    game = random_game(rng, rules)
    last = game.hands[-1]
    total = last.score(ScoreKind.TOTAL)
    assert total is not None
    dealer = SEATS[(SEATS.index(last.dealer) + dealer_step) % 4]
    extra = random_hand(rng, number, dealer, rules, marks_before={NS: total.ns, EW: total.ew})
    return write_game(Game(game.tags, (*game.hands, extra)))


def test_a_hand_after_the_game_is_won_is_left_to_the_full_check() -> None:
    text = with_hand(RuleSet(), number=0, dealer_step=1)
    text = re.sub(r"hand 0 dealer", f"hand {text.count('hand ')} dealer", text)
    assert codes_of(text) == ["played-after-game-won"]
    assert clean_hands(next(split_games(text))) is None


@pytest.mark.parametrize(("number", "step", "code"), [(1, 1, "hand-number"),
                                                     (0, 2, "dealer-out-of-turn")])
def test_hands_out_of_order_are_left_to_the_full_check(number: int, step: int, code: str) -> None:
    # A game to 9 marks, cut after its second hand, then a hand of the wrong number or dealer.
    rules = rule_set("straight").with_options({"marks-to-win": "9"})
    rng = random.Random(5)
    game = random_game(rng, rules)
    first, second = game.hands[:2]
    total = second.score(ScoreKind.TOTAL)
    assert total is not None
    dealer = SEATS[(SEATS.index(second.dealer) + step) % 4]
    extra = random_hand(rng, number or 3, dealer, rules, marks_before={NS: total.ns, EW: total.ew})
    text = write_game(Game(game.tags, (first, second, extra)))
    assert codes_of(text) == [code]
    assert clean_hands(next(split_games(text))) is None


@pytest.mark.parametrize(("option", "code"), [("opening-lead=trump", "opening-lead-not-trump"),
                                              ("follow-me-min=1m", "follow-me-below-mark")])
def test_a_game_under_a_stricter_table_is_left_to_the_full_check(option: str, code: str) -> None:
    # docs/rules.md, Contracts: the opening lead must be a trump (001, 004); follow-me only at
    # 1 mark or more (004). Games played without the rule, then labelled with it.
    found = 0
    for seed in range(60):
        text = game_text(seed, RuleSet())
        text = text.replace('[Rules "straight"]\n', f'[Rules "straight"]\n[Options "{option}"]\n')
        codes = codes_of(text)
        assert set(codes) <= {code, "misscored-marks", "misscored-total"}
        if codes:
            found += 1
            assert clean_hands(next(split_games(text))) is None
        else:
            assert clean_hands(next(split_games(text))) is not None
    assert found >= 5


# ---- comments, keywords in any case, items wrapped: what the grammar lets go ----

NOTES = ["{ checked }", "{}", "{ a ; b }", "{ two\nlines }", "; note", "; a { b", "{ N 6-6 }",
         '{ "quoted" }', "; hand 2 dealer E", "{\nhand 9 dealer N\n}"]
GAPS = [" ", "\n", "  ", "\n     ", "\t", "\r\n", " \f "]


def any_case(word: str, rng: random.Random) -> str:
    return "".join(c.upper() if rng.random() < 0.5 else c.lower() for c in word)


def dress(text: str, rng: random.Random, rate: float = 0.1) -> str:
    """The record with comments put between words, the case of its words changed and its
    items wrapped over lines (in the hands; comments between the tags too): nothing the
    grammar reads differently."""
    head, sep, hands = text.partition("\n\n")
    tags = [
        line + (" " + rng.choice(NOTES) if rng.random() < rate else "")
        for line in head.split("\n")
    ]
    pieces = []
    for line in hands.split("\n"):
        words = line.split(" ")
        out = []
        for i, word in enumerate(words):
            if rng.random() < rate:
                word = any_case(word, rng)
            if i and rng.random() < rate:
                out.append(rng.choice(GAPS))  # wrapped, or spaced otherwise
            elif i:
                out.append(" ")
            out.append(word)
            if rng.random() < rate / 2:
                note = rng.choice(NOTES)
                # a line comment runs to the end of its line: end the line after it
                out.append(" " + note + ("\n" if note.startswith(";") else ""))
        pieces.append("".join(out))
    return "\n".join(tags) + sep + "\n".join(pieces)


def without_quick_check(unit: Unit) -> CheckedGame:
    """What validate makes of a game the long way: the reader and check_game."""
    with mock.patch("notation.archive.reading.quick_findings", return_value=None):
        return check_unit(unit)


POINTS_LINE = re.compile(r"^points NS (\d+) EW (\d+)$", re.M)


def misscored(text: str, hand: int) -> str:
    """The points line of the ``hand``-th hand (from 0) written one point off for NS: a
    finding of that hand alone (its marks, and so the running marks, still the engine's)."""
    m = list(POINTS_LINE.finditer(text))[hand]
    ns, ew = int(m.group(1)), int(m.group(2))
    ns, ew = (ns + 1, ew - 1) if ew else (ns - 1, ew + 1)
    return text[: m.start()] + f"points NS {ns} EW {ew}" + text[m.end() :]


def misscored_at_random(text: str, rng: random.Random) -> str:
    """One of the text's points lines, chosen by ``rng``, written one off (the text as it is
    when a change left it no points line that reads as one)."""
    spots = len(POINTS_LINE.findall(text))
    return misscored(text, rng.randrange(spots)) if spots else text


def test_a_misscored_hand_is_chosen_among_the_points_lines_that_read() -> None:
    # A change can leave a line that starts "points " but is no points line: it is never
    # the one chosen (it was counted once, and the choice then ran past the list's end).
    text = game_text(7, RuleSet())
    first = POINTS_LINE.search(text)
    assert first is not None
    garbled = text[: first.start()] + "points NS" + text[first.end() :]
    rng = random.Random(0)
    for _ in range(50):
        changed = misscored_at_random(garbled, rng)
        assert changed != garbled
        assert changed.count("points NS\n") == 1
    assert misscored_at_random("points NS\n", rng) == "points NS\n"


@pytest.mark.parametrize("hand", [0, 2, -1])
def test_a_game_with_one_misscored_hand_reads_only_that_hand_the_long_way(hand: int) -> None:
    # docs/rules.md, Scoring: the points a hand's tricks give, written one off.
    text = misscored(game_text(7, RuleSet()), hand)
    [game] = split_games(text)
    unit = Unit(1, notation=game)
    with mock.patch.object(reader, "parse_segment", wraps=text_parse.parse_segment) as parse:
        quick = check_unit(unit)
    assert [call.args[1] for call in parse.call_args_list] == ["hand"]
    assert quick == without_quick_check(unit)
    assert [f.code for f in quick.findings] == ["misscored-points"]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.integers(0, 10_000),
    st.sampled_from(PLAIN_TABLES + OTHER_TABLES),
    st.integers(1, 3),
    st.randoms(use_true_random=False),
    st.booleans(),
)
def test_validate_finds_in_a_changed_game_what_the_long_way_finds(
    seed: int, rules: RuleSet, changes: int, rng: random.Random, points: bool
) -> None:
    # Hands changed anywhere (a tile, a seat, a number, a bid, a trump, a line, a points
    # line): the hands the quick check vouches for and those it reads the long way together
    # give every finding the long way gives, in its words and order.
    text = game_text(seed, rules)
    for _ in range(changes):
        text = mutate(text, rng)
    if points:
        text = misscored_at_random(text, rng)
    for index, game in enumerate(split_games(text), start=1):
        unit = Unit(index, notation=game)
        assert check_unit(unit) == without_quick_check(unit)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.integers(0, 10_000),
    st.sampled_from(PLAIN_TABLES + OTHER_TABLES),
    st.integers(0, 2),
    st.floats(0.02, 0.5),
    st.integers(0, 2**32),
)
def test_validate_finds_in_a_dressed_game_what_the_long_way_finds(
    seed: int, rules: RuleSet, changes: int, rate: float, dressing: int
) -> None:
    # (a) clean games dressed: the same findings (none); (b) broken ones: never vouched for.
    rng = random.Random(dressing)
    text = game_text(seed, rules)
    for _ in range(changes):
        text = mutate(text, rng)
    dressed = dress(text, rng, rate)
    for index, game in enumerate(split_games(dressed), start=1):
        unit = Unit(index, notation=game)
        assert check_unit(unit) == without_quick_check(unit)


@pytest.mark.parametrize("rules", PLAIN_TABLES, ids=table_id)
def test_a_dressed_clean_game_is_vouched_for(rules: RuleSet) -> None:
    rng = random.Random(1)
    for seed in range(20):
        text = game_text(seed, rules)
        [(hands, codes)] = full_check(text)
        assert codes == []
        dressed = dress(text, rng, 0.2)
        assert dressed != text
        [game] = split_games(dressed)
        if '"' in dressed.partition("\n\n")[2]:
            continue  # a quote in a hand: left to the reader (no hand holds one)
        assert full_check(dressed) == [(hands, [])]
        assert clean_hands(game) == hands


@pytest.mark.parametrize(
    ("old", "new", "code"),
    [
        ("trump ", "trump { an open comment ", "syntax-error"),
        ("\n1 ", "\n} 1 ", "syntax-error"),
        ("follow-me", "follow{x}-me", "syntax-error"),
        ("6-6", "6-6\u00a0", "syntax-error"),  # a space the grammar does not take for one
        ("\n2 ", "\n2\u000b", "syntax-error"),
        ("bid", "b{x}id", "syntax-error"),
        ("dealer", "dea1er", "syntax-error"),
        ("pass", "paſs", "syntax-error"),  # a letter that is an s only to a case-blind match
        ("\n7 ", "\n7 { ; }\n{ too-long %s }\n" % ("x" * 10_001), "too-long"),
    ],
)
def test_a_dressed_game_the_reader_cannot_read_is_left_to_it(old: str, new: str, code: str) -> None:
    for seed in range(40):
        text = game_text(seed, RuleSet())
        if old in text.partition("\n\n")[2]:
            break
    head, sep, hands = text.partition("\n\n")
    broken = head + sep + hands.replace(old, new, 1) + "{ checked }"
    [game] = split_games(broken)
    assert clean_hands(game) is None
    unit = Unit(1, notation=game)
    checked = check_unit(unit)
    assert code in [f.code for f in checked.findings]
    assert checked == without_quick_check(unit)


def test_comments_between_tags_and_hands_split_over_comments_are_vouched_for() -> None:
    text = game_text(4, RuleSet())
    head, sep, hands = text.partition("\n\n")
    head = "; a game\n" + head.replace("\n", " { ; }\n", 2) + " ; last tag"
    hands = hands.replace("\nbid", "\n{ the\nauction }\nBID").replace("\n3 ", "\n;\n3 ")
    dressed = head + sep + hands
    [(count, codes)] = full_check(dressed)
    assert codes == []
    assert clean_hands(next(split_games(dressed))) == count


# ---- JSON Lines ----


def full_json_check(line: str) -> tuple[int, list[str]]:
    """A JSON line's hand count and every problem and finding code the JSON reader and the
    full rules check give it."""
    read = read_unit(Unit(1, json_line=(line, 1)))
    codes = [p.code for p in read.problems]
    codes += [f.code for f in check_game(read.game, read.rules, 1).findings]
    return len(read.game.hands), codes


def json_line(text: str) -> str | None:
    """A record of notation as ``t42 convert`` writes it in JSON Lines, if it reads whole."""
    reads = list(read_games(text))
    if len(reads) != 1 or reads[0].problems:
        return None
    return render(reads[0].game, "jsonl")


def changed_json_line(
    seed: int, rules: RuleSet, changes: int, rng: random.Random
) -> str | None:
    """A random game with ``changes`` mutations, as a JSON line if it still reads whole."""
    text = game_text(seed, rules)
    for _ in range(changes):
        text = mutate(text, rng)
    return json_line(text)


@pytest.mark.parametrize("rules", PLAIN_TABLES + OTHER_TABLES, ids=table_id)
def test_json_lines_are_vouched_for_as_their_notation_is(rules: RuleSet) -> None:
    for seed in range(25):
        text = game_text(seed, rules)
        line = json_line(text)
        assert line is not None
        quick = clean_json_hands(line)
        assert quick == clean_hands(next(split_games(text)))
        hands, codes = full_json_check(line)
        assert codes == []
        assert quick in (None, hands)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.integers(0, 10_000),
    st.sampled_from(PLAIN_TABLES),
    st.integers(1, 3),
    st.randoms(use_true_random=False),
)
def test_the_quick_check_never_vouches_for_a_json_game_with_findings(
    seed: int, rules: RuleSet, changes: int, rng: random.Random
) -> None:
    line = changed_json_line(seed, rules, changes, rng)
    if line is None:
        return
    quick = clean_json_hands(line)
    if quick is not None:
        hands, codes = full_json_check(line)
        assert codes == [], f"vouched for a game with {codes}"
        assert quick == hands


# Changes to the JSON text itself: fields twice, in another order or spelling, of another
# type or size, and other layouts, each of which the JSON reader reads (or refuses) itself.
JSON_CHANGES = [
    ('"EW": 0}', '"EW": 0, "EW": 0}'),
    ('"NS": 1, ', '"NS": 1, "N\\u0053": 1, '),
    ('"version": 1', '"version": true'),
    ('"version": 1', '"version": 1.0'),
    ('"bid": 30}', '"bid": 30.0}'),
    ('"bid": 30}', '"bid": "30"}'),
    ('"bid": "pass"}', '"bid": "PASS"}'),
    ('"bid": "1m"}', '"bid": 42}'),  # 42 written as points: the same bid, written as 1m
    ('"number": 1, "dealer"', '"number": 9007199254740993, "dealer"'),
    ('"number": 1, "dealer"', '"number": 0, "dealer"'),
    ('"format": "t42-game", ', ""),
    ('"format": "t42-game", "version": 1', '"version": 1, "format": "t42-game"'),
    (', "marks": {', ', "ending": {"kind": "made"}, "marks": {'),
    ('"suit": "follow-me"', '"suit": "follow-me", "doubles": "own-suit-inverted"'),
    ('", "suit": "', '", "contract": "nello", "suit": "'),
    ('"plays": ["', '"plays": [{"tile": "'),
    ('{"name": "Site", "value": "', '{"name": "Site", "value": "a\\"b'),
    ('{"name": "Site", "value": "', '{"name": "Site", "value": "\\u00e9'),
    ('{"name": "Site", "value": "', '{"name": "Site", "value": "\u2028'),
    ('{"name": "Site", "value": "', '{"name": "Site", "value": "\x1f'),
    ('{"name": "Site", "value": "', '{"name": "site", "value": "'),
    ('{"name": "Site", "value": "', '{"name": "Rules", "value": "'),
    ('{"name": "Rules", "value": "straight"}', '{"name": "Rules", "value": "texas"}'),
    ("]}\n", "]} \n"),
    ("]}\n", "]}\n\n"),
    ("]}\n", "]}{}\n"),
    ("]}\n", "], \"hands\": []}\n"),
    ('"hands": [', '"hands": [ '),
    ('"6-6"', '"6-6" '),
]


@pytest.mark.parametrize(("old", "new"), JSON_CHANGES)
def test_changes_to_the_json_text_are_vouched_for_only_when_the_reader_finds_nothing(
    old: str, new: str
) -> None:
    changed = 0
    for seed in range(12):
        line = json_line(game_text(seed, rule_set("straight").with_options({"marks-to-win": "2"})))
        assert line is not None
        for at in [m.start() for m in re.finditer(re.escape(old), line)][:6]:
            edited = line[:at] + new + line[at + len(old) :]
            changed += 1
            quick = clean_json_hands(edited)
            if quick is not None:
                hands, codes = full_json_check(edited)
                assert codes == [], f"vouched for a game with {codes}"
                assert quick == hands
    assert changed


def test_whatever_the_quick_check_vouches_for_is_valid_against_the_schema() -> None:
    schema = json.loads(read_resource("schemas", "game.schema.json"))
    validator = jsonschema.Draft202012Validator(schema)
    for rules in PLAIN_TABLES:
        for seed in range(10):
            line = json_line(game_text(seed, rules))
            assert line is not None
            if clean_json_hands(line) is not None:
                assert validator.is_valid(json.loads(line))


def test_auctions_remembered_are_capped_and_answers_stay_the_same(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rules = rule_set("straight").with_options({"marks-to-win": "2"})
    lines = [render(random_game(random.Random(seed), rules), "jsonl") for seed in range(30)]
    before = [clean_json_hands(line) for line in lines]
    table = quick_check.table_for_tags("straight", "marks-to-win=2")
    assert table is not None
    table.auctions.clear()
    monkeypatch.setattr(quick_check, "AUCTIONS_REMEMBERED", 3)
    assert [clean_json_hands(line) for line in lines] == before
    assert all(before)
    assert len(table.auctions) == 3


def test_a_game_of_tags_alone_is_vouched_for_in_both_forms() -> None:
    # The full check finds nothing in a game with no hands; the JSON form used to send it
    # the long way all the same.
    text = '[Event "x"]\n[Rules "straight"]\n'
    assert full_check(text) == [(0, [])]
    [game] = split_games(text)
    assert clean_hands(game) == 0
    [read] = read_games(text)
    assert clean_json_hands(render(read.game, "jsonl")) == 0


def test_a_refuted_lay_down_is_never_vouched_for_and_validate_finds_it() -> None:
    """docs/rules.md, Ending a hand early: the quick check leaves every early end (an `end` line,
    fewer than seven tricks) to the full check, which asks the solver about a lay-down: in
    notation and in JSON Lines, validate's answer is the refutation (issue 20)."""
    text = (Path(__file__).parents[3] / "samples" / "laydown-refuted.t42").read_text("utf-8")
    [game] = split_games(text)
    assert clean_hands(game) is None
    assert [f.code for f in check_unit(Unit(1, notation=game)).findings] == ["laydown-refuted"]
    [read] = list(read_games(text))
    line = render(read.game, "jsonl")
    assert clean_json_hands(line) is None
    checked = check_unit(Unit(1, json_line=(line, 1)))
    assert [f.code for f in checked.findings] == ["laydown-refuted"]

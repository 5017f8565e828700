"""The JSON form of a game record: round trips with the text form, the schema, and errors."""

from __future__ import annotations

import contextlib
import io
import json
import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jsonschema  # type: ignore[import-untyped, unused-ignore]
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from notation.check.validate import check_game
from notation.errors import RecordError
from notation.formats.json import MAX_DEPTH
from notation.formats.json import form as json_form
from notation.formats.text.reader import read_games
from notation.formats.text.writer import write_game
from notation.model.bids import Bid
from notation.model.contracts import DoublesRank, Trump
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
    Tag,
    Trick,
    TrumpCall,
)
from notation.model.seats import SEATS, Seat
from notation.model.tiles import ALL_TILES

# A club night, written canonically: comments before, after and inside lines, a full hand of
# seven tricks, a hand laid down and a follow-me hand that was set.
CLUB_NIGHT = """\
; Thursday night at the VFW hall
[Event "Thursday club"] ; league night
[Site "VFW Post 76, Hallettsville"]
[Date "2024.03.14"]
[North "Ann"]
[East "Bo"]
[South "Cy"]
[West "Di"]
[Rules "straight"]
[Scorer "Ed \\"Doc\\" Fry"]

; first hand
hand 1 dealer N { shaken by Ann }
deal N 6-6 6-5 6-4 5-5 4-4 3-2 1-0
     E 6-3 6-2 5-4 5-1 4-1 2-0 0-0 { all from the back }
     S 6-1 6-0 5-3 4-3 3-3 2-2 1-1
     W 5-2 5-0 4-2 4-0 3-1 3-0 2-1
bid E pass S 30 { light } W pass N 34 ; N jumps
trump N sixes
1 N 6-6 6-2 6-0 5-2
2 N 6-5 6-3 6-1 3-0
3 N 6-4 2-0 3-3 4-0 { W sheds the blank }
4 N { cashing } 5-5 5-4 5-3 5-0
5 N 4-4 4-1 4-3 4-2
{ the trey }
6 N 3-2 0-0 2-2 3-1
7 N 1-0 5-1 1-1 2-1 ; S walks the last
points NS 41 EW 1
marks NS 1 EW 0
total NS 1 EW 0 ; N-S lead

hand 2 dealer E
deal S 6-6 5-5 4-4 3-3 2-2 1-1 0-0 ; seven doubles!
bid S 2m W pass N pass E pass
trump S doubles
1 S 6-6 6-3 6-0 6-2
2 S 5-5 5-1 5-4 5-3
end laydown S
points NS 42 EW 0
marks NS 2 EW 0
total NS 3 EW 0

hand 3 dealer S
bid W pass N pass E 31 S pass
trump E follow-me doubles-low
1 E 6-4 6-2 6-0 6-1
2 W 5-5 5-0 5-2 5-4
end set
points NS 25 EW 2
marks NS 1 EW 0
total NS 4 EW 0
"""

# The same notation written loosely: tags out of order, seats and tiles unsorted, 42 for a
# mark, follow-me taking the table's doubles rule, a trick wrapped over two lines with a
# comment between, score lines in any order and comments trailing the hand.
LOOSE = """\
[Rules "straight"]
[Options "follow-me-doubles=low"]
[East "Bo"]
[Event "loose"]

hand 1 dealer W
deal S 1-6 0-6 3-5 3-4 3-3 2-2 1-1
     N 6-6 5-6 4-6 5-5 4-4 2-3 0-1 ; N's hand
bid N 42 { big } E pass S pass W pass
trump follow-me
1 N 6-6 { high } 6-2
  ; wraps
  6-0 5-2 { last }
total NS 1 EW 0 ; lead
marks NS 1 EW 0
points NS 42 EW 0 { all }
; written after the hand
{ and one more }
"""


def read(text: str) -> Game:
    (read_game,) = read_games(text)
    assert read_game.problems == []
    return read_game.game


@pytest.fixture(scope="module")
def club_night() -> Game:
    return read(CLUB_NIGHT)


@pytest.fixture(scope="module")
def schema_validator() -> Any:
    # Built here from the schema file, independently of the module's own cached validator.
    return jsonschema.Draft202012Validator(json_form.schema())


# ---- round trips ----


def test_the_club_night_is_canonical_text(club_night: Game) -> None:
    assert write_game(club_night) == CLUB_NIGHT


def test_text_to_json_to_game_is_the_same_game(club_night: Game) -> None:
    doc = json_form.dumps_game(club_night)
    assert json_form.loads_game(doc) == club_night
    assert json_form.loads(json_form.dumps(club_night)) == [club_night]
    assert json_form.loads(json_form.dumps(club_night, indent=2)) == [club_night]


@pytest.mark.parametrize("text", [CLUB_NIGHT, LOOSE], ids=["canonical", "loose"])
def test_text_to_json_to_text_is_the_canonical_text(text: str) -> None:
    game = read(text)
    (again,) = json_form.loads(json_form.dumps(game))
    assert write_game(again) == write_game(game)


@pytest.mark.parametrize("text", [CLUB_NIGHT, LOOSE], ids=["canonical", "loose"])
def test_json_to_text_to_json_is_the_same_json(text: str) -> None:
    first = json_form.dumps(read(text), indent=2)
    (game,) = json_form.loads(first)
    assert json_form.dumps(read(write_game(game)), indent=2) == first


def test_dumping_a_loaded_document_gives_the_same_text(club_night: Game) -> None:
    doc = json.loads(json_form.dumps(club_night))
    assert json_form.dumps(json_form.loads_game(doc)) == json.dumps(doc, ensure_ascii=False)
    assert json_form.dumps_game(json_form.loads_game(doc)) == doc


def test_the_document_mirrors_the_record(club_night: Game) -> None:
    doc = json_form.dumps_game(club_night)
    assert list(doc) == ["format", "version", "tags", "hands"]
    assert (doc["format"], doc["version"]) == ("t42-game", 1)
    assert doc["tags"][0] == {
        "name": "Event",
        "value": "Thursday club",
        "comments": {
            "before": [{"text": "Thursday night at the VFW hall", "braced": False}],
            "after": [{"text": "league night", "braced": False}],
        },
    }
    assert doc["tags"][-1] == {"name": "Scorer", "value": 'Ed "Doc" Fry'}
    first = doc["hands"][0]
    assert list(first) == [
        "number", "dealer", "comments", "deal", "auction", "trump", "tricks",
        "points", "marks", "total",
    ]  # fmt: skip
    assert first["deal"][0] == {
        "seat": "N",
        "tiles": ["6-6", "6-5", "6-4", "5-5", "4-4", "3-2", "1-0"],
    }
    assert first["auction"]["calls"][1] == {
        "seat": "S",
        "bid": 30,
        "comments": {"after": [{"text": "light", "braced": True}]},
    }
    assert first["auction"]["comments"] == {"after": [{"text": "N jumps", "braced": False}]}
    assert first["trump"] == {"seat": "N", "suit": "sixes"}
    assert len(first["tricks"]) == 7
    assert first["tricks"][3]["plays"] == [
        {"tile": "5-5", "comments": {"before": [{"text": "cashing", "braced": True}]}},
        "5-4",
        "5-3",
        "5-0",
    ]
    assert first["points"] == {"NS": 41, "EW": 1}
    second, third = doc["hands"][1:]
    assert second["auction"]["calls"][0]["bid"] == "2m"
    assert second["ending"] == {"kind": "laydown", "seat": "S"}
    assert third["trump"] == {"seat": "E", "suit": "follow-me", "doubles": "low"}
    assert third["ending"] == {"kind": "set"}


def test_loose_text_is_made_canonical() -> None:
    doc = json_form.dumps_game(read(LOOSE))
    assert [t["name"] for t in doc["tags"]][:9] == [
        "Event", "Site", "Date", "North", "East", "South", "West", "Rules", "Options",
    ]  # fmt: skip
    assert doc["tags"][1] == {"name": "Site", "value": "?"}
    hand = doc["hands"][0]
    assert [h["seat"] for h in hand["deal"]] == ["N", "S"]
    assert hand["deal"][1]["tiles"] == ["6-1", "6-0", "5-3", "4-3", "3-3", "2-2", "1-1"]
    assert hand["auction"]["calls"][0]["bid"] == "1m"  # 42 points is a mark
    assert hand["trump"] == {"suit": "follow-me", "doubles": "low"}  # from the Options tag
    trick = hand["tricks"][0]
    # Written braced, as the text form writes them: the comment between two plays goes
    # with the earlier one, and the one after the last play with the line.
    assert trick["plays"][1] == {
        "tile": "6-2",
        "comments": {"after": [{"text": "wraps", "braced": True}]},
    }
    assert trick["comments"] == {"after": [{"text": "last", "braced": True}]}
    assert list(hand)[-3:] == ["points", "marks", "total"]
    # The comments after the hand go with the line written last; as the text form writes
    # them, every comment after a line but the last is braced.
    assert hand["points"]["comments"] == {
        "after": [
            {"text": "all", "braced": True},
            {"text": "written after the hand", "braced": True},
            {"text": "and one more", "braced": True},
        ]
    }
    assert hand["total"]["comments"] == {"after": [{"text": "lead", "braced": False}]}


def test_follow_me_without_doubles_takes_the_tables_rule() -> None:
    doc = json_form.dumps_game(read(LOOSE))
    del doc["hands"][0]["trump"]["doubles"]
    (trump,) = [h.trump for h in json_form.loads_game(doc).hands]
    assert trump is not None
    assert trump.trump == Trump.follow_me(DoublesRank.LOW)
    doc["tags"] = [t for t in doc["tags"] if t["name"] != "Options"]
    (trump,) = [h.trump for h in json_form.loads_game(doc).hands]
    assert trump is not None
    assert trump.trump == Trump.follow_me(DoublesRank.HIGH)


# Issue 15: under these options the notation reads `trump N nello` as doubles-high; the same
# hand written as JSON without "doubles" (valid against the schema) must read the same.
NELLO_TABLE_DOUBLES = """\
[Rules "texas"]
[Options "nello-doubles=high nello-doubles-choice=table"]

hand 1 dealer N
deal N 6-1 5-4 5-3 4-4 3-2 3-1 3-0
     E 6-6 6-3 4-3 4-2 4-0 3-3 1-0
     S 6-4 5-2 4-1 2-1 2-0 1-1 0-0
     W 6-5 6-2 6-0 5-5 5-1 5-0 2-2
bid E 31 S 34 W pass N 1m
trump N nello
"""


def test_a_nello_naming_no_doubles_takes_the_tables_nello_option_as_in_notation() -> None:
    game = read(NELLO_TABLE_DOUBLES)
    (hand,) = game.hands
    assert hand.trump is not None
    assert hand.trump.trump.doubles is DoublesRank.HIGH
    doc = json_form.dumps_game(game)
    del doc["hands"][0]["trump"]["doubles"]
    text = json.dumps(doc)
    # Both ways in: a document made in Python, and JSON text (the quick reader's way).
    for loaded in (json_form.loads_game(doc), *json_form.loads(text)):
        assert loaded == game
        findings = check_game(loaded).findings
        assert [f.code for f in findings] == [f.code for f in check_game(game).findings]
        assert "contract-not-allowed" not in [f.code for f in findings]


def test_sevens_naming_no_doubles_has_them_high_as_in_notation() -> None:
    """Sevens ranks by pips, not by the table's follow-me-doubles option."""
    text = (Path(__file__).parents[4] / "samples" / "sevens.t42").read_text(encoding="utf-8")
    text = text.replace('[Rules "texas"]', '[Rules "texas"]\n[Options "follow-me-doubles=low"]')
    game = read(text)
    doc = json_form.dumps_game(game)
    del doc["hands"][0]["trump"]["doubles"]
    for loaded in (json_form.loads_game(doc), *json_form.loads(json.dumps(doc))):
        assert loaded == game
        assert check_game(loaded).findings == check_game(game).findings


def test_a_bid_of_42_points_reads_as_a_mark_and_whole_floats_as_numbers(
    club_night: Game,
) -> None:
    doc = json_form.dumps_game(club_night)
    doc["hands"][0]["auction"]["calls"][3]["bid"] = 84
    doc["hands"][0]["number"] = 1.0
    hand = json_form.loads_game(doc).hands[0]
    assert hand.auction is not None
    assert hand.auction.calls[3].bid == Bid.marks(2)
    assert type(hand.number) is int
    assert hand.number == 1


def test_standard_tag_names_are_not_case_sensitive() -> None:
    tags = [{"name": "event", "value": "Club"}, {"name": "OPTIONS", "value": "win-by=2"}]
    doc = {"format": "t42-game", "version": 1, "tags": tags, "hands": []}
    game = json_form.loads_game(doc)
    assert game.tag("Event") == "Club"
    assert game.tag("Options") == "win-by=2"
    assert json_form.dumps_game(game) == json_form.dumps_game(read(write_game(game)))
    tags.append({"name": "Event", "value": "Club"})
    with pytest.raises(RecordError, match="the Event tag is written twice"):
        json_form.loads_game(doc)
    assert json_form.dumps_game(Game((Tag("site", "Hall"),)))["tags"][1] == {
        "name": "Site",
        "value": "Hall",
    }


def test_empty_optional_lists_are_accepted_and_left_out() -> None:
    doc = {
        "format": "t42-game",
        "version": 1,
        "tags": [],
        "hands": [
            {"number": 1, "dealer": "N", "deal": [], "tricks": [], "comments": {"before": []}}
        ],
    }
    game = json_form.loads_game(doc)
    assert game.hands == (Hand(HandHeader(1, Seat.N)),)
    assert json_form.dumps_game(game)["hands"] == [{"number": 1, "dealer": "N"}]


# ---- the schema ----


def test_the_schema_is_a_valid_draft_2020_12_schema() -> None:
    schema = json_form.schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"] == "urn:t42:schema:game"
    assert schema["title"]


def test_every_property_of_the_schema_is_described() -> None:
    def walk(node: object, path: str) -> None:
        if isinstance(node, dict):
            for name, sub in node.get("properties", {}).items():
                # Properties that only narrow a $ref'd definition inside allOf/if/then carry
                # no description of their own; everything else must say what it is.
                narrowing = set(sub) <= {"pattern", "const"}
                assert narrowing or "description" in sub, f"{path}/properties/{name}"
            if node.get("type") == "object":
                assert node.get("additionalProperties") is False, path
            for key, sub in node.items():
                walk(sub, f"{path}/{key}")
        elif isinstance(node, list):
            for i, sub in enumerate(node):
                walk(sub, f"{path}/{i}")

    walk({k: v for k, v in json_form.schema().items() if k != "examples"}, "")


def test_the_schemas_example_validates_and_loads(schema_validator: Any) -> None:
    (example,) = json_form.schema()["examples"]
    schema_validator.validate(example)
    game = json_form.loads_game(example)
    assert json_form.dumps_game(game) == example


@pytest.mark.parametrize("text", [CLUB_NIGHT, LOOSE], ids=["canonical", "loose"])
def test_dumped_documents_validate(text: str, schema_validator: Any) -> None:
    schema_validator.validate(json_form.dumps_game(read(text)))


def test_schema_is_a_copy_and_the_validator_is_built_once() -> None:
    json_form.schema()["properties"].clear()
    assert json_form.schema()["properties"]
    assert json_form.validator() is json_form.validator()


# ---- JSON text: one document, an array, JSON Lines, files ----


def test_loads_takes_one_document_an_array_or_json_lines(club_night: Game) -> None:
    one = json_form.dumps(club_night)
    assert "\n" not in one
    assert json_form.loads(one) == [club_night]
    assert json_form.loads(json_form.dumps([club_night, club_night])) == [club_night] * 2
    assert json_form.loads(json_form.dumps([club_night] * 2, indent=2)) == [club_night] * 2
    lines = json_form.dumps([club_night] * 3, lines=True)
    assert lines.count("\n") == 3
    assert lines.endswith("\n")
    assert json_form.loads(lines) == [club_night] * 3
    assert json_form.loads(lines.replace("\n", "\r\n\n")) == [club_night] * 3
    assert json_form.loads("") == []
    assert json_form.loads(json_form.dumps([])) == []


def test_a_byte_order_mark_is_accepted(club_night: Game) -> None:
    text = "\ufeff" + json_form.dumps(club_night, indent=2)
    assert json_form.loads(text) == [club_night]
    assert json_form.loads(text.encode("utf-8")) == [club_night]
    assert json_form.load(io.BytesIO(text.encode("utf-8"))) == [club_night]


def test_dump_and_load_files(club_night: Game, tmp_path: Path) -> None:
    path = tmp_path / "club.json"
    with path.open("w", encoding="utf-8") as fp:
        json_form.dump(club_night, fp, indent=2)
    text = path.read_text(encoding="utf-8")
    assert text.endswith("}\n")
    assert "Ed \\\"Doc\\\" Fry" in text
    with path.open(encoding="utf-8") as fp:
        assert json_form.load(fp) == [club_night]
    with path.open("rb") as fp:
        assert json_form.load(fp) == [club_night]
    lines = tmp_path / "club.jsonl"
    with lines.open("w", encoding="utf-8") as fp:
        json_form.dump([club_night, club_night], fp, lines=True)
    with lines.open("rb") as fp:
        assert json_form.load(fp) == [club_night, club_night]


def test_pretty_json_keeps_each_trick_and_deal_line_on_one_line(club_night: Game) -> None:
    text = json_form.dumps(club_night, indent=2)
    assert '{"number": 1, "leader": "N", "plays": ["6-6", "6-2", "6-0", "5-2"]}' in text
    assert '{"seat": "N", "tiles": ["6-6", "6-5", "6-4", "5-5", "4-4", "3-2", "1-0"]}' in text
    assert max(len(line) for line in text.splitlines()) <= 100
    assert json.loads(text) == json_form.dumps_game(club_night)


def test_non_ascii_text_is_kept_readable() -> None:
    game = Game((Tag("Site", "Café Ñandú"), Tag("Event", "Fiesta")))
    assert '"Café Ñandú"' in json_form.dumps(game)
    assert json_form.loads(json_form.dumps(game)) == [
        Game(tuple(json_form.loads_game(json_form.dumps_game(game)).tags))
    ]


# ---- bad input: every problem is a RecordError saying where ----


@pytest.fixture(scope="module")
def pretty(club_night: Game) -> str:
    return json_form.dumps(club_night, indent=2)


def _position(text: str, offset: int) -> tuple[int, int]:
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


def _fails(text: str | bytes) -> RecordError:
    with pytest.raises(RecordError) as caught:
        json_form.loads(text)
    return caught.value


HAND_2 = '"number": 2,\n      "dealer": "E"'
# id, text to replace, replacement, pointer, words in the message, where the value starts
BAD_VALUES = [
    (
        "tile-not-in-set",
        '"6-2", "6-0", "5-2"',
        '"7-3", "6-0", "5-2"',
        "/hands/0/tricks/0/plays/1",
        "hands/0/tricks/0/plays/1: '7-3' is not a tile of the double-six set",
        '"7-3"',
    ),
    (
        "tile-low-end-first",
        '"6-2", "6-0", "5-2"',
        '"2-6", "6-0", "5-2"',
        "/hands/0/tricks/0/plays/1",
        "'2-6' is written low end first: write it '6-2'",
        '"2-6"',
    ),
    (
        "tile-not-written-like-one",
        '"6-2", "6-0", "5-2"',
        '"six-two", "6-0", "5-2"',
        "/hands/0/tricks/0/plays/1",
        "'six-two' is not written like a tile",
        '"six-two"',
    ),
    (
        "tile-in-deal",
        '"2-2", "1-1"]}',
        '"2-2", "1-9"]}',
        "/hands/0/deal/2/tiles/6",
        "'1-9' is not a tile of the double-six set",
        '"1-9"',
    ),
    (
        "bad-seat",
        '"dealer": "E"',
        '"dealer": "X"',
        "/hands/1/dealer",
        "hands/1/dealer: 'X' is not a seat (N, E, S or W)",
        '"X"',
    ),
    (
        "wrong-type",
        HAND_2,
        HAND_2.replace("2", '"2"'),
        "/hands/1/number",
        "expected a whole number, not '2'",
        '"2"',
    ),
    (
        "misspelt-field",
        '"dealer": "E"',
        '"dealr": "E"',
        "/hands/1/dealr",
        '"dealr" is not a field of a hand; did you mean "dealer"?',
        '"E"',
    ),
    (
        "extra-field",
        '"dealer": "E"',
        '"dealer": "E", "colour": "red"',
        "/hands/1/colour",
        '"colour" is not a field of a hand; its fields are number, dealer',
        '"red"',
    ),
    (
        "bid-in-points-as-string",
        '"bid": 31',
        '"bid": "31"',
        "/hands/2/auction/calls/2/bid",
        "write a bid in points as a number: 31, not '31'",
        '"31"',
    ),
    (
        "not-a-bid",
        '"bid": 31',
        '"bid": "31x"',
        "/hands/2/auction/calls/2/bid",
        "'31x' is not a bid",
        '"31x"',
    ),
    (
        "trump-alias",
        '"suit": "sixes"',
        '"suit": "6"',
        "/hands/0/trump/suit",
        "'6' is written 'sixes' in a record",
        '"6"',
    ),
    (
        "doubles-option-with-a-pip-trump",
        '"suit": "sixes"',
        '"suit": "sixes", "doubles": "low"',
        "/hands/0/trump/doubles",
        "a doubles option goes only with follow-me, not with sixes",
        '"low"',
    ),
    (
        "nello-doubles-option-with-follow-me",
        '"doubles": "low"',
        '"doubles": "own-suit-inverted"',
        "/hands/2/trump/doubles",
        "'own-suit-inverted' is a Nello option; follow-me takes high, low or own-suit",
        '"own-suit-inverted"',
    ),
    (
        "laydown-without-seat",
        '"ending": {"kind": "laydown", "seat": "S"}',
        '"ending": {"kind": "laydown"}',
        "/hands/1/ending",
        'say who laid down: an end laydown needs its "seat"',
        '{"kind": "laydown"}',
    ),
    (
        "set-with-seat",
        '"ending": {"kind": "set"}',
        '"ending": {"kind": "set", "seat": "E"}',
        "/hands/2/ending/seat",
        "end set names no seat; only laydown does",
        '"E"}',
    ),
    (
        "hand-zero",
        HAND_2,
        HAND_2.replace("2", "0"),
        "/hands/1/number",
        "hand numbers start at 1, not 0",
        "0,",
    ),
    (
        "negative-score",
        '"points": {"NS": 42, "EW": 0}',
        '"points": {"NS": -42, "EW": 0}',
        "/hands/1/points/NS",
        "a score is 0 or more, not -42",
        "-42",
    ),
    (
        "trick-without-plays",
        '"plays": ["5-5", "5-1", "5-4", "5-3"]',
        '"plays": []',
        "/hands/1/tricks/1/plays",
        "a trick needs a play",
        "[]",
    ),
    (
        "number-too-large",
        HAND_2,
        HAND_2.replace("2", "9007199254740992", 1),
        "/hands/1/number",
        "9007199254740992 is too large for a game record",
        "9007199254740992",
    ),
    (
        "huge-number",
        HAND_2,
        HAND_2.replace("2", "9" * 5000),
        "/hands/1/number",
        "the number 9999999999999999… is too large for a game record",
        "9999",
    ),
    (
        "infinite-number",
        HAND_2,
        HAND_2.replace("2", "1e400"),
        "/hands/1/number",
        "the number 1e400 is too large",
        "1e400",
    ),
    (
        "nan",
        HAND_2,
        HAND_2.replace("2", "NaN"),
        "/hands/1/number",
        "NaN is not a JSON value",
        "NaN",
    ),
    (
        "field-written-twice",
        '"dealer": "E"',
        '"dealer": "E", "dealer": "W"',
        "/hands/1/dealer",
        '"dealer" is written twice in this object',
        '"W"',
    ),
    (
        "tag-written-twice",
        '"name": "Scorer"',
        '"name": "Event"',
        "/tags/8/name",
        "the Event tag is written twice (first at tags/0)",
        '"Event", "value": "Ed',
    ),
    (
        "tag-name",
        '"name": "Scorer"',
        '"name": "Score keeper"',
        "/tags/8/name",
        "'Score keeper' is not a tag name",
        '"Score keeper"',
    ),
    (
        "tag-value-on-two-lines",
        '"value": "2024.03.14"',
        '"value": "2024\\n03.14"',
        "/tags/2/value",
        "a tag value is one line",
        '"2024\\n',
    ),
    (
        "lone-surrogate",
        '"value": "2024.03.14"',
        '"value": "\\ud83c"',
        "/tags/2/value",
        "lone surrogate",
        '"\\ud83c"',
    ),
    (
        "brace-in-braced-comment",
        '{"text": "shaken by Ann", "braced": true}',
        '{"text": "shaken} by Ann", "braced": true}',
        "/hands/0/comments/after/0/text",
        "a { braced } comment cannot hold }",
        '"shaken}',
    ),
    (
        "brace-in-comment-on-a-bid",
        '{"text": "light", "braced": true}',
        '{"text": "li}ght", "braced": false}',
        "/hands/0/auction/calls/1/comments/after/0/text",
        "a comment on a bid or a play is written { braced }, so it cannot hold }",
        '"li}ght"',
    ),
    (
        "line-break-in-semicolon-comment",
        '{"text": "N jumps", "braced": false}',
        '{"text": "N\\njumps", "braced": false}',
        "/hands/0/auction/comments/after/0/text",
        "a ; comment runs to the end of its line, so it cannot hold a line break",
        '"N\\n',
    ),
    (
        "two-semicolon-comments",
        '[{"text": "N jumps", "braced": false}]',
        '[{"text": "N", "braced": false}, {"text": "jumps", "braced": false}]',
        "/hands/0/auction/comments/after",
        "only one ; comment can follow a line",
        '[{"text": "N"',
    ),
    (
        "semicolon-comment-not-last",
        '[{"text": "N jumps", "braced": false}]',
        '[{"text": "N", "braced": false}, {"text": "jumps", "braced": true}]',
        "/hands/0/auction/comments/after/0",
        "it must be the last comment after the line",
        '{"text": "N"',
    ),
    (
        "comment-without-braced",
        '{"text": "light", "braced": true}',
        '{"text": "light"}',
        "/hands/0/auction/calls/1/comments/after/0",
        'a comment needs "braced"',
        '{"text": "light"}',
    ),
    (
        "version",
        '"version": 1',
        '"version": 2',
        "/version",
        "version 2 of the t42 JSON form; this t42 reads version 1",
        "2,",
    ),
    (
        "format",
        '"format": "t42-game"',
        '"format": "pgn"',
        "/format",
        'this is not a t42 game record: "format" is "t42-game"',
        '"pgn"',
    ),
]


@pytest.mark.parametrize(
    ("old", "new", "pointer", "words", "value"),
    [case[1:] for case in BAD_VALUES],
    ids=[case[0] for case in BAD_VALUES],
)
def test_a_bad_value_is_reported_where_it_is(
    pretty: str, old: str, new: str, pointer: str, words: str, value: str
) -> None:
    assert pretty.count(old) == 1
    text = pretty.replace(old, new)
    error = _fails(text)
    assert error.pointer == pointer
    assert words in error.message
    assert error.message.startswith(pointer[1:] + ": ")
    assert (error.line, error.column) == _position(text, text.index(value, text.index(new)))
    assert str(error).startswith(f"{error.line}:{error.column}: ")


def test_a_missing_field_points_at_its_object(pretty: str) -> None:
    text = pretty.replace('"dealer": "E",', "")
    error = _fails(text)
    assert error.pointer == "/hands/1"
    assert error.message == 'hands/1: a hand needs "dealer"'
    hand = text.rindex("{", 0, text.index('"number": 2,\n'))
    assert (error.line, error.column) == _position(text, hand)


def test_malformed_json_gives_the_decoders_line_and_column(pretty: str) -> None:
    text = pretty.replace(HAND_2, HAND_2.replace(",", ""))
    error = _fails(text)
    assert "malformed JSON: expected a comma (,)" in error.message
    assert (error.line, error.column) == _position(text, text.index('"dealer": "E"'))
    assert error.pointer.startswith("/hands/1")

    error = _fails('{"format": "t42-game", "tags": [,]}')
    assert (error.line, error.column) == (1, 33)
    assert "expected a value here" in error.message

    error = _fails('{"format": "t42-game",\n "tags": [{"name": "Event}]}')
    assert (error.line, error.column) == (2, 20)
    assert "this string is never closed" in error.message


def test_a_json_lines_error_is_reported_on_its_line(club_night: Game) -> None:
    one = json_form.dumps(club_night)
    bad_seat = one.replace('"dealer": "E"', '"dealer": "Q"')
    error = _fails("\n".join([one, one, bad_seat, one]) + "\n")
    assert error.line == 3
    assert error.column == bad_seat.index('"Q"') + 1
    assert error.pointer == "/hands/1/dealer"

    error = _fails("\n".join([one, "", one[:-5], one]))
    assert error.line == 3  # the broken game, not the line after it
    assert "malformed JSON" in error.message

    error = _fails("\n".join([one, one + " x"]))
    assert error.line == 2
    assert "one game a line" in error.message


def test_read_records_reads_past_a_bad_game(club_night: Game) -> None:
    one = json_form.dumps(club_night)
    bad_seat = one.replace('"dealer": "E"', '"dealer": "Q"')
    lines = "\n".join([one[:300], one, bad_seat, one + " x", one]) + "\n"
    read = list(json_form.read_records(lines))
    assert [isinstance(x, Game) for x in read] == [False, True, False, False, True]
    errors = [x for x in read if isinstance(x, RecordError)]
    assert [e.line for e in errors] == [1, 3, 4]
    assert errors[1].pointer == "/hands/1/dealer"

    array = "[" + ", ".join([one, bad_seat, one]) + "]"
    read = list(json_form.read_records(array))
    assert [isinstance(x, RecordError) for x in read] == [False, True, False]

    (error,) = json_form.read_records(b"\xff")
    assert isinstance(error, RecordError)
    (error,) = json_form.read_records('{"format": "t42-game",\n  "tags": [,]}')
    assert isinstance(error, RecordError)
    assert (error.line, error.column) == (2, 12)


def test_an_error_in_an_array_of_games_names_the_game(club_night: Game) -> None:
    one = json_form.dumps(club_night)
    text = "[" + one + ",\n" + one.replace('"dealer": "E"', '"dealer": "Q"') + "]"
    error = _fails(text)
    assert error.pointer == "/1/hands/1/dealer"
    assert error.line == 2


@pytest.mark.parametrize("depth", [MAX_DEPTH + 16, 100_000])
def test_deep_nesting_is_refused(depth: int) -> None:
    text = '{"format": "t42-game", "version": 1, "tags": [], "hands": [%s]}' % (
        "[" * depth + "]" * depth
    )
    error = _fails(text)
    assert "nested too deeply" in error.message
    assert error.pointer.startswith("/hands/0/0/0")
    assert error.line == 1


def test_deep_or_looping_objects_are_refused() -> None:
    deep: list[Any] = []
    doc = {"format": "t42-game", "version": 1, "tags": [], "hands": deep}
    for _ in range(100_000):
        deep.append([])
        deep = deep[0]
    with pytest.raises(RecordError, match="nested too deeply"):
        json_form.loads_game(doc)
    loop: dict[str, Any] = {"format": "t42-game", "version": 1, "tags": []}
    loop["hands"] = [loop]
    with pytest.raises(RecordError, match="nested too deeply"):
        json_form.loads_game(loop)


def test_invalid_utf8_is_refused_with_its_place(pretty: str) -> None:
    data = pretty.encode("utf-8").replace(b"Thursday club", b"Thursday \xff club")
    error = _fails(data)
    assert "not UTF-8" in error.message
    assert (error.line, error.column) == _position(pretty, pretty.index("Thursday club") + 9)
    with pytest.raises(RecordError, match="not UTF-8"):
        json_form.load(io.BytesIO(data))
    with pytest.raises(RecordError, match="not UTF-8"):
        json_form.load(io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("42", "expected a game (a JSON object { … }) or a list of games, not 42"),
        ('"game"', "or a list of games, not 'game'"),
        ("[1]", "0: a game is a JSON object { … }, not 1"),
        ("{}", 'a game needs "format"'),
        ("{", "malformed JSON"),
        ("nul", "malformed JSON"),
    ],
)
def test_what_is_not_a_game(text: str, words: str) -> None:
    error = _fails(text)
    assert words in error.message
    assert error.line == 1


@pytest.mark.parametrize(
    ("obj", "pointer", "words"),
    [
        ("a game", "", "a game is a JSON object { … }, not 'a game'"),
        ({1: 2}, "/1", '"1" is not a field of a game'),
        (
            {"format": "t42-game", "version": 1, "tags": (), "hands": []},
            "/tags",
            "expected a list",
        ),
        (
            {"format": "t42-game", "version": 1, "tags": [], "hands": [{"number": math.nan}]},
            "/hands/0/number",
            "nan is not a number a game record can hold",
        ),
        (
            {"format": "t42-game", "version": 1, "tags": [], "hands": [{"number": 10**5000}]},
            "/hands/0/number",
            "too large",
        ),
        (
            {"format": "t42-game", "version": True, "tags": [], "hands": []},
            "/version",
            "this t42 reads version 1",
        ),
    ],
)
def test_loads_game_refuses_bad_objects(obj: object, pointer: str, words: str) -> None:
    with pytest.raises(RecordError) as caught:
        json_form.loads_game(obj)
    assert caught.value.pointer == pointer
    assert words in caught.value.message
    assert caught.value.line is None


def test_a_game_the_json_form_cannot_hold_is_refused_when_dumped() -> None:
    hand = Hand(HandHeader(1, Seat.N, after=(Comment("a } b", braced=True),)))
    with pytest.raises(RecordError) as caught:
        json_form.dumps_game(Game((), (hand,)))
    assert caught.value.pointer == "/hands/0/comments/after/0/text"
    assert caught.value.message.startswith("this game cannot be written as JSON: ")
    with pytest.raises(RecordError, match="hand numbers start at 1"):
        json_form.dumps_game(Game((), (Hand(HandHeader(0, Seat.N)),)))
    with pytest.raises(RecordError, match="the Note tag is written twice"):
        json_form.dumps_game(Game((Tag("Note", "a"), Tag("Note", "b"))))
    nello = TrumpCall(Trump.follow_me(DoublesRank.OWN_SUIT_INVERTED))
    with pytest.raises(RecordError, match="is a Nello option"):
        json_form.dumps_game(Game((), (Hand(HandHeader(1, Seat.N), trump=nello),)))


# ---- properties over many games ----

_WORDS = st.text(
    alphabet=st.characters(
        codec="utf-8", categories=("L", "N", "P", "S", "Zs"), exclude_characters="{}"
    ),
    max_size=12,
)
_SEATS = st.sampled_from(SEATS)
_TILES = st.lists(st.sampled_from(ALL_TILES), max_size=7)


def _comments(inline: bool) -> st.SearchStrategy[tuple[Comment, ...]]:
    braced = st.builds(Comment, _WORDS, st.just(True))
    semicolon = st.builds(Comment, _WORDS, st.just(False))
    return st.lists(braced if inline else st.one_of(braced, semicolon), max_size=2).map(tuple)


def _line(make: Callable[..., Any], *fields: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.builds(make, *fields, _comments(False), _comments(False))


_BIDS = st.one_of(
    st.just(Bid.pass_()),
    st.integers(0, 60).map(Bid.points),
    st.integers(0, 4).map(Bid.marks),
)
_TRUMPS = st.one_of(
    st.integers(0, 6).map(Trump.pip),
    st.just(Trump.doubles_trump()),
    st.sampled_from([DoublesRank.HIGH, DoublesRank.LOW, DoublesRank.OWN_SUIT]).map(
        Trump.follow_me
    ),
)
_PLAYS = st.builds(Play, st.sampled_from(ALL_TILES), _comments(True), _comments(True))
_CALLS = st.builds(Call, _SEATS, _BIDS, _comments(True), _comments(True))
_ENDINGS = st.one_of(
    _line(Ending, st.sampled_from([EndKind.MADE, EndKind.SET]), st.none()),
    _line(Ending, st.just(EndKind.LAYDOWN), _SEATS),
)


@st.composite
def _hands(draw: st.DrawFn, number: int) -> Hand:
    return Hand(
        draw(_line(HandHeader, st.just(number), _SEATS)),
        tuple(draw(st.lists(_line(Holding, _SEATS, _TILES.map(tuple)), max_size=4))),
        draw(st.none() | _line(Auction, st.lists(_CALLS, min_size=1, max_size=5).map(tuple))),
        draw(st.none() | _line(TrumpCall, _TRUMPS, st.none() | _SEATS)),
        tuple(
            draw(
                st.lists(
                    _line(
                        Trick,
                        st.integers(1, 7),
                        _SEATS,
                        st.lists(_PLAYS, min_size=1, max_size=4).map(tuple),
                    ),
                    max_size=3,
                )
            )
        ),
        draw(st.none() | _ENDINGS),
        tuple(
            draw(_line(ScoreLine, st.just(kind), st.integers(0, 50), st.integers(0, 50)))
            for kind in draw(st.lists(st.sampled_from(ScoreKind), unique=True))
        ),
    )


@st.composite
def _games(draw: st.DrawFn) -> Game:
    names = draw(st.lists(st.from_regex(r"[A-Za-z][A-Za-z0-9_]{0,8}", fullmatch=True),
                          unique_by=str.lower, max_size=4))  # fmt: skip
    values = st.text(
        alphabet=st.characters(codec="utf-8", categories=("L", "N", "P", "S", "Zs")),
        max_size=12,
    )
    tags = tuple(draw(_line(Tag, st.just(name), values)) for name in names)
    count = draw(st.integers(0, 2))
    return Game(tags, tuple(draw(_hands(n)) for n in range(1, count + 1)))


_PROPERTIES = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


@_PROPERTIES
@given(_games())
def test_any_game_dumps_to_a_valid_document_that_loads_back(game: Game) -> None:
    doc = json_form.dumps_game(game)
    jsonschema.Draft202012Validator(json_form.schema()).validate(doc)
    again = json_form.loads_game(doc)
    assert json_form.dumps_game(again) == doc
    assert json_form.loads(json_form.dumps(again, indent=1)) == [again]


@_PROPERTIES
@given(_games())
def test_any_game_goes_through_the_text_form_unchanged(game: Game) -> None:
    doc = json_form.dumps_game(game)
    text = write_game(json_form.loads_game(doc))
    assert json_form.dumps_game(read(text)) == doc
    assert write_game(read(text)) == text


@_PROPERTIES
@given(st.data())
def test_a_game_is_either_written_validly_or_refused(data: st.DataObject) -> None:
    odd_text = st.text(alphabet="ab }{;\n", max_size=4)
    comments = st.lists(st.builds(Comment, odd_text, st.booleans()), max_size=3).map(tuple)
    hand = Hand(
        HandHeader(data.draw(st.integers(-1, 2)), Seat.N, data.draw(comments), data.draw(comments)),
        trump=TrumpCall(data.draw(st.sampled_from(DoublesRank).map(Trump.follow_me))),
        scores=(ScoreLine(ScoreKind.POINTS, data.draw(st.integers(-2, 2)), 0),),
        tricks=(Trick(data.draw(st.integers(-1, 2)), Seat.E,
                      (Play(ALL_TILES[0], data.draw(comments), data.draw(comments)),)),),
    )  # fmt: skip
    tag = Tag(data.draw(st.sampled_from(["Event", "x y", "Note"])), data.draw(odd_text))
    try:
        doc = json_form.dumps_game(Game((tag,), (hand,)))
    except RecordError:
        return
    jsonschema.Draft202012Validator(json_form.schema()).validate(doc)


@_PROPERTIES
@given(st.data())
def test_no_broken_text_raises_anything_but_a_record_error(data: st.DataObject) -> None:
    text = data.draw(st.sampled_from([CLUB_NIGHT, LOOSE]))
    pretty = json_form.dumps(read(text), indent=data.draw(st.sampled_from([None, 2])))
    for _ in range(data.draw(st.integers(1, 3))):
        at = data.draw(st.integers(0, len(pretty)))
        cut = data.draw(st.integers(0, 6))
        insert = data.draw(st.text(alphabet='{}[]",:0123456789-\\ \nabctrue', max_size=3))
        pretty = pretty[:at] + insert + pretty[at + cut :]
    try:
        json_form.loads(pretty)
    except RecordError as error:
        problem = error
    else:
        return
    assert problem.message
    assert problem.line is None or problem.line >= 1


@_PROPERTIES
@given(st.text(max_size=40))
def test_no_text_at_all_raises_anything_but_a_record_error(text: str) -> None:
    with contextlib.suppress(RecordError):
        json_form.loads(text)


@pytest.mark.parametrize(
    ("where", "value"),
    [("tile", "6-4\n"), ("bid", "1m\n"), ("tag name", "Event\n"), ("tag value", "Club\n")],
)
def test_a_trailing_newline_is_not_part_of_any_pattern(where: str, value: str) -> None:
    # Python's `$` also matches before a final newline; the schema's patterns must not, so
    # that pure-Python jsonschema and jsonschema-rs (the fast path) give the same answer.
    sample = Path(__file__).parents[4] / "samples" / "full-game.t42"
    game = next(read_games(sample.read_text(encoding="utf-8"))).game
    doc = json.loads(json_form.dumps(game))
    hand = doc["hands"][0]
    if where == "tile":
        hand["deal"][0]["tiles"][0] = value
    elif where == "bid":
        hand["auction"]["calls"][0]["bid"] = value
    elif where == "tag name":
        doc["tags"][0]["name"] = value
    else:
        doc["tags"][0]["value"] = value
    assert jsonschema.Draft202012Validator(json_form.schema()).is_valid(doc) is False


_HUGE_POINTS = ScoreLine(ScoreKind.POINTS, 2**70, 0)


@pytest.mark.parametrize(
    ("game", "pointer", "words"),
    [
        (Game((Tag("Event", "club \ud83c"),)), "/tags/0/value", "lone surrogate"),
        (
            Game((), (Hand(HandHeader(1, Seat.N, before=(Comment("\udfff"),))),)),
            "/hands/0/comments/before/0/text",
            "lone surrogate",
        ),
        (
            Game((), (Hand(HandHeader(1, Seat.N), scores=(_HUGE_POINTS,)),)),
            "/hands/0/points/NS",
            "too large",
        ),
    ],
)
def test_text_or_numbers_no_json_reader_keeps_are_refused_when_dumped(
    game: Game, pointer: str, words: str
) -> None:
    # The writer's quick check trusts the model for the document's shape and types, not for
    # free text (tags, comments) or the size of numbers: those it checks itself.
    with pytest.raises(RecordError) as caught:
        json_form.dumps_game(game)
    assert caught.value.pointer == pointer
    assert words in caught.value.message


# ---- placing a game's items in its text ----


@pytest.mark.parametrize("indent", [None, 2])
def test_each_item_is_placed_where_its_value_is_written(
    club_night: Game, indent: int | None
) -> None:
    """Every span the placing gives is where the value at its pointer starts in the text."""
    text = "\n" + json_form.dumps([club_night, club_night], indent=indent)
    document = json.loads(text)
    line_starts = [0] + [i + 1 for i, c in enumerate(text) if c == "\n"]
    for read, start, at in json_form.read_placed_records(text):
        assert isinstance(read, Game)
        game, pointer_at = json_form.placed(read, text, (start, at))
        pointers = []
        assert game == read
        items: list[Any] = []
        for hand in game.hands:
            items += [hand.header, *hand.deal, hand.auction, hand.trump, *hand.tricks,
                      hand.ending, *hand.scores]
            items += [*(hand.auction.calls if hand.auction else ())]
            items += [p for t in hand.tricks for p in t.plays]
        spans = [item.span for item in items if item is not None]
        assert len(spans) > 40
        for span in spans:
            assert span is not None
            pointer = pointer_at(span.line, span.column)
            assert pointer is not None
            pointers.append(pointer)
            value: Any = document
            for step in pointer.split("/")[1:]:
                value = value[int(step)] if isinstance(value, list) else value[step]
            offset = line_starts[span.line - 1] + span.column - 1
            assert json.JSONDecoder().raw_decode(text, offset)[0] == value
        assert {p.split("/")[1] for p in pointers} == {str(at[0])}


def test_a_game_of_a_document_or_of_json_lines_is_placed_at_its_value(club_night: Game) -> None:
    document = json_form.dumps(club_night)
    assert [place for _, *place in json_form.read_placed_records("  " + document)] == [[2, ()]]
    lines = json_form.dumps([club_night, club_night], lines=True)
    second = lines.index("\n") + 1
    assert [place for _, *place in json_form.read_placed_records(lines)] == [
        [0, ()],
        [second, ()],
    ]

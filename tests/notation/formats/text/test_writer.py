"""Writing the canonical notation: order, escapes, comments, and text that reads back the same."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from notation.formats.text import dumps, loads
from notation.formats.text.writer import escape_tag_value, write_game, write_games
from notation.model.bids import Bid
from notation.model.contracts import DoublesRank, Special, Trump, TrumpKind
from notation.model.game import (
    Auction,
    Call,
    Comment,
    Game,
    Hand,
    HandHeader,
    ScoreKind,
    ScoreLine,
    Tag,
    TrumpCall,
)
from notation.model.rule_sets import RuleSet
from notation.model.seats import Seat
from notation.rules.dealing import random_game

MESSY = """[West "Dee"] [Event "Club"]
[Custom "kept"]
hand 1 dealer n
deal w 4-0 3-2 3-1 3-0 2-1 2-0 1-0 n 4-4 5-4 5-5 6-3 6-4 6-5 6-6
bid e pass s pass w pass n 30
trump n sixes
total ew 0 ns 1
points ew 0 ns 42
"""


def test_canonical_form_orders_tags_deal_and_scores() -> None:
    """The canonical form: roster tags first (? where missing), deal lines in seat order with
    tiles high to low, score lines as points, marks, total."""
    [game] = loads(MESSY)
    assert write_game(game) == (
        '[Event "Club"]\n[Site "?"]\n[Date "?"]\n[North "?"]\n[East "?"]\n[South "?"]\n'
        '[West "Dee"]\n[Rules "?"]\n[Custom "kept"]\n'
        "\n"
        "hand 1 dealer N\n"
        "deal N 6-6 6-5 6-4 6-3 5-5 5-4 4-4\n"
        "     W 4-0 3-2 3-1 3-0 2-1 2-0 1-0\n"
        "bid E pass S pass W pass N 30\n"
        "trump N sixes\n"
        "points NS 42 EW 0\n"
        "total NS 1 EW 0\n"
    )


def test_dumps_is_idempotent_and_reads_back() -> None:
    """Writing is canonical: what is written reads back to the same record and the same text."""
    [game] = loads(MESSY)
    text = dumps(game)
    [canonical] = loads(text)
    assert dumps(canonical) == text
    assert loads(dumps(canonical)) == [canonical]


def test_tag_values_are_escaped() -> None:
    """A tag value escapes only \\" and \\\\."""
    assert escape_tag_value('say "hi" \\ bye') == 'say \\"hi\\" \\\\ bye'
    game = Game((Tag("Event", 'A "B" \\ C'),))
    assert write_game(game).startswith('[Event "A \\"B\\" \\\\ C"]\n')
    assert loads(write_game(game))[0].tag("Event") == 'A "B" \\ C'


def test_write_games_puts_a_blank_line_between_games() -> None:
    """Several games are written one after another, a blank line between them."""
    hands = (Hand(HandHeader(1, Seat.N)),)
    one = Game((Tag("Event", "one"),), hands)
    two = Game((Tag("Event", "two"),), hands)
    text = write_games([one, two])
    assert 'hand 1 dealer N\n\n[Event "two"]' in text
    assert dumps([one, two]) == text
    assert [g.tag("Event") for g in loads(text)] == ["one", "two"]


def test_follow_me_doubles_high_reads_back_under_a_doubles_low_table() -> None:
    """docs/rules.md, Suits and rank: follow-me doubles high, low or own suit is an option; a hand
    played doubles high at a doubles-low table must be written so that it reads back as
    doubles high."""
    rules = RuleSet().with_options({"follow-me-doubles": "low"})
    game = Game(
        (Tag("Event", "x"), Tag("Options", "follow-me-doubles=low")),
        (Hand(HandHeader(1, Seat.N), trump=TrumpCall(Trump.follow_me(), Seat.S)),),
    )
    assert game.rules == rules
    text = dumps(game)
    [back] = loads(text)
    assert back.hands[0].trump is not None
    assert back.hands[0].trump.trump == Trump.follow_me(DoublesRank.HIGH)
    assert back.hands == game.hands
    # At the default table, plain follow-me still means doubles high and is written plainly.
    plain = Game((Tag("Event", "x"),), game.hands)
    assert "trump S follow-me\n" in dumps(plain)


def _every_trump() -> list[Trump]:
    """A trump of every kind a call names, with each doubles option it may take."""
    trumps = [Trump.pip(5), Trump.doubles_trump(), Trump.parse("", special="sevens")]
    for doubles in DoublesRank:
        if doubles is not DoublesRank.OWN_SUIT_INVERTED:
            trumps += [Trump.follow_me(doubles),
                       *(Trump.called(TrumpKind.FOLLOW_ME, None, doubles, Special(s))
                         for s in ("plunge", "splash"))]
        trumps += [Trump.called(TrumpKind.FOLLOW_ME, None, doubles, Special(s))
                   for s in ("nello", "low-no")]
    return trumps


@pytest.mark.parametrize("follow_me", ["high", "low", "own-suit"])
@pytest.mark.parametrize("nello", ["own-suit", "high", "low", "own-suit-inverted"])
def test_every_trump_call_reads_back_at_every_table(follow_me: str, nello: str) -> None:
    """docs/rules.md, Contracts: the doubles a call leaves out are the table's; the writer
    names them wherever the table would read the call otherwise, and only there."""
    options = f"follow-me-doubles={follow_me} nello-doubles={nello}"
    for trump in _every_trump():
        game = Game(
            (Tag("Event", "x"), Tag("Rules", "points"), Tag("Options", options)),
            (Hand(HandHeader(1, Seat.N), trump=TrumpCall(trump, Seat.S)),),
        )
        [back] = loads(dumps(game))
        assert back.hands == game.hands, (options, str(trump), dumps(game))
        # str() leaves the doubles out of these calls: the writer adds them where needed
        unnamed = "doubles-" not in str(trump)
        named = f"trump S {trump} doubles-high\n" in dumps(game)
        read_without = game.rules.trump_called(trump.kind, trump.suit, None, trump.special)
        assert named == (unnamed and read_without != trump), (options, str(trump))


def test_several_line_comments_after_one_item_stay_apart() -> None:
    """Comments survive a round trip: two ``;`` comments that end up after one item (a trick
    wrapped over two lines) must not be merged into one."""
    [game] = loads('[Event "x"]\nhand 1 dealer N\n1 S 5-3 6-6 ; c1\n  4-0 3-3 ; c2\n')
    text = dumps(game)
    [back] = loads(text)
    assert [c.text for c in back.hands[0].tricks[0].after] == ["c1", "c2"]
    assert dumps(back) == text


def test_comments_written_before_after_and_inline() -> None:
    """Comments are written where they were attached: before on a line of their own, after at
    the end of the line, inline (between plays) braced."""
    hand = Hand(
        HandHeader(1, Seat.N, before=(Comment("new hand", braced=True),)),
        scores=(ScoreLine(ScoreKind.MARKS, 1, 0, after=(Comment("close one"),)),),
    )
    text = write_game(Game((Tag("Event", "x"),), (hand,)))
    assert text.endswith("{ new hand }\nhand 1 dealer N\nmarks NS 1 EW 0 ; close one\n")
    assert loads(text)[0].hands[0] == hand


def test_random_games_with_any_options_read_back() -> None:
    """Records made by notation.rules.dealing under any table options are written so they read back
    unchanged."""
    for seed in range(40):
        rng = random.Random(seed)
        rules = RuleSet().with_options({
            "follow-me-doubles": rng.choice(["high", "low", "own-suit"]),
            "all-pass": rng.choice(["forced-bid", "reshake"]),
        })
        game = random_game(rng, rules)
        assert game.rules == rules
        assert loads(dumps(game)) == [game]


def test_a_bid_of_no_marks_in_the_points_game_reads_back_as_itself() -> None:
    # Found by the fuzzer: the points game writes a marks bid as its points (1m as 42), and
    # 0m became "0", which reads back as a bid of 0 points, another bid.
    auction = Auction((Call(Seat.E, Bid.pass_()), Call(Seat.N, Bid.marks(0))))
    game = Game((Tag("Rules", "points"),), (Hand(HandHeader(1, Seat.N), auction=auction),))
    text = write_game(game)
    assert "bid E pass N 0m" in text
    assert loads(text)[0].hands[0].auction == auction


def test_a_game_the_notation_cannot_hold_is_refused_in_words_not_written() -> None:
    """JSON carries a tag value or comment of any length; the notation reads lines of up to
    MAX_LINE characters. What one reader accepts every writer must write so that it reads
    back, or refuse in words (and convert puts the game in the rejects)."""
    import pytest

    from notation.errors import RecordError
    from notation.formats.text.parse import MAX_LINE
    from notation.formats.text.reader import read_games
    from notation.formats.text.writer import write_game
    from notation.model.game import Tag

    game = next(read_games('[Event "x"]\n[North "Ann"]\n')).game
    fits = replace(game, tags=(*game.tags[:1], Tag("North", "N" * (MAX_LINE - 20))))
    (again,) = read_games(write_game(fits))
    assert not again.problems
    assert again.game.tag("North") == "N" * (MAX_LINE - 20)
    too_long = replace(game, tags=(*game.tags[:1], Tag("North", "N" * MAX_LINE)))
    with pytest.raises(RecordError, match="characters long in the notation"):
        write_game(too_long)
    with pytest.raises(RecordError):
        write_game(replace(game, tags=(Tag("Event", "x" * (MAX_LINE + 1)),)))

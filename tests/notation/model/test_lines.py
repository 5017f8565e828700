"""A game's lines as a tree (notation.model.lines): the main line and its variations with
their parents, the hand each plays, and the helpers that add and remove a variation."""

from __future__ import annotations

import pytest

from notation.formats.text import dumps, loads
from notation.model.bids import Bid
from notation.model.game import Call, Play, Variation
from notation.model.lines import LineError, add_variation, game_lines, remove_variation
from notation.model.seats import Seat
from notation.model.tiles import Tile

RECORD = """[Event "x"]
hand 1 dealer N
bid E pass S 30 (S 31 W pass N pass trump S fives 1 S 5-5 5-0) W pass N pass
trump S sixes (trump S fours)
1 S 6-6 6-1 6-5 (6-2 (6-4) 6-3 2 S 6-5 1-0) 6-3

hand 2 dealer E
bid S pass W 30 N pass E pass
"""


def test_lines_are_a_tree_with_the_hand_each_plays() -> None:
    game = loads(RECORD)[0]
    lines = game_lines(game)
    assert [line.path for line in lines] == [
        "",
        "/hands/0/auction/calls/1/variations/0",
        "/hands/0/trump/variations/0",
        "/hands/0/tricks/0/plays/2/variations/0",
        "/hands/0/tricks/0/plays/2/variations/0/plays/0/variations/0",
        "",
    ]
    main, bid, trump, play, nested, second = lines
    assert (main.is_main, main.depth, second.index) == (True, 0, 1)
    assert nested.parent is play
    assert play.parent is main
    assert nested.depth == 2
    assert nested.at == "/hands/0/tricks/0/plays/2/variations/0/plays/0"
    # the hand each line plays: the parent's items before the one replaced, then its own
    assert bid.hand.auction is not None
    assert [str(c.bid) for c in bid.hand.auction.calls] == ["pass", "31", "pass", "pass"]
    assert bid.hand.trump is not None
    assert str(bid.hand.trump.trump) == "fives"
    assert [str(p.tile) for p in bid.hand.tricks[0].plays] == ["5-5", "5-0"]
    assert trump.hand.trump is not None
    assert str(trump.hand.trump.trump) == "fours"
    assert trump.hand.tricks == ()
    assert [[str(p.tile) for p in t.plays] for t in play.hand.tricks] == [
        ["6-6", "6-1", "6-2", "6-3"], ["6-5", "1-0"]
    ]
    assert [str(p.tile) for p in nested.hand.tricks[0].plays] == ["6-6", "6-1", "6-4"]
    assert len(nested.hand.tricks) == 1
    assert main.hand is game.hands[0]


def test_a_variation_added_and_removed() -> None:
    game = loads(RECORD)[0]
    call = Variation(calls=(Call(Seat.S, Bid.parse("1m")),))
    added = add_variation(game, "/hands/1/auction/calls/1", call)
    assert "bid S pass W 30 (S 1m) N pass E pass" in dumps(added)
    second = Variation(plays=(Play(Tile(4, 4)),))
    added = add_variation(added, "/hands/0/tricks/0/plays/2", second)
    assert "6-5 (6-2 (6-4) 6-3\n  2 S 6-5 1-0) (4-4) 6-3" in dumps(added)
    removed = remove_variation(added, "/hands/0/tricks/0/plays/2/variations/0")
    assert "1 S 6-6 6-1 6-5 (4-4) 6-3" in dumps(removed)
    # every variation taken away: the record as written without them
    for path in ("/hands/0/tricks/0/plays/2/variations/0", "/hands/0/trump/variations/0",
                 "/hands/0/auction/calls/1/variations/0",
                 "/hands/1/auction/calls/1/variations/0"):
        removed = remove_variation(removed, path)
    plain = RECORD.replace(" (S 31 W pass N pass trump S fives 1 S 5-5 5-0)", "").replace(
        " (trump S fours)", "").replace(" (6-2 (6-4) 6-3 2 S 6-5 1-0)", "")
    assert removed == loads(plain)[0]


@pytest.mark.parametrize(
    ("path", "words"),
    [
        ("hands/0/trump", "starts with /hands/"),
        ("/hands/5/trump", "no item '5'"),
        ("/hands/1/trump", "no trump here"),
        ("/hands/0/tricks/0", "only they have variations"),
        ("/hands/0/deal/0", "has no 'deal'"),
    ],
)
def test_a_path_that_names_no_item_is_refused_in_words(path: str, words: str) -> None:
    game = loads(RECORD)[0]
    with pytest.raises(LineError) as caught:
        add_variation(game, path, Variation(plays=(Play(Tile(6, 6)),)))
    assert words in str(caught.value)


def test_removing_what_is_no_variation_is_refused() -> None:
    game = loads(RECORD)[0]
    with pytest.raises(LineError, match="names no variation"):
        remove_variation(game, "/hands/0/trump")
    with pytest.raises(LineError, match="no variation '3'"):
        remove_variation(game, "/hands/0/trump/variations/3")

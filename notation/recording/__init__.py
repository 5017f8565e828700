"""Recording a game as it is played: an immutable state that takes one entry at a time.

A :class:`Recording` holds the record so far (a :class:`~notation.model.game.Game`) and answers
what the scorekeeper needs next: whose turn it is to bid or play, the legal bids, the trick
number and leader, the tiles still out, the score lines the plays give, and the findings so
far. Every answer comes from the one engine (:mod:`notation.check.validate`,
:mod:`notation.rules.auction`, :mod:`notation.rules.play`, :mod:`notation.rules.scoring`);
nothing here is a rule of its own. Entries are recorded as written, legal or not: the
findings say what is wrong, and the table decides.

The package is the state (:mod:`notation.recording.state`, :class:`Recording`) and the file
it is kept in (:mod:`notation.recording.record_file`, :class:`RecordFile`, :func:`resume_file`);
what a scorekeeper's screen heads with is :func:`hand_now` (:mod:`notation.recording.hand_now`);
what a scorekeeper types, at ``t42 record``'s prompt or on a club table's phone, is the entry
language of :mod:`notation.recording.entries` (:func:`read_entry`, :func:`enter`,
:func:`as_entry`).

>>> from notation.model.bids import Bid
>>> from notation.model.contracts import Trump
>>> from notation.model.seats import Seat
>>> from notation.model.tiles import Tile
>>> r = Recording.start({"North": "Ann", "Rules": "straight"}, dealer=Seat.N)
>>> r.awaiting, str(r.bidder)
(<Awaiting.BID: 'bid'>, 'E')
>>> for bid in ("pass", "30", "pass", "pass"):
...     r = r.call(Bid.parse(bid))
>>> r.awaiting, str(r.trump_caller)
(<Awaiting.TRUMP: 'trump'>, 'S')
>>> r = r.name_trump(Trump.pip(6)).play(Tile(6, 6)).play(Tile(6, 1))
>>> r.trick_number, str(r.leader), str(r.turn)
(1, 'S', 'N')
>>> print(r.text.split("\\n\\n")[1])
hand 1 dealer N
bid E pass S 30 W pass N pass
trump S sixes
1 S 6-6 6-1
<BLANKLINE>
>>> r.undo().undo().awaiting
<Awaiting.PLAY: 'play'>
"""

from notation.recording.entries import (
    LONGEST_ENTRY,
    Entry,
    EntryError,
    KeptBy,
    Mode,
    Points,
    Start,
    as_entry,
    enter,
    misscored_points,
    parse_tile,
    read_entry,
    typed_entries,
)
from notation.recording.hand_now import HandNow, hand_now
from notation.recording.record_file import RecordFile, open_record, resume_file
from notation.recording.state import (
    IN_PROGRESS,
    Awaiting,
    Recording,
    RecordingError,
    Verdict,
    laydown_key,
)

__all__ = [
    "IN_PROGRESS",
    "LONGEST_ENTRY",
    "Awaiting",
    "Entry",
    "EntryError",
    "HandNow",
    "KeptBy",
    "Mode",
    "Points",
    "RecordFile",
    "Recording",
    "RecordingError",
    "Start",
    "Verdict",
    "as_entry",
    "enter",
    "hand_now",
    "laydown_key",
    "misscored_points",
    "open_record",
    "parse_tile",
    "read_entry",
    "resume_file",
    "typed_entries",
]

"""The JSON form of a game record: one JSON document per game, defined by ``game.schema.json``.

The JSON form holds everything the text form holds (tags, deal, auction, trump, tricks,
ending, score lines and every comment) but not where each item was written (spans). It is
canonical in the same ways as the text ``write_game`` writes: the roster tags first with
``?`` where unknown (standard tag names in their usual case), the deal in seat order with
each seat's tiles high to low, score lines as points, marks, total, 42 points bid as 1m, and
comments braced wherever the text form braces them (on bids and plays, and all but the last
after a line). So text → JSON → text gives the canonical text, JSON → text → JSON gives the
same JSON, and a game read from canonical text comes back from its JSON unchanged.

The functions mirror the :mod:`json` module. The form is made of :mod:`.encode` (the model to
documents and JSON text), :mod:`.check` (the schema and what it cannot see), :mod:`.explain`
(schema errors in words), :mod:`.decode` (JSON text to documents to the model, through
:mod:`.build`, or :mod:`.fast` for a clean record) and :mod:`.locate` (positions in JSON text).
Every problem with the input raises :class:`~notation.errors.RecordError` with the JSON
Pointer of the offending value and, when the input was text, its line and column.

>>> from notation.formats.text.reader import read_games
>>> text = '[Event "demo"]\\nhand 1 dealer N\\nbid E pass S 30 { light } W pass N pass\\n'
>>> game = next(read_games(text)).game
>>> doc = dumps_game(game)
>>> doc["hands"][0]["auction"]["calls"][1]
{'seat': 'S', 'bid': 30, 'comments': {'after': [{'text': 'light', 'braced': True}]}}
>>> loads(dumps(game)) == [game]
True
>>> loads('{"format": "t42-game", "version": 1, "tags": [],'
...       ' "hands": [{"number": 1, "dealer": "X"}]}')
Traceback (most recent call last):
...
notation.errors.RecordError: 1:84: hands/0/dealer: 'X' is not a seat (N, E, S or W)
"""


from notation.formats.json.check import schema, validator
from notation.formats.json.decode import (
    load,
    loads,
    loads_game,
    read_placed_records,
    read_records,
)
from notation.formats.json.document import FORMAT, MAX_DEPTH, VERSION, bid_value
from notation.formats.json.encode import dump, dumps, dumps_game, trump_value
from notation.formats.json.locate import Place, placed, position

__all__ = [
    "FORMAT",
    "MAX_DEPTH",
    "VERSION",
    "Place",
    "bid_value",
    "dump",
    "dumps",
    "dumps_game",
    "load",
    "loads",
    "loads_game",
    "placed",
    "position",
    "read_placed_records",
    "read_records",
    "schema",
    "trump_value",
    "validator",
]

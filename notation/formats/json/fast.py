"""The quick reader of JSON game records, for the common case: a record that is valid.

The careful reader in :mod:`notation.formats.json.form` decodes each record with a guarded decoder,
checks it with the pure-Python ``jsonschema`` and says in a player's words what is wrong and
where. That takes milliseconds a game. This module reads a valid record about a hundred
times faster: it decodes with orjson, checks the schema with jsonschema-rs, and hands the
document to the one builder of :mod:`notation.formats.json.build`, which the careful reader feeds
too. It vouches for a record only when it is sure the careful reader would accept it, and
then gives the same game; for anything else it answers ``None`` and the careful reader
decides, so every message about a bad record is the careful reader's.

What the schema cannot see, the quick reader refuses to vouch for:

- a field written twice (orjson keeps the last silently): the number of fields written in the
  text is compared with the number decoded (:func:`_no_field_twice`);
- NaN, Infinity, numbers beyond 64 bits, lone surrogates, nesting beyond 1024 levels: orjson
  refuses them, and numbers it reads as floats are beyond the schema's maximum;
- nesting too deep for a game: a valid document is ten levels deep at most;
- a tag written twice, or a ; comment that is not the last after its line (the careful
  reader's meaning check): the builder refuses them
  (:class:`~notation.formats.json.build.Unvouched`).

>>> games('{"format": "t42-game", "version": 1, "tags": [], "hands": []}')[0].tags[0]
Tag(name='Event', value='?', before=(), after=())
>>> games('{"format": "t42-game", "version": 1, "tags": [], "hands": [], "hands": []}')
[None]
>>> games('{"format": NaN}') is None
True
"""

from __future__ import annotations

import json
import re
from functools import cache
from typing import TYPE_CHECKING, Any

import orjson

from notation.formats.json.build import SCHEMA_FILE, Unvouched, build_game
from notation.model.game import Game
from notation.resources import read_resource

if TYPE_CHECKING:
    import jsonschema_rs

# The end of a field name in JSON text: a quote not escaped, spaces perhaps, then a colon.
_FIELD_END = re.compile(r'(?<!\\)"[ \t\n\r]*:')


@cache
def validator() -> jsonschema_rs.Validator:
    """The jsonschema-rs validator of game documents, built once from ``game.schema.json``."""
    # Imported here: a run that checks no document this way need not load it.
    import jsonschema_rs

    schema = json.loads(read_resource("schemas", SCHEMA_FILE))
    return jsonschema_rs.validator_for(schema, validate_formats=True)


def games(text: str) -> list[Game | None] | None:
    """The games of JSON text holding one value: a game document, or a list of them.

    Each game is the one the careful reader gives, or ``None`` where only the careful reader
    can say (a bad game, or one the quick reader cannot vouch for). The answer is ``None``
    when the text is not one JSON value that orjson reads, or the value is no game or list.
    """
    try:
        value = orjson.loads(text)
    except orjson.JSONDecodeError:
        return None
    if isinstance(value, dict):
        documents: list[Any] = [value]
    elif isinstance(value, list):
        documents = value
    else:
        return None
    found = [game_of(document) for document in documents]
    if any(game is not None for game in found) and not _no_field_twice(text, value):
        return [None] * len(found)  # perhaps a field written twice: the careful reader looks
    return found


def document_game(document: object) -> Game | None:
    """The game of a document made in Python (as :func:`json.loads` gives), or ``None`` when
    only the careful reader can say.

    The document goes through orjson and must come back equal: that refuses what JSON cannot
    hold as it is (tuples, NaN, enums, keys that are not strings, numbers beyond 64 bits,
    lone surrogates), which the careful reader words.
    """
    try:
        copy = orjson.loads(orjson.dumps(document))
    except (orjson.JSONEncodeError, orjson.JSONDecodeError):
        return None
    return game_of(copy) if copy == document else None


def game_of(document: object) -> Game | None:
    """The game of a decoded document valid against the schema, or ``None`` if not sure.

    Fields written twice are not seen here (the document has only the last): see
    :func:`games`.
    """
    if type(document) is not dict or not validator().is_valid(document):
        return None
    try:
        return build_game(document)
    # Unvouched is for the careful reader to word; a valid document cannot raise the others,
    # and if one does, the careful reader has the last word.
    except (Unvouched, LookupError, TypeError, ValueError):
        return None


def _no_field_twice(text: str, value: object) -> bool:
    """Whether JSON text, decoded as ``value``, surely writes no field twice in an object,
    when no field name ends with a backslash (as in a valid document).

    Each field written has its colon, so the text writes no more fields than it has colons,
    and no field twice if that is how many fields were decoded. A colon inside a string (a
    time, a comment) spoils the quick count: then fields are counted by their names' ends.
    """
    read = _fields_read(value)
    return text.count(":") == read or _fields_written(text) == read


def _fields_written(text: str) -> int:
    """How many object fields JSON text writes, or more, when no field name ends with a
    backslash (as in a valid document).

    Each name ends with a quote that is not escaped, perhaps spaces, and a colon. Quotes
    inside strings are escaped, so only a string that starts with a colon is counted too:
    the count may be too large, never too small. Text with no quote before a space (as t42
    writes it) has no spaces before colons either, and is counted quickly.
    """
    if any(f'"{space}' in text for space in " \t\n\r"):
        return len(_FIELD_END.findall(text))
    return text.count('":') - text.count('\\":')


def _fields_read(value: object) -> int:
    """How many object fields a decoded value has, when no field name ends with a backslash:
    orjson writes each name's closing quote before a colon, and escapes every quote inside a
    string. It is -1 for a value nested too deeply for orjson to write (no game is)."""
    try:
        compact = orjson.dumps(value)
    except orjson.JSONEncodeError:
        return -1
    return compact.count(b'":') - compact.count(b'\\":')

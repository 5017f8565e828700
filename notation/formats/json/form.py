"""The JSON form's functions under the import path docs/api.md and the README show; they live in
:mod:`notation.formats.json` (and its modules encode, check, explain, decode, locate)."""

from notation.formats.json import (
    FORMAT,
    MAX_DEPTH,
    VERSION,
    Place,
    bid_value,
    dump,
    dumps,
    dumps_game,
    load,
    loads,
    loads_game,
    placed,
    position,
    read_placed_records,
    read_records,
    schema,
    trump_value,
    validator,
)

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

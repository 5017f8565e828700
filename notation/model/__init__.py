"""The model: tiles, seats, bids, contracts, rule sets, a game and its findings.

Small immutable values. The model imports nothing of t42 but :mod:`notation.errors`."""

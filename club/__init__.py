"""``t42 serve``: a club night on a laptop. Every table records its game on a phone, the
director sees the standings live.

A user interface like :mod:`replay`: it imports :mod:`notation`, never the reverse. Every
rule of 42 is the engine's (:class:`notation.recording.Recording`); this package keeps the
entries (:mod:`club.store`), folds them into the record (:mod:`club.tables`), schedules the
rounds (:mod:`club.schedule`), ranks the teams (:mod:`club.standings`) and serves the pages
(:mod:`club.app`). :func:`club.serve.serve` is what ``t42 serve`` runs.
"""

from __future__ import annotations

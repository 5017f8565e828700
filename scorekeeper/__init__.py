"""``t42 record``: the scorekeeper at the table, in the terminal.

:mod:`scorekeeper.recorder` is the Textual app (imported only when ``t42 record`` starts);
:mod:`scorekeeper.screen` what it asks and shows. What the scorekeeper types is the entry
language of :mod:`notation.recording.entries`, every rule the engine's
(:mod:`notation.recording`). Not a replay: :mod:`replay` steps through a finished record.
"""

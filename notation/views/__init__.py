"""Views of records for people: words, steps of a replay, SVG pictures, Rich tables,
and the safe printing of a record's text."""

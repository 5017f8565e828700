"""The formats: the notation (:mod:`notation.formats.text`) and JSON
(:mod:`notation.formats.json`), each read and written over the model."""

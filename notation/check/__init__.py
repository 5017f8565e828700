"""The checks of a record against the rules: validation by concern, and lay-downs."""

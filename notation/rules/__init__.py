"""The rules of play: following suit, the auction, tricks, scoring, dealing.

Pure functions over the model (docs/rules.md); no I/O."""

"""JSON and JSON Lines (schemas/game.schema.json): encode, decode with located
errors, build the model, and a quick decoder for clean records."""

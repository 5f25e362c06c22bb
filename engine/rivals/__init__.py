"""Rivals: the deckbuilding battle royale on a shrinking hex map (2-6 players).

The package is split by role: `data/` (the box), `hexes` (geometry and sight), `state`,
`actions`, `setup`, `rules/` (phases and legality), `effects` (what cards do), `views`,
`scoring`, `texts`, `ai` and `game` (the contract object). Interpretations and every designed
component are recorded in RULES_NOTES.md.
"""

"""Rivals: the deckbuilding battle royale on a shrinking hex map (2-6 players).

The package imports nothing: the game list reads `meta.py`, and the rules load from
`engine.rivals.game` (`GAME`) when the game is chosen. Modules by role: `data/` (the box) and
`geometry` (hexes, distances, lines of sight), `state`, `options`, `actions`, `setup`, `drone`
(the two-seat drone mode's body), `rules/` (the phase table and every decision), `effects`
(what cards do), `views`, `scoring`, `ai`, `texts`, `notation`. Every designed component and
interpretation is in RULES_NOTES.md.
"""

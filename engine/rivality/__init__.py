"""Rivality: tiles, golems and magicians on a growing battlefield (1-4 players).

The package imports nothing: the game list reads `meta.py`, and the rules load from
`engine.rivality.game` (`GAME`) when the game is chosen. Modules by role: data and geometry
(tiles and derived tables), state, options, actions, setup, battlefield (read-only facts about
the board: control, shields, reach, sieges), effects (what a spell does), rules/ (legality, the
turn, resolution, sieges, solo), views, scoring, ai, texts, preview (the board's placement
preview).
"""

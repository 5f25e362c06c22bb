"""Rivality: tiles, golems and magicians on a growing battlefield (1-4 players).

The package imports nothing: the game list reads `meta.py`, and the rules load from
`engine.rivality.game` (`GAME`) when the game is chosen. Modules by role: `data` and `geometry`
(the box and derived tables), `state`, `options`, `actions`, `setup`, `queries` (read-only
facts about the board: control, shields, reach, sieges), `rules/` (the phase table, legality,
the turn, resolution, sieges, solo), `effects` (what a spell does), `views`, `scoring`, `ai`,
`texts`, `notation`, `preview` (the board's placement preview).
"""

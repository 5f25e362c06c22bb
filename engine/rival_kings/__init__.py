"""Rival Kings: court characters, conflicts, subjects and buildings (2-5 players).

The package imports nothing: the game list reads `meta.py`, and the rules load from
`engine.rival_kings.game` (`GAME`) when the game is chosen. Modules by role: `data` (the box),
`state`, `options`, `actions`, `setup`, `queries` (read-only facts: purses, ranks, prices),
`rules/` (the phase table, legality, the cycle, a player's turn), `effects` (what cards do),
`views`, `scoring`, `ai`, `texts`, `notation`.
"""

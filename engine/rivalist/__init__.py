"""Rivalist: a two-player duel of three Ages, wonders, science and military.

The package imports nothing: the game list reads `meta.py`, and the rules load from
`engine.rivalist.game` (`GAME`) when the game is chosen. Modules by role: `data` (the box:
cards, wonders, tokens, pyramids, the military track), `state` (and the facts derived from it),
`options`, `actions`, `setup`, `rules/` (the phase table, one module per kind of decision, the
flow after a turn, prices), `effects` (what cards, Wonders and tokens do), `views`, `scoring`,
`ai`, `texts`, `notation`.
"""

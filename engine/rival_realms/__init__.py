"""Rival Realms: summon regions into your realm and explore them before your rival (1-2 players,
or solo against the Mischievous Raven).

The package imports nothing: the game list reads `meta.py`, and the rules load from
`engine.rival_realms.game` (`GAME`) when the game is chosen. Modules by role: `data` (the box),
`state`, `options`, `actions`, `setup`, `queries` (read-only facts about a realm: where a card
may go, where the adventurer may walk and what it costs), `rules/` (the phase table, set-up,
the turn, draws, events, the flow), `effects` (what cards do), `views`, `scoring`, `ai`,
`texts`, `notation`.
"""

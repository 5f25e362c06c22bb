"""Rivalist: a two-player duel of three Ages, wonders, science and military.

Where things are (docs/ARCHITECTURE.md explains the roles):

- `meta`, `options`: what the game list needs, without loading the rules;
- `data`: cards, wonders, tokens, pyramids, the military track (checked by tests);
- `state`: the mutable state and facts derived from it; `actions`: the decisions;
- `setup`: the draft's first group, the tokens, dealing an Age;
- `rules/`: one module per kind of decision, `rules.phases.PHASES` from phase to its rules,
  `rules.flow` for what follows a turn, `rules.costs` for prices;
- `effects`: what cards, Wonders and tokens do; `scoring`: the outcome;
- `views`: view and determinize; `texts`: prompts and descriptions; `ai`: the evaluation;
- `game`: `GAME`, the contract wired to the above.
"""

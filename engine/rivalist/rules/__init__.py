"""Rivalist's phases and legality. `rules.dispatch.PHASES` maps the phase a state is in to the
rules of the decision owed in it (a `rules.phase.Phase`):

- `draft`: pick one of the revealed Wonders (rules/draft.py);
- `take`, `use`: a turn's two decisions, take a pyramid card and use it (rules/turn.py);
- `token`, `library`, `destroy`, `steal`, `starter`: the extra decisions an effect or the end
  of an Age asks for (rules/picks.py).

What happens after a decision (the next turn, an extra turn, the end of an Age or of the game)
is in rules/flow.py; what it costs in rules/costs.py.
"""

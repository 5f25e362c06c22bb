"""Rivalist's phases and legality. `rules.phases.PHASES` maps the phase a state is in to the
rules of the decision owed in it (an `engine.core.phases.Phase`), written in one module per
kind of decision:

- `draft`: pick one of the revealed Wonders (rules/draft.py);
- `take`, `use`: a turn's two decisions, take a pyramid card and use it (rules/turn.py);
- `token`, `library`, `destroy`, `steal`, `starter`: the extra decisions an effect or the end
  of an Age asks for (rules/picks.py).

What happens after a decision (the next turn, an extra turn, the end of an Age or of the game)
is in rules/flow.py; what it costs in rules/costs.py.
"""

"""The Rival Kings evaluation the bots search with: a projected score difference in [0, 1].

Bots must never stall a game: the rulebook only ends it when a pile runs out, so a table of bots
that all prefer keeping their coins would play forever. Here coins lose value to a bot while the
table idles (every completed cycle without a purchase halves, thirds… their weight), so after one
idle cycle any affordable card is worth more to it than the coins it costs and somebody buys.
"""

from __future__ import annotations

import math

from engine.rival_kings.data import CARDS
from engine.rival_kings.queries import purse
from engine.rival_kings.scoring import outcome, score
from engine.rival_kings.state import RivalKingsState


def coin_weight(s: RivalKingsState) -> float:
    """What a coin in a purse is worth to a bot, in points. At the end 3 coins score 1; while
    there is time to spend them (no pile nearly empty) they are worth more; an idle table makes
    them worth less, so that buying anything beats waiting."""
    left = min(len(p) for p in s.piles)
    return (1 / 3 + (1 / 6) * min(1.0, left / 4)) / (1 + s.idle_cycles)


def evaluate(s: RivalKingsState, seat: int) -> float:
    """Cards and markers count as they would score now; coins at `coin_weight`; a card still
    waiting for its partner carries some of the pair it may become."""
    if s.over:
        out = outcome(s)
        assert out is not None
        if seat in out.winners:
            return 1.0 if len(out.winners) == 1 else 0.75
        mine_final = out.scores[seat]
        return 0.25 * (mine_final - min(out.scores)) / max(1, max(out.scores) - min(out.scores))
    left = min(len(p) for p in s.piles)
    per_coin = coin_weight(s)
    pair_weight = 0.5 * min(1.0, left / 4)
    vals = []
    for i in range(s.seats):
        b = score(s.buildings[i], s.subjects[i], 0, s.markers[i])
        potential = sum(CARDS[c].value - 1 for c in b.singles)
        vals.append(b.total + max(0, purse(s, i)) * per_coin + potential * pair_weight)
    mine = vals[seat]
    best_other = max(v for i, v in enumerate(vals) if i != seat)
    return 1.0 / (1.0 + math.exp(-(mine - best_other) / 5.0))

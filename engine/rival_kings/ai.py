"""The Rival Kings evaluation the bots search with: a projected score difference in [0, 1].

Bots must never stall a game: the rulebook only ends it when a pile runs out, so a table of bots
that all prefer keeping their coins would play forever. Here coins lose value to a bot while the
table idles (every completed cycle without a purchase halves, thirds… their weight), so after one
idle cycle any affordable card is worth more to it than the coins it costs and somebody buys.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from engine.core.rng import Rng
from engine.rival_kings.actions import Action, Buy, EndTurn, Recruit, Skip, TakeMoney
from engine.rival_kings.data import CARDS, SUBJECT
from engine.rival_kings.queries import price, purse
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


def rollout_move(s: RivalKingsState, seat: int, moves: Sequence[Action], rng: Rng) -> Action:
    """A rule of thumb for the search's rollouts (expert's, `RivalKings.ai_level`), costing no
    look ahead: never skip an action or end a turn while something else is offered; buy or
    recruit the card that adds most to the score as it stands, less its price in coins; take the
    richest pile's money; anything else (the character, a theft, a conflict, an ability) at
    random. Random play skips an action or ends a turn at one choice in two or three, throwing
    away much of what a character gives, so the value read after it hardly tells one character
    from another."""
    useful: list[Action] = [m for m in moves if not isinstance(m, (Skip, EndTurn))] or list(moves)
    cards = [m for m in useful if isinstance(m, (Buy, Recruit))]
    if cards:
        return max(cards, key=lambda m: _card_gain(s, seat, m))
    money = [m for m in useful if isinstance(m, TakeMoney)]
    if money:
        return max(money, key=lambda m: s.pile_ones[m.pile] + 2 * s.pile_twos[m.pile])
    return rng.choice(useful)


def _card_gain(s: RivalKingsState, seat: int, m: Buy | Recruit) -> float:
    """What taking the top card of the move's pile adds to the seat's score now, less its price
    at `coin_weight`."""
    card = s.piles[m.pile][-1]
    buildings, subjects = s.buildings[seat], s.subjects[seat]
    if CARDS[card].kind == SUBJECT:
        subjects = [*subjects, card]
    else:
        buildings = [*buildings, card]
    gained = score(buildings, subjects, 0, 0).total
    return gained - price(s, m.pile, m.discount) * coin_weight(s)

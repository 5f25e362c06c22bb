"""What each Rival Kings seat may see (`view`), and full states consistent with a view for the AI
(`determinize`). Hidden values are -1: other hands and face-down choices, the set-aside or
face-down characters, pile cards below the top, the money under the piles and other purses."""

from __future__ import annotations

import math

from engine.core import Rng
from engine.core.copying import copier
from engine.rival_kings.data import BUILDING_IDS, CARDS, CHARACTERS, SUBJECT_IDS
from engine.rival_kings.state import RivalKingsState

_copy = copier(RivalKingsState)


def view(s: RivalKingsState, seat: int | None) -> RivalKingsState:
    v = _copy(s)
    for i in range(s.seats):
        if i == seat:
            continue
        v.hands[i] = [-1] * len(s.hands[i])
        if s.phase == "choose" and s.played[i] is not None:
            v.played[i] = -1
        v.purse_ones[i] = -1
        v.purse_twos[i] = -1
    v.aside = [-1] * len(s.aside)
    v.piles = [[-1] * (len(p) - 1) + [p[-1]] if p else [] for p in s.piles]
    for p in range(4):
        if s.pile_ones[p] or s.pile_twos[p]:
            v.pile_ones[p] = -1
            v.pile_twos[p] = -1
    v.rng = Rng(0)
    return v


def determinize(v: RivalKingsState, seat: int, rng: Rng) -> RivalKingsState:
    d = _copy(v)
    # Characters: every id not seen by `seat` goes, shuffled, into the hidden slots.
    known = set(d.hands[seat]) | set(d.pile_shown)
    for i in range(d.seats):
        known.update(d.spent[i])
        c = d.played[i]
        if c is not None and c >= 0:
            known.add(c)
    unknown = [c for c in range(len(CHARACTERS)) if c not in known]
    rng.shuffle(unknown)
    for i in range(d.seats):
        if i != seat:
            d.hands[i] = [unknown.pop() if c < 0 else c for c in d.hands[i]]
            d.hands[i].sort()
            if d.played[i] == -1:
                d.played[i] = unknown.pop()
    d.aside = [unknown.pop() if c < 0 else c for c in d.aside]
    # Cards below the pile tops: drawn from the cards not seen, so that the cards left over as
    # money have exactly as many 1-coin backs as the game holds.
    _fill_piles(d, rng)
    # Money: the hidden coin cards spread over the piles known to hold some and the other purses.
    _fill_money(d, seat, rng)
    d.rng = rng.fork()
    return d


def _fill_piles(d: RivalKingsState, rng: Rng) -> None:
    seen = {c for p in d.piles for c in p if c >= 0}
    for i in range(d.seats):
        seen.update(d.buildings[i])
        seen.update(d.subjects[i])
    kb = sum(1 for p in (0, 1) for c in d.piles[p] if c < 0)
    ks = sum(1 for p in (2, 3) for c in d.piles[p] if c < 0)
    ub = [c for c in BUILDING_IDS if c not in seen]
    us = [c for c in SUBJECT_IDS if c not in seen]
    ub1 = [c for c in ub if CARDS[c].back == 1]
    ub2 = [c for c in ub if CARDS[c].back == 2]
    us1 = [c for c in us if CARDS[c].back == 1]
    us2 = [c for c in us if CARDS[c].back == 2]
    n1 = len(ub1) + len(us1) - d.total_ones  # 1-coin backs that must be hidden in the piles
    # How many of the hidden buildings have a 1-coin back: drawn with the weight of the number of
    # ways each split can happen, so every consistent deal is equally likely.
    weights = []
    for x in range(0, kb + 1):
        y = n1 - x
        ok = 0 <= y <= ks
        w = math.comb(len(ub1), x) * math.comb(len(ub2), kb - x) if ok else 0
        weights.append(w * math.comb(len(us1), y) * math.comb(len(us2), ks - y) if ok else 0)
    total = sum(weights)
    x = 0
    if total > 0:
        r = rng.below(total)
        while r >= weights[x]:
            r -= weights[x]
            x += 1
    y = n1 - x
    for group in (ub1, ub2, us1, us2):
        rng.shuffle(group)
    bpool = ub1[:x] + ub2[: kb - x]
    spool = us1[: max(0, y)] + us2[: ks - max(0, y)]
    rng.shuffle(bpool)
    rng.shuffle(spool)
    for p in range(4):
        pool = bpool if p < 2 else spool
        d.piles[p] = [pool.pop() if c < 0 and pool else c for c in d.piles[p]]


def _fill_money(d: RivalKingsState, seat: int, rng: Rng) -> None:
    hidden_piles = [p for p in range(4) if d.pile_ones[p] < 0]
    others = [i for i in range(d.seats) if i != seat and d.purse_ones[i] < 0]
    known1 = d.supply_ones + sum(x for x in d.pile_ones if x > 0) + sum(x for x in d.purse_ones if x > 0)
    known2 = d.supply_twos + sum(x for x in d.pile_twos if x > 0) + sum(x for x in d.purse_twos if x > 0)
    pool = [1] * max(0, d.total_ones - known1) + [2] * max(0, d.total_twos - known2)
    rng.shuffle(pool)
    for p in hidden_piles:
        d.pile_ones[p] = 0
        d.pile_twos[p] = 0
    for i in others:
        d.purse_ones[i] = 0
        d.purse_twos[i] = 0
    places: list[tuple[str, int]] = [("p", p) for p in hidden_piles] + [("s", i) for i in others]
    if not places:
        return
    for k, coin in enumerate(pool):
        # A pile known to hold money gets at least one coin card first.
        kind, idx = places[k] if k < len(hidden_piles) else places[rng.below(len(places))]
        ones, twos = (d.pile_ones, d.pile_twos) if kind == "p" else (d.purse_ones, d.purse_twos)
        if coin == 1:
            ones[idx] += 1
        else:
            twos[idx] += 1

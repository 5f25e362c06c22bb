"""What a seat may see, and plausible full states behind a view (for the AI's search).

A view hides the other seats' hands, every pile (their sizes stay known), the tile chosen this
turn until it is laid, and the face-down solo tiles. `determinize` deals the hidden tiles again
so that the sample agrees with everything the view implies:
- the tiles a side can still hold are its pile's (two players, four in teams) or, with three
  players, any unseen tile, keeping each player's set of eight at exactly two Fortresses;
- a pile's bottom tile is not a Fortress (the set-up reshuffles until it is not);
- while the first player is offered a redraw, neither of their tiles can reach the Mana Well
  (the offer is made only then);
- a tile chosen but not laid yet is one of the hand's.
"""

from __future__ import annotations

from engine.core import Rng
from engine.core.copying import copier
from engine.rivality.data import HITS_ADJACENT, IS_FORTRESS, PILE_A, PILE_B, TILES
from engine.rivality.state import RivalityState

_copy = copier(RivalityState)


def view(s: RivalityState, seat: int | None) -> RivalityState:
    v = _copy(s)
    v.hands = [list(h) if i == seat else [-1] * len(h) for i, h in enumerate(s.hands)]
    v.piles = [[-1] * len(p) for p in s.piles]
    if seat != s.turn and s.phase in ("place", "orient"):
        v.chosen = -1  # still in the hand until it is laid
    v.tile = [t if up else -1 for t, up in zip(s.tile, s.faceup, strict=True)]
    v.rng = Rng(0)
    return v


def determinize(v: RivalityState, seat: int, rng: Rng) -> RivalityState:
    """A full state behind view `v` of `seat`, drawn with `rng`."""
    d = _copy(v)
    if d.mode == "solo":
        seen = {t for t in d.tile if t >= 0}
        pool = [t for t in PILE_B if t not in seen]
        rng.shuffle(pool)
        for c in range(len(d.tile)):
            if d.tile[c] < 0:
                d.tile[c] = pool.pop()
        d.rng = rng.fork()
        return d
    fixed = _mulligan_hand(d, seat, rng)
    if d.sides == 2:
        on_board = set(d.tile)
        mine = set(d.hands[seat]) | set(fixed)
        for k, full in enumerate((PILE_A, PILE_B)):
            pool = [t for t in full if t not in on_board and t not in mine]
            _deal_hidden(d, k, pool, rng, fixed)
    else:
        _deal_three(d, seat, rng, fixed)
    if d.chosen < 0 and d.phase in ("place", "orient"):
        d.chosen = d.hands[d.turn][0]
    d.rng = rng.fork()
    return d


def _mulligan_hand(d: RivalityState, seat: int, rng: Rng) -> list[int]:
    """While the redraw is offered and the first player's hand is hidden from `seat`: a hand of
    tiles that cannot reach the Mana Well, picked among the tiles `seat` has not seen."""
    if d.phase != "mulligan" or seat == 0 or any(t >= 0 for t in d.hands[0]):
        return []
    seen = set(d.tile) | set(d.hands[seat])
    if d.sides == 2:
        unseen = [t for t in (PILE_A, PILE_B)[d.side_of[0]] if t not in seen]
    else:
        unseen = [t for t in range(1, len(TILES)) if t not in seen]
    far = [t for t in unseen if not HITS_ADJACENT[t]]
    rng.shuffle(far)
    return far[: len(d.hands[0])]


def _deal_three(d: RivalityState, seat: int, rng: Rng, fixed: list[int]) -> None:
    """Three players: each player's eight tiles hold exactly two Fortresses, so each side is
    dealt the Fortresses and other tiles it still lacks, after what it has laid and shown."""
    laid_f = [0] * 3
    laid_n = [0] * 3
    for c in range(1, len(d.tile)):
        if IS_FORTRESS[d.tile[c]]:
            laid_f[d.by[c]] += 1
        else:
            laid_n[d.by[c]] += 1
    known = [(t, d.side_of[seat]) for t in d.hands[seat]] + [(t, d.side_of[0]) for t in fixed]
    for t, side in known:
        if IS_FORTRESS[t]:
            laid_f[side] += 1
        else:
            laid_n[side] += 1
    taken = set(d.tile) | set(d.hands[seat]) | set(fixed)
    hidden = [t for t in range(1, len(TILES)) if t not in taken]
    forts = [t for t in hidden if IS_FORTRESS[t]]
    others = [t for t in hidden if not IS_FORTRESS[t]]
    rng.shuffle(forts)
    rng.shuffle(others)
    for k in range(3):
        nf = max(0, 2 - laid_f[k])
        nn = max(0, 6 - laid_n[k])
        pool = [forts.pop() for _ in range(min(nf, len(forts)))] + [
            others.pop() for _ in range(min(nn, len(others)))
        ]
        _deal_hidden(d, k, pool, rng, fixed)


def _deal_hidden(d: RivalityState, side: int, pool: list[int], rng: Rng, fixed: list[int]) -> None:
    """Fill the hidden hands of `side`'s seats and its pile from `pool` (the first player's hand
    from `fixed` when one was picked for the redraw offer)."""
    rng.shuffle(pool)
    for i in range(d.seats):
        if d.side_of[i] != side:
            continue
        if i == 0 and fixed:
            d.hands[0] = list(fixed)
            continue
        d.hands[i] = [pool.pop() if t < 0 else t for t in d.hands[i]]
    pile = d.piles[side]
    n = len(pile)
    new = [pool.pop() for _ in range(n)]
    # The bottom tile was checked not to be a Fortress when the pile was shuffled.
    if new and IS_FORTRESS[new[0]]:
        for j in range(1, n):
            if not IS_FORTRESS[new[j]]:
                new[0], new[j] = new[j], new[0]
                break
    d.piles[side] = new

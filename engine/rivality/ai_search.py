"""The search's reading of a Rivality duel (`Game.ai_search_evaluate`) and its horizon
(`Game.ai_turn_mark`); the greedy bot keeps `ai.evaluate`.

What decides a duel: every turn swings the score towards the player laying, by about eight points
in greedy self-play (two players), so the player whose turn ends the game nearly always wins —
the one who lays the last tile, or the one whose spells empty their supply (the game stops at
once). In 40 greedy games the player who laid last won 35. A reading that stops where a turn ends
has to see the next swing: the search plays its own turn (tile, square, facing) to its end, then
lets the next player lay the best of a few placements, tried for real, before judging the
position. Placements that empty the mover's supply are always among those tried, so a reply
that ends the game (and wins it) is seen, and so is one of ours that does. The judging itself is
the evaluation's: tiles held, weighed by how safely, plus half the best gain open to whoever is
then about to lay. Near the end (few tiles left, or a supply nearly empty) the players go on
replying in turn, and when that ends the game within a few turns, who won it makes up half the
value. Expert's reading, at two seats, also counts the golems left in each supply against their
side (SUPPLY_COST): spending them brings the end, and the last swing, within reach.

Solo keeps the evaluation and no horizon: Souramoun's answers follow by rule, and the search's
tree already looks several moves ahead there.
"""

from __future__ import annotations

from array import array

from engine.core.copying import copier
from engine.rivality.actions import CHOOSE_TILE, PLACE_AT
from engine.rivality.ai import PENDING_WEIGHT, evaluate, final_value, held, lead_value
from engine.rivality.data import LIMIT, SHIELDS, SPELLS, VALUE
from engine.rivality.rules import legality as rule
from engine.rivality.rules import perform as do
from engine.rivality.scoring import outcome
from engine.rivality.state import RivalityState

_copy = copier(RivalityState)

# Placements of a reply tried for real: the best few by the quick estimate, and as many of those
# that empty the supply.
TRIED = 3
# A supply this low may be emptied in one turn (the magician's golem and every spell landing).
LOW_SUPPLY = 8
# A reply that ends the game is worth more to the mover than any lead in points.
DECIDED = 100.0
# Near the end (this many tiles left to lay, or a supply this low) the replies go on, each player
# in turn, up to this many turns; when they end the game its result makes up this share of the
# value, the reading after the first reply the rest.
ENDGAME_TURNS = 6
ENDGAME_SUPPLY = 10
ENDGAME_WEIGHT = 0.5
# Expert's reading at two seats counts each golem left in a supply this many points against its
# side (hard's counts each 0.03 in its favour, `held`). The supply that runs out ends the game at
# once, and the player whose turn ends it nearly always wins: golems already on the battlefield
# bring the end within reach of the side that spent them, which the reading after one reply sees
# only when the end is a few turns away. Hard's search reading so won 31 of 48 games against hard,
# and expert with it 136 of 200 fresh ones (docs/AI.md).
SUPPLY_COST = 0.25


def turn_mark(s: RivalityState) -> int | None:
    """Turns played: the search looks to the end of the turn it is in (duel only)."""
    return s.turns if s.mode == "duel" else None


def turn_start(s: RivalityState) -> bool:
    """Whether the player on turn has laid nothing yet (with one tile left, it is chosen)."""
    return s.phase == "tile" or (s.phase == "place" and len(s.hands[s.turn]) == 1)


# The two other golem colours of a side, in the order the limit's removal looks at them.
_OTHERS = ((1, 2), (0, 2), (0, 1))


def _hit(s: RivalityState, c: int, side: int, n: int, ignore: bool) -> tuple[float, int]:
    """(points gained, golems landed) when `side` summons n golems onto cell c, the supply aside:
    a tile taken from a rival counts its value for both, a contested one part of it, and a little
    is credited for golems added to a tile already held."""
    g = s.golems
    b = c * 3
    a = [g[b], g[b + 1], g[b + 2]]
    k = s.ctrl[c]
    if k >= 0 and k != side and not ignore:
        n -= min(n, SHIELDS[s.tile[c]] + (1 if a[k] == LIMIT else 0))
    if n <= 0:
        return 0.0, 0
    landed = n
    a[side] += n
    over = a[0] + a[1] + a[2] - LIMIT
    o0, o1 = _OTHERS[side]
    while over > 0:
        j = o0 if a[o0] >= a[o1] else o1  # the rival side with more golems (the first on a tie)
        if a[j] == 0:
            a[side] -= over
            landed -= over
            break
        a[j] -= 1
        over -= 1
    a0, a1, a2 = a
    new = 0 if a0 > a1 and a0 > a2 else 1 if a1 > a0 and a1 > a2 else 2 if a2 > a0 and a2 > a1 else -1
    v = VALUE[s.tile[c]]
    if new != k:
        won = (new == side) - (k == side)
        lost = (k >= 0 and k != side) - (new >= 0 and new != side)
        return v * won + 0.7 * v * lost, landed
    return (0.05 * n * v if new == side else 0.0), landed


Placement = tuple[float, int, int, int, int]  # (estimated gain, golems spent, tile, square, facing)


def placements(s: RivalityState, top: int) -> list[Placement]:
    """The `top` placements open to the player on turn by the quick estimate of what their
    spells gain (delayed spells and sieges aside), then, when the supply is low, the `top` best
    of those that would empty it; equal estimates keep the order in which they are met. Spells are
    summed per square; one that lands nowhere adds nothing, so a placement casting nothing stands
    for all the others."""
    side = s.side_of[s.turn]
    tiles = [s.chosen] if s.chosen >= 0 else s.hands[s.turn]
    fr = s.frontier
    at = s.at
    enemy_mages = {m for k, m in enumerate(s.mage) if k != side and m >= 0}
    supply = s.supply[side]
    low = supply <= LOW_SUPPLY
    hits: dict[int, list[tuple[int, int]]] = {}  # spell offset -> (square index, cell hit)
    memo: dict[int, tuple[float, int]] = {}  # (cell, golems, shields ignored) -> what they gain
    nf = len(fr)
    gain = [0.0] * nf  # per square, for the tile and facing at hand
    spent = [0] * nf  # (0: no spell lands from there)
    best: list[Placement] = []
    enders: list[Placement] = []
    found = False
    for t in tiles:
        for rot in range(4):
            met: list[int] = []  # squares in the order a spell first lands from them
            for _e, off, n, _d, ignore, _dr in SPELLS[t][rot]:
                h = hits.get(off)
                if h is None:
                    h = hits[off] = []
                    for i, p in enumerate(fr):
                        c = at.get(p + off)
                        if c is not None and c not in enemy_mages:
                            h.append((i, c))
                for i, c in h:
                    key = c * 10 + n * 2 + ignore  # (golems up to 4)
                    r = memo.get(key)
                    if r is None:
                        r = memo[key] = _hit(s, c, side, n, ignore)
                    if spent[i]:
                        gain[i] += r[0]
                        spent[i] += r[1]
                    else:
                        gain[i] = r[0]
                        spent[i] = 1 + r[1]
                        met.append(i)
            if not met:
                continue
            found = True
            # Only a placement that beats the last one kept is built (most do not).
            for i in met:
                g, k = gain[i], spent[i]
                spent[i] = 0
                if len(best) < top or g > best[-1][0]:
                    _keep(best, top, (g, k, t, fr[i], rot))
                if low and k >= supply and (len(enders) < top or g > enders[-1][0]):
                    _keep(enders, top, (g, k, t, fr[i], rot))
    if not found:
        best = [(0.0, 1, tiles[0], fr[0], 0)]
        if low and supply <= 1:
            enders = best[:]
    return best + enders


def _keep(kept: list[Placement], top: int, p: Placement) -> None:
    """Put `p` among the `kept` placements (best estimate first), after those it does not beat,
    and keep `top` of them."""
    i = len(kept)
    while i and kept[i - 1][0] < p[0]:
        i -= 1
    kept.insert(i, p)
    if len(kept) > top:
        kept.pop()


def mover_lead(s: RivalityState, side: int) -> float:
    """How a reply is chosen: `side`'s lead in held points after it, or DECIDED when it ended the
    game (won or lost)."""
    if s.phase == "over":
        out = outcome(s)
        assert out is not None
        return DECIDED if any(s.side_of[w] == side for w in out.winners) else -DECIDED
    vals = held(s)
    return vals[side] - max(vals[k] for k in range(s.sides) if k != side)


def _lay(d: RivalityState, t: int, p: int, rot: int) -> None:
    """The player on turn lays tile t at p facing rot; the rest of the turn's decisions (whose
    golem goes at the limit, the order of delayed spells) take the first choice."""
    seat = d.turn
    if d.phase == "tile":
        do.choose_tile(d, seat, CHOOSE_TILE[t])
    do.place(d, seat, PLACE_AT[p])
    do.orient(d, seat, rule.ORIENTS[rot])
    while d.phase in ("remove", "delayed"):
        if d.phase == "remove":
            do.remove_golem(d, d.actor, rule.remove_candidates(d, d.actor)[0])  # type: ignore[arg-type]
        else:
            do.cast_delayed(d, d.actor, rule.delayed_candidates(d, d.actor)[0])  # type: ignore[arg-type]


def reply(s: RivalityState) -> RivalityState:
    """A copy of `s` after the player on turn lays the best of the placements tried."""
    side = s.side_of[s.turn]
    best, best_v = s, -2 * DECIDED
    for _g, _spent, t, p, rot in placements(s, TRIED):
        d = _copy(s)
        _lay(d, t, p, rot)
        v = mover_lead(d, side)
        if v > best_v:
            best, best_v = d, v
    return best


def judge(s: RivalityState, seat: int, supply_cost: float = 0.0) -> float:
    """The evaluation's reading, its pending gain taken from `placements` where a turn begins;
    there each golem left in a side's supply counts `supply_cost` points against it (expert's)."""
    if s.phase == "over":
        return final_value(s, seat)
    if not turn_start(s):
        return evaluate(s, seat)
    vals = held(s)
    if supply_cost:
        for k in range(s.sides):
            vals[k] -= supply_cost * s.supply[k]
    vals[s.side_of[s.turn]] += PENDING_WEIGHT * placements(s, 1)[0][0]
    return lead_value(vals, s, seat)


# Values already worked out, by position and seat. The search meets the same positions again and
# again (it cycles over a few sampled worlds, and a turn has only so many ends), and working one
# out plays a reply; the value is a function of the position alone, so it is kept. Emptied when
# full: a decision adds a few thousand, and 10,000 keys take about 6 MB.
_seen: dict[tuple[str, bytes], float] = {}
_seen_by_expert: dict[tuple[str, bytes], float] = {}
SEEN_LIMIT = 10_000


def _key(s: RivalityState, seat: int) -> tuple[str, bytes]:
    """Everything a value depends on: the rules played, the battlefield, the supplies, every hand
    and pile (the reply draws), whose turn it is and how far it has gone, packed as bytes."""
    ints = [seat, s.expert, s.turn, s.turns, s.chosen, s.target, len(s.pos), *s.pos, *s.tile, *s.rot]
    ints += s.golems
    ints += s.mage
    ints += s.supply
    for row in (*s.hands, *s.piles):
        ints.append(len(row))
        ints += row
    return s.phase, array("i", ints).tobytes()


def search_evaluate(s: RivalityState, seat: int) -> float:
    """The search's value of `s` for `seat`: where a turn begins, after the mover's reply."""
    return _search_value(s, seat, 0.0, _seen)


def expert_evaluate(s: RivalityState, seat: int) -> float:
    """Expert's value at two seats (`Rivality.ai_level`): the search's, with every golem left in
    a supply counted SUPPLY_COST points against its side."""
    return _search_value(s, seat, SUPPLY_COST, _seen_by_expert)


def _search_value(
    s: RivalityState, seat: int, supply_cost: float, seen: dict[tuple[str, bytes], float]
) -> float:
    if s.mode != "duel":
        return evaluate(s, seat)
    if s.phase == "over" or not turn_start(s):
        return judge(s, seat, supply_cost)
    key = _key(s, seat)
    v = seen.get(key)
    if v is None:
        if len(seen) >= SEEN_LIMIT:
            seen.clear()
        v = seen[key] = _value(s, seat, supply_cost)
    return v


def _value(s: RivalityState, seat: int, supply_cost: float) -> float:
    """The reading after the mover's reply; near the end, part of it is the result of the
    players' replies one after the other until the game ends (when it does within
    ENDGAME_TURNS): who lays last is what decides."""
    d = reply(s)
    v = judge(d, seat, supply_cost)
    if d.phase == "over" or not _near_end(d):
        return v
    for _ in range(ENDGAME_TURNS):
        d = reply(d)
        if d.phase == "over":
            return (1 - ENDGAME_WEIGHT) * v + ENDGAME_WEIGHT * final_value(d, seat)
    return v


def _near_end(s: RivalityState) -> bool:
    """Whether the game may end within a few turns: few tiles left, or a supply nearly empty."""
    left = sum(len(h) for h in s.hands) + sum(len(p) for p in s.piles)
    return left <= ENDGAME_TURNS or min(s.supply) <= ENDGAME_SUPPLY

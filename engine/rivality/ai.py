"""The AI's view of a Rivality position: a projected score lead squashed into [0, 1], and a quick
estimate of what laying a tile somewhere would gain (credited to the player about to lay one); in
solo, the best next move of the magician, played for real (Souramoun's answer follows by rule)."""

from __future__ import annotations

import math

from engine.core import LevelSearch
from engine.core.copying import copier
from engine.rivality.data import LIMIT, MANA_WELL, SHIELDS, SPELLS, VALUE
from engine.rivality.rules import legality as rule
from engine.rivality.rules import perform as do
from engine.rivality.rules.solo import move_magician
from engine.rivality.scoring import outcome, side_scores
from engine.rivality.state import RivalityState

_copy = copier(RivalityState)

# How much of the best gain open to the player laying a tile the evaluation credits them with.
# Any positive weight ranks that player's choices the same way; a full weight made the search's
# depth-limited rollouts noisy (hard won 15 of 40 against greedy at 1.0, 10 of 20 at 0.5).
PENDING_WEIGHT = 0.5
# Solo: the share of a finished game's value that hard's search gives the margin over Souramoun
# (`solo_result`); with a half it beat Souramoun less often on the first 100 deals (docs/AI.md).
SOLO_MARGIN_WEIGHT = 0.25


def placement_gain(s: RivalityState, t: int, p: int, rot: int, side: int) -> float:
    """A quick estimate of the points `side` gains by laying tile t at p facing rot: each spell's
    change of control (taking a tile from a rival counts its value for both), plus a little for
    golems added to tiles already held. Delayed spells and sieges are not looked at."""
    at = s.at
    g = s.golems
    mage = s.mage
    sup = s.supply[side] - 1
    gain = 0.0
    for _e, off, n, _d, ignore, _dr in SPELLS[t][rot]:
        c = at.get(p + off)
        if c is None or (c in mage and mage.index(c) != side):
            continue
        b = c * 3
        a = [g[b], g[b + 1], g[b + 2]]
        k = s.ctrl[c]
        if k >= 0 and k != side and not ignore:
            n -= min(n, SHIELDS[s.tile[c]] + (1 if a[k] == LIMIT else 0))
        n = min(n, sup)
        if n <= 0:
            continue
        sup -= n
        a[side] += n
        over = a[0] + a[1] + a[2] - LIMIT
        while over > 0:
            j = max((x for x in range(3) if x != side), key=lambda x: a[x])
            if a[j] == 0:
                a[side] -= over
                break
            a[j] -= 1
            over -= 1
        a0, a1, a2 = a
        new = 0 if a0 > a1 and a0 > a2 else 1 if a1 > a0 and a1 > a2 else 2 if a2 > a0 and a2 > a1 else -1
        v = VALUE[s.tile[c]]
        if new != k:
            gain += v * ((new == side) - (k == side)) + 0.7 * v * (
                (k >= 0 and k != side) - (new >= 0 and new != side)
            )
        elif new == side:
            gain += 0.05 * n * v
    return gain


def pending_gain(s: RivalityState) -> float:
    """The best `placement_gain` open to the player laying a tile now (0 when it is unknown)."""
    side = s.side_of[s.turn]
    tiles = [s.chosen] if s.chosen >= 0 else [t for t in s.hands[s.turn] if t >= 0]
    spots = [s.target] if s.target >= 0 else s.frontier
    best = 0.0
    for t in tiles:
        for p in spots:
            for rot in range(4):
                v = placement_gain(s, t, p, rot, side)
                if v > best:
                    best = v
    return best


def held(s: RivalityState) -> list[float]:
    """Each side's projected points from the tiles it holds (before the end of the game).

    Tiles count their value, scaled by how safely they are held (a margin of one golem is
    easily overturned; entrenched tiles are hard to take); a tile under a magician counts
    almost fully, since the magician will move on before the end (in solo too: counted as
    nothing there, the tile the magician was about to enter looked worthless)."""
    n = s.sides
    vals = [0.0] * n
    g = s.golems
    holder = s.ctrl[0] if s.mode == "duel" else -1
    solo = s.mode == "solo"
    for c in range(len(s.pos)):
        t = s.tile[c]
        if t < 0:
            continue
        b = c * 3
        k = s.ctrl[c]
        v = VALUE[t]
        if k < 0:
            if solo:
                if s.level != "beginner" and g[b] + g[b + 1] > 0:
                    vals[1] += v
            elif holder >= 0 and g[b + holder] > 0:
                vals[holder] += 0.5 * v
            continue
        mine = g[b + k]
        other = max(g[b + j] for j in range(3) if j != k)
        safety = 0.55 + 0.15 * min(mine - other, 3) + (0.1 if mine == LIMIT else 0.0)
        if c in s.mage:
            safety *= 0.8
        vals[k] += v * min(1.0, safety) + (0.6 if t == MANA_WELL else 0.0)
    # Golems kept in the supply are future spells; an empty supply ends the game.
    for k in range(n):
        vals[k] += 0.03 * s.supply[k]
    return vals


def final_value(s: RivalityState, seat: int) -> float:
    """A finished game's value for `seat`: 1 for a win alone (or a team's), 0.75 for a shared
    win, 0 for a loss."""
    out = outcome(s)
    assert out is not None
    if seat in out.winners:
        return 1.0 if len(out.winners) == 1 or s.seats == 4 else 0.75
    return 0.0


def solo_result(s: RivalityState, seat: int) -> float:
    """Solo, a finished game as hard's search reads it (`LevelSearch.finished`): beating Souramoun
    makes three quarters of the value, the margin over it the rest (squashed as a lead is), so
    where every line ends alike (won, or lost) the search still plays for points: over 400 deals
    hard then scored 0.8 points more a game and beat Souramoun at least as often (docs/AI.md)."""
    mine, theirs = side_scores(s)
    return (1 - SOLO_MARGIN_WEIGHT) * final_value(s, seat) + SOLO_MARGIN_WEIGHT * lead_value(
        [float(mine), float(theirs)], s, seat
    )


# Solo, hard's and expert's search (`Rivality.ai_level`); normal reads a finished game by its
# result alone.
SOLO_HARD = LevelSearch(finished=solo_result)


def lead_value(vals: list[float], s: RivalityState, seat: int, scale: float = 4.0) -> float:
    """`seat`'s projected lead over the best rival (solo: over Souramoun), squashed into [0, 1]."""
    side = s.side_of[seat]
    if s.mode == "solo":
        diff = vals[0] - vals[1]
        if side != 0:
            diff = -diff
    else:
        diff = vals[side] - max(vals[k] for k in range(s.sides) if k != side)
    return 1.0 / (1.0 + math.exp(-diff / scale))


def evaluate(s: RivalityState, seat: int) -> float:
    """Projected score lead over the best rival, squashed into [0, 1] (`held`), with the best
    gain open to a player who is laying a tile now."""
    if s.phase == "over":
        return final_value(s, seat)
    vals = held(s)
    if s.mode == "solo":
        # Before the magician moves: credit part of what its best move would change, so a
        # position is judged by the moves it leaves open (and the answers they draw).
        if s.phase == "move":
            vals[0] += PENDING_WEIGHT * solo_outlook(s, vals[0] - vals[1])
    # Mid-turn, the player laying a tile is about to cast its spells: credit the best gain
    # available to them, so that choosing a tile or a square is judged by what it allows.
    elif s.phase in ("tile", "place", "orient"):
        vals[s.side_of[s.turn]] += PENDING_WEIGHT * pending_gain(s)
    return lead_value(vals, s, seat)


def solo_outlook(s: RivalityState, lead: float) -> float:
    """Solo, before the magician moves: how much the best move open to it changes `lead` (the
    projected lead over Souramoun, `held`), each move played for real with Souramoun's answer
    and the spells that follow; a move that ends the game counts the final scores (a tie loses).
    Negative when every move costs points."""
    best = None
    for p in s.reach:
        d = _copy(s)
        move_magician(d, p, [])
        while d.phase == "remove":  # the limit's golem, removed as the first choice
            do.remove_golem(d, d.actor, rule.remove_candidates(d, d.actor)[0])  # type: ignore[arg-type]
        if d.phase == "over":
            a, b = side_scores(d)
            after = a - b if a != b else -0.5
        else:
            vals = held(d)
            after = vals[0] - vals[1]
        if best is None or after > best:
            best = after
    return 0.0 if best is None else best - lead

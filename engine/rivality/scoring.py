"""Rivality scoring: points per side as the game stands (the board shows them running) and the
final outcome with its breakdown and tie-break."""

from __future__ import annotations

from engine.core import Outcome, ScoreLine
from engine.rivality.data import KIND_INDEX, VALUE
from engine.rivality.state import RivalityState
from engine.rivality.texts import side_name

LEVEL_TEXT = {
    "beginner": "beginner scoring (each side scores the tiles it controls; a tie is a loss)",
    "normal": "normal scoring (Souramoun also scores the tied tiles)",
    "seasoned": "seasoned scoring (as normal, and your tiles holding an enemy golem lose a point)",
}


def score_parts(s: RivalityState) -> tuple[list[list[int]], list[int], list[int]]:
    """Points per side as the game stands: (by kind [plain, cottage, fortress, well], tied tiles
    taken through the Mana Well, expert/seasoned one-point losses). Tiles under a magician and
    unallocated tied tiles count for nobody."""
    n = s.sides
    kinds = [[0, 0, 0, 0] for _ in range(n)]
    tied = [0] * n
    loss = [0] * n
    g = s.golems
    solo = s.mode == "solo"
    holder = -1 if solo else s.ctrl[0]
    for c in range(len(s.pos)):
        t = s.tile[c]
        if t < 0 or c in s.mage:
            continue
        b = c * 3
        total = g[b] + g[b + 1] + g[b + 2]
        if total == 0:
            continue
        k = s.ctrl[c]
        v = VALUE[t]
        if k >= 0:
            kinds[k][KIND_INDEX[t]] += v
            enemy = total - g[b + k] > 0
            if enemy and ((s.expert and not solo) or (solo and s.level == "seasoned" and k == 0)):
                loss[k] -= 1
            continue
        if solo:
            if s.level != "beginner":
                tied[1] += v
            continue
        if holder >= 0:
            top = max(g[b], g[b + 1], g[b + 2])
            if g[b + holder] == top:
                tied[holder] += v
                if s.expert:
                    loss[holder] -= 1
    return kinds, tied, loss


def side_scores(s: RivalityState) -> list[int]:
    kinds, tied, loss = score_parts(s)
    return [sum(kinds[i]) + tied[i] + loss[i] for i in range(s.sides)]


def outcome(s: RivalityState) -> Outcome | None:
    if s.phase != "over":
        return None
    if s.mode == "solo":
        return _solo_outcome(s)
    kinds, tied, loss = score_parts(s)
    tot = [sum(kinds[i]) + tied[i] + loss[i] for i in range(s.sides)]

    def col(vals: list[int]) -> tuple[int, ...]:
        return tuple(vals[s.side_of[i]] for i in range(s.seats))

    lines = [
        ScoreLine("Dolmen Plains", col([kinds[k][0] for k in range(s.sides)])),
        ScoreLine("Cottages", col([kinds[k][1] for k in range(s.sides)])),
        ScoreLine("Fortresses", col([kinds[k][2] for k in range(s.sides)])),
        ScoreLine("Mana Well", col([kinds[k][3] for k in range(s.sides)])),
        ScoreLine("Tied tiles (Mana Well)", col(tied)),
    ]
    if s.expert:
        lines.append(ScoreLine("Enemy golems present (-1 a tile)", col(loss)))
    best = max(tot)
    top = [k for k in range(s.sides) if tot[k] == best]
    holder = s.ctrl[0]
    tiebreak = ""
    if len(top) > 1 and holder >= 0 and (holder in top or len(top) == s.sides - 1):
        top = [holder]
        tiebreak = f"Scores tied: {side_name(s, holder)} holds the Mana Well and wins."
    elif len(top) > 1:
        tiebreak = "Scores tied and nobody holds the Mana Well: the win is shared."
    winners = tuple(i for i in range(s.seats) if s.side_of[i] in top)
    return Outcome(col(tot), winners, tuple(lines), s.reason, tiebreak)


def _solo_outcome(s: RivalityState) -> Outcome:
    kinds, tied, loss = score_parts(s)
    mine = sum(kinds[0]) + tied[0] + loss[0]
    theirs = sum(kinds[1]) + tied[1] + loss[1]
    lines = [
        ScoreLine("Dolmen Plains", (kinds[0][0],)),
        ScoreLine("Cottages", (kinds[0][1],)),
        ScoreLine("Fortresses", (kinds[0][2],)),
    ]
    if s.level == "seasoned":
        lines.append(ScoreLine("Enemy golems on your tiles", (loss[0],)))
    return Outcome(
        scores=(mine,),
        winners=(0,) if mine > theirs else (),
        lines=tuple(lines),
        reason=f"{s.reason} Souramoun scores {theirs}, by {LEVEL_TEXT[s.level]}.",
        tiebreak="" if mine != theirs else "A tie against Souramoun is a loss.",
    )

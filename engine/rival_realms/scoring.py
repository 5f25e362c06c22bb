"""Scoring: quest conditions, the per-category score of a realm, and the final outcome."""

from __future__ import annotations

from collections.abc import Iterable
from itertools import compress

from engine.core.game import Outcome, ScoreLine
from engine.rival_realms.data import (
    COLS,
    CORNERS,
    CREATURES,
    GEM,
    KIND,
    LAND_ENDS,
    QUEST_INDEX,
    QUESTS,
    SOLO_TARGET,
    SPACES,
)
from engine.rival_realms.state import RivalRealmsState

CATEGORIES: tuple[str, ...] = (
    "Empty spaces (-1 each)",
    "Unused gems",
    "Explored regions",
    "Matching neighbours (2 each)",
    "Matching pairs across a Valley (3 each)",
    "Quests",
)
# The pairs' line under Deep Valleys, where a pair across a Mountain scores too.
DEEP_VALLEYS_LINE = "Matching pairs across a land card (Valley 4, Mountain 1)"


def quest_done(s: RivalRealmsState, seat: int, q: int) -> bool:
    """Whether `seat`'s realm meets quest q now (held or not)."""
    return bool(quests_met(s, seat, (q,)))


def quests_met(s: RivalRealmsState, seat: int, which: Iterable[int] | None = None) -> list[int]:
    """The quests among `which` (QUESTS indexes; None: those nobody holds yet) that `seat`'s
    realm meets now, in QUESTS order. Written out quest by quest: it runs at every turn's end."""
    # Quests still to judge read -1 (open), as in `s.quests`.
    held = s.quests if which is None else [-1 if q in which else seat for q in _ALL_QUESTS]
    r = s.regions[seat]
    explored = s.explored[seat]
    out: list[int] = []
    # The sub-realms (quests 0-2): every space filled. (Each space is asked in turn: `0 not in`
    # a slice costs several times more, comparing every card it passes with 0 in full.)
    if held[0] < 0 and r[0] and r[1] and r[2] and r[3] and r[4] and r[5]:
        out.append(0)
    if held[1] < 0 and r[6] and r[7] and r[8] and r[9] and r[10] and r[11]:
        out.append(1)
    if held[2] < 0 and r[12] and r[13] and r[14] and r[15] and r[16] and r[17]:
        out.append(2)
    # Wanderer: the explored regions (`compress` keeps them) show all five types, so five of
    # them at least. (`count` passes the very object it looks for at once and compares the others
    # in full: counting the unexplored spaces, the more numerous most of a game, costs less.)
    if (
        held[_WANDERER] < 0
        and explored.count(False) <= SPACES - 5
        and len(set(map(KIND.__getitem__, compress(r, explored)))) == 5
    ):
        out.append(_WANDERER)
    # Tea Time: all six creatures collected, used or not.
    if held[_TEA] < 0:
        supply, used = s.supply[seat], s.used[seat]
        if len(supply) + len(used) >= len(CREATURES) and not _CREATURE_SET.difference(supply, used):
            out.append(_TEA)
    # Far Frontiers: the four corners explored.
    if held[_FRONTIERS] < 0 and explored[_C0] and explored[_C1] and explored[_C2] and explored[_C3]:
        out.append(_FRONTIERS)
    return out


_C0, _C1, _C2, _C3 = CORNERS
_ALL_QUESTS = tuple(range(len(QUESTS)))
_WANDERER = QUEST_INDEX["wanderer"]
_TEA = QUEST_INDEX["tea"]
_FRONTIERS = QUEST_INDEX["frontiers"]
assert COLS == 6  # (the sub-realms' spaces are named one by one)
assert QUEST_INDEX["upper"] == 0 and QUEST_INDEX["middle"] == 1 and QUEST_INDEX["lower"] == 2
_CREATURE_SET = frozenset(CREATURES)


def quest_points(s: RivalRealmsState, q: int) -> int:
    return QUESTS[q].points + (2 if "grand_quests" in s.enchantments else 0)


def explored_count(s: RivalRealmsState, seat: int) -> int:
    return s.explored[seat].count(True)


# Side by side within a sub-realm: (space, the space to its right).
_NEIGHBOUR_PAIRS: tuple[tuple[int, int], ...] = tuple((p, p + 1) for p in range(SPACES) if (p + 1) % COLS)


def score_parts(s: RivalRealmsState, seat: int) -> tuple[int, ...]:
    """`seat`'s points as the realm stands, one figure per entry of CATEGORIES."""
    regions = s.regions[seat]
    empty = -regions.count(0)
    gems = s.supply[seat].count(GEM) * (2 if "gem_hoard" in s.enchantments else 1)
    explored = explored_count(s, seat)
    kinds = list(map(KIND.__getitem__, regions))  # -1 for an empty space: it matches nothing
    adjacent = 2 * sum(1 for a, b in _NEIGHBOUR_PAIRS if kinds[a] == kinds[b] >= 0)
    deep = "deep_valleys" in s.enchantments
    valley = 0
    vs = s.valleys[seat]
    for m, (a, b) in enumerate(LAND_ENDS):
        if kinds[a] == kinds[b] >= 0:
            if vs[m]:
                valley += 4 if deep else 3
            elif deep:
                valley += 1
    quests = sum(quest_points(s, q) for q in range(len(QUESTS)) if s.quests[q] == seat)
    return (empty, gems, explored, adjacent, valley, quests)


def score(s: RivalRealmsState, seat: int) -> int:
    return sum(score_parts(s, seat))


def quest_lines(s: RivalRealmsState) -> list[ScoreLine]:
    """A score line for each quest someone holds, in QUESTS order: its points in the holder's
    column, 0 in the others."""
    return [
        ScoreLine(f"Quest: {quest.name}", tuple(quest_points(s, q) if h == i else 0 for i in range(s.seats)))
        for q, (quest, h) in enumerate(zip(QUESTS, s.quests, strict=True))
        if h >= 0
    ]


def quests_held(s: RivalRealmsState, seat: int) -> int:
    return sum(1 for h in s.quests if h == seat)


def outcome(s: RivalRealmsState) -> Outcome | None:
    """The final result: per-category lines, totals, winners, and the tie-break used."""
    if s.phase != "over":
        return None
    parts = [score_parts(s, i) for i in range(s.seats)]
    columns = zip(*parts, strict=True)  # each category's figures, seat by seat
    lines = [ScoreLine(name, values) for name, values in zip(CATEGORIES, columns, strict=True)]
    if "deep_valleys" in s.enchantments:
        lines[4] = ScoreLine(DEEP_VALLEYS_LINE, lines[4].values)
    # One line per quest won, so the table says which quests were won and (by its column) by
    # whom; one line of zeros when nobody completed any.
    lines[5:] = quest_lines(s) or [ScoreLine("Quests (none completed)", (0,) * s.seats)]
    totals = tuple(sum(p) for p in parts)
    if s.solo:
        target = SOLO_TARGET[s.level]
        won = totals[0] > target
        verdict = (
            f"You beat the Raven's {target} points ({s.level})."
            if won
            else f"The Raven's {target} points ({s.level}) stand: you needed more."
        )
        return Outcome(totals, (0,) if won else (), tuple(lines), f"{s.reason} {verdict}".strip())
    best = max(totals)
    top = [i for i in range(2) if totals[i] == best]
    tiebreak = ""
    if len(top) > 1:
        ex = [explored_count(s, i) for i in range(2)]
        if ex[0] != ex[1]:
            top = [0 if ex[0] > ex[1] else 1]
            tiebreak = f"Scores tied: Player {top[0] + 1} explored more regions ({max(ex)} to {min(ex)})."
        else:
            qh = [quests_held(s, i) for i in range(2)]
            if qh[0] != qh[1]:
                top = [0 if qh[0] > qh[1] else 1]
                tiebreak = f"Scores and explored regions tied: Player {top[0] + 1} completed more quests."
            else:
                tiebreak = "Scores, explored regions and quests all tied: the victory is shared."
    return Outcome(totals, tuple(top), tuple(lines), s.reason, tiebreak)

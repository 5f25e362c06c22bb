"""Reading a realm: where a card may be summoned, which spaces the adventurer can reach and what
entering them costs, which Magic Mirror exchanges are allowed. All read-only; the rules and the
board both use these helpers.

Board helpers: `summon_slots`, `row_bounds`, `steps` / `step_targets` / `step_path` /
`step_preview` (the adventuring graph: where the next step can go, its walk, cost and tokens),
`loose_tokens` / `walk_tokens` (tokens lying on explored regions, claimed by walking over them),
`payments`, `crossable`, `star_targets`, `mirror_moves`, `mirror_problem`, `card_name`.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import compress

import attrs

from engine.rival_realms.actions import MIRROR_SWAPS, Mirror
from engine.rival_realms.data import (
    COLS,
    CREATURE_KIND,
    END_COLUMNS,
    KIND,
    LANDS,
    NEIGHBOURS,
    ROW_NAMES,
    SPACES,
    TYPES,
    creature_fits,
)
from engine.rival_realms.state import RivalRealmsState


def card_name(n: int) -> str:
    """'23 Fields' (or 'a hidden card' for 0)."""
    return _CARD_NAMES[n] if 0 < n < len(_CARD_NAMES) else "a hidden card"


_CARD_NAMES: tuple[str, ...] = ("", *(f"{n} {TYPES[KIND[n]]}" for n in range(1, len(KIND))))


# --- summoning ---------------------------------------------------------------------------


def row_bounds(regions: list[int], p: int) -> tuple[int, int]:
    """The nearest card numbers left and right of space p in its sub-realm (0 and 51 if none)."""
    lo, hi = 0, 51
    for q in LEFT_OF[p]:
        if regions[q]:
            lo = regions[q]
            break
    for q in RIGHT_OF[p]:
        if regions[q]:
            hi = regions[q]
            break
    return lo, hi


# The spaces of p's sub-realm left of p, nearest first, and right of it (as tuples: read faster
# than a range made at each call; the move's check asks at every summon).
LEFT_OF: tuple[tuple[int, ...], ...] = tuple(tuple(range(p - 1, p - p % COLS - 1, -1)) for p in range(SPACES))
RIGHT_OF: tuple[tuple[int, ...], ...] = tuple(tuple(range(p + 1, p - p % COLS + COLS)) for p in range(SPACES))


def empty_gaps(regions: list[int]) -> tuple[tuple[int, int, int, int], ...]:
    """Every run of empty spaces within a sub-realm, in space order, as (nearest number to its
    left, nearest to its right, first space, space after the last): a card n fits in every
    space of the run exactly when left < n < right.

    Remembered per realm layout, as the legal list, the pass check and the AI's evaluation all
    ask again and again while a realm stays the same; a summon works out its new layout's runs
    from the old ones (`summoned`), as a new layout is otherwise met three times in four."""
    layout = tuple(regions)
    found = _GAPS.get(layout)
    if found is None:
        if len(_GAPS) >= 4096:  # bounded: layouts of finished games and old searches go
            _GAPS.clear()
        found = _GAPS[layout] = _find_gaps(regions)
    return found


_GAPS: dict[tuple[int, ...], tuple[tuple[int, int, int, int], ...]] = {}


def summoned(regions: list[int], space: int) -> None:
    """A card has just gone into the empty `space` of this realm: if the runs of the layout
    before it are remembered, the new layout's are found by splitting the run the card fell
    into, rather than worked out afresh at the next question."""
    before = regions[:]
    card = before[space]
    before[space] = 0
    gaps = _GAPS.get(tuple(before))
    if gaps is None:
        return
    out: list[tuple[int, int, int, int]] = []
    for gap in gaps:
        lo, hi, first, after = gap
        if first <= space < after:
            if first < space:
                out.append((lo, card, first, space))
            if space + 1 < after:
                out.append((card, hi, space + 1, after))
        else:
            out.append(gap)
    _GAPS[tuple(regions)] = tuple(out)


def _find_gaps(regions: list[int]) -> tuple[tuple[int, int, int, int], ...]:
    out: list[tuple[int, int, int, int]] = []
    for row0 in (0, 6, 12):
        lo, first = 0, -1
        for p in range(row0, row0 + 6):
            v = regions[p]
            if v:
                if first >= 0:
                    out.append((lo, v, first, p))
                    first = -1
                lo = v
            elif first < 0:
                first = p
        if first >= 0:
            out.append((lo, 51, first, row0 + 6))
    return tuple(out)


def empty_bounds(regions: list[int]) -> list[tuple[int, int, int]]:
    """(space, nearest number to its left, nearest to its right) for every empty space, in
    space order: a card n fits in that space exactly when left < n < right."""
    return [(p, lo, hi) for lo, hi, a, b in empty_gaps(regions) for p in range(a, b)]


def fits_somewhere(regions: list[int], hand: list[int]) -> bool:
    """Whether any card of `hand` can be summoned into some empty space of `regions`."""
    for lo, hi, _a, _b in empty_gaps(regions):
        for c in hand:
            if lo < c < hi:
                return True
    return False


def filled_bounds(regions: list[int]) -> list[tuple[int, int, int]]:
    """(space, nearest number to its left, nearest to its right) for every filled space."""
    out: list[tuple[int, int, int]] = []
    for row0 in (0, 6, 12):
        at, number, left = -1, 0, 0  # the last filled space seen, its number, the one before it
        for p in range(row0, row0 + COLS):
            v = regions[p]
            if v:
                if at >= 0:
                    out.append((at, left, v))
                    left = number
                at, number = p, v
        if at >= 0:
            out.append((at, left, 51))
    return out


def summon_slots(s: RivalRealmsState, seat: int, card: int) -> list[int]:
    """The empty spaces where `card` may be summoned, in space order."""
    return [p for p, lo, hi in empty_bounds(s.regions[seat]) if lo < card < hi]


# --- adventuring -------------------------------------------------------------------------


def crossable(s: RivalRealmsState, seat: int, land: int) -> bool:
    """Whether land card `land` of `seat`'s realm can be crossed: a Valley, the Mountain where the
    Raven perches, or (Open Passes) a Mountain in an end column."""
    if s.valleys[seat][land] or s.raven == seat * LANDS + land:
        return True
    return land in END_COLUMNS and "open_passes" in s.enchantments


def _key(space: int, prev: int) -> int:
    """A walking position: standing in `space` after stepping out of `prev` (-1 none)."""
    return space * 32 + prev + 1


def steps(s: RivalRealmsState, seat: int, until: int = -1, fresh: bool = False) -> dict[int, int]:
    """Every single step the adventurer can take next, walking freely through explored regions
    first and never stepping straight back where it came from.

    Returns {step key: walking position it leaves from}, in discovery order (shortest walks
    first); a step key is `space * 32 + via + 1` (the step from `via` into `space`) and equals
    the walking position reached by it. Explored and unexplored targets are both listed.
    With `until` (a step key), the walk stops once that step is found: the positions found up
    to then, and how they were reached, are the same as in the whole walk. With `fresh`, the
    walk is the one a new action would make (no step to not reverse): the AI asks it of either
    seat, while `came_from` belongs to the seat whose turn it is.
    """
    regions = s.regions[seat]
    explored = s.explored[seat]
    # Which land cards can be crossed (see `crossable`), asked move by move: a walk finds two
    # steps or so, fewer moves than a table of the eighteen cards would cost to build. A side
    # step within a sub-realm crosses none (-1).
    valleys = s.valleys[seat]
    raven = s.raven - seat * LANDS if s.raven >= 0 else -2  # (-2: no Mountain of this realm)
    enchantments = s.enchantments
    if enchantments:
        passes = END_COLUMNS if "open_passes" in enchantments else ()
        back_ok = "surefoot" in enchantments
    else:
        passes, back_ok = (), False
    start = s.adventurer[seat] * 32 + (0 if back_ok or fresh else s.came_from + 1)
    # The moves out of each walking position: without the way straight back, unless Surefoot.
    moves = _MOVES_ANY if back_ok else _MOVES_AHEAD
    # No memo: the walk is short, and a key covering every input costs as much as the search.
    out: dict[int, int] = {}
    queue = [start]
    for key in queue:  # grows while it is read: a breadth-first walk
        for q, land, k in moves[key]:
            if regions[q] and (land < 0 or valleys[land] or land == raven or land in passes) and k not in out:
                out[k] = key
                if k == until:
                    return out
                if explored[q] and k != start:
                    queue.append(k)
    return out


# _MOVES[p]: (neighbour space q, land card crossed or -1, the step key from p into q).
_MOVES: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(
    tuple((q, land, q * 32 + p + 1) for q, land in NEIGHBOURS[p]) for p in range(SPACES)
)
# By walking position (`_key(space, prev)`): every move out of it, or every one but the way back.
_MOVES_ANY: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(
    _MOVES[key >> 5] for key in range(SPACES * 32)
)
_MOVES_AHEAD: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(
    tuple(m for m in _MOVES[key >> 5] if m[0] != (key & 31) - 1) for key in range(SPACES * 32)
)


def step_path(
    s: RivalRealmsState, seat: int, space: int, via: int, found: dict[int, int] | None = None
) -> list[int] | None:
    """The spaces walked through (explored regions, in order, after the current space) to make
    the step from `via` into `space`, ending with `space`; None when that step is not possible.
    `found`: `steps(s, seat)` when the caller has it already."""
    k = space * 32 + via + 1
    if found is None:
        if via == s.adventurer[seat] and (space != s.came_from or "surefoot" in s.enchantments):
            # A step straight out of where the adventurer stands walks through nothing: the
            # walk finds it first or not at all (every later way out of that space crosses the
            # same land card). Only the way straight back can be barred there and reached round
            # a loop, which takes the long way below.
            land = _STEP_LAND.get(k)
            if land is None or not s.regions[seat][space] or (land >= 0 and not crossable(s, seat, land)):
                return None
            return [space]
        found = steps(s, seat, k)
    if k not in found:
        return None
    start = _key(s.adventurer[seat], -1 if "surefoot" in s.enchantments else s.came_from)
    path = [space]
    key = found[k]
    # Walk the parents back to the start: each explored position was reached by its first step.
    while key != start:
        path.append(key >> 5)
        key = found[key]
    path.reverse()
    return path


# The land card each single step crosses (-1: a side step), by step key; a key not here is no
# step (the spaces are not neighbours).
_STEP_LAND: dict[int, int] = {k: land for p in range(SPACES) for _q, land, k in _MOVES[p]}


def path_tokens(s: RivalRealmsState, seat: int, path: list[int]) -> tuple[str, ...]:
    """The tokens lying on the spaces `path` walks through before its target, in order."""
    if len(path) == 1:
        return ()
    laid = s.board_tokens[seat]
    return tuple(laid[p] for p in path[:-1] if laid[p])


def step_targets(s: RivalRealmsState, seat: int) -> list[tuple[int, int]]:
    """(space, via) for every possible next step, in discovery order."""
    return [(k >> 5, (k & 31) - 1) for k in steps(s, seat)]


def loose_tokens(s: RivalRealmsState, seat: int) -> bool:
    """Whether a token lies on an explored region of `seat`'s realm, waiting to be claimed by
    the adventurer walking over it. Rare (a Magic Mirror exchange leaves one there), so the
    walk's callers ask this once before looking for such tokens along each path."""
    return any(compress(s.board_tokens[seat], s.explored[seat]))


def walk_tokens(
    s: RivalRealmsState, seat: int, space: int, via: int, found: dict[int, int] | None = None
) -> tuple[str, ...]:
    """The tokens the step into `space` from `via` picks up on its walk, before entering
    `space` (in the order walked): they are the player's by then, so a creature among them may
    pay for the step. `found`: `steps(s, seat)` when the caller has it already."""
    if not loose_tokens(s, seat):
        return ()
    path = step_path(s, seat, space, via, found)
    return () if path is None else path_tokens(s, seat, path)


def payments(
    s: RivalRealmsState, seat: int, space: int, via: int, on_way: Sequence[str] | None = None
) -> list[tuple[int, str]]:
    """Ways to pay for entering the unexplored region in `space` from `via`: (card, "") for each
    matching card in hand, ("", creature) for each fitting creature in supply or picked up on
    the step's walk, and (0, "") first when Kindred Trails makes the step free.
    `on_way`: `walk_tokens(...)` for this step when the caller has it already."""
    regions = s.regions[seat]
    kind = KIND[regions[space]]
    out: list[tuple[int, str]] = []
    if s.enchantments and _kindred_free(s, seat, kind, via):
        out.append((0, ""))
    for c in s.hands[seat]:
        if KIND[c] == kind:
            out.append((c, ""))
    if on_way is None:
        on_way = walk_tokens(s, seat, space, via)
    supply = s.supply[seat]
    if supply or on_way:
        guides = _GUIDES[kind]
        held = [*supply, *on_way] if on_way else supply
        for t in held:
            if t in guides and (0, t) not in out:
                out.append((0, t))
    return out


def pays(
    s: RivalRealmsState, seat: int, space: int, via: int, card: int, creature: str, on_way: Sequence[str]
) -> bool:
    """Whether (card, creature) is one of the `payments` for entering `space` from `via` (found
    without listing them: the check of a step asks it)."""
    kind = KIND[s.regions[seat][space]]
    if card:
        return not creature and card in s.hands[seat] and KIND[card] == kind
    if creature:
        return creature in _GUIDES[kind] and (creature in s.supply[seat] or creature in on_way)
    return bool(s.enchantments) and _kindred_free(s, seat, kind, via)


def _kindred_free(s: RivalRealmsState, seat: int, kind: int, via: int) -> bool:
    """Kindred Trails: a step into a region of `kind` from an explored region of the same type
    is free."""
    regions = s.regions[seat]
    return (
        "kindred_trails" in s.enchantments
        and bool(regions[via])
        and s.explored[seat][via]
        and KIND[regions[via]] == kind
    )


# _GUIDES[kind]: the creatures that may guide you into a region of that type (the Dragon into
# any); the last entry answers for kind -1 (no card), as `creature_fits` does.
_GUIDES: tuple[frozenset[str], ...] = tuple(
    frozenset(t for t in CREATURE_KIND if creature_fits(t, kind)) for kind in (*range(len(TYPES)), -1)
)


def star_targets(s: RivalRealmsState, seat: int) -> list[int]:
    """Shooting Star: unexplored regions one step from the adventurer (any direction)."""
    p = s.adventurer[seat]
    if p < 0:
        return []
    regions, explored = s.regions[seat], s.explored[seat]
    return [
        q
        for q, land in NEIGHBOURS[p]
        if regions[q] and not explored[q] and (land < 0 or crossable(s, seat, land))
    ]


# --- the Magic Mirror --------------------------------------------------------------------


def mirror_problem(s: RivalRealmsState, seat: int, kind: str, a: int, b: int) -> str | None:
    """Why exchanging pieces a and b of `kind` is not allowed, or None."""
    if kind == "land":
        if not (0 <= a < b < LANDS):
            return "Choose two different Mountain/Valley cards of your realm."
        v = s.valleys[seat]
        raven = s.raven - seat * LANDS if s.raven >= 0 else -1
        if v[a] == v[b] and raven not in (a, b):
            return "Both cards show the same side: exchanging them would change nothing."
        return None
    if not (0 <= a < b < SPACES):
        return "Choose two different spaces of your realm."
    if kind == "token":
        t = s.board_tokens[seat]
        if not t[a] or not t[b]:
            return "Both spaces must hold an adventure token."
        if t[a] == t[b]:
            return "The two tokens are alike: exchanging them would change nothing."
        return None
    if kind != "region":
        return "The Magic Mirror exchanges two region cards, two tokens or two Mountain/Valley cards."
    r = s.regions[seat]
    if not r[a] or not r[b]:
        return "Both spaces must hold a region card."
    if a // COLS == b // COLS:
        return "Two cards of one sub-realm cannot change places: the row would no longer increase."
    for here, card in ((a, r[b]), (b, r[a])):
        lo, hi = row_bounds(r, here)
        if not lo < card < hi:
            row = ROW_NAMES[here // COLS]
            return f"{card} would break the left-to-right order of the {row} sub-realm."
    return None


def mirror_moves(s: RivalRealmsState, seat: int) -> list[Mirror]:
    """Every allowed Magic Mirror exchange (the shared actions), regions first, then tokens,
    then land cards: the pairs `mirror_problem` allows, found without asking it of each."""
    out: list[Mirror] = []
    r = s.regions[seat]
    fb = filled_bounds(r)
    regions = MIRROR_SWAPS["region"]
    for i, (a, lo_a, hi_a) in enumerate(fb):
        ra, with_a = r[a], regions[a]
        # Each card must fit between the other's neighbours. (Two cards of one sub-realm never
        # do: the card right of `a` in its row is `hi_a` or larger.)
        for b, lo_b, hi_b in fb[i + 1 :]:
            if lo_a < r[b] < hi_a and lo_b < ra < hi_b:
                out.append(with_a[b])
    t = s.board_tokens[seat]
    held = [p for p in range(SPACES) if t[p]]
    tokens = MIRROR_SWAPS["token"]
    for i, a in enumerate(held):
        ta, with_a = t[a], tokens[a]
        for b in held[i + 1 :]:
            if t[b] != ta:
                out.append(with_a[b])
    raven = s.raven - seat * LANDS if s.raven >= 0 else -1
    out.extend(_land_moves(tuple(s.valleys[seat]), raven if 0 <= raven < LANDS else -1))
    return out


@lru_cache(maxsize=1024)
def _land_moves(valleys: tuple[bool, ...], raven: int) -> tuple[Mirror, ...]:
    lands = MIRROR_SWAPS["land"]
    return tuple(
        lands[a][b]
        for a in range(LANDS)
        for b in range(a + 1, LANDS)
        if valleys[a] != valleys[b] or raven in (a, b)
    )


# --- previews for the board ----------------------------------------------------------------


@attrs.frozen
class StepPreview:
    """What one adventuring step would do, for showing before it is chosen.

    `path`: the spaces walked through (explored regions) and finally entered, in order;
    `explores`: whether the target is unexplored (so a payment is due); `payments`: the ways to
    pay, as (card, creature) pairs ((0, "") for a free Kindred Trails step), a creature picked
    up on the way included; `tokens`: the tokens that would be collected on the way and at the
    target, in order."""

    path: tuple[int, ...]
    explores: bool
    payments: tuple[tuple[int, str], ...]
    tokens: tuple[str, ...]


def step_preview(s: RivalRealmsState, seat: int, space: int, via: int) -> StepPreview | None:
    """The preview of the step into `space` from `via`, or None when that step is impossible."""
    path = step_path(s, seat, space, via)
    if path is None:
        return None
    explores = not s.explored[seat][space]
    laid = s.board_tokens[seat]
    on_way = path_tokens(s, seat, path)
    pays = tuple(payments(s, seat, space, via, on_way)) if explores else ()
    return StepPreview(tuple(path), explores, pays, tuple(laid[p] for p in path if laid[p]))

"""What laying a tile would do, without changing the state: for the board's placement preview.

`preview(s, tile, pos, rot)` follows each spell of `tile` laid at `pos` facing `rot` by the
active side: where it lands (or why it is lost), how many golems the shields destroy, how many
arrive, who the five-golem limit sends back and who controls the target afterwards. With the
expert rules it also lists the delayed spells of tiles already on the battlefield that would fire
on the new tile, and the tiles that would then be besieged (the same rule as the game,
`battlefield.besieger`: one side holding the whole ring, or with three players two opponents
sharing it). `preview_all(s, tile, pos)` gives the four orientations. In solo, pass the
magician's tile (its own orientation) to see what its spells would do.
"""

from __future__ import annotations

import attrs

from engine.rivality.data import LIMIT, SHIELDS, SPELLS, STEP
from engine.rivality.queries import besieger
from engine.rivality.state import RivalityState


@attrs.frozen
class SpellPreview:
    """One spell's effect. `result` is "lands", "empty" (no tile there: lost, or with the expert
    rules waiting as a delayed spell), "magician" (an enemy magician stands there: lost) or
    "contested" (a delayed spell from a contested tile: never fires). Golem triples are per
    colour (Salmon, Mauve, Turquoise). `choice` says the limit needs the caster to choose between
    tied opponents; `removed` then shows the removal starting with the first of them."""

    edge: int  # 0 left, 1 front, 2 right
    direction: int  # 0 north, 1 east, 2 south, 3 west
    golems: int
    distance: int
    ignores_shields: bool
    source: int  # packed position of the casting tile
    target: int  # packed position aimed at
    caster: int  # side
    result: str
    shields: int = 0
    arrive: int = 0
    removed: tuple[int, int, int] = (0, 0, 0)
    choice: bool = False
    before: tuple[int, int, int] = (0, 0, 0)
    after: tuple[int, int, int] = (0, 0, 0)
    controller_before: int = -1
    controller_after: int = -1


@attrs.frozen
class SiegePreview:
    """Expert: the tile at `pos` (held by `holder`, -1 contested) would be besieged and taken by
    `taker` once every spell of the turn has been cast."""

    pos: int
    holder: int
    taker: int


@attrs.frozen
class PlacementPreview:
    tile: int
    pos: int
    rot: int
    side: int
    spells: tuple[SpellPreview, ...]
    delayed: tuple[SpellPreview, ...] = ()
    sieges: tuple[SiegePreview, ...] = ()


def _ctrl(g: list[int]) -> int:
    a0, a1, a2 = g
    if a0 > a1 and a0 > a2:
        return 0
    if a1 > a0 and a1 > a2:
        return 1
    if a2 > a0 and a2 > a1:
        return 2
    return -1


def _land(
    g: list[int], tile: int, golems: int, ignore: bool, side: int, supply: list[int], sides: int
) -> tuple[int, int, tuple[int, int, int], bool]:
    """Cast `golems` of `side` onto a tile holding `g` (changed in place); returns (destroyed by
    shields, arrived, removed per colour, tie choice needed)."""
    k = _ctrl(g)
    lost = 0
    if k >= 0 and k != side and not ignore:
        sh = (SHIELDS[tile] if tile >= 0 else 0) + (1 if g[k] == LIMIT else 0)
        lost = min(golems, sh)
    n = min(golems - lost, supply[side])
    supply[side] -= n
    g[side] += n
    removed = [0, 0, 0]
    choice = False
    over = sum(g) - LIMIT
    while over > 0:
        rivals = [j for j in range(sides) if j != side and g[j] > 0]
        if not rivals:
            g[side] -= over
            removed[side] += over
            supply[side] += over
            break
        top = max(g[j] for j in rivals)
        tied = [j for j in rivals if g[j] == top]
        if len(tied) > 1:
            choice = True
        j = tied[0]
        g[j] -= 1
        supply[j] += 1
        removed[j] += 1
        over -= 1
    return lost, n, (removed[0], removed[1], removed[2]), choice


def preview(s: RivalityState, tile: int, pos: int, rot: int, side: int | None = None) -> PlacementPreview:
    """The effects of laying `tile` at `pos` facing `rot` for `side` (default: the side on turn).
    In solo, `pos` may be the tile the magician stands on: its spells are followed the same way."""
    if side is None:
        side = s.side_of[s.turn]
    solo = s.mode == "solo"
    supply = s.supply[:]
    here = s.at.get(pos)
    local: dict[int, list[int]] = {}
    if here is None:
        new = [0, 0, 0]
        new[side] = 1
        supply[side] -= 1
    else:
        new = s.golems[here * 3 : here * 3 + 3]
    out: list[SpellPreview] = []
    for edge, off, golems, dist, ignore, direction in SPELLS[tile][rot]:
        target = pos + off
        c = s.at.get(target)
        base = SpellPreview(edge, direction, golems, dist, ignore, pos, target, side, "empty")
        if c is None or c == here:
            out.append(base)
        elif not solo and any(s.mage[k] == c for k in range(s.sides) if k != side):
            out.append(attrs.evolve(base, result="magician"))
        else:
            g = local.setdefault(c, s.golems[c * 3 : c * 3 + 3])
            out.append(_landing(base, g, s.tile[c], side, supply, s.sides))
    if not s.expert or solo or here is not None:
        return PlacementPreview(tile, pos, rot, side, tuple(out))
    delayed = _delayed(s, tile, pos, side, new, supply)
    return PlacementPreview(tile, pos, rot, side, tuple(out), delayed, _sieges(s, pos, side, new, local))


def _landing(
    sp: SpellPreview, g: list[int], tile: int, side: int, supply: list[int], sides: int
) -> SpellPreview:
    """`sp` landing for `side` on a tile holding `g` (changed in place)."""
    before = (g[0], g[1], g[2])
    cb = _ctrl(g)
    lost, n, removed, choice = _land(g, tile, sp.golems, sp.ignores_shields, side, supply, sides)
    return attrs.evolve(
        sp,
        result="lands",
        shields=lost,
        arrive=n,
        removed=removed,
        choice=choice,
        before=before,
        after=(g[0], g[1], g[2]),
        controller_before=cb,
        controller_after=_ctrl(g),
    )


def _delayed(
    s: RivalityState, tile: int, pos: int, side: int, new: list[int], supply: list[int]
) -> tuple[SpellPreview, ...]:
    """Expert: the waiting spells aimed at `pos`, in the order they fire, landing on the new tile
    (golems `new`, changed in place); spells of contested tiles never fire."""
    out: list[SpellPreview] = []
    found: list[tuple[int, int, SpellPreview]] = []
    for c in range(len(s.pos)):
        for edge, off, golems, dist, ignore, direction in SPELLS[s.tile[c]][s.rot[c]]:
            if s.pos[c] + off != pos:
                continue
            k = s.ctrl[c]
            sp = SpellPreview(edge, direction, golems, dist, ignore, s.pos[c], pos, k, "contested")
            if k < 0:
                out.append(sp)
            else:
                found.append(((k - side - 1) % s.sides, c, sp))
    found.sort(key=lambda f: (f[0], f[1]))
    out.extend(_landing(sp, new, tile, sp.caster, supply, s.sides) for _, _, sp in found)
    return tuple(out)


def _sieges(
    s: RivalityState, pos: int, side: int, new: list[int], local: dict[int, list[int]]
) -> tuple[SiegePreview, ...]:
    """The sieges that would follow: control as the spells leave it (the new tile included),
    taken tiles changing hands in turn, until no ring changes (as the rules repeat the check)."""
    ctrl = {s.pos[c]: (_ctrl(local[c]) if c in local else s.ctrl[c]) for c in range(len(s.pos))}
    ctrl[pos] = _ctrl(new)
    # Where each side's magician will stand: the active side's on the new tile.
    mage_at = {k: (pos if k == side else s.pos[m]) for k, m in enumerate(s.mage) if m >= 0 or k == side}
    out: list[SiegePreview] = []
    changed = True
    while changed:
        changed = False
        for p in list(ctrl):
            ring = [ctrl.get(p + st, -1) for st in STEP]
            w = besieger(ring, ctrl[p], s.sides, side)
            if w < 0 or any(q == p for k, q in mage_at.items() if k != w):
                continue  # a siege never drives a magician out
            out.append(SiegePreview(p, ctrl[p], w))
            ctrl[p] = w
            changed = True
    return tuple(out)


def preview_all(s: RivalityState, tile: int, pos: int, side: int | None = None) -> list[PlacementPreview]:
    """`preview` for the four orientations, north, east, south, west."""
    return [preview(s, tile, pos, r, side) for r in range(4)]

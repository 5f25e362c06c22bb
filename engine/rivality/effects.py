"""What tiles and spells do to the battlefield: a new tile joins it, a spell summons golems
(shields, magicians and the supply permitting), the five-golem limit sends golems home, control
follows the golems, and a face-down solo tile is turned up when something touches it."""

from __future__ import annotations

from engine.core import Event
from engine.rivality.data import LABEL, LIMIT, STEP
from engine.rivality.geometry import EDGE_SPELL
from engine.rivality.queries import controller, shields_of
from engine.rivality.state import RivalityState
from engine.rivality.texts import SPELL_TEXT, colour, golems, side_name, tile_name, where


def new_cell(s: RivalityState, p: int, t: int, rot: int, side: int) -> int:
    """Put tile t at position p facing rot, laid by `side`; returns its cell. Keeps the frontier
    (the empty squares touching the battlefield) up to date."""
    c = len(s.pos)
    s.pos.append(p)
    s.tile.append(t)
    s.rot.append(rot)
    s.faceup.append(True)
    s.by.append(side)
    s.golems.extend((0, 0, 0))
    s.ctrl.append(-1)
    s.at[p] = c
    fr = s.frontier
    if p in fr:
        fr.remove(p)
    at = s.at
    for st in STEP:
        n = p + st
        if n not in at and n not in fr:
            fr.append(n)
    return c


def reveal(s: RivalityState, c: int, ev: list[Event]) -> None:
    """Solo: turn a face-down tile up (everyone learns what it is)."""
    if not s.faceup[c]:
        s.faceup[c] = True
        label = LABEL[s.tile[c]]
        ev.append(Event(f"The face-down tile at {where(s, s.pos[c])} is turned up: {label}.", reveal=True))


def cast(s: RivalityState, ref: int, side: int, delayed: bool, ev: list[Event]) -> None:
    """Cast spell `ref` (cell * 4 + edge) for `side`. A tile pushed over the limit is left for
    `cut` (s.cut_cell); otherwise its control is settled here."""
    src = ref >> 2
    edge = ref & 3
    sp = EDGE_SPELL[s.tile[src]][s.rot[src]][edge]
    assert sp is not None
    off, g, _d, ignore, _dr = sp
    what = SPELL_TEXT[s.tile[src]][s.rot[src]][edge]
    if delayed:
        what = "Delayed " + what[0].lower() + what[1:]
    target = s.pos[src] + off
    c = s.at.get(target)
    if c is None:
        if s.mode == "solo":
            ev.append(Event(f"{what}: lost, it leaves the battlefield."))
        elif s.expert:
            ev.append(Event(f"{what}: no tile there yet; it waits for one."))
        else:
            ev.append(Event(f"{what}: lost, no tile lies there."))
        return
    if s.mode == "duel" and not delayed:
        for k in range(s.sides):
            if k != side and s.mage[k] == c:
                ev.append(Event(f"{what}: lost, an enemy magician stands on the {tile_name(s.tile[c])}."))
                return
    if not s.faceup[c]:
        reveal(s, c, ev)
    lost = 0
    k = s.ctrl[c]
    if k >= 0 and k != side and not ignore:
        lost = min(g, shields_of(s, c))
    n = min(g - lost, s.supply[side])
    b = c * 3
    s.golems[b + side] += n
    s.supply[side] -= n
    verb = "arrives" if n == 1 else "arrive"
    text = (
        f"{what}: {golems(n)} of {colour(s, side)} {verb} on the {tile_name(s.tile[c])} at {where(s, target)}"
    )
    if lost:
        text += f"; the shields destroy {lost}"
    elif k >= 0 and k != side and ignore:
        text += " (distance 3: shields ignored)"
    gs = s.golems
    total = gs[b] + gs[b + 1] + gs[b + 2]
    if total > LIMIT:
        s.cut_cell = c
        s.cut_left = total - LIMIT
    else:
        new = controller(s, c)
        if new != k:
            s.ctrl[c] = new
            text += f"; {side_name(s, new)} now controls it" if new >= 0 else "; it is now contested"
    ev.append(Event(text + ".", kind="spell"))


def settle_control(s: RivalityState, c: int, ev: list[Event]) -> None:
    """Give cell c to whoever has the most golems on it now, saying so when it changes."""
    old = s.ctrl[c]
    new = controller(s, c)
    s.ctrl[c] = new
    if new != old:
        name = tile_name(s.tile[c])
        if new >= 0:
            ev.append(Event(f"{side_name(s, new)} now controls the {name} at {where(s, s.pos[c])}."))
        else:
            ev.append(Event(f"The {name} at {where(s, s.pos[c])} is contested: nobody controls it."))


def tied_enemies(s: RivalityState) -> list[int]:
    """The caster's opponents level for the most golems on the over-full tile."""
    b = s.cut_cell * 3
    g = s.golems
    top = max(g[b + k] for k in range(3) if k != s.caster)
    return [k for k in range(s.sides) if k != s.caster and g[b + k] == top and top > 0]


def cut(s: RivalityState, ev: list[Event]) -> bool:
    """Bring the over-full tile (s.cut_cell) back to five golems: enemy golems first, always the
    opponent with the most, the caster's own only when no enemy is left. Returns False when two
    opponents are level and the caster must choose (the state is left waiting for RemoveGolem)."""
    c = s.cut_cell
    b = c * 3
    g = s.golems
    side = s.caster
    removed = [0, 0, 0]
    done = True
    while s.cut_left:
        tied = _most_enemy_golems(s, b, side)
        if not tied:
            n = s.cut_left
            g[b + side] -= n
            s.supply[side] += n
            removed[side] += n
            s.cut_left = 0
            break
        if len(tied) > 1:
            done = False
            break
        k = tied[0]
        g[b + k] -= 1
        s.supply[k] += 1
        removed[k] += 1
        s.cut_left -= 1
    parts = [f"{golems(removed[k])} of {colour(s, k)}" for k in range(3) if removed[k]]
    if parts:
        ev.append(
            Event(f"Over five golems on the {tile_name(s.tile[c])}: {', '.join(parts)} back to the supply.")
        )
    if not done:
        return False
    s.cut_cell = -1
    settle_control(s, c, ev)
    return True


def _most_enemy_golems(s: RivalityState, b: int, side: int) -> list[int]:
    top = 0
    tied: list[int] = []
    g = s.golems
    for k in range(s.sides):
        if k == side:
            continue
        if g[b + k] > top:
            top = g[b + k]
            tied = [k]
        elif g[b + k] == top and top:
            tied.append(k)
    return tied

"""One salvo against one Ashak: the shield that may absorb it, the damage, the defence roll,
the wounds. Automatic effects were applied before; conditional ones come after all salvos."""

from __future__ import annotations

from engine.core import Event, count
from engine.rivals.data.ashaks import RENKO
from engine.rivals.data.board import FOREST
from engine.rivals.data.cards import EXPLOSIVE, PHYSICAL, Card
from engine.rivals.data.catalog import CARD, ULTIMATES
from engine.rivals.queries import event_on, flashers_on, hex_type, skill_total, temp_total, who
from engine.rivals.rules.common import roll, wound
from engine.rivals.state import RivalsState


def design(s: RivalsState) -> Card:
    """The card being played (the ultimate when p_ult)."""
    if s.p_ult:
        return ULTIMATES[s.ashaks[s.p_seat].kind]
    return CARD[s.p_card]


def mod_total(s: RivalsState, kind: str) -> int:
    total = sum(e.n for c in s.p_mods for e in CARD[c].auto if e.kind == kind)
    return total + sum(e.n for e in design(s).auto if e.kind == kind)


def pierces(s: RivalsState) -> bool:
    return mod_total(s, "m_pierce") > 0


def shielded(s: RivalsState, attacker: int, victim: int) -> bool:
    """Whether a shield protects `victim` from `attacker`: a shield on its hex not raised by the
    attacker, with the attacker outside it."""
    h = s.ashaks[victim].pos
    o = s.shield[h]
    return o >= 0 and o != attacker and s.ashaks[attacker].pos != h


def defence_dice(s: RivalsState, victim: int, by_card: bool = True) -> int:
    """The victim's defence dice against a salvo: of the card being played (`by_card`, whose
    dice effects take some away), or of a drone's shot."""
    n = 2
    if hex_type(s, s.ashaks[victim].pos) == FOREST and not event_on(s, "heatwave"):
        n += 1
    n += 2 * s.ashaks[victim].active_tokens
    n += temp_total(s, victim, "t_def") + skill_total(s, victim, "p_def")
    if event_on(s, "ironskin"):
        n += 1
    if by_card:
        n -= mod_total(s, "m_dice") + mod_total(s, "dice")
    return max(0, n)


def salvo_damage(s: RivalsState, attacker: int, victim: int, index: int, extra: int) -> int:
    c = design(s)
    dmg = c.damage + extra + mod_total(s, "m_dmg") + temp_total(s, attacker, "t_dmg")
    if c.type == PHYSICAL:
        dmg += skill_total(s, attacker, "p_dmg")
    if index == 0:
        if event_on(s, "overcharge"):
            dmg += 1
        if s.ashaks[attacker].kind == RENKO:
            dmg += flashers_on(s, victim)
    dmg -= temp_total(s, victim, "t_armor")
    return max(0, dmg)


def salvo(s: RivalsState, attacker: int, victim: int, index: int, extra: int) -> list[Event]:
    if not s.ashaks[victim].alive or not s.ashaks[attacker].alive or s.p_cancel:
        return []
    c = design(s)
    if c.type != EXPLOSIVE and not pierces(s) and shielded(s, attacker, victim):
        h = s.ashaks[victim].pos
        s.shield[h] = -1
        return [Event(f"The shield on hex {h} absorbs a salvo of {c.name} and breaks.", kind="shield")]
    dmg = salvo_damage(s, attacker, victim, index, extra)
    dice = defence_dice(s, victim)
    hits = sum(1 for _ in range(dice) if roll(s))
    got = max(0, dmg - hits)
    rolled = f"{count(dice, 'defence die', 'defence dice')}, {count(hits, 'success', 'successes')}"
    ev = [
        Event(
            f"{c.name} salvo on {who(s, victim)}: {dmg} damage, {rolled}.",
            kind="dice",
            reveal=True,
        )
    ]
    if got:
        s.p_wounds += got
        ev += wound(s, victim, got, attacker, c.name, hp_before(s, victim))
        if _toxic(s, victim) and s.ashaks[attacker].alive and attacker != victim:
            s.ashaks[attacker].poison.append(victim)
            ev.append(Event(f"Toxic Blood poisons {who(s, attacker)}."))
    return ev


def hp_before(s: RivalsState, victim: int) -> int:
    """The victim's HP when the card being played began to resolve (-1 outside a card or
    without a victim)."""
    return s.p_hp[victim] if s.p_hp and victim >= 0 else -1


def _toxic(s: RivalsState, victim: int) -> bool:
    return skill_total(s, victim, "p_toxic") > 0

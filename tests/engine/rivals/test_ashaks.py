"""The special characters and ultimates: Renko's Flashers, Phae's Atlans, Atmos's Natural
Radiation, Sylva's spores, Oru's Bulwark."""

from __future__ import annotations

import pytest

from engine.rivals.actions import (
    ChooseVictim,
    Pass,
    PlayCard,
    TargetAshak,
    TargetHex,
    UseGuild,
    UseUltimate,
)
from engine.rivals.data.ashaks import ASHAKS
from engine.rivals.data.catalog import ATLANS_ID, CARD, FLASHER_IDS
from engine.rivals.game import GAME
from engine.rivals.rules.common import draw
from tests.engine.rivals.helpers import (
    act,
    dice,
    give,
    put,
    ready_to_fight,
)

RENKO_CARDS = {"Swarm of Flashers", "Acceleration Drone"}


def setup(names=("Renko", "Atmos")):
    return ready_to_fight(names)


def sig(s, seat: int, name: str) -> int:
    for pile in (s.deck[seat], s.hand[seat], s.discard[seat], s.box):
        for c in pile:
            if CARD[c].name == name:
                pile.remove(c)
                s.hand[seat].append(c)
                return c
    raise KeyError(name)


def test_swarm_shuffles_a_flasher_into_the_target_deck() -> None:
    s = setup()
    put(s, 0, 0, 0)
    put(s, 1, 0, -4)
    swarm = sig(s, 0, "Swarm of Flashers")
    act(s, 0, PlayCard(swarm))
    act(s, 0, TargetAshak(1))
    assert len(s.extra) == 5
    assert sum(1 for c in s.deck[1] if c in FLASHER_IDS) == 1


def test_a_drawn_flasher_goes_to_the_slot_and_is_replaced() -> None:
    s = setup()
    f = s.extra.pop()
    s.deck[1].append(f)
    n = len(s.hand[1])
    draw(s, 1, 1)
    assert f in s.temps[1] and len(s.hand[1]) == n + 1


def test_renko_hits_harder_per_active_flasher() -> None:
    s = setup()
    put(s, 0, 0, 0)
    put(s, 1, 0, -2)
    s.temps[1] += [s.extra.pop(), s.extra.pop()]
    s.temp_until[1] += [2, 2]
    b = give(s, 0, "Blaster")
    with dice(False):
        act(s, 0, PlayCard(b))
        act(s, 0, TargetAshak(1))
    assert s.ashaks[1].hp == 20 - 2 - 2


def test_acceleration_drone_with_and_without_flashers() -> None:
    s = setup()
    put(s, 0, 0, 0)
    put(s, 1, 0, -2)
    top = s.deck[1][-3:]
    drone = sig(s, 0, "Acceleration Drone")
    hand = len(s.hand[0])
    act(s, 0, PlayCard(drone))
    act(s, 0, TargetAshak(1))
    assert s.deck[1][-3:] == top and len(s.hand[0]) == hand  # drone left hand, one card drawn
    s.ap = 2
    s.deck[1].insert(len(s.deck[1]) - 1, s.extra.pop())
    drone2 = drone
    s.discard[0].remove(drone2)
    s.hand[0].append(drone2)
    act(s, 0, PlayCard(drone2))
    act(s, 0, TargetAshak(1))
    assert sum(1 for c in s.temps[1] if c in FLASHER_IDS) == 1 and s.ashaks[1].hp == 19


def test_flashers_ultimate_pulls_every_flasher_and_reshuffles() -> None:
    s = setup()
    put(s, 0, 0, 0)
    put(s, 1, 0, -2)
    s.deck[1] += [s.extra.pop(), s.extra.pop()]
    s.discard[1] = [s.deck[1].pop(0)]
    s.ashaks[0].ult = ASHAKS[1].gauge
    act(s, 0, UseUltimate())
    act(s, 0, TargetAshak(1))
    assert sum(1 for c in s.temps[1] if c in FLASHER_IDS) == 3
    assert s.discard[1] == [] and s.ashaks[0].ult == 0 and s.range_bonus[0] == 1


def test_phae_sets_atlans_in_place_of_her_guild() -> None:
    s = setup(("Phae", "Atmos"))
    old = s.guild[0]
    sig(s, 0, "Atlans")
    act(s, 0, PlayCard(ATLANS_ID))
    assert s.guild[0] == ATLANS_ID and old in s.box
    act(s, 0, UseGuild())
    assert s.phase == "step"


def test_natural_radiation_spares_atmos_and_hits_the_neighbouring_tiles() -> None:
    s = ready_to_fight(("Atmos", "Renko", "Phae"))
    put(s, 0, 0, 0)
    h1 = put(s, 1, 0, -1)
    put(s, 2, 3, -1)
    s.ashaks[0].ult = ASHAKS[0].gauge
    s.ashaks[1].tokens = 2
    act(s, 0, UseUltimate())
    with dice(False):
        act(s, 0, TargetHex(h1))
        if s.phase == "victim":
            act(s, 0, ChooseVictim(1))
        assert GAME.legal(s, s.actor) == [Pass()] if s.phase == "react" else True
        while s.phase == "react":
            act(s, s.actor, Pass())
    assert s.ashaks[0].hp == 20 and s.ashaks[1].hp == 16


def test_natural_radiation_deals_3_on_the_tiles_next_to_the_target() -> None:
    from engine.rivals.data.board import TILE_HEXES, TILE_OF, VOLCANO_TILE
    from engine.rivals.geometry import NEIGHBOURS

    s = ready_to_fight(("Atmos", "Renko", "Phae"))
    put(s, 0, 0, 0)
    h1 = put(s, 1, 0, -1)
    t = TILE_OF[h1]
    near = [n for h in TILE_HEXES[t] for n in NEIGHBOURS[h] if TILE_OF[n] not in (t, VOLCANO_TILE)]
    s.ashaks[2].pos = near[0]
    s.ashaks[0].ult = ASHAKS[0].gauge
    act(s, 0, UseUltimate())
    with dice(False):
        act(s, 0, TargetHex(h1))
        while s.phase != "turn":
            act(s, s.actor, GAME.legal(s, s.actor)[0])
    assert [a.hp for a in s.ashaks] == [20, 16, 17]


def test_sylva_spores_poison_every_rival_within_three() -> None:
    s = setup(("Sylva", "Atmos"))
    put(s, 0, 0, 0)
    put(s, 1, 0, -3)
    s.ashaks[0].ult = ASHAKS[4].gauge
    act(s, 0, UseUltimate())
    assert s.ashaks[1].poison == [0, 0]
    assert RENKO_CARDS


@pytest.mark.parametrize("ashak", [a.name for a in ASHAKS])
def test_every_ultimate_needs_a_full_gauge_resolves_and_empties_it(ashak: str) -> None:
    s = ready_to_fight((ashak, "Korrin" if ashak != "Korrin" else "Oru"))
    put(s, 0, 0, 0)
    put(s, 1, 0, -1)
    gauge = ASHAKS[s.ashaks[0].kind].gauge
    s.ashaks[0].ult = gauge - 1
    assert GAME.why_illegal(s, 0, UseUltimate()) == f"Your ultimate gauge is at {gauge - 1}/{gauge}."
    s.ashaks[0].ult = gauge
    s.ashaks[0].hp = 10
    with dice(False):
        act(s, 0, UseUltimate())
        assert s.ashaks[0].ult == 0  # the gauge empties as the ultimate is unleashed
        for _ in range(30):
            if s.phase == "turn" or GAME.outcome(s) is not None:
                break
            legal = GAME.legal(s, s.actor)
            aim = [a for a in legal if str(a) in ("target seat 1", f"target hex {s.ashaks[1].pos}")]
            act(s, s.actor, (aim or legal)[0])
    changed = s.ashaks[1].hp < 20 or s.ashaks[1].poison or s.ashaks[0].hp > 10 or s.temps[1]
    assert changed, "the ultimate did something to the rival or to its user"

"""Pushes, pulls and a card's own steps follow the movement rules: entering an opposing shield
takes two hexes of the step, and an Ashak (or drone) forced into one breaks it."""

from __future__ import annotations

from engine.core import Event
from engine.rivals.actions import PlayCard, StepTo, TargetAshak, TargetDrone
from engine.rivals.data.board import LAKE
from engine.rivals.game import GAME
from engine.rivals.geometry import DIST, away, toward
from engine.rivals.state import RivalsState
from tests.engine.rivals.helpers import (
    act,
    dice,
    give,
    hx,
    put,
    ready_to_fight,
    set_type,
    texts,
)
from tests.engine.rivals.test_drone import aim_at_drone, ready


def play_at(s: RivalsState, seat: int, name: str, target: int) -> list[Event]:
    """`seat` plays the named card at `target`; every other seat declines what it is asked."""
    ev = act(s, seat, PlayCard(give(s, seat, name)))
    ev += act(s, seat, TargetAshak(target))
    while s.phase in ("react", "interrupt") and s.actor != seat:
        ev += GAME.apply(s, s.actor, GAME.legal(s, s.actor)[-1])
    return ev


def test_a_two_hex_push_forces_the_target_into_an_opposing_shield_which_breaks() -> None:
    """Storm Waver pushes two hexes; every hex behind Renko holds one of Phae's shields. The
    push may go into any of them, taking both of its hexes, and the shield breaks."""
    s = ready_to_fight(("Atmos", "Renko", "Phae"))
    put(s, 0, 2, 0)
    renko = put(s, 1, 3, 0)
    put(s, 2, -3, 0)
    behind = sorted(away(renko, s.ashaks[0].pos))
    assert len(behind) == 3
    for h in behind:
        s.shield[h] = 2
    play_at(s, 0, "Storm Waver", 1)
    assert s.phase == "step" and s.actor == 0  # the card's player chooses where
    assert set(GAME.legal(s, 0)) == {StepTo(h) for h in behind}
    ev = act(s, 0, StepTo(behind[1]))
    assert s.ashaks[1].pos == behind[1]
    assert f"The shield on hex {behind[1]} breaks as Player 2 (Renko) is forced into it." in texts(ev)
    assert [s.shield[h] for h in behind] == [2, -1, 2]
    assert DIST[s.ashaks[0].pos][s.ashaks[1].pos] == 2  # both hexes of the push are spent
    assert s.phase == "turn"


def test_a_one_hex_push_never_enters_an_opposing_shield() -> None:
    """Tidal Lance pushes one hex: with a shield on every hex behind the target it stays put;
    with one hex behind free, that one is taken without asking."""
    s = ready_to_fight(("Atmos", "Renko", "Phae"), seat=2)
    put(s, 2, 2, 0)
    atmos = put(s, 0, 3, 0)
    put(s, 1, -3, 0)
    behind = sorted(away(atmos, s.ashaks[2].pos))
    for h in behind:
        s.shield[h] = 1
    with dice(False):
        play_at(s, 2, "Tidal Lance", 0)
    assert s.phase == "turn" and s.ashaks[0].hp == 18  # the card was played; the push went nowhere
    assert s.ashaks[0].pos == atmos and [s.shield[h] for h in behind] == [1, 1, 1]
    s.shield[behind[0]] = -1
    s.ap = 2
    with dice(False):
        ev = play_at(s, 2, "Tidal Lance", 0)
    assert s.ashaks[0].pos == behind[0] and [s.shield[h] for h in behind] == [-1, 1, 1]
    assert f"Player 1 (Atmos) is moved to hex {behind[0]}." in texts(ev)


def test_a_push_out_of_someone_elses_shield_names_that_shield_and_goes_on() -> None:
    s = ready_to_fight(("Atmos", "Renko", "Phae"))
    put(s, 0, 2, 0)
    renko = put(s, 1, 3, 0)
    put(s, 2, -3, 0)
    s.shield[renko] = 2
    play_at(s, 0, "Storm Waver", 1)
    ev = act(s, 0, StepTo(hx(4, 0)))
    assert f"Player 2 (Renko) is dragged out of the shield on hex {renko}, which breaks." in texts(ev)
    ev = act(s, 0, StepTo(hx(5, 0)))
    assert s.shield[renko] == -1 and s.ashaks[1].pos == hx(5, 0) and s.phase == "turn"


def test_a_two_hex_step_toward_the_target_may_enter_an_opposing_shield_and_leaves_it_standing() -> None:
    """Iron Charge steps its player two hexes toward the target: into an opposing shield it
    takes both, like a move, and the shield stays (the card moves its own player, not a
    target)."""
    s = ready_to_fight(("Atmos", "Korrin"), seat=1)
    korrin = put(s, 1, 1, 2)
    put(s, 0, 0, 0)
    assert sorted(toward(korrin, s.ashaks[0].pos)) == [hx(0, 2), hx(1, 1)]
    s.shield[hx(0, 2)] = 0  # beside the line of sight, not on it
    with dice(False):
        play_at(s, 1, "Iron Charge", 0)
        assert set(GAME.legal(s, 1)) == {StepTo(hx(0, 2)), StepTo(hx(1, 1))}
        act(s, 1, StepTo(hx(0, 2)))
    assert s.ashaks[1].pos == hx(0, 2) and s.shield[hx(0, 2)] == 0 and s.phase == "turn"


def test_a_drone_pushed_two_hexes_is_forced_into_an_opposing_shield_which_breaks() -> None:
    s = ready(0)
    put(s, 0, 0, 0)
    put(s, 1, 3, -3)
    s.drones[1].pos = hx(0, 1)
    behind = sorted(away(hx(0, 1), hx(0, 0)))
    for h in behind:
        s.shield[h] = 0
    ev = aim_at_drone(s, "Shockwave", 1, to=(behind[0],))
    assert s.drones[1].pos == behind[0] and [s.shield[h] for h in behind] == [-1, 0, 0]
    assert f"The shield on hex {behind[0]} breaks as Player 2 (Renko)'s drone is forced into it." in texts(ev)


def test_a_lake_ends_a_drones_push() -> None:
    s = ready(0)
    put(s, 0, 0, 0)
    put(s, 1, 3, -3)
    s.drones[1].pos = hx(0, 1)
    first = min(away(hx(0, 1), hx(0, 0)))
    set_type(s, first, LAKE)
    aim_at_drone(s, "Shockwave", 1, to=(first,))
    assert s.drones[1].pos == first  # pushed one hex of two: the lake stops it


def test_the_cards_player_chooses_where_a_pushed_drone_goes() -> None:
    """A drone is pushed as an Ashak is: the card's player chooses among the equally good
    hexes, here the highest-numbered of the three."""
    s = ready(0)
    put(s, 0, 0, 0)
    put(s, 1, 3, -3)
    s.drones[1].pos = hx(0, 1)
    behind = sorted(away(hx(0, 1), hx(0, 0)))
    assert len(behind) == 3
    c = give(s, 0, "Tidal Lance")
    act(s, 0, PlayCard(c))
    act(s, 0, TargetDrone(1))
    while s.phase in ("react", "optional"):
        GAME.apply(s, s.actor, GAME.legal(s, s.actor)[-1])
    assert (s.phase, s.actor) == ("step", 0) and set(GAME.legal(s, 0)) == {StepTo(h) for h in behind}
    act(s, 0, StepTo(behind[-1]))
    assert s.drones[1].pos == behind[-1] and s.phase == "turn"


def test_a_drone_dragged_out_of_its_owners_shield_breaks_it() -> None:
    """As an Ashak dragged out of a shield breaks it, its own included, so does a drone: here
    a player pushes its own drone out of its own shield (which the card's salvo left alone)."""
    s = ready(0)
    put(s, 0, 0, 0)
    put(s, 1, 3, -3)
    s.drones[0].pos, s.drones[1].pos = hx(0, 1), -1
    s.shield[hx(0, 1)] = 0
    to = min(away(hx(0, 1), hx(0, 0)))
    ev = aim_at_drone(s, "Tidal Lance", 0, to=(to,))
    assert s.drones[0].pos == to and s.shield[hx(0, 1)] == -1
    assert "Player 1 (Atmos)'s drone is dragged out of its shield, which breaks." in texts(ev)

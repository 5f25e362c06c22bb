"""Drone mode (two players): set-up, the turn order with the drones' turns, the first starting
tiles falling, the drone's actions and limits, storage and exchange, hacking, and sight."""

from __future__ import annotations

import pytest

from engine.core import Event, IllegalAction
from engine.rivals.actions import (
    ChooseAshak,
    Collect,
    Consult,
    DroneAttack,
    EndTurn,
    Exchange,
    Hack,
    HackPick,
    Install,
    KeepGuild,
    Move,
    Negotiate,
    PlaceAshak,
    PlaceDrone,
    Reward,
    StepTo,
    Uninstall,
)
from engine.rivals.data import board
from engine.rivals.data.board import (
    LAKE,
    STARTING_TILES,
    TILE_COUNT,
    TILE_ERA,
    TILE_HEXES,
    TILE_OF,
    ZONE_CARDS,
)
from engine.rivals.game import GAME
from engine.rivals.geometry import DIST, away
from engine.rivals.options import RivalsOptions
from engine.rivals.queries import has_sight, hex_type
from engine.rivals.state import RivalsState
from tests.engine.rivals.helpers import (
    ASHAK,
    act,
    card_id,
    dice,
    fighting,
    give,
    hx,
    put,
    reveal_all,
    set_type,
    texts,
)

DRONE = RivalsOptions(drone=True)


def new(seed: int = 1) -> RivalsState:
    """A drone-mode game after set-up: Atmos and Renko, each drone on its Ashak's hex."""
    s = GAME.setup(DRONE, 2, seed)
    while s.phase == "ashak":
        GAME.apply(s, s.actor, ChooseAshak(ASHAK[("Atmos", "Renko")[s.actor]]))
    while s.phase == "guild":
        GAME.apply(s, s.actor, KeepGuild(s.guild_offer[s.actor][0]))
    while s.phase in ("place", "dplace"):
        seat = s.actor
        if s.phase == "place":
            GAME.apply(s, seat, GAME.legal(s, seat)[0])
        else:
            GAME.apply(s, seat, PlaceDrone(s.ashaks[seat].pos))
    return s


def ready(seat: int = 0) -> RivalsState:
    """Round 2, `seat` to act with 2 AP, the whole Wildtech revealed and nothing fallen."""
    s = new()
    reveal_all(s)
    s.fallen = [False] * TILE_COUNT
    fighting(s, seat)
    for o in range(2):
        s.hand[o] = []
    return s


def drone_turn(s: RivalsState, seat: int) -> None:
    s.phase, s.actor, s.active, s.d_active, s.ap = "drone", seat, -1, seat, 2


# --- the option ----------------------------------------------------------------------------------


def test_drone_mode_is_refused_for_other_tables_in_one_sentence() -> None:
    assert GAME.check_options(DRONE, 2) is None
    for seats in (3, 6):
        assert GAME.check_options(DRONE, seats) == f"Drone mode is only for 2 players, not {seats} players."


# --- set-up ----------------------------------------------------------------------------------------


def test_setup_keeps_only_the_starting_tiles_of_era_one_and_the_later_zone_cards() -> None:
    s = GAME.setup(DRONE, 2, 4)
    outer = [t for t in range(TILE_COUNT) if TILE_ERA[t] == 1]
    assert all(s.fallen[t] == (t not in STARTING_TILES) for t in outer)
    assert not any(s.fallen[t] for t in range(TILE_COUNT) if TILE_ERA[t] != 1)
    assert len(s.zone_deck) == 12 and {ZONE_CARDS[z].era for z in s.zone_deck} == {2, 3}
    assert s.sponsor[0] == 2  # the Volcano's sponsor starts active


def test_each_player_places_the_ashak_then_the_drone_on_the_same_tile() -> None:
    s = GAME.setup(DRONE, 2, 4)
    while s.phase != "place":
        GAME.apply(s, s.actor, GAME.legal(s, s.actor)[0])
    first = s.actor
    h = TILE_HEXES[STARTING_TILES[2]][0]
    GAME.apply(s, first, PlaceAshak(h))
    assert (s.phase, s.actor) == ("dplace", first)
    assert {a.hex for a in GAME.legal(s, first)} == set(TILE_HEXES[STARTING_TILES[2]])  # type: ignore[attr-defined]
    GAME.apply(s, first, PlaceDrone(TILE_HEXES[STARTING_TILES[2]][1]))
    assert (s.phase, s.actor) == ("place", 1 - first)
    assert s.drones[first].pos == TILE_HEXES[STARTING_TILES[2]][1]


# --- turn order ------------------------------------------------------------------------------------


def test_each_turn_runs_both_ashaks_then_both_drones_in_the_same_order() -> None:
    s = new()
    first = s.first
    order: list[str] = []
    while s.round == 1 and not s.winners:
        seat = s.actor
        order.append(f"{s.phase}{seat}")
        if s.phase in ("turn", "drone"):
            GAME.apply(s, seat, EndTurn())
        else:
            GAME.apply(s, seat, GAME.legal(s, seat)[0])
    f, o = first, 1 - first
    assert order[:8] == [f"turn{f}", f"turn{o}", f"drone{f}", f"drone{o}"] * 2


def test_the_first_player_token_goes_to_the_lower_hp_and_stays_on_a_tie() -> None:
    from engine.rivals.rules.flow import phase3
    from engine.rivals.state import Task

    s = new()
    s.first = 0
    s.ashaks[0].hp = s.ashaks[1].hp = 12
    phase3(s, Task("p3"))
    assert s.first == 0
    s.ashaks[1].hp = 9
    phase3(s, Task("p3"))
    assert s.first == 1


def test_round_one_drops_the_starting_tiles_instead_of_a_zone_card() -> None:
    from engine.rivals.rules.flow import phase4
    from engine.rivals.state import Task

    s = new()
    s.round = 1
    deck = list(s.zone_deck)
    hp = [a.hp for a in s.ashaks]
    ev = phase4(s, Task("p4"))
    assert s.zone_deck == deck and s.last_zone == -1
    assert all(s.fallen[t] for t in STARTING_TILES)
    assert "the starting tiles fall" in texts(ev)
    assert [a.hp for a in s.ashaks] == [h - 4 for h in hp]  # both Ashaks stood on starting tiles
    assert [d.pos for d in s.drones] == [-1, -1] and "drone falls with its tile" in texts(ev)
    kinds = [t.kind for t in s.tasks]
    assert kinds == ["reentry", "reentry", "dreentry", "dreentry"]


def test_a_fallen_drone_climbs_back_at_the_border_and_loses_nothing() -> None:
    s = new()
    while s.round == 1:
        seat = s.actor
        GAME.apply(s, seat, EndTurn() if s.phase in ("turn", "drone") else GAME.legal(s, seat)[0])
        if s.phase == "dreentry":
            break
    assert s.phase == "dreentry"
    seat = s.actor
    steps = GAME.legal(s, seat)
    assert steps and all(isinstance(a, StepTo) for a in steps)
    GAME.apply(s, seat, steps[0])
    assert s.drones[seat].pos == steps[0].hex  # type: ignore[attr-defined]
    assert not s.fallen[TILE_OF[s.drones[seat].pos]]


def test_sponsors_are_generated_after_round_two() -> None:
    from engine.rivals.rules.flow import phase4, phase5
    from engine.rivals.state import Task

    s = new()
    s.round = 2
    phase4(s, Task("p4"))
    assert len(s.zones_shown) == 2 and s.last_zone >= 0
    ev = phase5(s, Task("p5"))
    assert sum("Sponsor roll" in e.text for e in ev) == 2


# --- the drone's actions -----------------------------------------------------------------------------


def test_a_drone_attack_costs_1_ap_deals_1_damage_within_one_hex() -> None:
    s = ready(0)
    put(s, 1, 0, 2)
    s.drones[0].pos = hx(0, 3)
    drone_turn(s, 0)
    assert GAME.why_illegal(s, 0, DroneAttack(1)) is None
    with dice(False):
        ev = GAME.apply(s, 0, DroneAttack(1))
    assert s.ashaks[1].hp == 19 and s.ap == 1
    assert s.ashaks[0].ult > 0  # the owner's gauge charges from its drone's shot
    assert "defence dice" in texts(ev)
    s.drones[0].pos = hx(0, 4)
    assert GAME.why_illegal(s, 0, DroneAttack(1)) == "The drone attacks at range 0-1 only."


def test_the_target_of_a_drone_shot_may_activate_a_token_first() -> None:
    from engine.rivals.actions import ActivateToken, Pass, Wait

    s = ready(0)
    put(s, 1, 0, 2)
    s.ashaks[1].tokens = 1
    s.drones[0].pos = hx(0, 3)
    drone_turn(s, 0)
    GAME.apply(s, 0, DroneAttack(1))
    assert (s.phase, s.actor) == ("dshot", 1)
    forest = 1 if hex_type(s, s.ashaks[1].pos) == board.FOREST else 0
    with dice(True):
        ev = GAME.apply(s, 1, ActivateToken())
    assert s.ashaks[1].active_tokens == 1 and s.phase == "drone"  # no token left to activate: it fires
    assert f"{4 + forest} defence dice" in texts(ev) and s.ashaks[1].hp == 20
    s.ashaks[1].tokens = 1
    with dice(False):
        GAME.apply(s, 0, DroneAttack(1))
        GAME.apply(s, 1, Pass())
    assert s.ashaks[1].tokens == 1 and s.ashaks[1].hp == 19
    # The shot is an action of the drone's turn: after it, the kept token may still be activated.
    assert (s.phase, s.actor) == ("interrupt", 1)
    GAME.apply(s, 1, Wait())
    assert s.phase == "drone"


def test_no_drone_attack_in_the_very_first_turn() -> None:
    s = ready(0)
    s.round, s.turn_no = 1, 1
    put(s, 1, 0, 2)
    s.drones[0].pos = hx(0, 2)
    drone_turn(s, 0)
    assert GAME.why_illegal(s, 0, DroneAttack(1)) == "No attacks in the very first turn of the game."


def test_an_opposing_shield_absorbs_the_drone_shot() -> None:
    s = ready(0)
    put(s, 1, 0, 2)
    s.shield[hx(0, 2)] = 1
    s.drones[0].pos = hx(0, 3)
    drone_turn(s, 0)
    ev = GAME.apply(s, 0, DroneAttack(1))
    assert s.ashaks[1].hp == 20 and s.shield[hx(0, 2)] == -1 and "absorbs" in texts(ev)


def test_a_drone_has_no_hp_and_its_rp_do_not_win() -> None:
    s = ready(0)
    s.drones[0].rp = 6
    GAME.apply(s, 0, EndTurn())
    assert not s.winners
    assert not hasattr(s, "d_hp")


def test_a_drone_moves_two_hexes_and_a_lake_costs_it_nothing() -> None:
    s = ready(0)
    s.drones[0].pos = hx(0, 3)
    set_type(s, hx(0, 2), LAKE)
    drone_turn(s, 0)
    hp = [a.hp for a in s.ashaks]
    GAME.apply(s, 0, Move(hx(0, 2)))
    assert s.drones[0].pos == hx(0, 2) and [a.hp for a in s.ashaks] == hp and s.ap == 1


def test_a_drone_collects_into_its_own_board_and_stores_at_most_three_cards() -> None:
    s = ready(0)
    h = hx(0, 3)
    s.drones[0].pos = h
    t = TILE_OF[h]
    set_type(s, h, board.INTERFACE)
    gains = sum(hex_type(s, x) in (board.CRYSTAL, board.FOREST) for x in TILE_HEXES[t])
    s.drones[0].cards = [card_id(s, "Blaster"), card_id(s, "Blaster")]
    drone_turn(s, 0)
    hand, mine = list(s.hand[0]), (s.ashaks[0].crystals, s.ashaks[0].resins)
    GAME.apply(s, 0, Collect())
    assert (
        s.drones[0].crystals + s.drones[0].resins == gains
        and (s.ashaks[0].crystals, s.ashaks[0].resins) == mine
    )
    assert s.phase == "dconsult"
    GAME.apply(s, 0, Consult(False))
    assert s.phase == "dinstall"
    GAME.apply(s, 0, Install(s.consult[0]))
    assert len(s.drones[0].cards) == 3 and s.phase == "drone"  # one free slot: one install only
    assert s.hand[0] == hand and s.drought[t] == 1


def test_uninstalling_a_stored_card_costs_2_crystals_and_draws_nothing() -> None:
    s = ready(0)
    s.drones[0].pos = hx(0, 3)
    c = card_id(s, "Blaster")
    s.drones[0].cards = [c]
    s.drones[0].crystals = 2
    drone_turn(s, 0)
    deck = len(s.deck[0])
    GAME.apply(s, 0, Uninstall(c))
    assert s.drones[0].cards == [] and s.drones[0].crystals == 0 and c in s.box
    assert len(s.deck[0]) == deck and s.hand[0] == []


def test_a_drone_negotiates_with_a_token_and_keeps_the_point() -> None:
    s = ready(0)
    h = hx(0, 3)
    s.drones[0].pos = h
    s.sponsor[h] = 2
    s.sponsors_left -= 1
    drone_turn(s, 0)
    assert GAME.why_illegal(s, 0, Negotiate()) == "Negotiating spends one of the drone's anticipation tokens."
    s.drones[0].tokens = 1
    GAME.apply(s, 0, Negotiate())
    assert s.drones[0].rp == 1 and s.ashaks[0].rp == 0 and s.drones[0].tokens == 0
    s.drones[0].cards = [card_id(s, "Blaster") for _ in range(3)]
    assert GAME.why_illegal(s, 0, Reward("schema")) == "The drone holds three cards: uninstall one first."
    GAME.apply(s, 0, Reward("tokens"))
    assert s.drones[0].tokens == 2 and s.phase == "drone"


# --- storage and exchange ---------------------------------------------------------------------------


def test_an_ashak_exchanges_with_its_drone_within_one_hex_only() -> None:
    s = ready(0)
    put(s, 0, 0, 3)
    s.drones[0].pos = hx(0, 4)
    c = card_id(s, "Blaster")
    s.hand[0] = [c]
    s.drones[0].crystals, s.drones[0].tokens = 3, 1
    GAME.apply(s, 0, Exchange("store", c))
    assert s.drones[0].cards == [c] and s.hand[0] == [] and s.ap == 2  # free
    assert GAME.why_illegal(s, 0, Exchange("take", c)) == "You stored that card this turn."
    GAME.apply(s, 0, Exchange("crystal"))
    GAME.apply(s, 0, Exchange("token"))
    assert (s.ashaks[0].crystals, s.drones[0].crystals, s.ashaks[0].tokens, s.drones[0].tokens) == (
        1,
        2,
        1,
        0,
    )
    s.drones[0].pos = hx(0, 5)
    assert Exchange("crystal") not in GAME.legal(s, 0)


def steel_skin(s: RivalsState, seat: int, cards: int) -> list[int]:
    """Install Steel Skin for `seat` and give it a deck of `cards` Blasters (their ids)."""
    s.skills[seat].append(card_id(s, "Steel Skin"))
    s.deck[seat] = [card_id(s, "Blaster") for _ in range(cards)]
    return list(s.deck[seat])


def test_a_token_taken_home_from_the_drone_draws_a_card_with_steel_skin() -> None:
    s = ready(0)
    s.drones[0].pos = s.ashaks[0].pos
    s.drones[0].tokens = 2
    deck = steel_skin(s, 0, 2)
    ev = GAME.apply(s, 0, Exchange("token"))
    assert (s.ashaks[0].tokens, s.drones[0].tokens) == (1, 1)
    assert s.hand[0] == [deck[-1]]
    assert "Player 1 (Atmos) takes 1 anticipation token from" in texts(ev)


def test_tokens_stolen_by_a_hack_draw_a_card_each_with_steel_skin() -> None:
    s = ready(0)
    put(s, 0, 0, 0)
    s.drones[1].pos = hx(0, 2)
    s.drones[1].tokens, s.ashaks[0].tokens = 3, 1
    steel_skin(s, 0, 3)
    with dice(True):
        GAME.apply(s, 0, Hack())
    ev = GAME.apply(s, 0, HackPick("tokens"))
    assert (s.ashaks[0].tokens, s.drones[1].tokens, len(s.hand[0])) == (3, 1, 2)  # room for two; one stays
    assert "steals 2 anticipation tokens from" in texts(ev)


def test_a_drone_gaining_tokens_draws_nothing_for_steel_skin() -> None:
    """Steel Skin sits on the Ashak's board; the drone's tokens fill the drone's own board."""
    s = ready(0)
    s.drones[0].pos = s.ashaks[0].pos
    s.sponsor[s.drones[0].pos] = 2
    s.drones[0].tokens = 1
    steel_skin(s, 0, 2)
    drone_turn(s, 0)
    GAME.apply(s, 0, Negotiate())
    GAME.apply(s, 0, Reward("tokens"))
    assert s.drones[0].tokens == 2 and s.hand[0] == []


def test_the_drone_never_stores_a_fourth_card() -> None:
    s = ready(0)
    s.drones[0].pos = s.ashaks[0].pos
    s.drones[0].cards = [card_id(s, "Blaster") for _ in range(3)]
    c = card_id(s, "Psywave")
    s.hand[0] = [c]
    assert GAME.why_illegal(s, 0, Exchange("store", c)) == "Your drone already stores three cards."


def test_bringing_the_drones_points_home_can_win() -> None:
    s = ready(0)
    s.drones[0].pos = s.ashaks[0].pos
    s.ashaks[0].rp, s.drones[0].rp = 3, 2
    ev = GAME.apply(s, 0, Exchange("rp"))
    assert s.ashaks[0].rp == 5 and s.drones[0].rp == 0 and s.winners == [0]
    assert "takes 2 Rival Points" in texts(ev)


# --- hacking -----------------------------------------------------------------------------------------


def test_hacking_needs_1_ap_range_0_2_and_sight() -> None:
    s = ready(0)
    put(s, 0, 0, 0)
    put(s, 1, 0, 5)
    s.drones[1].pos = hx(0, 3)
    assert GAME.why_illegal(s, 0, Hack()) == "The opposing drone must be 0 to 2 hexes away."
    s.drones[1].pos = hx(0, 2)
    assert GAME.why_illegal(s, 0, Hack()) is None
    put(s, 1, 0, 1)  # the opposing Ashak stands between
    assert GAME.why_illegal(s, 0, Hack()) == "You have no line of sight to the opposing drone."


def test_three_successes_steal_the_points_and_drive_the_drone() -> None:
    s = ready(0)
    put(s, 0, 0, 0)
    s.drones[1].pos = hx(0, 2)
    s.drones[1].rp, s.drones[1].crystals = 1, 4
    with dice(True):
        ev = GAME.apply(s, 0, Hack())
    assert "3 successes" in texts(ev) and s.phase == "hack" and s.ap == 1
    GAME.apply(s, 0, HackPick("rp"))
    GAME.apply(s, 0, HackPick("resources"))
    assert (s.ashaks[0].rp, s.drones[1].rp, s.ashaks[0].crystals, s.drones[1].crystals) == (1, 0, 4, 0)
    dest = next(a for a in GAME.legal(s, 0) if isinstance(a, HackPick) and a.kind == "move")
    GAME.apply(s, 0, dest)
    assert s.drones[1].pos == dest.arg and s.phase == "turn"


def test_a_hack_without_success_does_nothing_more() -> None:
    s = ready(0)
    put(s, 0, 0, 0)
    s.drones[1].pos = hx(0, 1)
    with dice(False):
        ev = GAME.apply(s, 0, Hack())
    assert "0 successes" in texts(ev) and s.phase == "turn" and s.ap == 1


def test_a_hacked_collect_fills_the_victims_drone_by_the_hackers_choices() -> None:
    s = ready(0)
    put(s, 0, 0, 0)
    h = hx(0, 2)
    s.drones[1].pos = h
    set_type(s, h, board.INTERFACE)
    others = [hex_type(s, x) for x in TILE_HEXES[TILE_OF[h]] if x != h]
    with dice(True):
        GAME.apply(s, 0, Hack())
    GAME.apply(s, 0, HackPick("collect"))
    assert (s.phase, s.actor) == ("dconsult", 0)
    assert s.drones[1].resins == others.count(board.FOREST) and s.ashaks[0].resins == 2  # Atmos's own two
    GAME.apply(s, 0, Consult(False))
    GAME.apply(s, 0, Install(s.consult[0]))
    assert len(s.drones[1].cards) == 1
    assert s.phase in ("dinstall", "hack")


def test_the_hack_log_says_every_die() -> None:
    s = ready(0)
    put(s, 0, 0, 0)
    s.drones[1].pos = hx(0, 1)
    ev = GAME.apply(s, 0, Hack())
    line = texts(ev)
    assert line.count("success") + line.count("blank") >= 3


# --- sight and secrets ----------------------------------------------------------------------------------


def test_an_opposing_drone_blocks_sight_and_an_allied_one_does_not() -> None:
    s = ready(0)
    a, mid, b = hx(0, 0), hx(0, 1), hx(0, 2)
    s.drones[0].pos = s.drones[1].pos = -1
    assert has_sight(s, 0, a, b, 1)
    s.drones[1].pos = mid
    assert not has_sight(s, 0, a, b, 1)
    s.drones[0].pos, s.drones[1].pos = mid, -1
    assert has_sight(s, 0, a, b, 1)


def test_the_drones_cards_are_public() -> None:
    s = ready(0)
    c = card_id(s, "Blaster")
    s.drones[1].cards = [c]
    assert GAME.view(s, 0).drones[1].cards == [c]


def test_illegal_drone_actions_change_nothing() -> None:
    s = ready(0)
    drone_turn(s, 0)
    before = GAME.clone(s)
    with pytest.raises(IllegalAction):
        GAME.apply(s, 0, Negotiate())
    assert s == before


# --- cards aimed at a drone -----------------------------------------------------------------------


def aim_at_drone(s: RivalsState, name: str, drone: int, to: tuple[int, ...] = ()) -> list[Event]:
    """Seat 0 plays card `name` at `drone`; asked where a pushed or pulled drone goes, it picks
    the hexes `to` in turn."""
    from engine.rivals.actions import PlayCard, TargetDrone

    c = give(s, 0, name)
    ev = act(s, 0, PlayCard(c))
    assert TargetDrone(drone) in GAME.legal(s, 0)
    ev += act(s, 0, TargetDrone(drone))
    steps = iter(to)
    while s.phase in ("react", "optional", "step"):
        pick = StepTo(next(steps)) if s.phase == "step" else GAME.legal(s, s.actor)[-1]
        ev += GAME.apply(s, s.actor, pick)
    return ev


def test_a_blaster_on_the_opposing_drone_breaks_its_shield_and_charges_nothing() -> None:
    s = ready(0)
    put(s, 0, 0, 0)
    put(s, 1, 3, -3)
    s.drones[1].pos = hx(0, 2)
    s.shield[hx(0, 2)] = 1
    ev = aim_at_drone(s, "Blaster", 1)
    assert s.shield[hx(0, 2)] == -1 and "no damage" in texts(ev)
    assert s.ashaks[0].ult == 0 and s.ashaks[1].hp == 20


def test_a_push_card_moves_a_drone_and_a_theft_takes_its_tokens() -> None:
    s = ready(0)
    put(s, 0, 0, 0)
    put(s, 1, 3, -3)
    s.drones[1].pos = hx(0, 1)
    aim_at_drone(s, "Tidal Lance", 1, to=(max(away(hx(0, 1), hx(0, 0))),))
    assert DIST[hx(0, 0)][s.drones[1].pos] == 2  # pushed one hex away
    s.ap = 2
    s.drones[1].tokens = 2
    aim_at_drone(s, "Siphon", 1)
    assert s.drones[1].tokens == 1 and s.ashaks[0].tokens == 1


def test_a_card_may_be_aimed_at_ones_own_drone() -> None:
    from engine.rivals.actions import PlayCard, TargetDrone

    s = ready(0)
    put(s, 0, 0, 0)
    put(s, 1, 3, -3)
    s.drones[0].pos, s.drones[1].pos = hx(0, 1), -1
    c = give(s, 0, "Shockwave")
    act(s, 0, PlayCard(c))
    assert TargetDrone(0) in GAME.legal(s, 0)


def test_every_drone_prompt_opens_a_help_section_that_exists() -> None:
    from engine.rivals.rules.phases import DRONE_PHASES, PHASES
    from tests.engine.test_help_files import help_slugs

    slugs = help_slugs("rivals")
    for phase in DRONE_PHASES:
        assert PHASES[phase].section in slugs, phase

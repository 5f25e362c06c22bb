"""Set-up, the ten phases of a round, falling tiles, sponsors, drought and victory."""

from __future__ import annotations

from engine.rivals.actions import ChooseAshak, EndTurn, Negotiate, PlayCard, Reward, StepTo
from engine.rivals.data.board import LONG_TILES, TILE_HEXES, TILE_OF, ZONE_CARDS
from engine.rivals.data.catalog import CARD
from engine.rivals.game import GAME
from engine.rivals.options import RivalsOptions
from engine.rivals.queries import border_hexes
from engine.rivals.rules.flow import phase4, phase5, phase6
from engine.rivals.state import Task
from tests.engine.rivals.helpers import act, clear_hand, give, new


def test_standard_setup() -> None:
    s = GAME.setup(RivalsOptions(), 4, 3)
    assert s.phase == "ashak" and s.actor == 0
    assert all(a.hp == 20 and a.ult == 0 and a.rp == 0 for a in s.ashaks)
    assert len(s.iface_row) == 2 and len(s.schema_row) == 2
    assert s.sponsor[0] == 1 and sum(1 for x in s.sponsor if x) == 1
    assert [s.revealed[t] for t in LONG_TILES] == [True] * 6
    assert sum(s.revealed) == 7  # the six starting tiles and the Volcano
    eras = [ZONE_CARDS[z].era for z in s.zone_deck]
    assert eras == sorted(eras, reverse=True)  # era 1 on top (the end of the list)
    assert all(len(o) == 2 for o in s.guild_offer)


def test_competition_rolls_first_and_the_last_player_chooses_first() -> None:
    s = GAME.setup(RivalsOptions(setup="competition"), 4, 5)
    assert s.rolls and s.actor == (s.first - 1) % 4
    act(s, s.actor, ChooseAshak(0))
    assert GAME.why_illegal(s, s.actor, ChooseAshak(0)) == "Atmos is already taken."


def test_start_positions_one_per_starting_tile_never_the_volcano() -> None:
    s = new(("Atmos", "Renko", "Phae", "Korrin", "Sylva", "Vex"))
    tiles = [TILE_OF[a.pos] for a in s.ashaks]
    assert len(set(tiles)) == 6 and all(t in LONG_TILES for t in tiles)
    assert all(len(h) == 4 for h in s.hand)
    assert s.round == 1 and s.phase == "turn" and s.actor == s.first


def test_starting_deck_is_five_cards_plus_the_ashak_cards() -> None:
    s = new(("Phae", "Renko"))
    for o, extra in ((0, 3), (1, 2)):
        cards = [CARD[c].name for c in s.hand[o] + s.deck[o]]
        assert cards.count("Blaster") == 3 and cards.count("Psywave") == 2
        assert len(cards) == 5 + extra
    assert "Atlans" in [CARD[c].name for c in s.hand[0] + s.deck[0]]
    assert len(s.extra) == 6


def test_no_attacks_in_the_first_turn_of_the_game() -> None:
    s = new(("Atmos", "Renko"))
    seat = s.actor
    clear_hand(s, seat)
    b = give(s, seat, "Blaster")
    assert GAME.why_illegal(s, seat, PlayCard(b)) == "No attacks in the very first turn of the game."


def test_two_turns_then_the_round_ends_with_a_new_hand() -> None:
    s = new(("Atmos", "Renko"), seed=2)
    first = s.first
    act(s, s.actor, EndTurn())
    act(s, s.actor, EndTurn())
    assert s.turn_no == 2 and s.token_side == 2 and s.actor == first
    act(s, s.actor, EndTurn())
    act(s, s.actor, EndTurn())
    while s.phase in ("reentry", "interrupt"):  # (an event may give tokens: their windows pass)
        act(s, s.actor, GAME.choices(s, s.actor)[-1][0])
    assert s.round == 2 and s.turn_no == 1
    assert len(s.zones_shown) == 1 and len(s.events_shown) == 1
    assert all(len(h) == 4 or not s.ashaks[o].alive for o, h in enumerate(s.hand))


def test_a_falling_tile_costs_4_hp_and_the_ashak_climbs_back_at_the_border() -> None:
    s = new(("Atmos", "Renko"))
    s.round = 1
    z = ZONE_CARDS[s.zone_deck[-1]]
    tile = z.drops[0]
    h = TILE_HEXES[tile][0]
    s.revealed[tile] = True
    s.ashaks[0].pos = h
    s.shield[h] = 0
    s.tasks = []
    phase4(s, Task("p4"))
    assert s.fallen[tile] and s.ashaks[0].hp == 16 and s.shield[h] == -1
    assert s.tasks[0].kind == "reentry"
    s.phase = "idle"
    from engine.rivals.rules.flow import advance

    advance(s)
    assert s.phase == "reentry" and s.actor == 0
    opts = GAME.legal(s, 0)
    assert opts and all(isinstance(a, StepTo) for a in opts)
    border = set(border_hexes(s))
    assert {a.hex for a in opts} == border
    target = (
        next(a for a in opts if not s.revealed[TILE_OF[a.hex]])
        if any(not s.revealed[TILE_OF[a.hex]] for a in opts)
        else opts[0]
    )
    act(s, 0, target)
    assert s.revealed[TILE_OF[target.hex]] and s.ashaks[0].pos == target.hex


def test_sponsors_activate_then_spawn_on_the_last_zone_card() -> None:
    s = new(("Atmos", "Renko", "Phae"))
    s.last_zone = 0
    phase5(s, Task("p5"))
    assert s.sponsor[0] == 2  # the Volcano's sponsor is now active
    spawned = [h for h, v in enumerate(s.sponsor) if v == 1]
    assert all(h in ZONE_CARDS[0].sponsors for h in spawned)
    s.ashaks[2].alive = False
    s.sponsor = [0] * len(s.sponsor)
    s.sponsors_left = 6
    phase5(s, Task("p5"))
    assert not any(s.sponsor)  # two Ashaks left in a 3-player game: no more sponsors


def test_drought_yellow_then_green_then_gone() -> None:
    s = new(("Atmos", "Renko"))
    s.drought[10] = 1
    phase6(s, Task("p6"))
    assert s.drought[10] == 2
    phase6(s, Task("p6"))
    assert s.drought[10] == 0


def test_negotiating_scores_a_point_and_five_points_win_at_once() -> None:
    s = new(("Atmos", "Renko"))
    seat = s.actor
    s.sponsor[s.ashaks[seat].pos] = 2
    s.ashaks[seat].tokens = 1
    s.ashaks[seat].rp = 3
    act(s, seat, Negotiate())
    assert s.ashaks[seat].rp == 4 and s.ashaks[seat].tokens == 0 and s.phase == "reward"
    act(s, seat, Reward("tokens"))
    assert s.ashaks[seat].tokens == 2
    s.sponsor[s.ashaks[seat].pos] = 2
    s.ap = 1
    before = GAME.progress(s)
    act(s, seat, Negotiate())
    out = GAME.outcome(s)
    assert out is not None and out.winners == (seat,) and "5 Rival Points" in out.reason
    # The saved-games list: where the game stood, then where it ended.
    assert before == f"round {s.round}, era 1"
    assert GAME.progress(s) == f"finished in round {s.round}"


def test_the_token_goes_to_the_lowest_hp_when_two_remain() -> None:
    from engine.rivals.rules.flow import phase3

    s = new(("Atmos", "Renko", "Phae"))
    s.ashaks[2].alive = False
    s.ashaks[2].hp = 0
    s.ashaks[0].hp, s.ashaks[1].hp = 15, 9
    s.first = 0
    phase3(s, Task("p3"))
    assert s.first == 1


def test_the_last_two_falling_to_their_deaths_together_share_the_win() -> None:
    s = new(("Atmos", "Renko", "Phae"))
    s.round = 1
    s.ashaks[2].alive, s.ashaks[2].hp = False, 0
    z = ZONE_CARDS[s.zone_deck[-1]]
    tile = z.drops[0]
    for seat in (0, 1):
        s.ashaks[seat].pos = TILE_HEXES[tile][seat]
        s.ashaks[seat].hp = 3
    s.tasks = []
    phase4(s, Task("p4"))
    out = GAME.outcome(s)
    assert out is not None and out.winners == (0, 1)


def test_when_the_wildtech_is_spent_the_game_over_says_what_broke_a_tie_on_points() -> None:
    from engine.rivals.rules.flow import end_by_exhaustion

    cases = [
        ((3, 1, 2), (5, 9, 9), [0], ""),  # the points alone decide
        ((3, 3, 2), (5, 9, 9), [1], "Level on Rival Points: the one with more HP wins."),
        ((3, 3, 2), (9, 9, 9), [0, 1], "Level on Rival Points and on HP: the win is shared."),
    ]
    for rp, hp, winners, tiebreak in cases:
        s = new(("Atmos", "Renko", "Phae"))
        for a, points, health in zip(s.ashaks, rp, hp, strict=True):
            a.rp, a.hp = points, health
        end_by_exhaustion(s)
        out = GAME.outcome(s)
        assert out is not None and list(out.winners) == winners
        assert out.reason.startswith("The Wildtech is spent") and out.tiebreak == tiebreak

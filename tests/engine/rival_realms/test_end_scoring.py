"""Quests, the three ends of the game with equal turns, and the final score with its tie-breaks."""

from __future__ import annotations

from engine.core.game import Outcome, ScoreLine, SeatSpec
from engine.core.match import Match, Series
from engine.rival_realms.actions import END_TURN, PASS, Summon
from engine.rival_realms.data import CORNERS, SOLO_TARGET
from engine.rival_realms.game import GAME
from engine.rival_realms.options import RivalRealmsOptions
from engine.rival_realms.scoring import outcome, score_parts
from tests.engine.rival_realms.helpers import clear_realm, give_token, lay, new, set_hand, texts


def _redraw(s, seat):  # type: ignore[no-untyped-def]
    while s.phase == "redraw" and s.actor == seat:
        GAME.apply(s, seat, GAME.legal(s, seat)[0])


def test_filling_a_sub_realm_completes_its_quest_first_come_first_served() -> None:
    s = new(places=(6, 6))
    for p, c in zip(range(5), (1, 2, 3, 4, 5), strict=True):
        lay(s, 0, p, c)
        lay(s, 1, p, c + 10)
    set_hand(s, 0, [20, 21, 22, 23, 24])
    GAME.apply(s, 0, Summon(20, 5))
    ev = GAME.apply(s, 0, END_TURN)
    assert s.quests[0] == 0 and "completes the quest Upper Realm (4 points)" in texts(ev)
    _redraw(s, 0)
    set_hand(s, 1, [30, 31, 32, 33, 34])
    GAME.apply(s, 1, Summon(30, 5))
    GAME.apply(s, 1, END_TURN)
    assert s.quests[0] == 0  # taken already: the second player gets nothing


def test_wanderer_and_far_frontiers() -> None:
    s = new(places=(6, 6))
    clear_realm(s, 0)
    for p, c in zip(CORNERS, (1, 6, 13, 50), strict=True):  # Fields, Highlands, Highlands, Forest
        lay(s, 0, p, c, explored=True)
    lay(s, 0, 7, 11, explored=True)  # Wetlands
    lay(s, 0, 8, 14, explored=True)  # Hills
    set_hand(s, 0, [20, 21, 22, 23, 24])
    GAME.apply(s, 0, Summon(20, 10))
    GAME.apply(s, 0, END_TURN)
    assert s.quests[3] == 0 and s.quests[5] == 0  # Wanderer and Far Frontiers


def test_full_realm_ends_the_game_and_the_non_starting_player_plays_last() -> None:
    s = new(places=(6, 6))
    numbers = iter(range(1, 50))
    for p in range(17):
        lay(s, 0, p, next(numbers))
    set_hand(s, 0, [49])
    GAME.apply(s, 0, Summon(49, 17))
    ev = GAME.apply(s, 0, END_TURN)
    assert s.end_triggered and "realm is full" in texts(ev)
    _redraw(s, 0)
    assert s.turn == 1 and s.phase == "turn"  # the final turn
    a = next(a for a in GAME.legal(s, 1) if isinstance(a, Summon))
    GAME.apply(s, 1, a)
    GAME.apply(s, 1, END_TURN)
    _redraw(s, 1)
    out = GAME.outcome(s)
    assert out is not None and s.turns == [1, 1]
    assert out.reason.startswith("Player 1 summoned the last region")
    # The saved games list shows the status ("finished") beside how far the game went.
    assert GAME.progress(s) == "finished after turn 1"


def test_when_the_non_starting_player_triggers_the_end_the_game_ends_at_once() -> None:
    s = new(places=(6, 6), options=RivalRealmsOptions(start="player 2"))
    assert s.start == 1 and s.turn == 1
    # Player 2 begins; player 1 is the non-starting player.
    set_hand(s, 1, [10, 20, 30, 40, 50])
    GAME.apply(s, 1, Summon(10, 0))
    GAME.apply(s, 1, END_TURN)
    _redraw(s, 1)
    numbers = iter(range(1, 50))
    for p in range(17):
        c = next(numbers)
        while c in s.hands[0] or c == 10 or c in s.nests[0]:
            c = next(numbers)
        lay(s, 0, p, c)
    set_hand(s, 0, [49])
    GAME.apply(s, 0, Summon(49, 17))
    GAME.apply(s, 0, END_TURN)
    _redraw(s, 0)
    assert GAME.outcome(s) is not None


def test_last_card_of_the_deck_ends_the_game_after_the_turn() -> None:
    s = new(places=(6, 6))
    set_hand(s, 0, [10, 20, 30, 40, 50])
    for c in s.deck[:-1]:
        s.nests[1].append(c)  # out of the way, face up in the other nest
    del s.deck[:-1]
    GAME.apply(s, 0, Summon(10, 0))
    ev = GAME.apply(s, 0, END_TURN)
    assert "The last region card has left the deck" in texts(ev)
    assert s.turn == 1 and s.final_turn


def test_both_players_passing_ends_the_game() -> None:
    s = new(places=(1, 1))
    for seat in (0, 1):
        clear_realm(s, seat)
        for p, card in zip(range(1, 18), [1, *range(4, 20)], strict=True):
            lay(s, seat, p, card if seat == 0 else card + 30 if card + 30 <= 50 else card, explored=True)
    # Empty hands: nothing can be summoned, and every region is already explored.
    for seat in (0, 1):
        for c in s.hands[seat]:
            s.deck.insert(0, c)
        s.hands[seat] = []
    GAME.apply(s, 0, PASS)
    assert s.turn == 1
    GAME.apply(s, 1, PASS)
    out = GAME.outcome(s)
    assert out is not None and out.reason.startswith("Both players have passed")


def test_score_breakdown_by_category() -> None:
    s = new(places=(6, 6), valleys=(0, 1, 2, 6, 7, 8), raven=(0, 5))
    clear_realm(s, 0)
    lay(s, 0, 0, 1, explored=True)  # Fields
    lay(s, 0, 1, 8, explored=True)  # Fields: a matching neighbour pair (+2)
    lay(s, 0, 6, 12)  # Fields under a Valley from 1 (+3)
    lay(s, 0, 7, 26)  # Fields under a Valley from 8 (+3) and beside 12 (+2)
    give_token(s, 0, "gem")
    give_token(s, 0, "gem")
    s.quests[4] = 0  # Tea Time, 6 points
    empty, gems, explored, adjacent, valley, quests = score_parts(s, 0)
    assert (empty, gems, explored, adjacent, valley, quests) == (-14, 2, 2, 4, 6, 6)


def test_tie_breaks_explored_then_quests_then_shared() -> None:
    s = new(places=(6, 6))
    for seat in (0, 1):
        clear_realm(s, seat)
    s.phase = "over"
    lay(s, 0, 0, 1, explored=True)
    lay(s, 1, 0, 2)
    lay(s, 1, 2, 3)  # -17 + 1 explored against -16: a tie, broken by explored regions
    out = outcome(s)
    assert out is not None and out.scores == (-16, -16) and out.winners == (0,)
    assert "explored more regions" in out.tiebreak
    # Equal explored regions (none): two quests (4 + 4) against one (7) and one more card.
    s.explored[0][0] = False
    lay(s, 0, 5, 20)
    lay(s, 1, 4, 4)
    s.quests[0] = s.quests[1] = 0
    s.quests[5] = 1
    out = outcome(s)
    assert out is not None and out.scores == (-8, -8)
    assert out.winners == (0,) and "completed more quests" in out.tiebreak
    # Equal quests too: the victory is shared.
    s.quests = [-1] * 6
    lay(s, 0, 3, 14)
    out = outcome(s)
    assert out is not None and out.scores == (-15, -15) and out.winners == (0, 1) and "shared" in out.tiebreak


def test_solo_outcome_against_the_ravens_score() -> None:
    s = new(seats=1, places=(6,))
    s.phase = "over"
    out = outcome(s)
    assert out is not None and out.winners == () and "The Raven's 30 points (normal) stand" in out.reason
    # One point more than the Raven wins.
    s.quests = [0] * 6  # 4 + 4 + 4 + 5 + 6 + 7 = 30
    for p, c in enumerate(range(1, 19)):
        lay(s, 0, p, c)  # a full realm: no empty space to cost a point
    out = outcome(s)
    assert out is not None and out.scores[0] > 30 and out.winners == (0,)
    assert SOLO_TARGET == {"easy": 28, "normal": 30, "hard": 32}


def test_in_a_series_the_loser_begins_the_next_game() -> None:
    m = Match.new(GAME, RivalRealmsOptions(), [SeatSpec("A"), SeatSpec("B")], 5, series=Series(games=3))
    while not m.over:
        seat = m.to_act()[0]
        m.submit(seat, m.legal(seat)[0])
    out = m.outcome()
    assert out is not None
    nxt = m.next_in_series()
    if len(out.winners) == 1:
        loser = 1 - out.winners[0]
        assert nxt.state.start == loser and nxt.options.start == f"player {loser + 1}"
    else:
        assert nxt.options == m.options
    assert GAME.next_options(RivalRealmsOptions(), Outcome((10, 12), (1,))).start == "player 1"
    assert (
        GAME.next_options(RivalRealmsOptions(start="player 2"), Outcome((12, 10), (0,))).start == "player 2"
    )


def test_the_breakdown_names_what_each_line_scores_and_every_quest_won() -> None:
    """The final table says a pair across a Valley is worth 3 and lists the quests won, one line
    each, with the points in the winner's column; the lines still add up to the totals."""
    s = new(places=(6, 6))
    s.phase = "over"
    out = outcome(s)
    assert out is not None
    labels = [line.label for line in out.lines]
    assert "Matching pairs across a Valley (3 each)" in labels
    assert out.lines[-1] == ScoreLine("Quests (none completed)", (0, 0))
    s.quests[0] = 1  # Upper Realm, 4 points, to Player 2
    s.quests[4] = 0  # Tea Time, 6 points, to Player 1
    out = outcome(s)
    assert out is not None
    assert out.lines[-2:] == (ScoreLine("Quest: Upper Realm", (0, 4)), ScoreLine("Quest: Tea Time", (6, 0)))
    for seat in (0, 1):
        assert sum(line.values[seat] for line in out.lines) == out.scores[seat]
    s.enchantments = ["deep_valleys", "grand_quests"]
    out = outcome(s)
    assert out is not None
    assert "Matching pairs across a land card (Valley 4, Mountain 1)" in [line.label for line in out.lines]
    assert out.lines[-1] == ScoreLine("Quest: Tea Time", (8, 0))

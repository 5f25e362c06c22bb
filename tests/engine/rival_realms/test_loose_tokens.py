"""A token lying on an explored region (a Magic Mirror exchange leaves one there) is claimed by
walking over it, may pay for the very step whose walk picked it up, and a walk to it is a turn's
adventuring: a player who can still make one is never forced to pass."""

from __future__ import annotations

from engine.ai import make_bot
from engine.core.rng import Rng
from engine.rival_realms import ai
from engine.rival_realms.actions import END_TURN, GEM_STEAL, PASS, Go
from engine.rival_realms.data import CREATURE_KIND, SPACES
from engine.rival_realms.game import GAME
from engine.rival_realms.queries import loose_tokens, step_preview
from tests.engine.rival_realms.helpers import lay, texts, token_beyond_a_walk


def test_a_creature_picked_up_on_the_way_pays_for_the_step_it_was_picked_up_on() -> None:
    s = token_beyond_a_walk()
    legal = GAME.legal(s, 0)
    step = Go(8, 7, creature="bear")
    assert step in legal
    assert PASS not in legal
    assert GAME.why_illegal(s, 0, step) is None
    ev = GAME.apply(s, 0, step)
    # The Bear left middle 2 for the supply on the way, then guided the adventurer into 15 Forest.
    assert s.board_tokens[0][7] == "" and s.explored[0][8] and s.adventurer[0] == 8
    assert "bear" in s.used[0] and "bear" not in s.supply[0]
    lines = texts(ev)
    assert lines.index("collects the Bear in") < lines.index("guided by the Bear")
    assert END_TURN in GAME.legal(s, 0)


def test_a_player_who_can_still_walk_to_a_token_may_not_pass() -> None:
    s = token_beyond_a_walk()
    assert GAME.why_illegal(s, 0, PASS) == (
        "You can still summon, explore or walk to a token, so you may not pass."
    )
    # The AI's value does not count this seat as bound to pass, and the hint's bot goes on.
    assert not ai.bound_to_pass(s, 0)
    choice = make_bot("hard", 1).choose(GAME, GAME.view(s, 0), 0)
    assert isinstance(choice, Go)
    # With the Bear gone from the realm there is nothing left to do: Pass comes back.
    s.board_tokens[0][7] = ""
    s.used[0].append("bear")
    assert GAME.legal(s, 0) == [PASS]


def test_a_walk_that_only_picks_up_a_token_is_the_turns_adventure() -> None:
    # Nothing to explore with: the walk to the gem is the turn's action, End turn follows, and
    # the gem is the player's at once (here to take two cards).
    s = token_beyond_a_walk("gem")
    walk = Go(7, 6)
    assert GAME.legal(s, 0)[0] == walk and PASS not in GAME.legal(s, 0)
    ev = GAME.apply(s, 0, walk)
    assert "collects the Gem in" in texts(ev) and s.board_tokens[0][7] == ""
    assert s.adventurer[0] == 7 and not s.explored[0][8]
    legal = GAME.legal(s, 0)
    assert legal[0] == END_TURN and GEM_STEAL in legal


def test_a_walk_that_picks_up_nothing_still_cannot_begin_a_turn() -> None:
    s = token_beyond_a_walk()
    lay(s, 0, 12, 30, explored=True)  # lower 1, across the Valley below the adventurer
    assert Go(12, 6) not in GAME.legal(s, 0)
    assert GAME.why_illegal(s, 0, Go(12, 6)) == (
        "A turn of adventuring begins by exploring a region or by walking to a token."
    )


def test_the_step_preview_shows_the_token_picked_up_and_that_it_can_pay() -> None:
    s = token_beyond_a_walk()
    preview = step_preview(s, 0, 8, 7)
    assert preview is not None
    assert preview.path == (7, 8) and preview.explores
    assert preview.payments == ((0, "bear"),)
    assert preview.tokens == ("bear",)


def test_the_lines_shown_for_a_step_name_what_it_picks_up_on_the_way() -> None:
    s = token_beyond_a_walk()
    assert GAME.describe(s, Go(8, 7, creature="bear")) == (
        "Explore 15 Forest in middle 3 (by way of middle 2) with the Bear, picking up the Bear on the way"
    )
    assert GAME.describe(s, Go(7, 6)) == "Walk to 9 Wetlands in middle 2, collecting the Bear there"


def test_the_search_counts_a_creature_lying_on_the_way_as_one_that_can_pay() -> None:
    s = token_beyond_a_walk()
    assert ai.mobility(s, 0) == (1, 1)  # one type ahead (Forest), and the Bear can pay for it


def test_where_a_token_lies_on_an_explored_region_the_list_holds_every_step_the_rules_allow() -> None:
    # Random games (the Magic Mirror leaves tokens on explored regions now and then): at each
    # such turn decision, every step into any space, from any space, paid any way, is listed
    # exactly when the rules allow it, and Pass exactly when no action is possible.
    seen = seed = 0
    while seen < 8 and seed < 2000:  # (about one game in forty meets such a decision)
        seed += 1
        s = GAME.setup(GAME.Options(), 2, seed)
        rng = Rng.from_seed(seed)
        while s.phase != "over":
            seat = s.actor
            legal = GAME.legal(s, seat)
            if s.phase == "turn" and loose_tokens(s, seat):
                seen += 1
                listed = {a for a in legal if isinstance(a, Go)}
                pays = [(0, ""), *((c, "") for c in s.hands[seat]), *((0, t) for t in CREATURE_KIND)]
                for space in range(SPACES):
                    for via in range(SPACES):
                        for card, creature in pays:
                            a = Go(space, via, card, creature)
                            assert (GAME.why_illegal(s, seat, a) is None) == (a in listed), a
                assert (PASS in legal) == (GAME.why_illegal(s, seat, PASS) is None)
            GAME.apply(s, seat, rng.choice(legal))
    assert seen >= 8

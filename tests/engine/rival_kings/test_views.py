"""Views hide what a seat may not see; determinize fills it consistently; states round-trip."""

from __future__ import annotations

import json

from cattrs.preconf.json import make_converter

from engine.core import Rng
from engine.rival_kings.actions import ChooseCharacter
from engine.rival_kings.data import CHARACTERS
from engine.rival_kings.game import GAME
from engine.rival_kings.state import RivalKingsState
from tests.engine.rival_kings.helpers import check_invariants


def assert_masked(s: RivalKingsState, v: RivalKingsState, seat: int | None) -> None:
    for i in range(s.seats):
        if i == seat:
            assert v.hands[i] == s.hands[i]
            continue
        assert v.hands[i] == [-1] * len(s.hands[i])
        if s.phase == "choose" and s.played[i] is not None:
            assert v.played[i] == -1
        assert v.purse_ones[i] == -1 and v.purse_twos[i] == -1
    assert v.aside == [-1] * len(s.aside)
    for p, vp in zip(s.piles, v.piles, strict=True):
        assert len(vp) == len(p)
        if p:
            assert vp[-1] == p[-1] and all(c == -1 for c in vp[:-1])
    for p in range(4):
        hidden = s.pile_ones[p] + s.pile_twos[p] > 0
        assert (v.pile_ones[p] == -1) == hidden and (v.pile_twos[p] == -1) == hidden
    assert v.rng.state == 0
    # Public facts stay visible.
    assert v.buildings == s.buildings and v.subjects == s.subjects and v.markers == s.markers
    assert v.supply_ones == s.supply_ones and v.spent == s.spent and v.pile_shown == s.pile_shown


def test_views_and_events_keep_secrets_during_random_games() -> None:
    for seats in (2, 3, 4):
        for seed in range(12):
            s = GAME.setup(GAME.Options(), seats, seed)
            rng = Rng.from_seed(seed + 100)
            while GAME.outcome(s) is None:
                for j in [None, *range(seats)]:
                    assert_masked(s, GAME.view(s, j), j)
                seat = GAME.to_act(s)[0]
                legal = GAME.legal(s, seat)
                a = legal[rng.below(len(legal))]
                before_reveal = s.phase == "choose"
                events = GAME.apply(s, seat, a)
                for e in events:
                    if e.kind == "round" and e.to is not None:
                        # A new round: each seat alone is told its own new hand.
                        (j,) = e.to
                        assert all(CHARACTERS[c].label in e.text for c in s.hands[j])
                        continue
                    assert e.to is None or e.to == (seat,)
                if isinstance(a, ChooseCharacter) and before_reveal:
                    name = CHARACTERS[a.card].name
                    revealed = any(e.reveal for e in events)
                    for j in range(seats):
                        if j == seat or revealed:
                            continue
                        seen = [e.text for e in events if e.visible_to(j)]
                        assert not any(name in t for t in seen), seen


def test_determinize_is_consistent_with_the_view() -> None:
    for seats in (2, 3, 4):
        for seed in range(8):
            s = GAME.setup(GAME.Options(), seats, seed)
            rng = Rng.from_seed(seed)
            step = 0
            while GAME.outcome(s) is None:
                seat = GAME.to_act(s)[0]
                if step % 3 == 0:
                    v = GAME.view(s, seat)
                    d = GAME.determinize(v, seat, Rng.from_seed(step))
                    check_invariants(d)
                    assert GAME.view(d, seat) == v
                    assert GAME.legal(d, seat) == GAME.legal(s, seat)
                    # A determinized game can be played on (the AI searches it).
                    GAME.apply(d, seat, GAME.legal(d, seat)[0])
                legal = GAME.legal(s, seat)
                GAME.apply(s, seat, legal[rng.below(len(legal))])
                step += 1


def test_determinize_samples_differ_but_agree_on_what_is_known() -> None:
    s = GAME.setup(GAME.Options(), 4, 3)
    v = GAME.view(s, 0)
    a = GAME.determinize(v, 0, Rng.from_seed(1))
    b = GAME.determinize(v, 0, Rng.from_seed(2))
    assert a.hands[0] == b.hands[0] == s.hands[0]
    assert a.hands[1:] != b.hands[1:] or a.piles != b.piles
    assert [p[-1] for p in a.piles] == [p[-1] for p in s.piles]


def test_clone_is_equal_and_independent() -> None:
    s = GAME.setup(GAME.Options(), 3, 4)
    c = GAME.clone(s)
    assert c == s
    GAME.apply(c, 0, GAME.legal(c, 0)[0])
    assert c != s and s.played[0] is None


def test_state_round_trips_through_json_at_every_step() -> None:
    conv = make_converter()
    for seats in (2, 3, 4):
        s = GAME.setup(GAME.Options(), seats, seats)
        rng = Rng.from_seed(seats)
        while True:
            raw = json.loads(json.dumps(conv.unstructure(s)))
            assert conv.structure(raw, RivalKingsState) == s
            if GAME.outcome(s) is not None:
                break
            seat = GAME.to_act(s)[0]
            legal = GAME.legal(s, seat)
            GAME.apply(s, seat, legal[rng.below(len(legal))])


def test_actions_have_short_text_and_a_description() -> None:
    s = GAME.setup(GAME.Options(), 2, 5)
    rng = Rng.from_seed(5)
    kinds = set()
    for _ in range(3):
        while GAME.outcome(s) is None:
            seat = GAME.to_act(s)[0]
            for a in GAME.legal(s, seat):
                kinds.add(type(a))
                assert str(a) and len(str(a)) < 40
                assert GAME.describe(s, a)
                assert GAME.why_illegal(s, seat, a) is None
                p = GAME.prompt(s, seat)
                assert p.text and p.section
            legal = GAME.legal(s, seat)
            GAME.apply(s, seat, legal[rng.below(len(legal))])
        s = GAME.setup(GAME.Options(), 2, 6 + len(kinds))
    assert len(kinds) >= 12


def test_evaluate_prefers_the_better_position_and_stays_in_range() -> None:
    from tests.engine.rival_kings.helpers import give, new, set_markers

    s = new(2, 7)
    assert abs(GAME.evaluate(s, 0) - 0.5) < 1e-9
    give(s, 0, "Garden", "Gardener")
    set_markers(s, 1, 4)
    assert GAME.evaluate(s, 0) > 0.8 and GAME.evaluate(s, 1) < 0.2
    for seats in (2, 4):
        st = GAME.setup(GAME.Options(), seats, 1)
        rng = Rng.from_seed(1)
        while True:
            for seat in range(seats):
                assert 0.0 <= GAME.evaluate(st, seat) <= 1.0
            if GAME.outcome(st) is not None:
                out = GAME.outcome(st)
                assert out is not None
                for w in out.winners:
                    assert GAME.evaluate(st, w) >= 0.75
                break
            seat = GAME.to_act(st)[0]
            legal = GAME.legal(st, seat)
            GAME.apply(st, seat, legal[rng.below(len(legal))])


def test_match_undo_and_replay_work_with_rival_kings() -> None:
    from engine.core import SeatSpec
    from engine.core.match import Match

    m = Match.new(GAME, GAME.Options(), [SeatSpec("Ann"), SeatSpec("Bot", "ai")], seed=3)
    rng = Rng.from_seed(3)
    while len(m.history) < 40:
        seat = m.to_act()[0]
        legal = m.legal(seat)
        m.submit(seat, legal[rng.below(len(legal))])
    snapshot = GAME.clone(m.state)
    assert m.replay() == snapshot
    keep = m.undo_target(0)
    assert keep is not None and m.history[keep][0] == 0
    m.undo(keep)
    assert len(m.history) == keep
    assert GAME.outcome(m.state) is None


def test_query_helpers_for_the_screen() -> None:
    from engine.rival_kings.queries import active_subject, covered_actions, pending, purse_value
    from tests.engine.rival_kings.helpers import give, new

    s = new(2, 8)
    assert purse_value(s, 0) == 5 and purse_value(GAME.view(s, 1), 0) == -1
    assert active_subject(s, 0) is None
    ids = give(s, 0, "Miner", "Jailer")
    assert active_subject(s, 0) == ids[-1]
    assert pending(s) is None and covered_actions(s, 0) == []

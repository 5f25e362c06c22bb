"""What each seat may see, determinize filling it consistently, and the placement preview
agreeing with what laying the tile really does."""

from __future__ import annotations

from collections import Counter

from engine.core import Rng
from engine.rivality.actions import Orient
from engine.rivality.data import IS_FORTRESS, PILE_A, PILE_B
from engine.rivality.game import GAME
from engine.rivality.options import RivalityOptions
from engine.rivality.preview import preview, preview_all
from engine.rivality.state import RivalityState
from engine.rivality.texts import where
from tests.engine.rivality.helpers import check_invariants, random_game


def states(seats: int, expert: bool = False, n: int = 8) -> list[RivalityState]:
    out = []
    for seed in range(n):
        s = GAME.setup(RivalityOptions(expert=expert), seats, seed)
        rng = Rng.from_seed(seed)
        k = 0
        while GAME.outcome(s) is None:
            if k % 7 == 3:
                out.append(GAME.clone(s))
            seat = GAME.to_act(s)[0]
            legal = GAME.legal(s, seat)
            GAME.apply(s, seat, legal[rng.below(len(legal))])
            k += 1
    return out


def test_views_hide_other_hands_and_every_pile() -> None:
    for seats in (2, 3, 4):
        for s in states(seats):
            for seat in range(seats):
                v = GAME.view(s, seat)
                assert v.hands[seat] == s.hands[seat]
                for other in range(seats):
                    if other != seat:  # teammates included: no sharing of hands
                        assert v.hands[other] == [-1] * len(s.hands[other])
                assert v.piles == [[-1] * len(p) for p in s.piles]
                assert v.golems == s.golems and v.tile == s.tile and v.rng.state == 0
            spectator = GAME.view(s, None)
            assert all(t == -1 for h in spectator.hands for t in h)


def test_solo_view_hides_face_down_tiles() -> None:
    s = GAME.setup(RivalityOptions(), 1, 4)
    v = GAME.view(s, 0)
    assert [v.tile[c] == -1 for c in range(24)] == [not f for f in s.faceup]
    assert sum(t == -1 for t in v.tile) == 12


def test_determinize_is_consistent_with_the_view() -> None:
    for seats, expert in ((1, False), (2, False), (3, False), (4, True)):
        for s in states(seats, expert) if seats > 1 else [GAME.setup(RivalityOptions(), 1, 2)]:
            for seat in range(seats):
                v = GAME.view(s, seat)
                d = GAME.determinize(v, seat, Rng.from_seed(7))
                check_invariants(d)
                assert GAME.view(d, seat) == GAME.view(s, seat) or _same_but_rng(GAME.view(d, seat), v)
                assert d.hands[seat] == s.hands[seat]
                if seats in (2, 4):
                    for side, full in ((0, PILE_A), (1, PILE_B)):
                        mine = d.piles[side] + [
                            t for i in range(seats) if d.side_of[i] == side for t in d.hands[i]
                        ]
                        assert set(mine) <= set(full)
                if seats == 3:
                    for k in range(3):
                        laid = [d.tile[c] for c in range(len(d.tile)) if d.by[c] == k]
                        held = laid + d.piles[k] + d.hands[k]
                        assert Counter(IS_FORTRESS[t] for t in held) == Counter({True: 2, False: 6})
                for p in d.piles:
                    if p and any(not IS_FORTRESS[t] for t in p):
                        assert not IS_FORTRESS[p[0]]
                while GAME.outcome(d) is None:  # a determinized game plays on to the end
                    who = GAME.to_act(d)[0]
                    GAME.apply(d, who, GAME.legal(d, who)[0])


def _same_but_rng(a: RivalityState, b: RivalityState) -> bool:
    a.rng = b.rng
    return a == b


def test_preview_matches_laying_the_tile() -> None:
    checked = sieges = 0
    for seats, expert in ((2, False), (3, False), (2, True), (4, True)):
        for seed in range(12):
            s = GAME.setup(RivalityOptions(expert=expert), seats, seed)
            rng = Rng.from_seed(seed + 100)
            while GAME.outcome(s) is None:
                seat = GAME.to_act(s)[0]
                if s.phase == "orient":
                    snap = GAME.clone(s)
                    for pv in preview_all(s, s.chosen, s.target):
                        assert s == snap  # nothing changed
                        if any(sp.choice for sp in pv.spells + pv.delayed):
                            continue
                        if len([d for d in pv.delayed if d.result == "lands"]) > 1:
                            continue
                        t = GAME.clone(s)
                        ev = GAME.apply(t, seat, Orient(pv.rot))
                        if t.phase == "over" or t.phase in ("remove", "delayed"):
                            continue
                        if expert:  # the sieges foreseen are the sieges carried out
                            taken = [
                                e.text.split(" at ")[1].split(" is besieged")[0]
                                for e in ev
                                if e.kind == "siege"
                            ]
                            assert taken == [where(t, sg.pos) for sg in pv.sieges]
                            sieges += len(taken)
                        for sp in pv.spells:
                            if sp.result == "lands":
                                c = t.at[sp.target]
                                if not expert:
                                    assert tuple(t.golems[c * 3 : c * 3 + 3]) == sp.after
                                checked += 1
                        if expert and not any(
                            sp.result == "lands" and sp.target in {d.source for d in pv.delayed}
                            for sp in pv.spells
                        ):
                            last = [d for d in pv.delayed if d.result == "lands"]
                            if last:
                                c = t.at[s.target]
                                assert tuple(t.golems[c * 3 : c * 3 + 3]) == last[-1].after
                legal = GAME.legal(s, seat)
                GAME.apply(s, seat, legal[rng.below(len(legal))])
    assert checked > 200 and sieges > 0


def test_preview_reports_lost_spells_and_shields() -> None:
    from tests.engine.rivality.helpers import hand, new, put

    s = new()
    fort = put(s, 22, 1, 0, 0, {1: 1})
    hand(s, 0, 11, 5)
    from engine.rivality.data import pos_of

    pv = preview(s, 11, pos_of(1, 1), 1)
    left, front, right = pv.spells
    assert left.result == "lands" and left.shields == 2 and left.arrive == 1
    assert left.after == (1, 1, 0) and left.controller_after == -1
    assert front.result == "empty" and right.result == "empty"
    assert s.golems[fort * 3 : fort * 3 + 3] == [0, 1, 0]


def test_random_game_views_never_leak_hands_in_events() -> None:
    _, _, events = random_game(3, 4)
    for e in events:
        if "You draw" in e.text:
            assert e.to is not None and len(e.to) == 1


def test_the_chosen_tile_stays_hidden_until_laid() -> None:
    from engine.rivality.actions import ChooseTile

    s = GAME.setup(RivalityOptions(), 2, 1)
    s.phase = "tile"
    t = s.hands[0][0]
    GAME.apply(s, 0, ChooseTile(t))
    assert GAME.view(s, 0).chosen == t
    assert GAME.view(s, 1).chosen == -1 and GAME.view(s, None).chosen == -1
    d = GAME.determinize(GAME.view(s, 1), 1, Rng.from_seed(3))
    assert d.chosen in d.hands[0]


def test_solo_choices_grey_out_unreachable_tiles_with_a_reason() -> None:
    s = GAME.setup(RivalityOptions(), 1, 1)
    greyed = [(a, why) for a, why in GAME.choices(s, 0) if why]
    assert len(greyed) == 20 and all("bottom row" in why for _, why in greyed)

"""What each seat may see, determinized samples, and the designed component data."""

from __future__ import annotations

from engine.core import Rng
from engine.rivalist.data import (
    AGE_DECKS,
    CARDS,
    CHAIN_NAMES,
    COLOUR,
    GREEN,
    PURPLE,
    RED,
    SYMBOLS,
    UNIONS,
    WONDERS,
)
from engine.rivalist.game import GAME
from engine.rivalist.state import HIDDEN
from tests.engine.rivalist.helpers import card_id, check_invariants, states


def test_views_never_show_face_down_cards_or_unrevealed_wonders() -> None:
    for seed in range(15):
        for s in states(seed):
            for seat in (0, 1, None):
                v = GAME.view(s, seat)
                for i, c in enumerate(s.pyramid):
                    if c >= 0 and not s.face_up[i]:
                        assert v.pyramid[i] == HIDDEN
                    else:
                        assert v.pyramid[i] == c
                assert all(w == -1 for w in v.draft_deck)
                assert all(c == -1 for c in v.box + v.unseen)
                assert v.rng.state == 0
                if s.phase != "library":
                    assert all(t == -1 for t in v.unused_tokens)


def test_determinize_fills_the_hidden_parts_consistently_and_keeps_the_seen_ones() -> None:
    for seed in range(15):
        for s in states(seed, every=5):
            if s.over:
                continue
            seat = s.current
            v = GAME.view(s, seat)
            d = GAME.determinize(v, seat, Rng.from_seed(seed))
            check_invariants(d)
            for i, c in enumerate(v.pyramid):
                if c != HIDDEN:
                    assert d.pyramid[i] == c
                else:
                    assert d.pyramid[i] in AGE_DECKS[s.age] or d.pyramid[i] in UNIONS
            if s.age == 3:
                assert (
                    sum(
                        1
                        for c in d.pyramid + d.city[0] + d.city[1] + d.discard
                        if c >= 0 and COLOUR[c] == PURPLE
                    )
                    + sum(1 for row in d.wonder_cards for c in row if c >= 0 and COLOUR[c] == PURPLE)
                    + (1 if d.taken >= 0 and COLOUR[d.taken] == PURPLE else 0)
                    == 3
                )
            assert d.coins == s.coins and d.pawn == s.pawn and d.city == s.city
            # The sample plays on to an end under the rules.
            rng = Rng.from_seed(seed + 1)
            while GAME.outcome(d) is None:
                legal = GAME.legal(d, d.current)
                GAME.apply(d, d.current, legal[rng.below(len(legal))])


def test_cards_per_age_and_unions() -> None:
    assert [len(AGE_DECKS[a]) for a in (1, 2, 3)] == [23, 23, 20]
    assert len(UNIONS) == 7 and all(CARDS[c].colour == PURPLE for c in UNIONS)
    assert not any(CARDS[c].colour == PURPLE for a in (1, 2, 3) for c in AGE_DECKS[a])


def test_horse_guard_chains_from_stables() -> None:
    hg = CARDS[card_id("Horse Guard")]
    assert hg.chain_from == CARDS[card_id("Stables")].chain
    assert hg.colour == RED and "Free if you own the Horseshoe symbol (Stables)" in hg.text


def test_every_chain_comes_from_one_earlier_card() -> None:
    for c in CARDS:
        if c.chain_from >= 0:
            sources = [o for o in CARDS if o.chain == c.chain_from]
            assert len(sources) == 1 and sources[0].age < c.age, c.name
    assert all(any(o.chain == i for o in CARDS) for i in range(len(CHAIN_NAMES)))


def test_six_symbols_on_two_green_cards_each_and_red_has_one_to_three_shields() -> None:
    for sym in range(6):
        assert sum(1 for c in CARDS if c.symbol == sym) == 2, SYMBOLS[sym]
    assert all(c.symbol >= 0 for c in CARDS if c.colour == GREEN)
    assert all(1 <= c.shields <= 3 for c in CARDS if c.colour == RED)


def test_eleven_wonders_as_printed() -> None:
    assert len(WONDERS) == 11
    assert [w.name for w in WONDERS][:3] == ["Babylon Gardens", "Temple of Ares", "Library of Alexandria"]
    assert len({c.name for c in CARDS}) == len(CARDS)


def test_every_card_text_states_its_cost_and_effect() -> None:
    words = {0: "Produces", 1: "Produces", 2: "Pushes the Conflict pawn", 3: "Science symbol", 4: "VP"}
    for c in CARDS:
        assert "Cost:" in c.text
        if c.colour in words:
            assert words[c.colour] in c.text, c.name
        elif c.colour == PURPLE:
            assert "At the end" in c.text or "at the end" in c.text
        else:
            assert "coin" in c.text or "VP" in c.text or "pick" in c.text

"""What a player reads from the Rivalist engine: every sentence well formed (one full stop,
plurals right), the progress words of the status line and the load list, and the moments that
reveal hidden information marked as such (hot-seat undo stops there)."""

from __future__ import annotations

import re

from engine.core import Rng
from engine.rivalist.actions import BuildWonder, Construct, Discard, Take
from engine.rivalist.data import CARDS, TOKEN_TEXTS, WONDERS
from engine.rivalist.game import GAME
from engine.rivalist.rules.costs import wonder_price
from engine.rivalist.state import RivalistState
from tests.engine.rivalist.helpers import at_age, give, holding

BAD = [
    (re.compile(r"\.\."), "a double full stop"),
    (re.compile(r"\.\s+\."), "an empty sentence"),
    (re.compile(r"(?<![\d.])1 (coins|cards|spaces|symbols|tokens|units|Wonders)\b"), "a plural after 1"),
    (re.compile(r"\S  +\S"), "a double space"),
    (re.compile(r"\(s\)"), "a plural left to the reader"),
]


def problems(text: str) -> list[str]:
    return [f"{why}: {text!r}" for pattern, why in BAD if pattern.search(text)]


def texts_of_a_game(seed: int) -> list[str]:
    """Every sentence a player could read in one random game: events, prompts, the picker's
    descriptions and greyed reasons, the progress line."""
    s = GAME.setup(GAME.Options(), 2, seed)
    rng = Rng.from_seed(seed)
    out: list[str] = []
    while GAME.outcome(s) is None:
        seat = GAME.to_act(s)[0]
        out.append(GAME.prompt(s, seat).text)
        out.append(GAME.progress(s))
        for a, why in GAME.choices(s, seat):
            out.append(GAME.describe(s, a))
            if why is not None:
                out.append(why)
        legal = GAME.legal(s, seat)
        out.extend(e.text for e in GAME.apply(s, seat, legal[rng.below(len(legal))]))
    out.append(GAME.progress(s))
    out_come = GAME.outcome(s)
    assert out_come is not None
    out.extend([out_come.reason, out_come.tiebreak])
    return [t for t in out if t]


def test_every_sentence_of_random_games_is_well_formed() -> None:
    found: list[str] = []
    for seed in range(40):
        for text in texts_of_a_game(seed):
            found.extend(problems(text))
    assert not found, "\n".join(sorted(set(found))[:20])


def test_card_wonder_and_token_texts_are_well_formed() -> None:
    texts = [c.text for c in CARDS] + [w.text for w in WONDERS] + list(TOKEN_TEXTS)
    found = [p for t in texts for p in problems(t)]
    assert not found, "\n".join(found)


def _free_wonder_state() -> tuple[RivalistState, int]:
    """A position where Player 1 holds a card and owns an unbuilt Wonder it can build for nothing."""
    s = holding(at_age(2), 0, "Stables")
    give(s, 0, "Lumber Yard", "Brickworks", "Deep Mine", "Gem Workshop", "Paper Mill")
    give(s, 0, "Timber Camp", "Clay Bank", "Ore Vein", "Gem Cutter", "Papyrus Press")
    for w in s.wonders[0]:
        if wonder_price(s, 0, w) == 0:
            return s, w
    raise AssertionError("no free Wonder in this position; pick other producers")


def test_a_free_build_reads_as_one_sentence() -> None:
    s, w = _free_wonder_state()
    text = GAME.describe(s, BuildWonder(w))
    assert "You pay nothing. " in text and ".." not in text
    chained = holding(at_age(1), 0, "Horse Guard")
    give(chained, 0, "Stables")
    assert GAME.describe(chained, Construct()) == (
        "Construct Horse Guard. You pay nothing (free through the chain)."
    )


def test_progress_counts_cards_left_with_the_right_plural() -> None:
    s = at_age(1)
    assert GAME.progress(s) == "Age I, 20 cards left"
    while len([c for c in s.pyramid if c != -1]) > 1:
        GAME.apply(s, s.current, Take(s.access[0]))
        GAME.apply(s, s.current, Discard())
    assert GAME.progress(s) == "Age I, 1 card left"


def test_progress_of_a_finished_game_says_how_it_ended() -> None:
    civilian = None
    for seed in range(20):
        s = GAME.setup(GAME.Options(), 2, seed)
        rng = Rng.from_seed(seed)
        while GAME.outcome(s) is None:
            legal = GAME.legal(s, s.current)
            GAME.apply(s, s.current, legal[rng.below(len(legal))])
        if s.victory == "civilian":
            civilian = GAME.progress(s)
    assert civilian == "finished after Age III"
    s = holding(at_age(2), 1, "Watchtower")
    s.pawn = -8
    GAME.apply(s, 1, Construct())
    assert s.victory == "military" and GAME.progress(s) == "finished in Age II by military supremacy"


def test_laying_out_an_age_reveals_its_face_up_cards() -> None:
    s = GAME.setup(GAME.Options(), 2, 4)
    while s.phase == "draft":
        events = GAME.apply(s, s.current, GAME.legal(s, s.current)[0])
    laid = [e for e in events if "Age I is laid out" in e.text]
    assert laid and laid[0].reveal
    s = at_age(1)
    while s.phase != "starter":
        GAME.apply(s, s.current, Take(s.access[0]))
        events = GAME.apply(s, s.current, Discard())
    laid = [e for e in events if "Age II is laid out" in e.text]
    assert laid and laid[0].reveal

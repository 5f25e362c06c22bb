"""The words of the log: numbers agree with their nouns, sentences end with one full stop."""

from __future__ import annotations

import re

from engine.rival_kings.actions import UseAbility
from engine.rival_kings.game import GAME
from tests.engine.rival_kings.helpers import act, random_game, set_markers, texts
from tests.engine.rival_kings.test_abilities import queen_turn

# "1" followed by a plural noun (optionally one adjective between): "1 green cards", "1 coins".
ONE_PLURAL = re.compile(r"(?<![\d.])\b1 (?:[a-zA-Z-]+ )?(coins|cards|buildings|markers|characters)\b")


def test_one_green_card_is_singular() -> None:
    s = queen_turn("Shepherd")  # the Shepherd is the only green card
    ev = act(s, UseAbility())
    assert "(1 green card)" in texts(ev)


def test_one_building_and_one_marker_are_singular() -> None:
    s = queen_turn("Jailer")
    set_markers(s, 0, 1)
    ev = act(s, UseAbility())
    assert "(1 Conflict marker)" in texts(ev) and "collects 1 coin " in texts(ev)


def test_random_game_logs_have_no_plural_slips_or_double_stops() -> None:
    for seats in (2, 3, 4):
        for seed in range(6):
            s, history, events = random_game(seed, seats)
            words = [e.text for e in events]
            replay = GAME.setup(GAME.Options(), seats, seed)
            for seat, a in history:
                words.append(GAME.describe(replay, a))
                words.append(GAME.prompt(replay, seat).text)
                GAME.apply(replay, seat, a)
            for w in words:
                assert ".." not in w, w
                assert not ONE_PLURAL.search(w), w

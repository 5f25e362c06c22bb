"""Options against the table (issue 9): expert rules are for two to four players, the solo
scoring level for one. Setting up a table (`Match.new`, the one place options are checked)
refuses a variant that does not apply, in one sentence, and every variant it accepts is really
in force."""

from __future__ import annotations

import pytest

from engine.core import SeatSpec
from engine.core.match import Match
from engine.rivality.game import GAME
from engine.rivality.options import RivalityOptions
from tests.engine.rivality.helpers import random_game


def table(seats: int) -> list[SeatSpec]:
    return [SeatSpec(f"P{i + 1}") for i in range(seats)]


def test_expert_rules_for_a_solo_game_are_refused_not_ignored() -> None:
    with pytest.raises(ValueError, match="Expert rules is only for 2 to 4 players, not 1 player"):
        Match.new(GAME, RivalityOptions(expert=True), table(1), 1)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_a_solo_scoring_level_at_a_duel_table_is_refused(seats: int) -> None:
    with pytest.raises(ValueError, match=f"Solo scoring is only for 1 player, not {seats} players"):
        Match.new(GAME, RivalityOptions(solo_level="seasoned"), table(seats), 1)


def test_options_of_another_game_are_refused() -> None:
    with pytest.raises(ValueError, match="not Rivality options"):
        Match.new(GAME, object(), table(2), 1)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_expert_rules_accepted_are_in_force(seats: int) -> None:
    assert GAME.setup(RivalityOptions(expert=True), seats, 1).expert
    assert not GAME.setup(RivalityOptions(), seats, 1).expert
    # In force means the rules use them: expert scoring has its own line.
    s, _, _ = random_game(3, seats, expert=True)
    out = GAME.outcome(s)
    assert out is not None and any("Enemy golems" in line.label for line in out.lines)


@pytest.mark.parametrize("level", ["beginner", "normal", "seasoned"])
def test_each_solo_level_accepted_is_in_force(level: str) -> None:
    s, _, _ = random_game(2, 1, level=level)
    assert s.level == level and not s.expert
    out = GAME.outcome(s)
    assert out is not None and level in out.reason

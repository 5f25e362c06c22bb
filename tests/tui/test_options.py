"""Game variants: the same Options class drives the new-game form and `rivals new --option`."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest
from textual.widgets import Input, Select

from engine.core.options import option, option_fields, parse_assignments, problem_with
from rivals_tui.cli import main
from rivals_tui.screens.game import GameScreen
from tests.tui.conftest import make_app


@attrs.frozen
class Variants:
    expert: bool = option(False, label="Expert rules", players=range(2, 5))
    scoring: str = option("normal", label="Scoring", choices=("beginner", "normal", "seasoned"))
    rounds: int = option(3, label="Rounds", low=1, high=9)
    extras: tuple[str, ...] = option((), label="Extras", choices=("bats", "owls", "rats"), multi=True)


def test_fields_read_labels_kinds_and_choices() -> None:
    fields = option_fields(Variants)
    assert [(f.name, f.label, f.kind) for f in fields] == [
        ("expert", "Expert rules", "bool"),
        ("scoring", "Scoring", "choice"),
        ("rounds", "Rounds", "int"),
        ("extras", "Extras", "multi"),
    ]
    assert fields[1].choices == ("beginner", "normal", "seasoned")


def test_options_are_checked_against_the_table_in_one_sentence() -> None:
    assert problem_with(Variants(expert=True), 2) is None
    assert problem_with(Variants(expert=True), 1) == "Expert rules is only for 2 to 4 players, not 1 player."
    assert problem_with(Variants(rounds=12), 2) == "Rounds must be a whole number from 1 to 9."
    assert problem_with(Variants(extras=("bats", "wolves")), 2) == "Extras may only name bats, owls, rats."
    assert problem_with(Variants(extras=("owls", "bats")), 3) is None


def test_a_multi_choice_parses_from_a_comma_list() -> None:
    v = parse_assignments(Variants, ["extras=Owls, bats"])
    assert v.extras == ("bats", "owls")
    assert parse_assignments(Variants, ["extras=none"]).extras == ()
    with pytest.raises(ValueError, match="comma-separated list of bats, owls, rats"):
        parse_assignments(Variants, ["extras=owls,wolves"])


def test_an_option_for_other_player_counts_is_refused_by_the_cli(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["--save-dir", str(tmp_path), "new", "rivality", "--players", "1", "--option", "expert=on"]
    code = main(argv)
    err = capsys.readouterr().err.strip().splitlines()
    assert code != 0 and len(err) == 1
    assert "Expert rules is only for 2 to 4 players, not 1 player." in err[0]
    assert not list(tmp_path.glob("*.json"))


def test_a_save_whose_options_do_not_fit_its_seats_is_refused() -> None:
    from engine.core import SeatSpec
    from engine.core.match import Match
    from engine.registry import GAMES
    from saves.codec import dumps, loads
    from saves.errors import SaveError

    game = GAMES["rivality"]
    m = Match.new(game, game.Options(), [SeatSpec("Ann")], 5)
    text = dumps(m).replace('"expert": false', '"expert": true')
    with pytest.raises(SaveError, match="Expert rules is only for 2 to 4 players"):
        loads(text)


def test_assignments_parse_and_bad_ones_say_what_is_allowed() -> None:
    v = parse_assignments(Variants, ["expert=on", "scoring=Seasoned", "rounds=4"])
    assert v == Variants(expert=True, scoring="seasoned", rounds=4)
    with pytest.raises(ValueError, match="whole number from 1 to 9"):
        parse_assignments(Variants, ["rounds=" + "9" * 5000])
    with pytest.raises(ValueError, match="one of beginner, normal, seasoned"):
        parse_assignments(Variants, ["scoring=hard"])
    with pytest.raises(ValueError, match="unknown option 'colour'"):
        parse_assignments(Variants, ["colour=red"])
    with pytest.raises(ValueError, match="NAME=VALUE"):
        parse_assignments(Variants, ["expert"])


def test_cli_rejects_an_unknown_option_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["--save-dir", str(tmp_path), "new", "rival_kings", "--option", "turbo=on"])
    err = capsys.readouterr().err.strip().splitlines()
    assert code != 0 and len(err) == 1 and "unknown option 'turbo'" in err[0]


async def test_the_new_game_form_shows_the_games_variants_and_uses_them(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        form = app.screen
        row = form.query_one("#opt-row-goofspiel-cards")
        assert row.display
        form.query_one("#opt-goofspiel-cards", Input).value = "3"
        form.query_one("#kind-1", Select).value = "easy"
        await pilot.pause()
        await pilot.press("ctrl+s")
        for _ in range(3):
            await app.workers.wait_for_complete()
            await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        match = app.screen.session.match  # type: ignore[attr-defined]
        assert match.options.cards == 3 and len(match.state.hands[0]) <= 3


async def test_the_form_shows_only_the_options_for_the_chosen_number_of_players(tmp_path: Path) -> None:
    from engine.registry import GAMES
    from rivals_tui.app import RivalsApp

    app = RivalsApp(games=GAMES, settings_path=tmp_path / "settings.json")
    app.store = make_app(tmp_path).store
    async with app.run_test(size=(80, 40)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        form = app.screen
        form.query_one("#game", Select).value = "rivality"
        await pilot.pause()
        form.query_one("#count", Select).value = 1
        await pilot.pause()
        assert form.query_one("#opt-row-rivality-solo_level").display
        assert not form.query_one("#opt-row-rivality-expert").display
        form.query_one("#count", Select).value = 2
        await pilot.pause()
        assert form.query_one("#opt-row-rivality-expert").display
        assert not form.query_one("#opt-row-rivality-solo_level").display
        # Rivals' drone mode is offered at two seats only.
        form.query_one("#game", Select).value = "rivals"
        await pilot.pause()
        assert form.query_one("#opt-row-rivals-drone").display
        form.query_one("#count", Select).value = 3
        await pilot.pause()
        assert not form.query_one("#opt-row-rivals-drone").display


def test_rivals_drone_mode_is_refused_by_the_cli_for_three_players(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["--save-dir", str(tmp_path), "new", "rivals", "--players", "3", "--option", "drone=on"]
    code = main(argv)
    err = capsys.readouterr().err.strip().splitlines()
    assert code != 0 and len(err) == 1
    assert "Drone mode is only for 2 players, not 3 players." in err[0]
    assert not list(tmp_path.glob("*.json"))


def test_a_rivals_save_with_drone_mode_at_three_seats_is_refused() -> None:
    from engine.core import SeatSpec
    from engine.core.match import Match
    from engine.registry import GAMES
    from saves.codec import dumps, loads
    from saves.errors import SaveError

    game = GAMES["rivals"]
    m = Match.new(game, game.Options(), [SeatSpec("Ann"), SeatSpec("Bo"), SeatSpec("Cy")], 5)
    text = dumps(m).replace('"drone": false', '"drone": true')
    assert '"drone": true' in text
    with pytest.raises(SaveError, match="Drone mode is only for 2 players"):
        loads(text)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_players_list_offers_every_seat_count_each_game_allows(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    from engine.registry import GAMES, INFOS
    from rivals_tui.app import RivalsApp

    app = RivalsApp(games=GAMES, settings_path=tmp_path / "settings.json")
    app.store = make_app(tmp_path).store
    async with app.run_test(size=size) as pilot:
        await pilot.press("n")
        await pilot.pause()
        form = app.screen
        for info in INFOS.values():
            form.query_one("#game", Select).value = info.id
            await pilot.pause()
            count = form.query_one("#count", Select)
            offered = [value for _, value in count._options if value is not Select.NULL]
            assert offered == list(info.players), info.id
            # The largest table shows a seat row for every seat, and no more.
            count.value = info.players.stop - 1
            await pilot.pause()
            shown = [row for row in form.query(".seat-row") if row.display]
            assert len(shown) == info.players.stop - 1, info.id
        if size != (80, 24):
            return  # (starting the game is the same at any size)
        # A six-seat Rivals game starts from the form, with its six seats.
        form.query_one("#game", Select).value = "rivals"
        await pilot.pause()
        form.query_one("#count", Select).value = 6
        for i in range(1, 6):
            form.query_one(f"#kind-{i}", Select).value = "easy"
        await pilot.pause()
        await pilot.press("ctrl+s")
        for _ in range(3):
            await app.workers.wait_for_complete()
            await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert len(app.screen.session.match.seats) == 6  # type: ignore[attr-defined]


async def test_the_focused_field_is_marked_without_colour(tmp_path: Path) -> None:
    """Walking down the new-game form, the row being edited is the one (and the only one) whose
    label is drawn in reverse video: visible on a terminal without colours."""
    from textual.widgets import Label

    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        for key in ("n", "s"):  # the new-game form, then the settings
            await pilot.press(key)
            await pilot.pause()
            form = app.screen
            for _ in range(3):
                focused = app.focused
                assert focused is not None
                labels = form.query(".form-label").results(Label)
                marked = [label for label in labels if label.rich_style.reverse]
                assert len(marked) == 1 and marked[0].parent is focused.parent, key
                await pilot.press("down")
                await pilot.pause()
            await pilot.press("escape")
            await pilot.pause()

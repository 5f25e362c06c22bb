"""Game variants: the same Options class drives the new-game form and `rivals new --option`."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest
from textual.widgets import Input, Select

from rivals_tui.cli import main
from rivals_tui.options import option_fields, parse_assignments
from rivals_tui.screens.game import GameScreen
from tests.tui.conftest import make_app


@attrs.frozen
class Variants:
    expert: bool = attrs.field(default=False, metadata={"label": "Expert rules"})
    scoring: str = attrs.field(
        default="normal", validator=attrs.validators.in_(("beginner", "normal", "seasoned"))
    )
    rounds: int = 3


def test_fields_read_labels_kinds_and_choices() -> None:
    fields = option_fields(Variants)
    assert [(f.name, f.label, f.kind) for f in fields] == [
        ("expert", "Expert rules", "bool"),
        ("scoring", "Scoring", "choice"),
        ("rounds", "Rounds", "int"),
    ]
    assert fields[1].choices == ("beginner", "normal", "seasoned")


def test_assignments_parse_and_bad_ones_say_what_is_allowed() -> None:
    v = parse_assignments(Variants, ["expert=on", "scoring=Seasoned", "rounds=4"])
    assert v == Variants(expert=True, scoring="seasoned", rounds=4)
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

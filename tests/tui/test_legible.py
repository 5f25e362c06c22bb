"""Issue 9, the app's shared pieces: what a player could not read or reach at 80×24, and keys
that did not do what they said."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import attrs
from textual.app import App, ComposeResult
from textual.widgets import Input, Label, Select, SelectionList, Static, Switch

from engine.core import SeatSpec
from engine.core.info import Catalog
from engine.core.match import Match
from engine.core.options import option
from engine.registry import GAMES
from engine.rivality.actions import PlaceAt
from engine.rivality.game import Rivality
from rivals_tui.app import RivalsApp
from rivals_tui.dialogs import ConfirmDialog
from rivals_tui.screens.game import GameScreen
from rivals_tui.screens.game_over import GameOverScreen
from rivals_tui.screens.settings import SettingsScreen
from rivals_tui.session import LocalSession
from rivals_tui.settings import Settings
from rivals_tui.widgets.action_picker import ActionPicker, match_rank
from rivals_tui.widgets.board import GameBoard
from rivals_tui.widgets.footer import KeysFooter
from saves.store import SaveStore
from tests.support.goofspiel import GoofOptions, Goofspiel
from tests.tui.boards import find_match, screen_app, settle
from tests.tui.conftest import make_app
from tests.tui.flow import new_game_form, until
from tests.tui.test_rival_kings import rk_app


class PickerApp(App[None]):
    """The action picker alone, recording what it returns."""

    def __init__(self, entries: list[tuple[Any, str, str | None]]) -> None:
        super().__init__()
        self.entries = entries
        self.picked: list[Any] = []

    def compose(self) -> ComposeResult:
        yield Static("table")

    def on_mount(self) -> None:
        self.push_screen(ActionPicker("Which card?", self.entries), self.picked.append)


def test_an_exact_name_ranks_before_words_found_apart() -> None:
    assert match_rank("clay bank", "Clay Bank") == 0
    assert match_rank("Clay Bank", "Build Clay Bank (free)") == 1
    assert match_rank("clay bank", "Build Clay Quarry (1 coin to the bank)") == 2
    assert match_rank("clay ban", "Build Clay Bank") == 2  # a word cut short is not the name
    assert match_rank("brick", "Build Clay Bank") is None


async def test_typing_a_full_name_and_enter_takes_that_name_not_a_fuzzy_match() -> None:
    entries: list[tuple[Any, str, str | None]] = [
        ("quarry", "Take Clay Quarry (1 coin to the bank)", None),
        ("bank", "Take Clay Bank", None),
    ]
    app = PickerApp(entries)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press(*"Clay Bank")
        await pilot.press("enter")
        await pilot.pause()
    assert app.picked == ["bank"]


async def test_enter_takes_the_highlighted_row() -> None:
    entries: list[tuple[Any, str, str | None]] = [
        ("quarry", "Take Clay Quarry (1 coin to the bank)", None),
        ("bank", "Take Clay Bank", None),
        ("pit", "Take Clay Pit", None),
    ]
    app = PickerApp(entries)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press(*"clay", "down", "down", "enter")
        await pilot.pause()
    assert app.picked == ["pit"]


def footer_keys(app: Any) -> list[str]:
    return [str(k.description) for k in app.screen.query_one(KeysFooter).keys]


async def test_the_footer_offers_skip_only_when_s_skips(tmp_path: Path) -> None:
    game = GAMES["rival_kings"]
    from engine.rival_kings.actions import ChooseCharacter, Decline, EndTurn, Skip

    def choosing(m: Any) -> bool:
        return 0 in m.to_act() and all(isinstance(a, ChooseCharacter) for a in m.legal(0))

    def skippable(m: Any) -> bool:
        return 0 in m.to_act() and any(isinstance(a, Skip | Decline | EndTurn) for a in m.legal(0))

    for want, shown in ((choosing, False), (skippable, True)):
        app = screen_app(tmp_path / want.__name__, find_match(game, want))
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            assert ("Skip" in footer_keys(app)) is shown, want.__name__
            # A key the footer leaves out is still listed, as not available, on the keys panel.
            await pilot.press("f2")
            await pilot.pause()
            listed = app.screen.listed()
            assert "Skip the pending action" in listed
            assert ("end the turn (not now)" in listed) is not shown


async def test_up_and_down_move_between_the_fields_of_the_new_game_form(tmp_path: Path) -> None:
    app = rk_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        form = await new_game_form(pilot)
        assert app.focused is form.query_one("#game")
        await pilot.press("down")
        assert app.focused is form.query_one("#count")
        for _ in range(6):  # past the game's variants, if it has any, to the first seat
            if app.focused is form.query_one("#kind-0"):
                break
            await pilot.press("down")
        assert app.focused is form.query_one("#kind-0")
        await pilot.press("down")
        assert app.focused is form.query_one("#name-0", Input)
        await pilot.press("up")
        assert app.focused is form.query_one("#kind-0")
        # Enter still opens a drop-down.
        await pilot.press("enter")
        await pilot.pause()
        assert form.query_one("#kind-0", Select).expanded


async def test_every_enchantment_shows_in_the_form_and_page_down_scrolls_to_the_rest(tmp_path: Path) -> None:
    app = rk_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        form = await new_game_form(pilot)
        form.query_one("#game", Select).value = "rival_realms"
        await pilot.pause()
        choices = form.query_one("#opt-rival_realms-enchantments", SelectionList)
        # All eight on the screen at once (a row of one line showed one at a time).
        assert choices.size.height == choices.option_count == 8
        # Taken or not shows without colour: an untaken box is empty.
        boxes = [choices.render_line(y).text[:3] for y in range(8)]
        assert boxes == ["▐ ▌"] * 8, boxes
        choices.select("surefoot")
        assert [choices.render_line(y).text[:3] for y in range(3)] == ["▐ ▌", "▐X▌", "▐ ▌"]
        scroll = form.query_one("#new-form")
        assert scroll.max_scroll_y > 0 and scroll.scroll_y == 0
        focused = app.focused
        await pilot.press("pagedown")
        # (the scroll is animated: wait for it to arrive, however loaded the machine)
        await until(pilot, lambda: scroll.scroll_y > 0, timeout=5)
        assert app.focused is focused  # the rest shown, the focus kept
        await pilot.press("pageup")
        await until(pilot, lambda: scroll.scroll_y == 0, timeout=5)


async def test_the_new_game_form_starts_on_the_game_played_last(tmp_path: Path) -> None:
    app = rk_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        form = await new_game_form(pilot)
        assert form.query_one("#game", Select).value == "rival_kings"
        form.query_one("#game", Select).value = "rivality"
        await pilot.pause()
        form.query_one("#count", Select).value = 1
        await pilot.pause()
        await pilot.press("ctrl+s")
        await settle(pilot)
    assert Settings.load(tmp_path / "config" / "settings.json").last_game == "rivality"
    # A fresh start of the program, with the settings as the first run left them.
    again = RivalsApp(
        games=GAMES,
        store=SaveStore(tmp_path / "saves", games=GAMES),
        settings_path=tmp_path / "config" / "settings.json",
    )
    async with again.run_test(size=(80, 24)) as pilot:
        form = await new_game_form(pilot)
        assert form.query_one("#game", Select).value == "rivality"
        assert form.query_one("#count", Select).value == 1


def in_sight(widget: Any) -> bool:
    """Whether every cell of `widget` is on screen: inside each container around it and above
    the footer."""
    region = widget.region
    if not region.area:
        return False
    for node in widget.ancestors:
        if node is widget.screen:
            break
        if not node.region.contains_region(region):
            return False
    footer = widget.screen.query("KeysFooter")
    return not (footer and footer.first().region.overlaps(region))


@attrs.frozen
class ManyOptions:
    cards: int = option(5, label="Cards", low=2, high=13)
    fast: bool = option(False, label="Fast rounds")
    bonus: bool = option(False, label="Bonus prize")
    level: str = option("plain", label="Scoring", choices=("plain", "double"))


class ManyGoof(Goofspiel):
    """The toy game with four variants: the fullest form a game can ask for."""

    Options = ManyOptions  # type: ignore[assignment]
    supports_series = True

    def setup(self, options: Any, seats: int, seed: int) -> Any:
        return super().setup(GoofOptions(cards=options.cards), seats, seed)


async def test_start_stays_in_sight_with_four_seats_every_option_and_an_error(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    app.games = Catalog.of(ManyGoof())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        form = app.screen
        form.query_one("#count", Select).value = 4
        form.query_one("#series", Select).value = "games"
        await pilot.pause()
        await pilot.press("ctrl+s")  # no number of games yet: the form says so
        await pilot.pause()
        assert "at least 2 games" in str(form.query_one("#new-error").render())
        assert in_sight(form.query_one("#start"))
        assert in_sight(form.query_one("#new-error"))


async def test_the_confirm_switch_says_on_or_off_in_words(tmp_path: Path) -> None:
    app = rk_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SettingsScreen)
        words = screen.query_one("#confirm-words", Label)
        assert str(words.render()).startswith("Off")
        screen.query_one(Switch).toggle()
        await pilot.pause()
        assert str(words.render()).startswith("On")


SEATS = [SeatSpec("Ann"), SeatSpec("Bot", "ai", "easy")]


def rivality_app(tmp_path: Path, confirm: bool) -> RivalsApp:
    game = GAMES["rivality"]
    match = Match.new(game, game.Options(), SEATS, 5)
    app = screen_app(tmp_path, match)
    app.settings.confirm_moves = confirm
    return app


async def test_confirm_moves_asks_once_for_a_whole_rivality_turn_and_no_takes_it_all_back(
    tmp_path: Path,
) -> None:
    app = rivality_app(tmp_path, confirm=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        session = screen.session
        assert isinstance(session, LocalSession)
        history = session.match.history
        said = []
        for step in range(3):  # the tile and the square: no question yet; then the facing
            action = session.legal(0)[0]
            said.append(session.describe(0, action))
            screen.choose(action)
            await pilot.pause()
            assert isinstance(app.screen, ConfirmDialog) is (step == 2), step
        assert len(history) == 2
        dialog = app.screen
        assert isinstance(dialog, ConfirmDialog)
        # One question names the whole turn: the tile, the square and the facing, in order.
        assert said[0].startswith("Lay the ")
        expected = "; then ".join([said[0], *(d[0].lower() + d[1:] for d in said[1:])]) + "?"
        assert dialog.question == expected
        await pilot.press("n")
        await settle(pilot)
        assert session.match.history == []
        assert app.screen is screen and "taken back" in screen.message
        for _ in range(3):
            screen.choose(session.legal(0)[0])
            await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("y")
        await settle(pilot)
        assert [seat for seat, _ in session.match.history[:3]] == [0, 0, 0]
        assert len(session.match.history) >= 4  # and the bot has answered


async def test_without_confirm_moves_a_turn_is_played_at_once(tmp_path: Path) -> None:
    app = rivality_app(tmp_path, confirm=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        for _ in range(3):
            screen.choose(screen.session.legal(0)[0])
            await pilot.pause()
            assert app.screen is screen


class CountedRivality(Rivality):
    """Rivality counting how often its rules judge a move."""

    judged: list[Any]

    def __init__(self) -> None:
        self.judged = []

    def reason(self, s: Any, seat: int, a: Any) -> str | None:
        self.judged.append(a)
        return super().reason(s, seat, a)


async def test_a_move_chosen_at_the_keyboard_is_judged_once_and_a_refusal_still_says_why(
    tmp_path: Path,
) -> None:
    game = CountedRivality()
    app = screen_app(tmp_path, Match.new(game, game.Options(), SEATS, 5))
    app.settings.confirm_moves = False
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        session = screen.session
        assert isinstance(session, LocalSession)
        game.judged.clear()
        screen.choose(PlaceAt(0))  # a square, while a tile is being chosen
        assert screen.message == "You are not laying a tile now." and session.match.history == []
        tile = session.legal(0)[0]
        game.judged.clear()
        screen.choose(tile)
        assert game.judged == [tile] and session.match.history == [(0, tile)]


async def test_the_hint_puts_the_cursor_on_the_hinted_move(tmp_path: Path) -> None:
    app = rivality_app(tmp_path, confirm=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        session = screen.session
        screen.choose(session.legal(0)[0])  # the tile; the hint is about where to lay it
        await settle(pilot)
        board = screen.query_one(GameBoard)
        await pilot.press("h")
        await settle(pilot)
        assert "The cursor is on it" in screen.message
        hinted = screen.message.split("would ", 1)[1]
        under_cursor = [session.describe(0, a) for a in board.choices(board.cursor_key)]
        assert any(hinted.startswith(d) for d in under_cursor), (hinted, under_cursor)


async def test_the_variants_in_force_are_on_the_game_screen(tmp_path: Path) -> None:
    game = GAMES["rivality"]
    for seats, options, shown, absent in (
        (SEATS, game.Options(expert=True), "Expert rules: on", "Solo scoring"),
        (SEATS[:1], game.Options(solo_level="seasoned"), "Solo scoring: Seasoned", "Expert"),
    ):
        app = screen_app(tmp_path / shown, Match.new(game, options, seats, 5))
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            status = str(app.screen.query_one("#status", Static).render())
            assert shown in status and absent not in status


async def test_default_variants_leave_the_status_line_to_the_legend(tmp_path: Path) -> None:
    """At 80x24 the status line names only variants changed from their defaults (all of Rival
    Realms' defaults took a line of the board); the legend names them all."""
    from rivals_tui.screens.legend import LegendScreen

    game = GAMES["rival_realms"]
    app = screen_app(tmp_path, Match.new(game, game.Options(), SEATS[:2], 5))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        status = str(app.screen.query_one("#status", Static).render())
        assert "Enchantments" not in status and "Start player" not in status
        await pilot.press("g")
        await pilot.pause()
        assert isinstance(app.screen, LegendScreen)
        variants = str(app.screen.query_one("#legend-variants", Static).render())
        assert "Start player: Player 1" in variants and "Enchantments: none" in variants


async def test_the_log_rewraps_when_the_terminal_shrinks(tmp_path: Path) -> None:
    from rivals_tui.widgets.log import WrappingLog

    game = GAMES["rival_kings"]
    seats = [SeatSpec("Ann"), SeatSpec("Bot", "ai", "easy"), SeatSpec("Cy", "ai", "easy")]
    match = Match.new(game, game.Options(), seats, 4)
    while len(match.history) < 40 or 0 not in match.to_act():
        seat = match.to_act()[0]
        match.submit(seat, match.legal(seat)[-1])
    app = screen_app(tmp_path, match)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        log = app.screen.query_one("#log", WrappingLog)
        texts = list(log.texts)
        assert texts
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        # Nothing sticks out past the right edge (the rewrap follows the resize a few frames
        # later: wait for it, however loaded the machine), and every event is still there in full.
        await until(pilot, lambda: log.virtual_size.width <= log.scrollable_content_region.width, timeout=5)
        drawn = "".join("".join(s.text for s in line) for line in log.lines)
        assert "".join("".join(texts).split()) == "".join(drawn.split())


async def test_game_over_shows_the_final_board_on_b(tmp_path: Path) -> None:
    game = GAMES["rival_kings"]
    seats = [SeatSpec("Ann"), SeatSpec("Bot", "ai", "easy"), SeatSpec("Cy", "ai", "easy")]
    match = Match.new(game, game.Options(), seats, 4)
    rng = random.Random(4)
    for _ in range(5000):  # random play ends well within this
        if match.over:
            break
        seat = match.to_act()[0]
        match.submit(seat, rng.choice(list(match.legal(seat))))
    assert match.over
    app = screen_app(tmp_path, match)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        over = app.screen
        assert isinstance(over, GameOverScreen)
        board = over.query_one(GameBoard)
        assert not board.display or not over.query_one("#over-board").display
        await pilot.press("b")
        await pilot.pause()
        assert over.query_one("#over-board").display and not over.query_one("#over-body").display
        # The board shows the end position as Ann saw it: her collected cards are on it.
        text = board.rendered_text()
        assert "Ann" in text
        final = game.view(match.state, 0)
        for card in final.subjects[0][:1]:
            from engine.rival_kings.data import CARDS

            assert CARDS[card].name[:4] in text
        await pilot.press("b")
        await pilot.pause()
        assert over.query_one("#over-body").display


async def test_page_down_reads_on_in_a_long_detail_text(tmp_path: Path) -> None:
    game = GAMES["rivality"]
    app = screen_app(tmp_path, Match.new(game, game.Options(), SEATS, 5))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        screen.choose(screen.session.legal(0)[0])  # a tile: the squares' texts are long
        await settle(pilot)
        detail = screen.query_one("#detail")
        assert detail.max_scroll_y > 0
        assert "PgDn" in str(detail.border_subtitle)
        await pilot.press("pagedown")
        # The frame's marks are drawn after the panel's next refresh.
        await until(pilot, lambda: "PgUp" in str(detail.border_subtitle))
        assert detail.scroll_y > 0

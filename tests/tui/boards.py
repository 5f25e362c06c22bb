"""Shared test support for the game boards (tests/tui/<game>/): an app hosting one board alone on
a real game's view, finding a moment in seeded random play, playing whole random games through a
board, and the game screen for snapshots."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Callable, Sequence
from pathlib import Path
from typing import Any, ClassVar

from textual.app import App, ComposeResult
from textual.pilot import Pilot
from textual.worker import WorkerCancelled

from engine.core import Event, Game, SeatSpec
from engine.core.match import Match
from rivals_tui.app import RivalsApp
from rivals_tui.session import LocalSession
from rivals_tui.settings import Settings
from rivals_tui.widgets.board import GameBoard
from saves.store import SaveStore
from tests.support import golden

SIZES = [(80, 24), (120, 40)]


class BoardApp(App[None]):
    """Shows one seat's view of `state` on the board and records what the board posts.
    A game's harness sets `GAME` and `BOARD`."""

    GAME: ClassVar[Game[Any, Any, Any]]
    BOARD: ClassVar[type[GameBoard]]

    def __init__(self, state: Any, seat: int) -> None:
        super().__init__()
        self.state = state
        self.seat = seat
        self.chosen: list[Any] = []
        self.details: list[tuple[str, str]] = []

    def compose(self) -> ComposeResult:
        yield self.BOARD(self.GAME, id="board")

    def on_mount(self) -> None:
        self.refresh_board([])

    @property
    def board(self) -> Any:
        return self.query_one(GameBoard)

    def refresh_board(self, events: list[Event]) -> None:
        game = self.GAME
        board = self.board
        board.show(game.view(self.state, self.seat), self.seat, game.legal(self.state, self.seat), events)
        board.focus_board()

    def play(self, action: Any) -> list[Event]:
        """Apply `action` for the seat to act and show the result, as the game screen would."""
        seat = self.GAME.to_act(self.state)[0]
        events = self.GAME.apply(self.state, seat, action)
        self.refresh_board(events)
        return events

    def on_game_board_action_chosen(self, msg: GameBoard.ActionChosen) -> None:
        self.chosen.append(msg.action)

    def on_game_board_detail_changed(self, msg: GameBoard.DetailChanged) -> None:
        self.details.append((msg.title, msg.text))


def find_state(
    game: Game[Any, Any, Any],
    new: Callable[[int], Any],
    want: Callable[[Any, int], bool],
    seed: int = 1,
    tries: int = 80,
) -> tuple[Any, int]:
    """Play random games (`new(seed)` sets one up) until `want(state, seat)` holds for the seat
    to act."""
    for n in range(tries):
        rng = random.Random(seed * 1000 + n)
        s = new(seed * 1000 + n)
        while game.to_act(s):
            seat = game.to_act(s)[0]
            if want(s, seat):
                return s, seat
            game.apply(s, seat, rng.choice(game.legal(s, seat)))
    raise AssertionError("no such moment in the sample games")


async def random_game(
    pilot: Pilot[Any], app: BoardApp, rng: random.Random, every: int, keys: tuple[str, ...], watch: str
) -> AsyncIterator[int]:
    """Play `app.state` to its end with random legal moves, showing each step on the board from
    the seat that just acted (`watch="actor"`) or the seat to act next (`"next"`), and pressing
    `keys` every `every` steps. Yields how many steps have been played, after each is drawn."""
    game = app.GAME
    s = app.state
    steps = 0
    while game.to_act(s):
        seat = game.to_act(s)[0]
        events = game.apply(s, seat, rng.choice(game.legal(s, seat)))
        after = game.to_act(s)
        app.seat = after[0] if watch == "next" and after else seat
        app.refresh_board(events)
        if steps % every == 0:
            await pilot.press(*keys)
            await pilot.pause()
        steps += 1
        yield steps


def assert_fits(board: Any) -> None:
    """Everything the board draws fits its width and height: nothing needs scrolling."""
    table = board.table()
    assert table.width() <= board.size.width
    assert len(table.lines) <= board.size.height


# The table of the snapshot tests: Ann against an easy bot.
ANN_AND_BOT = (SeatSpec("Ann"), SeatSpec("Bot", "ai", "easy"))


def find_match(
    game: Game[Any, Any, Any], want: Callable[[Match], bool], seeds: range = range(1, 200)
) -> Match:
    """Ann against an easy bot, played at random until `want(match)` holds."""
    for seed in seeds:
        m = Match.new(game, game.Options(), ANN_AND_BOT, seed)
        rng = random.Random(seed)
        while not m.over:
            if want(m):
                return m
            seat = m.to_act()[0]
            m.submit(seat, rng.choice(list(m.legal(seat))))
    raise AssertionError("no interesting moment found")


def pinned(name: str, seats: Sequence[SeatSpec] = ANN_AND_BOT) -> Match:
    """The position tests/golden/positions/<name>.txt pins for a snapshot: its moves replayed,
    each checked, and the predicate the file names checked to hold there. A rule change no longer
    re-rolls the picture's game: the file fails to replay, or replays to the same moves. After a
    deliberate change, `python -m tests.support.golden record tests/golden/positions/<name>.txt`
    finds the position again with the same predicate (tests/support/golden.py)."""
    return golden.replay(f"positions/{name}.txt", seats)


def screen_app(tmp_path: Path, match: Match, symbols: str = "unicode") -> RivalsApp:
    """The real app on the game screen of `match`: pinned theme and symbol set, no move
    confirmation, no AI pace."""
    game = match.game
    settings = tmp_path / "config" / "settings.json"
    Settings(theme="textual-dark", confirm_moves=False, ai_pace=0.0, symbols=symbols).save(settings)
    store = SaveStore(tmp_path / "saves", games={game.id: game})
    session = LocalSession(match, store)
    return RivalsApp(games={game.id: game}, store=store, settings_path=settings, session=session)


async def settle(pilot: Pilot[Any]) -> None:
    """Let the screen and any AI worker finish before the snapshot is taken. A worker cancelled
    meanwhile is simply over: an AI worker that has handed in its move can still be running when
    the next AI decision starts, and that start cancels it (`exclusive`)."""
    await pilot.pause()
    for _ in range(20):  # (the next one may still be thinking: wait for it too)
        try:
            await pilot.app.workers.wait_for_complete()
            break
        except WorkerCancelled:
            await pilot.pause()
    await pilot.pause()

"""The boards' symbol sets: detecting a terminal without UTF-8, the ASCII set keeping every
distinction of the Unicode one, the Symbols setting, and shortened names that stay apart."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from rich.color import Color, ColorSystem
from textual.widgets import Select

from engine.rival_kings.data import CARDS, CHARACTERS
from rivals_tui import glyphs
from rivals_tui.games.rival_kings.layout import char_token
from rivals_tui.games.rival_kings.names import short_name as abbrev
from rivals_tui.games.rivality.board import LOOKS
from rivals_tui.games.rivals.board import LOOKS as RIVALS_LOOKS
from rivals_tui.glyphs import TABLES
from rivals_tui.glyphs import unicode_terminal as detect  # the real one (conftest pins it)
from rivals_tui.screens.settings import SettingsScreen
from rivals_tui.settings import Settings
from tests.tui.conftest import make_app

UTF8 = {"LANG": "en_GB.UTF-8"}


@pytest.mark.parametrize(
    ("env", "encoding", "unicode"),
    [
        (UTF8, "utf-8", True),
        ({"LANG": "C.UTF-8"}, "utf-8", True),
        ({"LC_ALL": "C", "LANG": "en_GB.UTF-8"}, "utf-8", False),  # LC_ALL=C wins over LANG
        ({"LC_ALL": "POSIX"}, "utf-8", False),
        ({"LC_CTYPE": "de_DE.ISO-8859-1"}, "utf-8", False),
        ({"LANG": "fr_FR.utf8@euro"}, "utf-8", True),
        (UTF8, "ascii", False),  # Python writes ASCII: the symbols would be lost on the way
        (UTF8, "cp437", False),  # an old console's code page has no ◈
        ({}, "utf-8", True),
    ],
)
def test_the_terminal_is_asked_whether_it_shows_unicode(
    env: dict[str, str], encoding: str, unicode: bool
) -> None:
    assert detect(env, encoding) is unicode


def test_automatic_symbols_fall_back_to_ascii_under_lc_all_c(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(glyphs, "unicode_terminal", detect)
    monkeypatch.setenv("LC_ALL", "C")
    assert glyphs.use("auto") is True
    assert glyphs.RIVALITY.shield == "*" and glyphs.RIVAL_KINGS.crest == "#"
    monkeypatch.setenv("LC_ALL", "en_GB.UTF-8")
    assert glyphs.use("auto") is False
    assert glyphs.RIVALITY.shield == "◈"
    assert glyphs.use("ascii") is True
    assert glyphs.use("unicode") is False


@pytest.mark.parametrize("table", TABLES, ids=lambda t: t.title)
def test_each_set_keeps_every_distinction_and_ascii_is_ascii(table: glyphs.GlyphTable) -> None:
    for plain in (False, True):
        symbols = table.symbols(plain)
        assert "?" not in symbols.values(), f"one {table.title} symbol with two meanings: {symbols}"
    # As many meanings in ASCII as in Unicode: nothing merges.
    assert set(table.symbols(True).values()) == set(table.symbols(False).values())
    for name, g in table.glyphs.items():
        assert g.plain.isascii(), name
        assert g.meaning and "_" not in g.plain, name
        if g.each:
            assert len(g.plain) == len(g.fancy), name
    with glyphs.using("ascii"):
        assert all(symbol.isascii() and meaning.isascii() for symbol, meaning in table.rows())


def test_the_legend_explains_a_symbol_in_the_set_in_use() -> None:
    with glyphs.using("ascii"):
        assert ("#", "a crest; on an action: covered by that player's crest (#2: player 2's)") in (
            glyphs.RIVAL_KINGS.rows()
        )
    with glyphs.using("unicode"):
        assert ("◆", "a crest; on an action: covered by that player's crest (◆2: player 2's)") in (
            glyphs.RIVAL_KINGS.rows()
        )


def test_settings_remember_the_symbols_and_ignore_nonsense(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    Settings(symbols="ascii").save(path)
    assert Settings.load(path).symbols == "ascii"
    path.write_text('{"symbols": "emoji"}', encoding="utf-8")
    assert Settings.load(path).symbols == "auto"


async def test_the_settings_screen_switches_the_boards_to_ascii(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(SettingsScreen())
        await pilot.pause()
        select = app.screen.query_one("#symbols", Select)
        assert select.value == "auto"
        select.value = "ascii"
        await pilot.pause()
        assert app.settings.symbols == "ascii" and glyphs.plain()
        assert Settings.load(app.settings_path).symbols == "ascii"
        select.value = "unicode"
        await pilot.pause()
        assert not glyphs.plain()


@pytest.mark.parametrize("n", range(3, 9))
def test_rival_kings_short_names_never_clash_nor_spell_another_name(n: int) -> None:
    names = sorted({c.name for c in CARDS} | {ch.name for ch in CHARACTERS})
    shorts = {name: abbrev(name, n) for name in names}
    assert len({s.lower() for s in shorts.values()}) == len(names)
    for name, short in shorts.items():
        assert len(short) <= n
        others = {x.lower() for x in names if x != name}
        assert short == name or short.lower() not in others, (name, short)


def test_countess_and_count_and_the_gardens_stay_apart() -> None:
    countess = next(c.id for c in CHARACTERS if c.name == "Countess")
    assert not char_token(countess, 2).startswith("Count ")
    assert abbrev("Garden", 4) != abbrev("Gardener", 4)
    assert abbrev("Miller", 4) != "Mill"


def test_rivality_sides_stay_apart_from_plain_text_in_16_colours() -> None:
    def ansi(look: str) -> int | None:
        colour = Color.parse(look.split("color:")[1].strip(" ;"))
        return colour.downgrade(ColorSystem.STANDARD).number

    numbers = [ansi(LOOKS[f"s{k}"]) for k in range(3)]
    assert len(set(numbers)) == 3
    # 7 and 15 are white, 0 and 8 black / grey: the colours of plain text.
    assert not set(numbers) & {0, 7, 8, 15}


def board_modules() -> list[Path]:
    root = Path(__file__).parents[2] / "rivals_tui"
    return sorted((root / "games").glob("*/*.py")) + [
        root / "widgets" / name for name in ("board.py", "lineboard.py", "linetable.py")
    ]


@pytest.mark.parametrize("path", board_modules(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_boards_write_no_symbol_of_their_own(path: Path) -> None:
    """Every string a board module holds is ASCII (docstrings aside): its symbols come from the
    glyph table, so the ASCII set and the legend cannot miss one."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    fancy = [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docstrings
        and not node.value.isascii()
    ]
    assert not fancy, fancy


def test_the_six_rivals_seats_stay_apart_from_plain_text_in_16_colours() -> None:
    def ansi(look: str) -> int | None:
        colour = Color.parse(look.split("color:")[1].split(";")[0].strip())
        return colour.downgrade(ColorSystem.STANDARD).number

    numbers = [ansi(RIVALS_LOOKS[f"s{k}"]) for k in range(6)]
    assert len(set(numbers)) == 6
    assert not set(numbers) & {0, 7, 8, 15}

"""The ASCII set without rendering: help files, glyph widths, Textual's border table, the
footer's choice of keys. Whole screens are checked in tests/tui/test_nothing_cut.py."""

from __future__ import annotations

from pathlib import Path

from rich.cells import cell_len
from textual import _border

from rivals_tui import ascii_mode, glyphs
from rivals_tui.widgets.footer import ShownKey, fitting, key_width

HELP = Path(__file__).parents[2] / "rivals_tui" / "help"


def test_every_help_file_comes_out_in_ascii() -> None:
    files = sorted(HELP.glob("*.md"))
    assert len(files) >= 5
    for path in files:
        wrong = {c for c in ascii_mode.to_ascii(path.read_text()) if not c.isascii()}
        assert not wrong, f"{path.name}: {sorted(wrong)}"


def test_typography_keeps_its_width_in_ascii() -> None:
    text = "Rules — Rival Kings · “Queen” ★ ↑/↓ ╭─┬─╮ │ ═══ ▲ • ▁▂▅"
    shown = ascii_mode.to_ascii(text)
    assert shown.isascii() and cell_len(shown) == cell_len(text)
    assert shown == 'Rules - Rival Kings - "Queen" * ^/v +-+-+ | === ^ *    '


def test_no_ascii_symbol_is_narrower_than_its_unicode_form() -> None:
    """So a screen that fits in ASCII fits in Unicode too (the nothing-cut sweep runs in ASCII)."""
    for table in glyphs.TABLES:
        for name, glyph in table.glyphs.items():
            assert glyph.plain.isascii(), (table.title, name)
            assert cell_len(glyph.plain) >= cell_len(glyph.fancy), (table.title, name)


def test_borders_switch_to_ascii_and_back() -> None:
    rounded = _border.BORDER_CHARS["round"]
    try:
        ascii_mode.switch(True)
        for name in ("round", "thick", "tall", "vkey", "panel"):
            assert _border.BORDER_CHARS[name] == _border.BORDER_CHARS["ascii"], name
            assert _border.get_box(name, *(_border.Style(),) * 3)[0][0].text == "+"
    finally:
        ascii_mode.switch(False)
    assert _border.BORDER_CHARS["round"] == rounded
    assert _border.get_box("round", *(_border.Style(),) * 3)[0][0].text == "╭"


def footer(*keys: tuple[str, str, str]) -> list[ShownKey]:
    return [ShownKey(key, key, what, action, "") for key, what, action in keys]


def test_the_footer_leaves_out_spare_keys_then_the_last_ones_and_keeps_f2() -> None:
    keys = footer(
        ("enter", "Choose", "choose"),
        ("e", "End turn", "end_turn"),
        ("?", "Rules", "rules"),
        ("h", "Hint", "hint"),
        ("l", "Log", "full_log"),
        ("q", "Menu", "leave"),
        ("f2", "Keys", "toggle_keys"),
    )
    widths = [key_width(k) for k in keys]
    assert widths == [12, 10, 7, 6, 5, 6, 7]
    everything = sum(widths) + len(keys) - 1
    assert fitting(keys, everything, ("hint",)) == keys
    shown = [k.action for k in fitting(keys, everything - 1, ("hint", "full_log"))]
    assert shown == ["choose", "end_turn", "rules", "full_log", "leave", "toggle_keys"]
    shown = [k.action for k in fitting(keys, 31, ("hint", "full_log"))]
    assert shown == ["choose", "end_turn", "toggle_keys"]
    assert [k.action for k in fitting(keys, 3, ())] == ["toggle_keys"]

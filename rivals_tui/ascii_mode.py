"""Textual's own drawing in plain ASCII, for terminals that cannot show Unicode.

The boards take their symbols from `rivals_tui.glyphs`. Everything else on screen is drawn by
Textual (borders, scrollbars, the Select arrow, toggle boxes, Markdown bullets and tables) or is
typography in our texts and the engines' (dashes, middle dots, quotes, arrows). When the ASCII
set is in use (`switch(True)`):

* every border type is drawn with the characters of Textual's `ascii` border, in its own
  colours. Textual's CSS cannot change a border's type without restating its colour, and its
  widgets choose their own types (focus states included), so the switch is made in Textual's
  border table rather than rule by rule;
* toggle boxes (Switch-like checks in lists) read `[X]`;
* `AsciiFilter`, a line filter the app adds (`RivalsApp.get_line_filters`), turns what is left
  into ASCII of the same width, one character for one: box-drawing lines, the scrollbar's
  partial blocks, dashes, quotes, dots, arrows, stars, Markdown's bullets, the palette's search icon.

Texts whose ASCII form is longer ("…" is "...") are converted where they are written
(`glyphs.text`), and key names by `RivalsApp.get_key_display`. A test renders every screen in
ASCII and fails on any other character (tests/tui/test_nothing_cut.py).

Textual is pinned (pyproject.toml); the tables changed here are read by its renderer each time
a box is built, and `get_box`'s cache is emptied on every switch.
"""

from __future__ import annotations

import unicodedata

from rich.segment import Segment
from textual import _border
from textual.color import Color
from textual.filter import LineFilter

_BLANK_BORDERS = {"", "none", "hidden", "blank", "ascii"}
_UNICODE_BORDERS = {
    name: (chars, _border.BORDER_LOCATIONS[name]) for name, chars in _border.BORDER_CHARS.items()
}
_UNICODE_TOGGLE: list[str] = []  # Textual's own forms, kept at the first switch


def _box_char(name: str) -> str:
    """The ASCII line a box-drawing character stands for, from its Unicode name."""
    across = "HORIZONTAL" in name or "LEFT" in name or "RIGHT" in name
    down = "VERTICAL" in name or " UP" in name or "DOWN" in name
    if "DIAGONAL" in name:
        return "X" if "CROSS" in name else ("/" if "UPPER RIGHT TO LOWER LEFT" in name else "\\")
    if across and down:
        return "+"
    if down:
        return "|"
    return "=" if "DOUBLE" in name else "-"


def _same_width_table() -> dict[int, str]:
    table: dict[int, str] = {}
    for code in range(0x2500, 0x2580):  # box drawing
        table[code] = _box_char(unicodedata.name(chr(code), ""))
    for code in range(0x2580, 0x25A0):  # block elements: scrollbar parts and shades
        table[code] = "#" if code in (0x2591, 0x2592, 0x2593) else " "
    typography = {
        "—": "-", "–": "-", "‒": "-", "−": "-", "·": "-", "•": "*", "‧": "-",
        "‘": "'", "’": "'", "“": '"', "”": '"', "«": '"', "»": '"', "‹": "<", "›": ">",
        "×": "x", "…": "~", "★": "*", "☆": "*", "✓": "+", "✔": "+", "✗": "x", "✘": "x",
        "←": "<", "→": ">", "↑": "^", "↓": "v", "⇒": ">",
        "▶": ">", "▸": ">", "►": ">", "◀": "<", "◂": "<", "◄": "<",
        "▲": "^", "▴": "^", "▼": "v", "▾": "v", "◆": "#", "◇": "o", "◈": "#",
        "●": "o", "○": "o", "◦": "o", "▪": "-", "‣": "+", "⭑": "*", "\u00a0": " ",
        "🔎": "> ",  # the command palette's search icon (two columns)
    }  # fmt: skip
    # "…" becomes "~" only where Textual shortens a text itself; ours say "..." (glyphs.text).
    table.update({ord(k): v for k, v in typography.items()})
    return table


SAME_WIDTH = _same_width_table()


def to_ascii(text: str) -> str:
    """`text` with every character the table knows replaced, keeping its width on screen."""
    return text if text.isascii() else text.translate(SAME_WIDTH)


class AsciiFilter(LineFilter):
    """Turns the characters Textual and our texts draw into ASCII of the same width."""

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        return [
            seg if seg.control or seg.text.isascii() else Segment(to_ascii(seg.text), seg.style)
            for seg in segments
        ]


_active = False


def switch(ascii_only: bool) -> None:
    """Draw Textual's borders and toggle boxes in ASCII, or in Unicode again."""
    global _active
    if ascii_only == _active:
        return
    _active = ascii_only
    ascii_chars, ascii_places = _UNICODE_BORDERS["ascii"]
    for name, (chars, places) in _UNICODE_BORDERS.items():
        if name not in _BLANK_BORDERS:
            _border.BORDER_CHARS[name] = ascii_chars if ascii_only else chars
            _border.BORDER_LOCATIONS[name] = ascii_places if ascii_only else places
    _border.get_box.cache_clear()
    # Imported here: only the new-game form's lists draw toggle boxes, and start-up is measured.
    from textual.widgets._toggle_button import ToggleButton

    if not _UNICODE_TOGGLE:
        _UNICODE_TOGGLE.extend(
            (ToggleButton.BUTTON_LEFT, ToggleButton.BUTTON_INNER, ToggleButton.BUTTON_RIGHT)
        )
    left, inner, right = ("[", "X", "]") if ascii_only else _UNICODE_TOGGLE
    ToggleButton.BUTTON_LEFT, ToggleButton.BUTTON_INNER, ToggleButton.BUTTON_RIGHT = left, inner, right

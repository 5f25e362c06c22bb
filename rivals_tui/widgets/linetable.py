"""A board as lines of styled text runs, some of which are pieces a cursor can visit.

The game layouts (rivals_tui/games/<game>/layout.py) turn a view into a `Table`: `lines` of
`Seg` runs, where a run that belongs to a piece carries the index of its `Item` (what the piece
is, its full text for the detail panel, the area Tab jumps between). `LineWriter` is the small
toolkit the layouts build tables with. `LineBoard` (lineboard.py) draws a `Table` and moves the
cursor over its items.

No Textual import: a layout built on these records can be checked without an app.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from rich.cells import cell_len

Key = tuple[Any, ...]


@dataclass
class Item:
    """A piece the cursor can rest on. `key` says what it is; `area` groups items for Tab."""

    key: Key
    title: str = ""
    text: str = ""
    area: str = ""


@dataclass
class Seg:
    """A run of text. `styles` name component classes (colour, legal, new, dim, ...)."""

    text: str
    styles: tuple[str, ...] = ()
    item: int | None = None


@dataclass
class Table:
    """Lines of runs and the pieces they show; `level` is the layout's level of detail."""

    lines: list[list[Seg]] = field(default_factory=list)
    items: list[Item] = field(default_factory=list)
    level: int = 0
    # Every shortened name drawn, and the full name it stands for (the legend lists them).
    short: dict[str, str] = field(default_factory=dict)

    def width(self) -> int:
        return max((sum(cell_len(s.text) for s in line) for line in self.lines), default=0)

    @property
    def keys(self) -> list[Key]:
        """The keys of the pieces, in the order they were laid out."""
        return [it.key for it in self.items]

    def index(self, key: Key | None) -> int | None:
        """The item number of the piece `key` (None when it is not on the table)."""
        for n, it in enumerate(self.items):
            if it.key == key:
                return n
        return None


def table_text(table: Table) -> str:
    """The table as plain text (what a player reads, without styles)."""
    return "\n".join("".join(s.text for s in line) for line in table.lines)


class LineWriter:
    """Writes a `Table` line by line: plain runs, pieces, and wrapping at `width`."""

    def __init__(self, width: int, level: int = 0, table: Table | None = None) -> None:
        self.width = width
        self.t = Table(level=level) if table is None else table
        self.line: list[Seg] = []

    def text(self, s: str, *styles: str) -> None:
        self.line.append(Seg(s, tuple(x for x in styles if x)))

    def piece(self, key: Key, label: str, title: str, text: str, area: str, styles: Iterable[str]) -> None:
        """A run that stands for a new piece `key`."""
        idx = len(self.t.items)
        self.t.items.append(Item(key, title, text, area))
        self.line.append(Seg(label, tuple(x for x in styles if x), idx))

    def shortened(self, short: str, full: str) -> str:
        """Draw `short` for `full`: noted for the legend when it is not the whole name."""
        if short and short != full:
            self.t.short[short] = full
        return short

    def used(self) -> int:
        return sum(cell_len(x.text) for x in self.line)

    def room(self, label: str, indent: str = "   ") -> None:
        """Start a new (indented) line when `label` would run past the right edge."""
        if self.line and self.used() + cell_len(label) > self.width:
            self.newline()
            self.text(indent)

    def newline(self) -> None:
        self.t.lines.append(self.line)
        self.line = []

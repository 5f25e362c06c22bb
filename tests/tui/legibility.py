"""The check behind "nothing is cut at 80×24": text a screen holds but does not show, with no
key that brings the rest into view.

For every text widget shown (Static, Label, and what Textual builds from them), the text as
written — spaces aside, since wrapping moves them — must appear whole in what the widget draws
inside its frame. Text may be missing from the drawing only when the widget itself scrolls and
the keyboard can scroll it (it takes the focus, or carries the class `key-scroll` because a
screen key scrolls it). Every such widget, and every focusable one, must lie inside each
container around it unless one of those containers scrolls. A border title must fit its frame.
Tables and logs may scroll down but never sideways: a column or a line past the right edge is
cut. Every footer key must sit inside the footer, clear of the palette key docked at its right.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.content import Content
from textual.geometry import Region
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import DataTable, OptionList, RichLog, Static

from rivals_tui import glyphs
from rivals_tui.ascii_mode import to_ascii
from rivals_tui.widgets.footer import KeysFooter

KEY_SCROLL = "key-scroll"


def squash(text: str) -> str:
    """The text without spaces, as the ASCII set draws it when that set is in use."""
    return "".join((to_ascii(text) if glyphs.plain() else text).split())


def plain(widget: Static) -> str | None:
    """The widget's text as written, or None for something that is not text."""
    visual = widget.visual
    if isinstance(visual, Content):
        return visual.plain
    if isinstance(visual, Text):
        return visual.plain
    return None


def drawn(widget: Widget) -> str:
    """What the widget draws inside its border and padding, row by row."""
    width, height = widget.outer_size
    if not width or not height:
        return ""
    gutter = widget.styles.gutter
    rows = widget.render_lines(Region(0, 0, width, height))
    inner = rows[gutter.top : height - gutter.bottom]
    return "\n".join(strip.crop(gutter.left, width - gutter.right).text for strip in inner)


def shown(widget: Widget) -> bool:
    node: Any = widget
    while isinstance(node, Widget):
        if not node.display or not node.visible:
            return False
        node = node.parent
    return True


def key_scrollable(widget: Widget) -> bool:
    """Whether the keyboard can scroll this widget to what it hides."""
    can_scroll = widget.max_scroll_y > 0 or widget.max_scroll_x > 0
    return can_scroll and (widget.focusable or widget.has_class(KEY_SCROLL))


def clipped_by(widget: Widget) -> Widget | None:
    """The first container around `widget` that does not hold all of it, if any."""
    region = widget.region
    for node in widget.ancestors_with_self[1:]:
        if not isinstance(node, Widget):
            break
        if not node.region.contains_region(region):
            return node
        if isinstance(node, Screen):
            break
    return None


def reachable_by_scrolling(widget: Widget) -> bool:
    """Whether a container around `widget` scrolls (by focus or keys) and so can bring it in."""
    for node in widget.ancestors[:-1]:
        if (
            isinstance(node, Widget)
            and node.max_scroll_y > 0
            and (node.focusable or widget.focusable or node.has_class(KEY_SCROLL))
        ):
            return True
    return False


def name(widget: Widget) -> str:
    return f"{type(widget).__name__}#{widget.id}" if widget.id else type(widget).__name__


def lost_text(screen: Screen[Any]) -> list[str]:
    """Every piece of text on `screen` that is cut with no way to scroll to it, in words."""
    problems: list[str] = []
    for w in screen.query("*"):
        if not shown(w) or not w.region.area:
            continue
        for title in (w.border_title, w.border_subtitle):
            if title and w.styles.border_top[0] and len(str(title)) + 4 > w.outer_size.width:
                problems.append(f"{name(w)}: border title {str(title)!r} does not fit")
        if isinstance(w, Static):
            text = plain(w)
            if (
                text
                and any(c.isalnum() for c in text)
                and squash(text) not in squash(drawn(w))
                and not key_scrollable(w)
            ):
                problems.append(f"{name(w)}: shows {drawn(w)!r} of {text!r}")
                continue
        wide = isinstance(w, DataTable | RichLog | OptionList)
        if wide and w.virtual_size.width > w.scrollable_content_region.width:
            problems.append(f"{name(w)}: {w.virtual_size.width} columns wide in {w.size.width}")
        if isinstance(w, KeysFooter):
            w.render()  # the places of the keys as drawn at this width
            places = w._places
            for _, end, k in places:
                if end > w.size.width:
                    problems.append(f"footer key {k.description!r} is past the edge")
            for (_, end, k), (start, _, after) in zip(places, places[1:], strict=False):
                if start <= end:
                    problems.append(f"footer key {k.description!r} runs into {after.description!r}")
        if (isinstance(w, Static) and plain(w)) or w.focusable:
            outer = clipped_by(w)
            if outer is not None and not reachable_by_scrolling(w):
                problems.append(f"{name(w)}: outside {name(outer)} with no way to scroll to it")
    return problems

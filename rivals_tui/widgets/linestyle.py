"""The styles and keys every line board shares: the looks (`BASE_LOOKS`), the component classes and
CSS a board builds from its looks, and the cursor keys. Re-exported by lineboard.py, where the
game boards import them from."""

from __future__ import annotations

from collections.abc import Mapping

from textual.binding import Binding

# What the styles every line board uses look like; a game adds its colours and may change these.
BASE_LOOKS: dict[str, str] = {
    "legal": "text-style: bold underline;",
    "cursor": "text-style: reverse bold;",
    "new": "text-style: italic; color: $accent;",
    "dim": "color: $text-muted;",
    "turn": "text-style: bold; color: $accent;",
    "label": "color: $text-muted; text-style: bold;",
    "bold": "text-style: bold;",
}


def component_classes(prefix: str, looks: Mapping[str, str]) -> set[str]:
    """The component class names for `looks` ("legal" → "rk--legal")."""
    return {f"{prefix}--{name}" for name in looks}


def board_css(widget: str, prefix: str, looks: Mapping[str, str]) -> str:
    """DEFAULT_CSS for a line board class named `widget`: its size and one rule per look."""
    rules = [f"{widget} {{ height: 1fr; width: 1fr; }}"]
    rules += [f"{widget} > .{prefix}--{name} {{ {rule} }}" for name, rule in looks.items()]
    return "\n".join(rules) + "\n"


def cursor_bindings(prefix: str) -> list[Binding]:
    """The cursor keys of a line board: lines, pieces, areas (binding ids start with `prefix`)."""
    return [
        Binding("down,j", "move(1)", "Down", show=False, id=f"{prefix}.down"),
        Binding("up,k", "move(-1)", "Up", show=False, id=f"{prefix}.up"),
        Binding("right", "step(1)", "Next piece", show=False, id=f"{prefix}.right"),
        Binding("left", "step(-1)", "Previous piece", show=False, id=f"{prefix}.left"),
        Binding("tab", "area(1)", "Next area", show=False, id=f"{prefix}.next_area"),
        Binding("shift+tab", "area(-1)", "Previous area", show=False, id=f"{prefix}.prev_area"),
    ]

"""The rules screen: a game's rules (Markdown from rivals_tui/help/<game_id>.md), opened at the
section for the current step; from the menu it first asks which game.

Each section of the file is one widget, drawn by Rich's Markdown renderer under a heading of our
own. Textual's Markdown widget makes a widget of every paragraph, list item and table cell
(about 330 for one help file) and laid the screen out again after each batch of them: opening
the rules took 1.4-1.7 s of CPU. The sections keep the slugs Textual's Markdown gives headings,
so "the rules at the current step" still finds its heading."""

from __future__ import annotations

import re

from rich.console import Group, RenderableType
from rich.markdown import Markdown
from rich.text import Text
from textual import on
from textual._slug import TrackedSlugs
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from rivals_tui.app import WithRivals
from rivals_tui.games.book import entries_for
from rivals_tui.screens.base import DismissOnce
from rivals_tui.widgets.footer import KeysFooter

_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")


def split_sections(text: str) -> list[tuple[int, str, str]]:
    """The Markdown `text` cut at its headings: (level, title, body) for each section, the part
    before the first heading as level 0 with no title. Lines inside code fences are never
    headings."""
    out: list[tuple[int, str, str]] = []
    level, title, body = 0, "", []
    fenced = False
    for line in text.splitlines():
        if line.lstrip().startswith(("```", "~~~")):
            fenced = not fenced
        found = None if fenced else _HEADING.match(line)
        if found is None:
            body.append(line)
            continue
        if title or any(b.strip() for b in body):
            out.append((level, title, "\n".join(body)))
        level, title, body = len(found.group(1)), found.group(2), []
    if title or any(b.strip() for b in body):
        out.append((level, title, "\n".join(body)))
    return out


class RulesSection(Static):
    """One section of a rules file: its heading and its Markdown body, drawn by Rich."""

    COMPONENT_CLASSES = {"rules-section--h1", "rules-section--h2", "rules-section--h3"}
    DEFAULT_CSS = """
    RulesSection { height: auto; margin: 0 0 1 0; }
    RulesSection > .rules-section--h1 { text-style: bold; color: $accent; }
    RulesSection > .rules-section--h2 { text-style: bold; color: $text-primary; }
    RulesSection > .rules-section--h3 { text-style: bold; }
    """

    def __init__(self, level: int, title: str, body: str, *, slug: str = "") -> None:
        super().__init__()
        self.level, self.title, self.body, self.slug = level, title, body, slug

    def render(self) -> RenderableType:
        parts: list[RenderableType] = []
        if self.title:
            style = self.get_component_rich_style(f"rules-section--h{min(self.level, 3)}")
            parts.append(Text(self.title, style=style))
        if self.body.strip():
            if parts:
                parts.append(Text(""))
            parts.append(Markdown(self.body, hyperlinks=False))
        return Group(*parts)


class RulesScreen(WithRivals, DismissOnce, Screen[None]):
    BINDINGS = [
        Binding("escape,q", "back", "Back", id="rules.back"),
        Binding("j,down", "scroll(1)", "Down", show=False, id="rules.down"),
        Binding("k,up", "scroll(-1)", "Up", show=False, id="rules.up"),
        Binding("pagedown,space", "page(1)", "Page down", show=False, id="rules.pagedown"),
        Binding("pageup", "page(-1)", "Page up", show=False, id="rules.pageup"),
        Binding("b", "book", "Book", tooltip="Every card and piece of the game, searchable", id="rules.book"),
    ]

    def __init__(self, game_id: str | None, section: str = "") -> None:
        super().__init__()
        self.game_id = game_id
        self.section = section

    def compose(self) -> ComposeResult:
        yield Static("Rules", id="rules-title")
        yield OptionList(id="rules-games")
        yield VerticalScroll(id="rules-scroll")
        yield KeysFooter()

    def on_mount(self) -> None:
        chooser = self.query_one(OptionList)
        if self.game_id is None:
            chooser.add_options([Option(i.title, id=i.id) for i in self.rivals.games.infos()])
            chooser.highlighted = 0
            self.query_one("#rules-scroll").display = False
            self.query_one("#rules-title", Static).update("Rules — which game?")
            chooser.focus()
        else:
            chooser.display = False
            self.show_game(self.game_id)

    @on(OptionList.OptionSelected)
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        if event.option_id is not None:
            event.option_list.display = False
            self.query_one("#rules-scroll").display = True
            self.show_game(event.option_id)

    def show_game(self, game_id: str) -> None:
        self.game_id = game_id
        self.refresh_bindings()  # the book key works once a game is chosen
        title = self.rivals.games.info(game_id).title if game_id in self.rivals.games else game_id
        self.query_one("#rules-title", Static).update(f"Rules — {title}")
        path = self.rivals.help_dir / f"{game_id}.md"
        try:
            text = path.read_text(encoding="utf-8")
        except OSError:
            text = f"# {title}\n\nThe rules of {title} are not written up in the app yet."
        scroll = self.query_one("#rules-scroll", VerticalScroll)
        scroll.remove_children()
        slugs = TrackedSlugs()
        sections = [
            RulesSection(level, heading, body, slug=slugs.slug(heading) if heading else "")
            for level, heading, body in split_sections(text)
        ]
        scroll.mount_all(sections)
        scroll.focus()
        target = next((w for w in sections if self.section and w.slug == self.section), None)
        if target is not None:
            # Jump without animation, once the sections have their heights, so the section is
            # on screen at once (and snapshots are stable).
            self.call_after_refresh(scroll.scroll_to_widget, target, top=True, animate=False)

    def action_scroll(self, step: int) -> None:
        scroll = self.query_one("#rules-scroll", VerticalScroll)
        scroll.scroll_relative(y=step, animate=False)

    def action_page(self, step: int) -> None:
        scroll = self.query_one("#rules-scroll", VerticalScroll)
        scroll.scroll_relative(y=step * max(1, scroll.size.height - 2), animate=False)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "book":  # once a game is chosen, if it has a book
            return True if self.game_id is not None and entries_for(self.game_id) else None
        return True

    def action_book(self) -> None:
        if self.game_id is not None and entries_for(self.game_id):
            self.rivals.open_book(self.game_id)

    def action_back(self) -> None:
        self.dismiss(None)

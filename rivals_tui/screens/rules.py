"""The rules screen: a game's rules (Markdown from rivals_tui/help/<game_id>.md), opened at the
section for the current step; from the menu it first asks which game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import on
from textual._slug import TrackedSlugs
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Markdown, OptionList, Static
from textual.widgets.option_list import Option

from rivals_tui.screens.base import DismissOnce
from rivals_tui.widgets.footer import KeysFooter

if TYPE_CHECKING:
    from rivals_tui.app import RivalsApp


class RulesScreen(DismissOnce, Screen[None]):
    BINDINGS = [
        Binding("escape,q", "back", "Back", id="rules.back"),
        Binding("j,down", "scroll(1)", "Down", show=False, id="rules.down"),
        Binding("k,up", "scroll(-1)", "Up", show=False, id="rules.up"),
        Binding("pagedown,space", "page(1)", "Page down", show=False, id="rules.pagedown"),
        Binding("pageup", "page(-1)", "Page up", show=False, id="rules.pageup"),
    ]

    def __init__(self, game_id: str | None, section: str = "") -> None:
        super().__init__()
        self.game_id = game_id
        self.section = section

    @property
    def rivals(self) -> RivalsApp:
        from rivals_tui.app import RivalsApp

        assert isinstance(self.app, RivalsApp)
        return self.app

    def compose(self) -> ComposeResult:
        yield Static("Rules", id="rules-title")
        yield OptionList(id="rules-games")
        with VerticalScroll(id="rules-scroll"):
            yield Markdown("", id="rules-text")
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
        title = self.rivals.games.info(game_id).title if game_id in self.rivals.games else game_id
        self.query_one("#rules-title", Static).update(f"Rules — {title}")
        path = self.rivals.help_dir / f"{game_id}.md"
        try:
            text = path.read_text(encoding="utf-8")
        except OSError:
            text = f"# {title}\n\nThe rules of {title} are not written up in the app yet."
        md = self.query_one(Markdown)
        md.update(text)
        self.query_one("#rules-scroll").focus()

    @on(Markdown.TableOfContentsUpdated)
    def _goto_section(self, event: Markdown.TableOfContentsUpdated) -> None:
        if not self.section:
            return
        # Same slugs as Markdown.goto_anchor, but jump without animation so the section is
        # on screen at once (and snapshots are stable).
        slugs = TrackedSlugs()
        for _, title, block_id in event.table_of_contents:
            if slugs.slug(title) == self.section and block_id:
                heading = self.query_one(f"#{block_id}")
                scroll = self.query_one("#rules-scroll", VerticalScroll)
                self.call_after_refresh(scroll.scroll_to_widget, heading, top=True, animate=False)
                return

    def action_scroll(self, step: int) -> None:
        scroll = self.query_one("#rules-scroll", VerticalScroll)
        scroll.scroll_relative(y=step, animate=False)

    def action_page(self, step: int) -> None:
        scroll = self.query_one("#rules-scroll", VerticalScroll)
        scroll.scroll_relative(y=step * max(1, scroll.size.height - 2), animate=False)

    def action_back(self) -> None:
        self.dismiss(None)

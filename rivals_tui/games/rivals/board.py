"""The Rivals board: the Wildtech with a hex cursor, your cards, the other Ashaks and the common
cards, drawn line by line from the seat's view (layout.py).

Arrows move the cursor hex to hex on the map (up and down zig-zag so that repeated presses go
straight), and off its edges to the buttons above or your hand below; Tab jumps between areas;
`t` shows the next page on a board too short for all of them (map, your board, the rivals, the
common cards). With the cursor on a card of your hand (or while a card is being played) the map
shades the hexes in its range and, of those, the ones in sight. Enter does what the focused
piece stands for (a short list when several fit); the detail panel gives its full text.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs
from textual.binding import Binding

from engine.core import Event
from engine.rivals import actions as A
from engine.rivals.data.board import TILE_HEXES, TILE_OF
from engine.rivals.data.cards import Card, card_summary
from engine.rivals.data.catalog import CARD, ULTIMATES
from engine.rivals.rules.combat import design
from engine.rivals.rules.resolve import blast_area
from engine.rivals.state import RivalsState
from engine.rivals.texts import label
from rivals_tui.games.rivals.layout import PAGES, ROWS, TALL, build, hex_row, hex_x
from rivals_tui.games.rivals.targets import Key, actions_at, zone_of
from rivals_tui.games.rivals.texts import (
    card_detail,
    falling_tiles,
    gauge,
    hex_detail,
    player_detail,
    table_lines,
    zone_draw,
)
from rivals_tui.glyphs import RIVALS
from rivals_tui.widgets.lineboard import LineBoard, Table
from rivals_tui.widgets.linestyle import BASE_LOOKS, board_css, component_classes

LOOKS = {
    **BASE_LOOKS,
    # Seats: six colours apart from each other and from plain text, in 16 colours too.
    "s0": "color: #ff8c69;",
    "s1": "color: #40e0d0;",
    "s2": "color: #f0e060;",
    "s3": "color: #c070f0;",
    "s4": "color: #80e080;",
    "s5": "color: #6f8fff;",
    # Hex types.
    "lake": "color: #5fafff;",
    "antic": "color: #d7af00;",
    "crystal": "color: #00d7d7;",
    "forest": "color: #5faf00;",
    "iface": "color: #d787ff;",
    "volcano": "color: #ff5f5f; text-style: bold;",
    "dry1": "color: #ffd700;",
    "dry2": "color: #87d700;",
    # Overlays.
    "falls": "background: $error 30%;",
    "reach": "background: $primary 35%;",
    "sight": "background: $success 45%;",
    "blast": "background: $warning 50%;",
    "new": "background: $accent 35%;",
}

# Phases whose decision is about a hex: the cursor starts on the map.
HEX_PHASES = frozenset(
    {"place", "target", "target2", "step", "reentry", "dropshield", "victim", "dplace", "dreentry"}
)
CARD_KINDS = ("card", "discard", "skill", "row", "schema", "guild", "ult", "dcard")


class RivalsBoard(LineBoard):
    """The Rivals table for the seat at the keyboard."""

    PREFIX = "rs"
    GLYPHS = RIVALS
    FALLBACK_SIZE = (46, 20)
    AREAS = ("act", "map", "hand", "you", "rivals", "table")
    HOME_AREA = "map"
    COMPONENT_CLASSES = component_classes("rs", LOOKS)
    DEFAULT_CSS = board_css("RivalsBoard", "rs", LOOKS)
    LOOK_ROWS = (
        *LineBoard.LOOK_ROWS,
        ("red ground", "a tile that may fall at the end of this round"),
        ("blue ground", "in range of the card under the cursor, but out of sight"),
        ("green ground", "in range of the card under the cursor, and in sight"),
        ("orange ground", "the hexes an explosive aimed at the cursor's hex would hit"),
    )

    BINDINGS = [
        Binding("enter", "choose", "Choose", tooltip="Do what the focused piece stands for", id="rs.choose"),
        Binding(
            "t", "page", "Page", tooltip="Show the next page: map, your board, rivals, cards", id="rs.page"
        ),
        Binding("down,j", "move(1)", "Down", show=False, id="rs.down"),
        Binding("up,k", "move(-1)", "Up", show=False, id="rs.up"),
        Binding("right", "step(1)", "Right", show=False, id="rs.right"),
        Binding("left", "step(-1)", "Left", show=False, id="rs.left"),
        Binding("tab", "area(1)", "Next area", show=False, id="rs.next_area"),
        Binding("shift+tab", "area(-1)", "Previous area", show=False, id="rs.prev_area"),
    ]

    def __init__(self, game: Any, **given: Any) -> None:
        super().__init__(game, **given)
        self.page = "map"
        self.lean = -1  # which way the next up/down step leans on the staggered rows

    # -- what is drawn ----------------------------------------------------------------------
    def show(self, view: Any, seat: int | None, legal: Sequence[Any], events: Sequence[Event]) -> None:
        if legal and view.phase in HEX_PHASES and (self.view is None or self.view.phase != view.phase):
            self.page = "map"  # a decision about a hex: back to the map
        super().show(view, seat, legal, events)

    def table_follows_cursor(self) -> bool:
        # The map pans after the cursor, and the card under it shades its reach.
        return True

    def tall(self) -> bool:
        return (self.size.height or self.FALLBACK_SIZE[1]) >= TALL

    def focus_card(self) -> Card | None:
        """The card whose reach the map shades: the one being played, or the hand card under the
        cursor."""
        v: RivalsState | None = self.view
        if v is None or self.seat is None:
            return None
        if v.p_seat == self.seat and (v.p_card >= 0 or v.p_ult):
            return design(v)
        key = self.cursor_key
        if key is not None and key[0] == "card" and key[1] in v.hand[self.seat]:
            return CARD[key[1]]
        if key is not None and key[0] == "ult" and v.ashaks[self.seat].kind >= 0:
            return ULTIMATES[v.ashaks[self.seat].kind]
        return None

    def build_table(self, width: int, height: int) -> Table:
        return build(
            self.view,
            self.seat,
            self.legal,
            self.names,
            width,
            height,
            self.cursor_key,
            self.page,
            self.changed,
            self.focus_card(),
            self.blast(),
            self.zone(),
        )

    def zone(self) -> tuple[set[int], set[int]] | None:
        """Drone mode: with the cursor on an exchange or hack button, the reach to shade."""
        v: RivalsState | None = self.view
        key = self.cursor_key
        if v is None or self.seat is None or key is None or key[0] != "act" or not v.drone_mode:
            return None
        acts = self.actions_for(key)
        return zone_of(v, self.seat, acts[0]) if acts else None

    def blast(self) -> frozenset[int]:
        """While an explosive is aimed: the hexes it would hit if aimed at the cursor's hex."""
        v: RivalsState | None = self.view
        key = self.cursor_key
        if v is None or key is None or key[0] != "hex" or v.phase != "target" or v.p_seat != self.seat:
            return frozenset()
        if design(v).type != "explosive" or A.TargetHex(key[1]) not in self.legal:
            return frozenset()
        hit, near = blast_area(attrs.evolve(v, p_hex=key[1]))
        return frozenset(h for t in (*hit, *near) for h in TILE_HEXES[t])

    def actions_for(self, key: Key) -> Sequence[Any]:
        return actions_at(self.view, self.seat, self.legal, key)

    def changes(self, before: Any, after: Any) -> set[Any]:
        """Hexes whose tile, tokens or Ashak changed."""
        if before is None or before.round == 0 and after.round == 0 and before.phase != after.phase:
            return set()
        out: set[Any] = set()
        for h, t in enumerate(TILE_OF):
            if (
                before.shield[h] != after.shield[h]
                or before.sponsor[h] != after.sponsor[h]
                or before.revealed[t] != after.revealed[t]
                or before.fallen[t] != after.fallen[t]
                or before.drought[t] != after.drought[t]
            ):
                out.add(h)
        for o in range(after.seats):
            if before.ashaks[o].pos != after.ashaks[o].pos:
                out.update(h for h in (before.ashaks[o].pos, after.ashaks[o].pos) if h >= 0)
            if after.drone_mode and before.drone_mode and before.drones[o].pos != after.drones[o].pos:
                out.update(h for h in (before.drones[o].pos, after.drones[o].pos) if h >= 0)
        return out

    def is_fresh(self, old: Any, events: Sequence[Event]) -> bool:
        new: RivalsState = self.view
        return bool(events) or old is None or (old.phase, old.actor) != (new.phase, new.actor)

    def preference(self, key: Key) -> int:
        """Where the cursor goes when a decision starts."""
        v: RivalsState = self.view
        if key[0] == "hex":
            return 0 if v.phase in HEX_PHASES else 3
        if key[0] in CARD_KINDS:
            return 1
        if key[0] == "seat":
            return 2
        return 2

    def jump(self, idx: int | None, fresh: bool, targets: Sequence[int]) -> bool:
        # Stay on a piece that still does something; otherwise go to the likeliest one.
        return idx is None or (fresh and idx not in targets)

    # -- the detail panel -------------------------------------------------------------------
    def detail(self) -> tuple[str, str] | None:
        v: RivalsState | None = self.view
        key = self.cursor_key
        if v is None or key is None or self._index() is None:
            return None
        names = self.names
        me = self.seat
        kind = key[0]
        title, text = "", ""
        if kind == "hex":
            title, text = hex_detail(v, key[1], names, me)
        elif kind == "card":
            title, text = card_detail(v, me, key[1], names, "hand")
        elif kind in ("discard", "skill", "temp", "row", "schema", "dcard"):
            where = {
                "discard": "discard",
                "skill": "skill",
                "temp": "lasting",
                "row": "interface row",
                "schema": "schema",
                "dcard": "on a drone, face up",
            }[kind]
            title, text = card_detail(v, me, key[1], names, where)
        elif kind == "seat":
            title, text = player_detail(v, key[1], names, me)
        elif kind in ("guild", "ult") and me is not None:
            if kind == "guild":
                title, text = card_detail(v, me, v.guild[me], names, "guild")
            else:
                u = ULTIMATES[v.ashaks[me].kind]
                title = f"Ultimate: {u.name}"
                # What it does, as any card says it: the gauge alone told a newcomer nothing.
                text = f"Charged {v.ashaks[me].ult} of {gauge(v, me)}.\n{card_summary(u)}"
        elif kind == "info":
            lines = table_lines(v)
            title, text = "The round", lines[key[1]] if key[1] < len(lines) else ""
        elif kind == "falls":
            tiles = ", ".join(str(t) for t in sorted(falling_tiles(v)))
            title = "Tiles that may fall"
            text = (
                f"At the end of this round {zone_draw(v)}. Those that may fall: tiles {tiles}. "
                "An Ashak on a falling tile loses 4 HP and climbs back at the border."
            )
        elif kind == "act":
            acts = self.actions_for(key)
            title = "Choice"
            text = self.game.describe(v, acts[0]) if acts else ""
        note = self.enter_note(key)
        if note and kind != "act":
            text = f"{note}\n{text}"
        elif kind == "act" and text:
            text = f"Enter: {text}"
        return self.words(title), self.words(text)

    def verb(self, acts: Sequence[Any]) -> str:
        if len(acts) == 1:
            if self.cursor_key is not None and self.cursor_key[0] in CARD_KINDS:
                # The card's own text follows in the panel: only the deed, by its name, here.
                return self.words(label(self.view, acts[0]))
            return self.words(self.game.describe(self.view, acts[0])).rstrip(".")
        return super().verb(acts)

    def asks_first(self, action: Any) -> str | None:
        # Enter never takes a card away for good, nor discards one, without asking (Back is
        # Enter's answer): on a hand card that can only be uninstalled, on a discarded card, on a
        # skill to make room for another, on a card paid for an optional effect.
        v: RivalsState = self.view
        deed = self.words(label(v, action))
        if isinstance(action, A.Uninstall):
            if v.phase != "turn":
                return f"{deed}? The card leaves the game for good."
            from_hand = self.seat is not None and action.card in v.hand[self.seat]
            draw = " You draw a card in its place." if from_hand else ""
            return f"{deed}? It costs 2 crystals and the card leaves the game for good.{draw}"
        if isinstance(action, A.ReplaceSkill):
            return f"{deed} to make room? It leaves the game for good."
        if isinstance(action, A.PayOptional):
            return f"{deed} for the optional effect? It goes to your discard pile."
        return None

    def picker_title(self, key: Key) -> str:
        if self.seat is None:
            return "Which one?"
        return self.words(self.game.prompt(self.view, self.seat).text)

    def codes(self) -> list[tuple[str, str]]:
        return [
            ("L A C F I V", "hex types: lake, anticipation, crystal, forest, interface, volcano"),
            ("1-6", "on a hex: the Ashak of that seat (in the seat's colour)"),
            ("tok 1 2RP", "on a drone's board: its tokens and the Rival Points it carries"),
            ("HP RP AP", "health, Rival Points (5 wins), action points left this turn"),
            ("ult 3/12", "the ultimate gauge: charged, and needed"),
            ("tok 1+2a", "anticipation tokens: one waiting, two active (+2 defence dice each)"),
            ("2C 1R", "crystals and resins"),
        ]

    # -- keys -------------------------------------------------------------------------------
    def action_move(self, delta: int) -> None:
        """Up/down: on the map, to the next row of hexes, leaning alternately left and right so
        that repeated presses go straight; elsewhere (and off the map) as every line board."""
        key = self.cursor_key
        if key is not None and key[0] == "hex":
            y = hex_row(key[1]) + delta
            if 0 <= y < len(ROWS):
                x = hex_x(key[1])
                row = ROWS[y]
                want = x + 2 * self.lean
                best = min(row, key=lambda h: (abs(hex_x(h) - want), hex_x(h)))
                self.lean = -self.lean
                self._set_cursor(("hex", best))
                return
        super().action_move(delta)

    def action_step(self, delta: int) -> None:
        """Left/right: the next hex of the row on the map; the next piece elsewhere."""
        key = self.cursor_key
        if key is not None and key[0] == "hex":
            row = ROWS[hex_row(key[1])]
            i = row.index(key[1]) + delta
            if 0 <= i < len(row):
                self._set_cursor(("hex", row[i]))
            return
        super().action_step(delta)

    def action_page(self) -> None:
        """The next page (on a tall board every page is shown: Tab-like jump to the next one)."""
        if self.tall():
            self.action_area(1)
            return
        self.page = PAGES[(PAGES.index(self.page) + 1) % len(PAGES)]
        self._table = None
        self._top = 0
        self.place_cursor(fresh=False)
        self.refresh()
        self.tell(f"Page: {self.page}.")

    def place_cursor(self, fresh: bool) -> None:
        if self.view is not None and self.cursor_key is None and self.seat is not None:
            pos = self.view.ashaks[self.seat].pos if self.seat < self.view.seats else -1
            if pos >= 0:
                self.cursor_key = ("hex", pos)
        super().place_cursor(fresh)

    def focus_action(self, action: Any) -> bool:
        """The hint's action: back to the page that shows it first."""
        if super().focus_action(action):
            return True
        if self.page != "map" and not self.tall():
            self.page = "map"
            self._table = None
            return super().focus_action(action)
        return False

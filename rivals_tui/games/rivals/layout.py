"""The Rivals board as lines of text: your line, the buttons of the decision at hand, the
Wildtech, your hand; then (on tall boards, or one at a time on the `t` key) your own board, the
other Ashaks and the common cards.

The Wildtech is a hexagon of radius 6: 13 rows of hexes, each hex three characters on a pitch
of four, every row shifted half a hex from the next (51 columns in all). A hex reads

    C2◈     its type (L lake, A anticipation, C crystal, F forest, I interface, V volcano;
            ░ not revealed), who stands there (the seat number, in the seat's colour), a
            drone (◇, drone mode) or a sponsor ($ active, ¤ inactive), then a shield (in
            its owner's colour) or the tile's drought token (∴ yellow, ≈ green); ▾ in the
            first free place of the two when the tile may fall at the end of the round

and a fallen hex is a lone dot. Where the board is narrower than the map it pans, following the
cursor (or your Ashak when the cursor is elsewhere), with arrows on the middle row where more
lies beyond. Looks mark the hexes where Enter acts, the reach and sight of the card under the
cursor, and the tiles that may fall at the end of the round.

No Textual import: the layout can be checked without an app.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.cells import cell_len

from engine.rivals.data.board import HEXES, RADIUS, TILE_OF, TYPE_LETTER
from engine.rivals.data.cards import Card
from engine.rivals.data.catalog import CARD, ULTIMATES
from engine.rivals.geometry import N_HEX
from engine.rivals.queries import hex_type
from engine.rivals.state import RivalsState
from rivals_tui.games.rivals.targets import (
    Key,
    actions_at,
    card_of,
    placed,
    reach_of,
    scout_hexes,
    target_hexes,
)
from rivals_tui.games.rivals.texts import (
    ashak_name,
    falling_tiles,
    gauge,
    in_play_line,
    seat_line,
    short_label,
    table_lines,
    waiting_lines,
)
from rivals_tui.glyphs import RIVALS as RS
from rivals_tui.widgets.linetable import Item, LineWriter, Seg, Table

PITCH = 4
CELL = 3
MAP_W = PITCH * 2 * RADIUS + CELL  # 51
MAP_ROWS = 2 * RADIUS + 1  # 13
PAGES = ("map", "you", "rivals", "table")
# Boards at least this tall show every page at once, one under the other.
TALL = 34
TYPE_LOOK = {"L": "lake", "A": "antic", "C": "crystal", "F": "forest", "I": "iface", "V": "volcano"}


def hex_x(h: int) -> int:
    """The column of hex `h` on the full map (0..48)."""
    q, r = HEXES[h]
    return PITCH * q + 2 * r + PITCH * RADIUS


def hex_row(h: int) -> int:
    return HEXES[h][1] + RADIUS


ROWS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted((h for h in range(N_HEX) if hex_row(h) == y), key=hex_x)) for y in range(MAP_ROWS)
)


class Builder(LineWriter):
    def __init__(
        self,
        v: RivalsState,
        seat: int | None,
        legal: Sequence[Any],
        names: Sequence[str],
        width: int,
        height: int,
        cursor: Key | None,
        page: str,
        changed: set[int],
        focus_card: Card | None,
        blast: frozenset[int] = frozenset(),
        zone: tuple[set[int], set[int]] | None = None,
    ) -> None:
        super().__init__(width)
        self.v = v
        self.seat = seat if seat is not None and 0 <= seat < v.seats else None
        self.legal = legal
        self.names = list(names)
        self.height = height
        self.cursor = cursor
        self.page = page
        self.changed = changed
        self.targets = target_hexes(v, legal)
        self.scouts = scout_hexes(v, legal)
        self.falls = falling_tiles(v)
        me = self.seat if self.seat is not None else -1
        self.reach, self.sight = zone if zone and zone[0] else reach_of(v, me, focus_card)
        self.blast = blast
        self.shown: set[int] = set()

    # -- helpers ----------------------------------------------------------------------------
    def fit(self, s: str, room: int) -> str:
        cut = RS.cut
        return s if cell_len(s) <= room else s[: max(0, room - cell_len(cut))] + cut

    def add(self, key: Key, label: str, area: str, *styles: str) -> None:
        """A piece on the current line, wrapping first when it would not fit."""
        label = self.fit(label, self.width - 4)
        sep = f" {RS.sep} "
        self.room(sep + label, indent="  ")
        if self.line and self.line[-1].item is not None:
            self.text(sep, "dim")
        elif self.line and self.line[-1].text.strip():
            self.text(" ")
        self.piece(key, label, "", "", area, styles)

    def flush(self) -> None:
        if self.line:
            self.newline()

    def mine(self) -> bool:
        return bool(self.legal)

    # -- sections ---------------------------------------------------------------------------
    def build(self) -> Table:
        v = self.v
        self.header()
        self.buttons()
        tall = self.height >= TALL
        if tall or self.page == "map":
            self.map()
            self.hand_strip()
        if tall or self.page == "you":
            self.you()
        if tall or self.page == "rivals":
            self.rivals()
        if tall or self.page == "table":
            self.common()
        if v.winners:
            self.text("The game is over.", "dim")
            self.flush()
        return self.t

    def header(self) -> None:
        v = self.v
        wide = self.width >= 60
        if self.seat is not None:
            s = self.seat
            turn = v.actor == s and bool(self.legal)
            self.text(RS.turn if turn else " ", "turn" if turn else "")
            label = seat_line(v, s, "You", wide)
            if v.active == s and v.phase != "ashak":
                label += f" {v.ap}AP"
            elif v.drone_mode and v.d_active == s:
                label = f"Your drone's turn: {v.ap}AP {RS.sep} " + label
            self.piece(("seat", s), self.fit(label, self.width - 1), "", "", "you", (f"s{s}", "bold"))
            self.flush()
        playing = in_play_line(v, self.names, self.seat)
        if playing:
            self.text(self.fit(playing, self.width), "bold")
            self.flush()
        if v.actor >= 0 and v.actor != self.seat and not v.winners:
            # Whose turn it is and how far the round has come, the long wait of a big table.
            for n, line in enumerate(waiting_lines(v, self.names)):
                self.text(RS.turn if n == 0 else " ", "turn")
                self.text(self.fit(line, self.width - 1), "dim")
                self.flush()

    def buttons(self) -> None:
        """Every legal action no other piece stands for, as a button."""
        if not self.legal:
            return
        shown = self.cards_on_board()
        own = self.height >= TALL or self.page == "you"
        self.text("Do:", "label")
        for n, a in enumerate(self.legal):
            if placed(self.v, a, shown, own):
                continue
            self.add(("act", n), short_label(self.v, a, self.names), "act", "legal")
        if len(self.line) == 1:
            self.line = []
        self.flush()

    def cards_on_board(self) -> set[int]:
        """The cards drawn as pieces of their own on this page (hand, skills, rows)."""
        v = self.v
        tall = self.height >= TALL
        out: set[int] = set()
        if tall or self.page == "table":
            out |= set(v.iface_row) | set(v.schema_row)
        if self.seat is not None and (tall or self.page in ("map", "you")):
            out |= set(v.hand[self.seat])
        if self.seat is not None and (tall or self.page == "map") and self.discard_shown():
            out |= set(v.discard[self.seat])
        if self.seat is not None and (tall or self.page == "you"):
            out |= set(v.skills[self.seat])
        if v.drone_mode and (tall or self.page in ("you", "rivals")):
            out |= {c for d in v.drones for c in d.cards}
        return out

    # -- the map ----------------------------------------------------------------------------
    def focus_hex(self) -> int:
        if self.cursor is not None and self.cursor[0] == "hex":
            return int(self.cursor[1])
        if self.seat is not None and self.v.ashaks[self.seat].pos >= 0:
            return self.v.ashaks[self.seat].pos
        return 0

    def map(self) -> None:
        w = self.width
        if w >= MAP_W:
            pad, x0, inner, left, right = (w - MAP_W) // 2, 0, MAP_W, False, False
        else:
            inner = max(CELL, w - 2)
            fx = hex_x(self.focus_hex())
            x0 = max(0, min(fx + CELL // 2 - inner // 2, MAP_W - inner))
            # Keep your own Ashak in the window too whenever both fit.
            own = self.v.ashaks[self.seat].pos if self.seat is not None else -1
            if own >= 0:
                ox = hex_x(own)
                lo = max(fx, ox) + CELL - inner
                hi = min(fx, ox)
                if lo <= hi:
                    x0 = max(lo, min(x0, hi))
            pad, left, right = 1, x0 > 0, x0 + inner < MAP_W
        for y, row in enumerate(ROWS):
            middle = y == RADIUS
            self.line = []
            if pad:
                mark = RS.more_left if left and middle else " "
                self.text(mark + " " * (pad - 1), "dim")
            at = 0
            for h in row:
                x = hex_x(h) - x0
                if x < 0 or x + CELL > inner:
                    continue
                if x > at:
                    self.text(" " * (x - at))
                self.hex_cell(h)
                at = x + CELL
            if right and middle:
                self.text(" " * (inner - at) + RS.more_right, "dim")
            self.newline()

    def hex_cell(self, h: int) -> None:
        """Three runs for one hex (type, who is there, shield or drought), one piece."""
        v = self.v
        t = TILE_OF[h]
        idx = len(self.t.items)
        self.t.items.append(self.item_for(h))
        marks = self.marks(h)
        if v.fallen[t]:
            self.line.append(Seg(f" {RS.void} ", ("dim", *marks), idx))
            return
        kind = hex_type(v, h)
        letter = TYPE_LETTER[kind] if kind else RS.hidden
        look = TYPE_LOOK.get(letter, "dim")
        who = [o for o in range(v.seats) if v.ashaks[o].alive and v.ashaks[o].pos == h]
        drones = [o for o in range(v.seats) if v.drones[o].pos == h] if v.drone_mode else []
        if who:
            mid, mid_look = str(who[0] + 1), f"s{who[0]}"
        elif drones:
            mid, mid_look = RS.drone, f"s{drones[0]}"
        elif v.sponsor[h]:
            mid, mid_look = (RS.sponsor_on, "bold") if v.sponsor[h] == 2 else (RS.sponsor_off, "dim")
        else:
            mid, mid_look = " ", ""
        if v.shield[h] >= 0:
            end, end_look = RS.shield, f"s{v.shield[h]}"
        elif v.drought[t]:
            end, end_look = (RS.dry1, "dry1") if v.drought[t] == 1 else (RS.dry2, "dry2")
        else:
            end, end_look = " ", ""
        if t in self.falls:  # a symbol too, not only the shading: it must survive NO_COLOR
            if mid == " ":
                mid, mid_look = RS.falls, "bold"
            elif end == " ":
                end, end_look = RS.falls, "bold"
        mine = "bold" if who and who[0] == self.seat else ""
        for text, looks in ((letter, (look,)), (mid, (mid_look, mine)), (end, (end_look,))):
            self.line.append(Seg(text, tuple(x for x in (*looks, *marks) if x), idx))

    def item_for(self, h: int) -> Item:
        return Item(("hex", h), "", "", "map")

    def marks(self, h: int) -> tuple[str, ...]:
        out: list[str] = []
        if TILE_OF[h] in self.falls:
            out.append("falls")
        if h in self.reach:
            out.append("sight" if h in self.sight else "reach")
        if h in self.blast:
            out.append("blast")
        if h in self.targets or h in self.scouts:
            out.append("legal")
        if h in self.changed:
            out.append("new")
        return tuple(out)

    # -- your cards -------------------------------------------------------------------------
    def hand_strip(self) -> None:
        if self.seat is None:
            return
        hand = self.v.hand[self.seat]
        self.text("Hand:", "label")
        if not hand:
            self.text(" empty", "dim")
        for c in hand:
            self.add(("card", c), CARD[c].name, "hand", self.card_look(("card", c)))
        self.flush()
        if self.discard_shown():
            # Its cards as pieces of their own, apart from the hand's copies of the same names.
            self.text("Discard:", "label")
            for c in self.v.discard[self.seat]:
                self.add(("discard", c), CARD[c].name, "hand", self.card_look(("discard", c)))
            self.flush()

    def discard_shown(self) -> bool:
        """Your discard pile is drawn under your hand while Enter may do something with one of
        its cards (uninstall it): otherwise its size, on your board, is all there is to know."""
        if self.seat is None:
            return False
        pile = set(self.v.discard[self.seat])
        return any(card_of(a) in pile for a in self.legal)

    def card_look(self, key: Key) -> str:
        return "legal" if actions_at(self.v, self.seat, self.legal, key) else ""

    def you(self) -> None:
        v = self.v
        if self.seat is None:
            return
        s = self.seat
        tall = self.height >= TALL
        if not tall:
            self.text("Your hand", "label")
            self.flush()
            for c in v.hand[s]:
                d = CARD[c]
                cost = f"{d.ap}AP " if d.ap else ""
                self.text("  ")
                label = self.fit(f"{d.name}: {cost}{d.type}, {d.range_text}", self.width - 2)
                self.piece(("card", c), label, "", "", "hand", (self.card_look(("card", c)),))
                self.flush()
        self.text("Your board", "label")
        self.flush()
        if v.ashaks[s].kind >= 0:
            u = ULTIMATES[v.ashaks[s].kind]
            ready = "ready" if v.ashaks[s].ult >= gauge(v, s) else "charging"
            label = f"Ultimate {u.name} {v.ashaks[s].ult}/{gauge(v, s)} {ready}"
            self.add(("ult",), label, "you", self.card_look(("ult",)))
        if v.guild[s] >= 0:
            used = " (used)" if v.guild_used[s] else ""
            self.add(("guild",), f"Guild {CARD[v.guild[s]].name}{used}", "you", self.card_look(("guild",)))
        self.flush()
        self.text("Skills:", "label")
        if not v.skills[s]:
            self.text(" none", "dim")
        for c in v.skills[s]:
            tired = "(used)" if c in v.exhausted[s] else ""
            self.add(("skill", c), f"{CARD[c].name}{tired}", "you", self.card_look(("skill", c)))
        self.flush()
        if v.temps[s]:
            self.text("Lasting:", "label")
            for c in v.temps[s]:
                self.add(("temp", c), CARD[c].name, "you", "")
            self.flush()
        counts = f"Deck {len(v.deck[s])}  discard {len(v.discard[s])}  poison {len(v.ashaks[s].poison)}"
        self.text(self.fit(counts, self.width), "dim")
        self.flush()
        if v.drone_mode:
            self.drone_board(s, "Your drone", "you")

    def drone_board(self, o: int, title: str, area: str) -> None:
        """A drone's board: where it stands, its stored cards (pieces: Enter takes one back or
        steals it), resources, tokens and Rival Points."""
        d = self.v.drones[o]
        where = f"hex {d.pos}" if d.pos >= 0 else "off the Wildtech"
        self.text(RS.drone, f"s{o}")
        self.text(f" {title}", "label")
        self.text(self.fit(f" on {where}", self.width - cell_len(title) - 2), "dim")
        self.flush()
        self.text("  Cards:", "label")
        if not d.cards:
            self.text(" none", "dim")
        for c in d.cards:
            self.add(("dcard", c), CARD[c].name, area, self.card_look(("dcard", c)))
        self.flush()
        stock = f"  {d.crystals}C {d.resins}R  tok {d.tokens}  {d.rp}RP (not counted to win)"
        self.text(self.fit(stock, self.width), "dim")
        self.flush()

    # -- the others -------------------------------------------------------------------------
    def rivals(self) -> None:
        v = self.v
        self.text("Rivals", "label")
        self.flush()
        for o in range(v.seats):
            if o == self.seat:
                continue
            deciding = v.actor == o and not v.winners
            mark = RS.turn if deciding else (RS.dead if not v.ashaks[o].alive and v.round else " ")
            self.text(mark, "turn" if deciding else "dim")
            label = self.fit(seat_line(v, o, self.names[o], self.width >= 60), self.width - 1)
            self.piece(("seat", o), label, "", "", "rivals", (f"s{o}", self.card_look(("seat", o))))
            self.flush()
            extra = [CARD[c].name for c in v.skills[o]] + [f"{CARD[c].name} (lasting)" for c in v.temps[o]]
            if v.guild[o] >= 0:
                extra.insert(0, f"guild {CARD[v.guild[o]].name}")
            if extra and self.height >= TALL:
                self.text(self.fit("   " + ", ".join(extra), self.width), "dim")
                self.flush()
            if v.drone_mode:
                self.drone_board(o, f"{self.names[o]}'s drone", "rivals")

    # -- the common cards -------------------------------------------------------------------
    def common(self) -> None:
        v = self.v
        for n, line in enumerate(table_lines(v)):
            self.piece(("info", n), self.fit(line, self.width), "", "", "table", ("dim",))
            self.flush()
        if self.falls:
            tiles = ", ".join(str(t) for t in sorted(self.falls))
            label = self.fit(f"May fall this round: tiles {tiles}", self.width)
            self.piece(("falls",), label, "", "", "table", ("falls",))
            self.flush()
        self.text("Interface:", "label")
        for c in v.iface_row:
            self.add(("row", c), CARD[c].name, "table", self.card_look(("row", c)))
        self.flush()
        self.text("Schemas:", "label")
        for c in v.schema_row:
            self.add(("schema", c), CARD[c].name, "table", self.card_look(("schema", c)))
        self.flush()


def build(
    v: RivalsState,
    seat: int | None,
    legal: Sequence[Any],
    names: Sequence[str],
    width: int,
    height: int,
    cursor: Key | None,
    page: str,
    changed: set[int],
    focus_card: Card | None,
    blast: frozenset[int] = frozenset(),
    zone: tuple[set[int], set[int]] | None = None,
) -> Table:
    """The board for `width`×`height` on `page` (every page at once on a tall board); `blast`
    marks the hexes an explosive aimed at the cursor's hex would hit; `zone` (drone mode) the
    reach of an exchange or a hack instead of a card's."""
    return Builder(
        v, seat, legal, names, width, height, cursor, page, changed, focus_card, blast, zone
    ).build()


__all__ = ["MAP_ROWS", "MAP_W", "PAGES", "ROWS", "TALL", "ashak_name", "build", "hex_row", "hex_x"]

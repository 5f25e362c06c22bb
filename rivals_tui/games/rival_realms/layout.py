"""The Rival Realms table as lines of text: both realms, the hand, tokens, nests, deck, quests.

`build_table` turns one seat's view (never the full state) into a `Table`. The seat at the
keyboard sees their own realm large — one seven-character cell per space, land cards on the
lines between the sub-realms — and the other realm compact underneath. What the board is in the
middle of (a chosen card's slots, a planned path) arrives in `Marks`, so this module stays a pure
function of its inputs, with no Textual import.

A cell reads ``@[38Fo]``: one mark (the adventurer, a token lying there, or the step number of a
planned path), then the card's number and type code, in brackets when explored. A compact cell
reads ``@ 38Fo``: the mark, a space, the card.

The table is laid out for the room the board has (`build_table` tries `Layout` at growing levels
of `tight` until it fits): at 80×24 the status line above the board can take four lines, and the
other realm, drawn last, must not fall below the board's edge. `NESTS_JOINED` puts both nests on
one line; `SHARED_LINES` also cuts a long name so that the tokens stay on its line and puts the
deck after the hand when both fit; `QUESTS_LAST` also moves the quests (a reference, not a
decision) below the other realm.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.cells import cell_len

from engine.core.words import count
from engine.rival_realms.data import (
    COLS,
    CREATURE_KIND,
    KIND,
    LANDS,
    QUESTS,
    SOLO_TARGET,
    TOKEN_NAMES,
    TYPES,
    land_name,
    space_name,
)
from engine.rival_realms.scoring import quest_points, score
from engine.rival_realms.state import RivalRealmsState
from rivals_tui.games.rival_realms.words import token_text
from rivals_tui.glyphs import RIVAL_REALMS as RR
from rivals_tui.widgets.linetable import Key, LineWriter, Table

# Two letters per region type (Highlands and Hills differ in their second letter).
TYPE_CODES: tuple[str, ...] = ("Fi", "Fo", "We", "Hi", "Hl")
# One letter per token: capitals for gems and artifacts, small letters for creatures.
TOKEN_CODES: dict[str, str] = {
    "gem": "G",
    "espresso": "E",
    "carpet": "C",
    "mirror": "M",
    "rabbits": "r",
    "nymphs": "n",
    "troll": "t",
    "bear": "b",
    "goat": "y",
    "dragon": "d",
}
# The decisions drawn after the deck, each only while Enter works on it: key, label, text.
TURN_ACTIONS: tuple[tuple[tuple[str], str, str], ...] = (
    (("end",), "End turn", "Finish your turn: quests are checked, then you redraw."),
    (("pass",), "Pass", "Show your hand and pass for the rest of the game."),
    (("decline",), "Decline", "Let the event pass you by."),
)
ROW_LABELS: tuple[str, ...] = ("Up", "Mi", "Lo")
QUEST_SHORT: tuple[str, ...] = ("Up", "Mid", "Low", "Wan", "Tea", "Far")
# Colour per region type (always doubled by the type code).
TYPE_STYLES: tuple[str, ...] = ("fields", "forest", "wetlands", "highlands", "hills")


def card_code(n: int) -> str:
    """'38Fo' (a hidden card reads '??')."""
    return f"{n}{TYPE_CODES[KIND[n]]}" if 0 < n < len(KIND) else "??"


def token_title(t: str) -> str:
    return TOKEN_NAMES[t]


@dataclass
class Marks:
    """What the board adds to the view: which pieces Enter works on, what changed, the slots of
    the chosen card, the planned path (the regions stepped into, in order, and those walked
    through on the way), the piece chosen first (a card, a token)."""

    targets: Mapping[Key, bool] = field(default_factory=dict)
    changed: set[Any] = field(default_factory=set)
    slots: frozenset[int] = frozenset()
    path: tuple[int, ...] = ()
    trail: frozenset[int] = frozenset()
    plan: tuple[str, ...] = ()
    chosen: Key | None = None
    # Solo: the player's personal best at this difficulty (None: no game counted yet).
    best: int | None = None


# The levels of `Layout.tight`, each saving lines the one before does not.
NESTS_JOINED = 1
SHARED_LINES = 2
QUESTS_LAST = 3
# The fewest characters a name is cut to (with the cut mark) to keep the tokens on its line.
SHORTEST_NAME = 4


class Layout:
    """Builds the table for one view; `me` is the seat whose realm is drawn large; `tight` (0 to
    QUESTS_LAST) saves lines for a short board."""

    def __init__(
        self,
        v: RivalRealmsState,
        seat: int | None,
        names: Sequence[str],
        width: int,
        height: int,
        marks: Marks,
        tight: int = 0,
    ) -> None:
        self.v = v
        self.tight = tight
        self.seat = seat
        self.me = seat if seat is not None else 0
        self.names = list(names)
        self.width = width
        self.height = height
        self.m = marks
        self.w = LineWriter(width, level=tight)
        # Wide boards get a space between cells and blank lines between blocks.
        self.gap = 1 if width >= 3 + COLS * 8 else 0
        self.roomy = height >= 30

    # -- helpers ----------------------------------------------------------------------------
    def styles(self, key: Key, *extra: str) -> list[str]:
        out = [x for x in extra if x]
        if self.m.targets.get(key):
            out.append("legal")
        if key in self.m.changed:
            out.append("new")
        if self.m.chosen == key:
            out.append("picked")
        return out

    def item(self, key: Key, label: str, title: str, text: str, area: str, *styles: str) -> None:
        self.room(label, "     ")
        self.w.piece(key, label, title, text, area, self.styles(key, *styles))

    def room(self, label: str, indent: str) -> None:
        """Start a new line, indented, when `label` would run past the right edge."""
        if self.w.line and self.w.used() + cell_len(label) > self.width:
            self.newline()
            self.w.text(indent)

    def name(self, seat: int) -> str:
        return self.names[seat] if seat < len(self.names) else f"Player {seat + 1}"

    def newline(self) -> None:
        self.trim()
        self.w.newline()

    def trim(self) -> None:
        """Drop the separating spaces at the end of the line (they would only push it past the edge)."""
        line = self.w.line
        while line and line[-1].item is None and not line[-1].text.strip():
            line.pop()

    def bar(self) -> None:
        """The bar between two parts of a line."""
        self.trim()
        self.w.text(f" {RR.bar} ", "dim")

    def blank(self) -> None:
        if self.roomy:
            self.w.newline()

    # -- the whole table ---------------------------------------------------------------------
    def build(self) -> Table:
        v = self.v
        if not v.regions:
            return self.w.t
        self.header(self.me)
        if self.roomy:
            self.columns()
        self.realm_large(self.me)
        if self.m.plan:
            self.plan()
        self.blank()
        self.hand()
        self.trim()
        deck_here = (
            self.tight >= SHARED_LINES and self.w.used() + cell_len(self.deck_words()) + 3 <= self.width
        )
        if deck_here:
            self.bar()
            self.deck()
        else:
            self.newline()
        if self.tight >= NESTS_JOINED:
            self.nests_line()
        else:
            self.nests()
        if not deck_here:
            self.deck()
        if self.tight < QUESTS_LAST:
            self.quests()
        if self.roomy:
            self.key_lines()
        self.blank()
        if v.solo:
            self.raven_line()
        else:
            other = 1 - self.me
            self.header(other)
            self.realm_compact(other)
        if self.tight >= QUESTS_LAST:
            self.quests()
        if self.w.line:
            self.newline()
        return self.w.t

    def header(self, i: int) -> None:
        """The seat's name, points and (for the other seat) hand, then its tokens: on the same
        line when they all fit, else on the next line, never split between the two."""
        v = self.v
        turn = RR.turn if v.actor == i and v.phase != "over" else " "
        mine = i == self.me and self.seat is not None
        points = score(v, i)
        tail = f" {points} {'pt' if abs(points) == 1 else 'pts'}"
        parts = [f"hand {len(v.hands[i])}"] if not mine else []
        if v.passed[i]:
            parts.append("passed")
        rest = " " + " ".join(parts) if parts else ""
        supply, used = v.supply[i], v.used[i]
        codes = [TOKEN_CODES[t] for t in (*supply, *used)]
        run = f" {RR.bar} " + " ".join(codes) + (" used" if used else "") if codes else ""
        room = self.width - 2 - cell_len(tail + rest)
        if self.tight >= SHARED_LINES and room - cell_len(run) >= SHORTEST_NAME:
            room -= cell_len(run)
        self.w.text(f"{turn} ", "turn")
        self.w.text(self.fitted_name(i, room), "bold")
        self.w.text(tail, "bold")
        if rest:
            self.w.text(rest)
        if codes:
            if self.w.used() + cell_len(run) <= self.width:
                self.w.text(f" {RR.bar} ", "dim")
            else:
                self.newline()
                self.w.text("  ")
            self.tokens(i, mine)
        self.newline()

    def fitted_name(self, i: int, room: int) -> str:
        """The seat's name, cut to `room` characters when longer (the legend gives it whole)."""
        name = self.name(i)
        if cell_len(name) <= room:
            return name
        cut = RR.cut
        return self.w.shortened(name[: max(1, room - cell_len(cut))].rstrip() + cut, name)

    def tokens(self, i: int, mine: bool) -> None:
        """The seat's tokens, then its used ones after the word "used" (kept with the first)."""
        v = self.v
        for n, t in enumerate(v.supply[i]):
            key = ("token", i, t, n)
            self.item(
                key, TOKEN_CODES[t], token_title(t), token_text(t), "tokens" if mine else "them", "token"
            )
            self.w.text(" ")
        for n, t in enumerate(v.used[i]):
            if n == 0:
                self.room("used " + TOKEN_CODES[t], "  ")
                self.w.text("used ", "dim")
            key = ("used", i, t, n)
            text = "Used already. " + token_text(t)
            self.item(key, TOKEN_CODES[t], token_title(t) + " (used)", text, "tokens", "dim")
            self.w.text(" ")

    def columns(self) -> None:
        cw = 7 + self.gap
        self.w.text("   " + "".join(f"{c + 1:^{cw}}" for c in range(COLS)).rstrip(), "dim")
        self.newline()

    # -- the realms --------------------------------------------------------------------------
    def cell_mark(self, i: int, p: int) -> str:
        v = self.v
        if i == self.me and p in self.m.path:
            return str(self.m.path.index(p) + 1)[-1]
        if v.adventurer[i] == p:
            return RR.adventurer
        t = v.board_tokens[i][p]
        return TOKEN_CODES[t] if t else " "

    def space_title(self, i: int, p: int) -> str:
        n = self.v.regions[i][p]
        where = space_name(p)
        return f"{n} {TYPES[KIND[n]]}, {where}" if n else f"Empty space, {where}"

    def space_text(self, i: int, p: int) -> str:
        v = self.v
        n = v.regions[i][p]
        out: list[str] = []
        if not n:
            out.append("No region summoned here yet (-1 point at the end while empty).")
        elif v.explored[i][p]:
            out.append("Explored: walking through it is free.")
        else:
            kind = KIND[n]
            guide = next(c for c, k in CREATURE_KIND.items() if k == kind)
            out.append(
                f"Not explored: entering costs a {TYPES[kind]} card, the {TOKEN_NAMES[guide]} or the Dragon."
            )
        t = v.board_tokens[i][p]
        if t:
            out.append(f"The {TOKEN_NAMES[t]} lies here.")
        if v.adventurer[i] == p:
            out.append(f"{self.name(i)}'s adventurer stands here.")
        if i == self.me and p in self.m.slots:
            out.append("The chosen card may be summoned here.")
        return " ".join(out)

    def land_title(self, i: int, m: int) -> str:
        side = "Valley" if self.v.valleys[i][m] else "Mountain"
        return f"{side}, {land_name(m)}"

    def land_text(self, i: int, m: int) -> str:
        v = self.v
        if v.raven == i * LANDS + m:
            return "The Raven perches on this Mountain: adventurers may cross it."
        if v.valleys[i][m]:
            return "A Valley: adventurers cross it between the two sub-realms."
        return "A Mountain: it cannot be crossed unless the Raven perches on it."

    def land_glyph(self, i: int, m: int) -> str:
        v = self.v
        if v.valleys[i][m]:
            return RR.valley
        if v.raven == i * LANDS + m:
            return RR.mountain + RR.raven
        return RR.mountain

    def realm_large(self, i: int) -> None:
        """Seven characters a space: the mark, then the card ([bracketed] when explored)."""
        v = self.v
        for r in range(3):
            self.w.text(f"{ROW_LABELS[r]} ", "label")
            for c in range(COLS):
                p = r * COLS + c
                n = v.regions[i][p]
                look: list[str] = []
                if n:
                    code = f"{card_code(n):>4}"
                    body = f"[{code}]" if v.explored[i][p] else f" {code} "
                    look += [TYPE_STYLES[KIND[n]], "bold" if v.explored[i][p] else ""]
                else:
                    slot = p in self.m.slots
                    body = " " + (RR.slot if slot else RR.empty)
                    look.append("slot" if slot else "dim")
                if i == self.me and (p in self.m.path or p in self.m.trail):
                    look.append("path")
                key = ("space", i, p)
                label = f"{self.cell_mark(i, p)}{body:<6}"
                self.w.piece(
                    key,
                    label,
                    self.space_title(i, p),
                    self.space_text(i, p),
                    "realm",
                    self.styles(key, *look),
                )
                if self.gap and c < COLS - 1:
                    self.w.text(" ")
            self.newline()
            if r < 2:
                self.lands(i, r, 7, 1 if self.gap else 0, "realm")

    def lands(self, i: int, r: int, cw: int, gap: int, area: str, lead: int = 0) -> None:
        """The land cards between sub-realm r and the next, centred under the cells (`cw` wide)
        past their first `lead` characters (the compact cell's mark and space)."""
        v = self.v
        self.w.text("   ")
        for c in range(COLS):
            m = r * COLS + c
            key = ("land", i, m)
            look = ["valley" if v.valleys[i][m] else "mountain"]
            label = " " * lead + f"{self.land_glyph(i, m):^{cw - lead}}"
            self.w.piece(
                key, label, self.land_title(i, m), self.land_text(i, m), area, self.styles(key, *look)
            )
            if gap and c < COLS - 1:
                self.w.text(" " * gap)
        self.newline()

    def realm_compact(self, i: int) -> None:
        """Six characters a space (and a space between): the mark, a space, then the card, so a
        token's letter never runs into the card's number."""
        v = self.v
        for r in range(3):
            self.w.text(f"{ROW_LABELS[r]} ", "label")
            for c in range(COLS):
                p = r * COLS + c
                n = v.regions[i][p]
                look: list[str] = []
                mark = self.cell_mark(i, p)
                if mark == " " and n and v.explored[i][p]:
                    mark = RR.seen
                if n:
                    body = f"{card_code(n):>4}"
                    look += [TYPE_STYLES[KIND[n]], "bold" if v.explored[i][p] else ""]
                else:
                    body = " " + RR.empty
                    look.append("dim")
                key = ("space", i, p)
                label = f"{mark} {body:<4}"
                self.w.piece(
                    key, label, self.space_title(i, p), self.space_text(i, p), "them", self.styles(key, *look)
                )
                if c < COLS - 1:
                    self.w.text(" ")
            self.newline()
            if r < 2:
                self.lands(i, r, 6, 1, "them", lead=1)

    # -- the rest of the table ---------------------------------------------------------------
    def plan(self) -> None:
        self.w.text("Plan ", "label")
        for n, step in enumerate(self.m.plan):
            label = (f"{RR.then} " if n else "") + f"{n + 1} {step}"
            self.w.room(label, "     ")
            self.w.text(label + " ", "path")
        self.item(
            ("commit",),
            "Go!",
            "Commit the plan",
            "Enter or c plays every planned step; Esc takes back the last one.",
            "actions",
            "bold",
        )
        self.newline()

    def hand(self) -> None:
        v = self.v
        self.w.text("Hand ", "label")
        hand = v.hands[self.me]
        if not hand:
            self.w.text("no cards", "dim")
        for c in hand:
            key = ("hand", c)
            if c:
                title = f"{c} {TYPES[KIND[c]]}"
                text = f"Region card {c}, {TYPES[KIND[c]]}."
                self.item(key, card_code(c), title, text, "hand", TYPE_STYLES[KIND[c]])
            else:
                self.item(key, "??", "A hidden card", "A card you may not see.", "hand", "dim")
            self.w.text(" ")

    def nest_owner(self, k: int) -> str:
        if k == self.me and self.seat is not None:
            return "Your nest"
        if self.v.solo and k == 1:
            return "Raven's nest"
        return f"{self.name(k)}'s nest"

    def nests(self) -> None:
        v = self.v
        order = [self.me, 1 - self.me] if not v.solo else [0, 1]
        for k in order:
            if self.seat is None:  # a spectator: each nest named by its owner
                label = f"{self.nest_owner(k)} "
            else:
                label = "Your nest " if k == order[0] else ("Raven nest " if v.solo else "Rival nest ")
            self.w.text(label, "label")
            if not v.nests[k]:
                self.w.text("empty", "dim")
            for c in v.nests[k]:
                key = ("nest", k, c)
                text = f"{c} {TYPES[KIND[c]]}, face up in {self.nest_owner(k).lower()}."
                self.item(key, card_code(c), f"{c} {TYPES[KIND[c]]}", text, "nests", TYPE_STYLES[KIND[c]])
                self.w.text(" ")
            self.newline()

    def nests_line(self) -> None:
        """Both nests on one line (a short board): yours first, then the other seat's."""
        v = self.v
        order = [self.me, 1 - self.me] if not v.solo else [0, 1]
        self.w.text("Nests ", "label")
        for k in order:
            if k != order[0]:
                self.bar()
            if self.seat is None:  # a spectator: each nest named by its owner
                whose = "Raven's" if v.solo and k == 1 else f"{self.name(k)}'s"
            else:
                whose = "yours" if k == order[0] else ("Raven's" if v.solo else "rival's")
            self.room(whose + " empty", "      ")
            self.w.text(whose + " ", "dim")
            if not v.nests[k]:
                self.w.text("empty", "dim")
            for c in v.nests[k]:
                key = ("nest", k, c)
                text = f"{c} {TYPES[KIND[c]]}, face up in {self.nest_owner(k).lower()}."
                self.item(key, card_code(c), f"{c} {TYPES[KIND[c]]}", text, "nests", TYPE_STYLES[KIND[c]])
                self.w.text(" ")
        self.newline()

    def turn_actions(self) -> list[tuple[Key, str, str]]:
        """The actions drawn after the deck (those Enter works on now): key, label, text."""
        return [(key, label, text) for key, label, text in TURN_ACTIONS if self.m.targets.get(key)]

    def deck_words(self) -> str:
        """The deck's line as `deck` draws it."""
        out = f"Deck {count(len(self.v.deck), 'card')}" + (
            f" {RR.raven} beside it" if self.v.raven < 0 else ""
        )
        return out + "".join(f" {RR.bar} {label}" for _, label, _ in self.turn_actions())

    def deck(self) -> None:
        v = self.v
        self.w.text("Deck ", "label")
        n = len(v.deck)
        self.item(("deck",), count(n, "card"), "The region deck", f"{count(n, 'card')}, face down.", "deck")
        if v.raven < 0:
            self.w.text(f" {RR.raven} beside it", "dim")
        for key, label, text in self.turn_actions():
            self.bar()
            self.item(key, label, label, text, "actions")
        self.newline()

    def quests(self) -> None:
        v = self.v
        self.w.text("Quests ", "label")
        for q, quest in enumerate(QUESTS):
            holder = v.quests[q]
            mark = ""
            if holder == self.me:
                mark = RR.held
            elif holder >= 0:
                mark = RR.taken
            label = f"{QUEST_SHORT[q]}{quest_points(v, q)}{mark}"
            who = "open" if holder < 0 else f"held by {self.name(holder)}"
            text = f"{quest.text} {quest_points(v, q)} points; {who}."
            self.item(("quest", q), label, quest.name, text, "quests", "bold" if holder >= 0 else "")
            self.w.text(" ")
        self.newline()

    def key_lines(self) -> None:
        """With room to spare, the codes spelled out under the quests (the legend has them all)."""
        types = "  ".join(f"{c} {t}" for c, t in zip(TYPE_CODES, TYPES, strict=True))
        tokens = "  ".join(f"{code} {TOKEN_NAMES[t]}" for t, code in TOKEN_CODES.items())
        for line in (types, tokens):
            for word in line.split("  "):
                if self.w.line and self.w.used() + cell_len(word) + 2 > self.width:
                    self.newline()
                self.w.text(("  " if self.w.line else "") + word, "dim")
            self.newline()

    def raven_line(self) -> None:
        v = self.v
        target = SOLO_TARGET.get(v.level, 0)
        self.w.text("The Raven ", "label")
        parts = [f"{target} to beat ({v.level})", f"{len(v.removed)} cards out"]
        if self.m.best is not None:
            parts.insert(1, f"your best {self.m.best}")
        self.w.text(parts[0])
        for part in parts[1:]:
            sep = f" {RR.bar} "
            if self.w.used() + cell_len(sep + part) > self.width:
                self.newline()
                sep = " " * cell_len("The Raven ")  # a new line, under the first part
            self.w.text(sep + part)
        self.newline()


def build_table(
    v: RivalRealmsState, seat: int | None, names: Sequence[str], width: int, height: int, marks: Marks
) -> Table:
    """The table for `width`×`height`: the least tight layout that fits (the tightest when none
    does)."""
    for tight in range(QUESTS_LAST + 1):
        table = Layout(v, seat, names, width, height, marks, tight).build()
        if len(table.lines) <= height:
            break
    return table

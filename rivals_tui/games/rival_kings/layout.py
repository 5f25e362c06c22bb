"""The Rival Kings table as lines of text: what the board draws, and the pieces a cursor can visit.

`build_table` turns one seat's view (never the full state) into `Line`s made of `Seg`ments, some
of which belong to an `Item` (a card, a pile, a player, an action slot on a character). It tries
three levels of detail, from words to initials, and keeps the most detailed one that fits the
space, so the whole table fits 80×24 and spells things out at 120×40. Colour is always doubled by
text: a card shows its colour's initial ("Y4" is a yellow card of value 4).

This module has no Textual import, so the layout can be checked without an app.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.cells import cell_len

from engine.rival_kings.data import (
    ACTION_NAMES,
    BUY,
    CARDS,
    CHARACTERS,
    CRESTS_PER_PLAYER,
    MONEY,
    PASS,
    PILE_NAMES,
    RECRUIT,
    SETTLE,
    SUBJECT,
)
from engine.rival_kings.scoring import match_cards
from engine.rival_kings.state import RivalKingsState
from rivals_tui.games.rival_kings.names import seat_cuts, short_name
from rivals_tui.glyphs import RIVAL_KINGS as RK
from rivals_tui.widgets.linetable import LineWriter, Seg, Table

# Short names of the printed actions: words, three letters, one sign.
ACTION_SHORT: dict[str, tuple[str, str, str]] = {
    SETTLE: ("Settle", "Set", "S"),
    PASS: ("Pass", "Pas", "P"),
    MONEY: ("Money", "Mon", "$"),
    RECRUIT: ("Recruit", "Rec", "R"),
    BUY: ("Buy", "Buy", "B"),
}
PILE_SHORT = ("B1", "B2", "S1", "S2")
LEVELS = 3


def short_legend() -> str:
    """The one-line legend under the level-1 table."""
    return f" {RK.now}now {RK.done}done {RK.crest}crest {RK.pair}pair {RK.active}active #cards $money"


def full_legend() -> str:
    """The legend line under the most detailed table."""
    return (
        f"{RK.turn} turn  {RK.now} now  {RK.done} done  {RK.crest} crest  "
        f"{RK.pair} perfect pair  {RK.active} active subject"
    )


def seat_label(names: Sequence[str], seat: int) -> str:
    """The player's name as typed at the start ("Player 2" when none was given)."""
    return names[seat] if seat < len(names) else f"Player {seat + 1}"


def numbered(names: Sequence[str], seat: int) -> str:
    """The name with the seat number the log uses, unless the name already ends with it."""
    name = seat_label(names, seat)
    return name if name.endswith(f" {seat + 1}") else f"{seat + 1} {name}"


def colour_initial(colour: str) -> str:
    return colour[0].upper()


def card_name(cid: int, level: int, cut: int | None = None) -> str:
    """A card's name as drawn at `level` (or cut to `cut` letters), distinct from every other."""
    name = CARDS[cid].name
    if cut is not None:
        return short_name(name, cut)
    return name if level == 0 else short_name(name, 6 if level == 1 else 4)


def card_token(cid: int, level: int, marks: str = "", cut: int | None = None) -> str:
    """A card in a row or on a pile: marks, name (cut to fit), colour initial and value."""
    c = CARDS[cid]
    name = card_name(cid, level, cut)
    tag = f"{colour_initial(c.colour)}{c.value}"
    return f"{marks}{name} {tag}" if name else f"{marks}{tag}"


def char_name(cid: int, level: int) -> str:
    ch = CHARACTERS[cid]
    return ch.name if level < 2 else short_name(ch.name, 5)


def char_token(cid: int, level: int) -> str:
    return f"{char_name(cid, level)} {CHARACTERS[cid].rank}"


def purse(v: RivalKingsState, seat: int) -> int | None:
    if v.purse_ones[seat] < 0 or v.purse_twos[seat] < 0:
        return None
    return v.purse_ones[seat] + 2 * v.purse_twos[seat]


def action_states(v: RivalKingsState, seat: int) -> dict[str, str]:
    """Per printed action of `seat`'s character: "done", "now", "next", "covered", "unused" or ""."""
    c = v.played[seat]
    if c is None or c < 0 or v.phase in ("choose", "over"):
        return {}
    acts = CHARACTERS[c].actions
    covered = {cr.action for cr in v.crests if cr.target == seat}
    out = {a: ("covered" if a in covered else "") for a in acts}
    if v.phase != "turn":
        return out
    finished = v.turn != seat and seat not in v.to_go
    if v.tie[seat]:
        # Each tied seat's one action is kept per seat until the cycle ends (engine `single`).
        chosen = v.single[seat]
        if chosen:
            for a in acts:
                if out[a] != "covered":
                    out[a] = "unused"
            pending = v.turn == seat and any(x == "own:" + chosen for x in v.stack)
            out[chosen] = "now" if pending else "done"
        elif finished:
            for a in acts:
                if out[a] != "covered":
                    out[a] = "unused"
        return out
    if finished:
        return {a: (s or "done") for a, s in out.items()}
    if v.turn != seat:
        return out
    top = v.stack[-1] if v.stack else ""
    for i, a in enumerate(acts):
        if out[a] == "covered":
            continue
        if i < v.cursor:
            out[a] = "now" if top == "own:" + a and i == v.cursor - 1 else "done"
        elif not v.steal_from and not v.stack and i == v.cursor:
            out[a] = "next"
    # Actions waiting below a stolen or extra action on the stack are still to come.
    for entry in v.stack[:-1]:
        src, kind = entry.split(":")
        if src == "own" and out.get(kind) == "done":
            out[kind] = "next"
    return out


def state_mark(state: str) -> str:
    """The sign after an action for its state ("done" → ✓); none for one still to come."""
    return getattr(RK, state) if state in ("done", "now", "next", "unused") else ""


STATE_WORD = {
    "done": "done",
    "now": "being carried out now",
    "next": "still to come",
    "covered": "covered by a crest",
    "unused": "not used (equal ranks: one action only)",
    "": "still to come",
}


def turn_order(v: RivalKingsState) -> list[int]:
    """The seats in the order they take (or took) their turns this cycle, as far as the view tells."""
    if v.phase != "turn":
        return []
    ranks = {}
    for i in range(v.seats):
        c = v.played[i]
        ranks[i] = CHARACTERS[c].rank if c is not None and c >= 0 else "Z"
    done = [i for i in range(v.seats) if i != v.turn and i not in v.to_go]
    later = sorted(v.to_go, key=lambda i: (ranks[i], v.markers[i], i))
    now = [v.turn] if v.turn >= 0 else []
    return sorted(done, key=lambda i: (ranks[i], i)) + now + later


class TableBuilder(LineWriter):
    """Builds a `Table` for one view at one level of detail."""

    def __init__(
        self,
        view: RivalKingsState,
        seat: int | None,
        legal: Sequence[Any],
        names: Sequence[str],
        level: int,
        width: int,
        targets: dict[tuple[Any, ...], bool],
        changed: set[tuple[Any, ...]],
        pending: int | None,
        spacious: bool = False,
    ) -> None:
        super().__init__(width, level)
        self.spacious = spacious
        self.v = view
        self.seat = seat
        self.legal = legal
        self.names = names
        self.level = level
        self.targets = targets
        self.changed = changed
        self.pending = pending

    # -- low-level helpers ------------------------------------------------------------------
    def item(self, key: tuple[Any, ...], label: str, title: str, text: str, area: str, *styles: str) -> None:
        st = list(styles)
        if self.targets.get(key):
            st.append("legal")
        if key in self.changed:
            st.append("new")
        if self.pending is not None and key[:1] == ("card",) and key[2] == self.pending:
            st.append("picked")
        self.piece(key, label, title, text, area, st)

    def cuts(self) -> list[str]:
        """The seats' names in 8 characters, told apart (the turn order, a crest's owner)."""
        return seat_cuts([seat_label(self.names, i) for i in range(self.v.seats)], 8)

    def name(self, seat: int) -> str:
        n = numbered(self.names, seat)
        return n[: (16, 9, 8)[self.level]]

    # -- sections ---------------------------------------------------------------------------
    def build(self) -> Table:
        v = self.v
        order = turn_order(v)
        if order:
            self.text("Turns: " if self.level < 2 else "Order ", "label")
            cuts = self.cuts()
            for n, i in enumerate(order):
                mark = RK.turn if i == v.turn else (RK.done if i not in v.to_go else "")
                sep = RK.then if self.level < 2 else RK.then.strip()
                self.room(("" if n == 0 else sep) + mark + cuts[i])
                self.text(("" if n == 0 else sep) + mark + cuts[i], "turn" if i == v.turn else "")
            self.newline()
        elif v.phase == "choose":
            waiting = [i for i in range(v.seats) if v.played[i] is None]
            self.text("Choosing characters:" if self.level < 2 else "Choosing:", "label")
            # One name at a time, so a long list of long names wraps instead of running off.
            for n, i in enumerate(waiting):
                part = " " + seat_label(self.names, i) + ("," if n < len(waiting) - 1 else "")
                self.room(part)
                self.text(part, "label")
            self.newline()
        elif v.phase in ("gardener", "watchman"):
            who = seat_label(self.names, v.window[0]) if v.window else ""
            what = "Gardener" if v.phase == "gardener" else "Watchman"
            self.text(f"{what} window:", "label")
            for part in (f" {who}", " decides"):
                self.room(part)
                self.text(part, "label")
            self.newline()
        for i in range(v.seats):
            if self.spacious and i:
                self.newline()
            self.player(i)
        if self.level == 0 or self.spacious:
            self.newline()
        self.piles()
        self.court()
        self.hand()
        if self.level == 0:
            self.newline()
            self.text(full_legend(), "dim")
            self.newline()
        return self.t

    def player(self, i: int) -> None:
        v = self.v
        lv = self.level
        me = i == self.seat
        marker = RK.turn if v.turn == i else (RK.you if me else " ")
        name = self.name(i)
        if me and lv == 0:
            name += " (you)"
        width = 18 if lv == 0 else (9 if lv == 1 else 8)
        coins = purse(v, i)
        money = "?" if coins is None else str(coins)
        crests_left = CRESTS_PER_PLAYER - sum(1 for c in v.crests if c.owner == i)
        hand = len(v.hands[i])
        info = (
            f"{self.who(i)} (Player {i + 1} in the log): {self.coins_text(i)}, {v.markers[i]} Conflict marker"
            f"{'s' if v.markers[i] != 1 else ''}, {crests_left} of {CRESTS_PER_PLAYER} crests free, "
            f"{hand} character{'s' if hand != 1 else ''} in hand."
        )
        if v.watch[i]:
            info += " Their Watchman stands guard this cycle."
        if v.ability_used[i]:
            info += " They have used a subject ability this cycle."
        if v.spent[i]:
            info += " Played earlier this round: " + ", ".join(CHARACTERS[c].label for c in v.spent[i]) + "."
        self.text(marker, "turn" if v.turn == i else "")
        self.item(
            ("player", i), f"{name:<{width}}", self.who(i), info, "players", "turn" if v.turn == i else "bold"
        )
        if lv == 0:
            self.item(
                ("coins", i),
                f" {money:>2} coin{'s' if money != '1' else ''}",
                "Coins",
                self.coins_text(i).capitalize() + ".",
                "players",
            )
            self.item(
                ("markers", i),
                f" {v.markers[i]:>2} marker{'s' if v.markers[i] != 1 else ''}",
                "Conflict markers",
                f"{self.who(i)} has {v.markers[i]}. Each costs 2 points at the end. "
                f"{v.marker_supply} left in the supply.",
                "players",
            )
            self.text(f"  crests {RK.crest * crests_left or 'none'}", "dim")
            if v.watch[i]:
                self.text("  Watchman on guard", "label")
            self.newline()
            self.text("   plays ", "dim")
            self.character(i)
            self.newline()
            self.rows(i)
            return
        else:
            self.item(
                ("coins", i), f" ${money:<2}", "Coins", self.coins_text(i).capitalize() + ".", "players"
            )
            self.item(
                ("markers", i),
                f" M{v.markers[i]}",
                "Conflict markers",
                f"{self.who(i)} has {v.markers[i]}. Each costs 2 points at the end. "
                f"{v.marker_supply} left in the supply.",
                "players",
            )
            if v.watch[i]:
                self.text(f" {RK.watch}", "label")
        self.text(f" {RK.bar} " if lv < 2 else " ", "dim")
        self.character(i)
        self.newline()
        self.rows(i)

    def coins_text(self, i: int) -> str:
        coins = purse(self.v, i)
        if coins is None:
            return "coins hidden"
        return f"{coins} coin{'s' if coins != 1 else ''}"

    def who(self, i: int) -> str:
        return seat_label(self.names, i)

    def character(self, i: int) -> None:
        v = self.v
        lv = self.level
        c = v.played[i]
        if c is None:
            label = f"choosing{RK.cut}" if v.phase == "choose" else RK.none
            self.item(
                ("char", i), label, "Character", "No character chosen yet this cycle.", "players", "dim"
            )
            return
        if c < 0:
            self.item(
                ("char", i),
                "face down" if lv < 2 else "hidden",
                "Face-down character",
                "Chosen, but not shown until everyone has chosen.",
                "players",
                "dim",
            )
            return
        ch = CHARACTERS[c]
        text = ch.text
        if v.tie[i]:
            text += " In an equal-rank conflict this cycle: only one action, no stealing."
        self.shortened(char_name(c, lv), ch.name)
        self.item(("char", i), char_token(c, lv), ch.label, text, "players", "char")
        states = action_states(v, i)
        for a in ch.actions:
            st = states.get(a, "")
            crest = next((cr for cr in v.crests if cr.target == i and cr.action == a), None)
            # The Trader's four actions take single signs on a narrow board.
            short = ACTION_SHORT[a][2 if lv == 1 and len(ch.actions) > 3 else lv]
            mark = state_mark(st)
            label = f"{short}{mark}"
            if crest is not None:
                owner = str(crest.owner + 1) if lv else self.cuts()[crest.owner]
                label = f"{short}{RK.crest}{owner}"
            detail = f"{ACTION_NAMES[a]} on {self.who(i)}'s {ch.label}: {STATE_WORD[st]}."
            if crest is not None:
                detail = (
                    f"{ACTION_NAMES[a]} on {self.who(i)}'s {ch.label}: covered by "
                    f"{self.who(crest.owner)}'s crest, who carries it out instead."
                )
            style = {"done": "dim", "unused": "dim", "covered": "crest", "now": "now"}.get(st, "")
            self.text(" ")
            self.item(("act", i, a), label, ACTION_NAMES[a], detail, "players", style)

    def rows(self, i: int) -> None:
        v = self.v
        perfect, _, _ = match_cards(v.buildings[i], v.subjects[i])
        paired = {b for b, _ in perfect} | {s for _, s in perfect}
        lv = self.level
        for kind, row, label in (
            (SUBJECT, v.subjects[i], ("   subjects  ", "  Sub ", " S ")[lv]),
            ("building", v.buildings[i], ("   buildings ", "  Bld ", " B ")[lv]),
        ):
            self.text(label, "dim")
            if not row:
                self.text("none", "dim")
            room = self.width - cell_len(label)
            cut = self.fit_cut(row, room, paired, kind)
            for n, cid in enumerate(row):
                active = kind == SUBJECT and n == len(row) - 1
                marks = (RK.pair if cid in paired else "") + (RK.active if active else "")
                card = CARDS[cid]
                notes = []
                if cid in paired:
                    notes.append("Part of a perfect pair (same symbol, building and subject).")
                if active:
                    used = " (already used this cycle)" if v.ability_used[i] else ""
                    notes.append(f"Active subject: its ability can be used{used}.")
                text = card.text + ("\n" + " ".join(notes) if notes else "")
                self.text(" " if n else "")
                self.shortened(card_name(cid, lv, cut), card.name)
                self.item(
                    ("card", i, cid),
                    card_token(cid, lv, marks, cut),
                    f"{card.name} ({self.who(i)})",
                    text,
                    "cards",
                    card.colour,
                )
            self.newline()

    def fit_cut(self, row: Sequence[int], room: int, paired: set[int], kind: str) -> int | None:
        """How many letters of each name fit on the line (None: the level's usual length)."""

        def total(cut: int | None) -> int:
            out = 0
            for n, cid in enumerate(row):
                marks = (RK.pair if cid in paired else "") + (
                    RK.active if kind == SUBJECT and n == len(row) - 1 else ""
                )
                out += cell_len(card_token(cid, self.level, marks, cut)) + (1 if n else 0)
            return out

        if total(None) <= room:
            return None
        for cut in (8, 6, 5, 4, 3, 2, 0):
            if total(cut) <= room:
                return cut
        return 0

    def piles(self) -> None:
        v = self.v
        lv = self.level
        for p in range(4):
            pile = v.piles[p]
            top = pile[-1] if pile else None
            hidden = v.pile_ones[p] < 0
            amount = v.pile_ones[p] + 2 * v.pile_twos[p] if not hidden else None
            if lv == 0:
                money = "money: hidden" if hidden else ("no money" if not amount else f"{amount} coins")
                head = f"{PILE_NAMES[p].capitalize():<16}"
                body = f"{card_token(top, 0):<16}" if top is not None else f"{'(empty)':<16}"
                label = f"{head}{body} {len(pile)} left, {money}"
            else:
                money = "$?" if hidden else f"${amount}"
                body = card_token(top, lv, cut=(6 if lv == 1 else 5)) if top is not None else "empty"
                if top is not None:
                    self.shortened(card_name(top, lv, cut=(6 if lv == 1 else 5)), CARDS[top].name)
                label = f"{PILE_SHORT[p]} {body:<{9 if lv == 1 else 8}} #{len(pile)} {money}"
            lines = [f"{PILE_NAMES[p].capitalize()}: {len(pile)} card{'s' if len(pile) != 1 else ''} left."]
            if top is not None:
                lines.append("Top card: " + CARDS[top].text)
            lines.append(
                "Money under it: some, the amount is hidden."
                if hidden
                else ("No money under it." if not amount else f"{amount} coins under it.")
            )
            style = CARDS[top].colour if top is not None else "dim"
            if lv == 0 or p % 2 == 0:
                self.text(" ")
            else:
                self.text("  ")
            self.item(("pile", p), label, PILE_NAMES[p].capitalize(), "\n".join(lines), "piles", style)
            if lv == 0 or p % 2 == 1:
                self.newline()

    def court(self) -> None:
        v = self.v
        lv = self.level
        parts = 0
        if v.seats == 2:
            self.text((" Face-down pile: ", " Pile: ", " Pile ")[lv], "label")
            self.text(f"{len(v.aside)} left" if lv == 0 else f"{len(v.aside)} down", "dim")
            shown = [c for c in v.pile_shown if c != v.pile_card]
            if v.pile_card is not None:
                shown.append(v.pile_card)
            for c in shown:
                now = c == v.pile_card
                word = (
                    (", turned up: " if now else ", earlier: ")
                    if lv == 0
                    else (", up: " if now else ", was: ")
                )
                label = char_token(c, lv if now else 2)
                self.shortened(char_name(c, lv if now else 2), CHARACTERS[c].name)
                self.room(word + label)
                self.text(word, "dim")
                self.item(
                    ("pilecard" if now else "pileshown", c),
                    label,
                    f"{'Face-up' if now else 'Earlier'} pile card: {CHARACTERS[c].label}",
                    CHARACTERS[c].text
                    + (
                        "\nTurned up from the face-down pile this cycle: it only hands out Conflict markers."
                        if now
                        else "\nTurned up from the face-down pile earlier this round."
                    ),
                    "court",
                    "char" if now else "dim",
                )
            self.newline()
        spent = [(i, c) for i in range(v.seats) for c in v.spent[i]]
        if spent:
            self.text(" Spent: " if lv < 2 else " Spent ", "label")
            for n, (i, c) in enumerate(spent):
                label = f"{i + 1}:{char_token(c, 2 if lv else 0)}"
                self.shortened(char_name(c, 2 if lv else 0), CHARACTERS[c].name)
                self.room(" " + label if n else label)
                if n and self.line and self.line[-1].text != "   ":
                    self.text(" ")
                self.item(
                    ("spent", i, c),
                    label,
                    f"Spent: {CHARACTERS[c].label}",
                    f"{self.who(i)} played this earlier this round.\n{CHARACTERS[c].text}",
                    "court",
                    "dim",
                )
            parts += 1
        if parts:
            self.newline()

    def hand(self) -> None:
        v = self.v
        if self.seat is None:
            return
        hand = v.hands[self.seat]
        self.text((" Your hand: ", " Hand: ", " Hand ")[self.level], "label")
        if not hand:
            self.text("empty", "dim")
        for n, c in enumerate(hand):
            ch = CHARACTERS[c]
            self.room(f"  {ch.name} {ch.rank}" if n else f"{ch.name} {ch.rank}", "       ")
            if n and self.line[-1].text.strip():
                self.text("  ")
            self.item(("hand", c), f"{ch.name} {ch.rank}", ch.label, ch.text, "hand", "char")
        self.newline()


def build_table(
    view: RivalKingsState,
    seat: int | None,
    legal: Sequence[Any],
    names: Sequence[str],
    width: int,
    height: int,
    targets: dict[tuple[Any, ...], bool],
    changed: set[tuple[Any, ...]],
    pending: int | None = None,
) -> Table:
    """The most detailed table that fits `width`×`height` (the least detailed one otherwise)."""
    table = Table()
    for level in range(LEVELS):
        table = TableBuilder(view, seat, legal, names, level, width, targets, changed, pending).build()
        if table.width() <= width and len(table.lines) <= height:
            if level < 2 and len(table.lines) + view.seats + 1 <= height:
                # Room to spare: blank lines between the players make the table easier to read.
                table = TableBuilder(
                    view, seat, legal, names, level, width, targets, changed, pending, True
                ).build()
            legend = short_legend()
            if level == 1 and len(table.lines) < height and cell_len(legend) <= width:
                table.lines.append([Seg(legend, ("dim",))])
            return table
    return table

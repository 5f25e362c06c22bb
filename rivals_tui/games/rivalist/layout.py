"""The Rivalist table as lines of text: what the board draws, and the pieces a cursor can visit.

`build_table` turns one seat's view (never the full state) into `Line`s of `Seg`ments, some of
which belong to an `Item` (a pyramid card, a wonder, a token, a city's cards of one colour, the
military track...). Two levels of detail: compact for the 80×24 screen (about 46 columns and 19
rows for the board) and wide from 60 columns, which spells names out and, when there is height to
spare, adds a legend and each pyramid card's printed cost under it.

Colour is always doubled by text: a card's label starts with its colour code (lower case for the
producers, b brown and g grey; upper case R red, G green, B blue, Y yellow, P purple), and a
city's summary counts its cards under the same codes. Face-down pyramid cards are drawn as backs
(the view never holds their identity anyway).

This module has no Textual import, so the layout can be checked without an app.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.cells import cell_len

from engine.rivalist.actions import BuildWonder, Construct, DestroyCard, StealCard
from engine.rivalist.data import (
    CARDS,
    COLOURS,
    COVERED_BY,
    LAYOUTS,
    TOKEN_NAMES,
    TOKEN_TEXTS,
    WONDERS,
    YELLOW,
    military_vp,
)
from engine.rivalist.rules.costs import card_price, trade_prices, wonder_price
from engine.rivalist.state import HIDDEN, RivalistState, distinct_symbols
from engine.rivalist.texts import AGE_NAMES, payment_lines
from rivals_tui.games.rivalist.labels import (
    COLOUR_CODES,
    RES_CODES,
    abbrev,
    card_label,
    card_short,
    coins,
    legend_line,
    letters,
    pay_sentence,
    short_cost,
    track_cells,
    wonder_name,
    wonder_short,
)
from rivals_tui.games.rivalist.texts import (
    colour_text,
    player_text,
    prod_text,
    science_text,
    track_text,
    who,
)
from rivals_tui.glyphs import RIVALIST as RL
from rivals_tui.widgets.linetable import LineWriter, Seg, Table


class TableBuilder(LineWriter):
    """Builds a `Table` for one view at one level of detail."""

    def __init__(
        self,
        view: RivalistState,
        seat: int | None,
        legal: Sequence[Any],
        names: Sequence[str],
        level: int,
        width: int,
        height: int,
        targets: set[tuple[Any, ...]],
        changed: set[tuple[Any, ...]],
        focus: tuple[Any, ...] | None,
        airy: bool,
        tight: bool = False,
    ) -> None:
        super().__init__(width, level)
        self.tight = tight
        self.v = view
        self.seat = seat
        self.legal = legal
        self.names = names
        self.level = level
        self.height = height
        self.targets = targets
        self.changed = changed
        self.focus = focus
        self.airy = airy

    # -- low-level helpers ------------------------------------------------------------------
    def item(self, key: tuple[Any, ...], label: str, title: str, text: str, area: str, *styles: str) -> None:
        st = list(styles)
        if key in self.targets:
            st.append("legal")
        if key in self.changed:
            st.append("new")
        self.piece(key, label, title, text, area, st)

    def who(self, i: int) -> str:
        return who(self.names, i)

    def short_name(self, i: int) -> str:
        """The player's name cut to fit; two names that cut alike ("Christopher", "Christophe")
        end with their seat number instead, so the two cities never read the same."""
        n = 14 if self.level == 0 else 8
        cuts = [self.who(k)[:n] for k in (0, 1)]
        if cuts[0] == cuts[1] and self.who(0) != self.who(1):
            return self.shortened(f"{cuts[i][: n - 2]} {i + 1}", self.who(i))
        return self.shortened(cuts[i], self.who(i))

    # -- the table --------------------------------------------------------------------------
    def build(self) -> Table:
        v = self.v
        self.track()
        self.tokens()
        if self.airy:
            self.newline()
        if v.age == 0 and not v.over:
            self.draft()
        elif v.age:
            self.pyramid()
        self.decision()
        for i in (0, 1):
            if self.airy:
                self.newline()
            self.player(i)
        if self.level == 0 and self.airy:
            self.newline()
            self.text(legend_line(), "dim")
            self.newline()
        return self.t

    # -- military track ---------------------------------------------------------------------
    def track(self) -> None:
        v = self.v
        self.text(f"{self.short_name(0)} ", "bold")
        sep = " " if self.level == 0 else ""
        label = sep.join(sign for sign, _p in track_cells(v))
        lines = [track_text(self.v, self.names)]
        self.item(("track",), label, "Military track", "\n".join(lines), "board", "track")
        self.text(f" {self.short_name(1)}", "bold")
        if self.level == 0 and v.pawn:
            lead = 0 if v.pawn > 0 else 1
            note = f"  {self.short_name(lead)} +{military_vp(abs(v.pawn))} VP"
            if self.used() + cell_len(note) <= self.width:
                self.text(note, "dim")
        self.newline()

    # -- progress tokens on the board, discard pile -----------------------------------------
    def tokens(self) -> None:
        v = self.v
        n = 5 if self.level else 14
        whole = 8 + sum(len(TOKEN_NAMES[t][:n]) + 1 for t in v.board_tokens) + 10
        self.text("Tokens: " if self.level == 0 or whole <= self.width else "Tok ", "label")
        if not v.board_tokens:
            self.text("none left", "dim")
        for k, t in enumerate(v.board_tokens):
            label = self.shortened(TOKEN_NAMES[t][:n], TOKEN_NAMES[t])
            self.room((" " if k else "") + label)
            if k and self.line[-1].text.strip():
                self.text(" ")
            self.item(
                ("board_tok", t), label, f"Progress token: {TOKEN_NAMES[t]}", self.token_text(t), "board"
            )
        if v.discard:
            label = f"Discard {len(v.discard)}" if self.level == 0 else f"Disc{len(v.discard)}"
            self.room("  " + label)
            self.text("  " if self.line[-1].text.strip() else "")
            names = ", ".join(CARDS[c].name for c in v.discard)
            self.item(
                ("discard",),
                label,
                "Discard pile",
                f"{len(v.discard)} card{'s' if len(v.discard) != 1 else ''} discarded, face up: {names}.",
                "board",
                "dim",
            )
        self.newline()
        if v.phase == "library" and v.current == self.seat and any(t >= 0 for t in v.unused_tokens):
            self.text("Left out: ", "label")
            for k, t in enumerate(x for x in v.unused_tokens if x >= 0):
                label = self.shortened(TOKEN_NAMES[t][:n], TOKEN_NAMES[t])
                self.room((" " if k else "") + label)
                if k and self.line[-1].text.strip():
                    self.text(" ")
                self.item(
                    ("unused_tok", t),
                    label,
                    f"Left-out token: {TOKEN_NAMES[t]}",
                    self.token_text(t) + "\nOnly you see the tokens left out of the game.",
                    "board",
                )
            self.newline()

    def token_text(self, t: int) -> str:
        return TOKEN_TEXTS[t]

    # -- the wonder draft -------------------------------------------------------------------
    def draft(self) -> None:
        v = self.v
        self.text("Wonder draft: " + ("pick one" if v.draft_pool else "over"), "label")
        self.newline()
        for w in v.draft_pool:
            wd = WONDERS[w]
            name = wd.name if self.level == 0 or len(wd.name) <= 21 else abbrev(wd.name, 21)
            self.shortened(name, wd.name)
            self.text("  ")
            self.item(("draft", w), name, wd.name, wd.text, "pyramid", "wonder")
            rest = f"  {letters(wd.need)}  {wonder_short(w)}"
            room = max(0, self.width - self.used())
            if len(rest) > room:  # marked as cut: the Detail panel has the Wonder's whole text
                rest = rest[: max(0, room - len(RL.cut))] + RL.cut
            self.text(rest, "dim")
            self.newline()

    # -- the pyramid ------------------------------------------------------------------------
    def pyramid(self) -> None:
        v = self.v
        layout = LAYOUTS[v.age]
        cw = min(12 if self.level == 0 else 8, self.width // 6)
        margin = max(0, (self.width - 6 * cw) // 2)
        rows: dict[int, list[int]] = {}
        for i, (r, _x, _f) in enumerate(layout):
            rows.setdefault(r, []).append(i)
        cost_line = self.airy and self.level == 0
        for r in sorted(rows):
            if all(v.pyramid[i] == -1 for i in rows[r]):
                continue  # a row taken away entirely leaves no gap worth a line
            col = 0
            under: list[Seg] = []
            ucol = 0
            present = [i for i in rows[r] if v.pyramid[i] != -1]
            for i in rows[r]:
                if i > present[-1]:
                    break  # nothing to the right: no trailing blanks
                x = layout[i][1]
                start = margin + x * cw // 2
                if start > col:
                    self.text(" " * (start - col))
                    col = start
                label, title, text, styles = self.slot(i, cw - 1)
                if label is None:
                    self.text(" " * (cw - 1))
                else:
                    self.item(("slot", i), label, title, text, "pyramid", *styles)
                    if cell_len(label) < cw - 1:
                        self.text(" " * (cw - 1 - cell_len(label)))
                col += cw - 1
                if cost_line:
                    c = v.pyramid[i]
                    if c >= 0:
                        if start > ucol:
                            under.append(Seg(" " * (start - ucol)))
                            ucol = start
                        s = f" {short_cost(c)}"[: cw - 1]
                        under.append(Seg(s, ("dim",)))
                        ucol += cell_len(s)
            self.newline()
            if cost_line and under:
                self.t.lines.append(under)

    def slot(self, i: int, width: int) -> tuple[str | None, str, str, tuple[str, ...]]:
        v = self.v
        c = v.pyramid[i]
        if c == -1:
            return None, "", "", ()
        covering = [k for k in COVERED_BY[v.age][i] if v.pyramid[k] != -1]
        if c == HIDDEN or c < 0:
            text = (
                f"A face-down card of {AGE_NAMES[v.age]}. It is turned face up as soon as no card "
                f"covers it ({len(covering)} still do{'es' if len(covering) == 1 else ''})."
            )
            return RL.back * width, "Face-down card", text, ("dim",)
        card = CARDS[c]
        parts: list[str] = [card.text]
        if i in v.access:
            parts.append("Accessible: nothing lies on it.")
        else:
            parts.append(
                f"Covered by {len(covering)} card{'s' if len(covering) != 1 else ''}: take those first."
            )
        if self.seat is not None:
            parts.append("You would pay: " + pay_sentence(v, self.seat, card=c))
        self.shortened(card_short(c, width), card.name)
        return card_label(c, width), card.name, "\n".join(parts), (COLOURS[card.colour],)

    # -- the decision at hand (use the taken card, starter, destroy, steal) -----------------
    def decision(self) -> None:
        v = self.v
        me = self.seat
        if me is None or v.current != me or v.over:
            if v.phase == "use" and v.taken >= 0:
                c = CARDS[v.taken]
                self.text(f"{self.short_name(v.current)} took ", "dim")
                self.item(("taken",), c.name, c.name, c.text, "actions", COLOURS[c.colour])
                self.newline()
            return
        if v.phase == "use" and v.taken >= 0:
            self.use_line()
        elif v.phase == "starter":
            self.text(f"Who begins {AGE_NAMES[v.age]}? ", "label")
            for k, s in enumerate((0, 1)):
                self.text("  " if k else "")
                self.item(
                    ("starter", s),
                    self.who(s),
                    f"{self.who(s)} begins",
                    f"{self.who(s)} takes the first card of {AGE_NAMES[v.age]}.",
                    "actions",
                    "bold",
                )
            self.newline()
        elif v.phase in ("destroy", "steal"):
            acts = [a for a in self.legal if isinstance(a, (DestroyCard, StealCard))]
            word = "Destroy: " if v.phase == "destroy" else "Take: "
            self.text(word, "label")
            for k, a in enumerate(acts):
                c = CARDS[a.card]
                label = self.shortened(c.name if self.level == 0 else abbrev(c.name, 12), c.name)
                self.room((" " if k else "") + label)
                if k and self.line[-1].text.strip():
                    self.text(" ")
                what = (
                    "destroy it (it goes to the discard pile)"
                    if v.phase == "destroy"
                    else ("take it into your city, built for free (its effects happen again for you)")
                )
                self.item(
                    ("rival_card", a.card),
                    label,
                    f"{c.name} ({self.who(1 - me)})",
                    f"Enter: {what}.\n{c.text}",
                    "actions",
                    COLOURS[c.colour],
                )
            self.newline()

    def use_line(self) -> None:
        v = self.v
        me = self.seat
        assert me is not None
        c = CARDS[v.taken]
        if not self.tight:
            # When space is short the status line's prompt names the taken card instead.
            self.text("You took " if self.level == 0 else "Took ", "label")
            self.item(("taken",), c.name, c.name, c.text, "actions", COLOURS[c.colour])
            self.newline()
        price, _t = card_price(v, me, v.taken)
        ok = Construct() in self.legal
        build = f"c Construct {price}$" if self.level == 0 else f"c Build {price}$"
        head = (
            "Enter or c: build it in your city."
            if ok
            else f"You cannot afford it: you have {coins(v.coins[me])}."
        )
        self.text(" ")
        self.item(
            ("use", "construct"),
            build,
            f"Construct {c.name}",
            f"{head}\nYou pay: {pay_sentence(v, me, card=v.taken)}\n{c.text}",
            "actions",
            "" if ok else "dim",
        )
        gain = 2 + v.colours[me][YELLOW]
        self.text("  ")
        self.item(
            ("use", "discard"),
            f"d Discard +{gain}$",
            f"Discard {c.name}",
            f"Enter or d: put it on the discard pile and take {coins(gain)} "
            "(2, plus 1 per yellow card you own).",
            "actions",
        )
        builds = [a for a in self.legal if isinstance(a, BuildWonder)]
        unbuilt = sum(1 for x in v.wonder_cards[me] if x < 0)
        if unbuilt:
            label = "w Wonder" if builds or self.level else "w Wonder: none affordable"
            self.room("  " + label)
            self.text("  " if self.line[-1].text.strip() else "")
            self.item(
                ("use", "wonder"),
                label,
                "Build a Wonder",
                ("Enter or w: tuck" if builds else "None affordable now. With w you would tuck")
                + " the card under one of your unbuilt Wonders and pay the Wonder's cost; the card's "
                "own effect is lost. Your affordable Wonders are underlined in your row.",
                "actions",
                "" if builds else "dim",
            )
        self.newline()
        if self.tight:
            return  # the detail panel of the focused choice says what it pays
        # What the focused build costs, unit by unit, before it is confirmed.
        f = self.focus
        if f is not None and f[0] == "wonder" and f[1] == me:
            head, pay = f"{WONDERS[f[2]].name} pays", payment_lines(v, me, wonder=f[2])
        elif f is not None and f[:2] == ("use", "discard"):
            return
        else:
            head, pay = f"{c.name} pays" if self.level == 0 else "Pays", payment_lines(v, me, card=v.taken)
        self.text(f" {head}: ", "dim")
        for k, p in enumerate(pay):
            piece = p + (";" if k < len(pay) - 1 else "")
            self.room((" " if k else "") + piece, "   ")
            self.text((" " if k and self.line[-1].text.strip() else "") + piece, "pay")
        self.newline()

    # -- a player's city --------------------------------------------------------------------
    def player(self, i: int) -> None:
        v = self.v
        lv = self.level
        on_turn = v.current == i and not v.over
        mark = RL.turn if on_turn else " "
        name = self.short_name(i)
        if lv == 0 and i == self.seat:
            name += " (you)"
        self.text(mark, "turn" if on_turn else "")
        self.item(
            ("player", i),
            name,
            self.who(i),
            player_text(self.v, i, self.names),
            "players",
            "turn" if on_turn else "bold",
        )
        money = f" {v.coins[i]}$"
        self.item(
            ("coins", i),
            money if lv else f" {coins(v.coins[i])}",
            "Coins",
            f"{self.who(i)} has {coins(v.coins[i])} (1 VP per 3 at the end).",
            "players",
            "coin",
        )
        n = distinct_symbols(v, i)
        self.text(" ")
        self.item(
            ("sci", i),
            f"sci{n}" if lv else f"science {n}/6",
            "Science symbols",
            science_text(self.v, i, self.names),
            "players",
        )
        self.text(f" {RL.bar} " if lv == 0 else RL.bar, "dim")
        for col in range(7):
            cnt = v.colours[i][col]
            label = f"{COLOUR_CODES[col]}{cnt}"
            self.text(" " if col else "")
            self.item(
                ("colour", i, col),
                label,
                f"{self.who(i)}: {COLOURS[col]} cards",
                colour_text(self.v, i, col, self.names),
                "players",
                COLOURS[col] if cnt else "dim",
            )
        self.newline()
        # Production and what buying from the bank costs this player.
        self.text("   " if lv == 0 else "  ")
        make, buy = self.prod_labels(i)
        detail = prod_text(self.v, i, self.names)
        self.item(("prod", i), make, f"{self.who(i)}: production", detail, "players")
        sep = RL.dot if self.level == 0 else RL.bar
        self.room(sep + buy)
        self.text(sep if self.line[-1].text.strip() else "", "dim")
        self.item(("buy", i), buy, f"{self.who(i)}: bank prices", detail, "players")
        toks = v.tokens[i]
        if toks:
            self.room("  " + ("tokens " if lv == 0 else ""))
            self.text("  " if self.line[-1].text.strip() else "")
            if lv == 0:
                self.text("tokens ", "dim")
            for k, t in enumerate(toks):
                label = self.shortened(TOKEN_NAMES[t][: (14 if lv == 0 else 4)], TOKEN_NAMES[t])
                self.room((" " if k else "") + label)
                if k and self.line[-1].text.strip():
                    self.text(" ")
                self.item(
                    ("tok", i, t),
                    label,
                    f"{TOKEN_NAMES[t]} ({self.who(i)})",
                    TOKEN_TEXTS[t],
                    "players",
                    "token",
                )
        self.newline()
        # Wonders: built (✓) or not, with what building it costs its owner now.
        self.text("   W " if lv == 0 else "  W ", "dim")
        if not v.wonders[i]:
            self.text("none yet", "dim")
        for k, w in enumerate(v.wonders[i]):
            label, text = self.wonder_piece(i, k, w)
            self.room((" " if k else "") + label, "    ")
            if k and self.line[-1].text.strip():
                self.text(" ")
            built = v.wonder_cards[i][k] >= 0
            self.item(
                ("wonder", i, w), label, WONDERS[w].name, text, "players", "wonder" if not built else "built"
            )
        self.newline()

    def wonder_piece(self, i: int, k: int, w: int) -> tuple[str, str]:
        v = self.v
        wd = WONDERS[w]
        built = v.wonder_cards[i][k]
        name = self.shortened(wonder_name(w, self.level > 0), wd.name)
        if built >= 0:
            return (
                f"{RL.built}{name}",
                f"{wd.text}\nBuilt by {self.who(i)} (with {CARDS[built].name} tucked under it).",
            )
        price = wonder_price(v, i, w)
        text = f"{wd.text}\nNot built yet. {self.who(i)} would pay: {pay_sentence(v, i, wonder=w)}"
        if i == self.seat and BuildWonder(w) in self.legal:
            text = f"Enter: build it with the taken card ({coins(price)}).\n{text}"
        label = f"{name} {price}$" if self.level else f"{name} ({letters(wd.need)}) {price}$"
        return label, text

    def prod_labels(self, i: int) -> tuple[str, str]:
        """What the city makes, and what it pays the bank for each resource."""
        v = self.v
        made = " ".join(f"{RES_CODES[r]}{n}" for r, n in enumerate(v.prod[i]) if n)
        extra = ""
        for n, what in ((v.choice_raw[i], "L/B/O"), (v.choice_goods[i], "P/D")):
            if n:
                what = what if self.level == 0 else what.replace("/", "")
                extra += f" +{n if n > 1 or self.level == 0 else ''}{what}"
        prices = trade_prices(v, i)
        buy = " ".join(f"{RES_CODES[r]}{p}" for r, p in enumerate(prices))
        if self.level == 0:
            return f"makes {made or 'nothing'}{extra}", f"buys at {buy}"
        return f"make {made or '-'}{extra}", f"buy {buy}"


def build_table(
    view: RivalistState,
    seat: int | None,
    legal: Sequence[Any],
    names: Sequence[str],
    width: int,
    height: int,
    targets: set[tuple[Any, ...]],
    changed: set[tuple[Any, ...]],
    focus: tuple[Any, ...] | None = None,
) -> Table:
    """The most detailed table that fits `width`×`height` (the least detailed one otherwise)."""
    table = Table()
    tries = [(0, True, False), (0, False, False)] if width >= 60 else []
    tries += [(1, True, False), (1, False, False), (1, False, True)]
    for level, airy, tight in tries:
        table = TableBuilder(
            view, seat, legal, names, level, width, height, targets, changed, focus, airy, tight
        ).build()
        if table.width() <= width and len(table.lines) <= height:
            return table
    return table

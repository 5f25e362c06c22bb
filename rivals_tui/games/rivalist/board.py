"""The Rivalist board: the whole table drawn line by line, with a cursor over every piece.

The board shows one seat's view: the military track (pawn, loot still lying on each side,
capitals), the progress tokens on the board and the discard pile, the current Age's pyramid
(face-down cards as backs, the cards you may take underlined) or, during the draft, the revealed
wonders, the decision at hand (the taken card with construct / discard / wonder and exactly what a
build pays), and both cities: coins, science symbols, cards by colour, production and bank
prices, owned tokens and the four wonders with what each costs its owner now. What changed with
the last move (a card turned face up, a city's new card, coins, the pawn) is marked as new.

Keys: arrows or j/k move the cursor, Tab / Shift+Tab jump between areas, Enter chooses what the
focused piece stands for (a short list when several fit), c constructs the taken card, d discards
it, w builds a wonder with it. Every focused piece posts its full text for the detail panel.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from textual.binding import Binding

from engine.core import Event
from engine.rivalist.actions import BuildWonder, Construct, Discard, PickToken, PickWonder, Take
from engine.rivalist.data import CARDS, COLOUR_NAMES, COLOURS, LOOT_BIG, LOOT_SMALL, RESOURCES
from engine.rivalist.rules.costs import wonder_price
from engine.rivalist.state import RivalistState
from rivals_tui.games.rivalist.labels import COLOUR_CODES, RES_CODES
from rivals_tui.games.rivalist.layout import build_table
from rivals_tui.games.rivalist.targets import actions_at, first_of, wonder_builds
from rivals_tui.glyphs import RIVALIST
from rivals_tui.widgets.lineboard import Key, LineBoard, Table
from rivals_tui.widgets.linestyle import BASE_LOOKS, board_css, component_classes, cursor_bindings

AREAS = ("pyramid", "actions", "players", "board")

LOOKS = {
    **BASE_LOOKS,
    "brown": "color: #c08040;",
    "grey": "color: #a8a8a8;",
    "red": "color: #ff5050;",
    "green": "color: #50d050;",
    "blue": "color: #4090ff;",
    "yellow": "color: #f0d040;",
    "purple": "color: #c070f0;",
    "coin": "color: $warning;",
    "wonder": "text-style: bold;",
    "built": "color: $success; text-style: bold;",
    "token": "color: $success;",
    "track": "text-style: bold;",
    "pay": "color: $warning; text-style: bold;",
}


def changed_keys(old: RivalistState | None, new: RivalistState) -> set[tuple[Any, ...]]:
    """The pieces that differ between two views of the same seat (to mark them as new)."""
    if old is None:
        return set()
    out: set[tuple[Any, ...]] = set()
    if old.age == new.age and len(old.face_up) == len(new.face_up):
        for i, up in enumerate(new.face_up):
            if up and not old.face_up[i]:
                out.add(("slot", i))
    for i in (0, 1):
        for col in range(7):
            if new.colours[i][col] != old.colours[i][col]:
                out.add(("colour", i, col))
        if new.coins[i] != old.coins[i]:
            out.add(("coins", i))
        if new.symbols[i] != old.symbols[i]:
            out.add(("sci", i))
        if (new.prod[i], new.choice_raw[i], new.choice_goods[i], new.fixed[i]) != (
            old.prod[i],
            old.choice_raw[i],
            old.choice_goods[i],
            old.fixed[i],
        ):
            out.add(("prod", i))
        for t in set(new.tokens[i]) - set(old.tokens[i]):
            out.add(("tok", i, t))
        before = dict(zip(old.wonders[i], old.wonder_cards[i], strict=True))
        for w, c in zip(new.wonders[i], new.wonder_cards[i], strict=True):
            if w not in before or (c >= 0 and before[w] < 0):
                out.add(("wonder", i, w))
    if new.pawn != old.pawn or new.loot_small != old.loot_small or new.loot_big != old.loot_big:
        out.add(("track",))
    if len(new.discard) != len(old.discard):
        out.add(("discard",))
    for t in set(new.draft_pool) - set(old.draft_pool):
        out.add(("draft", t))
    return out


class RivalistBoard(LineBoard):
    """The Rivalist table for the seat at the keyboard."""

    PREFIX = "rv"
    GLYPHS = RIVALIST
    AREAS = AREAS
    HOME_AREA = "pyramid"
    MOVE_BY_CENTRES = True
    COMPONENT_CLASSES = component_classes("rv", LOOKS)
    DEFAULT_CSS = board_css("RivalistBoard", "rv", LOOKS)

    BINDINGS = [
        Binding("enter", "choose", "Choose", tooltip="Do what the focused piece stands for", id="rv.choose"),
        Binding("c", "construct", "Build", tooltip="Build the taken card in your city", id="rv.construct"),
        Binding("d", "discard", "Discard", tooltip="Discard the taken card for coins", id="rv.discard"),
        Binding(
            "w", "wonder", "Wonder", tooltip="Build one of your Wonders with the taken card", id="rv.wonder"
        ),
        *cursor_bindings("rv"),
    ]

    def __init__(self, game: Any, **given: Any) -> None:
        super().__init__(game, **given)
        self._since: RivalistState | None = None
        self._was_deciding = False
        # target_keys' last answer: (view, legal list, seat, keys).
        self._targets_memo: tuple[Any, Any, int | None, set[Key]] | None = None

    def note_changes(self, old: Any, events: Sequence[Event]) -> None:
        if events or old is None:
            # Mark everything since the player's own last decision, not just the rival's last
            # step: a card the rival's take turned face up stays marked after the rival's use.
            pairwise = self._was_deciding or self.seat is None
            before = self._last_view if pairwise else self._since
            self.changed = changed_keys(before, self.view)
            if pairwise or self._since is None:
                self._since = self.view
            self._last_view = self.view
        self._was_deciding = bool(self.legal)

    # -- the hooks --------------------------------------------------------------------------
    def seat_count(self) -> int:
        return 2

    def target_keys(self) -> set[Key]:
        """Every key where Enter does something now (found from a first pass over the pieces).
        Kept while the view and the legal list stay: a table built twice per update and again
        per cursor move cost most of what drawing this board took. The cursor changes only a
        line of text under the choices (what the focused build pays), never which pieces there
        are, so the first pass is made without it and serves every cursor position."""
        v: RivalistState = self.view
        memo = self._targets_memo
        if (
            memo is not None
            and memo[0] is v  # the same objects, not equal ones: comparing views costs more
            and memo[1] is self.legal
            and memo[2] == self.seat
        ):
            return memo[3]
        probe = build_table(v, self.seat, self.legal, self.names, 200, 200, set(), set(), None)
        keys = {it.key for it in probe.items if self.actions_for(it.key)}
        self._targets_memo = (v, self.legal, self.seat, keys)
        return keys

    def build_table(self, width: int, height: int) -> Table:
        return build_table(
            self.view,
            self.seat,
            self.legal,
            self.names,
            width,
            height,
            self.target_keys(),
            self.changed,
            self.cursor_key,
        )

    def actions_for(self, key: Key) -> Sequence[Any]:
        return actions_at(self.seat, self.legal, key)

    def table_follows_cursor(self) -> bool:
        # The line under the choices shows what the focused build pays.
        return self.view is not None and self.view.phase == "use"

    def jump(self, idx: int | None, fresh: bool, targets: Sequence[int]) -> bool:
        # A fresh decision after the card was taken always starts on the likeliest use.
        return idx is None or (fresh and (idx not in targets or self.view.phase == "use"))

    def preference(self, key: Key) -> int:
        """Lower is the likelier choice: constructing the taken card before anything else."""
        if key == ("use", "construct"):
            return 0
        if key == ("taken",):
            return 1
        if key[0] == "use":
            return 3
        return 2

    def verb(self, acts: Sequence[Any]) -> str:
        if len(acts) == 1:
            a = acts[0]
            # The piece's own text already gives the card, wonder or token in full.
            short = {Take: "take this card", PickWonder: "draft this Wonder", PickToken: "keep this token"}
            if type(a) in short:
                return short[type(a)]
            if isinstance(a, BuildWonder) and self.cursor_key and self.cursor_key[0] == "wonder":
                return "build it with the taken card"
        return super().verb(acts)

    def codes(self) -> list[tuple[str, str]]:
        colours = ", ".join(
            f"{c} {name} ({kind})" for c, name, kind in zip(COLOUR_CODES, COLOURS, COLOUR_NAMES, strict=True)
        )
        res = ", ".join(f"{c} {name}" for c, name in zip(RES_CODES, RESOURCES, strict=True))
        return [
            (" ".join(COLOUR_CODES), f"card colours: {colours}"),
            ("b2 g0 R1", "how many cards of each colour a city holds"),
            (" ".join(RES_CODES), f"resources: {res}"),
            ("sci0", "how many different science symbols the city holds (six win at once)"),
            ("make O2", "what the city's brown and grey cards make every turn (O2: two Ore)"),
            ("+LBO +PD", "one more unit of any of those, whichever is needed (+2LBO: two)"),
            ("buy L3", "what one missing unit costs from the bank (L3: Lumber for 3 coins)"),
            ("5$", "coins (a price when it follows a name: Ares 7$ costs 7 coins now)"),
            ("3$OOLB  free", "a pyramid card's printed cost, under it: coins, then resources"),
            ("W", "the player's Wonders, built or not"),
            ("Tok", "the progress tokens still on the board"),
            ("Disc9", "the discard pile and how many cards lie in it"),
            (f"{LOOT_SMALL} {LOOT_BIG}", "loot on the track: the coins lost when the pawn reaches it"),
            ("c Build 3$", "c builds the taken card in your city, for that price"),
            ("d Discard +2$", "d discards the taken card for that many coins"),
            ("w Wonder", "w tucks the taken card under one of your Wonders to build it"),
        ]

    def why_not(self, key: Key) -> str:
        v: RivalistState = self.view
        if key == ("use", "construct") and self.seat is not None:
            reason = self.game.why_illegal(v, self.seat, Construct())
            if reason:
                return str(reason)
        if key == ("use", "wonder"):
            return "None of your Wonders is affordable now: construct or discard the card."
        if key[0] == "slot" and v.phase == "take":
            c = v.pyramid[key[1]]
            if c < 0:
                return "That card is face down and covered: take the underlined cards first."
            return "That card is covered: take one of the underlined cards (nothing on top of them)."
        return "Nothing to choose there: underlined pieces can be chosen; a lists every choice."

    def picker_title(self, key: Key) -> str:
        if key == ("taken",) and self.view.taken >= 0:
            return f"{CARDS[self.view.taken].name}: construct, discard or build a Wonder?"
        if key == ("use", "wonder"):
            return "Which Wonder?"
        return "Which one?"

    # -- the keys of the taken card ---------------------------------------------------------
    def action_construct(self) -> None:
        if Construct() in self.legal:
            self._chosen(Construct())
        elif self.view is not None and self.view.phase == "use" and self.seat is not None:
            self.tell(str(self.game.why_illegal(self.view, self.seat, Construct())))

    def action_discard(self) -> None:
        a = first_of(self.legal, Discard)
        if a is not None:
            self._chosen(a)

    def action_wonder(self) -> None:
        builds = wonder_builds(self.legal)
        if len(builds) == 1:
            self._chosen(builds[0])
        elif builds:
            self.pick("Which Wonder?", builds)
        elif self.view is not None and self.view.phase == "use" and self.seat is not None:
            v: RivalistState = self.view
            mine = [w for k, w in enumerate(v.wonders[self.seat]) if v.wonder_cards[self.seat][k] < 0]
            if not mine:
                self.tell("All your Wonders are built (or out of the game).")
            else:
                seat = self.seat
                cheapest = min(mine, key=lambda w: wonder_price(v, seat, w))
                self.tell(str(self.game.why_illegal(v, seat, BuildWonder(cheapest))))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        use = self.view is not None and self.view.phase == "use" and bool(self.legal)
        if action in ("construct", "wonder"):
            return True if use else None
        if action == "discard":
            return True if first_of(self.legal, Discard) is not None else None
        return super().check_action(action, parameters)

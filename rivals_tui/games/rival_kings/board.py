"""The Rival Kings board: the whole table drawn line by line, with a cursor over every piece.

The board shows one seat's view: each player (coins as far as the view tells, Conflict markers,
crests, the character played with its actions marked done / now / covered by a crest), their
subject and building rows (active subject and perfect pairs marked), the four piles (top card,
cards left, money under it), the characters of the court (2-player pile card, characters spent
this round) and your hand. Places where Enter does something now are underlined; what changed
with the last move is marked as new.

Keys: arrows or j/k move the cursor, Tab / Shift+Tab jump between areas (players, cards, piles,
court, hand), Enter chooses what the focused piece stands for (several choices open a short
list), s skips the pending action / declines / ends the turn, e ends the turn, Esc drops a
half-made exchange. Every focused piece posts its full text for the detail panel.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from textual.binding import Binding

from engine.core import Event
from engine.rival_kings.actions import ChooseCharacter, EndTurn, TakeMoney
from engine.rival_kings.data import ACTION_NAMES, CARDS, CHARACTERS, COLOURS, PILE_NAMES
from engine.rival_kings.state import RivalKingsState
from rivals_tui.games.rival_kings.layout import ACTION_SHORT, PILE_SHORT, build_table
from rivals_tui.games.rival_kings.targets import (
    SWAP_TYPES,
    actions_at,
    is_target,
    main_choice,
    quick_pass,
    swap_starts,
)
from rivals_tui.glyphs import RIVAL_KINGS
from rivals_tui.widgets.lineboard import Key, LineBoard, Table
from rivals_tui.widgets.linestyle import BASE_LOOKS, board_css, component_classes, cursor_bindings

AREAS = ("players", "cards", "piles", "court", "hand")

LOOKS = {
    **BASE_LOOKS,
    "yellow": "color: ansi_bright_yellow;",
    "red": "color: ansi_bright_red;",
    "blue": "color: ansi_bright_blue;",
    "green": "color: ansi_bright_green;",
    "char": "text-style: bold;",
    "crest": "color: $warning; text-style: bold;",
    "now": "color: $accent; text-style: bold;",
    "picked": "text-style: reverse; color: $warning;",
}


def changed_keys(old: RivalKingsState | None, new: RivalKingsState) -> set[tuple[Any, ...]]:
    """The pieces that differ between two views of the same seat (to mark them as new)."""
    if old is None or old.seats != new.seats:
        return set()
    out: set[tuple[Any, ...]] = set()
    for i in range(new.seats):
        for cid in set(new.subjects[i]) - set(old.subjects[i]):
            out.add(("card", i, cid))
        for cid in set(new.buildings[i]) - set(old.buildings[i]):
            out.add(("card", i, cid))
        if new.markers[i] != old.markers[i]:
            out.add(("markers", i))
        if (new.purse_ones[i], new.purse_twos[i]) != (old.purse_ones[i], old.purse_twos[i]):
            out.add(("coins", i))
        if new.played[i] != old.played[i] and new.played[i] is not None:
            out.add(("char", i))
    for cr in set(new.crests) - set(old.crests):
        out.add(("act", cr.target, cr.action))
    for p in range(4):
        if (new.piles[p][-1:], new.pile_ones[p], new.pile_twos[p], len(new.piles[p])) != (
            old.piles[p][-1:],
            old.pile_ones[p],
            old.pile_twos[p],
            len(old.piles[p]),
        ):
            out.add(("pile", p))
    if new.pile_card is not None and new.pile_card != old.pile_card:
        out.add(("pilecard", new.pile_card))
    return out


class RivalKingsBoard(LineBoard):
    """The Rival Kings table for the seat at the keyboard."""

    PREFIX = "rk"
    GLYPHS = RIVAL_KINGS
    AREAS = AREAS
    HOME_AREA = "hand"
    COMPONENT_CLASSES = component_classes("rk", LOOKS)
    DEFAULT_CSS = board_css("RivalKingsBoard", "rk", LOOKS)

    BINDINGS = [
        Binding("enter", "choose", "Choose", tooltip="Do what the focused piece stands for", id="rk.choose"),
        Binding(
            "s", "skip", "Skip", tooltip="Skip the pending action, decline, or end the turn", id="rk.skip"
        ),
        Binding("e", "end_turn", "End turn", show=False, tooltip="End your turn", id="rk.end"),
        *cursor_bindings("rk"),
        Binding(
            "escape", "cancel", "Cancel", show=False, tooltip="Drop a half-made exchange", id="rk.cancel"
        ),
    ]

    def __init__(self, game: Any, **given: Any) -> None:
        super().__init__(game, **given)
        # The card of your own offered in a half-made exchange (Court Lady, Bishop, Troubadour).
        self.pending: int | None = None

    def show(self, view: Any, seat: int | None, legal: Sequence[Any], events: Sequence[Event]) -> None:
        if self.pending is not None and not swap_starts(tuple(legal), self.pending):
            self.pending = None
        super().show(view, seat, legal, events)

    # -- the hooks --------------------------------------------------------------------------
    def changes(self, before: Any, after: Any) -> set[Any]:
        return set(changed_keys(before, after))

    def build_table(self, width: int, height: int) -> Table:
        v: RivalKingsState = self.view
        # Targets depend only on keys, so a first pass at full detail finds every key.
        probe = build_table(v, self.seat, self.legal, self.names, width, height, {}, set(), self.pending)
        targets = {it.key: self.is_target(it.key) for it in probe.items}
        return build_table(
            v, self.seat, self.legal, self.names, width, height, targets, self.changed, self.pending
        )

    def actions_for(self, key: Key) -> Sequence[Any]:
        return actions_at(self.view, self.seat, self.legal, key, self.pending)

    def is_target(self, key: Key) -> bool:
        return is_target(self.view, self.seat, self.legal, key, self.pending)

    def preference(self, key: Key) -> int:
        """Lower is a likelier choice: the decision at hand before an optional subject ability,
        then a pile with money under it before an empty one."""
        rank = 0 if main_choice(self.actions_for(key)) else 2
        v: RivalKingsState = self.view
        if key[0] == "pile" and TakeMoney(key[1]) in self.legal:
            return rank + (0 if v.pile_ones[key[1]] != 0 or v.pile_twos[key[1]] != 0 else 1)
        return rank

    def enter_note(self, key: Key) -> str:
        note = super().enter_note(key)
        if not note and self.pending is None and key[0] == "card" and swap_starts(self.legal, key[2]):
            return "Enter: offer this card in an exchange."
        return note

    def verb(self, acts: Sequence[Any]) -> str:
        if len(acts) == 1 and isinstance(acts[0], ChooseCharacter):
            return "play this character (face down)"
        return super().verb(acts)

    def codes(self) -> list[tuple[str, str]]:
        colours = " ".join(f"{c[0].upper()}={c}" for c in COLOURS)
        rows = [
            ("Y4 R3 B2 G1", f"a card: its colour's initial ({colours}) and its value"),
            ("$3  $?", "coins in the purse; ? when they are hidden from you"),
            ("M3", "Conflict markers held (each costs 2 points at the end)"),
            ("Sub  S", "the player's row of subjects (the last one is active)"),
            ("Bld  B", "the player's row of buildings"),
        ]
        piles = ", ".join(f"{s} {n}" for s, n in zip(PILE_SHORT, PILE_NAMES, strict=True))
        rows.append(("B1 B2 S1 S2", f"the four piles: {piles}"))
        rows.append(("#8", "cards left in a pile"))
        rows.append(("Duke B", "a character and its rank: A acts first, then B, C..."))
        rows.append(("1:Duke B", "spent this round: the player's number, the character, its rank"))
        for kind, forms in ACTION_SHORT.items():
            shorts = " ".join(dict.fromkeys(f for f in forms[1:] if f != forms[0]))
            rows.append((shorts, f"the action {ACTION_NAMES[kind]}"))
        rows.append(("(Back: 2 coins.)", "what the card is worth as money, shown on its back"))
        return rows

    def why_not(self, key: Key) -> str:
        return "Nothing to choose there: underlined pieces can be; s skips, a lists all choices."

    def picker_title(self, key: Key) -> str:
        if key[0] == "player":
            return f"What for {self.names[key[1]]}?"
        if key[0] == "pile":
            return "Which way?"
        if key[0] == "card":
            return f"{CARDS[key[2]].name}: which?"
        if key[0] == "char" and self.view.played[key[1]] is not None:
            label: str = CHARACTERS[self.view.played[key[1]]].label
            return label
        return "Which one?"

    # -- choosing ---------------------------------------------------------------------------
    def action_choose(self) -> None:
        key = self.cursor_key
        if self.view is not None and key is not None and self.pending is None and self._index() is not None:
            mine = key[0] == "card" and key[1] == self.seat
            if mine and not self.actions_for(key) and swap_starts(self.legal, key[2]):
                # First half of an exchange: remember the card, then the player picks what to take.
                self.pending = key[2]
                self._table = None
                name = CARDS[key[2]].name
                self.tell(f"Exchange the {name}: now pick the card to take (Esc drops it).")
                self.place_cursor(fresh=True)
                return
        super().action_choose()

    def _chosen(self, action: Any) -> None:
        self.pending = None
        super()._chosen(action)

    def action_skip(self) -> None:
        a = quick_pass(self.legal)
        if a is not None:
            self._chosen(a)

    def action_end_turn(self) -> None:
        if EndTurn() in self.legal:
            self._chosen(EndTurn())

    def drop_half_choice(self) -> None:
        if self.pending is not None:
            self.pending = None
            self._table = None
            self.refresh()

    def start_half_choice(self, action: Any) -> None:
        # An exchange is your card first, then what you take for it: the hint offers the card.
        if isinstance(action, SWAP_TYPES) and action in self.legal:
            self.pending = action.mine
            self._table = None
            self.refresh()

    def action_cancel(self) -> None:
        if self.pending is not None:
            self.pending = None
            self._table = None
            self.place_cursor(fresh=True)
            self.refresh()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "skip":
            return True if quick_pass(self.legal) is not None else None
        if action == "end_turn":
            return True if EndTurn() in self.legal else None
        return super().check_action(action, parameters)

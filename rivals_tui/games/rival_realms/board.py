"""The Rival Realms board: your realm large, the other realm compact, hand, tokens, nests, deck
and quests, with a cursor over every piece.

Two-press decisions: Enter on a hand card marks the slots where it may be summoned (Enter on one
places it); Enter on the Flying Carpet or the Magic Mirror marks where it can be used.

Adventuring is planned before it is played. Enter on a region the adventurer can reach adds that
step to a plan: the board plays it on a copy of your own view with the engine's rules, so the
realm shows the path (step numbers, regions explored, tokens collected, cards paid) and every
further step is checked against what the earlier ones changed. The detail panel says what the
focused step costs and collects. `c` (or Enter on "Go!") plays the plan as the engine's own
one-step decisions, one after the other; Esc takes back the last planned step.

Keys: arrows (or j/k) move, Tab jumps between areas, Enter chooses, c commits a plan, e ends the
turn, Esc backs out. `h`, `l` and `g` stay free for the screen.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from textual.binding import Binding

from engine.core import Event, IllegalAction
from engine.core.words import count
from engine.rival_realms.actions import Carpet, EndTurn, Go, Mirror
from engine.rival_realms.data import LANDS, QUESTS, SPACES, TOKEN_NAMES, TYPES
from engine.rival_realms.queries import step_preview
from engine.rival_realms.state import RivalRealmsState
from rivals_tui.games.rival_realms.layout import (
    QUEST_SHORT,
    ROW_LABELS,
    TOKEN_CODES,
    TURN_ACTIONS,
    TYPE_CODES,
    Marks,
    build_table,
)
from rivals_tui.games.rival_realms.targets import (
    PLAN_TYPES,
    actions_at,
    slots_for,
    starts,
    step_short,
    step_words,
)
from rivals_tui.glyphs import RIVAL_REALMS
from rivals_tui.widgets.lineboard import Key, LineBoard, Table
from rivals_tui.widgets.linestyle import BASE_LOOKS, board_css, component_classes, cursor_bindings

AREAS = ("realm", "tokens", "hand", "nests", "deck", "actions", "quests", "them")

LOOKS = {
    **BASE_LOOKS,
    "fields": "color: ansi_bright_yellow;",
    "forest": "color: ansi_bright_green;",
    "wetlands": "color: ansi_bright_cyan;",
    "highlands": "color: ansi_bright_magenta;",
    "hills": "color: ansi_bright_red;",
    "mountain": "color: $text-muted;",
    "valley": "color: ansi_bright_blue;",
    "slot": "color: $success; text-style: bold;",
    "path": "color: $warning; text-style: bold italic;",
    "picked": "text-style: reverse; color: $warning;",
    "token": "color: $warning; text-style: bold;",
}


def changed_keys(old: RivalRealmsState | None, new: RivalRealmsState) -> set[Key]:
    """The pieces that differ between two views of the same seat (to mark them as new)."""
    if old is None or old.seats != new.seats or not old.regions or not new.regions:
        return set()
    out: set[Key] = set()
    for i in range(new.seats):
        for p in range(SPACES):
            if (
                old.regions[i][p] != new.regions[i][p]
                or old.explored[i][p] != new.explored[i][p]
                or old.board_tokens[i][p] != new.board_tokens[i][p]
                or (old.adventurer[i] == p) != (new.adventurer[i] == p)
            ):
                out.add(("space", i, p))
        for m in range(LANDS):
            raven = i * LANDS + m
            if old.valleys[i][m] != new.valleys[i][m] or (old.raven == raven) != (new.raven == raven):
                out.add(("land", i, m))
    for k in range(2):
        for c in set(new.nests[k]) - set(old.nests[k]):
            out.add(("nest", k, c))
    for i in range(new.seats):
        for c in set(new.hands[i]) - set(old.hands[i]) - {0}:
            out.add(("hand", c))
    for q in range(len(QUESTS)):
        if old.quests[q] != new.quests[q]:
            out.add(("quest", q))
    return out


class RivalRealmsBoard(LineBoard):
    """The Rival Realms table for the seat at the keyboard."""

    PREFIX = "rr"
    GLYPHS = RIVAL_REALMS
    AREAS = AREAS
    HOME_AREA = "hand"
    MOVE_BY_CENTRES = True
    COMPONENT_CLASSES = component_classes("rr", LOOKS)
    DEFAULT_CSS = board_css("RivalRealmsBoard", "rr", LOOKS)
    LOOK_ROWS = (
        *LineBoard.LOOK_ROWS,
        ("coloured", "the region type, always doubled by its code (Fi Fo We Hi Hl)"),
        ("orange italic", "the regions of the adventure you are planning, and the plan"),
    )

    BINDINGS = [
        Binding("enter", "choose", "Choose", tooltip="Do what the focused piece stands for", id="rr.choose"),
        Binding("c", "commit", "Go!", tooltip="Play every planned adventuring step", id="rr.commit"),
        Binding("e", "end_turn", "End turn", tooltip="End your turn (quests, then redraw)", id="rr.end"),
        *cursor_bindings("rr"),
        Binding(
            "escape",
            "cancel",
            "Back",
            tooltip="Drop the chosen card or the last planned step",
            id="rr.cancel",
        ),
    ]

    def __init__(self, game: Any, **given: Any) -> None:
        super().__init__(game, **given)
        # The first half of a two-press decision: ("hand", card) or ("token", seat, name, n).
        self.chosen: Key | None = None
        # The adventure being planned: its steps, and the seat's view after them.
        self.plan: list[Any] = []
        self.plan_view: RivalRealmsState | None = None
        self.plan_texts: list[str] = []
        self.plan_trail: set[int] = set()
        # Planned steps still to be handed to the screen, one per `show`, and the space the last
        # one handed over leads to (the next goes only once the adventurer stands there).
        self.committing: list[Any] = []
        self._sent = -1

    # -- what is drawn: the view, or the view after the planned steps -------------------------
    def current(self) -> tuple[Any, Sequence[Any]]:
        """The view the board draws and the legal list that goes with it."""
        if self.plan_view is not None and self.seat is not None:
            return self.plan_view, self.game.legal(self.plan_view, self.seat)
        return self.view, self.legal

    def show(self, view: Any, seat: int | None, legal: Sequence[Any], events: Sequence[Event]) -> None:
        if events or seat != self.seat:
            self.chosen = None
            self._drop_plan()
        super().show(view, seat, legal, events)
        self._continue_commit(events)

    def _drop_plan(self) -> None:
        self.plan = []
        self.plan_view = None
        self.plan_texts = []
        self.plan_trail = set()

    def _continue_commit(self, events: Sequence[Event]) -> None:
        """Hand the next planned step to the screen once the previous one has been played."""
        if not self.committing:
            return
        nxt = self.committing[0]
        seat = self.seat if self.seat is not None else 0
        played = bool(events) and self.view.adventurer[seat] == self._sent
        if not played or nxt not in self.legal:
            # The last step was not played (refused or backed out of), or the realm changed.
            self.committing = []
            if played:
                self.tell("The rest of the plan no longer fits the realm: plan again.")
            return
        self.committing.pop(0)
        self._send_step(nxt)

    def _send_step(self, step: Any) -> None:
        """Hand one planned step to the screen, remembering where it leads."""
        self._sent = step.space
        super()._chosen(step)

    # -- the hooks --------------------------------------------------------------------------
    @classmethod
    def record_table(cls, view: Any) -> str | None:
        """A solo game keeps a personal best per difficulty."""
        return str(view.level) if view.solo else None

    def changes(self, before: Any, after: Any) -> set[Any]:
        return set(changed_keys(before, after))

    def marks(self, targets: dict[Key, bool]) -> Marks:
        v, legal = self.current()
        slots: frozenset[int] = frozenset()
        if self.chosen is not None and self.chosen[0] == "hand":
            slots = slots_for(legal, self.chosen[1])
        path: list[int] = []
        for a in self.plan:
            path.append(a.space)
        return Marks(
            targets=targets,
            changed=self.changed,
            slots=slots,
            path=tuple(path),
            trail=frozenset(self.plan_trail),
            plan=tuple(self.plan_texts),
            chosen=self.chosen,
            best=self.best,
        )

    def build_table(self, width: int, height: int) -> Table:
        v, _ = self.current()
        probe = build_table(v, self.seat, self.names, width, height, self.marks({}))
        # The turn's decisions after the deck are drawn only when targets: the probe has none.
        keys = [it.key for it in probe.items] + [key for key, _, _ in TURN_ACTIONS]
        targets = {key: self.is_target(key) for key in keys}
        return build_table(v, self.seat, self.names, width, height, self.marks(targets))

    def actions_for(self, key: Key) -> Sequence[Any]:
        v, legal = self.current()
        if key == ("commit",):
            return self.plan[:1]
        acts = actions_at(v, self.seat, legal, key, self.chosen)
        if self.plan:
            # While planning only further steps can be chosen; the plan is committed or dropped first.
            acts = [a for a in acts if isinstance(a, PLAN_TYPES)]
        return acts

    def is_target(self, key: Key) -> bool:
        if self.actions_for(key):
            return True
        _, legal = self.current()
        return self.chosen is None and not self.plan and starts(legal, key)

    def preference(self, key: Key) -> int:
        """Where the cursor goes for a new decision: the chosen card's slots, a region to step
        into, the deck, a card, then End turn last."""
        kind = key[0]
        order = {"space": 0, "land": 1, "deck": 1, "nest": 2, "hand": 3, "token": 4, "commit": 4}
        return order.get(kind, 6)

    def enter_note(self, key: Key) -> str:
        acts = self.actions_for(key)
        v, legal = self.current()
        seat = self.seat if self.seat is not None else 0
        if key == ("commit",):
            return "Enter: play the planned steps."
        if acts and all(isinstance(a, PLAN_TYPES) for a in acts):
            head = "Enter: plan this step" + (" (pick how):" if len(acts) > 1 else ":")
            return "\n".join([head, *(step_words(v, seat, a) for a in acts[:6])])
        if not acts and self.chosen is None and not self.plan and starts(legal, key):
            if key[0] == "hand":
                return "Enter: choose this card, then the marked slot to summon it into."
            return "Enter: use this token, then choose where."
        return super().enter_note(key)

    def verb(self, acts: Sequence[Any]) -> str:
        return super().verb(acts)

    def codes(self) -> list[tuple[str, str]]:
        types = ", ".join(f"{c} {t}" for c, t in zip(TYPE_CODES, TYPES, strict=True))
        tokens = ", ".join(f"{code} {TOKEN_NAMES[name]}" for name, code in TOKEN_CODES.items())
        quests = ", ".join(f"{s} {q.name}" for s, q in zip(QUEST_SHORT, QUESTS, strict=True))
        return [
            ("38Fo", f"a region card: its number and type ({types})"),
            ("G E C M r n t b y d", f"adventure tokens ({tokens})"),
            (" ".join(ROW_LABELS), "the upper, middle and lower sub-realms"),
            ("1 2 3", "in a cell: the steps of your planned path, in order"),
            ("U3 M4 L1", "in a plan: a space by sub-realm and column"),
            ("Up4 Mid4 Wan5", f"quests and their points ({quests})"),
            ("Go!", "play the planned adventuring steps (c)"),
            ("pts", "the score as the realm stands now"),
        ]

    def why_not(self, key: Key) -> str:
        if self.plan:
            return "You are planning an adventure: c plays it, Esc takes back the last step."
        if self.chosen is not None:
            return "Not there: pick a marked place, or Esc to choose again."
        v, _ = self.current()
        if key[0] == "hand" and v.phase == "turn" and v.action == "":
            return f"{key[1]} fits no empty space of your realm now: the rows must rise left to right."
        return "Nothing to choose there: underlined pieces can be; a lists every choice."

    def picker_title(self, key: Key) -> str:
        if key[0] == "space":
            return (
                "Which way?"
                if self.plan or any(isinstance(a, Go) for a in self.actions_for(key))
                else "Which one?"
            )
        return "Which one?"

    # -- the hint ---------------------------------------------------------------------------
    def point_at(self, action: Any) -> str | None:
        # The hint is about the realm as it stands, before any planned step: Enter on a piece
        # while planning would add a step to the plan, not take the hint's move.
        note = None if self.plan else super().point_at(action)
        if note is None and not self.plan:
            note = self._point_second_half(action)
        if note is not None and isinstance(action, PLAN_TYPES):
            return "The cursor is on it: Enter plans it as a step, then c plays the plan."
        return note

    def _point_second_half(self, action: Any) -> str | None:
        """A Flying Carpet or Magic Mirror move has no piece of its own until its token is
        chosen: choose the token, as its first Enter would, and point at the second piece."""
        token = "carpet" if isinstance(action, Carpet) else "mirror" if isinstance(action, Mirror) else ""
        if not token or self.seat is None:
            return None
        self.chosen = ("token", self.seat, token)
        self._table = None
        if not self.focus_action(action) or self.cursor_key is None:
            self.chosen = None
            self._table = None
            return None
        # As LineBoard.point_at, without its dropping the half-made choice just made.
        self._hinted = (self.cursor_key, action)
        self.post_detail()
        self.refresh()
        return "The cursor is on it: Enter takes it."

    def keys_for(self, action: Any, pointed: bool) -> str | None:
        if isinstance(action, EndTurn):
            return "e"  # the board's own key, wherever the cursor is
        if pointed and isinstance(action, PLAN_TYPES):
            return "Enter, then c"  # a step goes into the plan first; c plays the plan
        return super().keys_for(action, pointed)

    def drop_half_choice(self) -> None:
        if self.chosen is not None:
            self.chosen = None
            self._redraw(fresh=False)

    # -- choosing ---------------------------------------------------------------------------
    def action_choose(self) -> None:
        key = self.cursor_key
        if self.view is None or key is None or self._index() is None:
            return
        if key == ("commit",):
            self.action_commit()
            return
        _, legal = self.current()
        if not self.actions_for(key) and self.chosen is None and not self.plan and starts(legal, key):
            self.chosen = key
            self._redraw(fresh=True)
            if key[0] == "hand":
                self.tell("Now pick a marked slot for the card (Esc to choose again).")
            else:
                self.tell("Now pick where to use it (Esc to choose again).")
            return
        super().action_choose()

    def _chosen(self, action: Any) -> None:
        if isinstance(action, PLAN_TYPES):
            self.add_step(action)
            return
        self.chosen = None
        self.committing = []
        self._drop_plan()
        super()._chosen(action)

    def add_step(self, action: Any) -> None:
        """Put `action` at the end of the plan, played on a copy of the view."""
        seat = self.seat
        if seat is None:
            return
        base, _ = self.current()
        after = self.game.clone(base)
        try:
            self.game.apply(after, seat, action)
        except IllegalAction as exc:
            self.tell(exc.reason)
            return
        self.plan.append(action)
        self.plan_texts.append(step_short(base, seat, action))
        if isinstance(action, Go):
            preview = step_preview(base, seat, action.space, action.via)
            self.plan_trail.update(preview.path[:-1] if preview is not None else ())
        self.plan_view = after
        self.chosen = None
        self._table = None
        self._set_cursor(("space", seat, action.space))
        self.tell(f"Step {len(self.plan)} planned: c plays the plan, Esc takes it back.")
        self.refresh()
        self.refresh_bindings()

    def _redraw(self, fresh: bool) -> None:
        self._table = None
        self.place_cursor(fresh=fresh)
        self.refresh()
        self.refresh_bindings()

    def action_commit(self) -> None:
        if not self.plan:
            return
        steps = list(self.plan)
        self._drop_plan()
        self.committing = steps[1:]
        self._table = None
        self._send_step(steps[0])

    def action_end_turn(self) -> None:
        if EndTurn() in self.legal and not self.plan:
            self.chosen = None
            super()._chosen(EndTurn())

    def action_cancel(self) -> None:
        if self.chosen is not None:
            self.chosen = None
            self.tell("Choose again.")
            self._redraw(fresh=True)
            return
        if self.plan:
            steps = self.plan[:-1]
            self._drop_plan()
            for a in steps:
                self.add_step(a)
            self.tell(f"Step taken back: {count(len(steps), 'step')} planned." if steps else "Plan dropped.")
            self._redraw(fresh=not steps)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # Go! and Back appear only while there is a plan or a chosen piece: the footer at 80
        # columns has no room for keys that mean nothing most of the time.
        if action == "commit":
            return bool(self.plan)
        if action == "cancel":
            return self.chosen is not None or bool(self.plan)
        if action == "end_turn":
            if self.plan:
                return False  # Go! takes its place in the footer while a plan is pending
            return True if EndTurn() in self.legal else None
        return super().check_action(action, parameters)

    def help_section(self) -> str:
        if self.plan:
            return "go-adventuring"
        if self.chosen is not None:
            return "summon-a-region" if self.chosen[0] == "hand" else "artifacts"
        return ""

    # -- the focused piece -------------------------------------------------------------------
    def detail(self) -> tuple[str, str] | None:
        out = super().detail()
        key = self.cursor_key
        if out is None or key is None or key[0] != "space" or not self.plan:
            return out
        title, text = out
        if key[2] in [a.space for a in self.plan]:
            n = [a.space for a in self.plan].index(key[2]) + 1
            text = f"Planned step {n}.\n{text}"
        return title, text

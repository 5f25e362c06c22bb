"""Utility cards and anticipation tokens outside their owner's turn: the windows in which they
are played.

- **The attack window** (phase "react"): the defender of an attack, before the damage and again
  between its salvos, may activate anticipation tokens and play utilities; the attacker may
  answer each card.
- **The interrupt window** (phase "interrupt"): after every action of the player whose turn it
  is, each other Ashak in turn order may activate tokens, interrupt with a utility, pass, or pass
  until the next turn begins; once a card is down, the player whose turn it is may answer too.
  The same window opens at the start of each phase of the round's end and before the turns
  (`s.i_phase`), for tokens only: no turn is running for a utility to interrupt.

They work the same way: a played card goes on a stack and gives the others a chance to answer;
the window closes when everyone in it has passed in a row; the stack then resolves last card
first, and the turn (or the attack) goes on. An activated token takes effect at once and the
seat is asked again. Who is asked depends on public facts only — cards in hand (any of them might
be a utility), an unused utility guild, a full utility ultimate, a token that can be activated —
so being asked, or seeing someone asked, tells nobody what a hand holds."""

from __future__ import annotations

from engine.core import Event
from engine.core.phases import verdict_in
from engine.rivals.actions import PASS, PASS_TURN, TOKEN, WAIT, ActivateToken, PassTurn, React
from engine.rivals.data.ashaks import ASHAKS
from engine.rivals.data.cards import UTILITY, Card, card_said
from engine.rivals.data.catalog import CARD, ULTIMATES
from engine.rivals.effects import apply_effect
from engine.rivals.queries import can_activate, token_reason, who
from engine.rivals.rules import specials
from engine.rivals.rules.combat import design
from engine.rivals.rules.common import activate, wound
from engine.rivals.rules.resolve import OWN_TURN_ONLY, PASSIVE
from engine.rivals.state import RivalsState, Task

Option = tuple[object, str | None]


def can_respond(s: RivalsState, x: int, defender: bool) -> bool:
    """Whether a window is offered to `x`: see the module's docstring for why only these facts."""
    if not s.ashaks[x].alive:
        return False
    if s.hand[x]:
        return True
    if defender and can_activate(s, x) and design(s).key != "radiation":
        return True
    g = s.guild[x]
    if g >= 0 and not s.guild_used[x] and CARD[g].type == UTILITY and (defender or not CARD[g].reaction):
        return True
    u = ULTIMATES[s.ashaks[x].kind]
    return u.type == UTILITY and s.ashaks[x].ult >= ASHAKS[s.ashaks[x].kind].gauge


def _utilities(s: RivalsState, seat: int, verdicts: tuple[str | None, ...]) -> list[Option]:
    """Each card in hand and the utility guild as a React choice, with its verdict in the
    window (`verdicts`: one of the VERDICTS tables, by card id)."""
    opts: list[Option] = [(REACT[c], verdicts[c]) for c in s.hand[seat]]
    g = s.guild[seat]
    if g >= 0 and CARD[g].type == UTILITY and not s.guild_used[seat]:
        opts.append((REACT_GUILD, verdicts[g]))
    return opts


def _ultimate_ready(s: RivalsState, seat: int) -> bool:
    return (
        ULTIMATES[s.ashaks[seat].kind].type == UTILITY
        and s.ashaks[seat].ult >= ASHAKS[s.ashaks[seat].kind].gauge
    )


def _put_down(s: RivalsState, seat: int, card: int) -> str:
    """Take a React's card from where it is (hand, guild slot, gauge) onto the stack; say which
    card, and what it does: it resolves only once the window closes, and a lasting effect never
    shows in the log by itself."""
    if card >= 0:
        s.hand[seat].remove(card)
        s.in_play.append(card)
        what = card_said(CARD[card])
    elif card == -2:
        s.guild_used[seat] = True
        what = "its guild, " + card_said(CARD[s.guild[seat]])
    else:
        s.ashaks[seat].ult = 0
        what = "its ultimate, " + card_said(ULTIMATES[s.ashaks[seat].kind])
    s.r_stack.append(card)
    s.r_seats.append(seat)
    s.r_passes = 0
    return what


def _resolve_one(s: RivalsState, card: int, x: int, other: int) -> list[Event]:
    """One card of a stack, played by `x`; `other` is whom its ultimate, counter or cancel is
    aimed at (the other combatant, or the Ashak whose turn was interrupted)."""
    if card == -1:
        return specials.keyed_flashers(s, x, other)
    c = CARD[s.guild[x]] if card == -2 else CARD[card]
    if card >= 0:
        s.in_play.remove(card)
        if c.temp:
            s.temps[x].append(card)
            s.temp_until[x].append(min(2, s.turn_no + c.temp - 1))
        else:
            s.discard[x].append(card)
    ev = [Event(f"{c.name} of {who(s, x)} resolves.")]
    for e in c.auto:
        if e.kind == "cancel":
            s.p_cancel = True
            ev.append(Event(f"The attack on {who(s, x)} is cancelled."))
        elif e.kind == "counter":
            ev += wound(s, other, e.n, x, c.name)
        elif e.kind not in PASSIVE:
            ev += apply_effect(s, x, other, e.kind, e.n, card if card >= 0 else -1)
    return ev


# --- the attack window -------------------------------------------------------------------------


def _combatants(s: RivalsState) -> tuple[int, int]:
    t = s.tasks[0]  # the "stack" task waiting behind the window
    return t.seat, t.a


def react_options(s: RivalsState, seat: int) -> list[Option]:
    attacker, defender = _combatants(s)
    is_def = seat == defender
    opts: list[Option] = []
    if is_def and s.ashaks[seat].tokens:
        if design(s).key == "radiation":
            opts.append((TOKEN, "Nobody may activate anticipation against it."))
        else:
            opts.append((TOKEN, token_reason(s, seat)))
    opts += _utilities(s, seat, VERDICTS[True, is_def, False])
    if _ultimate_ready(s, seat):
        opts.append((REACT_ULTIMATE, None))
    return opts + [(PASS, None)]


def utility_reason(c: Card, attack: bool, attacked: bool, own_turn: bool = False) -> str | None:
    """Why `c` may not be played in a window (None: it may): an attack's (`attacked`: by its
    defender) or a turn's (`own_turn`: by the player whose turn it is, answering a card)."""
    if c.type != UTILITY or c.key == "flasher":
        return (
            "Only utility cards can be played during an attack."
            if attack
            else "Only utility cards can interrupt a turn."
        )
    if c.ap > 0:
        return "Outside your turn you have no AP."
    if any(e.kind in OWN_TURN_ONLY for e in c.auto):
        return "Play it from your turn's menu." if own_turn else "Only in your own turn."
    if c.reaction and not attacked:
        return "Only the Ashak under attack may play it." if attack else "Only while you are attacked."
    return None


# `utility_reason` for every card id, worked out once per kind of window (a card's verdict
# depends on its design and the window alone): VERDICTS[attack, attacked, own_turn][card].
VERDICTS: dict[tuple[bool, bool, bool], tuple[str | None, ...]] = {
    (attack, attacked, own): tuple(utility_reason(c, attack, attacked, own) for c in CARD)
    for attack in (False, True)
    for attacked in (False, True)
    for own in (False, True)
}
# A React for every card id, the guild and the ultimate (interned, as the menu's actions).
REACT: tuple[React, ...] = tuple(React(c) for c in range(len(CARD)))
REACT_GUILD, REACT_ULTIMATE = React(-2), React(-1)


def react_perform(s: RivalsState, seat: int, a: object) -> list[Event]:
    attacker, defender = _combatants(s)
    other = attacker if seat == defender else defender
    if isinstance(a, ActivateToken):
        return activate(s, seat)
    if isinstance(a, React):
        what = _put_down(s, seat, a.card)
        if can_respond(s, other, other == defender):
            s.actor = other
        return [Event(f"{who(s, seat)} reacts with {what}", seat=seat, reveal=True, kind="react")]
    # a pass
    s.r_passes += 1
    if s.r_stack and s.r_passes < 2 and can_respond(s, other, other == defender):
        s.actor = other
        return []
    s.phase = "idle"
    return []


def task_window(s: RivalsState, t: Task) -> list[Event]:
    attacker, v = t.seat, t.a
    if v == attacker or not s.ashaks[v].alive or s.p_cancel or not can_respond(s, v, True):
        return []
    s.r_stack, s.r_seats, s.r_passes = [], [], 0
    s.phase, s.actor = "react", v
    return []


def task_stack(s: RivalsState, t: Task) -> list[Event]:
    """Resolve the utilities played during the attack window, the last one first."""
    ev: list[Event] = []
    attacker, defender = t.seat, t.a
    while s.r_stack:
        card = s.r_stack.pop()
        x = s.r_seats.pop()
        ev += _resolve_one(s, card, x, attacker if x == defender else defender)
    return ev


# --- the interrupt window ----------------------------------------------------------------------


def may_interrupt(s: RivalsState, x: int) -> bool:
    """Whether `x` is asked in the open interrupt window. `s.i_seat` is the player whose turn
    it holds up (at the start of a phase: the one whose turn comes next), asked only once a card
    is down, and only about its cards and guild; a seat that passed until the next turn is not
    asked again before it. At the start of a phase only a token that can be activated counts."""
    a = s.ashaks[x]
    if not a.alive:
        return False
    if x == s.i_seat:
        if not s.r_stack:
            return False
        g = s.guild[x]
        return bool(s.hand[x]) or (
            g >= 0 and not s.guild_used[x] and CARD[g].type == UTILITY and not CARD[g].reaction
        )
    if x in s.i_quiet:
        return False
    # (the window in a turn first: a card in hand, the usual answer, settles it in one call)
    return (not s.i_phase and can_respond(s, x, False)) or can_activate(s, x)


def _next_interrupter(s: RivalsState, after: int) -> int:
    """The first seat after `after` in turn order (`after` itself last) asked in the window."""
    for x in AFTER[s.seats][after]:
        if may_interrupt(s, x):
            return x
    return -1


# AFTER[seats][seat]: every seat of a table of `seats` in turn order from the one after `seat`,
# `seat` itself last.
AFTER: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple((seat + k) % n for k in range(1, n + 1)) for seat in range(n)) for n in range(7)
)


def open_interrupt(s: RivalsState, turn_seat: int, phase: int = 0) -> bool:
    """After an action of `turn_seat`, or at the start of round phase `phase` with `turn_seat`
    the seat whose turn comes next (its tokens would be removed before anyone could attack it):
    open the window if anyone may act in it."""
    if not s.ashaks[turn_seat].alive:
        return False
    s.i_seat, s.i_phase = turn_seat, phase
    first = _next_interrupter(s, turn_seat)
    if first < 0:
        s.i_seat, s.i_phase = -1, 0
        return False
    s.r_stack, s.r_seats, s.r_passes = [], [], 0
    s.phase, s.actor = "interrupt", first
    return True


OWN_ULTIMATE = "In your turn, use your ultimate from the turn's menu."


def interrupt_options(s: RivalsState, seat: int) -> list[Option]:
    mine = seat == s.i_seat
    opts: list[Option] = []
    if s.ashaks[seat].tokens and not mine:
        opts.append((TOKEN, token_reason(s, seat)))
    if not s.i_phase:  # utilities interrupt a turn; the round's phases have none to interrupt
        opts += _utilities(s, seat, VERDICTS[False, False, mine])
        if _ultimate_ready(s, seat):
            opts.append((REACT_ULTIMATE, OWN_ULTIMATE if mine else None))
    return opts + _DECLINES[mine]


# The ways to decline the interrupt window, the plain pass last: the player whose turn it is
# passes; the others pass for now or for the rest of the turn.
_DECLINES: dict[bool, list[Option]] = {True: [(PASS, None)], False: [(PASS_TURN, None), (WAIT, None)]}


def interrupt_reason(s: RivalsState, seat: int, a: object) -> str | None:
    """The interrupt window's verdict on one action, as `interrupt_options` lists it. A way of
    declining (the most frequent decision of a game) is judged without weighing the hand."""
    for b, why in _DECLINES[seat == s.i_seat]:
        if b is a:  # (a pass taken from the list is the listed object itself)
            return why
    return verdict_in(interrupt_options(s, seat), a)


def interrupt_perform(s: RivalsState, seat: int, a: object) -> list[Event]:
    kind = type(a)  # (one look at the class: a pass, the usual decision, is told in one test)
    if kind is ActivateToken:
        ev = activate(s, seat)
        if may_interrupt(s, seat):
            return ev  # asked again: another token, a card, or a pass
        # Nothing more it could do here: the window goes on without counting a pass from it.
    elif kind is React:
        assert isinstance(a, React)
        what = _put_down(s, seat, a.card)
        ev = [Event(f"{who(s, seat)} interrupts with {what}", seat=seat, reveal=True, kind="react")]
    else:  # a pass
        s.r_passes += 1
        ev = []
        if kind is PassTurn:
            s.i_quiet.append(seat)
            s.r_passes -= 1  # it is no longer counted among those who must pass
    # The window closes once everyone still asked has passed in a row; else the next one asked.
    asked = [x for x in AFTER[s.seats][seat] if may_interrupt(s, x)]
    if s.r_passes < len(asked):
        s.actor = asked[0]
        return ev
    s.phase = "idle"
    s.tasks.insert(0, ISTACK[s.i_seat])
    return ev


# The task resolving what the window put down, for each seat whose turn it held up (tasks are
# frozen: made once).
ISTACK = tuple(Task("istack", seat) for seat in range(6))


def task_istack(s: RivalsState, t: Task) -> list[Event]:
    """Resolve what the interrupt window put down, the last card first; an ultimate played
    there is aimed at the Ashak whose turn was interrupted."""
    ev: list[Event] = []
    while s.r_stack:
        card = s.r_stack.pop()
        x = s.r_seats.pop()
        ev += _resolve_one(s, card, x, t.seat)
    s.i_seat, s.i_phase = -1, 0
    return ev

"""What follows a turn's last decision: the rival's turn, an extra turn, the end of an Age (the
weaker military names who begins the next one) or, after Age III, the civilian count."""

from __future__ import annotations

from engine.core import Event
from engine.rivalist.scoring import outcome
from engine.rivalist.setup import deal
from engine.rivalist.state import RivalistState
from engine.rivalist.texts import AGE_NAMES, player


def end_turn(s: RivalistState, ev: list[Event]) -> None:
    """The turn's decisions are over: next turn, an extra turn, or the end of the Age."""
    if s.over:
        return
    if s.access:
        s.phase = "take"
        if s.extra:
            s.extra = False
            ev.append(Event(f"{player(s.current)} takes another turn.", s.current, kind="turn"))
        else:
            s.current = 1 - s.current
        return
    # An extra turn earned with the Age's last card is lost (RULES_NOTES.md: extra turns).
    s.extra = False
    if s.age == 3:
        _civilian_end(s, ev)
    else:
        _next_age(s, ev)


def _next_age(s: RivalistState, ev: list[Event]) -> None:
    # The pawn leans toward the weaker side's capital; centred, the last taker chooses.
    chooser = 1 if s.pawn > 0 else 0 if s.pawn < 0 else s.last_taker
    deal(s, s.age + 1)
    s.phase = "starter"
    s.current = chooser
    why = "the weaker military" if s.pawn else "the last card of the Age and the pawn is centred"
    ev.append(
        Event(
            f"{AGE_NAMES[s.age - 1]} ends. {AGE_NAMES[s.age]} is laid out; {player(chooser)} has {why}"
            " and chooses who begins.",
            reveal=True,  # the new pyramid's face-up cards were unknown until now
            kind="age",
        )
    )


def _civilian_end(s: RivalistState, ev: list[Event]) -> None:
    s.over = True
    s.phase = "over"
    s.victory = "civilian"
    out = outcome(s)
    assert out is not None
    s.winner = out.winners[0] if len(out.winners) == 1 else -1
    if s.winner >= 0:
        ev.append(Event(f"Age III ends: civilian victory for {player(s.winner)}.", kind="victory"))
    else:
        ev.append(Event("Age III ends: the players share the victory.", kind="victory"))

"""A Rival Kings cycle from the secret choice to its end: the reveal (and, with two players, the
face-down pile's card), the Gardener and Watchman windows, the conflicts and their markers, and
the end of the cycle, which may end the round or the game."""

from __future__ import annotations

from engine.core import Event
from engine.rival_kings.actions import Decline, Gardener, Watchman
from engine.rival_kings.data import CHARACTERS, CYCLES_PER_ROUND, GARDENER, WATCHMAN
from engine.rival_kings.options import STALL_CYCLES
from engine.rival_kings.queries import CHAR_RANK, RANK_INDEX, active_ability, char_label, player, rank
from engine.rival_kings.scoring import end_reason, final_scores
from engine.rival_kings.setup import deal
from engine.rival_kings.state import RivalKingsState

# (seat, True when the pile card outranks it / False when its rank is equal)
PileHit = tuple[int, bool]


def choose(s: RivalKingsState, seat: int, card: int, ev: list[Event]) -> None:
    """Lay a character face down; the last one to choose turns them all over."""
    s.hands[seat].remove(card)
    s.played[seat] = card
    ev.append(Event(f"You lay the {char_label(card)} face down.", seat, to=(seat,)))
    ev.append(Event(f"{player(seat)} has chosen a character.", seat))
    if any(c is None for c in s.played):
        return
    shown = ", ".join(f"{player(i)}: {char_label(c)}" for i, c in enumerate(s.played) if c is not None)
    ev.append(Event(f"Characters revealed — {shown}.", reveal=True, kind="reveal"))
    if s.seats == 2 and s.aside:
        top = s.aside.pop()
        s.pile_card = top
        s.pile_shown.append(top)
        ev.append(
            Event(
                f"The face-down pile turns up the {char_label(top)}; it only hands out Conflict markers.",
                reveal=True,
                kind="reveal",
            )
        )
    s.window = sorted(
        (i for i in range(s.seats) if active_ability(s, i) == GARDENER and not s.ability_used[i]),
        key=lambda i: (rank(s, i), i),
    )
    s.phase = "gardener"
    if not s.window:
        open_watchman(s, ev)


def gardener(s: RivalKingsState, seat: int, a: Gardener, ev: list[Event]) -> None:
    t = a.target
    mine, theirs = s.played[seat], s.played[t]
    assert mine is not None and theirs is not None
    s.played[seat], s.played[t] = theirs, mine
    s.ability_used[seat] = True
    ev.append(
        Event(
            f"{player(seat)}'s Gardener trades characters with {player(t)}: {player(seat)} now has the "
            f"{char_label(theirs)}, {player(t)} the {char_label(mine)}.",
            seat,
            kind="ability",
        )
    )
    next_window(s, ev)


def watchman(s: RivalKingsState, seat: int, a: Watchman, ev: list[Event]) -> None:
    s.watch[seat] = True
    s.ability_used[seat] = True
    ev.append(
        Event(
            f"{player(seat)}'s Watchman stands guard: a higher rank in conflict with {player(seat)} "
            "takes the Conflict marker this cycle.",
            seat,
            kind="ability",
        )
    )
    next_window(s, ev)


def decline(s: RivalKingsState, seat: int, a: Decline, ev: list[Event]) -> None:
    what = "Gardener" if s.phase == "gardener" else "Watchman"
    ev.append(Event(f"{player(seat)} does not use the {what}.", seat))
    next_window(s, ev)


def next_window(s: RivalKingsState, ev: list[Event]) -> None:
    s.window.pop(0)
    if s.window:
        return
    if s.phase == "gardener":
        open_watchman(s, ev)
    else:
        resolve_conflicts(s, ev)


def open_watchman(s: RivalKingsState, ev: list[Event]) -> None:
    """The Watchman window opens for players under threat from a higher rank this cycle."""
    _, steals, pile_hits = conflicts(s)
    threatened = {t for _, t in steals} | {i for i, higher in pile_hits if higher}
    s.window = [
        i
        for i in range(s.seats)
        if i in threatened and active_ability(s, i) == WATCHMAN and not s.ability_used[i]
    ]
    s.phase = "watchman"
    if not s.window:
        resolve_conflicts(s, ev)


def conflicts(s: RivalKingsState) -> tuple[list[bool], list[tuple[int, int]], list[PileHit]]:
    """Equal-rank flags per seat, (thief, victim) pairs from the highest thief, and the 2-player
    pile card's hits."""
    n = s.seats
    ranks = [rank(s, i) for i in range(n)]
    ties = [any(ranks[j] == ranks[i] for j in range(n) if j != i) for i in range(n)]
    steals: list[tuple[int, int]] = []
    for i in sorted(range(n), key=lambda i: (ranks[i], i)):
        c = s.played[i]
        assert c is not None
        target_rank = CHARACTERS[c].steals
        if ties[i] or not target_rank:
            continue
        steals.extend((i, j) for j in range(n) if j != i and ranks[j] == RANK_INDEX[target_rank])
    hits: list[PileHit] = []
    if s.pile_card is not None:
        pc = CHARACTERS[s.pile_card]
        for j in range(n):
            if ranks[j] == CHAR_RANK[pc.id]:
                hits.append((j, False))
            elif pc.steals and ranks[j] == RANK_INDEX[pc.steals]:
                hits.append((j, True))
    return ties, steals, hits


def give_marker(s: RivalKingsState, seat: int, ev: list[Event], why: str) -> None:
    if s.marker_supply <= 0:
        text = f"{player(seat)} would take a Conflict marker ({why}), but the supply is empty."
    else:
        s.marker_supply -= 1
        s.markers[seat] += 1
        text = f"{player(seat)} takes a Conflict marker: {why}."
    ev.append(Event(text, seat, kind="marker"))


def resolve_conflicts(s: RivalKingsState, ev: list[Event]) -> None:
    """Hand out the markers (equal ranks first), announce the thefts, then start the turns."""
    ties, steals, hits = conflicts(s)
    s.tie = ties
    _equal_ranks(s, ties, ev)
    for thief, victim in steals:
        tc, vc = s.played[thief], s.played[victim]
        assert tc is not None and vc is not None
        ev.append(
            Event(
                f"{player(thief)}'s {char_label(tc)} will take an action from {player(victim)}'s "
                f"{char_label(vc)}: higher rank over lower.",
                thief,
                kind="conflict",
            )
        )
        if s.watch[victim]:
            give_marker(s, thief, ev, f"{player(victim)}'s Watchman fends off the marker")
        else:
            give_marker(s, victim, ev, f"lower rank in conflict with the {char_label(tc)}")
    _pile_hits(s, hits, ev)
    if not any(ties) and not steals and not hits:
        ev.append(Event("No conflicts this cycle.", kind="conflict"))
    s.phase = "turn"
    s.to_go = list(range(s.seats))
    s.turn = -1


def _equal_ranks(s: RivalKingsState, ties: list[bool], ev: list[Event]) -> None:
    done: set[int] = set()
    for i in sorted(range(s.seats), key=lambda i: (rank(s, i), i)):
        if not ties[i] or i in done:
            continue
        group = [j for j in range(s.seats) if rank(s, j) == rank(s, i)]
        done.update(group)
        names = " and ".join(f"{player(j)}'s {char_label(s.played[j] or 0)}" for j in group)
        ev.append(
            Event(
                f"{names} are in conflict: equal rank. Each may carry out only one action and none "
                "of them may steal.",
                kind="conflict",
            )
        )
        for j in group:
            give_marker(s, j, ev, "equal rank")


def _pile_hits(s: RivalKingsState, hits: list[PileHit], ev: list[Event]) -> None:
    pc = s.pile_card
    for j, higher in hits:
        assert pc is not None
        if higher and s.watch[j]:
            ev.append(
                Event(
                    f"The pile's {char_label(pc)} outranks {player(j)}'s character, but the Watchman "
                    "fends off the marker (it stays in the supply).",
                    j,
                    kind="conflict",
                )
            )
        elif higher:
            give_marker(s, j, ev, f"the pile's {char_label(pc)} outranks it")
        else:
            give_marker(s, j, ev, f"same rank as the pile's {char_label(pc)}")


def end_cycle(s: RivalKingsState, ev: list[Event]) -> None:
    """Clear the cycle; end the game if a pile is empty (or, with the option, the table idled),
    otherwise start the next cycle or round."""
    for i in range(s.seats):
        c = s.played[i]
        if c is not None:
            s.spent[i].append(c)
    s.played = [None] * s.seats
    s.crests = []
    s.tie = [False] * s.seats
    s.single = [""] * s.seats
    s.ability_used = [False] * s.seats
    s.watch = [False] * s.seats
    s.pile_card = None
    s.turn = -1
    s.to_go = []
    s.idle_cycles = 0 if s.bought else s.idle_cycles + 1
    s.bought = False
    if end_reason(s):
        _end_game(s, ev)
        return
    s.phase = "choose"
    if s.stall_end and s.idle_cycles >= STALL_CYCLES - 2:
        left = STALL_CYCLES - s.idle_cycles
        ev.append(
            Event(
                f"No card has been recruited or bought for {s.idle_cycles} cycles: unless someone "
                f"does, the game ends after {left} more (the idle-game option is on).",
                kind="end",
            )
        )
    if s.cycle >= CYCLES_PER_ROUND:
        s.round += 1
        s.cycle = 1
        deal(s)
        # The new hands are private draws: each seat learns its own, so this is a reveal.
        ev.append(
            Event(
                f"Round {s.round}: all characters are reshuffled and each player gets 3 new ones.",
                kind="round",
                reveal=True,
            )
        )
        for i in range(s.seats):
            hand = ", ".join(char_label(c) for c in s.hands[i])
            ev.append(Event(f"Your new characters: {hand}.", i, to=(i,), kind="round"))
    else:
        s.cycle += 1
        ev.append(Event(f"Cycle {s.cycle} of round {s.round}: choose your next character.", kind="round"))


def _end_game(s: RivalKingsState, ev: list[Event]) -> None:
    s.over = True
    s.phase = "over"
    ev.append(Event(f"The cycle is complete. {end_reason(s)} The game is over.", kind="end"))
    scores = final_scores(s)
    ev.append(
        Event(
            "Final scores: " + ", ".join(f"{player(i)} {v}" for i, v in enumerate(scores)) + ".",
            kind="end",
            reveal=True,
        )
    )

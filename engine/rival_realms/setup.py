"""Setting up a game: the empty realms, the deck (events shuffled in), and — once the set-up
decisions are made — the adventure tokens and the opening hands."""

from __future__ import annotations

from engine.core.game import Event
from engine.core.rng import Rng
from engine.rival_realms.data import (
    ARTIFACTS,
    CARD_COUNT,
    COLS,
    CREATURES,
    EVENT_BASE,
    EVENTS,
    EVENTS_IN_GAME,
    GEM,
    HAND_SIZE,
    LANDS,
    ROWS,
    SOLO_REMOVED,
    SPACES,
    TOKEN_COLUMNS,
    is_event,
)
from engine.rival_realms.options import RivalRealmsOptions
from engine.rival_realms.queries import card_name
from engine.rival_realms.state import RivalRealmsState


def new_state(opts: RivalRealmsOptions, seats: int, seed: int) -> RivalRealmsState:
    """The state before the first set-up decision: empty realms, all land cards Mountains, the
    deck shuffled (with five random events when they are in play)."""
    rng = Rng.from_seed(seed)
    start = 0 if seats == 1 else (0 if opts.start == "player 1" else 1)
    events: list[str] = []
    deck = list(range(1, CARD_COUNT + 1))
    if opts.events and seats == 2:
        picks = list(range(len(EVENTS)))
        rng.shuffle(picks)
        chosen = sorted(picks[:EVENTS_IN_GAME])
        events = [EVENTS[i].id for i in chosen]
        deck.extend(EVENT_BASE + i for i in chosen)
    rng.shuffle(deck)
    return RivalRealmsState(
        seats=seats,
        level=opts.solo_level if seats == 1 else "",
        enchantments=sorted(opts.enchantments),
        event_cards=events,
        start=start,
        rng=rng,
        phase="valleys",
        turn=start,
        actor=start,
        turns=[0] * seats,
        regions=[[0] * SPACES for _ in range(seats)],
        explored=[[False] * SPACES for _ in range(seats)],
        board_tokens=[[""] * SPACES for _ in range(seats)],
        valleys=[[False] * LANDS for _ in range(seats)],
        adventurer=[-1] * seats,
        raven=-1,
        deck=deck,
        hands=[[] for _ in range(seats)],
        supply=[[] for _ in range(seats)],
        used=[[] for _ in range(seats)],
        passed=[False] * seats,
    )


def lay_tokens(s: RivalRealmsState, ev: list[Event]) -> None:
    """Each sub-realm gets a gem, an artifact and two creatures in its four central spaces, in
    random order; the other realm is laid out the same (the Looking-Glass Realm)."""
    artifacts = list(ARTIFACTS)
    creatures = list(CREATURES)
    s.rng.shuffle(artifacts)
    s.rng.shuffle(creatures)
    layout = [""] * SPACES
    for r in range(ROWS):
        row = [GEM, artifacts[r], creatures[2 * r], creatures[2 * r + 1]]
        s.rng.shuffle(row)
        for c, t in zip(TOKEN_COLUMNS, row, strict=True):
            layout[r * COLS + c] = t
    for seat in range(s.seats):
        s.board_tokens[seat] = layout[:]
    ev.append(_TOKENS_LAID)


# Said at every set-up: built once (events are frozen).
_TOKENS_LAID = Event("The adventure tokens are laid out in the central spaces of every row.", reveal=True)
_DEALT = Event("Five region cards are dealt to each player.", reveal=True)
_STOLEN: dict[int, Event] = {
    n: Event(f"The Raven steals {n} cards from the deck unseen; they are out of the game.")
    for n in SOLO_REMOVED.values()
}


def deal(s: RivalRealmsState, ev: list[Event]) -> None:
    """Solo: the Raven steals cards unseen first. Then five cards each; an event dealt into a
    starting hand goes back into the deck, which is shuffled, and is replaced."""
    if s.solo:
        n = SOLO_REMOVED[s.level]
        s.removed = [s.deck.pop() for _ in range(n)]
        ev.append(_STOLEN[n])
    for _ in range(HAND_SIZE):
        for seat in range(s.seats):
            s.hands[seat].append(s.deck.pop())
    while s.event_cards:  # (no event can be dealt in a game without them)
        back = [c for h in s.hands for c in h if is_event(c)]
        if not back:
            break
        for h in s.hands:
            h[:] = [c for c in h if not is_event(c)]
        s.deck.extend(back)
        s.rng.shuffle(s.deck)
        for seat in range(s.seats):
            while len(s.hands[seat]) < HAND_SIZE:
                s.hands[seat].append(s.deck.pop())
    for hand in s.hands:
        hand.sort()  # (hands are kept sorted by number)
    # The dealt cards become known to their holders: a reveal (undo never crosses it).
    ev.append(_DEALT)
    for seat in range(s.seats):
        names = ", ".join(card_name(c) for c in s.hands[seat])
        ev.append(Event(f"Your hand: {names}.", seat=seat, to=(seat,)))

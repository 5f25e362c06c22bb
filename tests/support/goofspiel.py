"""Goofspiel: a tiny game implementing the full contract, for testing the core, AI and saves.

Each seat holds cards 1..N. A shuffled prize deck (hidden order) turns up one prize per round;
every seat bids one card secretly and at the same time; the highest unique bid takes the prize
(ties: nobody does). It exercises simultaneous hidden choices, a shuffled deck, reveals, views
and determinization in about a hundred lines. It is not a product game.
"""

from __future__ import annotations

import attrs

from engine.core import Event, GameBase, Outcome, Prompt, Rng
from engine.core.notation import Form, Notation
from engine.core.options import option
from tests.support.points import most_points


@attrs.frozen
class GoofOptions:
    cards: int = option(5, label="Cards", help="Cards in each hand and in the prize deck.", low=2, high=13)


@attrs.frozen
class Bid:
    card: int

    def __str__(self) -> str:
        return f"bid {self.card}"


@attrs.define
class GoofState:
    hands: list[list[int]]
    deck: list[int]  # hidden order; 0 = unknown in a view
    prize: int
    bids: list[int | None]  # None = not yet chosen; -1 = chosen but hidden in a view
    scores: list[int]
    rng: Rng
    shown: list[int] = attrs.field(factory=list)  # prizes turned up so far, the current one last


class Goofspiel(GameBase[GoofState, Bid, GoofOptions]):
    id = "goofspiel"
    title = "Goofspiel"
    players = range(2, 5)
    Options = GoofOptions
    action_types = (Bid,)
    notation = Notation("Goofspiel", (Bid,), [Form(Bid, "bid {card}")])
    state_type = GoofState

    def setup(self, options: GoofOptions, seats: int, seed: int) -> GoofState:
        rng = Rng.from_seed(seed)
        deck = list(range(1, options.cards + 1))
        rng.shuffle(deck)
        prize = deck.pop()
        state = GoofState(
            hands=[list(range(1, options.cards + 1)) for _ in range(seats)],
            deck=deck,
            prize=prize,
            bids=[None] * seats,
            scores=[0] * seats,
            rng=rng,
        )
        state.shown.append(prize)
        return state

    def to_act(self, s: GoofState) -> tuple[int, ...]:
        if s.prize == 0:
            return ()
        return tuple(i for i, b in enumerate(s.bids) if b is None)

    def prompt(self, s: GoofState, seat: int) -> Prompt:
        return Prompt(f"Bid for the prize worth {s.prize}", section="bidding", secret=True)

    def candidates(self, s: GoofState, seat: int) -> list[Bid]:
        return [Bid(c) for c in s.hands[seat]]

    def reason(self, s: GoofState, seat: int, a: Bid) -> str | None:
        if a.card not in s.hands[seat]:
            return f"You have no {a.card} left in your hand."
        return None

    def perform(self, s: GoofState, seat: int, a: Bid) -> list[Event]:
        s.hands[seat].remove(a.card)
        s.bids[seat] = a.card
        events = [
            Event(f"Seat {seat} bids {a.card}.", seat, to=(seat,)),
            Event(f"Seat {seat} has bid.", seat),
        ]
        if all(b is not None for b in s.bids):
            bids = [b for b in s.bids if b is not None]
            events.append(Event("Bids: " + ", ".join(map(str, bids)) + ".", reveal=True))
            top = max((b for b in bids if bids.count(b) == 1), default=None)
            if top is not None:
                w = bids.index(top)
                s.scores[w] += s.prize
                events.append(Event(f"Seat {w} takes the prize worth {s.prize}.", w))
            s.bids = [None] * len(s.bids)
            s.prize = s.deck.pop() if s.deck else 0
            if s.prize:
                s.shown.append(s.prize)
        return events

    def outcome(self, s: GoofState) -> Outcome | None:
        if s.prize != 0:
            return None
        return most_points(s.scores, "Prizes", "All prizes are taken.")

    def view(self, s: GoofState, seat: int | None) -> GoofState:
        v = self.clone(s)
        v.deck = [0] * len(s.deck)
        for i, b in enumerate(s.bids):
            if b is not None and b != -1 and i != seat:
                # A hidden bid must not show as a card missing from the hand either.
                v.hands[i] = sorted(v.hands[i] + [b])
                v.bids[i] = -1
        v.rng = Rng(0)
        return v

    def determinize(self, v: GoofState, seat: int, rng: Rng) -> GoofState:
        d = self.clone(v)
        d.deck = sorted(set(range(1, self._cards(d) + 1)) - set(d.shown))
        rng.shuffle(d.deck)
        for i, b in enumerate(d.bids):
            if b == -1:
                pick = rng.choice(d.hands[i])
                d.hands[i].remove(pick)
                d.bids[i] = pick
        d.rng = rng.fork()
        return d

    @staticmethod
    def _cards(s: GoofState) -> int:
        return len(s.deck) + len(s.shown)

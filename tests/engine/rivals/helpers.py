"""Shared helpers for the Rivals engine tests: a game through set-up, positions by coordinates,
cards by name, and a die that is fixed for a test."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from engine.core import Event
from engine.rivals.data import board
from engine.rivals.data.board import HEX_INDEX
from engine.rivals.data.catalog import CARD, CARD_COUNT
from engine.rivals.game import GAME
from engine.rivals.options import RivalsOptions
from engine.rivals.state import RivalsState
from engine.rivals.views import card_places

ASHAK = {"Atmos": 0, "Renko": 1, "Phae": 2, "Korrin": 3, "Sylva": 4, "Vex": 5, "Oru": 6, "Kaida": 7}


def hx(q: int, r: int) -> int:
    return HEX_INDEX[(q, r)]


def new(ashaks: tuple[str, ...] = ("Atmos", "Renko"), seed: int = 1, mode: str = "standard") -> RivalsState:
    """A game after set-up: each seat plays the named Ashak, keeps its first guild and starts on
    the first hex of the first free starting tile. Seat 0 always rolls the first player."""
    from engine.rivals.actions import ChooseAshak, KeepGuild, PlaceAshak

    s = GAME.setup(RivalsOptions(setup=mode), len(ashaks), seed)
    while s.phase == "ashak":
        GAME.apply(s, s.actor, ChooseAshak(ASHAK[ashaks[s.actor]]))
    while s.phase == "guild":
        GAME.apply(s, s.actor, KeepGuild(s.guild_offer[s.actor][0]))
    while s.phase == "place":
        GAME.apply(s, s.actor, GAME.legal(s, s.actor)[0])
    assert isinstance(PlaceAshak(0), PlaceAshak)
    return s


def card_id(s: RivalsState, name: str) -> int:
    """An instance of the named card, taken from the box, a common pile or a seat's cards."""
    piles = [s.box, s.iface_deck, s.iface_row, s.schema_deck, s.schema_row, s.iface_discard]
    piles += s.deck + s.discard + s.hand
    for pile in piles:
        for c in pile:
            if CARD[c].name == name:
                pile.remove(c)
                return c
    raise KeyError(name)


def give(s: RivalsState, seat: int, name: str) -> int:
    """Put a copy of the named card into the seat's hand."""
    c = card_id(s, name)
    s.hand[seat].append(c)
    return c


def clear_hand(s: RivalsState, seat: int) -> None:
    s.box.extend(s.hand[seat])
    s.hand[seat] = []


def put(s: RivalsState, seat: int, q: int, r: int) -> int:
    """Stand the seat's Ashak on (q, r), revealing its tile."""
    h = hx(q, r)
    t = board.TILE_OF[h]
    s.revealed[t] = True
    s.ashaks[seat].pos = h
    return h


def reveal_all(s: RivalsState) -> None:
    for t in range(board.TILE_COUNT):
        s.revealed[t] = True


def set_type(s: RivalsState, h: int, kind: str) -> None:
    """Force the printed type of hex `h` by choosing a face/orientation that shows it there."""
    t = board.TILE_OF[h]
    i = board.TILE_HEXES[t].index(h)
    faces = board.LONG_FACES if t < 6 else board.TRIHEX_FACES
    for f in faces:
        for o in range(2 if t < 6 else 3):
            if board.face_types(f, o)[i] == kind:
                other = s.face.index(f)
                s.face[other], s.face[t] = s.face[t], f
                s.orient[t] = o
                s.revealed[t] = True
                return
    raise ValueError(kind)


def lay(s: RivalsState, seat: int, q: int, r: int, pattern: tuple[str, ...], slot: int) -> int:
    """Give the tile under (q, r) the face `pattern` and stand the seat on its hex `slot`."""
    t = board.TILE_OF[hx(q, r)]
    face = next(f for f in range(6, 42) if board.FACES[f] == pattern)
    other = s.face.index(face)
    s.face[other], s.face[t] = s.face[t], face
    s.orient[t] = 0
    s.ashaks[seat].pos = board.TILE_HEXES[t][slot]
    return t


def fighting(s: RivalsState, seat: int = 0) -> None:
    """Skip to a turn where attacks are allowed, with `seat` to act and 2 AP."""
    s.round = max(s.round, 2)
    s.turn_no = 1
    s.active = s.turn_seat = seat
    s.turn_order = [(seat + k) % s.seats for k in range(s.seats)]
    s.phase, s.actor = "turn", seat
    s.ap = 2


def ready_to_fight(ashaks: tuple[str, ...] = ("Atmos", "Renko"), seat: int = 0) -> RivalsState:
    """A table of `ashaks` with every tile revealed and every hand empty, `seat` in a turn where
    it may attack: the start of most card and combat tests, which then place and give."""
    s = new(ashaks)
    reveal_all(s)
    for o in range(s.seats):
        clear_hand(s, o)
    fighting(s, seat)
    return s


@contextmanager
def dice(result: bool) -> Iterator[None]:
    """Every success die rolls `result` within the block."""
    from engine.rivals.rules import common

    old = common.roll
    common.roll = lambda s: result  # type: ignore[assignment]
    import engine.rivals.rules.combat as combat
    import engine.rivals.rules.flow as flow

    old_c, old_f = combat.roll, flow.roll
    combat.roll = flow.roll = common.roll  # type: ignore[assignment]
    try:
        yield
    finally:
        common.roll = old  # type: ignore[assignment]
        combat.roll, flow.roll = old_c, old_f  # type: ignore[assignment]


def act(s: RivalsState, seat: int, a: object) -> list[Event]:
    """Apply `a`; what is in the way is answered first: an interrupt window (opened after every
    action while others hold cards) with passes, unless `a` is the window's own answer; a mods
    prompt (asked whenever the hand is not empty) with "no more mods" unless `a` is a mod or a
    take-back."""
    from engine.rivals.actions import AddMod, DoneMods, TakeBack

    ev = pass_windows(s, a)
    if s.phase == "mods" and not isinstance(a, (AddMod, DoneMods, TakeBack)):
        ev += GAME.apply(s, seat, DoneMods())
    return ev + GAME.apply(s, seat, a)


def pass_windows(s: RivalsState, a: object = None) -> list[Event]:
    """Everyone asked in an interrupt window passes (unless `a` is an answer to it)."""
    from engine.rivals.actions import Pass, PassTurn, React, Wait

    ev: list[Event] = []
    while s.phase == "interrupt" and not isinstance(a, (React, Pass, Wait, PassTurn)):
        ev += GAME.apply(s, s.actor, GAME.choices(s, s.actor)[-1][0])
    return ev


def texts(events: list[Event]) -> str:
    return "\n".join(e.text for e in events if e.to is None)


def check_invariants(s: RivalsState) -> None:
    places = card_places(s)
    assert sorted(places) == list(range(CARD_COUNT)), "a card is missing or in two places"
    for o in range(s.seats):
        for v in (
            s.ashaks[o].hp,
            s.ashaks[o].crystals,
            s.ashaks[o].resins,
            s.ashaks[o].tokens,
            s.ashaks[o].active_tokens,
            s.ashaks[o].ult,
        ):
            assert v >= 0
        assert s.ashaks[o].tokens + s.ashaks[o].active_tokens <= 3 and s.ashaks[o].active_tokens <= 2
        if s.ashaks[o].alive and s.ashaks[o].pos >= 0:
            assert not s.fallen[board.TILE_OF[s.ashaks[o].pos]], "an Ashak stands on a fallen tile"
        assert s.ashaks[o].alive == (s.ashaks[o].hp > 0)
    assert s.sponsors_left + sum(1 for x in s.sponsor if x) == board.SPONSOR_TOKENS

"""The twenty events: instant ones act at once, lasting ones hold until the next event."""

from __future__ import annotations

from engine.rivals.data.board import FOREST, LAKE
from engine.rivals.data.events import EVENT_KEYS, EVENTS
from engine.rivals.rules.collect import enhanced_amount
from engine.rivals.rules.combat import defence_dice
from engine.rivals.rules.events import instant_event
from engine.rivals.rules.flow import phase7
from engine.rivals.rules.turn import move_budget
from engine.rivals.state import Task
from tests.engine.rivals.helpers import new, put, reveal_all, set_type


def table():
    s = new(("Atmos", "Renko", "Phae"))
    reveal_all(s)
    return s


def test_twenty_events_ten_instant_ten_lasting() -> None:
    assert len(EVENTS) == 20
    assert sum(e.lasting for e in EVENTS) == 10


def test_instant_events() -> None:
    s = table()
    c, r = [a.crystals for a in s.ashaks], [a.resins for a in s.ashaks]
    instant_event(s, "supply")
    assert [a.crystals for a in s.ashaks] == [x + 1 for x in c] and [a.resins for a in s.ashaks] == [
        x + 1 for x in r
    ]
    instant_event(s, "tax")
    assert [a.crystals for a in s.ashaks] == c and [a.resins for a in s.ashaks] == r
    s.shield[5] = 0
    instant_event(s, "ionstorm")
    assert max(s.shield) == -1
    s.drought[7] = 1
    instant_event(s, "rain")
    assert s.drought[7] == 0
    for a in s.ashaks:
        a.hp = 15
    instant_event(s, "spring")
    assert [a.hp for a in s.ashaks] == [17, 17, 17]
    s.ashaks[0].rp = 1
    instant_event(s, "underdog")
    assert [a.tokens for a in s.ashaks] == [0, 1, 1]
    s.sponsor[0] = 0
    s.sponsors_left = 6
    instant_event(s, "patron")
    assert s.sponsor[0] == 2
    lake = put(s, 0, 0, -3)
    set_type(s, lake, LAKE)
    instant_event(s, "tremor")
    assert s.ashaks[0].hp == 15
    wood = put(s, 1, 0, 3)
    set_type(s, wood, FOREST)
    instant_event(s, "spores")
    assert s.ashaks[1].hp == 16


def test_survey_reveals_the_tiles_around_every_ashak() -> None:
    s = new(("Atmos", "Renko"))
    before = sum(s.revealed)
    instant_event(s, "survey")
    assert sum(s.revealed) > before


def test_lasting_events_hold_until_the_next_event() -> None:
    s = table()
    put(s, 0, 0, -2)
    s.event = EVENT_KEYS.index("ironskin")
    base = defence_dice(s, 0)
    s.event = -1
    assert defence_dice(s, 0) == base - 1
    s.event = EVENT_KEYS.index("gravity")
    assert move_budget(s) == 1
    s.event = EVENT_KEYS.index("abundance")
    assert enhanced_amount(s) == 4
    s.event = EVENT_KEYS.index("drought")
    assert enhanced_amount(s) == 2
    s.event_deck = [EVENT_KEYS.index("supply")]
    phase7(s, Task("p7"))
    assert s.event == -1  # an instant event ends the lasting one


def test_heatwave_removes_the_forest_die() -> None:
    s = table()
    h = put(s, 0, 0, -2)
    set_type(s, h, FOREST)
    assert defence_dice(s, 0) == 3
    s.event = EVENT_KEYS.index("heatwave")
    assert defence_dice(s, 0) == 2

"""The 20 event cards, one revealed each round (phase 7). Instant events act at once; lasting
ones hold until the next event is revealed (see RULES_NOTES.md). This project's design."""

from __future__ import annotations

import attrs


@attrs.frozen
class EventCard:
    key: str
    name: str
    lasting: bool
    text: str


EVENTS: tuple[EventCard, ...] = (
    EventCard("supply", "Supply Drop", False, "Every Ashak gains 1 crystal and 1 resin."),
    EventCard("tremor", "Tremor", False, "Every Ashak standing on a lake loses 2 HP."),
    EventCard("ionstorm", "Ion Storm", False, "Every shield on the Wildtech breaks."),
    EventCard("underdog", "Underdog", False, "Ashaks with the fewest Rival Points gain 1 anticipation."),
    EventCard("rain", "Rain", False, "Every drought token is removed."),
    EventCard("patron", "Generous Patron", False, "An active sponsor lands on the Volcano if it has none."),
    EventCard("spring", "Healing Spring", False, "Every Ashak heals 2 HP."),
    EventCard("survey", "Survey Flight", False, "Every unrevealed tile next to an Ashak is revealed."),
    EventCard("tax", "Tax Collector", False, "Every Ashak loses 1 crystal and 1 resin if it has them."),
    EventCard("spores", "Toxic Spores", False, "Every Ashak on a forest hex loses 1 HP."),
    EventCard("fog", "Fog", True, "Every card's maximum range is 1 lower (never below its minimum)."),
    EventCard("heatwave", "Heatwave", True, "Forest hexes give no extra defence die."),
    EventCard("adrenaline", "Adrenaline Rush", True, "Each Ashak has 3 AP in its first turn of the round."),
    EventCard("overcharge", "Overcharge", True, "Every attack's first salvo deals 1 more damage."),
    EventCard("calm", "Calm Waters", True, "Lakes cost no HP."),
    EventCard("drought", "Dry Season", True, "An enhanced hex gives 1 resource fewer."),
    EventCard("abundance", "Abundance", True, "An enhanced hex gives 1 resource more."),
    EventCard("gravity", "Heavy Gravity", True, "A move action goes at most 1 hex."),
    EventCard("ironskin", "Iron Skin", True, "Every Ashak rolls 1 more defence die."),
    EventCard("frenzy", "Frenzy", True, "Players draw 5 cards instead of 4 at the start of the round."),
)
EVENT_KEYS: tuple[str, ...] = tuple(e.key for e in EVENTS)

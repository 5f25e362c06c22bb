"""The book of Rival Kings: the twelve characters, the sixteen buildings and the sixteen subjects
(each with its ability), in the words of the board's detail panel."""

from __future__ import annotations

from collections import Counter

from engine.core.words import count
from engine.rival_kings.data import BUILDING, CARDS, CHARACTERS, SUBJECT, Card
from rivals_tui.games.book import Entry


def card_entry(group: str, first: Card) -> Entry:
    """One design: the first copy's text, then what the other copy's back is worth."""
    other = next(c for c in CARDS if c.name == first.name and c.kind == first.kind and c is not first)
    worth = count(other.back, "coin")
    back = "the same back" if other.back == first.back else f"a back worth {worth}"
    return Entry(group, first.name, f"{first.text}\nTwo copies in the game; the second has {back}.")


def entries() -> list[Entry]:
    twice = Counter(ch.label for ch in CHARACTERS)
    out = []
    for ch in CHARACTERS:
        name = ch.label
        if twice[name] > 1:  # the two Traders differ only by the figure symbol
            name += " with figure" if ch.figure else " without figure"
        out.append(Entry("Characters", name, ch.text))
    for kind, group in ((BUILDING, "Buildings"), (SUBJECT, "Subjects")):
        out += [card_entry(group, c) for c in CARDS if c.kind == kind and c.copy == 1]
    return out

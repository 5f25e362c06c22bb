"""The book of Rivalist: the cards of each Age, the unions, the Wonders and the progress tokens,
in the words of the board's detail panel."""

from __future__ import annotations

from engine.rivalist.data import AGE_DECKS, CARDS, TOKEN_NAMES, TOKEN_TEXTS, UNIONS, WONDERS
from engine.rivalist.texts import AGE_NAMES
from rivals_tui.games.book import Entry


def entries() -> list[Entry]:
    out: list[Entry] = []
    for age in (1, 2, 3):
        out += [Entry(f"{AGE_NAMES[age]} cards", CARDS[c].name, CARDS[c].text) for c in AGE_DECKS[age]]
    dealt = "Three of the seven join Age III."
    out += [Entry("Unions", CARDS[c].name, f"{CARDS[c].text} {dealt}") for c in UNIONS]
    out += [Entry("Wonders", w.name, w.text) for w in WONDERS]
    out += [Entry("Progress tokens", n, t) for n, t in zip(TOKEN_NAMES, TOKEN_TEXTS, strict=True)]
    return out

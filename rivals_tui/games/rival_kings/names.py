"""Short names for Rival Kings characters and cards: the one abbreviation helper of the board.

A narrow board cuts names to a few letters. Cutting each name on its own made "Count" and
"Countess" both "Count", and "Mine" and "Miner" both "Mine". Here every name of the game
(characters and cards together) gets its short form from one table per length, built so that no
two names share one: shorter names keep the plain cut, and a longer name that would collide falls
back to its consonants ("Cntss"), then to other letters of the name.
No Textual import: plain text.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from engine.rival_kings.data import CARDS, CHARACTERS

# Shorter names first: they keep the plain cut, the longer ones give way.
ALL_NAMES = tuple(sorted({c.name for c in CHARACTERS} | {c.name for c in CARDS}, key=lambda x: (len(x), x)))
_VOWELS = set("aeiouy")


def plain_cut(name: str, n: int) -> str:
    """`name` in at most `n` letters; two-word names keep the second word's initial."""
    if len(name) <= n:
        return name
    if n <= 0:
        return ""
    words = name.split()
    if len(words) > 1 and n >= 3:
        return words[0][: n - 1] + words[1][0].upper()
    return name[:n]


def _candidates(name: str, n: int) -> Iterator[str]:
    yield plain_cut(name, n)
    compact = name.replace(" ", "")
    consonants = compact[0] + "".join(ch for ch in compact[1:] if ch.lower() not in _VOWELS)
    yield consonants[:n]
    for k in range(1, n):
        yield compact[: n - k] + compact[-k:]
    for digit in "23456789":
        yield compact[: n - 1] + digit


@cache
def _table(n: int) -> dict[str, str]:
    out: dict[str, str] = {}
    taken: set[str] = set()
    for name in ALL_NAMES:
        short = next((c for c in _candidates(name, n) if c not in taken), plain_cut(name, n))
        out[name] = short
        taken.add(short)
    return out


def short_name(name: str, n: int) -> str:
    """The name in at most `n` letters, distinct from every other name of the game (n >= 3)."""
    if n <= 0:
        return ""
    return _table(n).get(name) or plain_cut(name, n)


def char_name(cid: int, n: int) -> str:
    return short_name(CHARACTERS[cid].name, n)


def card_name(cid: int, n: int) -> str:
    return short_name(CARDS[cid].name, n)

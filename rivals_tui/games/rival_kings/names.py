"""Short names for Rival Kings characters and cards: the one abbreviation helper of the board.

A narrow board cuts names to a few letters. Cutting each name on its own made "Count" and
"Countess" both "Count", and "Mine" and "Miner" both "Mine". Here every name of the game
(characters and cards together) gets its short form from one table per length, built so that no
two names share one: shorter names keep the plain cut, and a longer name that would collide falls
back to its consonants ("Cntss"), then to other letters of the name. The seats' names, cut for
the turn order, are kept apart the same way among themselves (`seat_cuts`).
No Textual import: plain text.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
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


def seat_cuts(names: Sequence[str], n: int) -> list[str]:
    """Every seat's name in at most `n` characters, no two alike where the names differ. A name
    whose plain cut another seat's name shares keeps its end instead: the server tells two seats of
    one name apart by a number after it ("player (2)", "player (3)": "play (2)", "play (3)")."""
    plain = [name[:n] for name in names]
    cuts: list[str] = []
    for i, name in enumerate(names):
        others = {cut for j, cut in enumerate(plain) if j != i and names[j] != name}
        shown = plain[i]
        if shown in others:
            # Its last word first (with the space before it), the shortest that fits; else its last letters.
            words = [name[-k:] for k in range(2, min(n, len(name))) if name[-k] == " "]
            ends = [*words, *(name[-k:] for k in range(1, n))]
            cands = (name[: n - len(end)].rstrip() + end for end in ends)
            shown = next((c for c in cands if c not in others and c not in cuts), shown)
        cuts.append(shown)
    return cuts

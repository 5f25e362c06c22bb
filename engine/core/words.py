"""Counted words for the engines' texts (one helper, so no game writes "card(s)"), and lists of
alternatives."""

from __future__ import annotations

from collections.abc import Sequence


def count(n: int, word: str, many: str = "") -> str:
    """`n` and `word` in the right number: "1 card", "0 cards", "4 cards"; `many` gives an
    irregular plural ("2 dice" from ``count(2, "die", "dice")``)."""
    return f"{n} {word if n == 1 else (many or word + 's')}"


def players_text(seats: range) -> str:
    """A seat range in words: "2 players", "2 to 6 players"."""
    lo, hi = seats.start, seats.stop - 1
    return count(lo, "player") if lo == hi else f"{lo} to {hi} players"


def one_of(words: Sequence[str]) -> str:
    """Alternatives in words: "easy, normal, hard or expert"; "easy" alone."""
    return words[-1] if len(words) < 2 else f"{', '.join(words[:-1])} or {words[-1]}"

"""A small deterministic random number generator whose whole state is one integer.

Games keep an `Rng` inside their state so that shuffles and dice are part of the saved game:
the same seed and the same actions give the same game on any machine and any Python version.
The generator is SplitMix64 (public domain, Steele/Lea/Flood 2014): tiny, fast in pure Python,
and good enough for shuffling cards. Never use the `random` module inside the engine.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

import attrs

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


@attrs.define(slots=True)
class Rng:
    """SplitMix64. `state` is the only field, so saving and cloning are trivial."""

    state: int = 0

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        # Mix the seed once so that seeds 1, 2, 3 do not start with related outputs.
        r = cls((seed * _GOLDEN) & _MASK)
        r.next64()
        return r

    def next64(self) -> int:
        z = (self.state + _GOLDEN) & _MASK
        self.state = z
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n). Lemire's multiply-shift; the bias is below n / 2**64."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        return (self.next64() * n) >> 64

    def randint(self, lo: int, hi: int) -> int:
        """A uniform integer in [lo, hi], both ends included (a die is randint(1, 6))."""
        return lo + self.below(hi - lo + 1)

    def random(self) -> float:
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, items: Sequence[T]) -> T:
        """`items[below(len(items))]`, with `next64` written out: every random playout (the
        bench's, the AI's) picks each move with it."""
        n = len(items)
        if n <= 0:
            raise ValueError("choice() needs a non-empty sequence")
        z = (self.state + _GOLDEN) & _MASK
        self.state = z
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return items[((z ^ (z >> 31)) * n) >> 64]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates, in place; `below(i + 1)` for each swap, written out inline because
        shuffles are the bulk of a game's set-up (the sequence is the same, a test pins it)."""
        z0 = self.state
        for i in range(len(items) - 1, 0, -1):
            z0 = (z0 + _GOLDEN) & _MASK
            z = ((z0 ^ (z0 >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            j = ((z ^ (z >> 31)) * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]
        self.state = z0

    def fork(self) -> Rng:
        """An independent generator derived from this one (advances this one by one step)."""
        return Rng(self.next64())

    def copy(self) -> Rng:
        return Rng(self.state)

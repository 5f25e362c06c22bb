"""Hundreds of damaged saves of every game: each is one line in the list, never a crash, a hang
or a changed file.

Real saves (a game part-way through, for every registered game and the toy game) are damaged in
seeded ways — cut short, bytes flipped, values swapped for other types, huge or odd numbers,
keys deleted, strange unicode, series that do not fit — and every variant goes through the same
path the menu, the Load screen and `rivals resume` use: `SaveStore.list` and `SaveStore.load`.
"""

from __future__ import annotations

import copy
import hashlib
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engine.core import Rng, SeatSpec
from engine.core.match import Match
from engine.registry import GAMES
from saves.codec import dumps
from saves.errors import SaveError
from saves.store import SaveStore
from tests.saves.helpers import GOOF

ALL_GAMES: dict[str, Any] = {**GAMES, "goofspiel": GOOF}
VARIANTS_PER_GAME = 300
# A guard against a hang (which shows up as a failure, not a stuck run), not a speed figure:
# generous enough that a machine at load 20 never trips it. Speed is `python -m saves.bench`.
SLOWEST_LOAD = 30.0  # seconds

ODD_VALUES: list[Any] = [
    None, True, False, 0, -1, 1.5, float("1e308"), 2**64, -(2**64), 10**40, "", "x", "\u0000",
    "\ud800", "\U0001f600" * 50, "[/]", "\x1b]0;pwned\x07", [], {}, [[[[]]]], {"a": {"b": {}}},
]  # fmt: skip
HUGE_DIGITS = "9" * 5000


def _real_save(game_id: str) -> str:
    """A game of `game_id` part-way through (random legal moves), as a save file's text."""
    game = ALL_GAMES[game_id]
    n = game.players.start if game.players.start >= 2 else 2
    m = Match.new(game, game.Options(), [SeatSpec(f"P{i}", "human") for i in range(n)], 11)
    rng = Rng.from_seed(11)
    while not m.over and len(m.history) < 25:
        owing = m.to_act()
        seat = owing[rng.below(len(owing))]
        legal = list(m.legal(seat))
        m.submit(seat, legal[rng.below(len(legal))])
    return dumps(m)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*prefix, i))
    return out


def _get(value: Any, path: tuple[Any, ...]) -> Any:
    for p in path:
        value = value[p]
    return value


def _set(root: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    _get(root, path[:-1])[path[-1]] = new
    return root


def _delete(root: Any, path: tuple[Any, ...]) -> Any:
    if not path:
        return {}
    parent = _get(root, path[:-1])
    if isinstance(parent, dict):
        del parent[path[-1]]
    else:
        parent.pop(path[-1])
    return root


def _text_damage(text: str, rng: Rng) -> bytes:
    data = bytearray(text.encode("utf-8"))
    kind = rng.below(5)
    if kind == 0:  # cut short, as by a full disk without the atomic rename
        return bytes(data[: rng.below(len(data))])
    if kind == 1:  # flipped bits
        for _ in range(1 + rng.below(8)):
            data[rng.below(len(data))] ^= 1 << rng.below(8)
        return bytes(data)
    if kind == 2:  # a run of bytes overwritten with garbage
        start = rng.below(len(data))
        for i in range(start, min(len(data), start + 1 + rng.below(40))):
            data[i] = rng.below(256)
        return bytes(data)
    if kind == 3:  # a number made enormous in the text (no Python int could be parsed from it)
        at = text.find(": ", rng.below(len(text)))
        at = at if at >= 0 else text.find(": ")
        return (text[: at + 2] + HUGE_DIGITS + text[at + 2 :]).encode()
    return bytes(data) + bytes(rng.below(256) for _ in range(1 + rng.below(20)))  # trailing junk


def _json_damage(text: str, rng: Rng) -> bytes:
    data = json.loads(text)
    paths = _paths(data)
    path = paths[rng.below(len(paths))]
    kind = rng.below(6)
    if kind == 0:
        data = _delete(data, path)
    elif kind == 1:
        data = _set(data, path, copy.deepcopy(ODD_VALUES[rng.below(len(ODD_VALUES))]))
    elif kind == 2:  # a number nudged: off by one, negated, or far too large
        old = _get(data, path)
        if type(old) is int:
            data = _set(data, path, [old + 1, old - 1, -old, old * 10**30][rng.below(4)])
        else:
            data = _set(data, path, 10**100)
    elif kind == 3:  # series that do not fit the game or the table
        results = [[rng.below(50) for _ in range(1 + rng.below(6))] for _ in range(rng.below(4))]
        data["series"] = {"games": rng.below(5), "points": rng.below(3) * 40, "results": results}
    elif kind == 4:  # seats: too many, too few, renamed oddly, duplicated
        seats = data["seats"]
        choice = rng.below(4)
        if choice == 0:
            seats.append(dict(seats[0]))
        elif choice == 1 and len(seats) > 1:
            seats.pop()
        elif choice == 2:
            seats[0]["name"] = ODD_VALUES[rng.below(len(ODD_VALUES))]
        else:
            seats[-1]["name"] = seats[0]["name"]
    else:  # a whole section swapped for another section's value
        keys = list(data) if isinstance(data, dict) else []
        if len(keys) >= 2:
            a, b = keys[rng.below(len(keys))], keys[rng.below(len(keys))]
            data[a], data[b] = data[b], data[a]
    return json.dumps(data, ensure_ascii=rng.below(2) == 0, allow_nan=True).encode("utf-8", "surrogatepass")


DAMAGES: list[Callable[[str, Rng], bytes]] = [_text_damage, _json_damage]


@pytest.mark.parametrize("game_id", sorted(ALL_GAMES))
def test_damaged_saves_are_one_line_each_never_a_crash_hang_or_change(tmp_path: Path, game_id: str) -> None:
    good = _real_save(game_id)
    rng = Rng.from_seed(len(game_id) * 1009)
    store = SaveStore(tmp_path, games=ALL_GAMES)
    variants: dict[str, bytes] = {}
    for n in range(VARIANTS_PER_GAME):
        variants[f"v{n:03d}"] = DAMAGES[n % 2](good, rng)
    for name, data in variants.items():
        store.path(name).write_bytes(data)
    digests = {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in tmp_path.iterdir()}

    started = time.monotonic()
    infos = store.list()  # what the menu, the Load screen and `rivals list` read
    assert sorted(i.name for i in infos) == sorted(variants)
    assert store.latest() is None or store.latest().error is None

    loaded = refused = 0
    for info in infos:
        t0 = time.monotonic()
        try:
            store.load(info.name)  # what Load and `rivals resume` do
        except SaveError as exc:
            refused += 1
            line = str(exc)
            assert "\n" not in line and line.startswith(f"{info.name}.json: "), line
            assert info.error is not None  # the list said it was damaged too
        else:
            loaded += 1  # some damage is harmless (a flipped bit in "progress", say)
            assert info.error is None
        assert time.monotonic() - t0 < SLOWEST_LOAD, f"{info.name} took too long"

    after = {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in tmp_path.iterdir()}
    assert after == digests, "reading a save changed a file"
    print(
        f"{game_id}: {len(variants)} damaged variants, {refused} refused with one line, {loaded} still load"
    )
    assert refused >= len(variants) * 0.7
    assert time.monotonic() - started < 10 * SLOWEST_LOAD

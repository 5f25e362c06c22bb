"""Finished games in a save folder, for the statistics' tests: seeded random games played to
their end, each saved as last written on a given day (the statistics go by that date)."""

from __future__ import annotations

from engine.core import Rng
from engine.core.match import Match
from saves import codec
from saves.store import SaveStore


def finish(m: Match, seed: int) -> Match:
    """`m` played on to its end with seeded random legal decisions."""
    rng = Rng.from_seed(seed)
    while not m.over:
        seat = m.to_act()[0]
        m.submit(seat, rng.choice(list(m.legal(seat))))
    return m


def put(store: SaveStore, name: str, match: Match, day: int) -> None:
    """`match` saved as `name`, last written on day `day` of December 2026."""
    envelope = codec.dump_match(match)
    envelope["updated"] = f"2026-12-{day:02d}T12:00:00+00:00"
    store.root.mkdir(parents=True, exist_ok=True)
    store.path(name).write_text(codec.layout(envelope, ascii_only=False), encoding="utf-8")

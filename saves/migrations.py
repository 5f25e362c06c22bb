"""Upgrading old save files, one format version at a time, on the raw JSON dict.

`MIGRATIONS[n]` turns a format-`n` envelope into a format-`n + 1` one. Loading applies them in
order until the file reaches the current version, so a migration only ever has to know about
two neighbouring shapes. Migrations work on plain dicts (never on engine objects) and must not
touch the file: the upgraded form is written back only when the game is next saved.

Format history
--------------
0  The development draft, written by builds before the first release::

       {"format_version": 0, "app_version": str, "game": str, "options": {...},
        "seats": [{"name", "kind", "level"}], "seed": int,
        "moves": [[seat, {"type": str, ...fields}], ...],
        "state": {...the final state...}, "saved": ISO time}

   It had no series, no status or progress text, and a single timestamp.

1  The current envelope (see `saves.codec`): moves became ``actions`` as
   ``{"seat", "action"}`` objects, ``state`` became ``snapshot``, ``saved`` split into
   ``created`` and ``updated``, and ``series``, ``status`` and ``progress`` were added.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Envelope = dict[str, Any]


class MigrationFault(Exception):
    """An old file is missing something its format always had; the message says what."""


def _require(data: Envelope, key: str, version: int) -> Any:
    if key not in data:
        raise MigrationFault(f"a format-{version} save needs a {key!r} field and this one has none")
    return data[key]


def _v0_to_v1(data: Envelope) -> Envelope:
    moves = _require(data, "moves", 0)
    if not isinstance(moves, list):
        raise MigrationFault("'moves' should be a list of [seat, action] pairs")
    actions = []
    for i, move in enumerate(moves, start=1):
        if not (isinstance(move, list) and len(move) == 2):
            raise MigrationFault(f"move {i} should be a [seat, action] pair")
        actions.append({"seat": move[0], "action": move[1]})
    saved = _require(data, "saved", 0)
    out = {k: v for k, v in data.items() if k not in ("moves", "state", "saved")}
    out.update(
        format_version=1,
        actions=actions,
        snapshot=_require(data, "state", 0),
        # Format 0 only saved single games.
        series={"games": 1, "points": 0, "results": []},
        # Both are recomputed from the replayed game on load; these only fill the shape.
        status="in progress",
        progress="",
        created=saved,
        updated=saved,
    )
    return out


MIGRATIONS: dict[int, Callable[[Envelope], Envelope]] = {0: _v0_to_v1}


def migrate(data: Envelope, version: int, target: int) -> Envelope:
    """Bring `data` (at format `version`) up to format `target`. Raises MigrationFault."""
    while version < target:
        step = MIGRATIONS.get(version)
        if step is None:
            raise MigrationFault(f"format {version} is too old for this Rivals to read")
        try:
            data = step(data)
        except MigrationFault:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            raise MigrationFault(f"the format-{version} save could not be upgraded ({exc})") from None
        version += 1
        data["format_version"] = version
    return data

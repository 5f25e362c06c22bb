"""The book of Rivality: the four kinds of tile and every one of the 25 tiles with its spells,
named as the board names a tile in hand ("Cottage L1x1 F2x3 R2x2": edge, golems x distance)."""

from __future__ import annotations

from collections import Counter

from engine.core.words import count
from engine.rivality.data import (
    EDGE_NAMES,
    KIND_SHIELDS,
    KIND_VALUE,
    MANA_WELL,
    SHIELD_BREAKING_DISTANCE,
    TILES,
    WELL,
    Tile,
)
from rivals_tui.games.book import Entry
from rivals_tui.games.rivality.texts import spell_tokens

KIND_NOTES = {
    WELL: "The starting tile of the game for two to four, with no spells; absent in solo. Its holder "
    "also scores the contested tiles where they are level with the leaders, and wins a tie.",
}


def kind_text(kind: str, many: int) -> str:
    shields = KIND_SHIELDS[kind]
    guard = (
        f" {count(shields, 'shield')}: a spell landing here against the side that controls it loses "
        f"{count(shields, 'golem')}, unless it comes from {SHIELD_BREAKING_DISTANCE} squares away."
        if shields
        else ""
    )
    note = KIND_NOTES.get(kind, f"{many} of them: half in each pile.")
    return f"Worth {count(KIND_VALUE[kind], 'point')} to the side controlling it.{guard}\n{note}"


def tile_text(t: Tile) -> str:
    lines = [f"{t.kind}, worth {count(t.value, 'point')}, {count(t.shields, 'shield')}."]
    lines.append(f"In pile {t.pile}." + (" The star tile." if t.star else "") if t.pile else "")
    for edge, spell in zip(EDGE_NAMES, t.edges, strict=True):
        if spell is None:
            lines.append(f"  {edge}: no spell")
            continue
        golems, distance = spell
        past = " (ignores shields)" if distance >= SHIELD_BREAKING_DISTANCE else ""
        lines.append(f"  {edge}: {count(golems, 'golem')} {count(distance, 'square')} away{past}")
    return "\n".join(line for line in lines if line)


def entries() -> list[Entry]:
    many = Counter(t.kind for t in TILES)
    kinds = list(KIND_VALUE)
    out = [Entry("Kinds of tile", k, kind_text(k, many[k])) for k in kinds]
    for t in (t for t in TILES if t.id != MANA_WELL):  # the Mana Well is among the kinds
        name = f"{t.kind} {spell_tokens(t.id)}".strip() + (" (star)" if t.star else "")
        out.append(Entry("Tiles", name, tile_text(t)))
    return out

"""No text a player reads says "card(s)" or "hex(es)": counts go through engine.core.count."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HEDGED = re.compile(r"[A-Za-z]\((s|es)\)")


def hedged_plurals(path: Path) -> list[str]:
    """Every string in `path` (f-string parts included, docstrings left out) with a hedged plural."""
    source = path.read_text(encoding="utf-8")
    if not HEDGED.search(source):
        return []  # (most files: a string holding one has it in the source text too)
    tree = ast.parse(source)
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    found = []
    for node in ast.walk(tree):
        text = node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else ""
        # Generated source (the copier's "def copy(s):") is not a text anyone reads.
        if id(node) not in docstrings and HEDGED.search(text) and not text.startswith("def "):
            found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {text!r}")
    return found


def test_no_hedged_plurals_in_what_players_read() -> None:
    found = [
        hit
        for folder in ("engine", "rivals_tui", "rivals_net", "saves")
        for path in sorted((ROOT / folder).rglob("*.py"))
        for hit in hedged_plurals(path)
    ]
    assert not found, "\n".join(found)


def test_one_of_a_thing_is_said_in_the_singular() -> None:
    """Counts that reach 1 in play read "1 card", "1 tile": the saved-games status of Rival
    Realms and Rivality, and a Rivals zone card that drops a single tile."""
    from engine.core import Event
    from engine.registry import GAMES
    from engine.rivals.data.board import ZONE_CARDS
    from engine.rivals.rules.flow import phase4
    from engine.rivals.state import Task

    realms = GAMES["rival_realms"]
    s = realms.setup(realms.Options(), 2, 1)
    s.phase, s.turns, s.deck = "turn", [3, 2], s.deck[:1]
    assert realms.progress(s) == "turn 3, 1 card in the deck"

    rivality = GAMES["rivality"]
    r = rivality.setup(rivality.Options(), 2, 1)
    r.piles = [[], [r.piles[0][0]]]
    r.hands = [[] for _ in r.hands]
    assert rivality.progress(r) == "turn 1, 1 tile to play"
    r.phase, r.turns = "over", 1
    assert rivality.progress(r) == "finished after 1 turn"

    rivals = GAMES["rivals"]
    v = rivals.setup(rivals.Options(), 2, 1)
    single = next(z for z in ZONE_CARDS if len(z.drops) == 1)
    v.round, v.zone_deck = 1, [single.id]  # round 1 shows one zone card
    lines = [e.text for e in phase4(v, Task("p4")) if isinstance(e, Event)]
    assert f"Zone card {single.id + 1} (era {single.era}) drops tile {single.drops[0]}." in lines

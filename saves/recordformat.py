"""The two forms of a game record (saves.gamerecord): text for people, JSON for programs, both
written and read here. Reading checks the form only; `gamerecord.replay` judges the moves.

Text, one field or move a line; `#` begins a comment (descriptions, the score by category,
notes), which reading skips:

    record 1                        the form's version
    game rivals                     the game's id
    options setup=standard drone=off      every option as NAME=VALUE (as `rivals new --option`)
    seat p1 human "Ann"             one line per seat, in order: a person, or
    seat p2 ai hard "AI 2"          an AI and its level; the name in JSON's quotes
    seed 4
    date 2026-11-29T19:30:00+00:00  when the game began, and when it was last saved (optional)
    updated 2026-11-29T20:10:02+00:00
    series games 3                  a game of a series (`series points 50`), with each earlier
    earlier 31 27                   game's scores (only for a series)
    status finished                 or unfinished
    moves 212                       how many moves follow (a shorter file was cut off)
    # Set-up
    0.0 p1: ashak 3  # Choose Orrin
    # Round 1
    1.1 p2: uninstall 4             round.turn, the seat, the move in the game's notation
    1.1 p1 by ai: wait              a decision the AI made for a player who was away
    scores 31 27                    a finished game's scores, seat by seat,
    winners p1                      and its winners ("none" for none)

Turn 0 is a move in no seat's turn (a secret choice made by all, the start or end of a round).
A person may write a record by hand: the round.turn labels, `record`, `date`, `updated`,
`status` and `moves` may be left out, and a move may be written in any case and spacing.

JSON, one object (`to_json`): "format" ("rivals game record"), "format_version" (1),
"app_version" (the Rivals that wrote it), "game", "title", "options" (name to value, each a text
as after `--option`), "seats" (in order, each {"seat": "p1", "name", "kind": "human" or "ai",
"level" for an AI}), "seed", "date" and "updated" (when known), "series" ({"games", "points",
"earlier": [scores of each earlier game]}, only for a series), "status" ("finished" or
"unfinished"), "moves" (each {"number", "round", "turn", "seat": "p1", "move": the notation,
"description"}, with "by": "ai" for a decision the AI made for a player who was away), and for a
finished game "result" ({"scores", "winners": ["p1"], "lines": the score by category, each
{"label", "values"}, "tiebreak"}). Reading needs "format", "format_version", "game", "options",
"seats", "seed" and "moves" (each its "seat" and "move"); the rest is for readers.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import engine
from engine.core.game import SeatSpec
from saves.gamerecord import GameRecord, Move, seat_word

__all__ = ["FORMAT_NAME", "MAX_RECORD_BYTES", "RECORD_VERSION", "to_json", "to_text"]

FORMAT_NAME = "rivals game record"
RECORD_VERSION = 1
# The longest games write a few hundred kilobytes; a file far larger is no record, and reading it
# whole would only eat the memory.
MAX_RECORD_BYTES = 8 * 1024 * 1024


# -- writing -----------------------------------------------------------------------------------


def _quoted(text: str) -> str:
    """`text` in JSON's quotes, with every character a terminal would not print as itself
    (controls, formatting marks, lone surrogates) written as a \\u escape: it reads back the
    same, and printing the record sends no terminal codes."""
    return _printable(json.dumps(text, ensure_ascii=False))


def _printable(text: str) -> str:
    """JSON text with the characters that are not printable inside its strings escaped. (Outside
    its strings JSON written by `json.dumps` holds only printable ASCII and line ends.)"""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() or c == "\n" else json.dumps(c)[1:-1] for c in text)


def _gist(text: str, width: int = 80) -> str:
    """The head of a move's description, for a comment: up to its first colon or full stop."""
    for mark in (": ", ". "):
        text = text.split(mark, 1)[0]
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 3] + "..."


def _seat_line(i: int, spec: SeatSpec) -> str:
    who = f"ai {spec.level}" if spec.is_ai else spec.kind
    return f"seat {seat_word(i)} {who} {_quoted(spec.name)}"


def to_text(record: GameRecord, title: str = "", intro: Sequence[str] | None = None) -> str:
    """The record as text (the module's docstring). `intro`: the comment lines heading it."""
    if intro is None:
        intro = (
            f"# A {title or record.game} game record from Rivals {engine.__version__}: every move in the "
            "game's notation,",
            "# numbered round.turn, with the seat that made it. Read back, every move checked, by:",
            "#   rivals import FILE",
        )
    lines = [*intro, f"record {RECORD_VERSION}", f"game {record.game}"]
    lines.append(" ".join(("options", *record.options)))
    lines += [_seat_line(i, spec) for i, spec in enumerate(record.seats)]
    lines.append(f"seed {record.seed}")
    times = (("date", record.date), ("updated", record.updated))
    lines += [f"{key} {value}" for key, value in times if value]
    series = record.series
    if not series.is_single:
        lines.append(f"series games {series.games}" if series.games > 1 else f"series points {series.points}")
        lines += [f"earlier {' '.join(map(str, scores))}" for scores in series.results]
    lines += [f"{key} {value}" for key, value in record.extra]
    lines.append(f"status {'finished' if record.finished else 'unfinished'}")
    lines.append(f"moves {len(record.moves)}")
    width = max((len(f"{m.round}.{m.turn}") for m in record.moves), default=0)
    shown_round = -1
    for m in record.moves:
        if m.round != shown_round:
            shown_round = m.round
            lines.append("# Set-up" if m.round == 0 else f"# Round {m.round}")
        by = " by ai" if m.stand_in else ""
        note = f"  # {_gist(m.note)}" if m.note else ""
        lines.append(f"{f'{m.round}.{m.turn}':<{width}} {seat_word(m.seat)}{by}: {m.text}{note}")
    if record.finished:
        lines.append(f"scores {' '.join(map(str, record.scores or ()))}")
        lines.append(f"winners {' '.join(map(seat_word, record.winners or ())) or 'none'}")
        for ln in record.lines:
            lines.append(f"# {ln.label}: {' '.join(ln.shown or tuple(map(str, ln.values)))}")
        if record.tiebreak:
            lines.append(f"# tie-break: {record.tiebreak}")
    return "\n".join(" ".join(ln.split("\n")) for ln in lines) + "\n"


def to_json(record: GameRecord, title: str = "") -> str:
    """The record as JSON (the module's docstring): one field a line, one move a line."""
    fields: dict[str, Any] = {
        "format": FORMAT_NAME,
        "format_version": RECORD_VERSION,
        "app_version": engine.__version__,
        "game": record.game,
        "title": title or record.game,
        "options": dict(item.split("=", 1) for item in record.options),
        "seats": [_seat_json(i, spec) for i, spec in enumerate(record.seats)],
        "seed": record.seed,
    }
    for key, value in (("date", record.date), ("updated", record.updated)):
        if value:
            fields[key] = value
    series = record.series
    if not series.is_single:
        fields["series"] = {"games": series.games, "points": series.points, "earlier": series.results}
    fields["status"] = "finished" if record.finished else "unfinished"
    moves = [_move_json(n, m) for n, m in enumerate(record.moves, 1)]
    if record.finished:
        fields["result"] = {
            "scores": record.scores,
            "winners": [seat_word(w) for w in record.winners or ()],
            "lines": [{"label": ln.label, "values": ln.values} for ln in record.lines],
            "tiebreak": record.tiebreak,
        }
    dump = json.JSONEncoder(ensure_ascii=False, separators=(", ", ": ")).encode
    out = [f" {dump(key)}: {dump(value)}" for key, value in fields.items() if key != "result"]
    listed = ",\n  ".join(dump(m) for m in moves)
    out.append(f' "moves": [\n  {listed}\n ]' if moves else ' "moves": []')
    if "result" in fields:
        out.append(f' "result": {dump(fields["result"])}')
    return _printable("{\n" + ",\n".join(out) + "\n}\n")


def _seat_json(i: int, spec: SeatSpec) -> dict[str, Any]:
    seat: dict[str, Any] = {"seat": seat_word(i), "name": spec.name, "kind": spec.kind}
    if spec.is_ai:
        seat["level"] = spec.level
    return seat


def _move_json(n: int, m: Move) -> dict[str, Any]:
    entry: dict[str, Any] = {"number": n, "round": m.round, "turn": m.turn, "seat": seat_word(m.seat)}
    entry["move"] = m.text
    if m.stand_in:
        entry["by"] = "ai"
    entry["description"] = " ".join(m.note.split())
    return entry

"""Broken save files: each fault is one clear line naming the file, and the file is left alone."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from saves.codec import dumps
from saves.errors import SaveError
from saves.store import SaveStore
from tests.saves.helpers import GOOF_GAMES, goof_match

# Two rounds of a two-seat game: both bid 1 (a tie), then seat 0 bids 2 and seat 1 bids 3.
MOVES = [(0, 1), (1, 1), (0, 2), (1, 3)]
GOOD = dumps(goof_match(MOVES))


def _finished_text() -> str:
    m = goof_match([(0, c) if i % 2 == 0 else (1, c) for i, c in enumerate([1, 1, 2, 2, 3, 3, 4, 4, 5, 5])])
    assert m.over
    return dumps(m)


def edit(change: Callable[[dict[str, Any]], None], base: str = GOOD) -> bytes:
    data = json.loads(base)
    change(data)
    return json.dumps(data, indent=1).encode()


def _cut(text: str) -> tuple[bytes, int]:
    """The first half of a save, as a crash or a full disk would leave it, and its last line."""
    head = text[: len(text) // 2]
    return head.encode(), head.rstrip().count("\n") + 1


CUT, CUT_LINE = _cut(GOOD)


def _append_move(d: dict[str, Any]) -> None:
    d["actions"].append({"seat": 0, "action": {"type": "Bid", "card": 1}})


CASES: list[tuple[str, bytes, str]] = [
    ("empty", b"", "not a Rivals save (the file is empty)"),
    ("blank", b"  \n\n", "not a Rivals save (the file is empty)"),
    ("truncated", CUT, f"not a Rivals save (the JSON is cut off at line {CUT_LINE})"),
    ("not-json", b"hello there\n", "not a Rivals save (bad JSON at line 1, column 1: expecting value)"),
    ("binary", b"\x89PNG\r\n\x1a\n\xff\xfe", "not a Rivals save (it is not a text file)"),
    ("a-list", b"[1, 2, 3]", "not a Rivals save (the JSON holds a list, not a saved game)"),
    ("no-version", edit(lambda d: d.pop("format_version")), "not a Rivals save (it has no format_version)"),
    (
        "newer-format",
        edit(lambda d: d.update(format_version=3)),
        "made by a newer Rivals (format 3); this version reads up to 1",
    ),
    (
        "version-as-text",
        edit(lambda d: d.update(format_version="1")),
        'not a Rivals save (format_version should be a whole number, not "1")',
    ),
    ("missing-key", edit(lambda d: d.pop("snapshot")), "not a Rivals save (missing snapshot)"),
    (
        "unknown-game",
        edit(lambda d: d.update(game="chess")),
        'unknown game "chess" (this Rivals knows: goofspiel)',
    ),
    (
        "option-wrong-type",
        edit(lambda d: d["options"].update(cards="five")),
        'options.cards: expected a whole number, got "five"',
    ),
    ("option-misspelt", edit(lambda d: d["options"].update(cardz=5)), "options: unexpected field cardz"),
    (
        "options-not-object",
        edit(lambda d: d.update(options=5)),
        "options: expected an object with GoofOptions fields, got 5",
    ),
    ("seed-as-text", edit(lambda d: d.update(seed="5")), 'seed: expected a whole number, got "5"'),
    ("seed-fraction", edit(lambda d: d.update(seed=5.5)), "seed: expected a whole number, got 5.5"),
    ("seats-as-text", edit(lambda d: d.update(seats="Ada, Bram")), 'seats: expected a list, got "Ada, Bram"'),
    (
        "seat-name-missing",
        edit(lambda d: d["seats"][1].pop("name")),
        "seats[1].name: this field is missing",
    ),
    (
        "seat-kind",
        edit(lambda d: d["seats"][1].update(kind="robot")),
        'seats[1].kind: expected "human" or "ai", got "robot"',
    ),
    (
        "seat-level",
        edit(lambda d: d["seats"][1].update(level="master")),
        'seats[1].level: expected easy, normal, hard or expert, got "master"',
    ),
    (
        "too-few-seats",
        edit(lambda d: d.update(seats=d["seats"][:1])),
        "Goofspiel is for 2-4 players, but this save has 1 seat",
    ),
    (
        "series-results",
        edit(lambda d: d["series"].update(results=[[3, "x"]])),
        'series.results[0][1]: expected a whole number, got "x"',
    ),
    ("status-not-text", edit(lambda d: d.update(status=3)), "status: expected a text in quotes, got 3"),
    ("actions-not-list", edit(lambda d: d.update(actions={})), "actions: expected a list, got {}"),
    (
        "move-not-object",
        edit(lambda d: d["actions"].__setitem__(1, [1, 1])),
        'move 2: expected {"seat": ..., "action": ...}, got [1, 1]',
    ),
    (
        "move-seat-text",
        edit(lambda d: d["actions"][1].update(seat="1")),
        'move 2: the seat should be a whole number, not "1"',
    ),
    (
        "move-seat-absent",
        edit(lambda d: d["actions"][1].update(seat=5)),
        "move 2 is not legal: there is no seat 5 at this table",
    ),
    (
        "move-unknown-type",
        edit(lambda d: d["actions"][1]["action"].update(type="Pass")),
        'move 2: Goofspiel has no action "Pass" (it has Bid)',
    ),
    (
        "move-field-type",
        edit(lambda d: d["actions"][1]["action"].update(card="1")),
        'move 2, card: expected a whole number, got "1"',
    ),
    (
        "move-extra-field",
        edit(lambda d: d["actions"][1]["action"].update(peek=True)),
        "move 2: unexpected field peek",
    ),
    (
        # Seat 0 already spent its 1 in the first round.
        "move-hand-edited",
        edit(lambda d: d["actions"][2]["action"].update(card=1)),
        "move 3 is not legal: You have no 1 left in your hand.",
    ),
    (
        "move-out-of-turn",
        edit(lambda d: d["actions"][1].update(seat=0)),
        "move 2 is not legal: It is not your turn to decide.",
    ),
    ("move-after-end", edit(_append_move, _finished_text()), "move 11 comes after the end of the game"),
    (
        "snapshot-edited",
        edit(lambda d: d["snapshot"].update(scores=[9, 0])),
        "the saved position does not match its moves (was the file edited?)",
    ),
    (
        "snapshot-wrong-type",
        edit(lambda d: d["snapshot"]["hands"].__setitem__(0, "345")),
        'snapshot.hands[0]: expected a list, got "345"',
    ),
    (
        "options-unplayable",
        edit(lambda d: d["options"].update(cards=0)),
        "options: Cards must be a whole number from 2 to 13.",
    ),
    (
        "format0-without-moves",
        edit(lambda d: [d.clear(), d.update(format_version=0, game="goofspiel", saved="x")]),
        "a format-0 save needs a 'moves' field and this one has none",
    ),
]


def _snapshot_folder(folder: Path) -> dict[str, tuple[bytes, int]]:
    return {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in sorted(folder.iterdir())}


@pytest.mark.parametrize(("content", "fault"), [pytest.param(c, f, id=i) for i, c, f in CASES])
def test_bad_file_gives_one_line_and_is_left_untouched(tmp_path: Path, content: bytes, fault: str) -> None:
    store = SaveStore(tmp_path, games=GOOF_GAMES)
    store.path("autumn").write_bytes(content)
    before = _snapshot_folder(tmp_path)

    with pytest.raises(SaveError) as err:
        store.load("autumn")

    assert str(err.value) == f"autumn.json: {fault}"
    assert "\n" not in str(err.value)
    assert (err.value.source, err.value.fault) == ("autumn.json", fault)
    # Not a byte changed, nothing renamed, no backup or temporary file left behind.
    assert _snapshot_folder(tmp_path) == before


def test_the_unedited_file_loads() -> None:
    """The fixture every bad case starts from is itself fine, so each case tests only its fault."""
    from saves.codec import loads

    m = loads(GOOD, games=GOOF_GAMES)
    # The tied first round gave nobody the prize; seat 1's 3 beat seat 0's 2 for the second.
    assert m.state.scores == [0, m.state.shown[1]]
    assert [a.card for _, a in m.history] == [1, 1, 2, 3]


def test_byte_order_mark_from_an_editor_is_accepted(tmp_path: Path) -> None:
    store = SaveStore(tmp_path, games=GOOF_GAMES)
    store.path("bom").write_bytes(b"\xef\xbb\xbf" + GOOD.encode())
    assert store.load("bom").history == goof_match(MOVES).history


def test_missing_save_and_bad_name(tmp_path: Path) -> None:
    store = SaveStore(tmp_path, games=GOOF_GAMES)
    with pytest.raises(SaveError, match=r"^nothing\.json: no such save in "):
        store.load("nothing")
    with pytest.raises(SaveError, match=r"^\.\./evil: not a valid save name"):
        store.load("../evil")


def test_list_shows_a_corrupt_file_beside_good_ones(tmp_path: Path) -> None:
    store = SaveStore(tmp_path, games=GOOF_GAMES)
    store.save("good", goof_match(MOVES))
    store.path("broken").write_bytes(CUT)
    store.path("edited").write_bytes(edit(lambda d: d["actions"][2]["action"].update(card=1)))

    infos = {i.name: i for i in store.list()}

    assert set(infos) == {"good", "broken", "edited"}
    assert infos["good"].error is None
    assert infos["good"].players == ("Ada", "Bram")
    assert infos["broken"].error == f"broken.json: not a Rivals save (the JSON is cut off at line {CUT_LINE})"
    assert infos["edited"].error == "edited.json: move 3 is not legal: You have no 1 left in your hand."
    # The game is still named when the file says which it is.
    assert (infos["edited"].game_id, infos["edited"].title) == ("goofspiel", "Goofspiel")
    assert infos["broken"].game_id == ""
    # And the good save is still the one Continue offers.
    latest = store.latest()
    assert latest is not None and latest.name == "good"


def test_unplayable_options_are_listed_as_damaged(tmp_path: Path) -> None:
    store = SaveStore(tmp_path, games=GOOF_GAMES)
    store.save("four", goof_match([], cards=4))
    store.path("odd").write_bytes(edit(lambda d: d["options"].update(cards=-3)))
    infos = {i.name: i for i in store.list()}
    assert infos["four"].error is None and infos["four"].progress == "0 moves made"
    assert infos["odd"].error == "odd.json: options: Cards must be a whole number from 2 to 13."


def test_a_game_saved_under_older_rules_says_so_and_is_left_alone(tmp_path: Path) -> None:
    # Saved by Rivals 0.1.0 before Rival Kings' payment, Merchant and tied-rank corrections: its
    # moves no longer lead to its saved position. The player is told why in one line.
    from saves.codec import loads
    from saves.errors import SaveError

    fixture = Path(__file__).parent / "fixtures" / "rival_kings-0.1.0.json"
    before = fixture.read_bytes()
    with pytest.raises(SaveError) as err:
        loads(before, source="old.json")
    line = str(err.value)
    assert line.startswith(
        "old.json: saved by Rivals 0.1.0 under rules of Rival Kings that have been corrected"
    )
    assert "\n" not in line
    assert fixture.read_bytes() == before

"""Game records (saves.gamerecord, saves.recordformat, saves.recordread): for every game a record
written and read back, in both forms, replays to the very game it was made from; moves are
numbered by each game's rounds and turns; every fault of a record is one sentence naming its line
or move."""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Sequence
from pathlib import Path

import attrs
import pytest

from engine.core import SeatSpec
from engine.core.match import Match, Series
from saves.codec import dumps
from saves.gamerecord import GameRecord, Move, RecordError, record_of, replay
from saves.recordformat import MAX_RECORD_BYTES, to_json, to_text
from saves.recordread import read, read_file
from tests.saves.helpers import GOOF, GOOF_GAMES, assert_same_match, goof_match
from tests.support import golden

FILES = sorted(golden.GOLDEN.glob("*.txt"))
DATE, UPDATED = "2026-11-29T19:30:00+00:00", "2026-11-30T08:05:12+00:00"
# Names a record must carry exactly: quotes and a hash (the comment mark), letters and a symbol
# outside ASCII, and an escape sequence, which a printed record must show escaped, never send.
NAMES = ('Ann "the Bold" #1', "Zoë 🎲", "Bot\x1b[31m", "Dov\u202e", "Eli", "Fen")
KINDS = (("human", "normal"), ("ai", "hard"), ("ai", "easy"), ("human", "normal"))


def table(n: int) -> list[SeatSpec]:
    return [SeatSpec(NAMES[i], *KINDS[i % len(KINDS)]) for i in range(n)]


def golden_game(path: Path, upto: int | None = None) -> Match:
    """The golden game of `path` at our table, to its end or its first `upto` moves."""
    m = golden.replay(path, table(golden.read(path).header.seats))
    if upto is not None:
        m.undo(upto)
    return m


def written(record: GameRecord, form: str) -> str:
    return to_text(record, "A game") if form == "text" else to_json(record, "A game")


def round_trip(m: Match, form: str) -> tuple[Match, GameRecord, str]:
    record = record_of(m, date=DATE, updated=UPDATED)
    text = written(record, form)
    back = read(text.encode("utf-8"), "game.txt")
    return replay(back, source="game.txt"), back, text


def assert_same_game(again: Match, m: Match) -> None:
    assert_same_match(again, m)
    for seat in [None, *range(len(m.seats))]:
        assert again.view(seat) == m.view(seat)


@pytest.mark.parametrize("form", ["text", "json"])
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_a_finished_game_exported_and_imported_is_the_same_game(path: Path, form: str) -> None:
    m = golden_game(path)
    again, back, text = round_trip(m, form)
    assert_same_game(again, m)
    assert (
        record_of(again, date=DATE, updated=UPDATED).moves == record_of(m, date=DATE, updated=UPDATED).moves
    )
    assert back.finished and (back.scores, back.winners) == (m.outcome().scores, m.outcome().winners)  # type: ignore[union-attr]
    assert (back.date, back.updated, back.seats) == (DATE, UPDATED, m.seats)
    # Printed to a terminal, a record sends no control character: the names' are escaped.
    assert all(c.isprintable() or c == "\n" for c in text)


@pytest.mark.parametrize("form", ["text", "json"])
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_an_unfinished_game_exports_up_to_now_marked_unfinished(path: Path, form: str) -> None:
    m = golden_game(path, upto=len(golden.read(path).moves) // 2)
    again, back, text = round_trip(m, form)
    assert not again.over and not back.finished and back.scores is None
    assert ("status unfinished" if form == "text" else '"status": "unfinished"') in text
    assert_same_game(again, m)


def test_the_toy_games_moves_are_numbered_from_who_moves() -> None:
    # A game without rounds of its own: each bid is a turn, a round ends when every seat has bid.
    m = goof_match([(0, 3), (1, 1), (1, 2), (0, 1), (0, 5), (1, 5)])
    moves = record_of(m).moves
    assert [(mv.round, mv.turn, mv.seat) for mv in moves] == [
        (1, 1, 0),
        (1, 2, 1),
        (2, 1, 1),
        (2, 2, 0),
        (3, 1, 0),
        (3, 2, 1),
    ]
    again = replay(read(to_text(record_of(m))), GOOF_GAMES)
    assert_same_game(again, m)


def _words(moves: Sequence[Move], first: str) -> list[Move]:
    return [mv for mv in moves if mv.text.split()[0] == first]


def _one_a_turn(moves: Sequence[Move], text: str, other: str = "") -> bool:
    """Whether each turn holds one move starting with `text` (or, instead, one starting with
    `other`); the last turn may still lack it."""
    turns = [(mv.round, mv.turn) for mv in moves if mv.turn > 0]
    marked = [(mv.round, mv.turn) for mv in moves if mv.text.startswith(text)]
    instead = {(mv.round, mv.turn) for mv in moves if other and mv.text.startswith(other)}
    return len(marked) == len(set(marked)) and set(turns) - set(marked) <= {turns[-1], *instead}


def _turn_of(moves: Sequence[Move], move: Move) -> Move:
    """The first move of `move`'s turn."""
    return next(mv for mv in moves if (mv.round, mv.turn) == (move.round, move.turn))


def _rivals(m: Match, moves: Sequence[Move]) -> None:
    setup = {"ashak", "keep", "place"}
    assert all((mv.round == 0) == (mv.text.split()[0] in setup) for mv in moves)
    assert moves[-1].round == m.state.round and _one_a_turn(moves, "end turn")
    # Another seat's pass inside a turn belongs to that turn.
    assert any(mv.turn > 0 and mv.text == "wait" for mv in moves)


def _rival_kings(m: Match, moves: Sequence[Move]) -> None:
    # The secret choice of characters is nobody's turn; each cycle's turns go on counting.
    assert all(mv.turn == 0 for mv in _words(moves, "character"))
    assert moves[-1].round == m.state.round and max(mv.turn for mv in moves) > len(m.seats)


def _rival_realms(m: Match, moves: Sequence[Move]) -> None:
    setup = {"valley", "perch", "place"}  # (the Raven may be perched again in a turn)
    assert all(mv.text.split()[0] in setup for mv in moves if mv.round == 0)
    assert all(mv.round == 0 for mv in _words(moves, "valley"))
    # A turn ends once, or by passing for good (its redraw follows the end), and an event
    # answered by the other seat belongs to the turn that drew it.
    assert moves[-1].round == max(m.state.turns) and _one_a_turn(moves, "end turn", "pass")
    assert any(mv.turn > 0 and mv.seat != _turn_of(moves, mv).seat for mv in moves)


def _rivalist(m: Match, moves: Sequence[Move]) -> None:
    # The Ages are the rounds, the wonder draft round 0; every card taken begins a turn.
    assert all((mv.round == 0) == (mv.text.startswith("pick wonder")) for mv in moves)
    assert moves[-1].round == m.state.age
    takes = [i for i, mv in enumerate(moves) if mv.text.startswith("take ")]
    assert all((moves[i].round, moves[i].turn) != (moves[i - 1].round, moves[i - 1].turn) for i in takes)


def _rivality(m: Match, moves: Sequence[Move]) -> None:
    # One tile laid a turn, all its steps by one seat; one turn a seat a round.
    assert _one_a_turn(moves, "place") and all(mv.seat == _turn_of(moves, mv).seat for mv in moves)
    assert max(mv.turn for mv in moves) == len(m.seats)


NUMBERING: dict[str, Callable[[Match, Sequence[Move]], None]] = {
    "rivals": _rivals,
    "rival_kings": _rival_kings,
    "rival_realms": _rival_realms,
    "rivalist": _rivalist,
    "rivality": _rivality,
}


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_moves_are_numbered_by_the_games_rounds_and_turns(path: Path) -> None:
    m = golden_game(path)
    moves = record_of(m).moves
    labels = [(mv.round, mv.turn) for mv in moves]
    assert [r for r, _ in labels] == sorted(r for r, _ in labels)
    for r in {r for r, _ in labels}:
        # A round's turns are counted 1, 2, 3... in the order they come.
        turns = [t for rr, t in labels if rr == r and t > 0]
        assert turns == sorted(turns) and sorted(set(turns)) == list(range(1, len(set(turns)) + 1))
    NUMBERING[m.game.id](m, moves)


def test_the_text_reads_as_a_person_would_write_it() -> None:
    m = golden_game(golden.GOLDEN / "rivalist-2p.txt")
    text = to_text(record_of(m, date=DATE), "Rivalist")
    lines = text.splitlines()
    assert 'seat p1 human "Ann \\"the Bold\\" #1"' in lines and 'seat p2 ai hard "Zoë 🎲"' in lines
    assert "# Set-up" in lines and "# Round 1" in lines and f"date {DATE}" in lines
    assert f"moves {len(m.history)}" in lines and "status finished" in lines
    assert lines[lines.index("# Round 1") + 1].startswith("1.1  p")
    # By hand: no numbers, no counts, any case and spacing; the record says nothing of its end.
    by_hand = [ln for ln in lines if not ln.startswith(("moves", "status", "scores", "winners"))]
    by_hand = [ln.split(" ", 1)[1].upper() if ln[:1].isdigit() else ln for ln in by_hand]
    again = replay(read("\n".join(by_hand[:-40])))
    assert again.history == m.history[: len(again.history)] and not again.over


def test_a_decision_the_ai_made_for_an_absent_player_stays_marked() -> None:
    m = goof_match([(0, 3)])
    m.submit(1, m.legal(1)[0], stand_in=True)
    record = record_of(m)
    assert "p2 by ai: bid 1" in to_text(record)
    assert '"by": "ai"' in to_json(record)
    for form in ("text", "json"):
        again = replay(read(written(record, form)), GOOF_GAMES)
        assert again.stand_ins == {1}
        assert_same_game(again, m)


@pytest.mark.parametrize("form", ["text", "json"])
def test_a_game_of_a_series_keeps_its_series(form: str) -> None:
    path = golden.GOLDEN / "rival_kings-3p.txt"
    series = Series(games=3, results=((31, 12, 20),))
    m = replay(attrs.evolve(golden.read(path).record, series=series))
    again, back, _ = round_trip(m, form)
    assert again.series == series == back.series
    assert_same_game(again, m)


# -- faults -----------------------------------------------------------------------------------


def rivalist_text() -> str:
    return to_text(record_of(golden_game(golden.GOLDEN / "rivalist-2p.txt")), "Rivalist")


def fault(data: bytes | str) -> str:
    with pytest.raises(RecordError) as caught:
        replay(read(data, "game.txt"), source="game.txt")
    return str(caught.value)


def test_faults_of_a_text_record_name_the_line_and_say_what_is_wrong() -> None:
    text = rivalist_text()
    lines = text.splitlines()

    def at(prefix: str) -> int:
        # A field's line, or a move's (after its round.turn).
        return next(
            i
            for i, ln in enumerate(lines)
            if ln.startswith(prefix) or ln[:1].isdigit() and f" {prefix}" in ln
        )

    def edited(i: int, new: str) -> str:
        return "\n".join([*lines[:i], new, *lines[i + 1 :]])

    take = at("p2: take ")
    n = sum(1 for ln in lines[:take] if ln[:1].isdigit()) + 1
    label = lines[take].split()[0]
    assert fault(edited(take, f"{label} p2: take 99")) == (
        f'game.txt: line {take + 1}, move {n}: p2: take 99: "take 99" is not a move Player 2 can make now.'
    )
    assert fault(edited(take, f"{label} p1: take 3")).startswith(
        f"game.txt: line {take + 1}, move {n}: p1: take 3: Player 1 has no decision to make now"
    )
    assert (
        fault(edited(take, f"{label} p3: take 3"))
        == f"game.txt: line {take + 1}, move {n}: there is no seat p3 at this table"
    )
    assert fault(edited(at("game "), "game chess")).startswith(
        "game.txt: unknown game 'chess' (this Rivals knows: "
    )
    assert fault(edited(at("options"), "options speed=fast")) == (
        "game.txt: options: unknown option 'speed' (this game has: none)"
    )
    assert fault(edited(at("seat p2"), "seat p2 robot Zed")) == (
        f"game.txt: line {at('seat p2') + 1}: a seat is written "
        'seat p1 human "Name" or seat p2 ai hard "Name"'
    )
    assert fault(edited(at("seat p2"), 'seat p2 ai genius "Zed"')) == (
        'game.txt: seats[1].level: expected easy, normal, hard or expert, got "genius"'
    )
    assert fault(edited(at("record"), "record 2")) == (
        "game.txt: made by a newer Rivals (record form 2); this one reads form 1"
    )
    assert fault(edited(at("scores"), "scores 0 0")).startswith(
        "game.txt: the moves end the game with scores "
    ) and fault(edited(at("scores"), "scores 0 0")).endswith("but the record says scores 0 0 and winners p2")
    assert fault(edited(at("scores"), "# no scores")) == (
        "game.txt: the record says the game is finished, but it has no scores line (is it cut off?)"
    )
    assert (
        fault(edited(at("moves "), "moves"))
        == f"game.txt: line {at('moves ') + 1}: the moves should be one whole number, not ''"
    )
    late = [ln for ln in lines if not ln.startswith("moves ")]
    late.insert(next(i for i, ln in enumerate(late) if ln.startswith("scores")), "9.9 p1: take 0")
    assert fault("\n".join(late)) == (
        f"game.txt: line {late.index('9.9 p1: take 0') + 1}, move {len(_moves(lines)) + 1} "
        "comes after the end of the game"
    )
    assert fault(edited(at("seed"), "seed lots")) == (
        f"game.txt: line {at('seed') + 1}: the seed should be whole numbers, not 'lots'"
    )


def _moves(lines: list[str]) -> list[str]:
    return [ln for ln in lines if ln[:1].isdigit()]


def test_a_cut_off_or_foreign_file_is_one_sentence() -> None:
    text = rivalist_text()
    held = sum(1 for ln in text.splitlines() if ln[:1].isdigit())
    cut = text[: len(text) * 3 // 5]
    assert fault(cut).startswith("game.txt: the record is cut off: it holds ")
    assert fault(cut).endswith(f" of its {held} moves")
    as_json = to_json(record_of(golden_game(golden.GOLDEN / "rivalist-2p.txt")), "Rivalist")
    assert fault(as_json[: len(as_json) // 2]).startswith(
        "game.txt: not a Rivals game record (the JSON is cut off at line "
    )
    assert (
        fault("\xff\xfe".encode("latin-1") + text.encode())
        == "game.txt: not a Rivals game record (it is not UTF-8 text)"
    )
    assert fault(b"") == "game.txt: not a Rivals game record (the file is empty)"
    assert (
        fault("Dear diary,\ntoday we played.\n") == "game.txt: not a Rivals game record (it has no game line)"
    )
    save = dumps(goof_match([(0, 3)]))
    assert fault(save).startswith(
        "game.txt: this is a Rivals save, not a game record: rivals resume plays it"
    )
    assert fault(b" " * (MAX_RECORD_BYTES + 1)).startswith(
        "game.txt: not a Rivals game record (it is larger than 8 MB"
    )


def test_faults_of_a_json_record_name_the_move_or_field() -> None:
    m = golden_game(golden.GOLDEN / "rivalist-2p.txt")
    data = json.loads(to_json(record_of(m), "Rivalist"))

    def with_(**changes: object) -> str:
        return json.dumps({**data, **changes})

    moves = [dict(mv) for mv in data["moves"]]
    n = next(i for i, mv in enumerate(moves) if mv["move"].startswith("take ")) + 1
    moves[n - 1]["move"] = "take 99"
    assert fault(with_(moves=moves)) == (
        f'game.txt: move {n}: {moves[n - 1]["seat"]}: take 99: "take 99" is not a move '
        f"Player {moves[n - 1]['seat'][1]} can make now."
    )
    assert fault(with_(seed="4")) == 'game.txt: "seed" should be a whole number, not "4"'
    assert fault(with_(seats=[{"name": "Ann", "kind": "human"}])) == (
        "game.txt: Rivalist is for 2-2 players, but the record has 1 seat"
    )
    assert (
        fault(with_(options={"speed": "fast"}))
        == "game.txt: options: unknown option 'speed' (this game has: none)"
    )
    assert fault(with_(result=None)) == (
        'game.txt: the record says the game is finished, but it has no "result" (is it cut off?)'
    )
    assert (
        fault(with_(format_version=7))
        == "game.txt: made by a newer Rivals (record form 7); this one reads form 1"
    )
    no_format = {k: v for k, v in data.items() if k != "format"}
    assert (
        fault(json.dumps(no_format))
        == 'game.txt: not a Rivals game record (it has no "format": "rivals game record")'
    )


def test_a_record_file_is_read_whole_only_when_it_is_a_plain_file_of_sane_size(tmp_path: Path) -> None:
    huge = tmp_path / "huge.txt"
    with huge.open("wb") as out:
        out.truncate(MAX_RECORD_BYTES + 1)
    with pytest.raises(RecordError, match=r"^huge.txt: not a Rivals game record \(it is larger than 8 MB"):
        read_file(huge)
    pipe = tmp_path / "pipe.txt"
    os.mkfifo(pipe)
    with pytest.raises(RecordError, match=r"^pipe.txt: not a Rivals game record \(it is not a plain file\)"):
        read_file(pipe)
    with pytest.raises(RecordError, match=r"^ghost.txt: cannot be read \(No such file or directory\)"):
        read_file(tmp_path / "ghost.txt")
    good = tmp_path / "good.txt"
    good.write_text(to_text(record_of(goof_match([(0, 3)]))), encoding="utf-8")
    assert replay(read(read_file(good)), GOOF_GAMES).history == goof_match([(0, 3)]).history


def test_the_contract_default_numbers_nothing_itself() -> None:
    assert GOOF.round_and_turn(goof_match([]).state) is None

"""Save and load figures for every registered game: `python -m saves.bench`.

For each game and player count it plays one seeded random game to its end and prints the
milliseconds to save it (`codec.dumps`), to load it back (`codec.loads`, which replays and
re-checks every decision) and to open its replay (the load, `saves.replay.Replay.of` laying out
the positions, and what the viewer draws first: the first eyes' view and log at the start), the
best of three runs each. Rivals at six seats is the replay viewer's longest game, some 1,400
decisions: `python -m saves.bench --game rivals` (under a second is the promise). Each figure
is also given as a ratio to the calibration loop of the rules' bench (`python -m engine.bench`),
timed in the same process, so figures from different machines can be compared.

Last, the statistics over a folder of finished saves (`--stats N`, 200 by default, 0 for none):
the milliseconds to read every save and count one player's figures in every game, as the
statistics screen does when it opens (saves/stats.py).
"""

from __future__ import annotations

import argparse
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from engine.bench import best_of, calibration_loop
from engine.core.game import Game, SeatSpec
from engine.core.match import Match
from engine.core.rng import Rng
from engine.registry import GAMES
from saves import codec, stats
from saves.replay import Replay
from saves.store import SaveStore


def finished_match(game: Game[Any, Any, Any], players: int, seed: int = 1, *, person: bool = False) -> Match:
    """A game played to its end with random legal decisions, through a `Match` (as a save holds it).
    `person`: the first seat is a person's (the statistics count a person's games)."""
    seats = [SeatSpec(f"P{i + 1}", "human" if person and i == 0 else "ai", "easy") for i in range(players)]
    match = Match.new(game, game.Options(), seats, seed)
    rng = Rng.from_seed(seed)
    while not match.over:
        seat = match.to_act()[0]
        match.submit(seat, rng.choice(match.legal(seat)))
    return match


def bench_saves(game: Game[Any, Any, Any], players: int, calib: float) -> list[str]:
    match = finished_match(game, players)
    text = codec.dumps(match)
    save_t = best_of(lambda: codec.dumps(match), 3)
    load_t = best_of(lambda: codec.loads(text, games={game.id: game}), 3)
    replay_t = best_of(lambda: open_replay(text, game), 3)
    return [
        f"  save ms (whole game)  {save_t * 1e3:12.2f}   ({save_t / calib:8.3f} x calib,"
        f" {len(match.history)} decisions)",
        f"  load ms (replayed)    {load_t * 1e3:12.2f}   ({load_t / calib:8.3f} x calib)",
        f"  replay ms (opened)    {replay_t * 1e3:12.2f}   ({replay_t / calib:8.3f} x calib)",
    ]


def open_replay(text: str, game: Game[Any, Any, Any]) -> Replay:
    """A saved game opened in the replay viewer, up to what it draws first."""
    replay = Replay.of(codec.loads(text, games={game.id: game}))
    eyes = replay.eyes[0]
    replay.shown(0, eyes)
    replay.events(0, eyes)
    replay.to_act(0)
    return replay


def stats_folder(root: Path, saves: int) -> SaveStore:
    """A folder of `saves` finished games, every game and table size in turn (one game played
    per table, saved under as many names as its share)."""
    store = SaveStore(root)
    root.mkdir(parents=True, exist_ok=True)
    tables = [(game, n) for game in GAMES.values() for n in game.players]
    texts = [codec.dumps(finished_match(game, n, seed=7, person=True)) for game, n in tables[:saves]]
    for i in range(saves):
        store.path(f"game-{i}").write_text(texts[i % len(texts)], encoding="utf-8")
    return store


def bench_stats(saves: int, calib: float) -> str:
    with tempfile.TemporaryDirectory() as folder:
        store = stats_folder(Path(folder), saves)

        def figures() -> None:
            found = stats.read_folder(store)
            for game_id in GAMES:
                stats.game_stats(found, game_id, stats.players(found)[0])

        took = best_of(figures, 3)
    return f"  stats ms ({saves} saves)  {took * 1e3:10.2f}   ({took / calib:8.3f} x calib)"


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m saves.bench", description=__doc__.split("\n\n")[0])
    p.add_argument("--game", action="append", help="only this game id (repeatable)")
    p.add_argument("--smallest", action="store_true", help="only each game's smallest table")
    p.add_argument("--stats", type=int, default=200, metavar="N", help="statistics over N saves (0: none)")
    args = p.parse_args(argv)
    calib = best_of(calibration_loop, 7)
    print(f"calibration loop: {calib * 1e3:.2f} ms (best of 7)")
    for game_id in GAMES:
        if args.game and game_id not in args.game:
            continue
        game = GAMES[game_id]
        for players in game.players[:1] if args.smallest else game.players:
            print(f"{game.title}, {players} players")
            for row in bench_saves(game, players, calib):
                print(row)
    if args.stats > 0:
        print("Statistics")
        print(bench_stats(args.stats, calib))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

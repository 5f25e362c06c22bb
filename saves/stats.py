"""Statistics of the games in a save folder, read from the saves themselves.

There is no second file of figures to keep in step: every figure is counted afresh from the save
files (`read_folder`), so deleting a save takes its game out of the statistics. A finished save
already records its final position (the snapshot); the figures are read from that position,
without replaying the moves (a replay of every save would make the screen slow to open, and the
load list still checks each save in full when it is opened). A series (Rival Kings, Rivality,
Rival Realms) lives in one save: it counts once, won by whoever leads on total (a solo series
as its last game), and each of its games' scores counts towards the average and the best.

Whose figures: statistics are kept per name, for a person seated at the table (`players`); the
AI seats are opponents by level. A win is shared when the game names several winners: a tie,
or partners (Rivality at four, whose team's win counts as shared, as the outcome does not say
who partnered whom). Solo games (one seat) have their own table per solo setting:
games played, games in which the rule-driven opponent was beaten, average and best score.
A solo best counts only games in which no move was taken back, as the personal bests do
(`saves.records`); the best known to the records file counts too, as its game may be deleted.
Lessons (saves named `lesson-<game>`) are left out: their first part is scripted, so they are
neither a result nor a score of the player's.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

import attrs

from engine.core.game import Game, SeatSpec
from engine.core.options import option_fields
from saves import codec
from saves.errors import SaveError
from saves.lessons import SAVE_PREFIX as LESSON
from saves.records import BestScores, table_key
from saves.store import SaveStore

__all__ = [
    "LOST",
    "SHARED",
    "WON",
    "Finished",
    "Folder",
    "GameStats",
    "Tally",
    "game_stats",
    "opponent",
    "players",
    "read_folder",
    "read_save",
]

# How one result reads for a seat: won alone, won together with another seat, lost.
WON, SHARED, LOST = "W", "=", "L"


@attrs.frozen
class Finished:
    """One finished game, or a finished series, as its save records it."""

    name: str
    game_id: str
    seats: tuple[SeatSpec, ...]
    # Each game's scores, seat by seat, in the order played (one entry for a single game).
    scores: tuple[tuple[int, ...], ...]
    # The seats that won the game (or, for a series, lead on total).
    winners: tuple[int, ...]
    # When the save was last written (ISO time): the results are put in this order.
    when: str
    # For a solo game, its solo settings in words ("Hard"; "Solo" for a game without any), else "".
    solo: str = ""
    # For a solo game, its table in the personal-best records ("rival_realms/hard"), else "".
    best_table: str = ""
    # The game as the personal-best records name it (its game and seed).
    record_id: str = ""

    def verdict(self, seat: int) -> str:
        if seat not in self.winners:
            return LOST
        return WON if len(self.winners) == 1 else SHARED


@attrs.frozen
class Folder:
    """What a save folder holds, for the statistics: its finished games, oldest first, how
    many games are unfinished, and a line for each save that could not be read."""

    finished: tuple[Finished, ...]
    unfinished: int = 0
    unreadable: tuple[str, ...] = ()
    saves: int = 0


def read_save(
    data: Any, name: str, *, games: Mapping[str, Game[Any, Any, Any]] | None = None, source: str = "save"
) -> Finished | None:
    """The finished game in the parsed save `data`, or None while it is unfinished.
    Raises SaveError when the save cannot be read."""
    parts = codec.read_parts(data, games=games, source=source)
    if parts.data["status"] != codec.STATUS_FINISHED:
        return None
    game, seats = parts.game, parts.seats
    out = game.outcome(codec.saved_position(game, parts.data, source))
    if out is None:
        raise SaveError(source, "it says the game is over, but its position is not")
    series = parts.series
    winners = out.winners
    if not series.is_single:
        series = series.with_result(out.scores)
        # Alone at the table, a seat always leads: a solo series is judged as its last game.
        winners = series.leaders(len(seats)) if len(seats) > 1 else out.winners
    solo = best_table = ""
    if len(seats) == 1:
        fields = [f for f in option_fields(game.Options) if f.players == range(1, 2)]
        solo = ", ".join(f.show(getattr(parts.options, f.name)) for f in fields) or "Solo"
        if fields:
            best_table = table_key(game.id, str(getattr(parts.options, fields[0].name)))
    return Finished(
        name=name,
        game_id=game.id,
        seats=seats,
        scores=series.results if not series.is_single else (out.scores,),
        winners=winners,
        when=parts.data["updated"],
        solo=solo,
        best_table=best_table,
        record_id=f"{game.id}:{parts.seed}",
    )


def read_folder(store: SaveStore, *, games: Mapping[str, Game[Any, Any, Any]] | None = None) -> Folder:
    """Every save in the store's folder, read for the statistics."""
    finished: list[Finished] = []
    unfinished = 0
    unreadable: list[str] = []
    paths = [p for p in store.save_paths() if not p.stem.startswith(LESSON)]
    for path in paths:
        try:
            found = read_save(store.parsed(path), path.stem, games=games or store.games, source=path.name)
        except SaveError as exc:
            unreadable.append(str(exc))
            continue
        except Exception as exc:  # one odd file is one line, never the end of the statistics
            unreadable.append(f"{path.name}: cannot be read ({type(exc).__name__})")
            continue
        if found is None:
            unfinished += 1
        else:
            finished.append(found)
    finished.sort(key=lambda f: (f.when, f.name))
    return Folder(tuple(finished), unfinished, tuple(unreadable), len(paths))


def players(folder: Folder) -> list[str]:
    """The names seated as people in finished games, those in the most games first."""
    seen: Counter[str] = Counter()
    for f in folder.finished:
        seen.update(s.name for s in f.seats if not s.is_ai)
    return [name for name, _ in sorted(seen.items(), key=lambda item: (-item[1], item[0]))]


@attrs.define
class Tally:
    """Results and scores of one player in some set of games, oldest first, each with the month
    it was played in ("2026-12", from the save's date) beside it."""

    results: list[str] = attrs.Factory(list)
    scores: list[int] = attrs.Factory(list)
    months: list[str] = attrs.Factory(list)
    score_months: list[str] = attrs.Factory(list)

    def add(self, verdict: str, scores: list[int], month: str = "") -> None:
        self.results.append(verdict)
        self.months.append(month)
        self.scores.extend(scores)
        self.score_months.extend([month] * len(scores))

    @property
    def played(self) -> int:
        return len(self.results)

    @property
    def won(self) -> int:
        return self.results.count(WON)

    @property
    def shared(self) -> int:
        return self.results.count(SHARED)

    @property
    def lost(self) -> int:
        return self.results.count(LOST)

    @property
    def average(self) -> float | None:
        return sum(self.scores) / len(self.scores) if self.scores else None

    @property
    def best(self) -> int | None:
        return max(self.scores) if self.scores else None

    @property
    def streak(self) -> int:
        """The longest run of games won in a row (a shared win continues a run)."""
        longest = run = 0
        for verdict in self.results:
            run = run + 1 if verdict != LOST else 0
            longest = max(longest, run)
        return longest


@attrs.define
class GameStats:
    """One player's figures in one game."""

    game_id: str
    player: str
    overall: Tally = attrs.Factory(Tally)
    # By table size (the number of seats), for games of two or more.
    tables: dict[int, Tally] = attrs.Factory(dict)
    # By opponent: "AI <level>" for the AI seats, the name for a person.
    against: dict[str, Tally] = attrs.Factory(dict)
    # Solo games by their solo settings in words, and the best score at each.
    solo: dict[str, Tally] = attrs.Factory(dict)
    solo_best: dict[str, int | None] = attrs.Factory(dict)

    @property
    def played(self) -> int:
        return self.overall.played + sum(t.played for t in self.solo.values())


def opponent(spec: SeatSpec) -> str:
    """How an opponent is listed: the AI by its level, a person by name."""
    return f"AI {spec.level}" if spec.is_ai else spec.name


def game_stats(folder: Folder, game_id: str, player: str, records: BestScores | None = None) -> GameStats:
    """`player`'s figures in the game `game_id` from the finished games of `folder`."""
    stats = GameStats(game_id, player)
    for f in folder.finished:
        if f.game_id != game_id:
            continue
        mine = [i for i, s in enumerate(f.seats) if s.name == player and not s.is_ai]
        if not mine:
            continue
        seat = mine[0]
        verdict = f.verdict(seat)
        scores = [game[seat] for game in f.scores]
        month = f.when[:7]
        if len(f.seats) == 1:
            stats.solo.setdefault(f.solo, Tally()).add(verdict, scores, month)
            if records is None or records.counts(f.record_id):
                best = stats.solo_best.get(f.solo)
                stats.solo_best[f.solo] = max(scores) if best is None else max(best, *scores)
            kept = records.best_for(f.best_table) if records is not None and f.best_table else None
            if kept is not None:
                best = stats.solo_best.get(f.solo)
                stats.solo_best[f.solo] = kept if best is None else max(best, kept)
            continue
        stats.overall.add(verdict, scores, month)
        stats.tables.setdefault(len(f.seats), Tally()).add(verdict, scores, month)
        # Two AI seats of one level are one opponent for this game's count.
        for label in dict.fromkeys(opponent(spec) for i, spec in enumerate(f.seats) if i != seat):
            stats.against.setdefault(label, Tally()).add(verdict, scores, month)
    for table in stats.solo:
        stats.solo_best.setdefault(table, None)
    return stats

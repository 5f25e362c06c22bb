"""Statistics read from a folder of real finished saves: results, streaks, ties, series, solo
bests, unfinished and damaged saves (saves/stats.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.core import SeatSpec
from engine.core.match import Match, Series
from engine.registry import GAMES
from saves import stats
from saves.records import BestScores
from saves.store import SaveStore
from tests.saves.helpers import GOOF
from tests.support.finished import finish, put
from tests.support.goofspiel import Bid, GoofOptions

ADA = SeatSpec("Ada", "human")
BRAM = SeatSpec("Bram", "ai", "hard")
DOV = SeatSpec("Dov", "human")
GAMES_HERE: dict[str, Any] = {"goofspiel": GOOF, **{g: GAMES[g] for g in ("rivality", "rival_realms")}}


def goof(verdict: str, seats: tuple[SeatSpec, SeatSpec] = (ADA, BRAM), seed: int = 5) -> Match:
    """A finished two-card Goofspiel that the first seat wins, loses or ties (`stats.WON`...)."""
    m = Match.new(GOOF, GoofOptions(cards=2), seats, seed)
    first_prize = m.state.prize
    if verdict == stats.SHARED:
        bids = [(1, 1), (2, 2)]  # equal bids take nothing: 0 to 0
    else:
        # The higher bid takes the prize turned up first; the other seat then takes the second.
        takes_first = (verdict == stats.WON) == (first_prize == 2)
        bids = [(2, 1), (1, 2)] if takes_first else [(1, 2), (2, 1)]
    for mine, theirs in bids:
        m.submit(0, Bid(mine))
        m.submit(1, Bid(theirs))
    assert m.over
    return m


def test_results_in_date_order_with_streaks_ties_opponents_and_skipped_saves(tmp_path: Path) -> None:
    store = SaveStore(tmp_path, games=GAMES_HERE)
    # Written out of name order: the results go by the date each save was last written.
    for day, verdict in enumerate("WLW=W", start=1):
        put(store, f"g{9 - day}", goof(verdict), day)
    put(store, "hot-seat", goof(stats.LOST, (ADA, DOV)), 6)
    unfinished = Match.new(GOOF, GoofOptions(cards=2), (ADA, BRAM), 5)
    unfinished.submit(0, Bid(1))
    put(store, "unfinished", unfinished, 7)
    (tmp_path / "damaged.json").write_text('{"format_version": 1, "game": ', encoding="utf-8")

    folder = stats.read_folder(store)
    assert folder.unfinished == 1
    assert len(folder.unreadable) == 1 and folder.unreadable[0].startswith("damaged.json:")
    assert stats.players(folder) == ["Ada", "Dov"]

    ada = stats.game_stats(folder, "goofspiel", "Ada")
    t = ada.overall
    assert "".join(t.results) == "WLW=WL"
    assert t.months == ["2026-12"] * 6  # each beside its result, for the charts by month
    assert (t.played, t.won, t.lost, t.shared) == (6, 3, 2, 1)
    # W L [W = W] L: a shared win continues a run of wins.
    assert t.streak == 3
    assert t.best == 2 and t.average == sum(t.scores) / 6
    assert set(ada.against) == {"AI hard", "Dov"}
    assert (ada.against["AI hard"].played, ada.against["AI hard"].won) == (5, 3)
    assert "".join(ada.against["Dov"].results) == "L"
    assert list(ada.tables) == [2] and ada.tables[2].played == 6

    dov = stats.game_stats(folder, "goofspiel", "Dov")
    assert "".join(dov.overall.results) == "W" and list(dov.against) == ["Ada"]
    # The AI seats are opponents, never a player with figures of their own.
    assert stats.game_stats(folder, "goofspiel", "Bram").played == 0


def test_a_series_counts_once_won_on_total_and_every_game_scores(tmp_path: Path) -> None:
    store = SaveStore(tmp_path, games=GAMES_HERE)
    game = GAMES["rivality"]
    m = finish(Match.new(game, game.Options(), (ADA, BRAM), 3, series=Series(games=2)), 1)
    first = m.outcome()
    assert first is not None
    m = finish(m.next_in_series(), 2)
    last = m.outcome()
    assert last is not None
    put(store, "series", m, 1)

    t = stats.game_stats(stats.read_folder(store), "rivality", "Ada").overall
    totals = [first.scores[i] + last.scores[i] for i in range(2)]
    expected = stats.LOST if totals[0] < totals[1] else stats.WON if totals[0] > totals[1] else stats.SHARED
    assert t.results == [expected]
    assert t.scores == [first.scores[0], last.scores[0]]


def test_solo_games_count_scores_and_bests_without_taken_back_games(tmp_path: Path) -> None:
    store = SaveStore(tmp_path / "saves", games=GAMES_HERE)
    game = GAMES["rival_realms"]
    hard = game.Options(solo_level="hard")
    a = finish(Match.new(game, hard, (ADA,), 11), 1)
    b = finish(Match.new(game, hard, (ADA,), 12), 2)
    put(store, "a", a, 1)
    put(store, "b", b, 2)
    records = BestScores(tmp_path / "best.json")
    high, low = (a, b) if a.outcome().scores[0] > b.outcome().scores[0] else (b, a)  # type: ignore[union-attr]
    assert high.outcome().scores[0] != low.outcome().scores[0]  # type: ignore[union-attr]
    records.took_back(f"rival_realms:{high.seed}")

    figures = stats.game_stats(stats.read_folder(store), "rival_realms", "Ada", records)
    assert figures.overall.played == 0 and not figures.against
    assert list(figures.solo) == ["Hard"]
    assert figures.solo["Hard"].played == 2
    # The game with a move taken back never sets the best.
    assert figures.solo_best["Hard"] == low.outcome().scores[0]  # type: ignore[union-attr]
    # A best the records file keeps from a game since deleted still counts.
    records.offer("rival_realms/hard", "rival_realms:99", 500)
    again = stats.game_stats(stats.read_folder(store), "rival_realms", "Ada", records)
    assert again.solo_best["Hard"] == 500


def test_an_empty_or_missing_folder_has_no_figures(tmp_path: Path) -> None:
    folder = stats.read_folder(SaveStore(tmp_path / "nowhere"))
    assert folder == stats.Folder((), 0, (), 0)
    assert stats.players(folder) == []


def test_a_solo_series_is_judged_as_its_last_game(tmp_path: Path) -> None:
    store = SaveStore(tmp_path, games=GAMES_HERE)
    game = GAMES["rivality"]
    m = finish(Match.new(game, game.Options(), (ADA,), 4, series=Series(games=2)), 1)
    first = m.outcome()
    m = finish(m.next_in_series(), 2)
    last = m.outcome()
    assert first is not None and last is not None
    put(store, "solo-series", m, 1)

    t = stats.game_stats(stats.read_folder(store), "rivality", "Ada").solo["Normal"]
    # Alone at the table Ada always leads on total; beating Souramoun is what counts.
    assert t.results == [stats.WON if last.winners else stats.LOST]
    assert t.scores == [first.scores[0], last.scores[0]]


def test_a_lesson_is_neither_a_result_nor_a_player(tmp_path: Path) -> None:
    # A finished lesson is a save like any other, but its first part was scripted: the Learner
    # must not appear as a player, nor the lesson's result among the player's.
    store = SaveStore(tmp_path, games=GAMES_HERE)
    put(store, "goofspiel-1", goof(stats.WON), 1)
    put(store, "lesson-goofspiel", goof(stats.LOST, (SeatSpec("Learner"), BRAM)), 2)
    folder = stats.read_folder(store)
    assert stats.players(folder) == ["Ada"]
    assert [f.name for f in folder.finished] == ["goofspiel-1"]
    assert folder.unfinished == 0

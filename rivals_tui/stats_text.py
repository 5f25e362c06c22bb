"""The statistics as lines of text, no wider than 76 columns: the same lines on the statistics
screen (screens/stats.py) and from `rivals stats` (cli_stats.py).

A page is the overview of every game, or one game's figures: by table size, by opponent, solo
settings, and charts over time, a line per month: results (one letter a game) and, for solo
games, scores (a sparkline). No Textual import: the lines are tested without an app.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping

from engine.core.words import count
from rivals_tui.text import safe_text
from saves.records import BestScores
from saves.stats import LOST, SHARED, WON, Folder, GameStats, Tally, game_stats

# The screen's text area at 80 columns: its padding and scrollbar take four.
WIDTH = 76
LABEL = 22
SPARK = "▁▂▃▄▅▆▇█"
SPARK_PLAIN = "._-=+*#@"
# The columns of a results table and of a solo table, and their widths.
RESULT_HEADS = ["played", "won", "lost", "shared", "average", "best", "streak"]
RESULT_WIDTHS = (7, 6, 6, 8, 9, 6, 8)
SOLO_HEADS = ["played", "won", "average", "best"]
SOLO_WIDTHS = (7, 6, 9, 6)
# A chart line: two spaces, the month ("2026-12"), two spaces, then the marks.
MONTH_MARGIN = 11
SOLO_NOTE = "Won: the solo opponent beaten. A game with a move taken back sets no best."
# "streak" alone could be the run going on now: say it is the longest.
RESULTS_NOTE = "Streak: the most games won in a row (a shared win keeps a run going)."
# Where games played at another machine's table are, and why they are not counted here.
ELSEWHERE = (
    "Games played at another machine's table are saved by that server, not here; a table "
    "server's own folder holds its tables' games (rivals stats --save-dir FOLDER)."
)


def _fit(text: str, width: int) -> str:
    text = safe_text(text)
    return text if len(text) <= width else text[: width - 3] + "..."


def _row(label: str, cells: list[str], widths: tuple[int, ...]) -> str:
    return _fit(label, LABEL).ljust(LABEL) + "".join(c.rjust(w) for c, w in zip(cells, widths, strict=True))


def _number(value: float | None) -> str:
    if value is None:
        return "-"
    return str(value) if isinstance(value, int) else f"{value:.1f}"


def _result_cells(t: Tally) -> list[str]:
    return [str(v) for v in (t.played, t.won, t.lost, t.shared)] + [
        _number(t.average),
        _number(t.best),
        str(t.streak),
    ]


def wrap(text: str) -> list[str]:
    """`text` broken into lines at spaces only (a folder's path stays whole)."""
    return textwrap.wrap(text, WIDTH, break_long_words=False, break_on_hyphens=False)


def folder_lines(folder: Folder, where: str, player: str | None) -> list[str]:
    """What was read (`where`: the folder, in words) and for whom, and every save that could
    not be read."""
    where = safe_text(where)
    if not folder.finished:
        return wrap(f"No finished games in {where} yet: the statistics come from the saved games.")
    about = (
        f"{count(len(folder.finished), 'finished game')} in {where}"
        f" ({count(folder.unfinished, 'unfinished game')} not counted)."
    )
    lines = wrap(f"Statistics of {safe_text(player)}: {about}" if player else about)
    if folder.unreadable:
        lines += wrap(f"Left out, as they could not be read: {count(len(folder.unreadable), 'save')}.")
        lines += [_fit(f"  {line}", WIDTH) for line in folder.unreadable]
    return lines


def overview_lines(
    folder: Folder, player: str, titles: Mapping[str, str], records: BestScores | None = None
) -> list[str]:
    """One row per game: results against others, and the solo games played."""
    lines = [_row("Game", RESULT_HEADS, RESULT_WIDTHS)]
    solo = [_row("Solo", SOLO_HEADS, SOLO_WIDTHS)]
    for game_id, title in titles.items():
        figures = game_stats(folder, game_id, player, records)
        if figures.overall.played:
            lines.append(_row(title, _result_cells(figures.overall), RESULT_WIDTHS))
        for table, tally in figures.solo.items():
            solo.append(_row(f"{title}, {table}", _solo_cells(tally, figures.solo_best[table]), SOLO_WIDTHS))
    if len(lines) == 1:
        lines = [f"{safe_text(player)} has finished no game against others yet."]
    else:
        lines.append(RESULTS_NOTE)
    return lines + (["", *solo] if len(solo) > 1 else [])


def _solo_cells(t: Tally, best: int | None) -> list[str]:
    return [str(t.played), str(t.won), _number(t.average), _number(best)]


def game_lines(figures: GameStats, title: str, *, plain: bool = False) -> list[str]:
    """One game's page for one player."""
    who = safe_text(figures.player)
    if not figures.played:
        return wrap(f"{who} has finished no game of {title} yet.")
    lines: list[str] = []
    t = figures.overall
    if t.played:
        lines.append(_row(title, RESULT_HEADS, RESULT_WIDTHS))
        if len(figures.tables) > 1:
            lines.append(_row("All tables", _result_cells(t), RESULT_WIDTHS))
        for seats in sorted(figures.tables):
            lines.append(_row(f"{seats} players", _result_cells(figures.tables[seats]), RESULT_WIDTHS))
        lines.append(RESULTS_NOTE)
        lines += ["", _row("Against", RESULT_HEADS[:4], RESULT_WIDTHS[:4])]
        ai = sorted(k for k in figures.against if k.startswith("AI "))
        people = sorted(k for k in figures.against if k not in ai)
        for name in ai + people:
            tally = figures.against[name]
            lines.append(
                _row(
                    name,
                    [str(v) for v in (tally.played, tally.won, tally.lost, tally.shared)],
                    RESULT_WIDTHS[:4],
                )
            )
        lines += ["", f"Results by month, oldest first ({WON} won, {SHARED} shared, {LOST} lost):"]
        lines += by_month(t.months, "".join(t.results))
    if figures.solo:
        if lines:
            lines.append("")
        lines.append(_row("Solo", SOLO_HEADS, SOLO_WIDTHS))
        for table, tally in figures.solo.items():
            lines.append(_row(table, _solo_cells(tally, figures.solo_best[table]), SOLO_WIDTHS))
        lines.append(SOLO_NOTE)
        for table, tally in figures.solo.items():
            lines += ["", f"Solo scores, {_fit(table, 30)}, by month (low to high {_ramp(plain)}):"]
            lines += by_month(tally.score_months, sparkline(tally.scores, plain=plain))
    return lines


def _ramp(plain: bool) -> str:
    return SPARK_PLAIN if plain else SPARK


def by_month(months: list[str], marks: str) -> list[str]:
    """A chart: one line per month ("  2026-12  WWL=W"), the marks of its games in the order
    played; a busy month goes on over more lines, under its first."""
    lines: list[str] = []
    width = WIDTH - MONTH_MARGIN
    start = 0
    while start < len(marks):
        month = months[start]
        end = start
        while end < len(marks) and months[end] == month:
            end += 1
        row = marks[start:end]
        label = month or "undated"
        for at in range(0, len(row), width):
            lines.append(f"  {label:<7}  {row[at : at + width]}")
            label = ""
        start = end
    return lines


def sparkline(values: list[int], *, plain: bool = False) -> str:
    """One character per value, higher for larger values (all the same height when all equal)."""
    ramp = _ramp(plain)
    if not values:
        return ""
    low, high = min(values), max(values)
    if low == high:
        return ramp[len(ramp) // 2] * len(values)
    step = (high - low) / (len(ramp) - 1)
    return "".join(ramp[round((v - low) / step)] for v in values)


def page_lines(
    folder: Folder,
    player: str,
    titles: Mapping[str, str],
    page: str | None,
    records: BestScores | None = None,
    *,
    plain: bool = False,
) -> list[str]:
    """The overview (`page` None) or the page of the game `page`."""
    if page is None:
        return [*overview_lines(folder, player, titles, records), "", *wrap(ELSEWHERE)]
    return game_lines(game_stats(folder, page, player, records), titles[page], plain=plain)

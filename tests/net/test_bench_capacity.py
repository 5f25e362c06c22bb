"""The capacity bench's stopping rule and its table (rivals_net/bench_capacity.py): a ramp stops at
the first step whose update p95 passes 250 ms or whose memory passes 20 GiB, and the figures it
prints come from the last step that held."""

from __future__ import annotations

import pytest

from rivals_net.bench_capacity import HEADER, Step, capacity, row, summary, verdict


def step(players: int, update_ms: list[float], host_mb: float = 1000.0, missed: int = 0) -> Step:
    return Step(
        players=players,
        update_ms=update_ms,
        missed=missed,
        stuck=0,
        wall_s=60.0,
        host_cpu_s=players * 0.5,  # half a CPU second per player and minute
        server_cpu_s=players * 0.2,
        bench_cpu_s=players * 0.1,
        host_pss_mb=host_mb,
        app_pss_mb=[30.0] * players,
        load=1.0,
        machine_busy=0.5,
    )


def test_a_step_holds_while_p95_and_memory_are_under_their_limits() -> None:
    # 19 quick updates and one slow: the slow one is the last 5%, so p95 stays quick.
    assert verdict(step(8, [100.0] * 19 + [900.0])) is None
    assert verdict(step(8, [100.0] * 18 + [260.0, 900.0])) == "update p95 260 ms > 250 ms"
    assert verdict(step(8, [100.0] * 20, host_mb=20 * 1024 + 1)) == "memory 20.0 GiB > 20 GiB"
    assert verdict(step(8, [])) == "no update was timed"


def test_the_summary_counts_the_last_step_that_held_per_core() -> None:
    steps = [step(8, [90.0] * 20), step(16, [120.0] * 40), step(24, [400.0] * 60)]
    figures = summary(steps, cores=2)
    assert figures["players_held"] == 16
    assert figures["players_per_core"] == 8.0
    assert figures["app_pss_mb_per_player"] == 30.0
    assert figures["host_cpu_s_per_player_minute"] == 0.5
    assert figures["server_cpu_s_per_player_minute"] == pytest.approx(0.2)
    assert figures["players_per_core_by_cpu"] == 120.0
    assert figures["stopped"] == "update p95 400 ms > 250 ms"
    assert summary(steps[:2], cores=2)["stopped"] == "at --max or --budget: every step held"
    assert summary(steps[2:], cores=2)["players_held"] == 0


def test_the_table_shows_each_steps_figures_and_verdict() -> None:
    held = row(step(8, [80.0, 100.0, 120.0]))
    failed = row(step(16, [80.0, 10_000.0], missed=1))
    assert " ".join(HEADER.split()) == (
        "players updates median ms p95 ms missed stuck host MB app MB cpu s/pl/min server bench s/pl/min "
        "busy load held"
    )
    assert held.split()[:11] == ["8", "3", "100", "120", "0", "0", "1000", "30.0", "0.50", "0.20", "0.10"]
    assert held.endswith("yes")
    assert failed.split()[:5] == ["16", "2", "5040", "10000", "1"]
    assert failed.endswith("no: update p95 10000 ms > 250 ms")


async def test_a_tiny_ramp_plays_and_prints_its_table(capsys: pytest.CaptureFixture[str]) -> None:
    # Two real SSH players at one table, one short step at a quick pace.
    steps = await capacity(step=2, most=2, pace=0.3, seconds=3, budget=60)
    assert [s.players for s in steps] == [2]
    assert steps[0].update_ms and steps[0].missed == 0
    assert len(steps[0].app_pss_mb) == 2  # each player's own app
    assert capsys.readouterr().out.splitlines() == [HEADER, row(steps[0])]


async def test_a_tiny_ramp_of_browser_players_plays_through_the_web_door(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Two browser tabs (websocket clients with a cookie each) at one table, one short step.
    steps = await capacity(step=2, most=2, pace=0.3, seconds=3, budget=60, kind="web")
    assert [s.players for s in steps] == [2]
    assert steps[0].update_ms and steps[0].missed == 0
    assert len(steps[0].app_pss_mb) == 2  # the app the web door started for each tab
    assert capsys.readouterr().out.splitlines() == [HEADER, row(steps[0])]

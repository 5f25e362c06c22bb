"""`rivals join` and `rivals serve` from the shell: one line for what cannot be done (budget: 1 s)."""

from __future__ import annotations

import pytest

from rivals_net.harness import free_port
from rivals_tui.cli import main


def test_join_without_a_server_says_so_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    port = free_port()
    assert main(["join", f"127.0.0.1:{port}"], headless=True) == 1
    err = capsys.readouterr().err
    assert err == f"rivals: cannot reach the table server at 127.0.0.1:{port} (Connection refused)\n"


def test_join_needs_host_and_port(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["join", "127.0.0.1:http"], headless=True) == 1
    assert capsys.readouterr().err == "rivals: '127.0.0.1:http' is not HOST:PORT\n"

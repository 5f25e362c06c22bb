"""What the table server lets a client do: `Limits`, one field per limit, each with its default,
its `rivals serve` flag (the field's name, `_` written `-`) and the flag's help in the field's
metadata, so that the defaults, the flags and their help cannot drift apart.

A "client" in these limits is an address for a direct connection (`rivals join HOST:PORT`; an
IPv6 address counts by its /64 network, which one machine usually holds whole) and the SSH key
for a player the door vouches for: the door's apps all dial from the loopback address, so that
address says nothing about who they are. This module is plain data (the CLI builds its flags from
it before it knows whether it will serve).
"""

from __future__ import annotations

import argparse
from typing import Any

import attrs

from rivals_net.protocol import MAX_CLIENT_LINE


def limit(default: float, metavar: str, text: str, *, flag: str = "", least: int = 0) -> Any:
    """A limit as an attrs field: its default, and its `rivals serve` flag's metavar and help.
    `flag`: the flag's name when it is not the field's; `least`: the smallest value allowed."""
    return attrs.field(
        default=default, metadata={"metavar": metavar, "help": text, "flag": flag, "least": least}
    )


@attrs.frozen
class Limits:
    """Every limit of the table server. The defaults suit a club open to the internet; tests use
    tighter ones. Counts are whole numbers; times are seconds."""

    # -- one connection ------------------------------------------------------------------------
    max_line: int = limit(MAX_CLIENT_LINE, "BYTES", "longest message a client may send")
    rate: float = limit(20.0, "N", "messages a second one connection may send, on average")
    burst: int = limit(60, "N", "messages one connection may send at once")
    client_rate: float = limit(
        40.0, "N", "messages a second one client may send over all its connections, on average"
    )
    client_burst: int = limit(120, "N", "messages one client may send at once")
    idle: float = limit(900.0, "SECONDS", "a connection is closed after this long without a message")
    hello_within: float = limit(10.0, "SECONDS", "a new connection must say who it is within this")
    max_unsent: int = limit(
        1024 * 1024, "BYTES", "output waiting for a client that does not read before it is dropped"
    )
    # The kernel's send buffer per connection: bounded, so that a client that does not read is
    # noticed (and its memory bounded) after a few views rather than megabytes.
    socket_buffer: int = limit(256 * 1024, "BYTES", "the kernel's send buffer for each connection")
    # -- connections -----------------------------------------------------------------------------
    max_connections: int = limit(200, "N", "connections at once")
    per_address: int = limit(16, "N", "connections from one address (an SSH player: with one key)")
    seat_reserve: int = limit(
        40, "N", "of --max-connections, those kept for players who hold a seat at a table"
    )
    # -- tables ----------------------------------------------------------------------------------
    max_tables: int = limit(200, "N", "tables at once")
    tables_per_player: int = limit(5, "N", "tables one player (one identity) may have created")
    tables_per_address: int = limit(10, "N", "tables created from one address (SSH: one key)")
    unstarted_after: float = limit(
        3600.0,
        "SECONDS",
        "a table where nothing was played closes after this long with nobody at it (0: never)",
    )
    abandoned_after: float = limit(
        7 * 86400.0, "SECONDS", "a table closes after this long with none of its players at it (0: never)"
    )
    spectators: int = limit(50, "N", "spectators at one table")
    # Each new name is saved at every table the player sits at.
    rename_every: float = limit(5.0, "SECONDS", "a player may take a new name once every SECONDS")
    # -- chat at a table (rivals_net/chat.py) ---------------------------------------------------
    chat_burst: int = limit(5, "N", "chat messages one seat (or spectator) may send at once", least=1)
    chat_every: float = limit(2.0, "SECONDS", "then one more chat message every SECONDS")
    # -- refused messages ------------------------------------------------------------------------
    max_errors: int = limit(30, "N", "refused messages one client may have before it is cut off")
    error_every: float = limit(10.0, "SECONDS", "then one more every SECONDS")
    # -- invite codes ----------------------------------------------------------------------------
    guess_burst: int = limit(10, "N", "wrong invite codes a player or an address may send at once")
    guess_every: float = limit(30.0, "SECONDS", "then one more wrong invite code every SECONDS")
    # -- what a client can make the server log ---------------------------------------------------
    log_burst: int = limit(5, "N", "log lines one client may cause at once")
    log_every: float = limit(60.0, "SECONDS", "then one more every SECONDS")
    log_total_burst: int = limit(50, "N", "log lines all clients together may cause at once")
    log_total_every: float = limit(6.0, "SECONDS", "then one more every SECONDS")


def flag(field: Any) -> str:
    """A limit's flag: `--` and its name (the field's, `_` written `-`, unless it names one)."""
    name: str = field.metadata.get("flag") or field.name.replace("_", "-")
    return "--" + name


def add_flags(
    parser: argparse.ArgumentParser,
    kind: type[Any] = Limits,
    title: str = "limits (what one client, and everyone together, may do)",
    description: str | None = None,
) -> None:
    """One flag for each limit of `kind` (an attrs class of `limit` fields), in a group of its
    own in `rivals serve --help`."""
    group = parser.add_argument_group(title, description)
    for field in attrs.fields(kind):
        number = int if isinstance(field.default, int) else float
        group.add_argument(
            flag(field),
            dest=_dest(kind, field),
            type=_at_least(number, field.metadata["least"]),
            default=field.default,
            metavar=field.metadata["metavar"],
            help=f"{field.metadata['help']} (default {field.default:{'d' if number is int else 'g'}})",
        )


def from_flags(args: argparse.Namespace, kind: type[Any] = Limits) -> Any:
    """The limits of `kind` `add_flags` read from the command line (defaults for any not given)."""
    return kind(**{f.name: getattr(args, _dest(kind, f), f.default) for f in attrs.fields(kind)})


def _dest(kind: type[Any], field: Any) -> str:
    return f"{'limit' if kind is Limits else kind.__name__.lower()}_{field.name}"


def _at_least(number: type[int] | type[float], least: int) -> Any:
    def parse(text: str) -> int | float:
        try:
            value = number(text)
        except ValueError:
            value = float("nan")
        if not value >= least or value == float("inf"):
            whole = "whole " if number is int else ""
            raise argparse.ArgumentTypeError(f"{text!r} is not a {whole}number from {least} up")
        return value

    return parse

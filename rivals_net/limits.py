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


def _limit(default: float, metavar: str, text: str) -> Any:
    return attrs.field(default=default, metadata={"metavar": metavar, "help": text})


@attrs.frozen
class Limits:
    """Every limit of the table server. The defaults suit a club open to the internet; tests use
    tighter ones. Counts are whole numbers; times are seconds."""

    # -- one connection ------------------------------------------------------------------------
    max_line: int = _limit(MAX_CLIENT_LINE, "BYTES", "longest message a client may send")
    rate: float = _limit(20.0, "N", "messages a second one connection may send, on average")
    burst: int = _limit(60, "N", "messages one connection may send at once")
    client_rate: float = _limit(
        40.0, "N", "messages a second one client may send over all its connections, on average"
    )
    client_burst: int = _limit(120, "N", "messages one client may send at once")
    idle: float = _limit(900.0, "SECONDS", "a connection is closed after this long without a message")
    hello_within: float = _limit(10.0, "SECONDS", "a new connection must say who it is within this")
    max_unsent: int = _limit(
        1024 * 1024, "BYTES", "output waiting for a client that does not read before it is dropped"
    )
    # The kernel's send buffer per connection: bounded, so that a client that does not read is
    # noticed (and its memory bounded) after a few views rather than megabytes.
    socket_buffer: int = _limit(256 * 1024, "BYTES", "the kernel's send buffer for each connection")
    # -- connections -----------------------------------------------------------------------------
    max_connections: int = _limit(200, "N", "connections at once")
    per_address: int = _limit(16, "N", "connections from one address (an SSH player: with one key)")
    seat_reserve: int = _limit(
        40, "N", "of --max-connections, those kept for players who hold a seat at a table"
    )
    # -- tables ----------------------------------------------------------------------------------
    max_tables: int = _limit(200, "N", "tables at once")
    tables_per_player: int = _limit(5, "N", "tables one player (one identity) may have created")
    tables_per_address: int = _limit(10, "N", "tables created from one address (SSH: one key)")
    unstarted_after: float = _limit(
        3600.0,
        "SECONDS",
        "a table where nothing was played closes after this long with nobody at it (0: never)",
    )
    abandoned_after: float = _limit(
        7 * 86400.0, "SECONDS", "a table closes after this long with none of its players at it (0: never)"
    )
    spectators: int = _limit(50, "N", "spectators at one table")
    # Each new name is saved at every table the player sits at.
    rename_every: float = _limit(5.0, "SECONDS", "a player may take a new name once every SECONDS")
    # -- refused messages ------------------------------------------------------------------------
    max_errors: int = _limit(30, "N", "refused messages one client may have before it is cut off")
    error_every: float = _limit(10.0, "SECONDS", "then one more every SECONDS")
    # -- invite codes ----------------------------------------------------------------------------
    guess_burst: int = _limit(10, "N", "wrong invite codes a player or an address may send at once")
    guess_every: float = _limit(30.0, "SECONDS", "then one more wrong invite code every SECONDS")
    # -- what a client can make the server log ---------------------------------------------------
    log_burst: int = _limit(5, "N", "log lines one client may cause at once")
    log_every: float = _limit(60.0, "SECONDS", "then one more every SECONDS")
    log_total_burst: int = _limit(50, "N", "log lines all clients together may cause at once")
    log_total_every: float = _limit(6.0, "SECONDS", "then one more every SECONDS")


def flag(name: str) -> str:
    return "--" + name.replace("_", "-")


def add_flags(parser: argparse.ArgumentParser) -> None:
    """One flag for each limit, in a group of its own in `rivals serve --help`."""
    group = parser.add_argument_group("limits (what one client, and everyone together, may do)")
    for field in attrs.fields(Limits):
        kind = int if isinstance(field.default, int) else float
        group.add_argument(
            flag(field.name),
            dest=f"limit_{field.name}",
            type=_at_least_zero(kind),
            default=field.default,
            metavar=field.metadata["metavar"],
            help=f"{field.metadata['help']} (default {field.default:{'d' if kind is int else 'g'}})",
        )


def from_flags(args: argparse.Namespace) -> Limits:
    """The limits `add_flags` read from the command line (the defaults for any not given)."""
    given: dict[str, Any] = {
        f.name: getattr(args, f"limit_{f.name}", f.default) for f in attrs.fields(Limits)
    }
    return Limits(**given)


def _at_least_zero(kind: type[int] | type[float]) -> Any:
    def parse(text: str) -> int | float:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"{text!r} is not a {'whole ' if kind is int else ''}number"
            ) from None
        if not value >= 0 or value == float("inf"):
            raise argparse.ArgumentTypeError(f"{text!r} must be 0 or more")
        return value

    return parse

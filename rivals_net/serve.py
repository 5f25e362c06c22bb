"""`rivals serve`: the table server, the SSH door and (with `--web PORT`) the web door in one
process, until SIGTERM or Ctrl-C.

All listen on `--host` (loopback unless told otherwise): the SSH door on `--port`, the table server
on `--table-port` (the door's port + 1 by default), which `rivals join HOST:PORT` uses directly,
the web door on `--web`. On the way out every table is saved and every app a door started is
ended. A save folder serves
one server at a time: a second one on it stops at once, saying so.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import signal
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import platformdirs

from engine.core.words import count
from rivals_net.door_limits import DoorLimits, dial_host, new_token
from rivals_net.limits import Limits, from_flags
from rivals_net.server import TableServer
from saves.errors import SaveError

if TYPE_CHECKING:
    from rivals_net.door import Door
    from rivals_net.web import WebDoor


# How long the apps of the SSH door have to end by themselves once told the server is stopping.
APPS_END_WITHIN = 3.0


def host_key_path() -> Path:
    return Path(platformdirs.user_data_dir("rivals")) / "ssh_host_ed25519_key"


def serve_main(args: argparse.Namespace, store: Any) -> int:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s: %(message)s", stream=sys.stderr)
    table_port = args.table_port if args.table_port is not None else args.port + 1
    try:
        key_path = Path(args.host_key) if args.host_key else host_key_path()
        asyncio.run(
            _serve(
                args.host,
                args.port,
                table_port,
                store,
                key_path,
                from_flags(args),
                ssh=not args.no_ssh,
                door_limits=door_limits_from(args),
                web=args.web,
            )
        )
    except OSError as exc:
        print(f"rivals: cannot serve: {exc}", file=sys.stderr)
        return 1
    except SaveError as exc:  # the folder is another server's, or its table index is unreadable
        print(f"rivals: cannot serve: {exc}.", file=sys.stderr)
        return 1
    return 0


def door_limits_from(args: argparse.Namespace) -> DoorLimits:
    """The SSH door's limits from `rivals serve`'s options."""
    limits: DoorLimits = from_flags(args, DoorLimits)
    return limits


async def _serve(
    host: str,
    port: int,
    table_port: int,
    store: Any,
    key_path: Path,
    limits: Limits,
    *,
    ssh: bool,
    door_limits: DoorLimits,
    web: int | None = None,
) -> None:
    if ssh:
        # Only with the door: asyncssh takes as long to import as the rest of the server.
        from rivals_net.door import Door, load_host_key
    if web is not None:
        # Only with the web door: aiohttp and textual-serve are as slow to import.
        from rivals_net.web import WebDoor
    # Without a door nobody may claim a door's identity (an empty token lets none through).
    token = new_token() if ssh or web is not None else ""
    tables = TableServer(store, limits, door=token)
    await tables.start(host, table_port)
    door: Door | None = None
    web_door: WebDoor | None = None
    try:
        lines = [f"Table server on {host}:{tables.port} (rivals join {host}:{tables.port} [CODE])"]
        if ssh:
            key = load_host_key(key_path)
            door = Door(
                tables.port,
                token,
                key,
                players=store.root.parent / "players",
                limits=door_limits,
                table_host=dial_host(host),
            )
            await door.start(host, port)
            lines.append(f"SSH door on {host}:{door.port} (ssh -p {door.port} {host})")
            lines.append(f"Host key {key.get_fingerprint('sha256')}")
        if web is not None:
            web_door = WebDoor(
                tables.port,
                token,
                players=store.root.parent / "players",
                limits=door_limits,
                table_limits=limits,
                table_host=dial_host(host),
                sessions=door.sessions if door is not None else None,
            )
            await web_door.start(host, web)
            shown = f"[{host}]" if ":" in host else host
            lines.append(f"Web door on {host}:{web_door.port} (http://{shown}:{web_door.port}/)")
        # Tables that could not be resumed stay in the index for a later start; the host is told.
        lines.extend(tables.problems)
        lines.append(f"Saves in {store.root}; {count(len(tables.tables), 'table')} resumed. Ctrl-C stops.")
        print("\n".join(lines), file=sys.stderr, flush=True)
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, stop.set)
        await stop.wait()
    finally:
        await shut_down(tables, door, web_door)


async def shut_down(tables: TableServer, door: Door | None, web: WebDoor | None = None) -> None:
    """Stop serving: every connection is told the server is restarting and every table saved;
    the doors' apps show that sentence and end by themselves (their terminals put back as they
    were) before the doors hang up on whatever is left."""
    if door is not None:
        door.close()
    await tables.stop()
    with contextlib.suppress(Exception):
        await asyncio.gather(
            *(d.stop(grace=APPS_END_WITHIN) for d in (door, web) if d is not None), return_exceptions=True
        )

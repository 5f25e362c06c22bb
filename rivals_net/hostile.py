"""The attacks of the bench's hostile run (`python -m rivals_net.bench hostile`), each from loopback
addresses of its own (127.0.0.x: Linux answers the whole 127/8 block), as an attacker holding a
few addresses would make them:

idle       sockets that connect and never say a word; each one the server closes or turns away is
           opened again a second later (the slots stay under siege).
flood      connections that create tables as fast as the server answers, a new identity whenever
           the server says that one has created enough.
guess      connections that send join after join with made-up invite codes, reconnecting with a
           new identity whenever the server closes one.
spectate   spectators of the canary table that read their first answer and never read again.
chat       spectators of the canary table sending chat: each second a 10 kB message, one of
           escape sequences and markup, and twenty more, reconnecting whenever they are cut off.

Every attack counts what the server answered (`Tally`); `attack` runs them all for a while in a
process of its own (the canary's timing must not wait for the attackers' CPU).
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import json
import random
import socket
from typing import Any

from rivals_net import protocol as p
from rivals_net.client import Disconnected, TableClient

Tally = collections.Counter[str]
CODE_LETTERS = "bdfghjkmnprstvzaeiou"


def _said(message: Any) -> str:
    """An answer as a short key for the tally: its kind and the start of its sentence."""
    text = getattr(message, "text", "")
    return type(message).__name__.lower() + (f": {text[:48]}" if text else "")


async def _idle(port: int, addr: str, until: float, tally: Tally) -> None:
    loop = asyncio.get_running_loop()
    while loop.time() < until:
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(addr, 0))
        except OSError:
            tally["idle: could not connect"] += 1
            await asyncio.sleep(1)
            continue
        with contextlib.suppress(Exception):
            first = json.loads(await reader.readline())
            if first.get("t") == "welcome":
                tally["idle: let in"] += 1
                last = b""
                async with asyncio.timeout(max(0.0, until - loop.time())):
                    while chunk := await reader.readline():
                        last = chunk
                tally[f"idle: closed ({json.loads(last).get('text', '')[:40]})"] += 1
            else:
                tally[f"idle: turned away ({first.get('text', '')[:40]})"] += 1
        writer.close()
        await asyncio.sleep(1)


async def _client(port: int, addr: str, who: str) -> TableClient | None:
    try:
        return await TableClient.connect(
            "127.0.0.1", port, who, f"key:{who}-{random.getrandbits(64):016x}", local=addr
        )
    except (OSError, Disconnected, p.ProtocolError):
        return None


async def _answer(client: TableClient, kinds: tuple[type, ...]) -> Any:
    while True:
        m = await asyncio.wait_for(client.receive(), 10)
        if isinstance(m, kinds):
            return m


async def _flood(port: int, addr: str, until: float, tally: Tally) -> None:
    loop = asyncio.get_running_loop()
    offer = p.Create(game="rivalist", seats=[p.SeatOffer(), p.SeatOffer()])
    while loop.time() < until:
        client = await _client(port, addr, "flood")
        if client is None:
            tally["flood: turned away"] += 1
            await asyncio.sleep(1)
            continue
        with contextlib.suppress(Exception):
            while loop.time() < until:
                client.send(offer)
                m = await _answer(client, (p.Seated, p.Error, p.Bye))
                tally["flood: table created" if isinstance(m, p.Seated) else f"flood: {_said(m)}"] += 1
                if isinstance(m, p.Bye) or (isinstance(m, p.Error) and "You have created" in m.text):
                    break  # a new identity
        await client.close()


async def _guess(port: int, addr: str, until: float, tally: Tally) -> None:
    loop = asyncio.get_running_loop()
    rng = random.Random()
    while loop.time() < until:
        client = await _client(port, addr, "guess")
        if client is None:
            tally["guess: turned away"] += 1
            await asyncio.sleep(1)
            continue
        with contextlib.suppress(Exception):
            while loop.time() < until:
                for _ in range(30):
                    code = "-".join("".join(rng.choice(CODE_LETTERS) for _ in range(4)) for _ in range(4))
                    client.send(p.Join(code=code))
                    tally["guess: codes sent"] += 1
                for _ in range(30):
                    m = await _answer(client, (p.Seated, p.Error, p.Bye))
                    tally["guess: A SEAT TAKEN" if isinstance(m, p.Seated) else f"guess: {_said(m)}"] += 1
                    if isinstance(m, p.Bye):
                        raise Disconnected(m.text)
        await client.close()


async def _spectate(port: int, addr: str, table: int, until: float, tally: Tally) -> None:
    """One spectator that stops reading after its first answer (a small receive window)."""
    loop = asyncio.get_running_loop()
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.setblocking(False)
    try:
        sock.bind((addr, 0))
        await loop.sock_connect(sock, ("127.0.0.1", port))
        reader, writer = await asyncio.open_connection(sock=sock, limit=p.MAX_SERVER_LINE)
    except OSError:
        tally["spectate: could not connect"] += 1
        sock.close()
        return
    with contextlib.suppress(Exception):
        welcome = json.loads(await asyncio.wait_for(reader.readline(), 10))
        if welcome.get("t") != "welcome":
            tally[f"spectate: turned away ({welcome.get('text', '')[:40]})"] += 1
            return
        hello = p.Hello(name="Eve", identity=f"key:eve-{random.getrandbits(64):016x}")
        writer.write(p.encode(hello) + p.encode(p.Watch(table=table)))
        answer = json.loads(await asyncio.wait_for(reader.readline(), 10))
        tally[
            f"spectate: {answer['t']}" + (f" ({answer.get('text', '')[:40]})" if "text" in answer else "")
        ] += 1
        # From here on it never reads; the transport would, so it is paused.
        if isinstance(writer.transport, asyncio.ReadTransport):
            writer.transport.pause_reading()
        await asyncio.sleep(max(0.0, until - loop.time()))
    writer.close()


async def _chat(port: int, addr: str, table: int, until: float, tally: Tally) -> None:
    """One spectator of the canary table flooding its chat; every answer is counted."""
    loop = asyncio.get_running_loop()
    volley = [p.Say(text="x" * 10_000), p.Say(text="\x1b]0;pwned\x07[b]hi[/b]\x1b[2J")]
    volley += [p.Say(text=f"spam {i}") for i in range(20)]
    while loop.time() < until:
        client = await _client(port, addr, "chat")
        if client is None:
            tally["chat: turned away"] += 1
            await asyncio.sleep(1)
            continue

        async def counting(client: TableClient = client) -> None:
            while True:
                m = await client.receive()
                if isinstance(m, p.Chat):
                    tally["chat: messages told"] += len(m.lines)
                elif not isinstance(m, p.Seated | p.Update):
                    tally[f"chat: {_said(m)}"] += 1
                if isinstance(m, p.Bye):
                    return

        reader = loop.create_task(counting())
        with contextlib.suppress(Exception):
            client.send(p.Watch(table=table))
            while loop.time() < until and not reader.done():
                for message in volley:
                    client.send(message)
                tally["chat: messages sent"] += len(volley)
                await asyncio.sleep(1)
        reader.cancel()
        await client.close()


async def _attack(port: int, table: int, seconds: float, sizes: dict[str, int], first: int) -> Tally:
    """Every attack at once for `seconds`; each kind from its own addresses (see `addresses`)."""
    tally: Tally = collections.Counter()
    until = asyncio.get_running_loop().time() + seconds
    pools = addresses(sizes, first)
    jobs = [
        _idle(port, pools["idle"][i % len(pools["idle"])], until, tally) for i in range(sizes["idle_sockets"])
    ]
    jobs += [_flood(port, a, until, tally) for a in pools["flood"]]
    jobs += [_guess(port, a, until, tally) for a in pools["guess"]]
    jobs += [
        _spectate(port, pools["spectate"][i % len(pools["spectate"])], table, until, tally)
        for i in range(sizes["spectators"])
    ]
    jobs += [_chat(port, a, table, until, tally) for a in pools["chat"]]
    for failed in await asyncio.gather(*jobs, return_exceptions=True):
        if isinstance(failed, BaseException):
            tally[f"attacker failed: {failed!r:.60}"] += 1
    return tally


def addresses(sizes: dict[str, int], first: int) -> dict[str, list[str]]:
    """The loopback addresses of each attack: `sizes["<kind>_addresses"]` of them each, from
    127.0.0.`first` on."""
    pools, n = {}, first
    for kind in ("idle", "flood", "guess", "spectate", "chat"):
        count = sizes[f"{kind}_addresses"]
        pools[kind] = [f"127.0.{(n + i) // 256}.{(n + i) % 256}" for i in range(count)]
        n += count
    return pools


def attack(port: int, table: int, seconds: float, sizes: dict[str, int], first: int, out: Any) -> None:
    """A child process's whole life: run the attacks, send the tally back through `out`."""
    tally = asyncio.run(_attack(port, table, seconds, sizes, first))
    out.send(dict(tally))
    out.close()

"""Names at a server's tables (over the protocol, the server in the test's loop): the create
form's names for the AI seats and the creator's own seat are used; two players who logged in
with the same name are told apart until one of them takes a name of their own, which every table
they sit at shows (on disk first); the lobby's list follows without being asked; a stopping
server tells every connection why.

Budget: 2 s.
"""

from __future__ import annotations

import json
from pathlib import Path

from rivals_net import protocol as p
from rivals_net.client import TableClient
from rivals_net.lobby import LobbyNews
from rivals_net.server import RESTARTING
from tests.net.support import identity, is_error, is_update, player, start_server, until


async def test_the_forms_names_name_the_ai_seats_and_the_creator(tmp_path: Path) -> None:
    server = await start_server(tmp_path, seed=1)
    ann = await player(server, "Ann")
    seats = [p.SeatOffer("ai", "easy", "Robo"), p.SeatOffer(name="Annie"), p.SeatOffer()]
    ann.send(p.Create(game="rival_kings", seats=seats))
    seated = await until(ann, lambda m: isinstance(m, p.Seated))
    assert [s["name"] for s in seated.seats] == ["Robo", "Annie", "Seat 3"]
    # Two seats of one name would make a save no Rivals can load: refused in a sentence.
    robots = [p.SeatOffer("ai", "easy", "Robo"), p.SeatOffer("ai", "hard", "Robo")]
    ann.send(p.Create(game="rival_kings", seats=[p.SeatOffer(), *robots]))
    assert (await until(ann, is_error)).text == "Give every seat a different name."
    await server.stop()


async def test_a_name_of_ones_own_is_shown_at_every_table_and_the_lobby_follows(tmp_path: Path) -> None:
    server = await start_server(tmp_path, seed=1)
    # Both logged in as "root" (the login name an SSH door passes on).
    bob = await TableClient.connect("127.0.0.1", server.port, "root", identity("Bob"))
    cy = await TableClient.connect("127.0.0.1", server.port, "root", identity("Cy"))
    dan = await player(server, "Dan")
    dan.send(p.ListTables())
    await until(dan, lambda m: isinstance(m, p.Tables))
    bob.send(p.Create(game="rivalist", seats=[p.SeatOffer(), p.SeatOffer()]))
    seated = await until(bob, lambda m: isinstance(m, p.Seated))
    cy.send(p.Join(code=seated.code))
    await until(cy, lambda m: isinstance(m, p.Seated))
    u = await until(bob, lambda m: is_update(m) and m.seats[1].here)
    assert [s.name for s in u.seats] == ["root", "root (2)"]
    # Dan, in the lobby, is sent the new table without asking.
    listed = await until(dan, lambda m: isinstance(m, p.Tables) and m.tables)
    assert [s.name for s in listed.tables[0].seats][0] == "root"

    cy.send(p.Leave(table=seated.table))
    cy.send(p.Rename(name="  Cy   Twist "))
    mine = await until(cy, lambda m: isinstance(m, p.Tables) and m.tables[0].seats[1].name != "root (2)")
    assert mine.tables[0].seats[1].name == "Cy Twist" and mine.tables[0].yours
    renamed = await until(bob, lambda m: is_update(m) and m.seats[1].name != "root (2)")
    assert renamed.seats[1].name == "Cy Twist"
    table = server.tables[seated.table]
    saved = json.loads((tmp_path / f"{table.name}.json").read_text())
    assert [s["name"] for s in saved["seats"]] == ["root", "Cy Twist"]
    heard = await until(dan, lambda m: isinstance(m, p.Tables) and m.tables[0].seats[1].name == "Cy Twist")
    assert not heard.tables[0].yours
    cy.send(p.Rename(name=" ?! "))
    assert (await until(cy, is_error)).text == "A name needs at least one letter or digit."
    # Each new name is saved at every table: one every few seconds.
    cy.send(p.Rename(name="Cyril"))
    assert (
        await until(cy, is_error)
    ).text == "You changed your name a moment ago: try again in a few seconds."
    assert table.match.seats[1].name == "Cy Twist"

    # Stopping, the server tells every connection why, in one sentence.
    await server.stop()
    for client in (bob, cy, dan):
        assert (await until(client, lambda m: isinstance(m, p.Bye))).text == RESTARTING
    assert RESTARTING == "The server is restarting: connect again in a moment."


async def test_the_lobbys_list_is_pushed_at_most_once_a_second(tmp_path: Path) -> None:
    """Many changes close together make one push; the next waits for the second to pass."""
    server = await start_server(tmp_path, seed=1)
    dan = await player(server, "Dan")
    dan.send(p.ListTables())
    await until(dan, lambda m: isinstance(m, p.Tables))
    server.lobby.stop()
    news = LobbyNews(server._lobby, lambda: server.conns, every=3600)
    server.lobby = news
    ann = await player(server, "Ann")
    for _ in range(3):
        ann.send(p.Create(game="rivalist", seats=[p.SeatOffer(), p.SeatOffer()]))
        await until(ann, lambda m: isinstance(m, p.Seated))
    first = await until(dan, lambda m: isinstance(m, p.Tables))
    assert len(first.tables) == 1  # pushed at the first change, at once
    assert news._pending is not None  # the others wait for the hour to pass
    news.push()
    assert len((await until(dan, lambda m: isinstance(m, p.Tables))).tables) == 3
    await server.stop()


async def test_a_lobby_still_reading_is_sent_the_list_once_it_has_caught_up() -> None:
    """As updates do (`Conn.lagging`): nothing more is queued for a client that has not read
    what it was sent; once it has, it is owed the list it missed."""

    class Reader:
        def __init__(self, lagging: bool) -> None:
            self.key, self.table, self.closed = "k", None, False
            self.behind = lagging
            self.sent: list[bytes] = []

        def lagging(self) -> bool:
            return self.behind

        def send_line(self, line: bytes) -> None:
            self.sent.append(line)

    slow, quick = Reader(lagging=True), Reader(lagging=False)
    news = LobbyNews(lambda since: [], lambda: [slow, quick])
    news.push()
    assert quick.sent and not slow.sent
    assert news.missed(slow) and not news.missed(slow) and not news.missed(quick)

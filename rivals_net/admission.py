"""Who may come in, and how much one client may do across all its connections (`Limits`).

A client is an address for a direct connection and the SSH key for a player the door vouches for
(`client_of`, `Conn.source`). `Admission` is asked by the server at each step a stranger could
abuse: a new connection (per client, and the whole server's cap with room kept for players who
hold a seat), its hello, a new table (per identity and per client), an invite code (wrong codes
are rate-limited per identity and per client, and every refusal reads the same), a spectator (a
cap per table), and which tables have been left long enough to close. `ClientLog` bounds what
clients can make the server write to its log. Invite codes themselves are made here too.
"""

from __future__ import annotations

import hmac
import ipaddress
import logging
import math
import secrets
import time
import traceback
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import attrs

from engine.core import IllegalAction
from engine.core.words import count
from rivals_net.limits import Limits
from rivals_net.protocol import IDENTITY_LIMIT, Hello
from rivals_net.table import identity_key, tidy_name

if TYPE_CHECKING:
    from rivals_net.connection import Conn
    from rivals_net.server import TableServer
    from rivals_net.table import Table

log = logging.getLogger("rivals_net")

FULL = "The server is full; try again later."
CROWDED = "Too many connections from your address; close one first."
# Where the SSH door's apps dial from (door.py runs `rivals join 127.0.0.1:PORT`): many players may
# log in at once, so while the door runs this address is not limited before the hello — each
# connection then counts as the key the door vouches for, or as this address if it is not one.
DOOR_DIALS_FROM = "127.0.0.1"
CUT_OFF = "Too many refused messages; try again later."
# The one answer to every join that does not seat anyone: an unknown code, a table whose seats
# are all held — a guesser must not learn that a code exists.
NO_SEAT = "No table with a free seat has that invite code."

# Invite codes: four groups of two syllables ("bado-kemi-rutu-silo"), easy to read aloud and to
# type; no digits, and no letter that looks like another (l, o beside 1, 0) or sounds like one
# (c, q, x, y, w). 15 x 5 per syllable, 8 syllables: about 10^15 codes (50 bits).
CONSONANTS = "bdfghjkmnprstvz"
VOWELS = "aeiou"
CODE_GROUPS = 4
# A code is compared without case, spaces or dashes: a player may type "BADO KEMI RUTU SILO".
# (Codes made before these, six letters and digits, are compared the same way and still work.)
_SEPARATORS = str.maketrans("", "", " -_")


@attrs.frozen
class Vouched:
    """A kind of identity only a door of this server may claim (with the token it is given at
    each start): `prefix` begins it, `crowded` refuses one connection too many, `refusal` anyone
    else claiming it."""

    prefix: str
    crowded: str
    refusal: str


# The SSH door's players are their keys' fingerprints; the web door's, a hash of their browser's
# secret. The doors' apps all dial from one address, so each counts as its identity instead.
VOUCHED = (
    Vouched(
        "ssh:",
        "Too many connections with your SSH key; close one first.",
        "Only the SSH door may vouch for an ssh: identity.",
    ),
    Vouched(
        "web:",
        "Too many connections from your browser; close one first.",
        "Only the web door may vouch for a web: identity.",
    ),
)


def door_identity(identity: str) -> Vouched | None:
    """The door that must vouch for `identity`, or None: anyone may use it."""
    return next((v for v in VOUCHED if identity.startswith(v.prefix)), None)


def new_code(taken: set[str]) -> str:
    """A fresh invite code, not among `taken` (compared as players type them)."""
    keys = {code_key(c) for c in taken}
    while True:
        groups = [
            "".join(secrets.choice(CONSONANTS) + secrets.choice(VOWELS) for _ in range(2))
            for _ in range(CODE_GROUPS)
        ]
        code = "-".join(groups)
        if code_key(code) not in keys:
            return code


def code_key(text: str) -> str:
    """A code as compared: lower case, without separators."""
    return text.strip().lower().translate(_SEPARATORS)


def client_of(peer: Any) -> str:
    """The client a direct connection counts as: its IP address (an IPv4 address written as IPv6
    is the IPv4 one; any other IPv6 address counts by its /64 network, the block a single home or
    machine is usually given)."""
    if not isinstance(peer, tuple) or not peer:
        return "unknown"
    try:
        ip = ipaddress.ip_address(str(peer[0]).split("%")[0])
    except ValueError:
        return str(peer[0])
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


class Buckets:
    """Token buckets by key: `burst` at once, then one more every `every` seconds. A bucket is
    made on first use and forgotten once full again (`prune`), so memory follows recent use."""

    def __init__(self, burst: int, every: float) -> None:
        self.burst = burst
        self.every = every
        self._left: dict[str, tuple[float, float]] = {}  # key -> (tokens, when counted)

    def _level(self, key: str, now: float) -> float:
        tokens, then = self._left.get(key, (self.burst, now))
        if self.every <= 0:
            return float(self.burst)
        return min(float(self.burst), tokens + (now - then) / self.every)

    def has(self, key: str, now: float) -> bool:
        return self._level(key, now) >= 1

    def take(self, key: str, now: float) -> bool:
        level = self._level(key, now)
        if level < 1:
            return False
        self._left[key] = (level - 1, now)
        return True

    def prune(self, now: float) -> None:
        self._left = {k: v for k, v in self._left.items() if self._level(k, now) < self.burst}


class ClientLog:
    """Log lines a client's messages cause, bounded per client and for all clients together (a
    client must not be able to fill the host's disk). A fault — an exception no message should
    cause, so a bug of the server — has its traceback logged the first time it happens at that
    place in the code, and one line after that; bad input never has one."""

    def __init__(self, limits: Limits) -> None:
        self.per_client = Buckets(limits.log_burst, limits.log_every)
        self.total = Buckets(limits.log_total_burst, limits.log_total_every)
        self.left_out = 0
        self._faults: set[tuple[str, str, int]] = set()

    def note(self, client: str, level: int, text: str, exc: BaseException | None = None) -> bool:
        """Log `text` (and `exc`'s traceback) unless `client` or all clients together have had
        their share; True if it was logged."""
        now = time.monotonic()
        if not (self.per_client.has(client, now) and self.total.has("", now)):
            self.left_out += 1
            return False
        self.per_client.take(client, now)
        self.total.take("", now)
        if self.left_out:
            text += f" ({self.left_out} such lines left out since the last)"
            self.left_out = 0
        log.log(level, "%s", text, exc_info=exc)
        return True

    def fault(self, client: str, doing: str, exc: BaseException) -> None:
        frames = traceback.extract_tb(exc.__traceback__)
        place = (type(exc).__name__, frames[-1].filename, frames[-1].lineno or 0) if frames else None
        where = f" at {place[1]}:{place[2]}" if place else ""
        if place is not None and place not in self._faults:
            if self.note(client, logging.ERROR, f"{doing} failed ({type(exc).__name__}{where})", exc):
                self._faults.add(place)
            return
        self.note(
            client, logging.ERROR, f"{doing} failed again ({type(exc).__name__}{where}; traceback above)"
        )

    def prune(self, now: float) -> None:
        self.per_client.prune(now)
        self.total.prune(now)


class Admission:
    """The server's doorman, asked at each step a stranger could abuse: a step refused comes back
    as the sentence the client is told (`connect`, `hello`) or raises `IllegalAction` with it."""

    def __init__(self, server: TableServer) -> None:
        self.server = server
        self.limits = server.limits
        self.guesses = Buckets(self.limits.guess_burst, self.limits.guess_every)
        self.strikes = Buckets(self.limits.max_errors, self.limits.error_every)
        rate = self.limits.client_rate
        self.messages = Buckets(self.limits.client_burst, 1 / rate if rate > 0 else math.inf)
        self.log = ClientLog(self.limits)

    # -- connections -----------------------------------------------------------------------------
    def connect(self, conn: Conn) -> str | None:
        """A new connection (not yet among the server's): its client's limits, then the server's
        cap — where a connection that has not said hello yet gives way to the newcomer, the one
        silent longest first (a client says hello within milliseconds: silent sockets from many
        addresses cannot keep players out)."""
        if not (self.server.door and conn.source == DOOR_DIALS_FROM):  # (that one: at its hello)
            refused = self._client(conn, self.server.conns, CROWDED)
            if refused is not None:
                return refused
        live = [c for c in self.server.conns if not c.closed]
        if len(live) >= self.limits.max_connections:
            silent = [c for c in live if c.key is None]
            if not silent:
                return FULL
            min(silent, key=lambda c: c.opened).bye(FULL)
        return None

    def hello(self, conn: Conn, m: Hello, door: str) -> str | None:
        """`conn` says who it is: a sentence when it may not come in (an ill-formed hello raises
        the player's sentence). A player a door vouches for (with the `door` token this server
        gave its doors) counts as their identity from now on; someone who holds no seat anywhere
        may not take the connections kept for those who do."""
        if conn.key is not None:
            raise IllegalAction("You have already said hello.")
        name = tidy_name(m.name)
        if not name:
            raise IllegalAction("Say your name in the hello.")
        if not 16 <= len(m.identity) <= IDENTITY_LIMIT:
            raise IllegalAction("The identity must be 16 to 200 characters.")
        door_proved = door_identity(m.identity)
        if door_proved is not None and not (door and secrets.compare_digest(m.door, door)):
            raise IllegalAction(door_proved.refusal)
        conn.key, conn.name = identity_key(m.identity), name
        conns = [c for c in self.server.conns if c is not conn]
        if door_proved is not None:
            conn.source = f"{door_proved.prefix}{conn.key}"
        refused = self._client(
            conn,
            [c for c in conns if c.key is not None],  # (the door's apps not yet known are not counted)
            door_proved.crowded if door_proved is not None else CROWDED,
        )
        if refused is not None:
            return refused
        claimed = {key for t in self.server.tables.values() for key in t.claims}
        if conn.key not in claimed:
            guests = sum(1 for c in conns if c.key is not None and c.key not in claimed)
            if guests >= self.limits.max_connections - self.limits.seat_reserve:
                return FULL
        return None

    def _client(self, conn: Conn, conns: Iterable[Conn], crowded: str) -> str | None:
        """The limits of `conn`'s client: its connections among `conns`, its refusals."""
        if sum(1 for c in conns if c.source == conn.source) >= self.limits.per_address:
            return crowded
        if not self.strikes.has(conn.source, time.monotonic()):
            return CUT_OFF
        return None

    def allow(self, conn: Conn) -> bool:
        """One message more from `conn`'s client, if its rate allows (a client opening more
        connections does not send more)."""
        return self.messages.take(conn.source, time.monotonic())

    def refused(self, conn: Conn) -> bool:
        """A message of `conn` was refused: one of its client's refusals is spent (a client
        reconnecting does not start afresh). False once none is left: it is cut off, and new
        connections are turned away until one more is allowed (`error_every`)."""
        now = time.monotonic()
        self.strikes.take(conn.source, now)
        return self.strikes.has(conn.source, now)

    # -- tables ----------------------------------------------------------------------------------
    def create(self, conn: Conn) -> None:
        tables = self.server.tables.values()
        limits = self.limits
        if len(tables) >= limits.max_tables:
            raise IllegalAction("The server has as many tables as it can hold.")
        wait = (
            "; a table where nothing has been played closes once nobody has been at it for "
            f"{_duration(limits.unstarted_after)}"
            if limits.unstarted_after > 0
            else ""
        )
        if sum(1 for t in tables if t.creator == conn.key) >= limits.tables_per_player:
            raise IllegalAction(f"You have created {limits.tables_per_player} tables already{wait}.")
        if sum(1 for t in tables if t.origin == conn.source) >= limits.tables_per_address:
            raise IllegalAction(
                f"{limits.tables_per_address} tables were created from your address already{wait}."
            )

    def find(self, conn: Conn, code: str) -> Table:
        """The table with invite code `code` where `conn` holds a seat or may take a free one.
        Every refusal is the same sentence, and wrong codes are counted (per identity and per
        client, across connections): past the limit no code is even looked at."""
        now = time.monotonic()
        keys = (f"id:{conn.key}", conn.source)
        if not all(self.guesses.has(k, now) for k in keys):
            raise IllegalAction("Too many wrong invite codes; try again later.")
        wanted = code_key(code).encode("utf-8", "surrogatepass")
        found = None
        for table in self.server.tables.values():  # every one, so the time taken tells nothing
            if hmac.compare_digest(code_key(table.code).encode(), wanted):
                found = table
        assert conn.key is not None
        if found is None or (conn.key not in found.claims and found.full()):
            for k in keys:
                self.guesses.take(k, now)
            raise IllegalAction(NO_SEAT)
        return found

    def watch(self, conn: Conn, table: Table) -> None:
        """A spectator more at `table` (someone who holds a seat there is not one)."""
        watching = sum(1 for c in self.server.conns if c.table is table and c.seat is None and c is not conn)
        if watching >= self.limits.spectators:
            raise IllegalAction("This table has as many spectators as it can take; try again later.")

    def closing(self, now: float) -> list[Table]:
        """Tables nobody is at that have been left long enough to close (`Table.left_for`)."""
        here = {c.table for c in self.server.conns if c.table is not None}
        return [
            t
            for t in self.server.tables.values()
            if t not in here
            and not t.busy.locked()
            and t.left_for(now, self.limits.unstarted_after, self.limits.abandoned_after)
        ]

    def prune(self, now: float) -> None:
        self.guesses.prune(now)
        self.strikes.prune(now)
        self.messages.prune(now)
        self.log.prune(now)


def _duration(seconds: float) -> str:
    """A limit's time in words: "1 hour", "90 minutes", "20 seconds"."""
    for size, unit in ((86400, "day"), (3600, "hour"), (60, "minute")):
        if seconds >= size and seconds % size == 0:
            return count(int(seconds // size), unit)
    return count(int(seconds), "second") if seconds == int(seconds) else f"{seconds:g} seconds"

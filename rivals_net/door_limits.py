"""What the doors let one client have, and what they take from what a client says.

A stranger with any SSH key can log in (door.py), and any browser can open the web door
(web.py), so everything a client sends is bounded here: the window size the app is given, the
terminal type and the user name handed to the app, how many sessions (one app process each) a key
or browser, an address and everybody together may have, and how many lines a client can make the
server log; and where the doors' apps dial the table server, with the token that lets them vouch
for their players. No asyncssh here: `rivals serve` reads its options without importing it.
"""

from __future__ import annotations

import ipaddress
import logging
import re
import secrets
import time
import unicodedata
from collections import Counter
from collections.abc import Callable

import attrs

from rivals_net.limits import limit
from rivals_net.protocol import NAME_LIMIT

# The kernel keeps a terminal's size as two 16-bit numbers: a client saying more is no terminal.
TERMINAL_LIMIT = 65535
# The largest screen an app is given. An app's memory grows with its screen's area (a 4000×4000
# screen held 320 MB, 65535×65535 over 1.5 GB within seconds), and its screens are laid out for
# 80×24 to a couple of hundred columns: past this they show nothing more. A bigger terminal shows
# the app in its top left corner. Constants, not options: no real terminal needs more, and an
# option would only let an operator reopen the hole.
MAX_COLUMNS = 500
MAX_ROWS = 200
# A size of zero means the client does not know (RFC 4254): the usual terminal's size.
DEFAULT_SIZE = (80, 24)
# A terminal type the app is given when the client's is not a terminfo name (a TERM holding NUL
# ended the app before it drew anything). Nearly every terminal a player has can show it.
FALLBACK_TERM = "xterm-256color"
_TERM_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._+-]{0,63}")


def login_refusal(width: int, height: int) -> str | None:
    """The sentence refusing a login whose terminal says this size, or None to let it in."""
    if width > TERMINAL_LIMIT or height > TERMINAL_LIMIT:
        return f"Your terminal says it is {width}×{height} characters, which no terminal is."
    return None


def window(width: int, height: int) -> tuple[int, int]:
    """The (columns, rows) the app is given for a size the client sent."""
    cols = min(width, MAX_COLUMNS) if width > 0 else DEFAULT_SIZE[0]
    rows = min(height, MAX_ROWS) if height > 0 else DEFAULT_SIZE[1]
    return cols, rows


def clean_term(term: str) -> str:
    """The client's terminal type if it is a terminfo name, else `FALLBACK_TERM`."""
    return term if _TERM_NAME.fullmatch(term) else FALLBACK_TERM


def clean_name(name: str) -> str:
    """The SSH user name as a player's name: no control or invisible characters, one space
    between words, at most `NAME_LIMIT` characters ("player" when nothing is left)."""
    shown = "".join(" " if unicodedata.category(c)[0] in "CZ" else c for c in name)
    return " ".join(shown.split())[:NAME_LIMIT] or "player"


@attrs.frozen
class DoorLimits:
    """How many sessions the door runs at once (each is one app process, about 20 MB of memory of
    its own): in all, for one key, and for one address. Tests use tighter ones."""

    max_sessions: int = limit(50, "N", "sessions at once in all", least=1)
    # Room to come back while the old connection is not yet seen to be gone.
    per_key: int = limit(4, "N", "sessions at once for one SSH key", flag="max-sessions-per-key", least=1)
    # A club behind one router shares an address.
    per_address: int = limit(
        10, "N", "sessions at once from one network address", flag="max-sessions-per-address", least=1
    )

    def refusal(self, total: int, key: int, address: int, holder: str = "Your key") -> str | None:
        """The sentence refusing one more session, given those open now, or None. `holder` names
        what the identity is to the player ("Your key", "This browser")."""
        if key >= self.per_key:
            return f"{holder} already has {_sessions(key)} open here: close one and connect again."
        if address >= self.per_address:
            return f"There are already {_sessions(address)} from your address: close one first."
        if total >= self.max_sessions:
            return f"The server is full ({_sessions(total)} running): try again later."
        return None


def _sessions(n: int) -> str:
    return f"{n} session" if n == 1 else f"{n} sessions"


class Sessions:
    """The sessions the door runs now, counted per key and per address."""

    def __init__(self, limits: DoorLimits) -> None:
        self.limits = limits
        self.total = 0
        self.keys: Counter[str] = Counter()
        self.addresses: Counter[str] = Counter()

    def admit(self, key: str, address: str, holder: str = "Your key") -> str | None:
        """Count one more session, or say why not (then nothing is counted)."""
        refusal = self.limits.refusal(self.total, self.keys[key], self.addresses[address], holder)
        if refusal is None:
            self.total += 1
            self.keys[key] += 1
            self.addresses[address] += 1
        return refusal

    def release(self, key: str, address: str) -> None:
        self.total -= 1
        _less(self.keys, key)
        _less(self.addresses, address)


# Connections are capped too, at twice the session limits: a client over a session limit is
# refused with a sentence when it asks for its session, while connections that never get that far
# (a flood, logins left hanging) are closed at once, before they use up the descriptors that the
# door and the table server share.
CONNECTIONS_PER_SESSION = 2


class Connections:
    """The SSH connections open now, counted per address."""

    def __init__(self, limits: DoorLimits) -> None:
        self.most = CONNECTIONS_PER_SESSION * limits.max_sessions
        self.most_per_address = CONNECTIONS_PER_SESSION * limits.per_address
        self.total = 0
        self.addresses: Counter[str] = Counter()

    def admit(self, address: str) -> bool:
        """Count one more connection from `address`, or False (then nothing is counted)."""
        if self.total >= self.most or self.addresses[address] >= self.most_per_address:
            return False
        self.total += 1
        self.addresses[address] += 1
        return True

    def release(self, address: str) -> None:
        self.total -= 1
        _less(self.addresses, address)


def _less(counts: Counter[str], name: str) -> None:
    # Forget who has none left, so that a counter does not grow with every address ever seen.
    counts[name] -= 1
    if counts[name] <= 0:
        del counts[name]


class _Bucket:
    """`size` lines at once, then one every `every` seconds."""

    def __init__(self, size: int, every: float, now: float) -> None:
        self.size = size
        self.every = every
        self.tokens = float(size)
        self.when = now

    def take(self, now: float) -> bool:
        self.tokens = min(self.size, self.tokens + (now - self.when) / self.every)
        self.when = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


# What one address can make the door log: a burst, then a line every few seconds; and everybody
# together. Constants: they bound the log's growth, not anything a player sees.
LOG_BURST = 20
LOG_EVERY = 6.0
LOG_TOTAL_BURST = 200
LOG_TOTAL_EVERY = 0.1
_ADDRESSES_KEPT = 4096


class LogLimiter:
    """The door's log lines, at most as many per client address as the buckets above allow. Lines
    left out are counted, and the count is told with that address's next line."""

    def __init__(self, logger: logging.Logger, clock: Callable[[], float] = time.monotonic) -> None:
        self.logger = logger
        self.clock = clock
        self.all = _Bucket(LOG_TOTAL_BURST, LOG_TOTAL_EVERY, clock())
        self.per_address: dict[str, _Bucket] = {}
        self.left_out: Counter[str] = Counter()

    def line(self, level: int, address: str, text: str) -> None:
        """Log `text` about the client at `address`, unless it has had its share for now."""
        now = self.clock()
        bucket = self.per_address.get(address)
        if bucket is None:
            if len(self.per_address) >= _ADDRESSES_KEPT:
                oldest = next(iter(self.per_address))
                del self.per_address[oldest]
                self.left_out.pop(oldest, None)
            bucket = self.per_address[address] = _Bucket(LOG_BURST, LOG_EVERY, now)
        if not (bucket.take(now) and self.all.take(now)):
            self.left_out[address] += 1
            return
        missed = self.left_out.pop(address, 0)
        if missed:
            text += f" ({missed} earlier lines about {address} left out)"
        self.logger.log(level, "%s", text)


def dial_host(host: str) -> str:
    """The address the doors' apps dial for a table server listening on `host`: that address, or
    loopback when it listens on every address (0.0.0.0, ::)."""
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:  # a name (localhost, the host's own): it resolves as it did for the server
        return host or "127.0.0.1"
    if ip.is_unspecified:
        return "::1" if ip.version == 6 else "127.0.0.1"
    return host


def new_token() -> str:
    """The secret that lets the doors' apps claim the identities they vouch for ("ssh:", "web:");
    new at every start."""
    return secrets.token_hex(24)

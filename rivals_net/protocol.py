"""The table server's wire format: versioned JSON lines, one message per line.

Every line is a JSON object `{"v": 1, "t": "<kind>", ...fields}`. The fields of each kind are an
attrs class below, read with the saves' cattrs converter (`saves.convert.converter`, strict:
unknown fields are refused), so a message is checked as carefully as a save file. The
game-specific parts — options, actions, a seat's view, events, prompts, outcomes — are written by
that same converter exactly as a save writes them (`dump_action`, the game's `Options` and
`state_type`).

docs/NETWORK.md lists every message; a change to a field is a new `VERSION`.
"""

from __future__ import annotations

import json
from typing import Any

import attrs

from saves.codec import parse
from saves.convert import structure_checked
from saves.errors import SaveError

VERSION = 6
# A client's line is a few hundred bytes (a move, a name); anything this long is not one.
MAX_CLIENT_LINE = 16 * 1024
# The server's lines carry a seat's whole view and log: the largest game's is tens of kilobytes.
MAX_SERVER_LINE = 8 * 1024 * 1024
NAME_LIMIT = 40
IDENTITY_LIMIT = 200


class ProtocolError(ValueError):
    """A line that is not a message this version understands; `str()` is one sentence."""


# -- client to server ------------------------------------------------------------------------------
@attrs.frozen
class Hello:
    """The first message: who is connecting. `identity` is a secret the client keeps (the server
    stores only its hash); `door` is the SSH front door's token, required for "ssh:" identities."""

    name: str
    identity: str
    door: str = ""


@attrs.frozen
class ListTables:
    pass


@attrs.frozen
class SeatOffer:
    """A seat of a new table: `kind` "open" (a person joins with the code) or "ai" at `level`.
    `name`: an AI seat's name, or the creator's own at this table ("": the usual one)."""

    kind: str = "open"
    level: str = "normal"
    name: str = ""


@attrs.frozen
class SeriesOffer:
    """Games in a row at a new table (for a game that offers series): `games` > 1 plays that many,
    `points` > 0 plays until someone's total reaches it; the defaults are a single game."""

    games: int = 1
    points: int = 0


@attrs.frozen
class Create:
    """A new table. The creator takes the first open seat. `ai_after` > 0: when an absent
    player's seat owes a decision, the AI makes it after that many seconds, and the clock starts
    again for the next one (0: the table waits for ever); `ai_keeps`: once it has, the AI plays
    the seat until its player is back. `pausing`: a player leaving may pause their seat (nobody
    plays for it; the table waits)."""

    game: str
    seats: list[SeatOffer]
    options: dict[str, Any] = attrs.field(factory=dict)
    ai_after: int = 0
    series: SeriesOffer = attrs.field(factory=SeriesOffer)
    ai_keeps: bool = False
    pausing: bool = True


@attrs.frozen
class Join:
    """Take a seat (a free one, or the one this identity already holds) at the table `code`."""

    code: str


@attrs.frozen
class Watch:
    """Open table `table`: as a spectator (public information only), or in the seat this identity
    holds there."""

    table: int


@attrs.frozen
class Move:
    """One decision for the seat this connection holds; `action` as a save writes it."""

    action: dict[str, Any]


@attrs.frozen
class Undo:
    pass


@attrs.frozen
class Leave:
    """Leave table `table` (the seat stays yours: `watch` or `join` takes it back). `pause`:
    nobody plays for the seat meanwhile, where the table allows it."""

    table: int
    pause: bool = False


@attrs.frozen
class Rename:
    """Call me `name` from now on: at every table where this identity holds a seat, too."""

    name: str


@attrs.frozen
class Again:
    """After a game: this seat wants the table's next game (the series' next, or a rematch). It
    starts when every person's seat has asked."""


@attrs.frozen
class Ping:
    pass


# -- server to client ------------------------------------------------------------------------------
@attrs.frozen
class Welcome:
    version: int
    server: str


@attrs.frozen
class SeatInfo:
    name: str
    kind: str  # "human" or "ai"
    taken: bool  # a person holds it
    here: bool  # that person is connected now
    ai_in: float | None = None  # away and owing a decision: seconds until the AI makes it
    ai_plays: bool = False  # away: the AI plays the seat until its player is back
    paused: bool = False  # away: its player paused it, and the table waits


@attrs.frozen
class TableInfo:
    table: int
    game: str
    title: str
    seats: list[SeatInfo]
    waiting_for: list[str]
    progress: str
    over: bool
    yours: bool = False  # the identity asking holds a seat here


@attrs.frozen
class Tables:
    tables: list[TableInfo]


@attrs.frozen
class Seated:
    """You are at a table: as `seat` (None: watching). `code` is the invite code (players only).
    The table's rules for an absent player (`Create`), and `played_for`: what the AI chose for
    this seat since its player last decided (as the seat's log says it)."""

    table: int
    game: str
    options: dict[str, Any]
    seats: list[dict[str, Any]]
    seat: int | None
    code: str
    series: dict[str, Any]
    ai_after: int = 0
    ai_keeps: bool = False
    pausing: bool = False
    played_for: list[str] = attrs.field(factory=list)


@attrs.frozen
class Choice:
    """One listed move: `reason` None when allowed; `continues` says the turn goes on after it."""

    action: dict[str, Any]
    reason: str | None = None
    continues: bool = False


@attrs.frozen
class Update:
    """The table as this connection's seat sees it. `log` holds the events after the ones already
    sent (all of them when `log_reset`). `prompt`, `choices` and `undo_blocker` are for the seat
    itself; a spectator gets none."""

    view: dict[str, Any]
    to_act: list[int]
    seats: list[SeatInfo]
    log: list[dict[str, Any]]
    log_reset: bool
    progress: str
    prompt: dict[str, Any] | None = None
    choices: list[Choice] = attrs.field(factory=list)
    undo_blocker: str | None = None
    outcome: dict[str, Any] | None = None
    decisions: int = 0
    again: list[int] = attrs.field(factory=list)  # after a game: the seats that asked for the next


@attrs.frozen
class Notice:
    """What every terminal at table `table` shows until the next notice: the server cannot save
    the table, which waits until it can ("": it can again, and the table goes on)."""

    table: int
    text: str


@attrs.frozen
class Error:
    text: str


# -- after a game ----------------------------------------------------------------------------------
@attrs.frozen
class Record:
    """The record of table `table`'s game, sent to everyone at the table once the game is over and
    never before: `text` is the record in its JSON form (`saves.recordformat`, what `rivals export
    --format json` writes), every move and the seed included, so `rivals import` reads it as it is."""

    table: int
    text: str


@attrs.frozen
class Bye:
    """The server is closing this connection, and why."""

    text: str


# -- chat at a table (docs/NETWORK.md, "Chat"; the server's side is rivals_net/chat.py) -----------
CHAT_LIMIT = 300  # characters of one chat message, once made plain


@attrs.frozen
class Say:
    """Client to server: a chat message to the table this connection is at, as typed."""

    text: str


@attrs.frozen
class Mute:
    """Client to server: the table's host mutes (`muted`) or unmutes a player's seat."""

    seat: int
    muted: bool = True


@attrs.frozen
class HearSpectators:
    """Client to server: the table's host lets the spectators' messages reach the players, or not."""

    heard: bool


@attrs.frozen
class ChatLine:
    """One chat message: who said it (`seat` None: a spectator), its plain text, when (seconds
    since the epoch, the server's clock), and whether the players hear it (a spectator's only
    where the table lets them)."""

    name: str
    seat: int | None
    text: str
    at: float
    players: bool = True


@attrs.frozen
class Chat:
    """Server to client: the chat of table `table`. `lines`: the messages since the last `chat`,
    or, when `reset`, every kept message this connection may read. `muted`: the seats the host
    muted; `heard`: spectators reach the players; `host`: this connection is the table's host."""

    table: int
    lines: list[ChatLine]
    reset: bool
    muted: list[int]
    heard: bool
    host: bool


CHAT_CLIENT = {"say": Say, "mute": Mute, "hear": HearSpectators}
CHAT_SERVER = {"chat": Chat}


CLIENT_MESSAGES: dict[str, type] = {
    "hello": Hello,
    "list": ListTables,
    "create": Create,
    "join": Join,
    "watch": Watch,
    "move": Move,
    "undo": Undo,
    "leave": Leave,
    "again": Again,
    "name": Rename,
    "ping": Ping,
    **CHAT_CLIENT,
}
SERVER_MESSAGES: dict[str, type] = {
    "welcome": Welcome,
    "tables": Tables,
    "seated": Seated,
    "update": Update,
    "notice": Notice,
    "record": Record,
    "error": Error,
    "bye": Bye,
    **CHAT_SERVER,
}
_TAGS = {cls: tag for tag, cls in (*CLIENT_MESSAGES.items(), *SERVER_MESSAGES.items())}


def encode(message: Any) -> bytes:
    """One message as its line (newline included)."""
    body = _plain(message)
    text = json.dumps({"v": VERSION, "t": _TAGS[type(message)], **body}, separators=(",", ":"))
    return text.encode("utf-8") + b"\n"


def _plain(value: Any) -> Any:
    """A message's fields as JSON values. The game payloads inside (views, actions, events) were
    written by the converter already; walking them again through cattrs would cost more than the
    rest of an update together, so only the message classes themselves are taken apart here."""
    if attrs.has(type(value)):
        return {f.name: _plain(getattr(value, f.name)) for f in attrs.fields(type(value))}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def decode(line: bytes, kinds: dict[str, type]) -> Any:
    """The message in `line`, one of `kinds`; ProtocolError (one sentence) for anything else."""
    try:
        raw = parse(line, source="message")
    except SaveError as exc:
        raise ProtocolError(f"Not a message ({exc.fault.removeprefix('not a Rivals save ')}).") from None
    if not isinstance(raw, dict):
        raise ProtocolError("Not a message (expected a JSON object).")
    if kinds is CLIENT_MESSAGES and not _numbers_in_range(raw):
        raise ProtocolError("Not a message (a number in it is far too large).")
    if raw.get("v") != VERSION:
        raise ProtocolError(f"This server speaks version {VERSION} of the table protocol.")
    kind = raw.get("t")
    cls = kinds.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise ProtocolError(f"Unknown message kind {str(kind)[:40]!r}.")
    fields = {k: v for k, v in raw.items() if k not in ("v", "t")}
    try:
        return structure_checked(fields, cls, str(kind), "message")
    except SaveError as exc:
        raise ProtocolError(f"Bad {kind} message: {exc.fault}.") from None


def _numbers_in_range(data: Any) -> bool:
    """Every whole number within what a game uses (the same bound and check as a save's)."""
    from saves.codec import numbers_in_range

    return numbers_in_range(data)

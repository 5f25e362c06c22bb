"""`ChatBook`: the chat of the server's table this terminal is at, as the screens show it.

The server sends the table's chat (`protocol.Chat`): the history this connection may read when it
opens the table, then each new message, and the host's rules (muted seats, whether spectators
reach the players). The book keeps them, each text shown as the terminal may show it
(`safe_text`), and sends what this player types: a message, a quick phrase, or — for the host —
a command (`/mute NAME`, `/unmute NAME`, `/spectators on|off`). The server judges everything; a
refusal comes back as its sentence. Nothing here ever puts anything of the game into a message:
only what the player typed or chose from the quick phrases is sent.

No Textual import: the session holds a book, and the screens read it.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from rivals_net import protocol as p
from rivals_tui import glyphs
from rivals_tui.text import safe_text

# The phrases one key sends (F5 to F8 on the chat line), for players who do not want to type.
QUICK = ("good game", "thinking…", "your turn", "well played")
QUICK_KEYS = ("f5", "f6", "f7", "f8")
HOST_HELP = "/mute NAME, /unmute NAME, /spectators on or off"


def mark() -> str:
    """What sets a chat line apart from the game's events in the log panel."""
    return ">>" if glyphs.plain() else "»"


@attrs.define(eq=False)
class ChatBook:
    """The table's chat: its lines (texts safe to show), the muted seats, whether spectators
    reach the players, and whether this connection is the host. `send` writes to the server."""

    send: Callable[[Any], None]
    seat: int | None
    lines: list[p.ChatLine] = attrs.field(factory=list)
    muted: tuple[int, ...] = ()
    heard: bool = False
    host: bool = False

    def take(self, m: p.Chat) -> list[p.ChatLine]:
        """The server's word on the chat; the new lines to show in the log panel (none when it
        sends the whole history, which the chat view shows)."""
        safe = [attrs.evolve(line, name=safe_text(line.name), text=safe_text(line.text)) for line in m.lines]
        self.lines = (safe if m.reset else [*self.lines, *safe])[-200:]
        self.muted, self.heard, self.host = tuple(m.muted), m.heard, m.host
        return [] if m.reset else safe

    @property
    def silenced(self) -> bool:
        """This player's seat is muted by the host."""
        return self.seat is not None and self.seat in self.muted

    def state(self, names: Sequence[str]) -> str:
        """The chat's rules in one line, as this terminal's person needs them."""
        parts = []
        muted = [names[s] for s in self.muted if 0 <= s < len(names)]
        if self.silenced:
            parts.append("The host has muted your seat.")
        elif muted:
            parts.append(f"Muted: {', '.join(muted)}.")
        if self.seat is None:
            parts.append("The players read you too." if self.heard else "Only other spectators read you.")
        else:
            parts.append(
                "Spectators reach the players." if self.heard else "Spectators talk among themselves."
            )
        return " ".join(parts)

    def say(self, typed: str, names: Sequence[str]) -> str | None:
        """Send what was typed: a message, or a host's command. A sentence when nothing was sent
        (the server refuses the rest, with its own)."""
        text = typed.strip()
        if not text:
            return None
        if not (self.host and text.startswith("/")) or text.startswith("//"):
            # (The host writes "//" to say a line that starts with "/".)
            said = text[1:] if self.host and text.startswith("//") else text
            if len(said) > p.CHAT_LIMIT:
                return f"A chat message is at most {p.CHAT_LIMIT} characters."
            self.send(p.Say(text=said))
            return None
        word, _, rest = text[1:].partition(" ")
        rest = rest.strip()
        if word in ("mute", "unmute"):
            found = [i for i, n in enumerate(names) if n.casefold() == rest.casefold()]
            if not found:
                return f"No seat here is called {safe_text(rest)!r}."
            self.send(p.Mute(seat=found[0], muted=word == "mute"))
            return None
        if word == "spectators" and rest in ("on", "off"):
            self.send(p.HearSpectators(heard=rest == "on"))
            return None
        return f"The host's commands: {HOST_HELP}."

    def quick(self, index: int) -> None:
        """Send quick phrase `index`."""
        self.send(p.Say(text=glyphs.text(QUICK[index])))


def shown(line: p.ChatLine, *, clock: bool = False) -> str:
    """One chat line as text: "» Ann: good game" (in the chat view, with the time it was said)."""
    who = line.name if line.seat is not None else f"{line.name} (watching)"
    return f"{said_at(line.at) if clock else ''}{mark()} {who}: {line.text}"


def said_at(at: float) -> str:
    """The time a message was said, on this terminal's clock ("" for a time no clock shows)."""
    try:
        return time.strftime("%H:%M ", time.localtime(at))
    except (OverflowError, OSError, ValueError):  # (a server's number is not to be trusted)
        return ""

"""Game variants: how a game declares them, and how they are checked against the table.

Each game has one frozen attrs `Options` class whose fields are made with `option(...)`. A field
carries what a form or the CLI needs (label, help, kind, the allowed values) and which seat counts
it applies to. The new-game form, `rivals new --option NAME=VALUE` and loading a save all read
the same declaration, and all three refuse an option that does not fit the table with the same
sentence from `check_options` — never a silent fallback to the default.

Kinds: `bool` (on/off), `choice` (one of several strings), `multi` (any subset of several strings,
stored as a sorted tuple), `int` (a whole number in a range).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from engine.core.words import count

_KIND = "rivals_kind"


@attrs.frozen
class OptionField:
    """One variant as a form row or a CLI `--option`: everything needed to show and parse it."""

    name: str
    label: str
    help: str
    kind: str  # "bool" | "choice" | "multi" | "int"
    choices: tuple[str, ...]
    default: Any
    players: range | None  # the seat counts it applies to; None = every count
    low: int = 0
    high: int = 0

    def applies(self, seats: int) -> bool:
        return self.players is None or seats in self.players

    @staticmethod
    def choice_name(choice: str) -> str:
        """A choice as a player reads it: "deep_satchel" is "Deep satchel" (the id stays what the
        CLI's --option and the save use)."""
        return choice.replace("_", " ").capitalize()

    def show(self, value: Any) -> str:
        """The value in the words a form or a status line uses."""
        if self.kind == "bool":
            return "on" if value else "off"
        if self.kind == "multi":
            return ", ".join(self.choice_name(v) for v in value) if value else "none"
        if self.kind == "choice":
            return self.choice_name(str(value))
        return str(value)


def option(
    default: Any,
    *,
    label: str,
    help: str = "",
    choices: Sequence[str] = (),
    multi: bool = False,
    players: range | None = None,
    low: int = 0,
    high: int = 0,
) -> Any:
    """An attrs field for an Options class. The kind follows from the default and `choices`:
    a bool default is on/off; `choices` make a choice (or, with `multi`, a subset); an int
    default is a number between `low` and `high`."""
    if multi:
        kind = "multi"
        default = tuple(sorted(default))
    elif isinstance(default, bool):
        kind = "bool"
    elif choices:
        kind = "choice"
    elif isinstance(default, int):
        kind = "int"
    else:
        raise TypeError(f"an option needs a bool, int or choice default, not {default!r}")
    meta = {
        _KIND: kind,
        "label": label,
        "help": help,
        "choices": tuple(choices),
        "players": players,
        "low": low,
        "high": high,
    }
    return attrs.field(default=default, metadata=meta)


def option_fields(options_cls: type) -> list[OptionField]:
    """The variants a game offers, in declaration order."""
    out = []
    for f in attrs.fields(options_cls):
        meta = f.metadata
        if _KIND not in meta:
            continue  # not something a player sets (kept out of forms and the CLI)
        out.append(
            OptionField(
                f.name,
                meta["label"],
                meta["help"],
                meta[_KIND],
                meta["choices"],
                f.default,
                meta["players"],
                meta["low"],
                meta["high"],
            )
        )
    return out


def problem_with(options: Any, seats: int) -> str | None:
    """The field-level check every game shares: each value is of its kind and allowed, and an
    option that does not apply to this many players is left at its default. One sentence, or
    None when the options fit the table."""
    for f in option_fields(type(options)):
        value = getattr(options, f.name)
        if f.kind == "bool" and not isinstance(value, bool):
            return f"{f.label} is on or off."
        if f.kind == "choice" and value not in f.choices:
            return f"{f.label} must be one of {', '.join(f.choices)}."
        if f.kind == "multi":
            if not isinstance(value, tuple) or any(v not in f.choices for v in value):
                return f"{f.label} may only name {', '.join(f.choices)}."
            if len(set(value)) != len(value):
                return f"{f.label} names something twice."
        if f.kind == "int" and (
            not isinstance(value, int) or isinstance(value, bool) or not f.low <= value <= f.high
        ):
            return f"{f.label} must be a whole number from {f.low} to {f.high}."
        if value != f.default and not f.applies(seats):
            return f"{f.label} is only for {_players(f.players)}, not {count(seats, 'player')}."
    return None


def _players(r: range | None) -> str:
    if r is None:
        return "any number of players"
    lo, hi = r.start, r.stop - 1
    if lo == hi:
        return count(lo, "player")
    return f"{lo} to {hi} players"


_TRUE = {"on", "yes", "true", "1"}
_FALSE = {"off", "no", "false", "0"}


def typed_choice(choice: str) -> str:
    """A choice as one shell word ("player 1" is typed "player_1"); either form parses."""
    return choice.replace(" ", "_")


def parse_option(field: OptionField, text: str) -> Any:
    """The value `text` stands for, or ValueError with one sentence saying what is allowed."""
    t = text.strip().lower()
    if field.kind == "bool":
        if t in _TRUE:
            return True
        if t in _FALSE:
            return False
        raise ValueError(f"{field.name} is on or off, not {text!r}")
    if field.kind == "choice":
        for c in field.choices:
            if typed_choice(c).lower() == typed_choice(t):
                return c
        allowed = ", ".join(map(typed_choice, field.choices))
        raise ValueError(f"{field.name} is one of {allowed}, not {text!r}")
    if field.kind == "multi":
        if t in ("", "none"):
            return ()
        picked = []
        by_lower = {c.lower(): c for c in field.choices}
        for part in t.split(","):
            name = part.strip()
            if name not in by_lower:
                raise ValueError(
                    f"{field.name} takes a comma-separated list of {', '.join(field.choices)}, "
                    f"not {part.strip()!r}"
                )
            picked.append(by_lower[name])
        return tuple(sorted(set(picked)))
    if len(t) > 12 or not t.lstrip("-").isdigit():
        raise ValueError(f"{field.name} is a whole number from {field.low} to {field.high}, not {text!r}")
    value = int(t)
    if not field.low <= value <= field.high:
        raise ValueError(f"{field.name} is a whole number from {field.low} to {field.high}, not {text!r}")
    return value


def build_options(options_cls: type, values: dict[str, Any]) -> Any:
    """An Options instance from field values (missing ones keep their defaults)."""
    try:
        return options_cls(**values)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"these options do not go together: {exc}") from None


def parse_assignments(options_cls: type, items: Sequence[str]) -> Any:
    """`["expert=on", "scoring=seasoned"]` → an Options instance; ValueError names the problem."""
    fields = {f.name: f for f in option_fields(options_cls)}
    values: dict[str, Any] = {}
    for item in items:
        name, sep, value = item.partition("=")
        name = name.strip().lower().replace("-", "_")
        if not sep:
            raise ValueError(f"write options as NAME=VALUE, not {item!r}")
        if name not in fields:
            known = ", ".join(fields) or "none"
            raise ValueError(f"unknown option {name!r} (this game has: {known})")
        values[name] = parse_option(fields[name], value)
    return build_options(options_cls, values)

"""Game variants as form fields: read a game's `Options` attrs class, parse what a user typed.

One mechanism for every game: a bool field is an on/off switch, a str field with an
`attrs.validators.in_` validator is a choice among its values, an int field is a number. Labels and
help come from each field's `metadata` ("label", "help"). Used by the new-game dialog and by the
CLI's `--option NAME=VALUE`.
"""

from __future__ import annotations

from typing import Any

import attrs


@attrs.frozen
class OptionField:
    name: str
    label: str
    help: str
    kind: str  # "bool" | "choice" | "int"
    choices: tuple[str, ...]
    default: Any


def option_fields(options_cls: type) -> list[OptionField]:
    """The variants a game offers, in declaration order."""
    out = []
    for f in attrs.fields(options_cls):
        label = f.metadata.get("label", f.name.replace("_", " ").capitalize())
        help_text = f.metadata.get("help", "")
        choices: tuple[str, ...] = tuple(getattr(f.validator, "options", ()) or ())
        if f.type in (bool, "bool"):
            kind = "bool"
        elif choices:
            kind = "choice"
            choices = tuple(str(c) for c in choices)
        elif f.type in (int, "int"):
            kind = "int"
        else:
            continue  # not something a player sets from a form
        out.append(OptionField(f.name, label, help_text, kind, choices, f.default))
    return out


_TRUE = {"on", "yes", "true", "1"}
_FALSE = {"off", "no", "false", "0"}


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
            if c.lower() == t:
                return c
        raise ValueError(f"{field.name} is one of {', '.join(field.choices)}, not {text!r}")
    try:
        return int(t)
    except ValueError:
        raise ValueError(f"{field.name} is a whole number, not {text!r}") from None


def build_options(options_cls: type, values: dict[str, Any]) -> Any:
    """An Options instance from field values (missing ones keep their defaults)."""
    try:
        return options_cls(**values)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"these options do not go together: {exc}") from None


def parse_assignments(options_cls: type, items: list[str]) -> Any:
    """`["expert=on", "scoring=seasoned"]` → an Options instance; ValueError names the problem."""
    fields = {f.name: f for f in option_fields(options_cls)}
    values: dict[str, Any] = {}
    for item in items:
        name, sep, value = item.partition("=")
        name = name.strip().replace("-", "_")
        if not sep:
            raise ValueError(f"write options as NAME=VALUE, not {item!r}")
        if name not in fields:
            known = ", ".join(fields) or "none"
            raise ValueError(f"unknown option {name!r} (this game has: {known})")
        values[name] = parse_option(fields[name], value)
    return build_options(options_cls, values)

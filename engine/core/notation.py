"""Move notation: every decision of every game as a few words that read back to the same decision
(as python-chess's `Move.uci()` and `Move.from_uci()`), for tests, golden playthroughs and tools.

A game's notation is a table of forms (`Notation`), one or more per action class, each a pattern
of words: fixed words, and `{field}` slots that write one of the action's fields through a codec
(a number, a seat "p2", a word, a name from a short list, or a game's own). A form may pin
fields to values (`Form(Consult, "consult deck", deck=True)`); a field the pattern neither names
nor pins must keep its attrs default. The first form of a class that can write an action writes
it. Reading lowercases the text, splits it at white space and tries every form that starts with
its first word: exactly one must read it.

The words depend only on the action's fields (and, for a game that names a piece by where it
lies, on the position), never on the order of a legal list. Reading never decides legality:
`GameBase.parse_move` looks the action up among the seat's legal moves.
"""

from __future__ import annotations

import abc
import re
from collections.abc import Iterable, Mapping
from typing import Any

import attrs

from engine.core.errors import IllegalAction

# Longer texts are refused before they are split: a move is a handful of short words.
MAX_TEXT = 120


class MoveTextError(IllegalAction):
    """The text is not written as a move of this game (the sentence says what was expected)."""


def words(text: str) -> tuple[str, ...]:
    """The words of a move text: lowercased, split at any white space."""
    return tuple(text.lower().split())


class Codec(abc.ABC):
    """How one field is written as words and read back. `width` words per value; `write` gives
    None for a value it cannot write, `read` None for words that are not a value. Each kind of
    field (a number, a word, a name from a list, a game's own) is a subclass writing both."""

    width = 1
    name = "value"

    @abc.abstractmethod
    def write(self, s: Any, value: Any) -> str | None: ...

    @abc.abstractmethod
    def read(self, s: Any, ws: tuple[str, ...]) -> Any: ...


class Number(Codec):
    """A whole number from 0 up, in decimal, with an optional prefix or suffix and an offset:
    seats are written `Number("seat", prefix="p", offset=1)`, "p1" for seat 0."""

    def __init__(self, name: str = "number", prefix: str = "", suffix: str = "", offset: int = 0) -> None:
        self.name = name
        self.prefix, self.suffix, self.offset = prefix, suffix, offset
        self._pattern = re.compile(rf"{re.escape(prefix)}([0-9]{{1,6}}){re.escape(suffix)}")

    def write(self, s: Any, value: Any) -> str | None:
        if not isinstance(value, int) or value + self.offset < 0:
            return None
        return f"{self.prefix}{value + self.offset}{self.suffix}"

    def read(self, s: Any, ws: tuple[str, ...]) -> Any:
        m = self._pattern.fullmatch(ws[0])
        if m is None or int(m.group(1)) < self.offset:
            return None
        return int(m.group(1)) - self.offset


class Word(Codec):
    """A field that holds a one-word name ("crystal", "bear"): written as it is."""

    _WORD = re.compile(r"[a-z][a-z_]*")

    def __init__(self, name: str = "word") -> None:
        self.name = name

    def write(self, s: Any, value: Any) -> str | None:
        return value if isinstance(value, str) and self._WORD.fullmatch(value) else None

    def read(self, s: Any, ws: tuple[str, ...]) -> Any:
        return ws[0] if self._WORD.fullmatch(ws[0]) else None


class Named(Codec):
    """A field with a few values, each written as its own word: piles "b1" "s2", colours."""

    def __init__(self, name: str, names: Mapping[Any, str]) -> None:
        self.name = name
        self.names = dict(names)
        self.values = {w: v for v, w in self.names.items()}

    def write(self, s: Any, value: Any) -> str | None:
        return self.names.get(value)

    def read(self, s: Any, ws: tuple[str, ...]) -> Any:
        return self.values.get(ws[0])


NUMBER = Number()
SEAT = Number("seat", prefix="p", offset=1)  # "p1" is seat 0, as engine texts say "Player 1"
WORD = Word()


@attrs.frozen
class _Slot:
    field: str
    codec: Codec


class Form:
    """One way of writing actions of class `cls`: `pattern` is words and `{field}` slots.
    Keyword arguments give a slot its codec (a `Codec`) or pin a field to a value (anything
    else). Slots without a codec: int fields are numbers, str fields words."""

    def __init__(self, cls: type, pattern: str, **given: Any) -> None:
        self.cls = cls
        self.pattern = pattern
        fields = {f.name: f for f in attrs.fields(cls)}
        self.fixed = {k: v for k, v in given.items() if not isinstance(v, Codec)}
        self.parts: list[str | _Slot] = []
        for w in pattern.split():
            if w.startswith("{") and w.endswith("}"):
                name = w[1:-1]
                if name not in fields:
                    raise ValueError(f"{cls.__name__} has no field {name!r} (form {pattern!r})")
                codec = given.get(name)
                if not isinstance(codec, Codec):
                    kind = fields[name].type
                    if kind not in (int, "int", str, "str"):
                        raise ValueError(f"{cls.__name__}.{name} needs a codec (form {pattern!r})")
                    codec = NUMBER if kind in (int, "int") else WORD
                self.parts.append(_Slot(name, codec))
            else:
                self.parts.append(w)
        if not self.parts or not isinstance(self.parts[0], str):
            raise ValueError(f"form {pattern!r} of {cls.__name__} must start with a fixed word")
        slotted = {p.field for p in self.parts if isinstance(p, _Slot)}
        for name, f in fields.items():
            if name in slotted or name in self.fixed:
                continue
            if f.default is attrs.NOTHING:
                raise ValueError(f"form {pattern!r} says nothing of {cls.__name__}.{name}")
            self.fixed[name] = f.default  # an unnamed field keeps its default
        self.width = sum(p.codec.width if isinstance(p, _Slot) else 1 for p in self.parts)
        self.keyword = self.parts[0]

    def write(self, s: Any, a: Any) -> str | None:
        """The words for `a`, or None when this form does not fit it."""
        for name, value in self.fixed.items():
            if getattr(a, name) != value:
                return None
        out = []
        for p in self.parts:
            if isinstance(p, str):
                out.append(p)
                continue
            w = p.codec.write(s, getattr(a, p.field))
            if w is None:
                return None
            out.append(w)
        return " ".join(out)

    def read(self, s: Any, ws: tuple[str, ...]) -> Any:
        """The action these words stand for in this form, or None."""
        if len(ws) != self.width:
            return None
        values = dict(self.fixed)
        i = 0
        for p in self.parts:
            if isinstance(p, str):
                if ws[i] != p:
                    return None
                i += 1
                continue
            v = p.codec.read(s, ws[i : i + p.codec.width])
            if v is None:
                return None
            values[p.field] = v
            i += p.codec.width
        return self.cls(**values)

    def shape(self) -> str:
        """The form as a player reads it in an error: "play <card>"."""
        return " ".join(p if isinstance(p, str) else f"<{p.codec.name}>" for p in self.parts)


class Notation:
    """A game's forms. Every class of `action_types` must have one (checked when built)."""

    def __init__(self, title: str, action_types: Iterable[type], forms: Iterable[Form]) -> None:
        self.title = title
        self.forms = list(forms)
        self.by_class: dict[type, list[Form]] = {}
        self.by_keyword: dict[str, list[Form]] = {}
        for f in self.forms:
            self.by_class.setdefault(f.cls, []).append(f)
            self.by_keyword.setdefault(f.keyword, []).append(f)
        missing = [t.__name__ for t in action_types if t not in self.by_class]
        if missing:
            raise ValueError(f"{title} notation has no form for {', '.join(missing)}")
        self.types = frozenset(self.by_class)

    def text(self, s: Any, a: Any) -> str:
        """The words for action `a` in position `s`."""
        for f in self.by_class.get(type(a), ()):
            w = f.write(s, a)
            if w is not None:
                return w
        raise ValueError(f"{self.title} notation cannot write {a!r}")

    def read(self, s: Any, text: str) -> Any:
        """The action `text` stands for (legal or not); MoveTextError when it stands for none."""
        if len(text) > MAX_TEXT:
            raise MoveTextError(f"A move is a few words; that text is {len(text)} characters long.")
        ws = words(text)
        if not ws:
            raise MoveTextError("The move is empty: write it in words, such as the ones the move list shows.")
        shown = " ".join(ws)
        forms = self.by_keyword.get(ws[0])
        if forms is None:
            raise MoveTextError(f'No {self.title} move starts with "{ws[0]}".')
        found = {a for f in forms if (a := f.read(s, ws)) is not None}
        if len(found) == 1:
            return found.pop()
        if found:
            raise MoveTextError(f'"{shown}" reads as {len(found)} different {self.title} moves.')
        shapes = " or ".join(f'"{f.shape()}"' for f in forms)
        raise MoveTextError(f'"{shown}" is not a {self.title} move (it would read {shapes}).')

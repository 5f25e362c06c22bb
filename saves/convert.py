"""The strict converter between decoded JSON and the engine's attrs records, shared by the save
format (codec.py) and the table server's protocol (rivals_net): every value is checked for its
kind rather than coerced, every failure becomes one `SaveError` line saying where and what, and
each game's actions are a tagged union ({"type": <class name>, ...fields}). The underscored
helpers serve codec.py too.

All conversion goes through the module-level `converter`; never the global cattrs functions.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Callable, Mapping, MutableSequence, Sequence
from typing import Any, Union, get_args, get_origin

import attrs
import cattrs
from cattrs.cols import homogenous_tuple_structure_factory, list_structure_factory, mapping_structure_factory
from cattrs.preconf.json import JsonConverter, make_converter
from cattrs.strategies import configure_tagged_union

from engine.core.game import Game
from saves.errors import SaveError

__all__ = ["ACTION_TAG", "converter", "dump_action", "load_action", "structure_checked"]

# The key naming an action's class inside its JSON object.
ACTION_TAG = "type"


# -- the converter -----------------------------------------------------------------------------
class _WrongValue(TypeError):
    """A value of the wrong kind in the file. The message is already written for the player."""


def _show(value: Any) -> str:
    """A value as it looks in the JSON file, cut short."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


# JSON has no tuples or sets, and hand edits like "cards": "5" or "cards": 5.5 should be reported,
# not silently coerced (cattrs calls int(...) by default), so scalars are checked strictly.
def _structure_int(value: Any, _: Any) -> int:
    if type(value) is int:
        return value
    raise _WrongValue(f"expected a whole number, got {_show(value)}")


def _structure_float(value: Any, _: Any) -> float:
    if type(value) in (int, float):
        return float(value)
    raise _WrongValue(f"expected a number, got {_show(value)}")


def _structure_str(value: Any, _: Any) -> str:
    if type(value) is str:
        return value
    raise _WrongValue(f"expected a text in quotes, got {_show(value)}")


def _structure_bool(value: Any, _: Any) -> bool:
    if type(value) is bool:
        return value
    raise _WrongValue(f"expected true or false, got {_show(value)}")


def _is_attrs_class(t: Any) -> bool:
    return isinstance(t, type) and attrs.has(t)


def _attrs_guard(cl: type) -> Callable[[Any, Any], Any]:
    # Without this, a number where an object belongs fails with "argument of type 'int' is not
    # iterable" — true, but not what went wrong.
    inner: Callable[[Any, Any], Any] = converter.gen_structure_attrs_fromdict(cl)

    def structure(value: Any, t: Any) -> Any:
        if not isinstance(value, dict):
            raise _WrongValue(f"expected an object with {cl.__name__} fields, got {_show(value)}")
        return inner(value, t)

    return structure


def _is_homogeneous_sequence(t: Any) -> bool:
    origin, args = get_origin(t), get_args(t)
    if origin is tuple:
        return len(args) == 2 and args[1] is Ellipsis
    return origin in (list, Sequence, MutableSequence) and len(args) == 1


def _sequence_guard(t: Any) -> Callable[[Any, Any], Any]:
    # A string is iterable, so "abc" would otherwise become ("a", "b", "c").
    inner: Callable[[Any, Any], Any]
    if get_origin(t) is tuple or get_origin(t) is Sequence:
        inner = homogenous_tuple_structure_factory(t, converter)
    else:
        inner = list_structure_factory(t, converter)

    def structure(value: Any, typ: Any) -> Any:
        if not isinstance(value, list):
            raise _WrongValue(f"expected a list, got {_show(value)}")
        return inner(value, typ)

    return structure


def _is_int_keyed_mapping(t: Any) -> bool:
    args = get_args(t)
    return get_origin(t) in (dict, Mapping) and len(args) == 2 and args[0] is int


_INT_KEY = re.compile(r"-?\d+")


def _int_key_mapping(t: Any) -> Callable[[Any, Any], Any]:
    # JSON object keys are always strings; an int-keyed dict comes back with "3" for 3.
    inner = mapping_structure_factory(t, converter, dict)

    def structure(value: Any, typ: Any) -> Any:
        if not isinstance(value, dict):
            raise _WrongValue(f"expected an object, got {_show(value)}")
        out = {}
        for k, v in value.items():
            if not (isinstance(k, str) and _INT_KEY.fullmatch(k)):
                raise _WrongValue(f"expected whole-number keys, got {_show(k)}")
            out[int(k)] = v
        return inner(out, typ)

    return structure


def _make_converter() -> JsonConverter:
    # forbid_extra_keys: a misspelt option ("cardz") is an error rather than silently ignored.
    c = make_converter(forbid_extra_keys=True)
    c.register_structure_hook(int, _structure_int)
    c.register_structure_hook(float, _structure_float)
    c.register_structure_hook(str, _structure_str)
    c.register_structure_hook(bool, _structure_bool)
    return c


converter: JsonConverter = _make_converter()
# Factories registered later take precedence over cattrs' own; they refer to `converter`.
converter.register_structure_hook_factory(_is_attrs_class, _attrs_guard)
converter.register_structure_hook_factory(_is_homogeneous_sequence, _sequence_guard)
converter.register_structure_hook_factory(_is_int_keyed_mapping, _int_key_mapping)


def _describe(exc: BaseException, typ: type | None) -> str:
    """Say what is wrong with one value, for `cattrs.transform_error`."""
    if isinstance(exc, _WrongValue):
        return str(exc)
    if isinstance(exc, KeyError):
        return "this field is missing"
    if isinstance(exc, cattrs.ForbiddenExtraKeysError):
        names = ", ".join(sorted(exc.extra_fields))
        return f"unexpected field{'s' if len(exc.extra_fields) > 1 else ''} {names}"
    if isinstance(exc, AttributeError) and "'items'" in str(exc):
        return "expected an object"
    if isinstance(exc, cattrs.StructureHandlerNotFoundError):
        return f"this Rivals cannot read values of type {exc.type_!r}"
    if isinstance(exc, cattrs.BaseValidationError):
        return exc.message
    # Validators and engine constructors raise ValueError/TypeError with a sentence of their own.
    return str(exc) or type(exc).__name__


def _structure(value: Any, cl: Any, path: str, source: str, *, within: str = "") -> Any:
    """`converter.structure`, with any failure turned into one SaveError line.

    `path` names the value in the file ("options"); `within` instead prefixes a description
    ("move 3") for values that have no path of their own.
    """
    try:
        return converter.structure(value, cl)
    except Exception as exc:  # cattrs wraps anything a hook raises; report it, never a traceback
        problems = cattrs.transform_error(exc, path=path, format_exception=_describe)
        desc, _, where = problems[0].rpartition(" @ ")
        if within:
            inner = where.removeprefix(path).removeprefix(".")
            where = f"{within}, {inner}" if inner else within
        line = f"{where}: {desc}"
        if len(problems) > 1:
            more = len(problems) - 1
            line += f" (and {more} more problem{'s' if more > 1 else ''})"
        raise SaveError(source, line) from None


# -- actions: a tagged union per game ------------------------------------------------------------
@attrs.frozen
class _ActionCodec:
    """How one game's actions are written: {"type": <class name>, ...fields}."""

    title: str
    by_name: Mapping[str, type]

    def dump(self, action: Any) -> dict[str, Any]:
        cls = type(action)
        if self.by_name.get(cls.__name__) is not cls:
            raise TypeError(f"{cls.__name__} is not one of {self.title}'s action types")
        fields = converter.unstructure(action, unstructure_as=cls)
        return {ACTION_TAG: cls.__name__, **fields}

    def load(self, raw: Any, where: str, source: str) -> Any:
        if not isinstance(raw, dict):
            raise SaveError(source, f"{where}: expected an action object, got {_show(raw)}")
        tag = raw.get(ACTION_TAG)
        if not isinstance(tag, str):
            raise SaveError(source, f"{where}: the action has no {ACTION_TAG!r}")
        cls = self.by_name.get(tag)
        if cls is None:
            known = ", ".join(self.by_name)
            raise SaveError(source, f"{where}: {self.title} has no action {_show(tag)} (it has {known})")
        fields = {k: v for k, v in raw.items() if k != ACTION_TAG}
        return _structure(fields, cls, "$", source, within=where)


_codecs: dict[tuple[type, ...], _ActionCodec] = {}
_codecs_lock = threading.Lock()


def _checked_tags(union: Any, by_name: Mapping[str, type]) -> Callable[[Any, Any], Any]:
    # cattrs reports an unknown or absent tag as a bare KeyError, which reads as "this field is
    # missing"; check the tag first and say what is really wrong.
    tagged: Callable[[Any, Any], Any] = converter.get_structure_hook(union)

    def structure(value: Any, typ: Any) -> Any:
        if not isinstance(value, dict):
            raise _WrongValue(f"expected an action object, got {_show(value)}")
        if ACTION_TAG not in value:
            raise _WrongValue(f"the action has no {ACTION_TAG!r}")
        if value[ACTION_TAG] not in by_name:
            raise _WrongValue(f"there is no action {_show(value[ACTION_TAG])}")
        return tagged(dict(value), typ)

    return structure


def _action_codec(game: Game[Any, Any, Any]) -> _ActionCodec:
    """The game's action codec, built (and its cattrs hooks registered) on first use."""
    key = tuple(game.action_types)
    with _codecs_lock:
        found = _codecs.get(key)
        if found is not None:
            return found
        by_name: dict[str, type] = {}
        for cls in key:
            if not _is_attrs_class(cls):
                raise TypeError(f"{game.id}: action type {cls!r} is not an attrs class")
            if cls.__name__ in by_name:
                raise TypeError(f"{game.id}: two action types are called {cls.__name__}")
            if any(f.name == ACTION_TAG for f in attrs.fields(cls)):
                raise TypeError(f"{game.id}: {cls.__name__} has a field named {ACTION_TAG!r}, the save tag")
            by_name[cls.__name__] = cls
            # cattrs caches hooks on first use; make them now, while nothing else is using them.
            converter.get_structure_hook(cls)
            converter.get_unstructure_hook(cls)
        if len(key) > 1:
            # So that a state field typed as a union of the game's actions also round-trips.
            union: Any = Union[key]  # noqa: UP007 - built from a runtime tuple of classes
            configure_tagged_union(union, converter, tag_name=ACTION_TAG)
            checked = _checked_tags(union, by_name)
            converter.register_structure_hook(union, checked)
            # The same union with None (an action not chosen yet) keeps its tags too.
            optional: Any = Union[(*key, type(None))]  # noqa: UP007
            union_unstructure = converter.get_unstructure_hook(union)
            converter.register_unstructure_hook(
                optional, lambda v: None if v is None else union_unstructure(v)
            )
            converter.register_structure_hook(optional, lambda v, t: None if v is None else checked(v, union))
        codec = _ActionCodec(title=game.title, by_name=by_name)
        _codecs[key] = codec
        return codec


def dump_action(game: Game[Any, Any, Any], action: Any) -> dict[str, Any]:
    """One of `game`'s actions as a JSON object, written as in a save ({"type": ..., fields})."""
    return _action_codec(game).dump(action)


def load_action(game: Game[Any, Any, Any], raw: Any, where: str = "action", source: str = "message") -> Any:
    """The action in `raw`, checked as strictly as a save's; SaveError names `where` otherwise."""
    return _action_codec(game).load(raw, where, source)


def structure_checked(value: Any, cl: Any, path: str, source: str) -> Any:
    """`converter.structure`, any failure turned into one SaveError line (for other formats that
    share this converter, such as the table server's messages)."""
    return _structure(value, cl, path, source)

"""Fast deep copies of game states, generated from their attrs fields.

Search clones states thousands of times a second, so a clone must cost what a hand-written
constructor call costs — but hand-written copies of 40 fields drift from the class the day a field
is added. `copier(cls)` reads the field types once and compiles a function that copies exactly as
deep as each type needs: immutable values are shared, lists of immutables are sliced, nested
mutable attrs records get their own generated copier. A field type it does not know is an error
when the copier is made, so a new kind of field can never be shared by accident.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable
from typing import Any, TypeVar

import attrs

T = TypeVar("T")

_IMMUTABLE_LEAVES: frozenset[Any] = frozenset({int, str, bool, float, bytes, type(None), range})
_COPIERS: dict[type, Callable[[Any], Any]] = {}


def _is_immutable(tp: Any) -> bool:
    if tp in _IMMUTABLE_LEAVES:
        return True
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        return all(_is_immutable(a) for a in typing.get_args(tp))
    if origin is tuple:
        return all(_is_immutable(a) for a in typing.get_args(tp) if a is not Ellipsis)
    if origin is frozenset:
        return all(_is_immutable(a) for a in typing.get_args(tp))
    if origin is typing.Literal:
        return True
    if isinstance(tp, type):
        if issubclass(tp, (int, str)):  # enums with int/str values
            return True
        if attrs.has(tp):
            # Frozen attrs records are shared; a mutable one needs copying.
            attrs.resolve_types(tp)
            return _is_frozen(tp) and all(_is_immutable(f.type) for f in attrs.fields(tp))
    return False


def _is_frozen(cls: type) -> bool:
    # attrs marks frozen classes by installing its own __setattr__ that raises.
    return getattr(cls.__setattr__, "__name__", "") == "_frozen_setattrs"


def _expr(tp: Any, src: str, ns: dict[str, Any], depth: int) -> str:
    """Python source that evaluates to a deep-enough copy of `src`, whose type is `tp`."""
    if _is_immutable(tp):
        return src
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    var = f"v{depth}"
    if origin in (typing.Union, types.UnionType):
        rest = [a for a in args if a is not type(None)]
        if len(rest) == 1 and len(args) == 2:
            return f"(None if {src} is None else {_expr(rest[0], src, ns, depth)})"
        raise TypeError(f"cannot generate a copy for the union {tp!r}")
    if origin is list:
        (item,) = args
        if _is_immutable(item):
            return f"{src}[:]"
        if typing.get_origin(item) is list and _is_immutable(typing.get_args(item)[0]):
            # Lists of lists are the commonest shape (one list per seat). Two seats get a literal
            # (the fastest copy); more go through map, which runs in C at about half the cost of
            # a comprehension.
            ns["_list_copy"] = list.copy
            t = f"t{depth}"
            return f"([{t}[0][:], {t}[1][:]] if len({t} := {src}) == 2 else list(map(_list_copy, {t})))"
        return f"[{_expr(item, var, ns, depth + 1)} for {var} in {src}]"
    if origin is dict:
        key, value = args
        if not _is_immutable(key):
            raise TypeError(f"dict keys must be immutable to copy {tp!r}")
        if _is_immutable(value):
            return f"dict({src})"
        return f"{{k{depth}: {_expr(value, var, ns, depth + 1)} for k{depth}, {var} in {src}.items()}}"
    if origin is set:
        (item,) = args
        if _is_immutable(item):
            return f"set({src})"
        raise TypeError(f"sets of mutable items cannot be copied: {tp!r}")
    if origin is tuple:
        items = [a for a in args if a is not Ellipsis]
        if len(args) == 2 and args[1] is Ellipsis:
            return f"tuple({_expr(items[0], var, ns, depth + 1)} for {var} in {src})"
        parts = ", ".join(_expr(a, f"{src}[{i}]", ns, depth + 1) for i, a in enumerate(items))
        return f"({parts},)"
    if isinstance(tp, type) and attrs.has(tp):
        name = f"_copy_{tp.__name__}_{id(tp)}"
        ns[name] = copier(tp)
        return f"{name}({src})"
    raise TypeError(f"cannot generate a copy for a field of type {tp!r}")


def _stores_only(cls: Any) -> bool:
    """Whether making an instance is nothing but storing each field: a slotted class with plain
    attribute setting, no validators, converters or post-init step. Such a record (Rivals' bodies,
    copied by the dozen per clone) is copied by filling a bare instance, which costs less than the
    call to __init__."""
    return (
        "__slots__" in cls.__dict__
        and cls.__setattr__ is object.__setattr__
        and not hasattr(cls, "__attrs_post_init__")
        and all(f.validator is None and f.converter is None for f in attrs.fields(cls))
    )


def copier(cls: type[T]) -> Callable[[T], T]:
    """A function returning an independent copy of an instance of the attrs class `cls`."""
    fn: Callable[[T], T] = _copier(cls)
    return fn


def _copier(cls: Any) -> Any:
    cached = _COPIERS.get(cls)
    if cached is not None:
        return cached
    attrs.resolve_types(cls)
    ns: dict[str, Any] = {"_cls": cls, "_new": object.__new__}
    positional: list[str] = []
    keyword: list[str] = []
    late: list[str] = []
    stores = _stores_only(cls)
    for f in attrs.fields(cls):
        e = _expr(f.type, f"s.{f.name}", ns, 0)
        if stores or not f.init:
            late.append(f"    new.{f.name} = {e}")
        elif f.kw_only:
            keyword.append(f"{f.alias}={e}")
        else:
            positional.append(e)
    # A class whose __init__ only stores its arguments is filled in place, skipping the call.
    make = "_new(_cls)" if stores else f"_cls({', '.join(positional + keyword)})"
    src = f"def copy(s):\n    new = {make}\n" + "\n".join(late) + "\n    return new\n"
    exec(compile(src, f"<copier of {cls.__qualname__}>", "exec"), ns)
    fn = ns["copy"]
    fn.__doc__ = f"A deep-enough copy of a {cls.__qualname__} (generated from its fields)."
    _COPIERS[cls] = fn
    return fn

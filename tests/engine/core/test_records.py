"""`quick_init` (engine/core/records.py): a frozen record built through its slots is the same
record attrs would build — fields, defaults, keywords, errors, equality, evolve — still frozen;
and a class whose fields the generated `__init__` could not honour is refused when it is made."""

from __future__ import annotations

import inspect
import pickle

import attrs
import pytest

from engine.core.game import Event
from engine.core.records import quick_init
from engine.rivals.state import Task


@attrs.frozen
class _Plain:
    """The record the quick one must match, built by attrs' own `__init__`."""

    name: str
    seat: int = -1
    to: tuple[int, ...] | None = None


@quick_init
@attrs.frozen
class _Quick:
    name: str
    seat: int = -1
    to: tuple[int, ...] | None = None


def test_the_log_and_the_task_queue_use_it() -> None:
    for cls in (Event, Task):
        assert cls.__init__.__doc__ is not None and "engine.core.records" in cls.__init__.__doc__


def test_a_quick_record_is_built_as_attrs_builds_it() -> None:
    assert str(inspect.signature(_Quick.__init__)) == str(inspect.signature(_Plain.__init__))
    for args, kwargs in (
        (("a",), {}),
        (("a", 2), {}),
        (("a",), {"to": (1,)}),
        ((), {"name": "b", "seat": 3}),
    ):
        quick, plain = _Quick(*args, **kwargs), _Plain(*args, **kwargs)
        assert attrs.astuple(quick) == attrs.astuple(plain)
    assert _Quick("a", 1) == _Quick("a", seat=1) and hash(_Quick("a", 1)) == hash(_Quick("a", seat=1))
    assert _Quick("a") != _Quick("b")
    assert repr(_Quick("a")) == "_Quick(name='a', seat=-1, to=None)"
    assert attrs.evolve(_Quick("a"), seat=4) == _Quick("a", 4)
    e = Event("Player 1 moves to hex 5.", seat=0, kind="move")
    assert pickle.loads(pickle.dumps(e)) == e


def test_a_quick_record_is_still_frozen_and_checks_its_arguments() -> None:
    q = _Quick("a")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        q.seat = 2  # type: ignore[misc]
    with pytest.raises(TypeError):
        _Quick()  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        _Quick("a", bogus=1)  # type: ignore[call-arg]


def test_fields_it_could_not_honour_are_refused_at_once() -> None:
    with pytest.raises(TypeError, match="plain field"):

        @quick_init
        @attrs.frozen
        class _Validated:
            n: int = attrs.field(validator=attrs.validators.instance_of(int))

    with pytest.raises(TypeError, match="plain field"):

        @quick_init
        @attrs.frozen
        class _Made:
            items: list[int] = attrs.Factory(list)

    with pytest.raises(TypeError, match="slotted"):

        @quick_init
        @attrs.frozen(slots=False)
        class _Unslotted:
            n: int = 0

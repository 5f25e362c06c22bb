"""The move notation (engine.core.notation, engine/<game>/notation.py): at every step of seeded
random games of every game, seat count and variant, every move offered — legal or greyed — has
its own short text, a legal one reads back to itself through `parse_move` (in any case), a greyed
one is refused with the picker's reason, and a text for a move not available now, a seat that
does not act, or words that name no move are refused with one sentence.
"""

from __future__ import annotations

import re
from typing import Any

import attrs
import pytest

from engine.core import AnyGame, IllegalAction, NotYourTurn, Rng
from engine.core.notation import SEAT, Form, MoveTextError, Named, Notation
from engine.registry import GAMES
from tests.conformance.test_conformance import variants

# One game per table; a second where it reaches kinds of moves the first games of every table do
# not (Rival Kings' Gardener, Rivals' shields and blast victims, ...), found by listing the kinds
# each seed's games offer. Re-check when a game gains actions.
SEEDS = (1,)
SECOND_SEED = {
    "rival_kings-2p-stalemate=False",
    "rivals-5p-setup=standard,drone=False",
    "rival_realms-2p-start=player 1,solo_level=normal,enchantments=(),events=True",
    "rivalist-2p-default",
    "rivals-2p-setup=standard,drone=True",
    "rivals-3p-setup=standard,drone=False",
}
# Refusing a greyed move lists the greyed moves' reasons: two per step are checked.
GREYED = 2
SHORT = re.compile(r"[a-z0-9][a-z0-9 ,\-]{0,29}")


def tables() -> list[Any]:
    out = []
    for gid in GAMES:
        game = GAMES[gid]
        for seats in game.players:
            for opts in variants(game.Options, seats):
                tag = ",".join(f"{k}={v}" for k, v in attrs.asdict(opts).items()) or "default"
                out.append(pytest.param(game, opts, seats, id=f"{gid}-{seats}p-{tag}"))
    return out


def one_sentence(text: str) -> bool:
    return (
        bool(text)
        and (text[0].isupper() or text[0] == '"')
        and text.endswith(".")
        and "\n" not in text
        and ". " not in text
    )


def check_step(game: AnyGame, s: Any, seat: int, seen: set[str]) -> int:
    """Every check on seat `seat`'s moves in `s`; returns how many greyed moves were refused."""
    choices = game.choices(s, seat)
    texts = [game.move_text(s, a) for a, _ in choices]
    assert len(set(texts)) == len(texts), f"two moves share a text: {sorted(texts)}"
    greyed = 0
    for (a, why), text in zip(choices, texts, strict=True):
        assert SHORT.fullmatch(text), f"{a!r} is written {text!r}"
        if why is None:
            assert game.parse_move(s, seat, text) == a, text
        elif greyed < GREYED:
            with pytest.raises(IllegalAction) as refused:
                game.parse_move(s, seat, text)
            assert refused.value.reason == why and not isinstance(refused.value, MoveTextError)
            greyed += 1
    # A text from earlier in the game that names no move offered now: refused, in one sentence.
    for old in sorted(seen - set(texts))[:1]:
        with pytest.raises(IllegalAction) as refused:
            game.parse_move(s, seat, old)
        assert one_sentence(refused.value.reason), refused.value.reason
    seen.update(texts)
    return greyed


@pytest.mark.parametrize(("game", "options", "seats"), tables())
def test_every_move_offered_reads_back_from_its_text(
    game: AnyGame, options: Any, seats: int, request: pytest.FixtureRequest
) -> None:
    table = request.node.callspec.id
    for seed in SEEDS + ((2,) if table in SECOND_SEED else ()):
        s = game.setup(options, seats, seed)
        rng = Rng.from_seed(seed * 7919 + seats)
        seen: set[str] = set()
        steps = 0
        while game.outcome(s) is None:
            acting = game.to_act(s)
            for seat in acting:
                check_step(game, s, seat, seen)
            seat = acting[0]
            legal = game.legal(s, seat)
            a = legal[rng.below(len(legal))]
            text = game.move_text(s, a)
            # Upper case and extra spaces read the same.
            assert game.parse_move(s, seat, "  " + text.upper().replace(" ", "  ") + " ") == a
            idle = next((i for i in range(seats) if i not in acting), None)
            if idle is not None:
                with pytest.raises(NotYourTurn, match=f"Player {idle + 1} has no decision to make now"):
                    game.parse_move(s, idle, text)
            game.apply(s, seat, a)
            steps += 1
        assert steps > 0


@pytest.mark.parametrize("gid", list(GAMES))
def test_every_action_class_has_a_notation(gid: str) -> None:
    game = GAMES[gid]
    assert game.notation.types == frozenset(game.action_types)


@pytest.mark.parametrize("gid", list(GAMES))
@pytest.mark.parametrize("text", ["", "   ", "xyzzy 3", "x" * 500])
def test_words_that_name_no_move_are_refused_in_one_sentence(gid: str, text: str) -> None:
    game = GAMES[gid]
    s = game.setup(game.Options(), game.players.start if game.players.start > 1 else 2, 1)
    seat = game.to_act(s)[0]
    with pytest.raises(MoveTextError) as refused:
        game.parse_move(s, seat, text)
    assert one_sentence(refused.value.reason) and len(refused.value.reason) < 200, refused.value.reason


@pytest.mark.parametrize("gid", list(GAMES))
def test_a_known_word_with_the_wrong_rest_says_how_the_move_reads(gid: str) -> None:
    game = GAMES[gid]
    s = game.setup(game.Options(), max(2, game.players.start), 1)
    seat = game.to_act(s)[0]
    first = game.move_text(s, game.legal(s, seat)[0])
    keyword = first.split()[0]
    with pytest.raises(MoveTextError) as refused:
        game.parse_move(s, seat, f"{keyword} ??? !!!")
    reason = refused.value.reason
    assert one_sentence(reason) and f'"{keyword}' in reason.split("(", 1)[1], reason


# -- the shared machinery, on a toy action set -------------------------------------------------


@attrs.frozen
class Hop:
    to: int


@attrs.frozen
class Give:
    seat: int
    what: str
    all: bool = False


@attrs.frozen
class Rest:
    pass


TOY = Notation(
    "Toy",
    (Hop, Give, Rest),
    [
        Form(Hop, "hop {to}"),
        Form(Give, "give {seat} {what}", seat=SEAT, all=False),
        Form(Give, "give {seat} all {what}", seat=SEAT, all=True),
        Form(Rest, "rest"),
    ],
)


def test_forms_write_and_read_fields_and_pinned_values() -> None:
    for a, text in [
        (Hop(12), "hop 12"),
        (Give(0, "bread"), "give p1 bread"),
        (Give(2, "salt", True), "give p3 all salt"),
        (Rest(), "rest"),
    ]:
        assert TOY.text(None, a) == text
        assert TOY.read(None, text.upper()) == a
    # Numbers are whole and from zero; seats start at p1.
    for bad in ("hop -1", "hop 1.5", "give p0 bread", "give 1 bread", "give p1 3"):
        with pytest.raises(MoveTextError):
            TOY.read(None, bad)
    with pytest.raises(ValueError, match="cannot write"):
        TOY.text(None, Hop(-3))


def test_a_notation_missing_a_class_or_a_field_is_refused_when_built() -> None:
    with pytest.raises(ValueError, match="no form for Rest"):
        Notation("Toy", (Hop, Rest), [Form(Hop, "hop {to}")])
    with pytest.raises(ValueError, match="says nothing of Give.what"):
        Form(Give, "give {seat}", seat=SEAT)
    with pytest.raises(ValueError, match="no field 'where'"):
        Form(Hop, "hop {where}")
    with pytest.raises(ValueError, match="Give.all needs a codec"):
        Form(Give, "give {seat} {what} {all}", seat=SEAT)
    with pytest.raises(ValueError, match="must start with a fixed word"):
        Form(Hop, "{to} hop")


def test_two_forms_reading_the_same_words_are_reported_not_guessed() -> None:
    clash = Notation("Toy", (Hop, Rest), [Form(Hop, "go {to}"), Form(Rest, "go 1"), Form(Hop, "hop {to}")])
    assert clash.read(None, "go 2") == Hop(2)
    with pytest.raises(MoveTextError, match="reads as 2 different Toy moves"):
        clash.read(None, "go 1")


def test_named_values_read_only_their_words() -> None:
    colour = Named("colour", {0: "red", 1: "blue"})
    n = Notation("Toy", (Hop,), [Form(Hop, "hop {to}", to=colour)])
    assert n.text(None, Hop(1)) == "hop blue" and n.read(None, "HOP Red") == Hop(0)
    with pytest.raises(MoveTextError, match='would read "hop <colour>"'):
        n.read(None, "hop green")


def test_the_tables_given_a_second_game_exist() -> None:
    assert {p.id for p in tables()} >= SECOND_SEED

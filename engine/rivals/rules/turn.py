"""The active player's menu (phase 2): scout, move, collect, negotiate, spend resources, play
a card, use the guild, a skill or the ultimate, activate a token, end the turn. `options`
lists every action worth showing with the reason it is not allowed (None when it is); `CHECKS`
judges one action without listing the menu, by its class. Both take each verdict from the same function per
kind of action (`collect_reason`, `card_reason`, `shield_reason`...), and the menu lists the
actions of a kind with the function its check asks (`scoutable`; `move_targets`, whose
one-hex answer is `reaches`), so a rule is written once."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import Event
from engine.rivals.actions import (
    COLLECT,
    GUILD,
    NEGOTIATE,
    PLAY,
    TOKEN,
    ULTIMATE,
    Action,
    ActivateToken,
    BuyMixedPoint,
    BuyPoint,
    BuySchema,
    Collect,
    EndTurn,
    Exchange,
    Hack,
    MakeShield,
    Move,
    Negotiate,
    PlayCard,
    Scout,
    Uninstall,
    UseGuild,
    UseSkill,
    UseUltimate,
)
from engine.rivals.data.ashaks import ASHAKS
from engine.rivals.data.cards import SKILL, card_said
from engine.rivals.data.catalog import ATLANS_ID, CARD, ULTIMATES
from engine.rivals.queries import has_skill, name, scoutable, token_reason, who
from engine.rivals.rules import drone_hack, resolve, targeting
from engine.rivals.rules.board import reaches, reveal
from engine.rivals.rules.bodies import (
    END_OPTION,
    POINT_COST,
    SCHEMA_COST,
    SHIELD_COST,
    SHIELD_COST_TEXT,
    UNINSTALL_COST,
    buy_point,
    move,
    move_options,
    schema_reason,
    scout_options,
    spend,
    spend_options,
)
from engine.rivals.rules.collect import collect, collect_reason, negotiate, negotiate_reason
from engine.rivals.rules.common import activate, seat_skill
from engine.rivals.rules.limits import CHECK, FIRST_TURN, card_reason, first_turn, move_budget, offensive
from engine.rivals.state import RivalsState, Task

Option = tuple[object, str | None]
GAUGE: tuple[int, ...] = tuple(a.gauge for a in ASHAKS)
# The gauge's sentence for each fill below each size (written once, read at every menu).
GAUGE_TEXT: dict[int, tuple[str, ...]] = {
    g: tuple(f"Your ultimate gauge is at {u}/{g}." for u in range(g)) for g in set(GAUGE)
}


def options(s: RivalsState, seat: int) -> list[Option]:
    reach = targeting.Reach(s, seat)  # the rivals' distances and sight, once per menu
    me = s.ashaks[seat]
    opts: list[Option] = []
    scout_options(s, me, opts)
    move_options(s, me, opts)
    opts.append((COLLECT, collect_reason(s, me)))
    opts.append((NEGOTIATE, negotiate_reason(s, me)))
    seen: dict[str, str | None] = {}  # copies of a design (one name) share their verdict
    for c in s.hand[seat]:
        k = CHECK[c]
        if k.name in seen:
            opts.append((PLAY[c], seen[k.name]))
            continue
        # (arguments by position: a call naming one costs more, and this runs per card per step)
        why = seen[k.name] = None if c == ATLANS_ID else card_reason(s, seat, k, "hand", False, reach)
        opts.append((PLAY[c], why))
    if s.guild[seat] >= 0:
        opts.append((GUILD, guild_reason(s, seat, reach)))
    for c in s.skills[seat]:
        if CARD[c].once:
            opts.append((UseSkill(c), skill_reason(s, seat, c, reach)))
    opts.append((ULTIMATE, ultimate_reason(s, seat, reach)))
    if me.tokens:
        opts.append((TOKEN, token_reason(s, seat)))
    spend_options(s, me, opts)
    if me.crystals + me.resins >= POINT_COST:  # (`mixed_splits` offers none below)
        opts += [(MIXED_POINT[k], None) for k in mixed_splits(s, seat)]
    if s.drone_mode:
        opts += drone_hack.ashak_options(s, seat)
    opts.append(END_OPTION)
    return opts


NOT_NOW = "That is not possible now."


def _play_reason(s: RivalsState, seat: int, a: PlayCard) -> str | None:
    if a.card not in s.hand[seat]:
        return "That card is not in your hand."
    if a.card == ATLANS_ID:
        return None
    return card_reason(s, seat, CHECK[a.card], "hand")


def _scout_reason(s: RivalsState, seat: int, a: Scout) -> str | None:
    return None if a.tile in scoutable(s, s.ashaks[seat].pos) else NOT_NOW


def _move_reason(s: RivalsState, seat: int, a: Move) -> str | None:
    if s.ap >= 1 and reaches(s, seat, s.ashaks[seat].pos, move_budget(s), a.hex):
        return None
    return NOT_NOW


def guild_reason(s: RivalsState, seat: int, reach: targeting.Reach | None = None) -> str | None:
    if s.guild_used[seat]:
        return "Your guild is used for this round."
    return card_reason(s, seat, CHECK[s.guild[seat]], "guild", False, reach)


def _guild_reason(s: RivalsState, seat: int, a: UseGuild) -> str | None:
    return guild_reason(s, seat) if s.guild[seat] >= 0 else NOT_NOW


def skill_reason(s: RivalsState, seat: int, c: int, reach: targeting.Reach | None = None) -> str | None:
    if c in s.exhausted[seat]:
        return "Already used this round."
    return card_reason(s, seat, CHECK[c], "skill", False, reach)


def _skill_reason(s: RivalsState, seat: int, a: UseSkill) -> str | None:
    if a.card not in s.skills[seat] or not CARD[a.card].once:
        return NOT_NOW
    return skill_reason(s, seat, a.card)


def shield_reason(s: RivalsState, seat: int) -> str | None:
    return None if s.ashaks[seat].resins >= SHIELD_COST else SHIELD_COST_TEXT


def mixed_splits(s: RivalsState, seat: int) -> range:
    """With Premium Card, the crystals of every mixed way to pay a Rival Point the seat can
    afford (the rest of the ten in resins; ten of one kind is a plain BuyPoint)."""
    if s.ashaks[seat].crystals + s.ashaks[seat].resins < POINT_COST or not has_skill(s, seat, "premium"):
        return range(0)
    return range(max(1, POINT_COST - s.ashaks[seat].resins), min(POINT_COST - 1, s.ashaks[seat].crystals) + 1)


def _uninstall_reason(s: RivalsState, seat: int, a: Uninstall) -> str | None:
    mine = a.card in s.hand[seat] or a.card in s.discard[seat]
    return None if s.ashaks[seat].crystals >= UNINSTALL_COST and mine else NOT_NOW


def _resource(s: RivalsState, seat: int, res: str) -> int:
    return s.ashaks[seat].crystals if res == "crystal" else s.ashaks[seat].resins if res == "resin" else -1


def _schema_reason(s: RivalsState, seat: int, a: BuySchema) -> str | None:
    if _resource(s, seat, a.resource) < SCHEMA_COST:
        return NOT_NOW
    return schema_reason(s, s.ashaks[seat])


def _point_reason(s: RivalsState, seat: int, a: BuyPoint) -> str | None:
    return None if _resource(s, seat, a.resource) >= POINT_COST else NOT_NOW


def _mixed_reason(s: RivalsState, seat: int, a: BuyMixedPoint) -> str | None:
    return None if a.crystals in mixed_splits(s, seat) else NOT_NOW


def ultimate_reason(s: RivalsState, seat: int, reach: targeting.Reach | None = None) -> str | None:
    gauge, u = GAUGE[s.ashaks[seat].kind], s.ashaks[seat].ult
    if u < gauge:
        return GAUGE_TEXT[gauge][u] if u >= 0 else f"Your ultimate gauge is at {u}/{gauge}."
    c = ULTIMATES[s.ashaks[seat].kind]
    if first_turn(s) and offensive(c):
        return FIRST_TURN
    if not targeting.has_target(s, seat, c, 0, reach):
        return f"No target in range of {c.name}."
    return None


def perform(s: RivalsState, seat: int, a: object) -> list[Event]:
    return PERFORMS[type(a)](s, seat, a)


def _do_move(s: RivalsState, seat: int, a: Move) -> list[Event]:
    s.ap -= 1
    return move(s, s.ashaks[seat], a.hex)


def _end_turn(s: RivalsState, seat: int, a: EndTurn) -> list[Event]:
    s.phase = "idle"
    s.active = -1
    s.tasks.append(NEXT_TURN)
    return [Event(f"{who(s, seat)} ends its turn.", seat=seat)]


def _collect(s: RivalsState, seat: int, a: Collect) -> list[Event]:
    s.ap -= 1
    return collect(s, s.ashaks[seat], seat)


def _negotiate(s: RivalsState, seat: int, a: Negotiate) -> list[Event]:
    s.ap -= 1
    return negotiate(s, s.ashaks[seat], seat)


def _use_guild(s: RivalsState, seat: int, a: UseGuild) -> list[Event]:
    s.p_free = False
    return resolve.start_play(s, seat, s.guild[seat], "guild")


def _use_skill(s: RivalsState, seat: int, a: UseSkill) -> list[Event]:
    s.p_free = False
    return resolve.start_play(s, seat, a.card, "skill")


def _use_ultimate(s: RivalsState, seat: int, a: UseUltimate) -> list[Event]:
    s.p_free = False
    return resolve.start_play(s, seat, -1, "ult")


def _spend(s: RivalsState, seat: int, a: Uninstall | MakeShield | BuySchema | BuyPoint) -> list[Event]:
    return spend(s, s.ashaks[seat], a)


def _mixed_point(s: RivalsState, seat: int, a: BuyMixedPoint) -> list[Event]:
    return buy_point(s, s.ashaks[seat], a.crystals, POINT_COST - a.crystals)


def upgrade_saved(s: RivalsState, seat: int, a: Action) -> Action:
    """A Premium Card purchase from a save made before the split was the player's choice:
    BuyPoint("mix") was paid one resource at a time from the larger pile (crystals on a tie).
    The same purchase, as today's decision."""
    if not (isinstance(a, BuyPoint) and a.resource == "mix" and s.phase == "turn"):
        return a
    c, r = s.ashaks[seat].crystals, s.ashaks[seat].resins
    for _ in range(POINT_COST):
        if c >= r:
            c -= 1
        else:
            r -= 1
    paid = s.ashaks[seat].crystals - c  # in crystals; the rest were resins
    if paid in (0, POINT_COST):
        return BuyPoint("crystal" if paid else "resin")
    return MIXED_POINT[paid]


def play_from_hand(s: RivalsState, seat: int, card: int) -> list[Event]:
    c = CARD[card]
    if card == ATLANS_ID:
        return install_atlans(s, seat)
    if c.type == SKILL:
        return place_skill(s, seat, card)
    s.p_free = False
    return resolve.start_play(s, seat, card, "hand")


def install_atlans(s: RivalsState, seat: int) -> list[Event]:
    s.hand[seat].remove(ATLANS_ID)
    old = s.guild[seat]
    if old >= 0:
        s.box.append(old)
    s.guild[seat] = ATLANS_ID
    s.guild_used[seat] = False
    gone = f" in place of {name(old)}" if old >= 0 else ""
    return [Event(f"{who(s, seat)} sets Atlans on her board{gone}.", seat=seat, reveal=True)]


def place_skill(s: RivalsState, seat: int, card: int) -> list[Event]:
    s.hand[seat].remove(card)
    s.in_play.append(card)
    said = card_said(CARD[card], when=True)
    ev = [Event(f"{who(s, seat)} installs the skill {said}", seat=seat, reveal=True)]
    if len(s.skills[seat]) >= 3:
        s.phase, s.actor = "replace", seat
        return ev
    return ev + seat_skill(s, seat, card)


NEXT_TURN = Task("next_turn")
SKILL_SLOTS = 3
# Interned (as the menu's others, actions.PLAY...): the menu is rebuilt at every step.
MIXED_POINT: tuple[BuyMixedPoint, ...] = tuple(BuyMixedPoint(k) for k in range(POINT_COST))

# The turn menu's verdict on one action, by its class, from the same checks the menu uses
# without listing the whole menu (actions the menu would not list are "not possible now"). The
# phase table asks these directly: the kernel already dispatches on the class.
CHECKS: dict[type, Callable[[RivalsState, int, Any], str | None]] = {
    PlayCard: _play_reason,
    Move: _move_reason,
    Scout: _scout_reason,
    EndTurn: lambda s, seat, a: None,
    Collect: lambda s, seat, a: collect_reason(s, s.ashaks[seat]),
    Negotiate: lambda s, seat, a: negotiate_reason(s, s.ashaks[seat]),
    UseUltimate: lambda s, seat, a: ultimate_reason(s, seat),
    UseGuild: _guild_reason,
    UseSkill: _skill_reason,
    ActivateToken: lambda s, seat, a: token_reason(s, seat) if s.ashaks[seat].tokens else NOT_NOW,
    Uninstall: _uninstall_reason,
    MakeShield: lambda s, seat, a: shield_reason(s, seat),
    BuySchema: _schema_reason,
    BuyPoint: _point_reason,
    BuyMixedPoint: _mixed_reason,
    Exchange: lambda s, seat, a: drone_hack.exchange_reason(s, seat, a),
    Hack: lambda s, seat, a: drone_hack.hack_reason(s, seat) if s.drone_mode else NOT_NOW,
}
# The action types of the turn's menu.
TURN_ACTIONS: tuple[type, ...] = tuple(CHECKS)
# What each action of the menu does, by its class (one look-up instead of a chain of tests).
PERFORMS: dict[type, Callable[[RivalsState, int, Any], list[Event]]] = {
    Move: _do_move,
    EndTurn: _end_turn,
    Scout: lambda s, seat, a: reveal(s, a.tile),
    Collect: _collect,
    Negotiate: _negotiate,
    PlayCard: lambda s, seat, a: play_from_hand(s, seat, a.card),
    UseGuild: _use_guild,
    UseSkill: _use_skill,
    UseUltimate: _use_ultimate,
    ActivateToken: lambda s, seat, a: activate(s, seat),
    Uninstall: _spend,
    MakeShield: _spend,
    BuySchema: _spend,
    BuyPoint: _spend,
    BuyMixedPoint: _mixed_point,
    Exchange: drone_hack.ashak_perform,
    Hack: drone_hack.ashak_perform,
}

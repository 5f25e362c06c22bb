"""The active player's menu (phase 2): scout, move, collect, negotiate, spend resources, play
a card, use the guild, a skill or the ultimate, activate a token, end the turn. `options`
lists every action worth showing with the reason it is not allowed (None when it is); `reason`
judges one action without listing the menu. Both take each verdict from the same function per
kind of action (`collect_reason`, `card_reason`, `shield_reason`...), and the menu lists the
actions of a kind with the function its check asks (`scoutable`; `move_targets`, whose
one-hex answer is `reaches`), so a rule is written once."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import Event
from engine.rivals.actions import (
    COLLECT,
    END,
    GUILD,
    MOVE,
    NEGOTIATE,
    PLAY,
    SCOUT,
    SHIELD,
    TOKEN,
    ULTIMATE,
    UNINSTALL,
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
from engine.rivals.data.board import LAKE, LAKE_LOSS
from engine.rivals.data.cards import SKILL, card_said
from engine.rivals.data.catalog import ATLANS_ID, CARD, ULTIMATES
from engine.rivals.effects import calm, raise_shield
from engine.rivals.rules import drone_hack, resolve, targeting
from engine.rivals.rules.board import hex_type, move_targets, reaches, reveal, scoutable
from engine.rivals.rules.collect import collect_reason, do_collect
from engine.rivals.rules.common import (
    activate,
    check_end,
    draw,
    has_skill,
    lose_hp,
    name,
    resources,
    seat_skill,
    token_reason,
    who,
)
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
    here = s.ashaks[seat].pos
    opts: list[Option] = [(SCOUT[t], None) for t in scoutable(s, seat)]
    if s.ap >= 1:
        opts += [(MOVE[h], None) for h in move_targets(s, seat, here, move_budget(s))]
    opts.append((COLLECT, collect_reason(s, seat)))
    opts.append((NEGOTIATE, negotiate_reason(s, seat)))
    seen: dict[str, str | None] = {}  # copies of a design (one name) share their verdict
    for c in s.hand[seat]:
        k = CHECK[c]
        if k.name in seen:
            opts.append((PLAY[c], seen[k.name]))
            continue
        why = seen[k.name] = None if c == ATLANS_ID else card_reason(s, seat, k, "hand", reach=reach)
        opts.append((PLAY[c], why))
    if s.guild[seat] >= 0:
        opts.append((GUILD, guild_reason(s, seat, reach)))
    for c in s.skills[seat]:
        if CARD[c].once:
            opts.append((UseSkill(c), skill_reason(s, seat, c, reach)))
    opts.append((ULTIMATE, ultimate_reason(s, seat, reach)))
    if s.ashaks[seat].tokens:
        opts.append((TOKEN, token_reason(s, seat)))
    crystals, resins = s.ashaks[seat].crystals, s.ashaks[seat].resins
    if crystals >= UNINSTALL_COST:
        opts += [(UNINSTALL[c], None) for c in sorted(s.hand[seat] + s.discard[seat])]
    opts.append((SHIELD, shield_reason(s, seat)))
    if crystals >= SCHEMA_COST or resins >= SCHEMA_COST:  # (Premium Card's 10 of both needs 5 of one)
        schemas = schema_left(s)
        for res, have in (("crystal", crystals), ("resin", resins)):
            if have >= SCHEMA_COST:
                opts.append((BuySchema(res), schemas))
            if have >= POINT_COST:
                opts.append((BuyPoint(res), None))
        opts += [(MIXED_POINT[k], None) for k in mixed_splits(s, seat)]
    if s.drone_mode:
        opts += drone_hack.ashak_options(s, seat)
    opts.append((END, None))
    return opts


NOT_NOW = "That is not possible now."


def reason(s: RivalsState, seat: int, a: object) -> str | None:
    """The turn menu's verdict on one action, from the same checks the menu uses without
    listing the whole menu (actions the menu would not list are "not possible now")."""
    check = _REASONS.get(type(a))
    return check(s, seat, a) if check is not None else NOT_NOW


def _play_reason(s: RivalsState, seat: int, a: PlayCard) -> str | None:
    if a.card not in s.hand[seat]:
        return "That card is not in your hand."
    if a.card == ATLANS_ID:
        return None
    return card_reason(s, seat, CHECK[a.card], "hand")


def _scout_reason(s: RivalsState, seat: int, a: Scout) -> str | None:
    return None if a.tile in scoutable(s, seat) else NOT_NOW


def _move_reason(s: RivalsState, seat: int, a: Move) -> str | None:
    if s.ap >= 1 and reaches(s, seat, s.ashaks[seat].pos, move_budget(s), a.hex):
        return None
    return NOT_NOW


def guild_reason(s: RivalsState, seat: int, reach: targeting.Reach | None = None) -> str | None:
    if s.guild_used[seat]:
        return "Your guild is used for this round."
    return card_reason(s, seat, CHECK[s.guild[seat]], "guild", reach=reach)


def _guild_reason(s: RivalsState, seat: int, a: UseGuild) -> str | None:
    return guild_reason(s, seat) if s.guild[seat] >= 0 else NOT_NOW


def skill_reason(s: RivalsState, seat: int, c: int, reach: targeting.Reach | None = None) -> str | None:
    if c in s.exhausted[seat]:
        return "Already used this round."
    return card_reason(s, seat, CHECK[c], "skill", reach=reach)


def _skill_reason(s: RivalsState, seat: int, a: UseSkill) -> str | None:
    if a.card not in s.skills[seat] or not CARD[a.card].once:
        return NOT_NOW
    return skill_reason(s, seat, a.card)


SHIELD_COST = "A shield costs 2 resins."


def shield_reason(s: RivalsState, seat: int) -> str | None:
    return None if s.ashaks[seat].resins >= 2 else SHIELD_COST


POINT_COST = 10


def mixed_splits(s: RivalsState, seat: int) -> range:
    """With Premium Card, the crystals of every mixed way to pay a Rival Point the seat can
    afford (the rest of the ten in resins; ten of one kind is a plain BuyPoint)."""
    if s.ashaks[seat].crystals + s.ashaks[seat].resins < POINT_COST or not has_skill(s, seat, "premium"):
        return range(0)
    return range(max(1, POINT_COST - s.ashaks[seat].resins), min(POINT_COST - 1, s.ashaks[seat].crystals) + 1)


UNINSTALL_COST = 2  # crystals
SCHEMA_COST = 5  # crystals or resins


def _uninstall_reason(s: RivalsState, seat: int, a: Uninstall) -> str | None:
    mine = a.card in s.hand[seat] or a.card in s.discard[seat]
    return None if s.ashaks[seat].crystals >= UNINSTALL_COST and mine else NOT_NOW


def _resource(s: RivalsState, seat: int, res: str) -> int:
    return s.ashaks[seat].crystals if res == "crystal" else s.ashaks[seat].resins if res == "resin" else -1


def schema_left(s: RivalsState) -> str | None:
    return None if s.schema_row or s.schema_deck else "No schema is left."


def _schema_reason(s: RivalsState, seat: int, a: BuySchema) -> str | None:
    if _resource(s, seat, a.resource) < SCHEMA_COST:
        return NOT_NOW
    return schema_left(s)


def _point_reason(s: RivalsState, seat: int, a: BuyPoint) -> str | None:
    return None if _resource(s, seat, a.resource) >= POINT_COST else NOT_NOW


def _mixed_reason(s: RivalsState, seat: int, a: BuyMixedPoint) -> str | None:
    return None if a.crystals in mixed_splits(s, seat) else NOT_NOW


def negotiate_reason(s: RivalsState, seat: int) -> str | None:
    if s.sponsor[s.ashaks[seat].pos] != 2:
        return "There is no active sponsor on your hex."
    if s.ap < 1:
        return "Negotiating costs 1 AP."
    if not s.ashaks[seat].tokens:
        return "Negotiating spends an inactive anticipation token."
    return None


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
    # The most frequent decisions first.
    if isinstance(a, Move):
        return do_move(s, seat, a.hex)
    if isinstance(a, EndTurn):
        s.phase = "idle"
        s.active = -1
        s.tasks.append(NEXT_TURN)
        return [Event(f"{who(s, seat)} ends its turn.", seat=seat)]
    if isinstance(a, Scout):
        return reveal(s, a.tile)
    if isinstance(a, Collect):
        return do_collect(s, seat)
    if isinstance(a, Negotiate):
        return negotiate(s, seat)
    if isinstance(a, PlayCard):
        return play_from_hand(s, seat, a.card)
    if isinstance(a, UseGuild):
        s.p_free = False
        return resolve.start_play(s, seat, s.guild[seat], "guild")
    if isinstance(a, UseSkill):
        s.p_free = False
        return resolve.start_play(s, seat, a.card, "skill")
    if isinstance(a, UseUltimate):
        s.p_free = False
        return resolve.start_play(s, seat, -1, "ult")
    if isinstance(a, ActivateToken):
        return activate(s, seat)
    if isinstance(a, Uninstall):
        return spend_uninstall(s, seat, a.card)
    if isinstance(a, MakeShield):
        s.ashaks[seat].resins -= 2
        ev = raise_shield(s, seat)
        if s.tasks:
            s.phase = "idle"
        return ev
    if isinstance(a, BuySchema):
        if a.resource == "crystal":
            s.ashaks[seat].crystals -= SCHEMA_COST
        else:
            s.ashaks[seat].resins -= SCHEMA_COST
        s.phase, s.actor = "schema", seat
        return [Event(f"{who(s, seat)} spends 5 {a.resource}s on a schema.")]
    if isinstance(a, BuyPoint):
        paid = POINT_COST if a.resource == "crystal" else 0
        return buy_point(s, seat, paid, POINT_COST - paid)
    if isinstance(a, BuyMixedPoint):
        return buy_point(s, seat, a.crystals, POINT_COST - a.crystals)
    if isinstance(a, (Exchange, Hack)):
        return drone_hack.ashak_perform(s, seat, a)
    raise AssertionError(a)


def do_move(s: RivalsState, seat: int, h: int) -> list[Event]:
    s.ap -= 1
    s.ashaks[seat].pos = h
    ev = [Event(f"{who(s, seat)} moves to hex {h}.", seat=seat, kind="move")]
    if hex_type(s, h) == LAKE and not calm(s):
        ev += lose_hp(s, seat, LAKE_LOSS, -1, "a lake")
    return ev


def negotiate(s: RivalsState, seat: int) -> list[Event]:
    s.ap -= 1
    s.ashaks[seat].tokens -= 1
    h = s.ashaks[seat].pos
    s.sponsor[h] = 0
    s.sponsors_left += 1
    s.ashaks[seat].rp += 1
    ev = [
        Event(f"{who(s, seat)} negotiates with the sponsor: 1 Rival Point ({s.ashaks[seat].rp}).", kind="rp")
    ]
    if not check_end(s):
        s.phase, s.actor = "reward", seat
    return ev


def spend_uninstall(s: RivalsState, seat: int, c: int) -> list[Event]:
    s.ashaks[seat].crystals -= UNINSTALL_COST
    ev = [Event(f"{who(s, seat)} uninstalls {name(c)}.", seat=seat, reveal=True)]
    if c in s.hand[seat]:
        s.hand[seat].remove(c)
        s.box.append(c)
        ev += draw(s, seat, 1)
    else:
        s.discard[seat].remove(c)
        s.box.append(c)
    return ev


def buy_point(s: RivalsState, seat: int, crystals: int, resins: int) -> list[Event]:
    s.ashaks[seat].crystals -= crystals
    s.ashaks[seat].resins -= resins
    s.ashaks[seat].rp += 1
    paid = f" with {resources(crystals, resins)}" if crystals and resins else ""
    ev = [Event(f"{who(s, seat)} buys a Rival Point{paid} ({s.ashaks[seat].rp}).", kind="rp")]
    check_end(s)
    return ev


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

_REASONS: dict[type, Callable[[RivalsState, int, Any], str | None]] = {
    PlayCard: _play_reason,
    Move: _move_reason,
    Scout: _scout_reason,
    EndTurn: lambda s, seat, a: None,
    Collect: lambda s, seat, a: collect_reason(s, seat),
    Negotiate: lambda s, seat, a: negotiate_reason(s, seat),
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
TURN_ACTIONS: tuple[type, ...] = tuple(_REASONS)

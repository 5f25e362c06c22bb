"""State changes shared by every phase: drawing (Flashers included), tokens, a skill taking its
slot, healing, the ultimate gauge, wounds and HP loss, elimination and the instant victory check."""

from __future__ import annotations

from engine.core import Event
from engine.core.words import count
from engine.rivals.data.ashaks import ASHAKS, RENKO
from engine.rivals.data.board import (
    DIE_FACES,
    RP_TO_WIN,
    START_HP,
)
from engine.rivals.data.catalog import ATLANS_ID, CARD, GUILD_IDS, SIGNATURE_IDS
from engine.rivals.queries import (
    FLASHER_SET,
    OTHERS,
    alive_seats,
    body_name,
    has_skill,
    name,
    token_room,
    who,
)
from engine.rivals.state import AshakBody, Body, DroneBody, RivalsState, Task


def resources(crystals: int, resins: int) -> str:
    """What a collection yields, in words, leaving out a zero: "2 crystals and 1 resin", "3 resins"."""
    return " and ".join(count(n, word) for n, word in ((crystals, "crystal"), (resins, "resin")) if n)


def roll(s: RivalsState) -> bool:
    """One success die."""
    return DIE_FACES[s.rng.below(len(DIE_FACES))]


def refill(s: RivalsState, seat: int) -> bool:
    """Shuffle the discard into an empty deck; False when there is nothing to shuffle."""
    if s.deck[seat]:
        return True
    if not s.discard[seat]:
        return False
    s.deck[seat] = s.discard[seat]
    s.discard[seat] = []
    s.rng.shuffle(s.deck[seat])
    return True


def draw(s: RivalsState, seat: int, n: int) -> list[Event]:
    """Draw `n` cards; a Flasher drawn goes to the temporary slot and is replaced."""
    ev: list[Event] = []
    got = 0
    flashed = 0
    while got < n:
        if not refill(s, seat):
            break
        c = s.deck[seat].pop()
        if c in FLASHER_SET:
            s.temps[seat].append(c)
            s.temp_until[seat].append(2)
            flashed += 1
            continue
        s.hand[seat].append(c)
        got += 1
    if flashed:
        ev.append(
            Event(
                f"{who(s, seat)} draws {count(flashed, 'Flasher')}: they go to the temporary slot.",
                reveal=True,
            )
        )
    if got:
        names = ", ".join([CARD[c].name for c in s.hand[seat][-got:]])
        ev.append(Event(f"You draw {names}.", seat=seat, to=(seat,), reveal=True))
        ev.append(Event(f"{who(s, seat)} draws {count(got, 'card')}.", seat=seat, to=OTHERS[s.seats][seat]))
    return ev


def gain_tokens(s: RivalsState, b: Body, n: int, how: str = "gains", source: str = "") -> list[Event]:
    """Every anticipation token that reaches a body's board comes through here: cards,
    collecting, negotiating, events, thefts, and tokens brought home from a drone (exchange,
    hack). So Steel Skin draws one card for each token actually added to the Ashak, wherever it
    came from; a token the full board cannot take is not gained and draws nothing. `how` and
    `source` word the log line ("takes 1 anticipation token from Player 2's drone")."""
    k = max(0, min(n, token_room(b)))
    ashak = isinstance(b, AshakBody)
    if k == 0 or (isinstance(b, AshakBody) and not b.alive):
        return []
    b.tokens += k
    origin = f" from {source}" if source else ""
    ev = [Event(f"{body_name(s, b)} {how} {count(k, 'anticipation token')}{origin}.")]
    if ashak and has_skill(s, b.seat, "steelskin"):
        ev += draw(s, b.seat, k)
    return ev


def remove_token(b: Body) -> bool:
    """Remove one token from a body's board, an inactive one first."""
    if b.tokens:
        b.tokens -= 1
        return True
    if isinstance(b, AshakBody) and b.active_tokens:
        b.active_tokens -= 1
        return True
    return False


def take_tokens(s: RivalsState, thief: int, b: Body, n: int, steal: bool) -> list[Event]:
    """Up to `n` tokens leave body `b` (an effect of `thief`'s card), one at a time; a theft
    (`steal`) puts each on the thief's Ashak. From the thief's own drone the tokens simply come
    home: those its Ashak could not hold stay on the drone."""
    if steal and isinstance(b, DroneBody) and b.seat == thief:
        n = min(n, token_room(s.ashaks[thief]))
    ev: list[Event] = []
    for _ in range(n):
        if not remove_token(b):
            break
        ev.append(Event(f"{body_name(s, b)} loses an anticipation token."))
        if steal:
            ev += gain_tokens(s, s.ashaks[thief], 1)
    return ev


def activate(s: RivalsState, seat: int) -> list[Event]:
    s.ashaks[seat].tokens -= 1
    s.ashaks[seat].active_tokens += 1
    return [Event(f"{who(s, seat)} activates an anticipation token.", seat=seat)]


def heal(s: RivalsState, seat: int, n: int) -> list[Event]:
    k = min(n, START_HP - s.ashaks[seat].hp)
    if k <= 0 or not s.ashaks[seat].alive:
        return []
    s.ashaks[seat].hp += k
    return [Event(f"{who(s, seat)} heals {k} HP ({s.ashaks[seat].hp}).")]


def charge(s: RivalsState, seat: int, n: int) -> None:
    """Fill `seat`'s ultimate gauge by `n`; a full gauge does not overflow."""
    if seat < 0 or not s.ashaks[seat].alive or s.ashaks[seat].kind < 0:
        return
    s.ashaks[seat].ult = min(ASHAKS[s.ashaks[seat].kind].gauge, s.ashaks[seat].ult + n)


def ult_bonus(hp_before: int, wounds: int) -> int:
    """The bonus band: hitting an Ashak that still had 15 HP or more doubles the charge."""
    return wounds if hp_before >= 15 else 0


def wound(s: RivalsState, victim: int, n: int, by: int, why: str, hp_then: int = -1) -> list[Event]:
    """`n` wounds (from damage not defended, or direct wounds): HP lost, attacker charged with
    the bonus. `hp_then`: the victim's HP before the attack these wounds belong to (every salvo
    of a card reads the same); -1 for wounds that are an attack of their own."""
    if n <= 0 or not s.ashaks[victim].alive:
        return []
    before = s.ashaks[victim].hp
    s.ashaks[victim].hp = max(0, before - n)
    lost = before - s.ashaks[victim].hp
    if by >= 0 and by != victim:
        charge(s, by, lost + ult_bonus(before if hp_then < 0 else hp_then, lost))
    ev = [Event(f"{who(s, victim)} takes {count(lost, 'wound')} from {why} ({s.ashaks[victim].hp} HP).")]
    if s.ashaks[victim].hp == 0:
        ev += eliminate(s, victim, by)
    return ev


def lose_hp(s: RivalsState, victim: int, n: int, by: int, why: str) -> list[Event]:
    """Plain HP loss (lakes, poison, falls, some cards): no defence, no bonus for the cause."""
    if n <= 0 or not s.ashaks[victim].alive:
        return []
    before = s.ashaks[victim].hp
    s.ashaks[victim].hp = max(0, before - n)
    lost = before - s.ashaks[victim].hp
    if by >= 0 and by != victim:
        charge(s, by, lost)
    ev = [Event(f"{who(s, victim)} loses {lost} HP to {why} ({s.ashaks[victim].hp} HP).")]
    if s.ashaks[victim].hp == 0:
        ev += eliminate(s, victim, by)
    return ev


def eliminate(s: RivalsState, victim: int, by: int, check: bool = True) -> list[Event]:
    """Take `victim` out. A killer (not a fall) scores 2 RP and then installs one of the
    victim's cards (queued as a decision); everything else the victim owned is uninstalled."""
    s.ashaks[victim].alive = False
    s.ashaks[victim].died = s.stamp
    s.ashaks[victim].pos = -1
    for h, o in enumerate(s.shield):
        if o == victim:
            s.shield[h] = -1
    s.ashaks[victim].poison = []
    s.ashaks[victim].tokens = s.ashaks[victim].active_tokens = 0
    ev = [Event(f"{who(s, victim)} is eliminated.", kind="elimination")]
    held = s.deck[victim] + s.hand[victim]
    if held:  # its cards are laid open for the killer's pick (and stay open: views show them)
        names = ", ".join(sorted(name(c) for c in held))
        ev.append(Event(f"{who(s, victim)} held: {names}.", reveal=True))
    # Flashers in the victim's slot go back to Renko; its own cards wait for the killer's pick.
    for c in s.temps[victim]:
        if c in FLASHER_SET:
            _return_flasher(s, c)
        else:
            s.discard[victim].append(c)
    s.temps[victim], s.temp_until[victim] = [], []
    if by >= 0 and by != victim and s.ashaks[by].alive:
        s.ashaks[by].rp += 2
        ev.append(Event(f"{who(s, by)} scores 2 Rival Points ({s.ashaks[by].rp})."))
        s.tasks.insert(0, Task("loot", by, victim))
    else:
        s.tasks.insert(0, Task("loot", -1, victim))
    if check:
        check_end(s)
    return ev


def _return_flasher(s: RivalsState, c: int) -> None:
    renko = next((o for o in range(s.seats) if s.ashaks[o].kind == RENKO), -1)
    if renko >= 0 and s.ashaks[renko].alive:
        s.extra.append(c)
    else:
        s.box.append(c)


def return_flasher(s: RivalsState, c: int) -> None:
    _return_flasher(s, c)


def lootable(s: RivalsState, victim: int) -> list[int]:
    """The victim's cards a killer may install: its deck, hand, discard and skills, but not its
    guild, its Ashak cards or Flashers."""
    banned = set(SIGNATURE_IDS[s.ashaks[victim].kind]) | {ATLANS_ID} | set(GUILD_IDS) | FLASHER_SET
    pool = s.deck[victim] + s.hand[victim] + s.discard[victim] + s.skills[victim]
    return sorted(c for c in pool if c not in banned)


def clear_victim(s: RivalsState, victim: int) -> list[Event]:
    """Uninstall everything the victim still owns; its hidden cards are shown as they go."""
    ev: list[Event] = []
    if s.deck[victim] or s.hand[victim] or s.discard[victim] or s.skills[victim]:
        ev.append(Event(f"The cards of {who(s, victim)} are uninstalled."))
    for pile in (s.deck, s.hand, s.discard, s.skills):
        s.box.extend(pile[victim])
        pile[victim] = []
    s.exhausted[victim] = []
    if s.guild[victim] >= 0:
        s.box.append(s.guild[victim])
        s.guild[victim] = -1
    if s.ashaks[victim].kind == RENKO:
        s.box.extend(s.extra)
        s.extra = []
    return ev


def seat_skill(s: RivalsState, seat: int, card: int) -> list[Event]:
    s.in_play.remove(card)
    s.skills[seat].append(card)
    c = CARD[card]
    if c.once:
        s.exhausted[seat].append(card)
    if c.key == "premium":
        s.tasks.insert(0, Task("resource", seat, n=4))
        s.phase = "idle"
    return []


def check_end(s: RivalsState) -> bool:
    """The instant victory: 5 RP, or the last Ashak standing (or, when the last ones fall
    together, all of them)."""
    if s.winners:
        return True
    for o in range(s.seats):
        if s.ashaks[o].rp >= RP_TO_WIN and s.ashaks[o].alive:
            s.winners = [o]
            s.reason = f"{who(s, o)} reaches {RP_TO_WIN} Rival Points."
            break
    else:
        living = alive_seats(s)
        if len(living) == 1 and s.round > 0:
            s.winners = living
            s.reason = f"{who(s, living[0])} is the last Ashak standing."
        elif not living:
            last = max(a.died for a in s.ashaks)
            s.winners = [o for o in range(s.seats) if s.ashaks[o].died == last]
            s.reason = "The last Ashaks fall together."
    if s.winners:
        s.phase = "over"
        s.actor = -1
        s.tasks = []
        return True
    return False

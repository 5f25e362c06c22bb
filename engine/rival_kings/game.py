"""The Rival Kings rules engine (`RivalKings`, exposed as `GAME` by the package).

A cycle runs: secret character choice (all seats at once) -> reveal (and, with two players, the
face-down pile's top card) -> Gardener window -> Watchman window -> conflicts (markers handed out,
thefts announced) -> turns from rank A to F. A turn is a chain of small decisions: the thefts (which
action to cover on each victim, then carrying it out), then the own card's actions in printed order
(each may be skipped), with the active subject's ability available at any decision of the turn.
Interpretations are recorded in RULES_NOTES.md.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from engine.core import Event, Game, GameBase, IllegalAction, Outcome, Prompt, Rng, ScoreLine, seat_label
from engine.rival_kings.actions import (
    ACTION_TYPES,
    Buy,
    ChooseAction,
    ChooseCharacter,
    Decline,
    EndTurn,
    Gardener,
    GiveMarker,
    PassConflict,
    Recruit,
    RKAction,
    Settle,
    Skip,
    Steal,
    SwapBuilding,
    SwapDisplay,
    SwapSubject,
    TakeMoney,
    UseAbility,
    Watchman,
)
from engine.rival_kings.data import (
    ACTION_NAMES,
    BISHOP,
    BLACKSMITH,
    BUILDING,
    BUILDING_IDS,
    BUY,
    CARDS,
    CHARACTERS,
    COURT_LADY,
    CYCLES_PER_ROUND,
    GARDENER,
    GREEN,
    HAND_SIZE,
    HERBALIST,
    INNKEEPER,
    JAILER,
    MERCHANT,
    MILLER,
    MINER,
    MONEY,
    PASS,
    PILE_KIND,
    PILE_NAMES,
    PILE_SIZE,
    RANKS,
    RECRUIT,
    SAILOR,
    SCHOLAR,
    SETTLE,
    SHEPHERD,
    STALL_CYCLES,
    START_MARKERS,
    SUBJECT,
    SUBJECT_IDS,
    TOTAL_MARKERS,
    TROUBADOUR,
    VINTNER,
    WATCHMAN,
)
from engine.rival_kings.scoring import Breakdown, score
from engine.rival_kings.state import Crest, RKOptions, RKState

RANK_INDEX = {r: i for i, r in enumerate(RANKS)}
CHAR_RANK = tuple(RANK_INDEX[c.rank] for c in CHARACTERS)
# Abilities used without a further choice (or that open an extra action) through UseAbility.
_PLAIN_ABILITIES = (JAILER, SCHOLAR, SHEPHERD, MINER, VINTNER, INNKEEPER, MERCHANT, SAILOR)
TIE_RULE = "Tied totals: fewer Conflict markers wins; then more coins; players still level share the win."


def player(seat: int) -> str:
    # The app swaps in the seat's name (engine.core.name_seats).
    return seat_label(seat)


def _coins(n: int) -> str:
    return f"{n} coin{'s' if n != 1 else ''}"


def _purse(s: RKState, seat: int) -> int:
    return s.purse_ones[seat] + 2 * s.purse_twos[seat]


def _active(s: RKState, seat: int) -> str:
    row = s.subjects[seat]
    return CARDS[row[-1]].ability if row and row[-1] >= 0 else ""


def _rank(s: RKState, seat: int) -> int:
    c = s.played[seat]
    return CHAR_RANK[c] if c is not None and c >= 0 else 99


def _char_label(cid: int) -> str:
    return CHARACTERS[cid].label


def _covered(s: RKState, seat: int) -> list[str]:
    return [c.action for c in s.crests if c.target == seat]


def _uncovered(s: RKState, seat: int) -> list[str]:
    c = s.played[seat]
    if c is None or c < 0:
        return []
    cov = _covered(s, seat)
    return [a for a in CHARACTERS[c].actions if a not in cov]


def purse_value(s: RKState, seat: int) -> int:
    """Coins in seat's purse (negative in a view where that purse is hidden)."""
    return _purse(s, seat) if s.purse_ones[seat] >= 0 else -1


def active_subject(s: RKState, seat: int) -> int | None:
    """The card id of seat's active subject (the last one in the row), or None."""
    return s.subjects[seat][-1] if s.subjects[seat] else None


def covered_actions(s: RKState, seat: int) -> list[str]:
    """Actions on seat's character covered by a rival's crest this cycle."""
    return _covered(s, seat)


def pending(s: RKState) -> tuple[str, str] | None:
    """The action the seat on turn is carrying out: (source, kind), source being own / stolen /
    ability / sailor; None when no action is pending."""
    if not s.stack:
        return None
    src, kind = s.stack[-1].split(":")
    return src, kind


class RivalKings(GameBase[RKState, RKAction, RKOptions]):
    id = "rival_kings"
    title = "Rival Kings"
    players = range(2, 5)
    Options = RKOptions
    action_types = ACTION_TYPES
    state_type = RKState
    supports_series = True

    # ------------------------------------------------------------------ set-up
    def setup(self, options: Any, seats: int, seed: int) -> RKState:
        if seats not in self.players:
            raise ValueError("Rival Kings is for 2 to 4 players")
        rng = Rng.from_seed(seed)
        b = list(BUILDING_IDS)
        sub = list(SUBJECT_IDS)
        rng.shuffle(b)
        rng.shuffle(sub)
        piles = [b[:PILE_SIZE], b[PILE_SIZE : 2 * PILE_SIZE], sub[:PILE_SIZE], sub[PILE_SIZE : 2 * PILE_SIZE]]
        left = b[2 * PILE_SIZE :] + sub[2 * PILE_SIZE :]
        ones = sum(1 for c in left if CARDS[c].back == 1)
        twos = len(left) - ones
        s = RKState(
            seats=seats,
            rng=rng,
            phase="choose",
            round=1,
            cycle=1,
            piles=piles,
            pile_ones=[0] * 4,
            pile_twos=[1] * 4,
            supply_ones=ones - 3 * seats,
            supply_twos=twos - 4 - seats,
            purse_ones=[3] * seats,
            purse_twos=[1] * seats,
            total_ones=ones,
            total_twos=twos,
            buildings=[[] for _ in range(seats)],
            subjects=[[] for _ in range(seats)],
            markers=[START_MARKERS] * seats,
            marker_supply=TOTAL_MARKERS - START_MARKERS * seats,
            hands=[[] for _ in range(seats)],
            played=[None] * seats,
            spent=[[] for _ in range(seats)],
            aside=[],
            pile_shown=[],
            pile_card=None,
            tie=[False] * seats,
            crests=[],
            ability_used=[False] * seats,
            watch=[False] * seats,
            window=[],
            to_go=[],
            turn=-1,
            steal_from=[],
            stack=[],
            cursor=0,
            single_kind="",
        )
        self._deal(s)
        return s

    def _deal(self, s: RKState) -> None:
        chars = list(range(len(CHARACTERS)))
        s.rng.shuffle(chars)
        for i in range(s.seats):
            s.hands[i] = sorted(chars[i * HAND_SIZE : (i + 1) * HAND_SIZE])
        # Three players: the rest lie aside unseen. Two players: the rest form the face-down pile.
        s.aside = chars[s.seats * HAND_SIZE :]
        s.pile_shown = []
        s.spent = [[] for _ in range(s.seats)]

    # ------------------------------------------------------------------ queries
    def to_act(self, s: RKState) -> tuple[int, ...]:
        if s.over:
            return ()
        if s.phase == "choose":
            return tuple(i for i, c in enumerate(s.played) if c is None)
        if s.phase in ("gardener", "watchman"):
            return (s.window[0],)
        if s.phase == "turn" and s.turn >= 0:
            return (s.turn,)
        return ()

    def progress(self, s: RKState) -> str:
        if s.over:
            return f"finished after round {s.round}"
        return f"round {s.round}, cycle {s.cycle}"

    def prompt(self, s: RKState, seat: int) -> Prompt:
        if s.over:
            return Prompt("The game is over.", "scoring")
        if seat not in self.to_act(s):
            if s.phase == "choose":
                return Prompt("Waiting for the others to choose their characters.", "choosing-a-character")
            return Prompt("Waiting for another player.", "course-of-a-cycle")
        if s.phase == "choose":
            return Prompt("Choose a character to play (secretly).", "choosing-a-character", secret=True)
        if s.phase == "gardener":
            return Prompt("Gardener: trade characters with another player?", "gardener-and-watchman")
        if s.phase == "watchman":
            return Prompt(
                "Watchman: make higher ranks take the Conflict marker this cycle?", "gardener-and-watchman"
            )
        if s.stack:
            src, kind = s.stack[-1].split(":")
            how = {"stolen": " (stolen)", "ability": " (subject ability)", "sailor": " (Sailor: again)"}
            section = {
                SETTLE: "conflict-markers",
                PASS: "conflict-markers",
                MONEY: "taking-money",
                RECRUIT: "recruiting-and-buying",
                BUY: "recruiting-and-buying",
            }[kind]
            if kind in (RECRUIT, BUY) and not any(isinstance(a, (Recruit, Buy)) for a in self.legal(s, seat)):
                # Say it outright, so nobody hunts for a card they cannot pay for.
                return Prompt(
                    f"{ACTION_NAMES[kind]}{how.get(src, '')}: you cannot afford any card here; skip it.",
                    section,
                )
            return Prompt(f"{ACTION_NAMES[kind]}{how.get(src, '')}: choose, or skip.", section)
        if s.steal_from:
            names = ", ".join(player(t) for t in s.steal_from)
            return Prompt(f"Choose an action to take from {names}.", "conflicts-and-stealing")
        if s.tie[seat] and not s.single_kind:
            return Prompt("Equal ranks: choose the one action you will carry out.", "equal-ranks")
        return Prompt("Use your subject's ability, or end your turn.", "subject-abilities")

    # ------------------------------------------------------------------ legal moves
    def legal(self, s: RKState, seat: int) -> list[Any]:
        if seat not in self.to_act(s):
            return []
        if s.phase == "choose":
            return [ChooseCharacter(c) for c in s.hands[seat]]
        if s.phase == "gardener":
            out: list[Any] = [Gardener(t) for t in range(s.seats) if t != seat]
            out.append(Decline())
            return out
        if s.phase == "watchman":
            return [Watchman(), Decline()]
        out = []
        if s.stack:
            kind = s.stack[-1].split(":")[1]
            out.extend(self._kind_options(s, seat, kind))
            out.append(Skip())
        elif s.steal_from:
            for t in s.steal_from:
                out.extend(Steal(t, a) for a in _uncovered(s, t))
        elif s.tie[seat] and not s.single_kind:
            out.extend(ChooseAction(a) for a in _uncovered(s, seat))
            out.append(EndTurn())
        else:
            out.append(EndTurn())
        out.extend(self._ability_options(s, seat))
        return out

    def _price(self, s: RKState, pile: int, discount: bool) -> int:
        return max(0, CARDS[s.piles[pile][-1]].value - (1 if discount else 0))

    def _kind_options(self, s: RKState, seat: int, kind: str) -> list[Any]:
        if kind == SETTLE:
            return [Settle()] if s.markers[seat] > 0 else []
        if kind == PASS:
            return [PassConflict(t) for t in range(s.seats) if t != seat] if s.markers[seat] > 0 else []
        if kind == MONEY:
            return [TakeMoney(p) for p in range(4)]
        cls: Any = Recruit if kind == RECRUIT else Buy
        piles = (2, 3) if kind == RECRUIT else (0, 1)
        helper = MILLER if kind == RECRUIT else BLACKSMITH
        can_discount = not s.ability_used[seat] and _active(s, seat) == helper
        purse = _purse(s, seat)
        out: list[Any] = []
        for p in piles:
            if not s.piles[p]:
                continue
            if self._price(s, p, False) <= purse:
                out.append(cls(p))
            if can_discount and self._price(s, p, True) <= purse:
                out.append(cls(p, True))
        return out

    def _supply_value(self, s: RKState) -> int:
        return s.supply_ones + 2 * s.supply_twos

    def _ability_options(self, s: RKState, seat: int) -> list[Any]:
        if s.phase != "turn" or s.ability_used[seat] or seat != s.turn:
            return []
        ab = _active(s, seat)
        if not ab:
            return []
        supply = self._supply_value(s) > 0
        if ab == JAILER:
            return [UseAbility()] if s.markers[seat] > 0 and supply else []
        if ab == SCHOLAR:
            return [UseAbility()] if s.buildings[seat] and supply else []
        if ab == SHEPHERD:
            return [UseAbility()] if supply and self._greens(s, seat) else []
        if ab == MINER:
            return [UseAbility()] if supply else []
        if ab == VINTNER:
            return [UseAbility()] if s.markers[seat] > 0 else []
        if ab == INNKEEPER:
            return [UseAbility()]
        if ab == MERCHANT:
            return [UseAbility()] if self._kind_options(s, seat, BUY) else []
        if ab == SAILOR:
            done = s.tie[seat] and s.single_kind and not s.stack
            return [UseAbility()] if done else []
        if ab == HERBALIST:
            return [GiveMarker(t) for t in range(s.seats) if t != seat] if s.marker_supply > 0 else []
        if ab == COURT_LADY:
            return [SwapBuilding(m, o, t) for m, o, t in self._swaps(s, seat, BUILDING)]
        if ab == BISHOP:
            return [SwapSubject(m, o, t) for m, o, t in self._swaps(s, seat, SUBJECT)]
        if ab == TROUBADOUR:
            out: list[Any] = []
            mine = self._distinct(s.buildings[seat] + s.subjects[seat])
            for m in mine:
                for p in range(4):
                    if s.piles[p] and s.piles[p][-1] >= 0 and CARDS[s.piles[p][-1]].name != CARDS[m].name:
                        out.append(SwapDisplay(m, p))
            return out
        # Gardener and Watchman act only at the start of the cycle; Blacksmith and Miller via Buy/Recruit.
        return []

    @staticmethod
    def _greens(s: RKState, seat: int) -> int:
        return sum(1 for c in s.buildings[seat] + s.subjects[seat] if CARDS[c].colour == GREEN)

    @staticmethod
    def _distinct(cards: Sequence[int]) -> list[int]:
        """One card per name (copies are interchangeable once collected); the latest copy."""
        seen: dict[str, int] = {}
        for c in cards:
            seen[CARDS[c].name] = c
        return sorted(seen.values())

    @staticmethod
    def _free(s: RKState, seat: int, kind: str) -> list[int]:
        """Cards of `kind` that seat may give or lose in an exchange: not part of a perfect pair."""
        row = s.buildings[seat] if kind == BUILDING else s.subjects[seat]
        other = s.subjects[seat] if kind == BUILDING else s.buildings[seat]
        out = []
        for c in row:
            sym = CARDS[c].symbol
            mine = sum(1 for x in row if CARDS[x].symbol == sym)
            partners = sum(1 for x in other if CARDS[x].symbol == sym)
            if mine > partners:
                out.append(c)
        return RivalKings._distinct(out)

    def _swaps(self, s: RKState, seat: int, kind: str) -> list[tuple[int, int, int]]:
        mine = self._free(s, seat, kind)
        out = []
        for m in mine:
            for o in range(s.seats):
                if o == seat:
                    continue
                for t in self._free(s, o, kind):
                    if CARDS[t].name != CARDS[m].name:
                        out.append((m, o, t))
        return out

    def choices(self, s: RKState, seat: int) -> list[tuple[Any, str | None]]:
        out: list[tuple[Any, str | None]] = [(a, None) for a in self.legal(s, seat)]
        if seat not in self.to_act(s) or s.phase != "turn":
            return out
        if s.stack:
            kind = s.stack[-1].split(":")[1]
            if kind in (RECRUIT, BUY):
                cls: Any = Recruit if kind == RECRUIT else Buy
                legal = {a for a, _ in out}
                for p in (2, 3) if kind == RECRUIT else (0, 1):
                    if cls(p) in legal:
                        continue
                    out.append((cls(p), self._reason(s, seat, cls(p))))
            elif kind in (SETTLE, PASS) and s.markers[seat] == 0:
                out.insert(
                    0,
                    (
                        Settle() if kind == SETTLE else PassConflict((seat + 1) % s.seats),
                        "You have no Conflict marker.",
                    ),
                )
        elif s.tie[seat] and not s.single_kind and not s.steal_from:
            c = s.played[seat]
            if c is not None and c >= 0:
                for a in CHARACTERS[c].actions:
                    if a in _covered(s, seat):
                        out.append((ChooseAction(a), self._reason(s, seat, ChooseAction(a))))
        return out

    def why_illegal(self, s: RKState, seat: int, a: Any) -> str | None:
        if seat not in self.to_act(s):
            return "It is not your turn to decide."
        if a in self.legal(s, seat):
            return None
        return self._reason(s, seat, a)

    def _reason(self, s: RKState, seat: int, a: Any) -> str:
        if isinstance(a, ChooseCharacter):
            if s.phase != "choose":
                return "Characters are chosen at the start of a cycle."
            return "That character is not in your hand."
        if isinstance(a, (Gardener, Watchman, Decline)):
            return "The Gardener and the Watchman act only right after the characters are revealed."
        if s.phase != "turn":
            return "Everyone must first choose a character."
        kind = s.stack[-1].split(":")[1] if s.stack else ""
        if isinstance(a, Steal):
            if a.target not in s.steal_from:
                return "You cannot take an action from that player now."
            return "That action is already covered by a crest."
        if isinstance(a, ChooseAction):
            if not s.tie[seat]:
                return "Only a character in an equal-rank conflict picks a single action."
            if a.action in _covered(s, seat):
                owner = next(c.owner for c in s.crests if c.target == seat and c.action == a.action)
                return f"{player(owner)}'s crest covers that action."
            return "You cannot choose that action now."
        if isinstance(a, (Recruit, Buy)):
            want = RECRUIT if isinstance(a, Recruit) else BUY
            if kind != want:
                return f"You are not carrying out a {ACTION_NAMES[want]} action now."
            if not 0 <= a.pile < 4 or PILE_KIND[a.pile] != (SUBJECT if want == RECRUIT else BUILDING):
                return "That pile holds the other kind of card."
            if not s.piles[a.pile]:
                return "The pile is empty."
            if a.discount:
                helper = "Miller" if want == RECRUIT else "Blacksmith"
                if s.ability_used[seat]:
                    return "You have already used a subject ability this cycle."
                if _active(s, seat) != (MILLER if want == RECRUIT else BLACKSMITH):
                    return f"Your active subject is not a {helper}."
            price = self._price(s, a.pile, a.discount)
            return f"You need {_coins(price)}; you have {_purse(s, seat)}."
        if isinstance(a, TakeMoney):
            return "You are not carrying out a Take money action now." if kind != MONEY else "No such pile."
        if isinstance(a, (Settle, PassConflict)):
            if s.markers[seat] == 0:
                return "You have no Conflict marker."
            if isinstance(a, PassConflict) and a.to == seat:
                return "Pass the marker to a rival, not to yourself."
            return "That action is not pending now."
        if isinstance(a, Skip):
            return "There is no pending action to skip."
        if isinstance(a, EndTurn):
            return "Finish or skip the pending choice first."
        if isinstance(a, (UseAbility, GiveMarker, SwapBuilding, SwapSubject, SwapDisplay)):
            if s.ability_used[seat]:
                return "You have already used a subject ability this cycle."
            if not s.subjects[seat]:
                return "You have no subject yet."
            ab = _active(s, seat)
            if ab in (GARDENER, WATCHMAN):
                return "The Gardener and the Watchman act only right after the characters are revealed."
            if ab == SAILOR:
                return (
                    "The Sailor repeats your one action in an equal-rank conflict, after you carried it out."
                )
            if isinstance(a, (SwapBuilding, SwapSubject)):
                return "That exchange is not allowed: a card of a perfect pair, or not your active subject's."
            return "Your active subject cannot do that now."
        return "That move is not allowed now."

    # ------------------------------------------------------------------ apply
    def apply(self, s: RKState, seat: int, a: Any) -> list[Event]:
        if seat not in self.to_act(s):
            raise IllegalAction("It is not your turn to decide.")
        if a not in self.legal(s, seat):
            raise IllegalAction(self._reason(s, seat, a))
        ev: list[Event] = []
        if isinstance(a, ChooseCharacter):
            self._choose(s, seat, a.card, ev)
        elif isinstance(a, Gardener):
            t = a.target
            mine, theirs = s.played[seat], s.played[t]
            assert mine is not None and theirs is not None
            s.played[seat], s.played[t] = theirs, mine
            s.ability_used[seat] = True
            ev.append(
                Event(
                    f"{player(seat)}'s Gardener trades characters with {player(t)}: "
                    f"{player(seat)} now has the {_char_label(theirs)}, {player(t)} the "
                    f"{_char_label(mine)}.",
                    seat,
                    kind="ability",
                )
            )
            self._next_window(s, ev)
        elif isinstance(a, Watchman):
            s.watch[seat] = True
            s.ability_used[seat] = True
            ev.append(
                Event(
                    f"{player(seat)}'s Watchman stands guard: a higher rank in conflict with "
                    f"{player(seat)} takes the Conflict marker this cycle.",
                    seat,
                    kind="ability",
                )
            )
            self._next_window(s, ev)
        elif isinstance(a, Decline):
            what = "Gardener" if s.phase == "gardener" else "Watchman"
            ev.append(Event(f"{player(seat)} does not use the {what}.", seat))
            self._next_window(s, ev)
        else:
            self._turn_action(s, seat, a, ev)
            self._advance(s, ev)
        return ev

    def _choose(self, s: RKState, seat: int, card: int, ev: list[Event]) -> None:
        s.hands[seat].remove(card)
        s.played[seat] = card
        ev.append(Event(f"You lay the {_char_label(card)} face down.", seat, to=(seat,)))
        ev.append(Event(f"{player(seat)} has chosen a character.", seat))
        if any(c is None for c in s.played):
            return
        shown = ", ".join(f"{player(i)}: {_char_label(c)}" for i, c in enumerate(s.played) if c is not None)
        ev.append(Event(f"Characters revealed — {shown}.", reveal=True, kind="reveal"))
        if s.seats == 2 and s.aside:
            top = s.aside.pop()
            s.pile_card = top
            s.pile_shown.append(top)
            ev.append(
                Event(
                    f"The face-down pile turns up the {_char_label(top)}; it only hands out "
                    "Conflict markers.",
                    reveal=True,
                    kind="reveal",
                )
            )
        s.window = sorted(
            (i for i in range(s.seats) if _active(s, i) == GARDENER and not s.ability_used[i]),
            key=lambda i: (_rank(s, i), i),
        )
        s.phase = "gardener"
        if not s.window:
            self._open_watchman(s, ev)

    def _next_window(self, s: RKState, ev: list[Event]) -> None:
        s.window.pop(0)
        if s.window:
            return
        if s.phase == "gardener":
            self._open_watchman(s, ev)
        else:
            self._resolve_conflicts(s, ev)

    def _open_watchman(self, s: RKState, ev: list[Event]) -> None:
        ties, steals, pile_hits = self._conflicts(s)
        threatened = {t for _, t in steals} | {i for i, higher in pile_hits if higher}
        s.window = [
            i
            for i in range(s.seats)
            if i in threatened and _active(s, i) == WATCHMAN and not s.ability_used[i]
        ]
        s.phase = "watchman"
        if not s.window:
            self._resolve_conflicts(s, ev)

    def _conflicts(self, s: RKState) -> tuple[list[bool], list[tuple[int, int]], list[tuple[int, bool]]]:
        """Equal-rank flags, (thief, victim) pairs from highest thief, and 2-player pile hits
        (seat, True when the pile card outranks it / False when equal)."""
        n = s.seats
        ranks = [_rank(s, i) for i in range(n)]
        ties = [any(ranks[j] == ranks[i] for j in range(n) if j != i) for i in range(n)]
        steals: list[tuple[int, int]] = []
        for i in sorted(range(n), key=lambda i: (ranks[i], i)):
            c = s.played[i]
            assert c is not None
            target_rank = CHARACTERS[c].steals
            if ties[i] or not target_rank:
                continue
            steals.extend((i, j) for j in range(n) if j != i and ranks[j] == RANK_INDEX[target_rank])
        hits: list[tuple[int, bool]] = []
        if s.pile_card is not None:
            pc = CHARACTERS[s.pile_card]
            for j in range(n):
                if ranks[j] == CHAR_RANK[pc.id]:
                    hits.append((j, False))
                elif pc.steals and ranks[j] == RANK_INDEX[pc.steals]:
                    hits.append((j, True))
        return ties, steals, hits

    def _give_marker(self, s: RKState, seat: int, ev: list[Event], why: str) -> None:
        if s.marker_supply <= 0:
            ev.append(
                Event(
                    f"{player(seat)} would take a Conflict marker ({why}), but the supply is empty.",
                    seat,
                    kind="marker",
                )
            )
            return
        s.marker_supply -= 1
        s.markers[seat] += 1
        ev.append(Event(f"{player(seat)} takes a Conflict marker: {why}.", seat, kind="marker"))

    def _resolve_conflicts(self, s: RKState, ev: list[Event]) -> None:
        ties, steals, hits = self._conflicts(s)
        s.tie = ties
        done: set[int] = set()
        for i in sorted(range(s.seats), key=lambda i: (_rank(s, i), i)):
            if not ties[i] or i in done:
                continue
            group = [j for j in range(s.seats) if _rank(s, j) == _rank(s, i)]
            done.update(group)
            names = " and ".join(f"{player(j)}'s {_char_label(s.played[j] or 0)}" for j in group)
            ev.append(
                Event(
                    f"{names} are in conflict: equal rank. Each may carry out only one action "
                    "and none of them may steal.",
                    kind="conflict",
                )
            )
            for j in group:
                self._give_marker(s, j, ev, "equal rank")
        for thief, victim in steals:
            tc, vc = s.played[thief], s.played[victim]
            assert tc is not None and vc is not None
            ev.append(
                Event(
                    f"{player(thief)}'s {_char_label(tc)} will take an action from {player(victim)}'s "
                    f"{_char_label(vc)}: higher rank over lower.",
                    thief,
                    kind="conflict",
                )
            )
            if s.watch[victim]:
                self._give_marker(s, thief, ev, f"{player(victim)}'s Watchman fends off the marker")
            else:
                self._give_marker(s, victim, ev, f"lower rank in conflict with the {_char_label(tc)}")
        for j, higher in hits:
            pc = s.pile_card
            assert pc is not None
            if higher and s.watch[j]:
                ev.append(
                    Event(
                        f"The pile's {_char_label(pc)} outranks {player(j)}'s character, but the "
                        "Watchman fends off the marker (it stays in the supply).",
                        j,
                        kind="conflict",
                    )
                )
            elif higher:
                self._give_marker(s, j, ev, f"the pile's {_char_label(pc)} outranks it")
            else:
                self._give_marker(s, j, ev, f"same rank as the pile's {_char_label(pc)}")
        if not ties.count(True) and not steals and not hits:
            ev.append(Event("No conflicts this cycle.", kind="conflict"))
        s.phase = "turn"
        s.to_go = list(range(s.seats))
        s.turn = -1
        self._advance(s, ev)

    # ------------------------------------------------------------------ turns
    def _next_seat(self, s: RKState, ev: list[Event]) -> int:
        best = min(_rank(s, i) for i in s.to_go)
        group = [i for i in s.to_go if _rank(s, i) == best]
        if len(group) == 1:
            return group[0]

        def key(i: int) -> tuple[int, int, int]:
            c = s.played[i]
            return (s.markers[i], 0 if c is not None and CHARACTERS[c].figure else 1, i)

        group.sort(key=key)
        first, second = group[0], group[1]
        if s.markers[first] < s.markers[second]:
            why = f"fewer Conflict markers ({s.markers[first]} against {s.markers[second]})"
        else:
            why = "equal markers; the card with the figure symbol goes first"
        ev.append(
            Event(f"Equal ranks: {player(first)} goes before {player(second)} — {why}.", first, kind="order")
        )
        return first

    def _start_turn(self, s: RKState, seat: int, ev: list[Event]) -> None:
        s.turn = seat
        s.cursor = 0
        s.single_kind = ""
        s.stack = []
        c = s.played[seat]
        assert c is not None
        ch = CHARACTERS[c]
        if not s.tie[seat] and ch.steals:
            target = RANK_INDEX[ch.steals]
            s.steal_from = [j for j in range(s.seats) if j != seat and _rank(s, j) == target]
        else:
            s.steal_from = []
        ev.append(Event(f"{player(seat)}'s turn with the {ch.label}.", seat, kind="turn"))

    def _end_turn(self, s: RKState, ev: list[Event]) -> None:
        s.turn = -1
        s.stack = []
        s.steal_from = []
        s.single_kind = ""

    def _possible(self, s: RKState, seat: int, kind: str) -> bool:
        """Whether the pending action needs a decision. Recruit/Buy wait for one whenever a card is
        on display, even if the player cannot afford it: skipping then looks like a free choice,
        so the others learn nothing about the private purse."""
        if kind == MONEY:
            return True
        if kind == RECRUIT:
            return bool(s.piles[2] or s.piles[3])
        if kind == BUY:
            return bool(s.piles[0] or s.piles[1])
        return s.markers[seat] > 0

    def _advance(self, s: RKState, ev: list[Event]) -> None:
        while s.phase == "turn" and not s.over:
            if s.turn < 0:
                if not s.to_go:
                    self._end_cycle(s, ev)
                    return
                seat = self._next_seat(s, ev)
                s.to_go.remove(seat)
                self._start_turn(s, seat, ev)
                continue
            seat = s.turn
            if s.stack:
                kind = s.stack[-1].split(":")[1]
                if self._possible(s, seat, kind) or self._ability_options(s, seat):
                    return
                s.stack.pop()
                ev.append(
                    Event(
                        f"{player(seat)} cannot carry out {ACTION_NAMES[kind]} "
                        f"({self._why_not(s, seat, kind)}) and skips it.",
                        seat,
                        kind="skip",
                    )
                )
                continue
            if s.steal_from:
                return
            if s.tie[seat]:
                if not s.single_kind:
                    return
            else:
                c = s.played[seat]
                assert c is not None
                acts = CHARACTERS[c].actions
                cov = _covered(s, seat)
                while s.cursor < len(acts) and acts[s.cursor] in cov:
                    ev.append(
                        Event(
                            f"{player(seat)}'s {ACTION_NAMES[acts[s.cursor]]} is covered by a crest.",
                            seat,
                            kind="skip",
                        )
                    )
                    s.cursor += 1
                if s.cursor < len(acts):
                    s.stack.append("own:" + acts[s.cursor])
                    s.cursor += 1
                    continue
            if self._ability_options(s, seat):
                return
            self._end_turn(s, ev)

    def _why_not(self, s: RKState, seat: int, kind: str) -> str:
        if kind in (SETTLE, PASS):
            return "no Conflict marker"
        return "both piles are empty"

    def _turn_action(self, s: RKState, seat: int, a: Any, ev: list[Event]) -> None:
        if isinstance(a, Steal):
            s.crests.append(Crest(seat, a.target, a.action))
            s.steal_from.remove(a.target)
            vc, tc = s.played[a.target], s.played[seat]
            assert vc is not None and tc is not None
            ev.append(
                Event(
                    f"{_char_label(tc)} steals {ACTION_NAMES[a.action]} from the {_char_label(vc)} "
                    f"({player(a.target)}): higher rank over lower. A crest covers it.",
                    seat,
                    kind="steal",
                )
            )
            s.stack.append("stolen:" + a.action)
        elif isinstance(a, ChooseAction):
            s.single_kind = a.action
            s.stack.append("own:" + a.action)
            ev.append(Event(f"{player(seat)} chooses {ACTION_NAMES[a.action]} as the one action.", seat))
        elif isinstance(a, Skip):
            kind = s.stack.pop().split(":")[1]
            ev.append(Event(f"{player(seat)} skips {ACTION_NAMES[kind]}.", seat, kind="skip"))
        elif isinstance(a, EndTurn):
            if s.tie[seat] and not s.single_kind:
                ev.append(Event(f"{player(seat)} carries out no action.", seat, kind="skip"))
            self._end_turn(s, ev)
        elif isinstance(a, (Settle, PassConflict, TakeMoney, Recruit, Buy)):
            s.stack.pop()
            self._carry_out(s, seat, a, ev)
        else:
            self._use_ability(s, seat, a, ev)

    def _carry_out(self, s: RKState, seat: int, a: Any, ev: list[Event]) -> None:
        if isinstance(a, Settle):
            s.markers[seat] -= 1
            s.marker_supply += 1
            ev.append(
                Event(f"{player(seat)} settles a conflict: one Conflict marker back to the supply.", seat)
            )
        elif isinstance(a, PassConflict):
            s.markers[seat] -= 1
            s.markers[a.to] += 1
            ev.append(Event(f"{player(seat)} passes a Conflict marker on to {player(a.to)}.", seat))
        elif isinstance(a, TakeMoney):
            self._take_money(s, seat, a.pile, ev)
        elif isinstance(a, (Recruit, Buy)):
            self._acquire(s, seat, a.pile, a.discount, ev)

    def _take_money(self, s: RKState, seat: int, pile: int, ev: list[Event]) -> None:
        if all(s.pile_ones[p] == 0 and s.pile_twos[p] == 0 for p in range(4)):
            filled = []
            for p in range(4):
                if s.supply_twos > 0:
                    s.supply_twos -= 1
                    s.pile_twos[p] += 1
                    filled.append(p)
            if filled:
                ev.append(
                    Event(
                        f"All four piles had no money: {len(filled)} of them get a 2-coin card "
                        "from the supply.",
                        kind="refill",
                    )
                )
            else:
                ev.append(
                    Event(
                        "All four piles had no money, and the supply has no 2-coin card left.", kind="refill"
                    )
                )
        o, t = s.pile_ones[pile], s.pile_twos[pile]
        s.pile_ones[pile] = 0
        s.pile_twos[pile] = 0
        s.purse_ones[seat] += o
        s.purse_twos[seat] += t
        ev.append(Event(f"{player(seat)} takes the money under {PILE_NAMES[pile]}.", seat, kind="money"))
        ev.append(
            Event(
                f"You find {_coins(o + 2 * t)} ({t} two-coin and {o} one-coin cards).",
                seat,
                to=(seat,),
                kind="money",
            )
        )

    def _acquire(self, s: RKState, seat: int, pile: int, discount: bool, ev: list[Event]) -> None:
        card = s.piles[pile][-1]
        price = self._price(s, pile, discount)
        paid = self._pay(s, seat, pile, price)
        s.bought = True
        s.piles[pile].pop()
        c = CARDS[card]
        if c.kind == SUBJECT:
            s.subjects[seat].append(card)
            verb = "recruits"
        else:
            s.buildings[seat].append(card)
            verb = "buys"
        if discount:
            s.ability_used[seat] = True
            paid += f"; {'Miller' if c.kind == SUBJECT else 'Blacksmith'}: 1 coin less"
        ev.append(
            Event(
                f"{player(seat)} {verb} the {c.name} ({c.colour}, {c.value}) from {PILE_NAMES[pile]}"
                f" for {_coins(price)} ({paid}).",
                seat,
                kind="acquire",
            )
        )
        if not s.piles[pile]:
            ev.append(
                Event(
                    f"{PILE_NAMES[pile].capitalize()} is empty: the game ends when this cycle is over.",
                    kind="end",
                )
            )

    def _pay(self, s: RKState, seat: int, pile: int, price: int) -> str:
        """Pay `price` under `pile`, 2-coin cards first; make change from the supply so as not to
        overpay; without change in the supply the extra coin stays under the pile."""
        if price == 0:
            return "nothing to pay"
        t = min(s.purse_twos[seat], price // 2)
        rest = price - 2 * t
        o = min(s.purse_ones[seat], rest)
        rest -= o
        note = "paid under the pile"
        if rest:
            # Only possible when the price is odd and no 1-coin card is left: pay one more 2.
            t += 1
            if s.supply_ones > 0:
                s.supply_ones -= 1
                s.purse_ones[seat] += 1
                note = "paid with an extra 2-coin card, 1 coin change from the supply"
            else:
                note = "overpaid by 1: the supply has no 1-coin card for change"
        s.purse_twos[seat] -= t
        s.purse_ones[seat] -= o
        s.pile_twos[pile] += t
        s.pile_ones[pile] += o
        return note

    def _from_supply(self, s: RKState, seat: int, amount: int) -> int:
        """Give up to `amount` coins from the supply (never more); returns what was given."""
        t = min(s.supply_twos, amount // 2)
        o = min(s.supply_ones, amount - 2 * t)
        s.supply_twos -= t
        s.supply_ones -= o
        s.purse_twos[seat] += t
        s.purse_ones[seat] += o
        return 2 * t + o

    def _use_ability(self, s: RKState, seat: int, a: Any, ev: list[Event]) -> None:
        ab = _active(s, seat)
        s.ability_used[seat] = True
        who = player(seat)
        if isinstance(a, GiveMarker):
            s.marker_supply -= 1
            s.markers[a.to] += 1
            ev.append(
                Event(
                    f"{who}'s Herbalist hands {player(a.to)} a Conflict marker from the supply "
                    "(no Watchman can fend it off).",
                    seat,
                    kind="ability",
                )
            )
        elif isinstance(a, SwapBuilding):
            self._exchange(s.buildings[seat], a.mine, s.buildings[a.other], a.theirs)
            ev.append(
                Event(
                    f"{who}'s Court Lady trades the {CARDS[a.mine].name} for {player(a.other)}'s "
                    f"{CARDS[a.theirs].name}.",
                    seat,
                    kind="ability",
                )
            )
        elif isinstance(a, SwapSubject):
            self._exchange(s.subjects[seat], a.mine, s.subjects[a.other], a.theirs)
            ev.append(
                Event(
                    f"{who}'s Bishop trades the {CARDS[a.mine].name} for {player(a.other)}'s "
                    f"{CARDS[a.theirs].name}; both are now active.",
                    seat,
                    kind="ability",
                )
            )
        elif isinstance(a, SwapDisplay):
            mine = CARDS[a.mine]
            row = s.buildings[seat] if mine.kind == BUILDING else s.subjects[seat]
            row.remove(a.mine)
            got = s.piles[a.pile].pop()
            s.piles[a.pile].append(a.mine)
            (s.buildings[seat] if CARDS[got].kind == BUILDING else s.subjects[seat]).append(got)
            ev.append(
                Event(
                    f"{who}'s Troubadour lays the {mine.name} on {PILE_NAMES[a.pile]} and takes the "
                    f"{CARDS[got].name}.",
                    seat,
                    kind="ability",
                )
            )
        elif ab == JAILER:
            got = self._from_supply(s, seat, s.markers[seat])
            ev.append(
                Event(
                    f"{who}'s Jailer collects {_coins(got)} from the supply "
                    f"({s.markers[seat]} Conflict markers).",
                    seat,
                    kind="ability",
                )
            )
        elif ab == SCHOLAR:
            n = len(s.buildings[seat])
            got = self._from_supply(s, seat, n)
            ev.append(
                Event(
                    f"{who}'s Scholar collects {_coins(got)} from the supply ({n} buildings).",
                    seat,
                    kind="ability",
                )
            )
        elif ab == SHEPHERD:
            n = self._greens(s, seat)
            got = self._from_supply(s, seat, n)
            ev.append(
                Event(
                    f"{who}'s Shepherd collects {_coins(got)} from the supply ({n} green cards).",
                    seat,
                    kind="ability",
                )
            )
        elif ab == MINER:
            got = self._from_supply(s, seat, 2)
            ev.append(Event(f"{who}'s Miner collects {_coins(got)} from the supply.", seat, kind="ability"))
        elif ab == VINTNER:
            s.markers[seat] -= 1
            s.marker_supply += 1
            ev.append(
                Event(
                    f"{who}'s Vintner settles a conflict: one marker back to the supply.",
                    seat,
                    kind="ability",
                )
            )
        elif ab == INNKEEPER:
            s.stack.append("ability:" + MONEY)
            ev.append(Event(f"{who}'s Innkeeper grants an extra Take money action.", seat, kind="ability"))
        elif ab == MERCHANT:
            s.stack.append("ability:" + BUY)
            ev.append(Event(f"{who}'s Merchant grants an extra Buy a building action.", seat, kind="ability"))
        elif ab == SAILOR:
            s.stack.append("sailor:" + s.single_kind)
            ev.append(
                Event(
                    f"{who}'s Sailor carries out {ACTION_NAMES[s.single_kind]} a second time.",
                    seat,
                    kind="ability",
                )
            )

    @staticmethod
    def _exchange(mine_row: list[int], mine: int, their_row: list[int], theirs: int) -> None:
        mine_row.remove(mine)
        their_row.remove(theirs)
        mine_row.append(theirs)
        their_row.append(mine)

    # ------------------------------------------------------------------ cycles and the end
    def _end_cycle(self, s: RKState, ev: list[Event]) -> None:
        for i in range(s.seats):
            c = s.played[i]
            if c is not None:
                s.spent[i].append(c)
        s.played = [None] * s.seats
        s.crests = []
        s.tie = [False] * s.seats
        s.ability_used = [False] * s.seats
        s.watch = [False] * s.seats
        s.pile_card = None
        s.turn = -1
        s.to_go = []
        s.idle_cycles = 0 if s.bought else s.idle_cycles + 1
        s.bought = False
        empty = [PILE_NAMES[p] for p in range(4) if not s.piles[p]]
        stalled = s.idle_cycles >= STALL_CYCLES
        if empty or stalled:
            s.over = True
            s.phase = "over"
            if empty:
                why = f"{', '.join(empty)} is empty"
            else:
                why = f"nobody has recruited or bought a card for {STALL_CYCLES} cycles in a row"
            ev.append(Event(f"The cycle is complete and {why}: the game is over.", kind="end"))
            out = self.outcome(s)
            assert out is not None
            ev.append(
                Event(
                    "Final scores: "
                    + ", ".join(f"{player(i)} {v}" for i, v in enumerate(out.scores))
                    + ". "
                    + out.reason,
                    kind="end",
                    reveal=True,
                )
            )
            return
        s.phase = "choose"
        if s.idle_cycles >= STALL_CYCLES - 2:
            left = STALL_CYCLES - s.idle_cycles
            ev.append(
                Event(
                    f"No card has been recruited or bought for {s.idle_cycles} cycles: unless someone does, "
                    f"the game ends after {left} more.",
                    kind="end",
                )
            )
        if s.cycle >= CYCLES_PER_ROUND:
            s.round += 1
            s.cycle = 1
            self._deal(s)
            ev.append(
                Event(
                    f"Round {s.round}: all characters are reshuffled and each player gets 3 new ones.",
                    kind="round",
                )
            )
        else:
            s.cycle += 1
            ev.append(Event(f"Cycle {s.cycle} of round {s.round}: choose your next character.", kind="round"))

    def breakdown(self, s: RKState, seat: int) -> Breakdown:
        return score(s.buildings[seat], s.subjects[seat], max(0, _purse(s, seat)), s.markers[seat])

    def outcome(self, s: RKState) -> Outcome | None:
        if not s.over:
            return None
        bd = [self.breakdown(s, i) for i in range(s.seats)]
        scores = tuple(b.total for b in bd)
        best = max(scores)
        lead = [i for i in range(s.seats) if scores[i] == best]
        tiebreak = ""
        if len(lead) > 1:
            fewest = min(s.markers[i] for i in lead)
            lead = [i for i in lead if s.markers[i] == fewest]
            if len(lead) > 1:
                most = max(_purse(s, i) for i in lead)
                lead = [i for i in lead if _purse(s, i) == most]
                tiebreak = TIE_RULE
            else:
                tiebreak = TIE_RULE
        lines = (
            ScoreLine("Perfect pairs", tuple(b.perfect for b in bd)),
            ScoreLine("Colour pairs", tuple(b.colour for b in bd)),
            ScoreLine("Single cards", tuple(b.single for b in bd)),
            ScoreLine("Coins (1 per 3)", tuple(b.coins for b in bd)),
            ScoreLine("Conflict markers (-2 each)", tuple(b.markers for b in bd)),
        )
        empty = [PILE_NAMES[p] for p in range(4) if not s.piles[p]]
        if empty:
            reason = f"{', '.join(empty).capitalize()} ran out."
        else:
            reason = f"Nobody recruited or bought a card for {STALL_CYCLES} cycles in a row."
        return Outcome(scores=scores, winners=tuple(lead), lines=lines, reason=reason, tiebreak=tiebreak)

    # ------------------------------------------------------------------ copies, views, AI support

    def view(self, s: RKState, seat: int | None) -> RKState:
        v = self.clone(s)
        for i in range(s.seats):
            if i == seat:
                continue
            v.hands[i] = [-1] * len(s.hands[i])
            if s.phase == "choose" and s.played[i] is not None:
                v.played[i] = -1
            v.purse_ones[i] = -1
            v.purse_twos[i] = -1
        v.aside = [-1] * len(s.aside)
        v.piles = [[-1] * (len(p) - 1) + [p[-1]] if p else [] for p in s.piles]
        for p in range(4):
            if s.pile_ones[p] or s.pile_twos[p]:
                v.pile_ones[p] = -1
                v.pile_twos[p] = -1
        v.rng = Rng(0)
        return v

    def determinize(self, v: RKState, seat: int, rng: Rng) -> RKState:
        d = self.clone(v)
        # Characters: every id not seen by `seat` goes, shuffled, into the hidden slots.
        known = set(d.hands[seat]) | set(d.pile_shown)
        for i in range(d.seats):
            known.update(d.spent[i])
            c = d.played[i]
            if c is not None and c >= 0:
                known.add(c)
        unknown = [c for c in range(len(CHARACTERS)) if c not in known]
        rng.shuffle(unknown)
        for i in range(d.seats):
            if i != seat:
                d.hands[i] = [unknown.pop() if c < 0 else c for c in d.hands[i]]
                d.hands[i].sort()
                if d.played[i] == -1:
                    d.played[i] = unknown.pop()
        d.aside = [unknown.pop() if c < 0 else c for c in d.aside]
        # Cards below the pile tops: drawn from the cards not seen, so that the cards left over as
        # money have exactly as many 1-coin backs as the game holds.
        self._fill_piles(d, rng)
        # Money: the hidden coin cards spread over the non-empty piles and the other purses.
        self._fill_money(d, seat, rng)
        d.rng = rng.fork()
        return d

    def _fill_piles(self, d: RKState, rng: Rng) -> None:
        seen = {c for p in d.piles for c in p if c >= 0}
        for i in range(d.seats):
            seen.update(d.buildings[i])
            seen.update(d.subjects[i])
        kb = sum(1 for p in (0, 1) for c in d.piles[p] if c < 0)
        ks = sum(1 for p in (2, 3) for c in d.piles[p] if c < 0)
        ub = [c for c in BUILDING_IDS if c not in seen]
        us = [c for c in SUBJECT_IDS if c not in seen]
        ub1 = [c for c in ub if CARDS[c].back == 1]
        ub2 = [c for c in ub if CARDS[c].back == 2]
        us1 = [c for c in us if CARDS[c].back == 1]
        us2 = [c for c in us if CARDS[c].back == 2]
        n1 = len(ub1) + len(us1) - d.total_ones  # 1-coin backs that must be hidden in the piles
        weights = []
        for x in range(0, kb + 1):
            y = n1 - x
            w = (
                (
                    math.comb(len(ub1), x)
                    * math.comb(len(ub2), kb - x)
                    * math.comb(len(us1), y)
                    * math.comb(len(us2), ks - y)
                )
                if 0 <= y <= ks
                else 0
            )
            weights.append(w)
        total = sum(weights)
        x = 0
        if total > 0:
            r = rng.below(total)
            while r >= weights[x]:
                r -= weights[x]
                x += 1
        y = n1 - x
        for group in (ub1, ub2, us1, us2):
            rng.shuffle(group)
        bpool = ub1[:x] + ub2[: kb - x]
        spool = us1[: max(0, y)] + us2[: ks - max(0, y)]
        rng.shuffle(bpool)
        rng.shuffle(spool)
        for p in range(4):
            pool = bpool if p < 2 else spool
            d.piles[p] = [pool.pop() if c < 0 and pool else c for c in d.piles[p]]

    def _fill_money(self, d: RKState, seat: int, rng: Rng) -> None:
        hidden_piles = [p for p in range(4) if d.pile_ones[p] < 0]
        others = [i for i in range(d.seats) if i != seat and d.purse_ones[i] < 0]
        known1 = d.supply_ones + sum(x for x in d.pile_ones if x > 0) + sum(x for x in d.purse_ones if x > 0)
        known2 = d.supply_twos + sum(x for x in d.pile_twos if x > 0) + sum(x for x in d.purse_twos if x > 0)
        pool = [1] * max(0, d.total_ones - known1) + [2] * max(0, d.total_twos - known2)
        rng.shuffle(pool)
        for p in hidden_piles:
            d.pile_ones[p] = 0
            d.pile_twos[p] = 0
        for i in others:
            d.purse_ones[i] = 0
            d.purse_twos[i] = 0
        places: list[tuple[str, int]] = [("p", p) for p in hidden_piles] + [("s", i) for i in others]
        if not places:
            return
        for k, coin in enumerate(pool):
            # A pile known to hold money gets at least one coin card first.
            kind, idx = places[k] if k < len(hidden_piles) else places[rng.below(len(places))]
            if kind == "p":
                if coin == 1:
                    d.pile_ones[idx] += 1
                else:
                    d.pile_twos[idx] += 1
            elif coin == 1:
                d.purse_ones[idx] += 1
            else:
                d.purse_twos[idx] += 1

    def evaluate(self, s: RKState, seat: int) -> float:
        """Projected score difference to the best rival, squashed into [0, 1].

        Cards and markers count as they would score now. Coins are worth more than their end value
        while there is time to spend them (a pile with few cards left means the end is near), and a
        card still waiting for its partner carries some of the pair it may become."""
        if s.over:
            out = self.outcome(s)
            assert out is not None
            if seat in out.winners:
                return 1.0 if len(out.winners) == 1 else 0.75
            mine_final = out.scores[seat]
            return 0.25 * (mine_final - min(out.scores)) / max(1, max(out.scores) - min(out.scores))
        left = min(len(p) for p in s.piles)
        coin_weight = 1 / 3 + (1 / 6) * min(1.0, left / 4)
        pair_weight = 0.5 * min(1.0, left / 4)
        vals = []
        for i in range(s.seats):
            b = score(s.buildings[i], s.subjects[i], 0, s.markers[i])
            coins = max(0, _purse(s, i))
            potential = sum(CARDS[c].value - 1 for c in b.singles)
            vals.append(b.total + coins * coin_weight + potential * pair_weight)
        mine = vals[seat]
        best_other = max(v for i, v in enumerate(vals) if i != seat)
        return 1.0 / (1.0 + math.exp(-(mine - best_other) / 5.0))

    # ------------------------------------------------------------------ words
    def describe(self, s: RKState, a: Any) -> str:
        if isinstance(a, ChooseCharacter):
            return f"Play the {_char_label(a.card)}: {CHARACTERS[a.card].text}"
        if isinstance(a, Gardener):
            c = s.played[a.target]
            what = _char_label(c) if c is not None and c >= 0 else "character"
            return f"Gardener: trade your character for {player(a.target)}'s {what}"
        if isinstance(a, Watchman):
            return "Watchman: higher ranks in conflict with you take the Conflict marker this cycle"
        if isinstance(a, Decline):
            return "Do not use the ability now"
        if isinstance(a, Steal):
            return (
                f"Cover {player(a.target)}'s {ACTION_NAMES[a.action]} with a crest and carry it out yourself"
            )
        if isinstance(a, ChooseAction):
            return f"Carry out {ACTION_NAMES[a.action]} as your one action"
        if isinstance(a, TakeMoney):
            return f"Take the money under {PILE_NAMES[a.pile]} (amount unseen)"
        if isinstance(a, (Recruit, Buy)):
            if not s.piles[a.pile] or s.piles[a.pile][-1] < 0:
                return f"{'Recruit from' if isinstance(a, Recruit) else 'Buy from'} {PILE_NAMES[a.pile]}"
            card = CARDS[s.piles[a.pile][-1]]
            price = self._price(s, a.pile, a.discount)
            extra = (
                (" (Miller: 1 less)" if isinstance(a, Recruit) else " (Blacksmith: 1 less)")
                if a.discount
                else ""
            )
            verb = "Recruit the" if isinstance(a, Recruit) else "Buy the"
            return f"{verb} {card.name} ({card.colour}, value {card.value}) for {_coins(price)}{extra}"
        if isinstance(a, Settle):
            return "Settle conflict: return one of your Conflict markers to the supply"
        if isinstance(a, PassConflict):
            return f"Pass one of your Conflict markers on to {player(a.to)}"
        if isinstance(a, Skip):
            return "Skip this action"
        if isinstance(a, EndTurn):
            return "End your turn"
        if isinstance(a, UseAbility):
            return self._ability_line(s)
        if isinstance(a, GiveMarker):
            return f"Herbalist: give {player(a.to)} a Conflict marker from the supply"
        if isinstance(a, SwapBuilding):
            return f"Court Lady: your {CARDS[a.mine].name} for {player(a.other)}'s {CARDS[a.theirs].name}"
        if isinstance(a, SwapSubject):
            return f"Bishop: your {CARDS[a.mine].name} for {player(a.other)}'s {CARDS[a.theirs].name}"
        if isinstance(a, SwapDisplay):
            top = s.piles[a.pile][-1] if s.piles[a.pile] else -1
            got = CARDS[top].name if top >= 0 else "top card"
            return f"Troubadour: your {CARDS[a.mine].name} for the {got} on {PILE_NAMES[a.pile]}"
        return str(a)

    def _ability_line(self, s: RKState) -> str:
        seat = s.turn
        ab = _active(s, seat) if seat >= 0 else ""
        lines = {
            JAILER: "Jailer: 1 coin from the supply per Conflict marker you have",
            SCHOLAR: "Scholar: 1 coin from the supply per building you own",
            SHEPHERD: "Shepherd: 1 coin from the supply per green card you own",
            MINER: "Miner: 2 coins from the supply",
            VINTNER: "Vintner: return one of your Conflict markers to the supply",
            INNKEEPER: "Innkeeper: carry out an extra Take money action",
            MERCHANT: "Merchant: carry out an extra Buy a building action",
            SAILOR: "Sailor: carry out your chosen action a second time",
        }
        return lines.get(ab, "Use your active subject's ability")


GAME: Game[RKState, RKAction, RKOptions] = RivalKings()

"""The Rivalist rules engine (`Rivalist`, exposed as `GAME` by the package).

Flow: the wonder draft (two groups of four, snake order), then three Ages. A turn is two
decisions: take an accessible pyramid card, then use it (construct, discard, or tuck it under a
wonder). Some effects add one more decision before the turn ends: a progress token after a
science pair, a token from the unused ones (Library of Alexandria), a rival card to destroy or
to steal. Between Ages the player with the weaker military (or, with the pawn centred, the one
who took the last card) names who begins. Interpretations are recorded in RULES_NOTES.md.
"""

from __future__ import annotations

import math
from bisect import insort
from typing import Any

from engine.core import Event, Game, GameBase, IllegalAction, Outcome, Prompt, Rng, ScoreLine, seat_label
from engine.rivalist.data import (
    AGE_DECKS,
    BLACKSMITH,
    BLUE,
    BOARD_TOKENS,
    BROWN,
    CAPITAL,
    CARDS,
    CHAIN_BIT,
    CHAIN_FROM_BIT,
    COLOUR,
    COLOURS,
    CONSTRUCTION,
    COVERED_BY,
    COVERING,
    DRAFT_ROUND,
    GREEN,
    GREY,
    HARVEST,
    LAYOUTS,
    LOOT_BIG,
    LOOT_BIG_AT,
    LOOT_SMALL,
    LOOT_SMALL_AT,
    MAX_WONDERS_BUILT,
    MULTIPLICATION,
    NEEDS,
    PER_BROWN,
    PER_GREY,
    PER_RED,
    PER_WONDER,
    PER_YELLOW,
    PURPLE,
    PYRAMID_SIZE,
    RED,
    RELIGION,
    RESOURCES,
    SCALES,
    SCIENCE_WIN,
    SOCIOLOGY,
    START_COINS,
    SYMBOLS,
    THEORY,
    TOKEN_NAMES,
    TOKEN_TEXTS,
    TOKEN_VP,
    TRADE,
    U_BLUE,
    U_COINS,
    U_GREEN,
    U_PRODUCERS,
    U_RED,
    U_WONDERS,
    U_YELLOW,
    UNIONS,
    UNIONS_DEALT,
    W_DESTROY,
    W_LIBRARY,
    W_STEAL,
    WAR,
    WONDER_NEEDS,
    WONDERS,
    YELLOW,
    cost_text,
    military_vp,
)
from engine.rivalist.state import (
    ACTION_TYPES,
    BuildWonder,
    ChooseStarter,
    Construct,
    DestroyCard,
    Discard,
    PickToken,
    PickWonder,
    RLAction,
    RVOptions,
    RVState,
    StealCard,
    Take,
)

HIDDEN = -2  # a face-down pyramid card in a view
TIE_RULE = (
    "Equal totals: the player with more VP from blue buildings wins; if still equal, both share the win."
)
AGE_NAMES = ("the draft", "Age I", "Age II", "Age III")

# Shared action objects: legal lists reuse them instead of allocating new ones.
TAKES = tuple(Take(i) for i in range(PYRAMID_SIZE))
CONSTRUCT = Construct()
DISCARD = Discard()
BUILDS = tuple(BuildWonder(w) for w in range(len(WONDERS)))
PICK_WONDERS = tuple(PickWonder(w) for w in range(len(WONDERS)))
PICK_TOKENS = tuple(PickToken(t) for t in range(len(TOKEN_NAMES)))
STARTERS = (ChooseStarter(0), ChooseStarter(1))
ACTING = ((0,), (1,))
SIGN = (1, -1)  # pawn direction a seat pushes
# Player 1 leads the draft, so Player 2 takes the first card of Age I (RULES_NOTES.md: balance).
AGE1_STARTER = 1
# What the evaluation adds for n different science symbols (six win outright).
SCIENCE_VALUE = (0.0, 1.5, 3.5, 6.5, 11.0, 20.0, 0.0, 0.0)


def player(seat: int) -> str:
    return seat_label(seat)


def _coins(n: int) -> str:
    return f"{n} coin{'s' if n != 1 else ''}"


def built_count(s: RVState) -> int:
    """Wonders built by both players together."""
    return sum(1 for row in s.wonder_cards for c in row if c >= 0)


def distinct_symbols(s: RVState, seat: int) -> int:
    return sum(1 for x in s.symbols[seat] if x)


def trade_prices(s: RVState, seat: int) -> list[int]:
    """What `seat` pays the bank for one unit of each resource now."""
    o = s.prod[1 - seat]
    f = s.fixed[seat]
    return [1 if f[r] else 2 + o[r] for r in range(5)]


def _trade(s: RVState, seat: int, needs: tuple[tuple[int, int], ...], discount: int) -> int:
    """Coins `seat` pays the bank for the units of `needs` its own production does not cover."""
    prod = s.prod[seat]
    fixed = s.fixed[seat]
    oprod = s.prod[1 - seat]
    cr = s.choice_raw[seat]
    cg = s.choice_goods[seat]
    if not cr and not cg and not discount:
        total = 0
        for r, n in needs:
            m = n - prod[r]
            if m > 0:
                total += m * (1 if fixed[r] else 2 + oprod[r])
        return total
    return sum(p for _r, p in _bought_units(s, seat, needs, discount))


def _bought_units(
    s: RVState, seat: int, needs: tuple[tuple[int, int], ...], discount: int
) -> list[tuple[int, int]]:
    """(resource, price) of every unit bought from the bank. Choice producers cover the dearest
    units they can make; then the token discount drops the dearest units left."""
    prod = s.prod[seat]
    fixed = s.fixed[seat]
    oprod = s.prod[1 - seat]
    raw: list[tuple[int, int]] = []
    goods: list[tuple[int, int]] = []
    for r, n in needs:
        m = n - prod[r]
        if m > 0:
            p = 1 if fixed[r] else 2 + oprod[r]
            (raw if r < 3 else goods).extend([(r, p)] * m)
    raw.sort(key=lambda u: -u[1])
    goods.sort(key=lambda u: -u[1])
    rest = raw[s.choice_raw[seat] :] + goods[s.choice_goods[seat] :]
    if discount:
        rest.sort(key=lambda u: -u[1])
        rest = rest[discount:]
    return rest


def card_price(s: RVState, seat: int, card: int) -> tuple[int, int]:
    """(total coins, of which paid for trading) to construct `card`; (0, 0) through a chain."""
    if s.chains[seat] & CHAIN_FROM_BIT[card]:
        return 0, 0
    disc = 2 if COLOUR[card] == BLUE and BLACKSMITH in s.tokens[seat] else 0
    t = _trade(s, seat, NEEDS[card], disc)
    return CARDS[card].coins + t, t


def wonder_price(s: RVState, seat: int, wonder: int) -> int:
    disc = 2 if CONSTRUCTION in s.tokens[seat] else 0
    return _trade(s, seat, WONDER_NEEDS[wonder], disc)


def payment_lines(s: RVState, seat: int, card: int = -1, wonder: int = -1) -> list[str]:
    """Exactly what building `card` (or `wonder`) costs `seat` now, line by line."""
    if card >= 0:
        if s.chains[seat] & CHAIN_FROM_BIT[card]:
            return ["Free through the chain."]
        c = CARDS[card]
        needs = NEEDS[card]
        disc = 2 if c.colour == BLUE and BLACKSMITH in s.tokens[seat] else 0
        lines = [f"{_coins(c.coins)} printed on the card"] if c.coins else []
    else:
        needs = WONDER_NEEDS[wonder]
        disc = 2 if CONSTRUCTION in s.tokens[seat] else 0
        lines = []
    units = _bought_units(s, seat, needs, disc)
    per: dict[tuple[int, int], int] = {}
    for u in units:
        per[u] = per.get(u, 0) + 1
    for (r, p), n in sorted(per.items()):
        lines.append(f"{RESOURCES[r]} x{n} from the bank: {_coins(n * p)}")
    if not lines:
        lines.append("Nothing to pay.")
    return lines


class Rivalist(GameBase[RVState, RLAction, RVOptions]):
    id = "rivalist"
    title = "Rivalist"
    players = range(2, 3)
    Options = RVOptions
    action_types = ACTION_TYPES
    state_type = RVState

    # ------------------------------------------------------------------ set-up
    def setup(self, options: Any, seats: int, seed: int) -> RVState:
        if seats != 2:
            raise ValueError("Rivalist is for exactly 2 players")
        rng = Rng.from_seed(seed)
        ws = list(range(len(WONDERS)))
        rng.shuffle(ws)
        ts = list(range(len(TOKEN_NAMES)))
        rng.shuffle(ts)
        return RVState(
            rng=rng,
            phase="draft",
            current=0,
            age=0,
            draft_pool=ws[:DRAFT_ROUND],
            draft_deck=ws[DRAFT_ROUND:],
            draft_round=0,
            draft_picks=0,
            wonders=[[], []],
            wonder_cards=[[], []],
            wonders_out=[],
            pyramid=[],
            face_up=[],
            access=[],
            box=[],
            unseen=[],
            taken=-1,
            city=[[], []],
            discard=[],
            coins=[START_COINS, START_COINS],
            pawn=0,
            loot_small=[True, True],
            loot_big=[True, True],
            symbols=[[0] * 7, [0] * 7],
            board_tokens=ts[:BOARD_TOKENS],
            tokens=[[], []],
            unused_tokens=sorted(ts[BOARD_TOKENS:]),
            prod=[[0] * 5, [0] * 5],
            choice_raw=[0, 0],
            choice_goods=[0, 0],
            fixed=[[False] * 5, [False] * 5],
            colours=[[0] * 7, [0] * 7],
            chains=[0, 0],
        )

    def _deal(self, s: RVState, age: int) -> None:
        s.unseen.extend(s.box)
        deck = list(AGE_DECKS[age])
        s.rng.shuffle(deck)
        if age == 3:
            unions = list(UNIONS)
            s.rng.shuffle(unions)
            keep = PYRAMID_SIZE - UNIONS_DEALT
            dealt = deck[:keep] + unions[:UNIONS_DEALT]
            s.box = deck[keep:] + unions[UNIONS_DEALT:]
            s.rng.shuffle(dealt)
        else:
            dealt = deck[:PYRAMID_SIZE]
            s.box = deck[PYRAMID_SIZE:]
        s.age = age
        s.pyramid = dealt
        s.face_up = [f for (_r, _x, f) in LAYOUTS[age]]
        by = COVERED_BY[age]
        s.access = [i for i in range(PYRAMID_SIZE) if not by[i]]

    # ------------------------------------------------------------------ whose turn, prompts
    def to_act(self, s: RVState) -> tuple[int, ...]:
        return () if s.over else ACTING[s.current]

    def progress(self, s: RVState) -> str:
        if s.over:
            return "game over"
        if s.age == 0:
            return "wonder draft"
        left = sum(1 for c in s.pyramid if c != -1)
        return f"{AGE_NAMES[s.age]}, {left} cards left"

    def prompt(self, s: RVState, seat: int) -> Prompt:
        if s.over:
            return Prompt("The game is over.", "final-scoring")
        if seat != s.current:
            return Prompt(f"Waiting for {player(s.current)}.", "your-turn")
        ph = s.phase
        if ph == "draft":
            return Prompt("Wonder draft: pick one of the revealed Wonders.", "the-wonder-draft")
        if ph == "take":
            extra = " (extra turn)" if s.extra else ""
            return Prompt(
                f"{AGE_NAMES[s.age]}: take an accessible card from the pyramid{extra}.", "the-pyramid"
            )
        if ph == "use":
            return Prompt(
                f"You took {CARDS[s.taken].name}: construct it, discard it for coins,"
                " or build a Wonder with it.",
                "your-turn",
            )
        if ph == "token":
            return Prompt(
                "Science pair: choose a progress token from the board.", "science-and-progress-tokens"
            )
        if ph == "library":
            return Prompt(
                "Library of Alexandria: keep one of the progress tokens left out of the game.",
                "wonders",
                secret=True,
            )
        if ph == "destroy":
            return Prompt(
                f"Choose which {COLOURS[s.destroy_colour]} card of your rival to destroy.", "wonders"
            )
        if ph == "steal":
            return Prompt(
                "Alcantara Bridge: choose a non-green card of your rival to take and build.", "wonders"
            )
        return Prompt(f"Choose who begins {AGE_NAMES[s.age]}.", "end-of-an-age")

    # ------------------------------------------------------------------ legal actions
    def legal(self, s: RVState, seat: int) -> list[Any]:
        if s.over or seat != s.current:
            return []
        ph = s.phase
        if ph == "take":
            return [TAKES[i] for i in s.access]
        if ph == "use":
            coins = s.coins[seat]
            out: list[Any] = []
            if card_price(s, seat, s.taken)[0] <= coins:
                out.append(CONSTRUCT)
            out.append(DISCARD)
            ws = s.wonder_cards[seat]
            for i, w in enumerate(s.wonders[seat]):
                if ws[i] < 0 and wonder_price(s, seat, w) <= coins:
                    out.append(BUILDS[w])
            return out
        if ph == "draft":
            return [PICK_WONDERS[w] for w in s.draft_pool]
        if ph == "token":
            return [PICK_TOKENS[t] for t in s.board_tokens]
        if ph == "library":
            return [PICK_TOKENS[t] for t in s.unused_tokens if t >= 0]
        if ph == "destroy":
            col = s.destroy_colour
            return [DestroyCard(c) for c in s.city[1 - seat] if COLOUR[c] == col]
        if ph == "steal":
            return [StealCard(c) for c in s.city[1 - seat] if COLOUR[c] != GREEN]
        if ph == "starter":
            return [STARTERS[0], STARTERS[1]]
        return []

    def choices(self, s: RVState, seat: int) -> list[tuple[Any, str | None]]:
        legal = self.legal(s, seat)
        if not s.over and seat == s.current and s.phase == "take":
            # Face-up cards still under another card are listed greyed, so a player sees why.
            out_t: list[tuple[Any, str | None]] = [(a, None) for a in legal]
            for i, c in enumerate(s.pyramid):
                if c >= 0 and s.face_up[i] and i not in s.access:
                    out_t.append((TAKES[i], self._reason(s, seat, TAKES[i])))
            return out_t
        if s.over or seat != s.current or s.phase != "use":
            return [(a, None) for a in legal]
        out: list[tuple[Any, str | None]] = []
        if CONSTRUCT not in legal:
            out.append((CONSTRUCT, self._reason(s, seat, CONSTRUCT)))
        out.extend((a, None) for a in legal)
        for i, w in enumerate(s.wonders[seat]):
            if s.wonder_cards[seat][i] < 0 and BUILDS[w] not in legal:
                out.append((BUILDS[w], self._reason(s, seat, BUILDS[w])))
        return out

    def why_illegal(self, s: RVState, seat: int, a: Any) -> str | None:
        if s.over:
            return "The game is over."
        if seat != s.current:
            return f"It is {player(s.current)}'s turn to decide."
        if a in self.legal(s, seat):
            return None
        return self._reason(s, seat, a)

    def _reason(self, s: RVState, seat: int, a: Any) -> str:
        ph = s.phase
        if isinstance(a, Take):
            if ph != "take":
                return (
                    "You have already taken a card this turn."
                    if ph == "use"
                    else "You cannot take a card now."
                )
            if not 0 <= a.slot < len(s.pyramid) or s.pyramid[a.slot] == -1:
                return "That place in the pyramid is empty."
            return "That card is covered by another card: take one with nothing on top of it."
        if isinstance(a, (Construct, Discard, BuildWonder)):
            if ph != "use":
                return "Take a card from the pyramid first."
            if isinstance(a, Construct):
                price, _t = card_price(s, seat, s.taken)
                return f"{CARDS[s.taken].name} costs you {_coins(price)}; you have {_coins(s.coins[seat])}."
            if isinstance(a, BuildWonder):
                if a.wonder not in s.wonders[seat]:
                    return (
                        "That Wonder is not one of yours."
                        if a.wonder not in s.wonders_out
                        else ("That Wonder has left the game: seven Wonders are already built.")
                    )
                if s.wonder_cards[seat][s.wonders[seat].index(a.wonder)] >= 0:
                    return "You have already built that Wonder."
                price = wonder_price(s, seat, a.wonder)
                return (
                    f"{WONDERS[a.wonder].name} costs you {_coins(price)}; you have {_coins(s.coins[seat])}."
                )
        if isinstance(a, PickWonder):
            return (
                "Pick one of the Wonders revealed for the draft." if ph == "draft" else "The draft is over."
            )
        if isinstance(a, PickToken):
            if ph == "token":
                return "Choose one of the progress tokens on the board."
            if ph == "library":
                return "Choose one of the progress tokens left out of the game."
            return "You have no progress token to choose now."
        if isinstance(a, DestroyCard):
            if ph != "destroy":
                return "You have nothing to destroy now."
            return f"Choose one of your rival's {COLOURS[s.destroy_colour]} cards."
        if isinstance(a, StealCard):
            if ph != "steal":
                return "You have nothing to steal now."
            return "Choose a card in your rival's city that is not green."
        if isinstance(a, ChooseStarter):
            return (
                "Who begins the next Age is not being chosen now."
                if ph != "starter"
                else "Choose Player 1 or Player 2."
            )
        return "That move is not allowed now."

    # ------------------------------------------------------------------ apply
    def apply(self, s: RVState, seat: int, a: Any) -> list[Event]:
        if s.over:
            raise IllegalAction("The game is over.")
        if seat != s.current:
            raise IllegalAction(f"It is {player(s.current)}'s turn to decide.")
        ev: list[Event] = []
        ph = s.phase
        t = type(a)
        if t is Take and ph == "take":
            if a.slot not in s.access:
                raise IllegalAction(self._reason(s, seat, a))
            self._take(s, seat, a.slot, ev)
        elif ph == "use" and (t is Construct or t is Discard or t is BuildWonder):
            if t is Discard:
                self._discard(s, seat, ev)
            elif t is Construct:
                price, tr = card_price(s, seat, s.taken)
                if price > s.coins[seat]:
                    raise IllegalAction(self._reason(s, seat, a))
                self._construct(s, seat, price, tr, ev)
            else:
                w = a.wonder
                ws = s.wonders[seat]
                if w not in ws or s.wonder_cards[seat][ws.index(w)] >= 0:
                    raise IllegalAction(self._reason(s, seat, a))
                price = wonder_price(s, seat, w)
                if price > s.coins[seat]:
                    raise IllegalAction(self._reason(s, seat, a))
                self._wonder(s, seat, w, price, ev)
            if s.phase == "use":
                self._end_turn(s, ev)
        elif t is PickWonder and ph == "draft":
            if a.wonder not in s.draft_pool:
                raise IllegalAction(self._reason(s, seat, a))
            self._draft(s, seat, a.wonder, ev)
        elif t is PickToken and (ph == "token" or ph == "library"):
            pool = s.board_tokens if ph == "token" else s.unused_tokens
            if a.token not in pool:
                raise IllegalAction(self._reason(s, seat, a))
            pool.remove(a.token)
            where = "from the board" if ph == "token" else "from the tokens left out of the game"
            ev.append(
                Event(
                    f"{player(seat)} takes the {TOKEN_NAMES[a.token]} progress token {where}.",
                    seat,
                    reveal=ph == "library",
                    kind="token",
                )
            )
            self._gain_token(s, seat, a.token, ev)
            if not s.over:
                self._end_turn(s, ev)
        elif t is DestroyCard and ph == "destroy":
            opp = 1 - seat
            if a.card not in s.city[opp] or COLOUR[a.card] != s.destroy_colour:
                raise IllegalAction(self._reason(s, seat, a))
            self._remove_card(s, opp, a.card)
            s.discard.append(a.card)
            s.destroy_colour = -1
            ev.append(
                Event(f"{player(seat)} destroys {player(opp)}'s {CARDS[a.card].name}.", seat, kind="destroy")
            )
            self._end_turn(s, ev)
        elif t is StealCard and ph == "steal":
            opp = 1 - seat
            if a.card not in s.city[opp] or COLOUR[a.card] == GREEN:
                raise IllegalAction(self._reason(s, seat, a))
            self._remove_card(s, opp, a.card)
            ev.append(
                Event(
                    f"{player(seat)} takes {player(opp)}'s {CARDS[a.card].name} and builds it for free.",
                    seat,
                    kind="steal",
                )
            )
            s.phase = "use"
            self._build(s, seat, a.card, ev)
            if not s.over and s.phase == "use":
                self._end_turn(s, ev)
        elif t is ChooseStarter and ph == "starter":
            if a.seat not in (0, 1):
                raise IllegalAction(self._reason(s, seat, a))
            s.current = a.seat
            s.starter = a.seat
            s.phase = "take"
            ev.append(
                Event(
                    f"{player(seat)} chooses {player(a.seat)} to begin {AGE_NAMES[s.age]}.", seat, kind="age"
                )
            )
        else:
            raise IllegalAction(self._reason(s, seat, a))
        return ev

    # ------------------------------------------------------------------ the draft
    def _draft(self, s: RVState, seat: int, w: int, ev: list[Event]) -> None:
        first = s.draft_round  # Player 1 leads the first group, Player 2 the second
        s.draft_pool.remove(w)
        self._own_wonder(s, seat, w)
        ev.append(Event(f"{player(seat)} drafts {WONDERS[w].name}.", seat, kind="draft"))
        s.draft_picks += 1
        if s.draft_picks == DRAFT_ROUND - 1:
            last = s.draft_pool.pop()
            self._own_wonder(s, first, last)
            ev.append(
                Event(
                    f"{player(first)} receives the last Wonder of the group, {WONDERS[last].name}.",
                    first,
                    kind="draft",
                )
            )
            if s.draft_round == 0:
                s.draft_round = 1
                s.draft_picks = 0
                s.draft_pool = s.draft_deck[:DRAFT_ROUND]
                s.draft_deck = s.draft_deck[DRAFT_ROUND:]
                names = ", ".join(WONDERS[x].name for x in s.draft_pool)
                ev.append(Event(f"Four more Wonders are revealed: {names}.", reveal=True, kind="draft"))
                s.current = 1
            else:
                self._deal(s, 1)
                s.phase = "take"
                s.current = AGE1_STARTER
                s.starter = AGE1_STARTER
                ev.append(
                    Event(f"The draft is over. Age I is laid out; {player(AGE1_STARTER)} begins.", kind="age")
                )
        else:
            s.current = first if s.draft_picks == 0 else 1 - first

    @staticmethod
    def _own_wonder(s: RVState, seat: int, w: int) -> None:
        s.wonders[seat].append(w)
        s.wonder_cards[seat].append(-1)

    # ------------------------------------------------------------------ a turn
    def _take(self, s: RVState, seat: int, slot: int, ev: list[Event]) -> None:
        card = s.pyramid[slot]
        s.pyramid[slot] = -1
        s.access.remove(slot)
        s.taken = card
        s.last_taker = seat
        s.phase = "use"
        ev.append(Event(f"{player(seat)} takes {CARDS[card].name}.", seat, kind="take"))
        pyr = s.pyramid
        by = COVERED_BY[s.age]
        for j in COVERING[s.age][slot]:
            if pyr[j] != -1 and all(pyr[k] == -1 for k in by[j]):
                insort(s.access, j)
                if not s.face_up[j]:
                    s.face_up[j] = True
                    ev.append(
                        Event(
                            f"{CARDS[pyr[j]].name} is uncovered and turned face up.", reveal=True, kind="flip"
                        )
                    )

    def _discard(self, s: RVState, seat: int, ev: list[Event]) -> None:
        gain = 2 + s.colours[seat][YELLOW]
        s.coins[seat] += gain
        s.discard.append(s.taken)
        ev.append(
            Event(f"{player(seat)} discards {CARDS[s.taken].name} for {_coins(gain)}.", seat, kind="discard")
        )
        s.taken = -1

    def _pay(self, s: RVState, seat: int, price: int, trade: int) -> None:
        s.coins[seat] -= price
        if trade and TRADE in s.tokens[1 - seat]:
            s.coins[1 - seat] += trade

    def _construct(self, s: RVState, seat: int, price: int, trade: int, ev: list[Event]) -> None:
        card = s.taken
        s.taken = -1
        chained = bool(s.chains[seat] & CHAIN_FROM_BIT[card])
        self._pay(s, seat, price, trade)
        how = (
            " through its chain, for free" if chained else (f" for {_coins(price)}" if price else " for free")
        )
        ev.append(Event(f"{player(seat)} builds {CARDS[card].name}{how}.", seat, kind="build"))
        if trade and TRADE in s.tokens[1 - seat]:
            ev.append(
                Event(
                    f"Trade: {player(1 - seat)} receives the {_coins(trade)} paid for resources.",
                    1 - seat,
                    kind="token",
                )
            )
        if chained and SOCIOLOGY in s.tokens[seat]:
            s.coins[seat] += 4
            ev.append(Event(f"Sociology: {player(seat)} takes 4 coins for building through a chain.", seat))
        self._build(s, seat, card, ev)

    def _add_card(self, s: RVState, seat: int, card: int) -> None:
        c = CARDS[card]
        s.city[seat].append(card)
        s.colours[seat][c.colour] += 1
        if c.colour <= GREY:
            p = s.prod[seat]
            for r in range(5):
                p[r] += c.produce[r]
        if c.choice == 1:
            s.choice_raw[seat] += 1
        elif c.choice == 2:
            s.choice_goods[seat] += 1
        for r in c.fixes:
            s.fixed[seat][r] = True
        s.chains[seat] |= CHAIN_BIT[card]

    def _remove_card(self, s: RVState, seat: int, card: int) -> None:
        c = CARDS[card]
        s.city[seat].remove(card)
        s.colours[seat][c.colour] -= 1
        if c.colour <= GREY:
            p = s.prod[seat]
            for r in range(5):
                p[r] -= c.produce[r]
        if c.choice == 1:
            s.choice_raw[seat] -= 1
        elif c.choice == 2:
            s.choice_goods[seat] -= 1
        for r in c.fixes:
            s.fixed[seat][r] = False
        s.chains[seat] &= ~CHAIN_BIT[card]

    def _build(self, s: RVState, seat: int, card: int, ev: list[Event]) -> None:
        """A card enters `seat`'s city: its effects happen (shields, coins, symbols)."""
        self._add_card(s, seat, card)
        c = CARDS[card]
        col = c.colour
        if col == RED:
            n = c.shields + (1 if WAR in s.tokens[seat] else 0)
            self._push(s, seat, n, ev)
            return
        if col == GREEN:
            sym = c.symbol
            s.symbols[seat][sym] += 1
            if self._science_check(s, seat, ev):
                return
            if s.symbols[seat][sym] == 2 and s.board_tokens:
                s.phase = "token"
                ev.append(
                    Event(
                        f"{player(seat)} pairs the {SYMBOLS[sym]} symbol and chooses a progress token.",
                        seat,
                        kind="science",
                    )
                )
            return
        gain = c.gain
        if c.per:
            cols = s.colours[seat]
            per = c.per
            if per == PER_WONDER:
                n = sum(1 for x in s.wonder_cards[seat] if x >= 0)
            elif per == PER_YELLOW:
                n = cols[YELLOW]
            elif per == PER_GREY:
                n = cols[GREY]
            elif per == PER_BROWN:
                n = cols[BROWN]
            else:
                assert per == PER_RED
                n = cols[RED]
            gain += n * c.per_coins
        if col == PURPLE and c.union not in (U_WONDERS, U_COINS):
            gain += max(self._union_count(s, 0, c.union), self._union_count(s, 1, c.union))
        if gain:
            s.coins[seat] += gain
            ev.append(Event(f"{player(seat)} takes {_coins(gain)} from {c.name}.", seat, kind="coins"))

    @staticmethod
    def _union_count(s: RVState, seat: int, union: int) -> int:
        cols = s.colours[seat]
        if union == U_YELLOW:
            return cols[YELLOW]
        if union == U_PRODUCERS:
            return cols[BROWN] + cols[GREY]
        if union == U_GREEN:
            return cols[GREEN]
        if union == U_BLUE:
            return cols[BLUE]
        if union == U_RED:
            return cols[RED]
        if union == U_WONDERS:
            return sum(1 for x in s.wonder_cards[seat] if x >= 0)
        return s.coins[seat] // 3

    def _science_check(self, s: RVState, seat: int, ev: list[Event]) -> bool:
        if distinct_symbols(s, seat) >= SCIENCE_WIN:
            s.over = True
            s.phase = "over"
            s.winner = seat
            s.victory = "science"
            ev.append(
                Event(
                    f"{player(seat)} holds six different science symbols: scientific supremacy!",
                    seat,
                    kind="victory",
                )
            )
            return True
        return False

    def _push(self, s: RVState, seat: int, n: int, ev: list[Event]) -> None:
        if n <= 0:
            return
        opp = 1 - seat
        d = SIGN[seat]
        dist = min(CAPITAL, s.pawn * d + n)
        s.pawn = dist * d
        ev.append(
            Event(
                f"The Conflict pawn moves {n} space{'s' if n > 1 else ''} toward {player(opp)}.",
                seat,
                kind="military",
            )
        )
        if dist >= LOOT_SMALL_AT and s.loot_small[opp]:
            s.loot_small[opp] = False
            lost = min(LOOT_SMALL, s.coins[opp])
            s.coins[opp] -= lost
            ev.append(Event(f"Loot: {player(opp)} loses {_coins(lost)}.", opp, kind="military"))
        if dist >= LOOT_BIG_AT and s.loot_big[opp]:
            s.loot_big[opp] = False
            lost = min(LOOT_BIG, s.coins[opp])
            s.coins[opp] -= lost
            ev.append(Event(f"Loot: {player(opp)} loses {_coins(lost)}.", opp, kind="military"))
        if dist >= CAPITAL:
            s.over = True
            s.phase = "over"
            s.winner = seat
            s.victory = "military"
            ev.append(
                Event(
                    f"The pawn reaches {player(opp)}'s capital: military supremacy for {player(seat)}!",
                    seat,
                    kind="victory",
                )
            )

    def _wonder(self, s: RVState, seat: int, w: int, price: int, ev: list[Event]) -> None:
        wd = WONDERS[w]
        idx = s.wonders[seat].index(w)
        card = s.taken
        s.taken = -1
        s.coins[seat] -= price
        if price and TRADE in s.tokens[1 - seat]:
            s.coins[1 - seat] += price
            ev.append(
                Event(
                    f"Trade: {player(1 - seat)} receives the {_coins(price)} paid for resources.",
                    1 - seat,
                    kind="token",
                )
            )
        s.wonder_cards[seat][idx] = card
        ev.append(
            Event(
                f"{player(seat)} builds the Wonder {wd.name} with {CARDS[card].name}"
                f" ({_coins(price) if price else 'no coins'}).",
                seat,
                kind="wonder",
            )
        )
        opp = 1 - seat
        if wd.coins:
            s.coins[seat] += wd.coins
        if wd.drain:
            got = min(wd.drain, s.coins[opp])
            s.coins[opp] -= got
            s.coins[seat] += got
            ev.append(Event(f"{player(opp)} hands over {_coins(got)}.", opp, kind="coins"))
        if wd.choice == 1:
            s.choice_raw[seat] += 1
        elif wd.choice == 2:
            s.choice_goods[seat] += 1
        if wd.replay or RELIGION in s.tokens[seat]:
            s.extra = True
        if built_count(s) == MAX_WONDERS_BUILT:
            for i in (0, 1):
                for j in range(len(s.wonders[i]) - 1, -1, -1):
                    if s.wonder_cards[i][j] < 0:
                        gone = s.wonders[i].pop(j)
                        s.wonder_cards[i].pop(j)
                        s.wonders_out.append(gone)
                        ev.append(
                            Event(
                                f"Seven Wonders stand: {player(i)}'s {WONDERS[gone].name} leaves the game.",
                                i,
                                kind="wonder",
                            )
                        )
        if wd.shields:
            self._push(s, seat, wd.shields, ev)
            if s.over:
                return
        if wd.decision == W_DESTROY:
            if any(COLOUR[c] == wd.destroy for c in s.city[opp]):
                s.phase = "destroy"
                s.destroy_colour = wd.destroy
            else:
                ev.append(Event(f"{player(opp)} has no {COLOURS[wd.destroy]} card to destroy.", seat))
        elif wd.decision == W_LIBRARY:
            if s.unused_tokens:
                s.phase = "library"
            else:
                ev.append(Event("No progress token is left to choose.", seat))
        elif wd.decision == W_STEAL:
            if any(COLOUR[c] != GREEN for c in s.city[opp]):
                s.phase = "steal"
            else:
                ev.append(Event(f"{player(opp)} has no card that can be taken.", seat))

    def _gain_token(self, s: RVState, seat: int, t: int, ev: list[Event]) -> None:
        s.tokens[seat].append(t)
        s.phase = "use"
        if t in (HARVEST, SOCIOLOGY):
            s.coins[seat] += 6
        elif t == THEORY:
            s.symbols[seat][SCALES] += 1
            self._science_check(s, seat, ev)

    def _end_turn(self, s: RVState, ev: list[Event]) -> None:
        """The turn's decisions are over: next turn, an extra turn, or the end of the Age."""
        if s.over:
            return
        if s.access:
            s.phase = "take"
            if s.extra:
                s.extra = False
                ev.append(Event(f"{player(s.current)} takes another turn.", s.current, kind="turn"))
            else:
                s.current = 1 - s.current
            return
        s.extra = False
        if s.age == 3:
            self._civilian_end(s, ev)
            return
        if s.pawn > 0:
            chooser = 1
        elif s.pawn < 0:
            chooser = 0
        else:
            chooser = s.last_taker
        self._deal(s, s.age + 1)
        s.phase = "starter"
        s.current = chooser
        why = "the weaker military" if s.pawn else "the last card of the Age and the pawn is centred"
        ev.append(
            Event(
                f"{AGE_NAMES[s.age - 1]} ends. {AGE_NAMES[s.age]} is laid out; {player(chooser)} has {why}"
                " and chooses who begins.",
                kind="age",
            )
        )

    def _civilian_end(self, s: RVState, ev: list[Event]) -> None:
        s.over = True
        s.phase = "over"
        s.victory = "civilian"
        out = self.outcome(s)
        assert out is not None
        s.winner = out.winners[0] if len(out.winners) == 1 else -1
        if s.winner >= 0:
            ev.append(Event(f"Age III ends: civilian victory for {player(s.winner)}.", kind="victory"))
        else:
            ev.append(Event("Age III ends: the players share the victory.", kind="victory"))

    # ------------------------------------------------------------------ scoring
    def breakdown(self, s: RVState, seat: int) -> list[int]:
        """VP by category: military, blue, yellow, green, purple, wonders, tokens, treasury."""
        mil = military_vp(s.pawn * SIGN[seat])
        by = [0] * 7
        for c in s.city[seat]:
            by[COLOUR[c]] += CARDS[c].vp
        purple = 0
        for c in s.city[seat]:
            u = CARDS[c].union
            if u:
                best = max(self._union_count(s, 0, u), self._union_count(s, 1, u))
                purple += 2 * best if u == U_WONDERS else best
        won = sum(WONDERS[w].vp for w, c in zip(s.wonders[seat], s.wonder_cards[seat], strict=True) if c >= 0)
        toks = sum(TOKEN_VP[t] for t in s.tokens[seat])
        if MULTIPLICATION in s.tokens[seat]:
            toks += 3 * len(s.tokens[seat])
        return [mil, by[BLUE], by[YELLOW], by[GREEN], purple, won, toks, max(0, s.coins[seat]) // 3]

    def outcome(self, s: RVState) -> Outcome | None:
        if not s.over:
            return None
        bd = [self.breakdown(s, 0), self.breakdown(s, 1)]
        scores = (sum(bd[0]), sum(bd[1]))
        labels = (
            "Military",
            "Blue buildings",
            "Yellow buildings",
            "Green buildings",
            "Unions (purple)",
            "Wonders",
            "Progress tokens",
            "Treasury (1 per 3 coins)",
        )
        lines = tuple(ScoreLine(lab, (bd[0][i], bd[1][i])) for i, lab in enumerate(labels))
        if s.victory == "military":
            return Outcome(scores, (s.winner,), lines, f"{player(s.winner)} wins by military supremacy.")
        if s.victory == "science":
            return Outcome(scores, (s.winner,), lines, f"{player(s.winner)} wins by scientific supremacy.")
        tiebreak = ""
        if scores[0] != scores[1]:
            winners: tuple[int, ...] = (0,) if scores[0] > scores[1] else (1,)
        else:
            tiebreak = TIE_RULE
            b0, b1 = bd[0][1], bd[1][1]
            winners = (0,) if b0 > b1 else (1,) if b1 > b0 else (0, 1)
        who = " and ".join(player(w) for w in winners)
        return Outcome(scores, winners, lines, f"Civilian victory after Age III: {who}.", tiebreak)

    # ------------------------------------------------------------------ copies, views, AI support

    def view(self, s: RVState, seat: int | None) -> RVState:
        v = self.clone(s)
        v.rng = Rng(0)
        v.draft_deck = [-1] * len(s.draft_deck)
        v.box = [-1] * len(s.box)
        v.unseen = [-1] * len(s.unseen)
        v.pyramid = [c if (c == -1 or s.face_up[i]) else HIDDEN for i, c in enumerate(s.pyramid)]
        if not (s.phase == "library" and seat == s.current):
            v.unused_tokens = [-1] * len(s.unused_tokens)
        return v

    def determinize(self, v: RVState, seat: int, rng: Rng) -> RVState:
        d = self.clone(v)
        # Wonders never revealed: every id not seen anywhere, in a fresh random order.
        seen_w = set(d.draft_pool) | set(d.wonders_out) | set(d.wonders[0]) | set(d.wonders[1])
        seen_w.update(w for w in d.draft_deck if w >= 0)
        unknown_w = [w for w in range(len(WONDERS)) if w not in seen_w]
        rng.shuffle(unknown_w)
        d.draft_deck = [w if w >= 0 else unknown_w.pop() for w in d.draft_deck]
        # Tokens left out of the game: all ten minus those on the board or owned.
        if any(t < 0 for t in d.unused_tokens):
            seen_t = set(d.board_tokens) | set(d.tokens[0]) | set(d.tokens[1])
            d.unused_tokens = [t for t in range(len(TOKEN_NAMES)) if t not in seen_t]
        # This Age's unseen cards: the face-down pyramid cards and the box, shuffled together.
        if d.age:
            seen_c: set[int] = {c for c in d.pyramid if c >= 0}
            seen_c.update(d.discard)
            seen_c.update(d.city[0])
            seen_c.update(d.city[1])
            seen_c.update(c for row in d.wonder_cards for c in row if c >= 0)
            if d.taken >= 0:
                seen_c.add(d.taken)
            deck = AGE_DECKS[d.age] + (UNIONS if d.age == 3 else ())
            pool = [c for c in deck if c not in seen_c]
            rng.shuffle(pool)
            if d.age == 3:
                # Exactly three unions lie in the pyramid: keep that count when filling.
                self._fill_age3(d, pool, rng)
            else:
                d.pyramid = [pool.pop() if c == HIDDEN else c for c in d.pyramid]
                d.box = [pool.pop() for _ in d.box]
        # Earlier Ages' set-aside cards: whatever of those decks was never seen.
        if any(c < 0 for c in d.unseen):
            seen_all = set(self._seen_cards(d))
            past = [c for a in range(1, d.age) for c in AGE_DECKS[a] if c not in seen_all]
            rng.shuffle(past)
            d.unseen = past[: len(d.unseen)]
        d.rng = rng.fork()
        return d

    @staticmethod
    def _seen_cards(d: RVState) -> list[int]:
        seen = [c for c in d.pyramid if c >= 0] + d.discard + d.city[0] + d.city[1]
        seen += [c for row in d.wonder_cards for c in row if c >= 0]
        if d.taken >= 0:
            seen.append(d.taken)
        return seen

    def _fill_age3(self, d: RVState, pool: list[int], rng: Rng) -> None:
        unions_seen = sum(1 for c in d.pyramid if c >= 0 and COLOUR[c] == PURPLE)
        for row in (d.city[0], d.city[1], d.discard):
            unions_seen += sum(1 for c in row if c in UNIONS and c not in AGE_DECKS[3])
        unions_seen += sum(1 for row in d.wonder_cards for c in row if c >= 0 and COLOUR[c] == PURPLE)
        if d.taken >= 0 and COLOUR[d.taken] == PURPLE:
            unions_seen += 1
        hidden = [i for i, c in enumerate(d.pyramid) if c == HIDDEN]
        u_pool = [c for c in pool if COLOUR[c] == PURPLE]
        a_pool = [c for c in pool if COLOUR[c] != PURPLE]
        k = max(0, min(len(hidden), UNIONS_DEALT - unions_seen, len(u_pool)))
        chosen = u_pool[:k] + a_pool[: len(hidden) - k]
        rng.shuffle(chosen)
        for i, c in zip(hidden, chosen, strict=True):
            d.pyramid[i] = c
        d.box = u_pool[k:] + a_pool[len(hidden) - k :]

    def evaluate(self, s: RVState, seat: int) -> float:
        """Projected VP difference with military and science threats, squashed into [0, 1].

        VP as they would score now, plus what production and coins are still worth while Ages
        remain, plus a premium for closing in on either instant victory."""
        if s.over:
            if s.winner == seat:
                return 1.0
            if s.winner == -1:
                return 0.5
            return 0.0
        vals = [0.0, 0.0]
        late = s.age >= 3
        for i in (0, 1):
            bd = self.breakdown(s, i)
            v = float(sum(bd)) - bd[7] + s.coins[i] / (3.0 if late else 2.0)
            if not late:
                rem = 3 - max(1, s.age) + 1
                v += 0.9 * rem * (sum(s.prod[i]) + 0.8 * (s.choice_raw[i] + s.choice_goods[i]))
                v += 0.5 * rem * sum(s.fixed[i])
            n = distinct_symbols(s, i)
            v += SCIENCE_VALUE[n]
            unbuilt = sum(1 for c in s.wonder_cards[i] if c < 0)
            v += 1.5 * unbuilt if not late else 0.0
            vals[i] = v
        d = s.pawn * SIGN[seat]
        mil = (0.0, 0.5, 1.0, 2.0, 3.0, 4.5, 6.5, 9.0, 13.0, 20.0)[abs(d)]
        diff = vals[seat] - vals[1 - seat] + (mil if d > 0 else -mil)
        return 1.0 / (1.0 + math.exp(-diff / 8.0))

    # ------------------------------------------------------------------ words
    def describe(self, s: RVState, a: Any) -> str:
        seat = s.current
        if isinstance(a, PickWonder):
            return f"Draft {WONDERS[a.wonder].name}: {WONDERS[a.wonder].text}"
        if isinstance(a, Take):
            c = s.pyramid[a.slot] if 0 <= a.slot < len(s.pyramid) else -1
            if c < 0:
                return "Take this card"
            price, _t = card_price(s, seat, c)
            return f"Take {CARDS[c].name} (would cost you {_coins(price)}): {CARDS[c].text}"
        if isinstance(a, Construct):
            if s.taken < 0:
                return "Construct the taken card"
            pay = "; ".join(payment_lines(s, seat, card=s.taken))
            return f"Construct {CARDS[s.taken].name}. You pay: {pay}"
        if isinstance(a, Discard):
            gain = 2 + s.colours[seat][YELLOW]
            return f"Discard {CARDS[s.taken].name if s.taken >= 0 else 'the card'} for {_coins(gain)}"
        if isinstance(a, BuildWonder):
            pay = "; ".join(payment_lines(s, seat, wonder=a.wonder))
            w = WONDERS[a.wonder]
            return f"Build the Wonder {w.name} with this card. You pay: {pay}. {w.text}"
        if isinstance(a, PickToken):
            return f"Take {TOKEN_NAMES[a.token]}: {TOKEN_TEXTS[a.token]}"
        if isinstance(a, DestroyCard):
            return f"Destroy {player(1 - seat)}'s {CARDS[a.card].name}"
        if isinstance(a, StealCard):
            return f"Take {player(1 - seat)}'s {CARDS[a.card].name} and build it for free"
        if isinstance(a, ChooseStarter):
            return f"{player(a.seat)} begins {AGE_NAMES[s.age]}"
        return str(a)


def cost_summary(card: int) -> str:
    """The printed cost of a card, in words."""
    c = CARDS[card]
    return cost_text(c.need, c.coins)


GAME: Game[RVState, RLAction, RVOptions] = Rivalist()

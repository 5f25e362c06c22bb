"""The Rivality rules engine (`Rivality`, exposed as `GAME` by the package).

Duel (2-4 players): a turn is three small decisions — which tile of the hand (skipped when only
one is left), where to lay it, which way it faces — after which the turn resolves by itself: the
magician and one golem arrive, the tile's spells are cast left, front, right, and (expert rules)
delayed spells fire on the new tile, then sieges are settled and the player draws. Resolution
pauses for a decision only when the rules give one: golems of tied opponents to remove at the
five-golem limit, or the order of several delayed spells of one side.

Solo: one decision per turn, where the magician goes; Souramoun and the spells follow by rule.
Interpretations are recorded in RULES_NOTES.md.

Helpers for the board (all read-only): `controller`, `shields_of`, `entrenched`, `side_scores`
(running score per side) and `score_parts`, `solo_reachable`, `colour`, `side_label`, `where`;
the placement preview lives in engine.rivality.preview.
"""

from __future__ import annotations

import math
from typing import Any, ClassVar

from engine.core import Event, Game, GameBase, IllegalAction, Outcome, Prompt, Rng, ScoreLine, seat_label
from engine.rivality.actions import (
    ACTION_TYPES,
    CastDelayed,
    ChooseTile,
    MoveMagician,
    Mulligan,
    Orient,
    PlaceAt,
    RemoveGolem,
    RYAction,
    intern,
)
from engine.rivality.data import (
    COLOURS,
    DIR_NAMES,
    EDGE_NAMES,
    GOLEMS,
    HAND_SIZE,
    HITS_ADJACENT,
    IS_FORTRESS,
    KIND_INDEX,
    LABEL,
    LIMIT,
    MANA_WELL,
    ORIGIN,
    PILE_A,
    PILE_B,
    SHIELDS,
    SOURAMOUN,
    SPELLS,
    STEP,
    TILES,
    VALUE,
    pos_of,
    xy_of,
)
from engine.rivality.state import RVOptions, RVState

SOLO_COLS, SOLO_ROWS = 4, 6
SOLO_POS: tuple[int, ...] = tuple(pos_of(x, y) for y in range(SOLO_ROWS) for x in range(SOLO_COLS))
SOLO_AT: dict[int, int] = {p: c for c, p in enumerate(SOLO_POS)}
# Solo cells are numbered row by row (cell = y * 4 + x): the mirror cell across the middle line.
SOLO_MIRROR: tuple[int, ...] = tuple(
    (SOLO_ROWS - 1 - c // SOLO_COLS) * SOLO_COLS + c % SOLO_COLS for c in range(SOLO_COLS * SOLO_ROWS)
)
# Solo cells are numbered row by row (cell = y * 4 + x); their side neighbours.
SOLO_NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        (y + dy) * SOLO_COLS + x + dx
        for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0))
        if 0 <= x + dx < SOLO_COLS and 0 <= y + dy < SOLO_ROWS
    )
    for y in range(SOLO_ROWS)
    for x in range(SOLO_COLS)
)
# EDGE_SPELL[tile][rot][edge]: (offset, golems, distance, ignores shields, direction) or None.
EdgeSpell = tuple[int, int, int, bool, int]
EDGE_SPELL: tuple[tuple[tuple[EdgeSpell | None, ...], ...], ...] = tuple(
    tuple(
        tuple(
            next(((o, g, d, ig, dr) for e, o, g, d, ig, dr in SPELLS[t][r] if e == edge), None)
            for edge in range(3)
        )
        for r in range(4)
    )
    for t in range(len(TILES))
)
# Spell references cast in order left, front, right: the queue is popped from the end.
QUEUE_ORDER: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(e for e, *_ in reversed(SPELLS[t][r])) for r in range(4)) for t in range(len(TILES))
)
# SPELL_TEXT[tile][rot][edge]: the spell named for the log ("Left spell of the Cottage (2x3 north)").
SPELL_TEXT: tuple[tuple[tuple[str, ...], ...], ...] = tuple(
    tuple(
        tuple(
            f"{EDGE_NAMES[e].capitalize()} spell of the {TILES[t].kind} ({sp[1]}x{sp[2]} {DIR_NAMES[sp[4]]})"
            if (sp := EDGE_SPELL[t][r][e]) is not None
            else ""
            for e in range(3)
        )
        for r in range(4)
    )
    for t in range(len(TILES))
)
_ORIENTS: tuple[Orient, ...] = tuple(Orient(r) for r in range(4))
_MULLIGANS: tuple[Mulligan, ...] = (Mulligan(True), Mulligan(False))
LEVEL_TEXT = {
    "beginner": "beginner scoring (each side scores the tiles it controls; a tie is a loss)",
    "normal": "normal scoring (Souramoun also scores the tied tiles)",
    "seasoned": "seasoned scoring (as normal, and your tiles holding an enemy golem lose a point)",
}


def player(seat: int) -> str:
    return seat_label(seat)


def colour(s: RVState, side: int) -> str:
    """A side's name in texts: its colour, or Souramoun in solo."""
    if s.mode == "solo" and side == 1:
        return SOURAMOUN
    return COLOURS[side]


def _golems(n: int) -> str:
    return f"{n} golem{'s' if n != 1 else ''}"


_WHERE: dict[int, str] = {}


def where(s: RVState, p: int) -> str:
    """A position in words: column and row relative to the Mana Well (solo: of the layout)."""
    w = _WHERE.get(p)
    if w is None:
        x, y = xy_of(p)
        w = _WHERE[p] = f"({x}, {y})"
    return w


def tile_name(t: int) -> str:
    return TILES[t].kind if t >= 0 else "face-down tile"


def controller(s: RVState, c: int) -> int:
    """The side with strictly the most golems on cell c, or -1 (empty or tied)."""
    g = s.golems
    b = c * 3
    a0, a1, a2 = g[b], g[b + 1], g[b + 2]
    if a0 > a1 and a0 > a2:
        return 0
    if a1 > a0 and a1 > a2:
        return 1
    if a2 > a0 and a2 > a1:
        return 2
    return -1


def shields_of(s: RVState, c: int) -> int:
    """Shields cell c raises against an enemy of its controller (entrenchment included)."""
    k = s.ctrl[c]
    if k < 0:
        return 0
    t = s.tile[c]
    base = SHIELDS[t] if t >= 0 else 0
    return base + (1 if s.golems[c * 3 + k] == LIMIT else 0)


def entrenched(s: RVState, c: int) -> bool:
    k = s.ctrl[c]
    return k >= 0 and s.golems[c * 3 + k] == LIMIT


def seat_for(s: RVState, side: int) -> int:
    """The seat that decides for `side` now: the player on turn if it is theirs, else the next
    seat of that side in turn order."""
    if s.side_of[s.turn] == side:
        return s.turn
    for k in range(1, s.seats + 1):
        seat = (s.turn + k) % s.seats
        if s.side_of[seat] == side:
            return seat
    return s.turn


def side_seats(s: RVState, side: int) -> list[int]:
    return [i for i in range(s.seats) if s.side_of[i] == side]


def side_label(s: RVState, side: int) -> str:
    """Who a side is, for texts: "Player 1 (Salmon)", a team, or Souramoun."""
    if s.mode == "solo":
        return "you" if side == 0 else SOURAMOUN
    who = " and ".join(player(i) for i in side_seats(s, side))
    return f"{who} ({COLOURS[side]})"


def solo_reachable(s: RVState) -> list[int]:
    """Solo: the positions the magician may end its move on, in cell order."""
    g = s.golems
    mages = s.mage
    if mages[0] < 0:
        first = SOLO_COLS * (SOLO_ROWS - 1)
        return [s.pos[c] for c in range(first, first + SOLO_COLS) if _empty(s, c)]
    seen = 1 << mages[0]
    stack = [mages[0]]
    ends = 0
    while stack:
        for n in SOLO_NEIGHBOURS[stack.pop()]:
            bit = 1 << n
            if seen & bit:
                continue
            seen |= bit
            b = n * 3
            if g[b] + g[b + 1] + g[b + 2] == 0:
                if n != mages[1]:
                    ends |= bit
            elif g[b] > 0:
                stack.append(n)
    return [s.pos[c] for c in range(SOLO_COLS * SOLO_ROWS) if ends >> c & 1]


def _empty(s: RVState, c: int) -> bool:
    b = c * 3
    return s.golems[b] + s.golems[b + 1] + s.golems[b + 2] == 0 and c not in s.mage


def score_parts(s: RVState) -> tuple[list[list[int]], list[int], list[int]]:
    """Points per side as the game stands: (by kind [plain, cottage, fortress, well], tied tiles
    taken through the Mana Well, expert/seasoned one-point losses). Tiles under a magician and
    unallocated tied tiles count for nobody."""
    n = s.sides
    kinds = [[0, 0, 0, 0] for _ in range(n)]
    tied = [0] * n
    loss = [0] * n
    g = s.golems
    solo = s.mode == "solo"
    holder = -1 if solo else s.ctrl[0]
    for c in range(len(s.pos)):
        t = s.tile[c]
        if t < 0 or c in s.mage:
            continue
        b = c * 3
        total = g[b] + g[b + 1] + g[b + 2]
        if total == 0:
            continue
        k = s.ctrl[c]
        v = VALUE[t]
        if k >= 0:
            kinds[k][KIND_INDEX[t]] += v
            enemy = total - g[b + k] > 0
            if enemy and ((s.expert and not solo) or (solo and s.level == "seasoned" and k == 0)):
                loss[k] -= 1
            continue
        if solo:
            if s.level != "beginner":
                tied[1] += v
            continue
        if holder >= 0:
            top = max(g[b], g[b + 1], g[b + 2])
            if g[b + holder] == top:
                tied[holder] += v
                if s.expert:
                    loss[holder] -= 1
    return kinds, tied, loss


def side_scores(s: RVState) -> list[int]:
    kinds, tied, loss = score_parts(s)
    return [sum(kinds[i]) + tied[i] + loss[i] for i in range(s.sides)]


# How much of the best gain open to the player laying a tile the evaluation credits them with.
# Any positive weight ranks that player's choices the same way; a full weight made the search's
# depth-limited rollouts noisy (hard won 15 of 40 against greedy at 1.0, 10 of 20 at 0.5).
PENDING_WEIGHT = 0.5


def placement_gain(s: RVState, t: int, p: int, rot: int, side: int) -> float:
    """A quick estimate of the points `side` gains by laying tile t at p facing rot: each spell's
    change of control (taking a tile from a rival counts its value for both), plus a little for
    golems added to tiles already held. Delayed spells and sieges are not looked at."""
    at = s.at
    g = s.golems
    mage = s.mage
    sup = s.supply[side] - 1
    gain = 0.0
    for _e, off, n, _d, ignore, _dr in SPELLS[t][rot]:
        c = at.get(p + off)
        if c is None or (c in mage and mage.index(c) != side):
            continue
        b = c * 3
        a = [g[b], g[b + 1], g[b + 2]]
        k = s.ctrl[c]
        if k >= 0 and k != side and not ignore:
            n -= min(n, SHIELDS[s.tile[c]] + (1 if a[k] == LIMIT else 0))
        n = min(n, sup)
        if n <= 0:
            continue
        sup -= n
        a[side] += n
        over = a[0] + a[1] + a[2] - LIMIT
        while over > 0:
            j = max((x for x in range(3) if x != side), key=lambda x: a[x])
            if a[j] == 0:
                a[side] -= over
                break
            a[j] -= 1
            over -= 1
        a0, a1, a2 = a
        new = 0 if a0 > a1 and a0 > a2 else 1 if a1 > a0 and a1 > a2 else 2 if a2 > a0 and a2 > a1 else -1
        v = VALUE[s.tile[c]]
        if new != k:
            gain += v * ((new == side) - (k == side)) + 0.7 * v * (
                (k >= 0 and k != side) - (new >= 0 and new != side)
            )
        elif new == side:
            gain += 0.05 * n * v
    return gain


def pending_gain(s: RVState) -> float:
    """The best `placement_gain` open to the player laying a tile now (0 when it is unknown)."""
    side = s.side_of[s.turn]
    tiles = [s.chosen] if s.chosen >= 0 else [t for t in s.hands[s.turn] if t >= 0]
    spots = [s.target] if s.target >= 0 else s.frontier
    best = 0.0
    for t in tiles:
        for p in spots:
            for rot in range(4):
                v = placement_gain(s, t, p, rot, side)
                if v > best:
                    best = v
    return best


class Rivality(GameBase[RVState, RYAction, RVOptions]):
    id = "rivality"
    title = "Rivality"
    players = range(1, 5)
    Options = RVOptions
    action_types = ACTION_TYPES
    state_type = RVState
    supports_series = True
    # The AI's search scores a leaf with `evaluate` at once: a few random placements after it
    # only blur the placement evaluation (measured: hard won 45% against greedy with 10 random
    # rollout moves, 62% with none).
    ai_rollout_depth: ClassVar[int | None] = 0

    # ------------------------------------------------------------------ set-up
    def setup(self, options: Any, seats: int, seed: int) -> RVState:
        if seats not in self.players:
            raise ValueError("Rivality is for 1 to 4 players")
        opts: RVOptions = options if isinstance(options, RVOptions) else RVOptions()
        rng = Rng.from_seed(seed)
        if seats == 1:
            return self._setup_solo(opts, rng)
        sides = 3 if seats == 3 else 2
        side_of = [i % 2 for i in range(seats)] if seats == 4 else list(range(seats))
        if seats == 3:
            forts = [t for t in range(1, len(TILES)) if IS_FORTRESS[t]]
            rest = [t for t in range(1, len(TILES)) if not IS_FORTRESS[t]]
            rng.shuffle(forts)
            rng.shuffle(rest)
            piles = [forts[2 * i : 2 * i + 2] + rest[6 * i : 6 * i + 6] for i in range(3)]
        else:
            piles = [list(PILE_A), list(PILE_B)]
        for p in piles:
            _shuffle_pile(rng, p)
        golems = GOLEMS[seats]
        s = RVState(
            seats=seats,
            mode="duel",
            expert=opts.expert,
            level=opts.solo_level,
            rng=rng,
            sides=sides,
            side_of=side_of,
            phase="tile",
            turn=0,
            actor=0,
            turns=0,
            pos=[ORIGIN],
            tile=[MANA_WELL],
            rot=[0],
            faceup=[True],
            by=[-1],
            golems=[0, 0, 0],
            ctrl=[-1],
            at={ORIGIN: 0},
            frontier=[ORIGIN + st for st in STEP],
            mage=[-1] * sides,
            supply=[golems] * sides,
            start=[golems] * sides,
            piles=piles,
            hands=[[] for _ in range(seats)],
        )
        for _ in range(HAND_SIZE):
            for seat in range(seats):
                s.hands[seat].append(s.piles[side_of[seat]].pop())
        if not any(HITS_ADJACENT[t] for t in s.hands[0]):
            s.phase = "mulligan"
        return s

    def _setup_solo(self, opts: RVOptions, rng: Rng) -> RVState:
        mine = list(PILE_A)
        theirs = list(PILE_B)
        rng.shuffle(mine)
        rng.shuffle(theirs)
        s = RVState(
            seats=1,
            mode="solo",
            expert=False,
            level=opts.solo_level,
            rng=rng,
            sides=2,
            side_of=[0],
            phase="move",
            turn=0,
            actor=0,
            turns=0,
            pos=[],
            tile=[],
            rot=[],
            faceup=[],
            by=[],
            golems=[],
            ctrl=[],
            at={},
            frontier=[],
            mage=[-1, -1],
            supply=[GOLEMS[1], GOLEMS[1]],
            start=[GOLEMS[1], GOLEMS[1]],
            piles=[[], []],
            hands=[[]],
        )
        # Row-major from the top: Souramoun's lands (rows 0-2, face down, upside down), then yours.
        half = SOLO_COLS * SOLO_ROWS // 2
        s.pos = list(SOLO_POS)
        s.at = dict(SOLO_AT)
        s.tile = theirs + mine
        s.rot = [2] * half + [0] * half
        s.faceup = [False] * half + [True] * half
        s.by = [-1] * (2 * half)
        s.golems = [0] * (6 * half)
        s.ctrl = [-1] * (2 * half)
        s.reach = solo_reachable(s)
        return s

    # ------------------------------------------------------------------ queries
    def to_act(self, s: RVState) -> tuple[int, ...]:
        return () if s.phase == "over" else (s.actor,)

    def progress(self, s: RVState) -> str:
        if s.phase == "over":
            return f"finished after {s.turns} turns"
        if s.mode == "solo":
            return f"solo, turn {s.turns + 1}"
        left = sum(len(p) for p in s.piles) + sum(len(h) for h in s.hands)
        return f"turn {s.turns + 1}, {left} tiles to play"

    def prompt(self, s: RVState, seat: int) -> Prompt:
        if s.phase == "over":
            return Prompt(
                "The game is over.", "solo-the-end-and-scoring" if s.mode == "solo" else "end-and-scoring"
            )
        if seat != s.actor:
            return Prompt(f"Waiting for {player(s.actor)}.", "a-turn")
        duel = s.mode == "duel"
        if s.phase == "mulligan":
            return Prompt(
                "Neither tile can reach the Mana Well: redraw both, or keep them?", "setting-up", True
            )
        if s.phase == "tile":
            return Prompt("Choose which of your tiles to lay.", "a-turn", duel)
        if s.phase == "place":
            return Prompt(f"Lay the {tile_name(s.chosen)} next to the battlefield.", "laying-a-tile", duel)
        if s.phase == "orient":
            return Prompt(f"Turn the {tile_name(s.chosen)}: which way does its front face?", "spells", duel)
        if s.phase == "remove":
            return Prompt(
                "The tile is over five golems and two opponents are tied: whose golem goes?",
                "the-five-golem-limit",
            )
        if s.phase == "delayed":
            return Prompt("Several of your delayed spells fire: which first?", "delayed-spells")
        if s.mage[0] < 0:
            return Prompt("Enter the battlefield: choose a tile of the bottom row.", "solo-a-turn")
        return Prompt("Move your magician to an empty tile.", "solo-a-turn")

    def legal(self, s: RVState, seat: int) -> list[Any]:
        if seat != s.actor or s.phase == "over":
            return []
        ph = s.phase
        if ph == "place":
            return [intern(PlaceAt, p) for p in s.frontier]
        if ph == "orient":
            return list(_ORIENTS)
        if ph == "tile":
            return [intern(ChooseTile, t) for t in s.hands[seat]]
        if ph == "move":
            return [intern(MoveMagician, p) for p in s.reach]
        if ph == "mulligan":
            return list(_MULLIGANS)
        if ph == "remove":
            return [intern(RemoveGolem, k) for k in self._tied_enemies(s)]
        if ph == "delayed":
            return [intern(CastDelayed, r) for r in s.delayed if s.ctrl[r >> 2] == s.caster]
        return []

    def _tied_enemies(self, s: RVState) -> list[int]:
        b = s.cut_cell * 3
        g = s.golems
        top = max(g[b + k] for k in range(3) if k != s.caster)
        return [k for k in range(s.sides) if k != s.caster and g[b + k] == top and top > 0]

    def choices(self, s: RVState, seat: int) -> list[tuple[Any, str | None]]:
        out: list[tuple[Any, str | None]] = [(a, None) for a in self.legal(s, seat)]
        if seat == s.actor and s.phase == "move":
            ok = {a.pos for a, _ in out}
            for c in range(len(s.pos)):
                if s.pos[c] not in ok and c not in s.mage:
                    a = intern(MoveMagician, s.pos[c])
                    out.append((a, self._reason(s, seat, a)))
        return out

    def why_illegal(self, s: RVState, seat: int, a: Any) -> str | None:
        if s.phase == "over":
            return "The game is over."
        if seat != s.actor:
            return "It is not your turn to decide."
        if a in self.legal(s, seat):
            return None
        return self._reason(s, seat, a)

    def _reason(self, s: RVState, seat: int, a: Any) -> str:
        ph = s.phase
        if isinstance(a, Mulligan):
            return (
                "Only the first player may redraw, before the first tile, when no tile reaches the Mana Well."
            )
        if isinstance(a, ChooseTile):
            if ph != "tile":
                return "You are not choosing a tile now."
            return "That tile is not in your hand."
        if isinstance(a, PlaceAt):
            if ph != "place":
                return "You are not laying a tile now."
            if a.pos in s.at:
                return "A tile already lies there."
            return "A tile must touch the side of a tile already on the battlefield."
        if isinstance(a, Orient):
            if ph != "orient":
                return "You are not turning a tile now."
            return "A tile faces north (0), east (1), south (2) or west (3)."
        if isinstance(a, RemoveGolem):
            if ph != "remove":
                return "No tile is over the limit with tied opponents now."
            if a.side == s.caster:
                return "You remove your own golems only when no enemy golem is left on the tile."
            return "Remove a golem of one of the opponents tied for the most golems on the tile."
        if isinstance(a, CastDelayed):
            if ph != "delayed":
                return "No delayed spells are waiting for your choice."
            return "That spell is not one of your delayed spells waiting to fire."
        if isinstance(a, MoveMagician):
            if ph != "move":
                return "You are not moving your magician now."
            c = s.at.get(a.pos)
            if c is None:
                return "There is no tile there."
            if s.mage[0] < 0:
                return "Your magician enters through one of the four tiles of the bottom row."
            if not _empty(s, c):
                return "Your magician must stop on an empty tile."
            return "Your magician may only pass through tiles holding at least one of your golems."
        return "That move is not allowed now."

    # ------------------------------------------------------------------ apply
    def apply(self, s: RVState, seat: int, a: Any) -> list[Event]:
        if not self._allowed(s, seat, a):
            raise IllegalAction(self.why_illegal(s, seat, a) or "That move is not allowed now.")
        ev: list[Event] = []
        if isinstance(a, PlaceAt):
            s.target = a.pos
            s.phase = "orient"
        elif isinstance(a, Orient):
            self._lay(s, a.rot, ev)
        elif isinstance(a, ChooseTile):
            s.chosen = a.tile
            s.phase = "place"
        elif isinstance(a, MoveMagician):
            self._solo_move(s, a.pos, ev)
        elif isinstance(a, Mulligan):
            self._mulligan(s, a.redraw, ev)
        elif isinstance(a, RemoveGolem):
            b = s.cut_cell * 3
            s.golems[b + a.side] -= 1
            s.supply[a.side] += 1
            s.cut_left -= 1
            ev.append(Event(f"{player(seat)} sends a {colour(s, a.side)} golem back to its supply.", seat))
            s.phase = "resolve"
            self._continue(s, ev)
        elif isinstance(a, CastDelayed):
            s.delayed.remove(a.spell)
            s.queue = [a.spell]
            s.phase = "resolve"
            self._continue(s, ev)
        return ev

    def _allowed(self, s: RVState, seat: int, a: Any) -> bool:
        # The common decisions are checked directly rather than by building the legal list.
        if seat != s.actor:
            return False
        ph = s.phase
        cls = type(a)
        if ph == "place":
            return cls is PlaceAt and a.pos in s.frontier
        if ph == "orient":
            return cls is Orient and a.rot in (0, 1, 2, 3)
        if ph == "tile":
            return cls is ChooseTile and a.tile in s.hands[seat]
        if ph == "move":
            return cls is MoveMagician and a.pos in s.reach
        return ph != "over" and a in self.legal(s, seat)

    def _mulligan(self, s: RVState, redraw: bool, ev: list[Event]) -> None:
        s.mulligan_done = True
        s.phase = "tile"
        if not redraw:
            ev.append(Event(f"{player(0)} keeps the starting tiles.", 0))
            return
        side = s.side_of[0]
        old = s.hands[0]
        pile = s.piles[side]
        s.hands[0] = [pile.pop() for _ in range(min(HAND_SIZE, len(pile)))]
        pile.extend(old)
        _shuffle_pile(s.rng, pile)
        names = " and ".join(tile_name(t) for t in s.hands[0])
        ev.append(Event(f"You redraw: {names}.", 0, to=(0,)))
        text = f"{player(0)} cannot reach the Mana Well: both tiles go back, two more are drawn"
        ev.append(Event(text + " and the pile is reshuffled.", 0))

    def _begin_turn(self, s: RVState, seat: int) -> None:
        s.turn = seat
        s.actor = seat
        s.chosen = -1
        s.target = -1
        s.placed = -1
        s.stage = ""
        if len(s.hands[seat]) == 1:
            s.chosen = s.hands[seat][0]
            s.phase = "place"
        else:
            s.phase = "tile"

    def _new_cell(self, s: RVState, p: int, t: int, rot: int, side: int) -> int:
        c = len(s.pos)
        s.pos.append(p)
        s.tile.append(t)
        s.rot.append(rot)
        s.faceup.append(True)
        s.by.append(side)
        s.golems.extend((0, 0, 0))
        s.ctrl.append(-1)
        s.at[p] = c
        fr = s.frontier
        if p in fr:
            fr.remove(p)
        at = s.at
        for st in STEP:
            n = p + st
            if n not in at and n not in fr:
                fr.append(n)
        return c

    def _lay(self, s: RVState, rot: int, ev: list[Event]) -> None:
        seat = s.turn
        side = s.side_of[seat]
        t = s.chosen
        s.hands[seat].remove(t)
        c = self._new_cell(s, s.target, t, rot, side)
        s.placed = c
        s.last = side
        s.mage[side] = c
        s.golems[c * 3 + side] = 1
        s.supply[side] -= 1
        s.ctrl[c] = side
        ev.append(
            Event(
                f"{player(seat)} lays the {LABEL[t]} at {where(s, s.target)}, front facing "
                f"{DIR_NAMES[rot]}; the magician and a {colour(s, side)} golem arrive.",
                seat,
                kind="lay",
            )
        )
        if self._exhausted(s, side, ev):
            return
        s.queue = list(QUEUE_ORDER[t][rot])
        s.queue = [c * 4 + e for e in s.queue]
        s.caster = side
        s.stage = "own"
        s.phase = "resolve"
        self._continue(s, ev)

    def _exhausted(self, s: RVState, side: int, ev: list[Event]) -> bool:
        if s.supply[side] > 0:
            return False
        who = side_label(s, side)
        s.reason = f"{who[0].upper()}{who[1:]} placed every golem: the game stops at once."
        self._finish(s, ev)
        return True

    def _finish(self, s: RVState, ev: list[Event]) -> None:
        s.phase = "over"
        s.actor = -1
        s.queue = []
        s.delayed = []
        s.cut_left = 0
        s.cut_cell = -1
        ev.append(Event(s.reason, kind="end"))

    # ------------------------------------------------------------------ resolution
    def _continue(self, s: RVState, ev: list[Event]) -> None:
        while True:
            if s.cut_cell >= 0:
                if not self._cut(s, ev):
                    return
                if self._exhausted(s, s.caster, ev):
                    return
                continue
            if s.queue:
                ref = s.queue.pop()
                self._cast(s, ref, s.caster, s.stage == "delayed", ev)
                if s.cut_cell < 0 and self._exhausted(s, s.caster, ev):
                    return
                continue
            st = s.stage
            if st == "own":
                s.stage = "delayed"
                if s.expert:
                    self._gather_delayed(s, ev)
                continue
            if st == "delayed":
                if s.delayed:
                    side = s.ctrl[s.delayed[0] >> 2]
                    group = [r for r in s.delayed if s.ctrl[r >> 2] == side]
                    s.caster = side
                    if len(group) > 1:
                        s.phase = "delayed"
                        s.actor = seat_for(s, side)
                        return
                    s.delayed.remove(group[0])
                    s.queue = [group[0]]
                    continue
                if s.expert and self._sieges(s, ev):
                    return
                self._end_turn(s, ev)
                return
            if st == "souramoun":
                s.stage = "mine"
                m = s.mage[0]
                if s.ctrl[m] == 0:
                    s.caster = 0
                    s.queue = [m * 4 + e for e in QUEUE_ORDER[s.tile[m]][s.rot[m]]]
                else:
                    ev.append(Event("You no longer control your magician's tile: your spells are not cast."))
                continue
            if st == "mine":
                self._solo_end_turn(s, ev)
                return
            return

    def _cast(self, s: RVState, ref: int, side: int, delayed: bool, ev: list[Event]) -> None:
        src = ref >> 2
        edge = ref & 3
        sp = EDGE_SPELL[s.tile[src]][s.rot[src]][edge]
        assert sp is not None
        off, g, d, ignore, dr = sp
        who = colour(s, side)
        what = SPELL_TEXT[s.tile[src]][s.rot[src]][edge]
        if delayed:
            what = "Delayed " + what[0].lower() + what[1:]
        target = s.pos[src] + off
        c = s.at.get(target)
        if c is None:
            if s.mode == "solo":
                ev.append(Event(f"{what}: lost, it leaves the battlefield."))
            elif s.expert:
                ev.append(Event(f"{what}: no tile there yet; it waits for one."))
            else:
                ev.append(Event(f"{what}: lost, no tile lies there."))
            return
        if s.mode == "duel" and not delayed:
            for k in range(s.sides):
                if k != side and s.mage[k] == c:
                    ev.append(Event(f"{what}: lost, an enemy magician stands on the {tile_name(s.tile[c])}."))
                    return
        if not s.faceup[c]:
            self._reveal(s, c, ev)
        lost = 0
        k = s.ctrl[c]
        if k >= 0 and k != side and not ignore:
            lost = min(g, shields_of(s, c))
        n = min(g - lost, s.supply[side])
        b = c * 3
        s.golems[b + side] += n
        s.supply[side] -= n
        verb = "arrives" if n == 1 else "arrive"
        text = f"{what}: {_golems(n)} of {who} {verb} on the {tile_name(s.tile[c])} at {where(s, target)}"
        if lost:
            text += f"; the shields destroy {lost}"
        elif k >= 0 and k != side and ignore:
            text += " (distance 3: shields ignored)"
        gs = s.golems
        total = gs[b] + gs[b + 1] + gs[b + 2]
        if total > LIMIT:
            s.cut_cell = c
            s.cut_left = total - LIMIT
        else:
            new = controller(s, c)
            if new != k:
                s.ctrl[c] = new
                text += f"; {colour(s, new)} now controls it" if new >= 0 else "; it is now contested"
        ev.append(Event(text + ".", kind="spell"))

    def _control(self, s: RVState, c: int, ev: list[Event]) -> None:
        old = s.ctrl[c]
        new = controller(s, c)
        s.ctrl[c] = new
        if new != old:
            name = tile_name(s.tile[c])
            if new >= 0:
                ev.append(Event(f"{colour(s, new)} now controls the {name} at {where(s, s.pos[c])}."))
            else:
                ev.append(Event(f"The {name} at {where(s, s.pos[c])} is contested: nobody controls it."))

    def _cut(self, s: RVState, ev: list[Event]) -> bool:
        """Bring the over-full tile back to five golems. False when a tie needs a decision."""
        c = s.cut_cell
        b = c * 3
        g = s.golems
        side = s.caster
        removed = [0, 0, 0]
        done = True
        while s.cut_left:
            top = 0
            tied: list[int] = []
            for k in range(s.sides):
                if k == side:
                    continue
                if g[b + k] > top:
                    top = g[b + k]
                    tied = [k]
                elif g[b + k] == top and top:
                    tied.append(k)
            if not tied:
                n = s.cut_left
                g[b + side] -= n
                s.supply[side] += n
                removed[side] += n
                s.cut_left = 0
                break
            if len(tied) > 1:
                done = False
                break
            k = tied[0]
            g[b + k] -= 1
            s.supply[k] += 1
            removed[k] += 1
            s.cut_left -= 1
        parts = [f"{_golems(removed[k])} of {colour(s, k)}" for k in range(3) if removed[k]]
        if parts:
            ev.append(
                Event(
                    f"Over five golems on the {tile_name(s.tile[c])}: {', '.join(parts)} back to the supply."
                )
            )
        if not done:
            s.phase = "remove"
            s.actor = seat_for(s, side) if s.mode == "duel" else 0
            return False
        s.cut_cell = -1
        self._control(s, c, ev)
        if s.phase in ("remove", "delayed"):
            s.phase = "resolve"
        return True

    def _gather_delayed(self, s: RVState, ev: list[Event]) -> None:
        p = s.pos[s.placed]
        found: list[tuple[int, int, int]] = []  # (turn-order rank, cell, ref)
        active = s.side_of[s.turn]
        for c in range(len(s.pos)):
            if c == s.placed:
                continue
            for e, off, *_ in SPELLS[s.tile[c]][s.rot[c]]:
                if s.pos[c] + off != p:
                    continue
                k = s.ctrl[c]
                if k < 0:
                    name = f"{EDGE_NAMES[e]} spell of the contested {tile_name(s.tile[c])}"
                    ev.append(Event(f"The delayed {name} at {where(s, s.pos[c])} never fires."))
                    continue
                rank = (k - active - 1) % s.sides
                found.append((rank, c, c * 4 + e))
        found.sort()
        s.delayed = [r for _, _, r in found]

    def _sieges(self, s: RVState, ev: list[Event]) -> bool:
        """Expert: take every besieged tile. True when that ended the game."""
        active = s.side_of[s.turn]
        changed = True
        while changed:
            changed = False
            for c in range(len(s.pos)):
                p = s.pos[c]
                owners: list[int] = []
                for st in STEP:
                    n = s.at.get(p + st)
                    if n is None or s.ctrl[n] < 0:
                        break
                    owners.append(s.ctrl[n])
                if len(owners) < 4 or s.ctrl[c] in owners:
                    continue
                counts = [owners.count(k) for k in range(s.sides)]
                top = max(counts)
                tied = [k for k in range(s.sides) if counts[k] == top]
                w = active if active in tied else min(tied, key=lambda k: (k - active) % s.sides)
                if any(s.mage[k] == c for k in range(s.sides) if k != w):
                    continue
                b = c * 3
                gone = []
                for k in range(s.sides):
                    if k != w and s.golems[b + k]:
                        gone.append(f"{_golems(s.golems[b + k])} of {colour(s, k)}")
                        s.supply[k] += s.golems[b + k]
                        s.golems[b + k] = 0
                s.golems[b + w] += 1
                s.supply[w] -= 1
                s.ctrl[c] = w
                changed = True
                ev.append(
                    Event(
                        f"The {tile_name(s.tile[c])} at {where(s, p)} is besieged: {colour(s, w)} takes it"
                        + (f" ({', '.join(gone)} back to the supply)" if gone else "")
                        + " and puts a golem on it.",
                        kind="siege",
                    )
                )
                if self._exhausted(s, w, ev):
                    return True
        return False

    def _end_turn(self, s: RVState, ev: list[Event]) -> None:
        seat = s.turn
        side = s.side_of[seat]
        pile = s.piles[side]
        if pile and len(s.hands[seat]) < HAND_SIZE:
            t = pile.pop()
            s.hands[seat].append(t)
            ev.append(Event(f"You draw a {LABEL[t]}.", seat, to=(seat,)))
            ev.append(Event(f"{player(seat)} draws a tile.", seat))
        s.turns += 1
        for k in range(1, s.seats + 1):
            nxt = (seat + k) % s.seats
            if s.hands[nxt]:
                self._begin_turn(s, nxt)
                return
        s.reason = "Every tile has been played."
        self._finish(s, ev)

    # ------------------------------------------------------------------ solo
    def _solo_move(self, s: RVState, p: int, ev: list[Event]) -> None:
        c = s.at[p]
        entering = s.mage[0] < 0
        s.reach = []
        self._reveal(s, c, ev)
        s.mage[0] = c
        s.placed = c
        s.golems[c * 3] += 1
        s.supply[0] -= 1
        s.ctrl[c] = 0
        how = "enters the battlefield" if entering else "moves"
        ev.append(
            Event(
                f"Your magician {how} to the {tile_name(s.tile[c])} at {where(s, p)} with a golem.",
                0,
                kind="lay",
            )
        )
        if self._exhausted(s, 0, ev):
            return
        m = SOLO_MIRROR[c]
        self._reveal(s, m, ev)
        s.mage[1] = m
        s.golems[m * 3 + 1] += 1
        s.supply[1] -= 1
        ev.append(
            Event(
                f"Souramoun mirrors you to the {tile_name(s.tile[m])} at {where(s, s.pos[m])} with a golem.",
                kind="lay",
            )
        )
        s.caster = 1
        s.stage = "souramoun"
        s.phase = "resolve"
        s.queue = [m * 4 + e for e in QUEUE_ORDER[s.tile[m]][s.rot[m]]]
        b = m * 3
        total = s.golems[b] + s.golems[b + 1] + s.golems[b + 2]
        if total > LIMIT:
            s.cut_cell = m
            s.cut_left = total - LIMIT
        else:
            self._control(s, m, ev)
        if s.cut_cell < 0 and self._exhausted(s, 1, ev):
            return
        self._continue(s, ev)

    def _reveal(self, s: RVState, c: int, ev: list[Event]) -> None:
        if not s.faceup[c]:
            s.faceup[c] = True
            label = LABEL[s.tile[c]]
            ev.append(
                Event(f"The face-down tile at {where(s, s.pos[c])} is turned up: {label}.", reveal=True)
            )

    def _solo_end_turn(self, s: RVState, ev: list[Event]) -> None:
        s.turns += 1
        s.stage = ""
        s.placed = -1
        s.reach = solo_reachable(s)
        if not s.reach:
            s.reason = "Your magician has no empty tile left to move to."
            self._finish(s, ev)
            return
        s.phase = "move"
        s.actor = 0

    # ------------------------------------------------------------------ end
    def outcome(self, s: RVState) -> Outcome | None:
        if s.phase != "over":
            return None
        kinds, tied, loss = score_parts(s)
        tot = [sum(kinds[i]) + tied[i] + loss[i] for i in range(s.sides)]
        if s.mode == "solo":
            mine, theirs = tot[0], tot[1]
            lines = [
                ScoreLine("Dolmen Plains", (kinds[0][0],)),
                ScoreLine("Cottages", (kinds[0][1],)),
                ScoreLine("Fortresses", (kinds[0][2],)),
            ]
            if s.level == "seasoned":
                lines.append(ScoreLine("Enemy golems on your tiles", (loss[0],)))
            won = mine > theirs
            return Outcome(
                scores=(mine,),
                winners=(0,) if won else (),
                lines=tuple(lines),
                reason=f"{s.reason} Souramoun scores {theirs}, by {LEVEL_TEXT[s.level]}.",
                tiebreak="" if mine != theirs else "A tie against Souramoun is a loss.",
            )
        per_seat = [tot[s.side_of[i]] for i in range(s.seats)]

        def col(vals: list[int]) -> tuple[int, ...]:
            return tuple(vals[s.side_of[i]] for i in range(s.seats))

        lines = [
            ScoreLine("Dolmen Plains", col([kinds[k][0] for k in range(s.sides)])),
            ScoreLine("Cottages", col([kinds[k][1] for k in range(s.sides)])),
            ScoreLine("Fortresses", col([kinds[k][2] for k in range(s.sides)])),
            ScoreLine("Mana Well", col([kinds[k][3] for k in range(s.sides)])),
            ScoreLine("Tied tiles (Mana Well)", col(tied)),
        ]
        if s.expert:
            lines.append(ScoreLine("Enemy golems present (-1 a tile)", col(loss)))
        best = max(tot)
        top = [k for k in range(s.sides) if tot[k] == best]
        holder = s.ctrl[0]
        tiebreak = ""
        if len(top) > 1 and holder >= 0 and (holder in top or len(top) == s.sides - 1):
            top = [holder]
            tiebreak = f"Scores tied: {colour(s, holder)} holds the Mana Well and wins."
        elif len(top) > 1:
            tiebreak = "Scores tied and nobody holds the Mana Well: the win is shared."
        winners = tuple(i for i in range(s.seats) if s.side_of[i] in top)
        return Outcome(tuple(per_seat), winners, tuple(lines), s.reason, tiebreak)

    # ------------------------------------------------------------------ copies

    def view(self, s: RVState, seat: int | None) -> RVState:
        v = self.clone(s)
        for i in range(s.seats):
            if i != seat:
                v.hands[i] = [-1] * len(s.hands[i])
        v.piles = [[-1] * len(p) for p in s.piles]
        if seat != s.turn and s.phase in ("place", "orient"):
            v.chosen = -1  # still in the hand until it is laid
        for c in range(len(s.pos)):
            if not s.faceup[c]:
                v.tile[c] = -1
        v.rng = Rng(0)
        return v

    def determinize(self, v: RVState, seat: int, rng: Rng) -> RVState:
        d = self.clone(v)
        if d.mode == "solo":
            seen = {t for t in d.tile if t >= 0}
            pool = [t for t in PILE_B if t not in seen]
            rng.shuffle(pool)
            for c in range(len(d.tile)):
                if d.tile[c] < 0:
                    d.tile[c] = pool.pop()
            d.rng = rng.fork()
            return d
        on_board = set(d.tile)
        mine = set(d.hands[seat])
        if d.sides == 2:
            for k, full in enumerate((PILE_A, PILE_B)):
                pool = [t for t in full if t not in on_board and t not in mine]
                self._deal_hidden(d, k, pool, rng)
        else:
            laid_f = [0] * 3
            laid_n = [0] * 3
            for c in range(1, len(d.tile)):
                if IS_FORTRESS[d.tile[c]]:
                    laid_f[d.by[c]] += 1
                else:
                    laid_n[d.by[c]] += 1
            own = d.side_of[seat]
            for t in mine:
                if IS_FORTRESS[t]:
                    laid_f[own] += 1
                else:
                    laid_n[own] += 1
            hidden = [t for t in range(1, len(TILES)) if t not in on_board and t not in mine]
            forts = [t for t in hidden if IS_FORTRESS[t]]
            others = [t for t in hidden if not IS_FORTRESS[t]]
            rng.shuffle(forts)
            rng.shuffle(others)
            for k in range(3):
                nf = max(0, 2 - laid_f[k])
                nn = max(0, 6 - laid_n[k])
                pool = [forts.pop() for _ in range(min(nf, len(forts)))] + [
                    others.pop() for _ in range(min(nn, len(others)))
                ]
                self._deal_hidden(d, k, pool, rng)
        if d.chosen < 0 and d.phase in ("place", "orient"):
            d.chosen = d.hands[d.turn][0]
        d.rng = rng.fork()
        return d

    def _deal_hidden(self, d: RVState, side: int, pool: list[int], rng: Rng) -> None:
        rng.shuffle(pool)
        for i in range(d.seats):
            if d.side_of[i] == side:
                d.hands[i] = [pool.pop() if t < 0 else t for t in d.hands[i]]
        pile = d.piles[side]
        n = len(pile)
        new = [pool.pop() for _ in range(n)]
        # The bottom tile was checked not to be a Fortress when the pile was shuffled.
        if new and IS_FORTRESS[new[0]]:
            for j in range(1, n):
                if not IS_FORTRESS[new[j]]:
                    new[0], new[j] = new[j], new[0]
                    break
        d.piles[side] = new

    # ------------------------------------------------------------------ AI
    def evaluate(self, s: RVState, seat: int) -> float:
        """Projected score lead over the best rival, squashed into [0, 1].

        Tiles count their value, scaled by how safely they are held (a margin of one golem is
        easily overturned; entrenched tiles are hard to take); the magician's own tile counts
        almost fully while the side still has tiles to lay, since the magician will move on."""
        if s.phase == "over":
            out = self.outcome(s)
            assert out is not None
            if seat in out.winners:
                return 1.0 if len(out.winners) == 1 or s.seats == 4 else 0.75
            return 0.0
        side = s.side_of[seat]
        n = s.sides
        vals = [0.0] * n
        g = s.golems
        holder = s.ctrl[0] if s.mode == "duel" else -1
        solo = s.mode == "solo"
        for c in range(len(s.pos)):
            t = s.tile[c]
            if t < 0:
                continue
            b = c * 3
            k = s.ctrl[c]
            v = VALUE[t]
            if k < 0:
                if solo:
                    if s.level != "beginner" and g[b] + g[b + 1] > 0:
                        vals[1] += v
                elif holder >= 0 and g[b + holder] > 0:
                    vals[holder] += 0.5 * v
                continue
            mine = g[b + k]
            other = max(g[b + j] for j in range(3) if j != k)
            safety = 0.55 + 0.15 * min(mine - other, 3) + (0.1 if mine == LIMIT else 0.0)
            if c in s.mage:
                safety *= 0.8 if not solo else 0.0
            vals[k] += v * min(1.0, safety) + (0.6 if t == MANA_WELL else 0.0)
        # Golems kept in the supply are future spells; an empty supply ends the game.
        for k in range(n):
            vals[k] += 0.03 * s.supply[k]
        # Mid-turn, the player laying a tile is about to cast its spells: credit the best gain
        # available to them, so that choosing a tile or a square is judged by what it allows.
        if not solo and s.phase in ("tile", "place", "orient"):
            vals[s.side_of[s.turn]] += PENDING_WEIGHT * pending_gain(s)
        if solo:
            diff = vals[0] - vals[1]
            if side != 0:
                diff = -diff
        else:
            diff = vals[side] - max(vals[k] for k in range(n) if k != side)
        return 1.0 / (1.0 + math.exp(-diff / 4.0))

    # ------------------------------------------------------------------ words
    def describe(self, s: RVState, a: Any) -> str:
        if isinstance(a, ChooseTile):
            return f"Lay the {LABEL[a.tile]}"
        if isinstance(a, PlaceAt):
            return f"Lay it at {where(s, a.pos)}"
        if isinstance(a, Orient):
            return f"Front edge facing {DIR_NAMES[a.rot]}"
        if isinstance(a, Mulligan):
            return "Redraw both tiles" if a.redraw else "Keep these tiles"
        if isinstance(a, RemoveGolem):
            return f"Remove a {colour(s, a.side)} golem"
        if isinstance(a, CastDelayed):
            c, e = a.spell >> 2, a.spell & 3
            sp = EDGE_SPELL[s.tile[c]][s.rot[c]][e]
            g = f" ({sp[1]} golems)" if sp else ""
            return f"Fire the {EDGE_NAMES[e]} spell of the {tile_name(s.tile[c])} at {where(s, s.pos[c])}{g}"
        if isinstance(a, MoveMagician):
            cell = s.at.get(a.pos)
            name = tile_name(s.tile[cell]) if cell is not None else "space"
            return f"Move the magician to the {name} at {where(s, a.pos)}"
        return str(a)


def _shuffle_pile(rng: Rng, pile: list[int]) -> None:
    """Shuffle until the bottom tile (index 0) is not a Fortress."""
    if all(IS_FORTRESS[t] for t in pile):
        rng.shuffle(pile)
        return
    rng.shuffle(pile)
    while IS_FORTRESS[pile[0]]:
        rng.shuffle(pile)


GAME: Game[RVState, RYAction, RVOptions] = Rivality()

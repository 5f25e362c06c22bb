"""What a seat may see of a Rivalist game (`view`), and full states consistent with a view
(`determinize`, for the AI).

Hidden from everybody: the Wonders not yet revealed for the draft, the face-down pyramid cards,
the cards each Age sets aside, the progress tokens left out of the game (except to the player
choosing among them with the Library of Alexandria), and the generator.
"""

from __future__ import annotations

from engine.core.copying import copier
from engine.core.rng import Rng
from engine.rivalist.data import AGE_DECKS, COLOUR, PURPLE, TOKEN_NAMES, UNIONS, UNIONS_DEALT, WONDERS
from engine.rivalist.state import HIDDEN, RivalistState

_copy = copier(RivalistState)


def view(s: RivalistState, seat: int | None) -> RivalistState:
    v = _copy(s)
    v.rng = Rng(0)
    v.draft_deck = [-1] * len(s.draft_deck)
    v.box = [-1] * len(s.box)
    v.unseen = [-1] * len(s.unseen)
    v.pyramid = [c if (c == -1 or s.face_up[i]) else HIDDEN for i, c in enumerate(s.pyramid)]
    if not (s.phase == "library" and seat == s.current):
        v.unused_tokens = [-1] * len(s.unused_tokens)
    return v


def determinize(v: RivalistState, seat: int, rng: Rng) -> RivalistState:
    d = _copy(v)
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
    if d.age:
        _fill_this_age(d, rng)
    # Earlier Ages' set-aside cards: whatever of those decks was never seen.
    if any(c < 0 for c in d.unseen):
        seen_all = set(_seen_cards(d))
        past = [c for a in range(1, d.age) for c in AGE_DECKS[a] if c not in seen_all]
        rng.shuffle(past)
        d.unseen = past[: len(d.unseen)]
    d.rng = rng.fork()
    return d


def _fill_this_age(d: RivalistState, rng: Rng) -> None:
    """This Age's unseen cards: the face-down pyramid cards and the set-aside ones, shuffled
    together from what of the Age's deck nobody has seen."""
    seen_c = set(_seen_cards(d))
    deck = AGE_DECKS[d.age] + (UNIONS if d.age == 3 else ())
    pool = [c for c in deck if c not in seen_c]
    rng.shuffle(pool)
    if d.age == 3:
        # Exactly three unions lie in the pyramid: keep that count when filling.
        _fill_age3(d, pool, rng)
    else:
        d.pyramid = [pool.pop() if c == HIDDEN else c for c in d.pyramid]
        d.box = [pool.pop() for _ in d.box]


def _seen_cards(d: RivalistState) -> list[int]:
    seen = [c for c in d.pyramid if c >= 0] + d.discard + d.city[0] + d.city[1]
    seen += [c for row in d.wonder_cards for c in row if c >= 0]
    if d.taken >= 0:
        seen.append(d.taken)
    return seen


def _fill_age3(d: RivalistState, pool: list[int], rng: Rng) -> None:
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

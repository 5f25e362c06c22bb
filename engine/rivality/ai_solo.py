"""The search's reading of a solo position (hard's and expert's `Game.ai_search_evaluate`): the
game played out to its end, and the result read.

What decides a solo game is what lies under Souramoun's face-down tiles: the magician's move sends
Souramoun to the mirror tile, which is turned up and cast in full. A search that could see those
tiles would beat Souramoun on every one of the first 40 deals of the ladder, where hard beats it
on 30. The evaluation (`ai.evaluate`) plays the magician's next move on the sampled world, so its
choice of that move sees the world's hidden tiles: every position is judged as if the player
would know them next turn, and positions with more unknown mirror tiles within reach look
better than they are. Here the game is played out instead, each move chosen without peeking:
every move open to the magician is tried on a few rearrangements of the face-down tiles (the
same tiles, the only thing the player knows of them) and the one with the best average lead
is played on the world itself. The value is then the result: half for the win (a tie loses),
half for the lead squashed over four points, so the score still counts when the win is out
of reach or certain. A game is about seven moves, so a play-out is cheap.
"""

from __future__ import annotations

import math

from engine.core.copying import copier
from engine.core.rng import Rng
from engine.rivality.ai import final_value, finish_removals, held
from engine.rivality.rules.solo import move_magician
from engine.rivality.scoring import side_scores
from engine.rivality.state import RivalityState

_copy = copier(RivalityState)

# Rearrangements of the face-down tiles each move is tried on in a play-out (pilot on the
# ladder's first 40 deals against hard reading `evaluate`: one won 63.7% of the deals, two
# 65%, at 1.5 times the cost).
REARRANGEMENTS = 2
# The player's score counts up to this many points (about 20 to 25 in a won game).
SCORE_SCALE = 40
# A move that ends the game weighs more than any lead in held points.
DECIDED = 1000.0
# How many moves a play-out makes at most (a safety net: a game has about seven).
PLAYOUT_LIMIT = 40


def search_value(s: RivalityState, seat: int) -> float:
    """`seat`'s value of solo position `s`: the result of the game played out (`playout`)."""
    if s.phase == "over":
        return final_value(s, seat)
    d = playout(s)
    if d.phase != "over":  # (not reached: the limit is a safety net)
        return 0.5
    return result_value(d)


def result_value(d: RivalityState) -> float:
    """A finished solo game's value for the player: half for the win, half for the lead."""
    a, b = side_scores(d)
    return 0.5 * (a > b) + 0.5 * min(a, SCORE_SCALE) / SCORE_SCALE


def playout(s: RivalityState) -> RivalityState:
    """A copy of `s` played to its end by `blind_move`, drawing from a copy of the state's
    generator (so the same position always plays out the same way)."""
    d = _copy(s)
    rng = s.rng.copy()
    finish_removals(d)
    for _ in range(PLAYOUT_LIMIT):
        if d.phase != "move" or not d.reach:
            break
        move_magician(d, blind_move(d, rng), [])
        finish_removals(d)
    return d


def blind_move(s: RivalityState, rng: Rng) -> int:
    """The magician's move with the best lead after it (its answer from Souramoun and the spells
    included), averaged over REARRANGEMENTS of the face-down tiles among themselves: what the
    player would choose knowing which tiles are face down, but not where."""
    hidden = [c for c in range(len(s.tile)) if not s.faceup[c]]
    tiles = sorted(s.tile[c] for c in hidden)  # (whatever the world's arrangement)
    layouts = []
    for _ in range(REARRANGEMENTS if len(hidden) > 1 else 1):
        t = tiles[:]
        rng.shuffle(t)
        layouts.append(t)
    best, best_v = s.reach[0], -math.inf
    for p in s.reach:
        total = 0.0
        for t in layouts:
            d = _copy(s)
            for c, x in zip(hidden, t, strict=True):
                d.tile[c] = x
            move_magician(d, p, [])
            finish_removals(d)
            total += _lead(d)
        if total > best_v:
            best, best_v = p, total
    return best


def _lead(d: RivalityState) -> float:
    """The player's lead over Souramoun in held points, or DECIDED (plus the margin) for a game
    the move ended, won or lost (a tie loses)."""
    if d.phase == "over":
        a, b = side_scores(d)
        return a - b + (DECIDED if a > b else -DECIDED)
    vals = held(d)
    return vals[0] - vals[1]

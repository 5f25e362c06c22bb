"""The end of a Rivalist game: VP by category, the winner, and the tie-break."""

from __future__ import annotations

from engine.core import Outcome, ScoreLine
from engine.rivalist.data import (
    BLUE,
    CARDS,
    COLOUR,
    GREEN,
    MULTIPLICATION,
    TOKEN_VP,
    U_WONDERS,
    WONDERS,
    YELLOW,
    military_vp,
)
from engine.rivalist.state import SIGN, RivalistState, union_count
from engine.rivalist.texts import player

TIE_RULE = (
    "Equal totals: the player with more VP from blue buildings wins; if still equal, both share the win."
)
# The categories of `breakdown`, in its order, as the final score table names them.
CATEGORIES = (
    "Military",
    "Blue buildings",
    "Yellow buildings",
    "Green buildings",
    "Unions (purple)",
    "Wonders",
    "Progress tokens",
    "Treasury (1 per 3 coins)",
)
TREASURY = 7  # the index of the coins' VP in a breakdown


def breakdown(s: RivalistState, seat: int) -> list[int]:
    """VP `seat` would score now, by category (CATEGORIES): military, blue, yellow, green,
    purple, wonders, tokens, treasury."""
    mil = military_vp(s.pawn * SIGN[seat])
    by = [0] * 7
    purple = 0
    for c in s.city[seat]:
        by[COLOUR[c]] += CARDS[c].vp
        u = CARDS[c].union
        if u:
            best = max(union_count(s, 0, u), union_count(s, 1, u))
            purple += 2 * best if u == U_WONDERS else best
    won = sum(WONDERS[w].vp for w, c in zip(s.wonders[seat], s.wonder_cards[seat], strict=True) if c >= 0)
    toks = sum(TOKEN_VP[t] for t in s.tokens[seat])
    if MULTIPLICATION in s.tokens[seat]:
        toks += 3 * len(s.tokens[seat])
    return [mil, by[BLUE], by[YELLOW], by[GREEN], purple, won, toks, max(0, s.coins[seat]) // 3]


def outcome(s: RivalistState) -> Outcome | None:
    if not s.over:
        return None
    bd = [breakdown(s, 0), breakdown(s, 1)]
    scores = (sum(bd[0]), sum(bd[1]))
    lines = tuple(ScoreLine(lab, (bd[0][i], bd[1][i])) for i, lab in enumerate(CATEGORIES))
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

"""Rival Kings scoring and the end of a game: perfect pairs, colour pairs, single cards, coins
and conflict markers.

Perfect pairs are taken out first (per symbol, as many as both rows allow). Colour pairs are then
matched to give the player the best total. A colour pair is worth its higher card, two single
cards are worth 1 each, so within one colour the best matching is found greedily: take the most
valuable remaining card, and if the other row of that colour still has a card, pair it with the
cheapest of them; stop pairing once the best card left is worth less than 2 (a pair would then
score less than the two cards alone). An exchange argument shows this greedy choice is optimal.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from engine.core import Outcome, ScoreLine
from engine.rival_kings.data import CARDS, COLOURS, PILE_NAMES
from engine.rival_kings.options import STALL_CYCLES
from engine.rival_kings.queries import purse_value
from engine.rival_kings.state import RivalKingsState


@attrs.frozen
class Breakdown:
    perfect: int
    colour: int
    single: int
    coins: int
    markers: int
    perfect_pairs: tuple[tuple[int, int], ...] = ()
    colour_pairs: tuple[tuple[int, int], ...] = ()
    singles: tuple[int, ...] = ()

    @property
    def total(self) -> int:
        return self.perfect + self.colour + self.single + self.coins + self.markers


def match_cards(
    buildings: Sequence[int], subjects: Sequence[int]
) -> tuple[list[tuple[int, int]], list[tuple[int, int]], list[int]]:
    """(perfect pairs, colour pairs, single cards) as card ids, following the rules above."""
    bs = list(buildings)
    ss = list(subjects)
    perfect: list[tuple[int, int]] = []
    for b in list(bs):
        sym = CARDS[b].symbol
        for s in ss:
            if CARDS[s].symbol == sym:
                perfect.append((b, s))
                bs.remove(b)
                ss.remove(s)
                break
    colour_pairs: list[tuple[int, int]] = []
    singles: list[int] = []
    for colour in COLOURS:
        cb = sorted((b for b in bs if CARDS[b].colour == colour), key=lambda c: (CARDS[c].value, c))
        cs = sorted((s for s in ss if CARDS[s].colour == colour), key=lambda c: (CARDS[c].value, c))
        while cb or cs:
            top_b = CARDS[cb[-1]].value if cb else -1
            top_s = CARDS[cs[-1]].value if cs else -1
            if top_b >= top_s:
                lead, other = cb, cs
            else:
                lead, other = cs, cb
            card = lead.pop()
            if other and CARDS[card].value >= 2:
                partner = other.pop(0)
                pair = (card, partner) if lead is cb else (partner, card)
                colour_pairs.append(pair)
            else:
                singles.append(card)
    return perfect, colour_pairs, singles


def score(buildings: Sequence[int], subjects: Sequence[int], coins: int, markers: int) -> Breakdown:
    perfect, colour_pairs, singles = match_cards(buildings, subjects)
    return Breakdown(
        perfect=sum(CARDS[b].value + CARDS[s].value for b, s in perfect),
        colour=sum(max(CARDS[b].value, CARDS[s].value) for b, s in colour_pairs),
        single=len(singles),
        coins=coins // 3,
        markers=-2 * markers,
        perfect_pairs=tuple(perfect),
        colour_pairs=tuple(colour_pairs),
        singles=tuple(singles),
    )


# -- the end of a game -------------------------------------------------------------------------

TIE_RULE = "Tied totals: fewer Conflict markers wins; then more coins; players still level share the win."


def breakdown(s: RivalKingsState, seat: int) -> Breakdown:
    """Seat's score as it stands, by category."""
    return score(s.buildings[seat], s.subjects[seat], max(0, purse_value(s, seat)), s.markers[seat])


def final_scores(s: RivalKingsState) -> tuple[int, ...]:
    return tuple(breakdown(s, i).total for i in range(s.seats))


def end_reason(s: RivalKingsState) -> str:
    """Why the game ends after this cycle ("" while it goes on), as a sentence."""
    empty = [PILE_NAMES[p] for p in range(4) if not s.piles[p]]
    if empty:
        return f"{', '.join(empty).capitalize()} ran out."
    if s.stall_end and s.idle_cycles >= STALL_CYCLES:
        return f"Nobody recruited or bought a card for {STALL_CYCLES} cycles in a row (idle-game option)."
    return ""


def outcome(s: RivalKingsState) -> Outcome | None:
    if not s.over:
        return None
    bd = [breakdown(s, i) for i in range(s.seats)]
    scores = tuple(b.total for b in bd)
    best = max(scores)
    lead = [i for i in range(s.seats) if scores[i] == best]
    tiebreak = ""
    if len(lead) > 1:
        tiebreak = TIE_RULE
        fewest = min(s.markers[i] for i in lead)
        lead = [i for i in lead if s.markers[i] == fewest]
        most = max(purse_value(s, i) for i in lead)
        lead = [i for i in lead if purse_value(s, i) == most]
    lines = (
        ScoreLine("Perfect pairs", tuple(b.perfect for b in bd)),
        ScoreLine("Colour pairs", tuple(b.colour for b in bd)),
        ScoreLine("Single cards", tuple(b.single for b in bd)),
        ScoreLine("Coins (1 per 3)", tuple(b.coins for b in bd)),
        ScoreLine("Conflict markers (-2 each)", tuple(b.markers for b in bd)),
    )
    return Outcome(scores=scores, winners=tuple(lead), lines=lines, reason=end_reason(s), tiebreak=tiebreak)

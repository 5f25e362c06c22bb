"""What each Rival Realms adventure token does, in a sentence: the board's detail panel and the
book (`b`) both say it."""

from __future__ import annotations

from engine.rival_realms.data import CREATURE_KIND, TYPES


def token_text(t: str) -> str:
    """What a token does, in a sentence."""
    if t == "gem":
        return (
            "Spend it to fly the Raven onto one of your Mountains, or to take two cards from the deck "
            "and the nests. Unused gems score a point each."
        )
    if t == "espresso":
        return "Play it for another turn straight after this one."
    if t == "carpet":
        return "Fly to any region of your realm and explore it, then keep adventuring."
    if t == "mirror":
        return "Exchange two of your region cards, two tokens, or two land cards."
    kind = CREATURE_KIND[t]
    where = "any region" if kind < 0 else f"a {TYPES[kind]} region"
    return f"A creature: it guides you into {where} instead of a card. Counts for Tea Time, used or not."

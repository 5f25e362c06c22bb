"""Every symbol the boards draw, in two sets (Unicode and plain ASCII), each with its meaning.

A board never writes a symbol of its own: it asks its `GlyphTable` (``RK.crest``,
``RY.front[rot]``), which answers in the set in use. The same table gives the board's legend
(`GlyphTable.rows`), so a symbol cannot be drawn without a meaning to show for it.

Terminals that cannot show Unicode (``LC_ALL=C``, old consoles) turn the fancy symbols into
``_`` or worse; `use("auto")` looks at the locale and the output's encoding and switches to the
ASCII set, which keeps every distinction the Unicode set makes. Settings offer the choice
("Symbols: automatic / Unicode / ASCII").

No Textual import: the layouts that read these tables are checked without an app.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass

MODES = ("auto", "unicode", "ascii")
MODE_LABELS = {"auto": "automatic", "unicode": "Unicode", "ascii": "ASCII"}

_plain = False


@dataclass(frozen=True)
class Glyph:
    """One symbol: how it looks in each set, and what it means. With `each`, every character
    of the forms is a symbol of its own (the four ways a tile can face), explained together."""

    fancy: str
    plain: str
    meaning: str
    each: bool = False

    def form(self, plain: bool) -> str:
        return self.plain if plain else self.fancy

    def shown(self, plain: bool) -> str:
        """The symbol as the legend shows it."""
        form = self.form(plain)
        return " ".join(form) if self.each else form

    def explained(self, plain: bool) -> str:
        """The meaning, with "{}" standing for the symbol itself (in the same set)."""
        return self.meaning.replace("{}", self.form(plain))


class GlyphTable:
    """The symbols of one board, by name: ``table.name`` is the symbol in the set in use."""

    def __init__(self, title: str, glyphs: Mapping[str, Glyph]) -> None:
        self.title = title
        self.glyphs = dict(glyphs)

    def __getattr__(self, name: str) -> str:
        try:
            glyph = self.__dict__["glyphs"][name]
        except KeyError:
            raise AttributeError(
                f"{self.__dict__.get('title', '?')} draws no symbol called {name!r}"
            ) from None
        return str(glyph.form(_plain))

    def rows(self) -> list[tuple[str, str]]:
        """The legend: (symbol, meaning) in the set in use, one row per meaning."""
        out: list[tuple[str, str]] = []
        seen: dict[str, int] = {}
        for g in self.glyphs.values():
            sym = g.shown(_plain)
            if g.meaning in seen:
                n = seen[g.meaning]
                if sym not in out[n][0].split(" "):
                    out[n] = (f"{out[n][0]} {sym}", out[n][1])
                continue
            seen[g.meaning] = len(out)
            out.append((sym, g.explained(_plain)))
        return out

    def symbols(self, plain: bool) -> dict[str, str]:
        """Each single symbol of one set and its meaning (for checking that they stay distinct)."""
        out: dict[str, str] = {}
        for g in self.glyphs.values():
            form = g.form(plain)
            for sym in form if g.each else [form]:
                out.setdefault(sym, g.meaning)
                if out[sym] != g.meaning:
                    out[sym] = "?"  # the same symbol with two meanings: a test flags it
        return out


# -- which set is in use -------------------------------------------------------------------
def plain() -> bool:
    """Whether the ASCII set is in use."""
    return _plain


# Typography that texts from the rules may carry, in plain ASCII.
_PLAIN_TEXT = str.maketrans(
    {"—": "-", "–": "-", "…": "...", "’": "'", "‘": "'", "“": '"', "”": '"', "×": "x", "•": "-", "·": "-"}
)


def text(s: str) -> str:
    """A text for the set in use: with ASCII, rule texts' dashes, quotes and dots made plain."""
    return s.translate(_PLAIN_TEXT) if _plain else s


def unicode_terminal(env: Mapping[str, str] | None = None, encoding: str | None = None) -> bool:
    """Whether the terminal can show the Unicode set: the locale's character set (the first of
    LC_ALL, LC_CTYPE, LANG that is set) and the encoding of the output stream must both allow it.
    Python may itself write UTF-8 under ``LC_ALL=C``; the terminal behind it still cannot show it."""
    env = os.environ if env is None else env
    for var in ("LC_ALL", "LC_CTYPE", "LANG"):
        value = env.get(var, "")
        if value:
            charset = value.partition(".")[2].partition("@")[0].lower().replace("-", "")
            if charset != "utf8":
                return False
            break
    if encoding is None:
        stream = sys.__stdout__
        encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        "".join(g.fancy for t in TABLES for g in t.glyphs.values()).encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def use(mode: str) -> bool:
    """Switch to the set `mode` names ("auto" detects it); returns whether ASCII is now in use."""
    global _plain
    if mode == "ascii":
        _plain = True
    elif mode == "unicode":
        _plain = False
    else:
        _plain = not unicode_terminal()
    return _plain


@contextmanager
def using(mode: str) -> Iterator[None]:
    """The set `mode` for the duration of a `with` block (tests)."""
    global _plain
    before = _plain
    use(mode)
    try:
        yield
    finally:
        _plain = before


# -- the tables ----------------------------------------------------------------------------
G = Glyph

# What every line board draws around its table.
LINES = GlyphTable(
    "Boards",
    {
        "more_up": G("↑ more", "^ more", "more of the board above: move the cursor up"),
        "more_down": G("↓ more", "v more", "more of the board below: move the cursor down"),
    },
)

RIVAL_KINGS = GlyphTable(
    "Rival Kings",
    {
        "turn": G("▶", ">", "whose turn it is"),
        "you": G("*", "*", "your own row (the seat at the keyboard)"),
        "done": G("✓", "+", "done: that player's turn is over, or that action was carried out"),
        "now": G("▸", "!", "the action being carried out now"),
        "next": G("·", ".", "an action still to come"),
        "crest": G("◆", "#", "a crest; on an action: covered by that player's crest ({}2: player 2's)"),
        "unused": G("–", "-", "an action not used (equal ranks: only one action that turn)"),
        "pair": G("=", "=", "part of a perfect pair (building and subject with the same symbol)"),
        "active": G("»", "@", "the active subject: its ability may be used this cycle"),
        "watch": G("W", "W", "the player's Watchman stands guard this cycle"),
        "then": G(" › ", " / ", "separates the players in turn order"),
        "bar": G("│", "|", "separates a player's counters from the character played"),
        "none": G("—", "--", "no character chosen yet this cycle"),
        "cut": G("…", "...", "the text goes on (shortened to fit)"),
    },
)

RIVALIST = GlyphTable(
    "Rivalist",
    {
        "turn": G("▶", ">", "whose turn it is"),
        "pawn": G("●", "o", "the Conflict pawn on the military track"),
        "capital": G("⌂", "H", "a capital: the pawn reaching it wins the game at once"),
        "middle": G("|", "+", "the middle of the military track"),
        "near": G("·", ".", "a track space worth 2 VP to the player the pawn leans away from"),
        "mid": G("-", "-", "a track space worth 5 VP"),
        "far": G("=", "=", "a track space worth 10 VP"),
        "back": G("░", "#", "a face-down card of the pyramid"),
        "built": G("✓", "*", "a Wonder already built"),
        "bar": G("│", "|", "separates the parts of a player's line"),
        "dot": G(" · ", " ; ", "separates what a city makes from what it pays the bank"),
        "cut": G("…", "~", "the text goes on (shortened to fit; the Detail panel has it all)"),
    },
)

RIVALITY = GlyphTable(
    "Rivality",
    {
        # Not ">" in ASCII: that is a tile facing east.
        "turn": G("▶", "!", "whose turn it is"),
        "shield": G("◈", "*", "shields: each one destroys an arriving enemy golem ({}2: two)"),
        "entrenched": G("■", "#", "entrenched: five golems of the controller, one more shield"),
        "magician": G("@", "@", "a magician (@S: Salmon's); the tile it stands on scores nothing"),
        "contested": G("=", "=", "contested: a tie for the most golems, nobody controls the tile"),
        "waiting": G("~", "~", "expert rules: spells waiting on an empty square (~S2: two for S)"),
        "front": G("↑→↓←", "^>v<", "the way the tile's front faces (north, east, south, west)", each=True),
        "gains": G("⇒", "=>", "in a preview: who controls the tile after the spell"),
        "target": G("+", "[ ]", "an empty square where the tile may be laid"),
        "empty": G("·", ".", "an empty square next to tiles"),
        "star": G("★", "(star)", "the star tile of pile B"),
        "more_up": G("▴", "^^^", "more of the battlefield beyond this edge: move the cursor there"),
        "more_down": G("▾", "vvv", "more of the battlefield beyond this edge: move the cursor there"),
        "more_left": G("◂", ":", "more of the battlefield beyond this edge: move the cursor there"),
        "more_right": G("▸", ":", "more of the battlefield beyond this edge: move the cursor there"),
        "box": G("─│┌┐└┘├┤┬┴┼", "-|+++++++++", "the edges of the squares of the battlefield", each=True),
        "cut": G("…", "...", "the text goes on (shortened to fit)"),
    },
)

RIVAL_REALMS = GlyphTable(
    "Rival Realms",
    {
        "turn": G("▶", ">", "whose turn it is"),
        "explored": G("[ ]", "[ ]", "a region already explored (its card has been turned)"),
        "empty": G("·", ".", "an empty space: no region summoned there yet"),
        "slot": G("◇", "<>", "an empty space where the chosen card may be summoned"),
        "adventurer": G("@", "@", "the adventurer of that realm"),
        "mountain": G("▲", "^", "a Mountain between two sub-realms: it cannot be crossed"),
        "valley": G("═══", "===", "a Valley between two sub-realms: walk across it freely"),
        "raven": G("R", "R", "the Raven perches on this Mountain: it can be crossed"),
        "seen": G("✓", "+", "an explored region, on the other player's compact realm"),
        "held": G("★", "*", "a quest you hold"),
        "taken": G("✗", "x", "a quest the other player holds"),
        "bar": G("│", "|", "separates the parts of a line"),
        "then": G("→", "->", "in a plan: the next step"),
        "cut": G("…", "...", "the text goes on (shortened to fit)"),
    },
)

RIVALS = GlyphTable(
    "Rivals",
    {
        "turn": G("▶", "!", "who is deciding now (never what they hold)"),
        "hidden": G("░", "?", "a hex of a tile not yet revealed (scout it to flip it)"),
        "void": G("·", ".", "a hex of a fallen tile: nothing stands there any more"),
        "shield": G("◈", "#", "a shield (coloured as its owner; the Detail panel names them)"),
        "sponsor_on": G("$", "$", "an active sponsor: negotiate on its tile for a Rival Point"),
        "sponsor_off": G("¤", "s", "an inactive sponsor (it wakes in the sponsors phase)"),
        "dry1": G("∴", ":", "a yellow drought token on the tile (the next collect turns it green)"),
        "dry2": G("≈", "=", "a green drought token: nothing more to collect on the tile this era"),
        "dead": G("✝", "x", "an eliminated Ashak"),
        "drone": G("◇", "d", "a drone, in its owner's colour (drone mode; an Ashak on the hex hides it)"),
        "falls": G("▾", "v", "this tile may fall at the end of the round (a zone card yet to come drops it)"),
        "more_left": G("◂", "<", "more of the Wildtech this way: move the cursor there"),
        "more_right": G("▸", ">", "more of the Wildtech this way: move the cursor there"),
        "sep": G("│", "|", "separates the parts of a line"),
        "cut": G("…", "~", "the text goes on (shortened to fit; the Detail panel has it all)"),
    },
)

TABLES = (LINES, RIVAL_KINGS, RIVALIST, RIVALITY, RIVAL_REALMS, RIVALS)

__all__ = [
    "LINES",
    "MODES",
    "MODE_LABELS",
    "RIVALIST",
    "RIVALITY",
    "RIVALS",
    "RIVAL_KINGS",
    "RIVAL_REALMS",
    "TABLES",
    "Glyph",
    "GlyphTable",
    "plain",
    "text",
    "unicode_terminal",
    "use",
    "using",
]

"""Which characters a player's text may not carry to another terminal, and that text made plain.

Names and chat messages come from strangers. Escape sequences would retitle or reprogram another
player's terminal, bidi overrides reorder the line, lone surrogates cannot be encoded. The server
makes every name and chat message plain (`plain_line`): sequences removed whole, any other such
character dropped, runs of spaces and line breaks one space. The app shows any text it did not
write through `rivals_tui.text.safe_text`, which escapes the same characters (`unsafe`) rather than
dropping them — one list of what is unsafe for both. Square brackets stay: the app never reads a
player's text as markup, so "[b]" is shown as typed.

Standard library only: the app imports this module as well as the server.
"""

from __future__ import annotations

import re
import unicodedata

# Format characters that join emoji or shape scripts are harmless and expected in names.
KEEP_FORMAT = frozenset({"\u200c", "\u200d"})

# A terminal's escape sequences as a whole, so no printable tail ("[31m", "]0;title") is left
# behind: CSI (ESC [ or its one-byte form), OSC, DCS, SOS, PM, APC strings up to their end (BEL
# or ST, or the end of the text), and the two-character ESC forms.
_SEQUENCE = re.compile(
    r"(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]?"
    r"|(?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f])[^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?"
    r"|\x1b[ -/]*[0-~]?"
)


def unsafe(ch: str) -> bool:
    """A character that must not reach a terminal as it is."""
    if ch in KEEP_FORMAT:
        return False
    # Cc: C0/C1 controls (ESC, CSI...); Cf: bidi overrides and other invisible formatting;
    # Cs: lone surrogates; Zl/Zp: line and paragraph separators.
    return unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Zl", "Zp")


def plain_line(text: str) -> str:
    """`text` as one plain line: escape sequences and unsafe characters gone, line breaks and
    runs of spaces one space, no space at either end."""
    if not text.isprintable():
        text = _SEQUENCE.sub("", text)
        # A line break or tab separates words: it becomes a space, not nothing.
        text = "".join(" " if ch in "\t\n\r\v\f\x85\u2028\u2029" else "" if unsafe(ch) else ch for ch in text)
    return " ".join(text.split())

"""Showing text that came from a player or a file: never as markup, never as terminal codes.

Names, save names and error lines can hold anything — square brackets that Rich and Textual would
read as markup (`[/]` crashes, `[@click=app.quit]` acts), escape sequences that would retitle or
reprogram the terminal, bidi overrides that reorder the line, lone surrogates that cannot be
encoded. Every such text goes through `safe_text` before it reaches the terminal (escaping the
characters `rivals_net.plain.unsafe` names, the list the table server drops them by), and through
`plain` (a `Content` that is never parsed as markup) before it reaches a widget.

No Textual import at module level: the CLI uses `safe_text` without starting the app.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rivals_net.plain import unsafe

if TYPE_CHECKING:
    from rich.text import Text
    from textual.content import Content


def sentence(text: str) -> str:
    """`text` ending as a sentence, so that another can follow it: a save's error ("not a Rivals
    save (it is not a text file)") before the offer of its previous version."""
    return text if text.endswith((".", "!", "?")) else text + "."


def _escape(ch: str) -> str:
    code = ord(ch)
    if ch == "\t":
        return "\\t"
    if ch == "\n":
        return "\\n"
    if ch == "\r":
        return "\\r"
    if code < 0x100:
        return f"\\x{code:02x}"
    if code < 0x10000:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def safe_text(text: object, *, newlines: bool = False) -> str:
    """`text` with every control or invisible formatting character written as an escape ("\\x1b").

    `newlines=True` keeps line breaks (for multi-line texts such as a card's detail).
    """
    s = str(text)
    if s.isprintable() and (newlines or "\n" not in s):
        return s  # the common case: nothing to do
    out = []
    for ch in s:
        if newlines and ch == "\n":
            out.append(ch)
        elif unsafe(ch):
            out.append(_escape(ch))
        else:
            out.append(ch)
    return "".join(out)


def plain(text: object, *, newlines: bool = True) -> Content:
    """A widget-ready text shown exactly as written: escaped, and never read as markup."""
    from textual.content import Content

    return Content(safe_text(text, newlines=newlines))


def plain_rich(text: object, *, newlines: bool = True) -> Text:
    """The same for places that take Rich text (DataTable cells and column labels)."""
    from rich.text import Text

    return Text(safe_text(text, newlines=newlines))

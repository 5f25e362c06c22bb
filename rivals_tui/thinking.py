"""How far a thinking bot has got, as the game screen's status line shows it.

A bot that may think for more than about a second (expert) gets a bar and a percentage after
its words — "AI 2 (AI) is thinking… [####------]  40%" — redrawn every `TICK` seconds from the
search's own count (`ISMCTSBot.progress`, read while the search runs in its worker thread).
A shorter think (easy, normal, hard, which rarely fills its second) keeps the plain words: a bar
that flashes by tells nothing. The bar is ASCII characters and a number, so it reads the same
in both symbol sets and without colour.
"""

from __future__ import annotations

from engine.ai import ISMCTSBot

# A bot whose time budget is longer than this (seconds) shows its progress.
BAR_FROM = 1.0
BAR_WIDTH = 10
# How often the status line redraws a bar (seconds): a few times a second.
TICK = 0.25


def bar(share: float) -> str:
    """`share` (0 to 1) as a bar and a whole percentage: "[####------]  40%"."""
    share = min(1.0, max(0.0, share))
    filled = int(share * BAR_WIDTH)
    return f"[{'#' * filled}{'-' * (BAR_WIDTH - filled)}] {int(share * 100):>3}%"


class Thinker:
    """One think under way: the words the status line says meanwhile, and the bot's bar if its
    think is long enough to be worth one."""

    def __init__(self, words: str, bot: object) -> None:
        self.words = words
        self._bot = bot if isinstance(bot, ISMCTSBot) and bot.budget > BAR_FROM else None
        # The bot's searches so far: until its worker begins the next one, the bar stays empty
        # (the bot's progress still tells of its last search).
        self._before = self._bot.searches if self._bot is not None else 0

    @property
    def measured(self) -> bool:
        """Whether the status line shows a bar (and is redrawn while it lasts)."""
        return self._bot is not None

    def share(self) -> float:
        """How much of its budget the think has used (0 to 1; 0 without a bar)."""
        bot = self._bot
        return 0.0 if bot is None or bot.searches == self._before else bot.progress()

    def shown(self) -> str:
        """The words, then the bar when there is one."""
        return self.words if self._bot is None else f"{self.words} {bar(self.share())}"

"""What the app knows about Rivals before loading its rules."""

from engine.core.info import GameInfo
from engine.rivals.options import RivalsOptions

INFO = GameInfo(
    id="rivals",
    title="Rivals",
    players=range(2, 7),
    options=RivalsOptions,
    rules="engine.rivals.game",
)

"""What the app knows about Rivalist before loading its rules."""

from engine.core.info import GameInfo
from engine.rivalist.options import RivalistOptions

INFO = GameInfo(
    id="rivalist",
    title="Rivalist",
    players=range(2, 3),
    options=RivalistOptions,
    rules="engine.rivalist.game",
    supports_series=False,
)

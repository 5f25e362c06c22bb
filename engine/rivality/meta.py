"""What the app knows about Rivality before loading its rules."""

from engine.core.info import GameInfo
from engine.rivality.options import RivalityOptions

INFO = GameInfo(
    id="rivality",
    title="Rivality",
    players=range(1, 5),
    options=RivalityOptions,
    rules="engine.rivality.game",
    supports_series=True,
)

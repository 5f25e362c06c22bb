"""What the app knows about Rival Realms before loading its rules."""

from engine.core.info import GameInfo
from engine.rival_realms.options import RivalRealmsOptions

INFO = GameInfo(
    id="rival_realms",
    title="Rival Realms",
    players=range(1, 3),
    options=RivalRealmsOptions,
    rules="engine.rival_realms.game",
    supports_series=True,
)

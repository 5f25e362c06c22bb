"""What the app knows about Rival Kings before loading its rules."""

from engine.core.info import GameInfo
from engine.rival_kings.options import RivalKingsOptions

INFO = GameInfo(
    id="rival_kings",
    title="Rival Kings",
    players=range(2, 5),
    options=RivalKingsOptions,
    rules="engine.rival_kings.game",
    supports_series=True,
)

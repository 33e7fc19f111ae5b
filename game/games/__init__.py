"""Each game's front end is one plugin here, registered explicitly: its board geometry,
looks, texts namespace, rules page and diagram, prompts, refusals and flashes.

A new game adds one module and one line below; `check_front_ends()` (run at start)
names any engine game without a plugin, or a plugin without a part.
"""

from game.games.dames import DAMES_FRONT_END
from game.games.morris import NINE_FRONT_END, TWELVE_FRONT_END
from game.games.othello import OTHELLO_FRONT_END
from game.games.parts import FrontEnd, FrontEndError
from game.games.registry import check_front_ends, front_end_games, plugin_for, register, unregister
from game.games.teeko import TEEKO_FRONT_END

for _plugin in (NINE_FRONT_END, TWELVE_FRONT_END, TEEKO_FRONT_END, OTHELLO_FRONT_END, DAMES_FRONT_END):
    register(_plugin)

__all__ = [
    "FrontEnd",
    "FrontEndError",
    "check_front_ends",
    "front_end_games",
    "plugin_for",
    "register",
    "unregister",
]

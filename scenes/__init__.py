"""The arcade's screens. Importing this package registers every scene by name, so a
scene opens another with `app.push("name", ...)` and never imports its class."""

import threading

from game.arcade import materials
from game.arcade.scene import register_scene
from scenes.board import BoardScene
from scenes.board_panel import BOARD_RECT
from scenes.difficulty import DifficultyScene
from scenes.game_over import FINAL_BOARD_RECT, GameOverScene
from scenes.game_select import GameSelectScene
from scenes.host import HostScene
from scenes.join import JoinScene
from scenes.lan_menu import LanMenuScene
from scenes.mode_select import ModeSelectScene
from scenes.replay import ReplayScene
from scenes.review import ReviewScene
from scenes.rules import DIAGRAM_RECT, RulesScene
from scenes.settings import SettingsScene
from scenes.title import TitleScene

register_scene("title", TitleScene)
register_scene("board", BoardScene)
register_scene("new_game", BoardScene.new_game)
register_scene("game_select", GameSelectScene)
register_scene("mode_select", ModeSelectScene)
register_scene("difficulty", DifficultyScene)
register_scene("lan_menu", LanMenuScene)
register_scene("host", HostScene)
register_scene("join", JoinScene)
register_scene("game_over", GameOverScene)
register_scene("replay", ReplayScene)
register_scene("review", ReviewScene)
register_scene("rules", RulesScene)
register_scene("settings", SettingsScene)

# The board sizes the screens draw (the board, the game over's, the rules diagram):
# their materials are computed while the title shows, so no screen waits for them.
BOARD_SIDES = (BOARD_RECT.width, FINAL_BOARD_RECT.width, DIAGRAM_RECT.width)
FELT_SHARE = 0.88  # Othello's felt covers this much of its board (the rest is the frame)


def warm_up_materials() -> threading.Thread:
    return materials.warm_up(BOARD_SIDES, tuple(round(side * FELT_SHARE) for side in BOARD_SIDES))

"""The game over of a network game: the link kept for a rematch (game.net.rematch).
Rematch asks the other player (or accepts their offer); their answer, or a new board
with the colours swapped, follows. Functions of the game-over scene, like board_draw."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.net.rematch import GONE, STARTED, PostGame
from scenes.lan_start import start_lan_board

if TYPE_CHECKING:
    from scenes.game_over import GameOverScene


def ask_rematch(scene: GameOverScene, post: PostGame) -> bool:
    """Rematch pressed: ask (or accept); False when the link is gone (play locally)."""
    post.poll()
    if post.state == GONE:
        return False
    post.offer()
    scene.message = post.text(scene.app.lang)
    return True


def update_rematch(scene: GameOverScene, post: PostGame) -> None:
    """Each frame: the other player's answer, or the rematch's board."""
    post.poll()
    if post.state == STARTED and post.started is not None:
        setup = scene.session.setup if post.host else None
        problem = start_lan_board(scene.app, post.take_bridge(), post.started, post.later, setup)
        scene.message = problem
        return
    text = post.text(scene.app.lang)
    if text != scene.message:
        scene.message = text

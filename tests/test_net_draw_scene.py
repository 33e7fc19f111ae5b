"""A draw offered across the network from the arcade's board: the arcade hosts Teeko, the
other computer is a bridge driven by hand. The arcade's offer is declined and the game
goes on; the other player's offer is accepted on the board and both sides end drawn.
Loopback only, bounded frame loops."""

from __future__ import annotations

import pytest

pytest.importorskip("pygame_gui")

from conftest import arcade_app
from test_net_scenes import RemotePlayer, frames_until, hosted_board

from engine.core import AGREED_DRAW
from game.arcade.app import App
from game.net.bridge import NetBridge
from game.net.events import DrawOffered, DrawSettled
from scenes.game_over import GameOverScene

app = arcade_app(animation_speed=0.0)


def test_a_draw_across_the_network_declined_then_agreed(app: App) -> None:
    other = RemotePlayer(NetBridge(), 0, plays=False)  # it moves only when told
    board = hosted_board(app, "teeko", other)
    assert board.game.can_offer_draw()
    # The arcade (Black, to move) offers; its board waits; the other player declines.
    board.press("offer_draw")
    assert not board.human_to_move() and "waiting for the other player" in board.status_text()
    frames_until(app, lambda: any(isinstance(e, DrawOffered) for e in other.events), also=other.step)
    other.bridge.answer_draw(False)
    frames_until(app, lambda: board.human_to_move(), also=other.step)
    assert "declined" in board.status_text() and not board.session.over
    # The game goes on; then the other player, to move, offers, and the arcade accepts.
    board.game.play("c3")
    frames_until(app, lambda: other.state is not None and len(other.state.history) == 1, also=other.step)
    other.bridge.offer_draw()
    frames_until(app, lambda: board.game.draw.asked == 0, also=other.step)
    assert "White offers a draw" in board.status_text()
    board.press("offer_draw")  # it reads Accept now
    frames_until(app, lambda: isinstance(app.top, GameOverScene), also=other.step)
    assert board.session.outcome() == AGREED_DRAW
    frames_until(app, lambda: DrawSettled(True) in other.events, also=other.step)
    other.bridge.close()
    other.bridge.join_thread()

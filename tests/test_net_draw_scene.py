"""A draw offered across the network from the arcade's board: the arcade hosts Teeko, the
other computer is a bridge driven by hand. The arcade's offer is declined and the game
goes on; the other player's offer is accepted on the board and both sides end drawn.
Loopback only, bounded frame loops."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

pytest.importorskip("pygame_gui")

from conftest import headless_arcade
from test_net_continue import frames_until

from engine.core import AGREED_DRAW, GameState
from engine.registry import new_state
from game.arcade.app import App
from game.net.bridge import NetBridge
from game.net.events import DrawOffered, DrawSettled, MoveArrived, NetEvent, Started
from game.session import GameSetup
from scenes.board import BoardScene
from scenes.game_over import GameOverScene
from scenes.host import HostScene


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[App]:
    yield from headless_arcade(tmp_path_factory, animation_speed=0.0)


class OtherComputer:
    """The guest's side, moved by the test: it plays and answers only when told."""

    def __init__(self) -> None:
        self.bridge = NetBridge()
        self.events: list[NetEvent] = []
        self.state: GameState | None = None

    def step(self) -> None:
        for event in self.bridge.poll():
            self.events.append(event)
            if isinstance(event, Started):
                self.state = new_state(event.game_id, event.options)
            elif isinstance(event, MoveArrived) and self.state is not None:
                self.state.play(event.move)

    def seen(self, kind: type) -> list[NetEvent]:
        return [e for e in self.events if isinstance(e, kind)]

    def play(self, move: str) -> None:
        assert self.state is not None
        self.state.play(move)
        self.bridge.play(move)


def test_a_draw_across_the_network_declined_then_agreed(app: App) -> None:
    host_scene = HostScene(app, GameSetup("teeko"), 0)
    app.reset(host_scene)
    app.apply_pending()
    other = OtherComputer()
    frames_until(app, lambda: bool(host_scene.code), other.step)
    other.bridge.join("127.0.0.1", host_scene.port, host_scene.code)
    frames_until(app, lambda: isinstance(app.top, BoardScene), other.step)
    board = app.top
    assert isinstance(board, BoardScene) and board.game.can_offer_draw()
    # The arcade (Black, to move) offers; its board waits; the other player declines.
    board.press("offer_draw")
    assert not board.human_to_move() and "waiting for the other player" in board.status_text()
    frames_until(app, lambda: bool(other.seen(DrawOffered)), other.step)
    other.bridge.answer_draw(False)
    frames_until(app, lambda: board.human_to_move(), other.step)
    assert "declined" in board.status_text() and not board.session.over
    # The game goes on; then the other player, to move, offers, and the arcade accepts.
    board.game.play("c3")
    frames_until(app, lambda: other.state is not None and len(other.state.history) == 1, other.step)
    other.bridge.offer_draw()
    frames_until(app, lambda: board.game.draw.asked == 0, other.step)
    assert "White offers a draw" in board.status_text()
    board.press("offer_draw")  # it reads Accept now
    frames_until(app, lambda: isinstance(app.top, GameOverScene), other.step)
    assert board.session.outcome() == AGREED_DRAW
    frames_until(app, lambda: DrawSettled(True) in other.events, other.step)
    other.bridge.close()
    other.bridge.join_thread()

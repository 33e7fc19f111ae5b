"""Two players on one machine (issue 17, item 11): the arcade's guest quits mid-game,
the app's Continue reconnects it to the same host with its token, and the game goes on;
the other side sees the drop and the return. Loopback only, bounded frame loops."""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

pytest.importorskip("pygame_gui")

from conftest import headless_arcade
from test_net_scenes import RemotePlayer, person_clicks

from game.arcade.app import App
from game.autosave import read_network_autosave
from game.net.bridge import NetBridge
from game.net.events import Listening, Lost, Resumed, Started
from game.net.remote_turns import PLAYING
from scenes.board import BoardScene
from scenes.lan_start import start_lan_board
from scenes.title import TitleScene


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[App]:
    yield from headless_arcade(tmp_path_factory, animation_speed=0.0)


def frames_until(app: App, done: Callable[[], bool], also: Callable[[], None] = lambda: None) -> None:
    deadline = time.monotonic() + 30.0  # a hang fails the test instead of blocking it
    while not done():
        assert time.monotonic() < deadline, f"timed out on {type(app.top).__name__}"
        also()
        app.frame(1 / 30, [])
        time.sleep(0.002)


def of(bridge: NetBridge, kind: type) -> list[Any]:
    return [e for e in bridge.poll() if isinstance(e, kind)]


def test_the_arcade_guest_quits_and_continue_takes_its_seat_back(app: App) -> None:
    host = RemotePlayer(NetBridge(), 7)
    host.bridge.host("teeko", {}, port=0, announce=False)
    listening: list[Listening] = []
    frames_until(app, lambda: bool(listening), lambda: listening.extend(of(host.bridge, Listening)))
    mine = NetBridge()
    mine.join("127.0.0.1", listening[0].port, listening[0].code)
    started: list[Started] = []
    frames_until(app, lambda: bool(started), lambda: started.extend(of(mine, Started)))
    app.reset(TitleScene(app))
    app.apply_pending()
    assert start_lan_board(app, mine, started[0]) == ""
    app.apply_pending()
    board = app.top
    assert isinstance(board, BoardScene)
    rng = random.Random(3)

    def both() -> None:
        host.step()
        person_clicks(app, rng)

    frames_until(app, lambda: len(board.session.state.history) >= 4, both)
    frames_until(app, lambda: board.game.autosaver is None or board.game.autosaver.flush() is None)
    played = [str(m) for m in board.session.state.history]

    # The player quits (closing the window does the same): a pause, not a leave.
    app.reset(TitleScene(app))
    app.apply_pending()
    frames_until(app, lambda: any(isinstance(e, Lost) for e in host.events), host.step)
    found = read_network_autosave()
    assert found is not None and [str(m) for m in found[0].state.history][: len(played)] == played

    # Continue: the same seat, the same game, the opponent back.
    title = app.top
    assert isinstance(title, TitleScene)
    title.choose("continue")
    app.apply_pending()
    again = app.top
    assert isinstance(again, BoardScene) and again.game.remote is not None
    frames_until(app, lambda: again.game.remote is not None and again.game.remote.state == PLAYING, host.step)
    assert any(isinstance(e, Resumed) for e in host.events)
    before = len(again.session.state.history)
    frames_until(app, lambda: len(again.session.state.history) >= before + 2, both)
    assert host.state is not None
    theirs, ours = ([str(m) for m in s.history][: before + 2] for s in (host.state, again.session.state))
    assert theirs == ours
    app.reset(TitleScene(app))
    app.apply_pending()
    host.bridge.close()
    host.bridge.join_thread()

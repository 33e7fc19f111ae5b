"""The arcade's Host and Join scenes (headless pygame): a person clicking on one side,
a network guest or host on the other, through the bridge's thread, to the game over."""

from __future__ import annotations

import random
import time
from collections.abc import Callable

import pytest

pygame = pytest.importorskip("pygame")
pygame_gui = pytest.importorskip("pygame_gui")

from conftest import arcade_app  # noqa: E402

from engine.core import GameState  # noqa: E402
from engine.registry import new_state  # noqa: E402
from game.arcade.app import App  # noqa: E402
from game.net.bridge import NetBridge  # noqa: E402
from game.net.discovery import Announcer, Listener, announcement, read_announcement  # noqa: E402
from game.net.events import Ended, Listening, MoveArrived, NetEvent, Started  # noqa: E402
from game.session import GameSetup  # noqa: E402
from scenes.board import BoardScene  # noqa: E402
from scenes.game_over import GameOverScene  # noqa: E402
from scenes.host import HostScene  # noqa: E402
from scenes.join import JoinScene  # noqa: E402

app = arcade_app(animation_speed=0.0)


def frames_until(
    app: App, done: Callable[[], bool], seconds: float = 15.0, also: Callable[[], None] = lambda: None
) -> None:
    deadline = time.monotonic() + seconds
    while not done():
        if time.monotonic() > deadline:
            top = app.top
            seen = [str(m) for m in top.session.state.history] if isinstance(top, BoardScene) else []
            raise AssertionError(f"timed out; top scene {type(top).__name__}, moves {seen}")
        also()
        app.frame(1 / 30, [])
        time.sleep(0.002)


class RemotePlayer:
    """The other computer: a bridge of its own, playing random legal moves (or none, when
    `plays` is False: the test moves it by hand)."""

    def __init__(self, bridge: NetBridge, seed: int, *, plays: bool = True) -> None:
        self.bridge = bridge
        self.plays = plays
        self.rng = random.Random(seed)
        self.state: GameState | None = None
        self.seat = 0
        self.events: list[NetEvent] = []

    def step(self) -> None:
        for event in self.bridge.poll():
            self.events.append(event)
            if isinstance(event, Started):
                self.state = new_state(event.game_id, event.options)
                self.state.play_all(list(event.moves))
                self.seat = event.seat
            elif isinstance(event, MoveArrived) and self.state is not None:
                self.state.play(event.move)
        state = self.state
        if self.plays and state is not None and state.outcome() is None and state.to_move == self.seat:
            move = str(self.rng.choice(state.legal_moves()))
            state.play(move)
            self.bridge.play(move)


def hosted_board(app: App, game_id: str, guest: RemotePlayer) -> BoardScene:
    """The arcade hosts `game_id` (first seat) and `guest` joins: the board once it shows."""
    host_scene = HostScene(app, GameSetup(game_id), 0)
    app.reset(host_scene)
    app.apply_pending()
    frames_until(app, lambda: bool(host_scene.code), also=guest.step)
    assert len(host_scene.code) == 6 and host_scene.port > 0
    guest.bridge.join("127.0.0.1", host_scene.port, host_scene.code.lower())
    frames_until(app, lambda: isinstance(app.top, BoardScene), also=guest.step)
    board = app.top
    assert isinstance(board, BoardScene)
    return board


def person_clicks(app: App, rng: random.Random) -> None:
    """The local player: clicks the steps of a random legal move when it is their turn."""
    board = app.top
    if not isinstance(board, BoardScene) or not board.human_to_move() or board.animator.busy:
        return
    move = rng.choice(board.session.state.legal_moves())
    for cell in move.steps or (None,):
        board.click_cell(cell)
    if board.builder.can_stop:
        board.stop_here()


def play_to_game_over(app: App, other: RemotePlayer) -> list[str]:
    rng = random.Random(5)
    shown: list[str] = []

    def both() -> None:
        other.step()
        person_clicks(app, rng)
        if isinstance(app.top, BoardScene):
            shown[:] = [str(m) for m in app.top.session.state.history]

    frames_until(app, lambda: isinstance(app.top, GameOverScene), 60.0, both)
    return shown


def test_hosting_from_the_arcade_plays_a_game_with_a_network_guest(app: App) -> None:
    guest = RemotePlayer(NetBridge(), 11)
    board = hosted_board(app, "othello", guest)  # the code is typed in lower case
    assert board.remote is not None
    assert [s.kind for s in board.session.seats] == ["human", "remote"]
    assert not board.buttons["undo"].is_enabled and not board.buttons["load"].is_enabled
    app.frame_times.clear()
    moves = play_to_game_over(app, guest)
    assert guest.state is not None and moves == [str(m) for m in guest.state.history]
    assert guest.state.outcome() is not None
    guest.bridge.close()
    guest.bridge.join_thread()


def test_joining_from_the_arcade_by_address_and_code(app: App) -> None:
    host = RemotePlayer(NetBridge(), 12)
    host.bridge.host("nine", {}, 0, port=0, announce=False)
    deadline = time.monotonic() + 10
    while not any(isinstance(e, Listening) for e in host.events):
        assert time.monotonic() < deadline
        host.step()
        time.sleep(0.01)
    listening = next(e for e in host.events if isinstance(e, Listening))
    join_scene = JoinScene(app)
    app.reset(join_scene)
    app.apply_pending()
    assert join_scene.address is not None and join_scene.code is not None
    # A wrong code first: refused with the reason, and the scene lets the person retry.
    join_scene.address.set_text(f"127.0.0.1:{listening.port}")
    join_scene.code.set_text("ZZZZZZ" if listening.code != "ZZZZZZ" else "YYYYYY")
    join_scene.join()
    frames_until(app, lambda: not join_scene.joining)
    assert "wrong join code" in join_scene.message
    join_scene.code.set_text(listening.code)
    join_scene.join()
    frames_until(app, lambda: isinstance(app.top, BoardScene), also=host.step)
    board = app.top
    assert isinstance(board, BoardScene)
    assert [s.kind for s in board.session.seats] == ["remote", "human"]
    moves = play_to_game_over(app, host)
    assert host.state is not None and moves == [str(m) for m in host.state.history]
    host.bridge.close()
    host.bridge.join_thread()


def test_the_join_scene_refuses_bad_input_without_connecting(app: App) -> None:
    join_scene = JoinScene(app)
    app.reset(join_scene)
    app.apply_pending()
    assert join_scene.address is not None and join_scene.code is not None
    join_scene.address.set_text("host:notaport")
    join_scene.code.set_text("ABC234")
    join_scene.join()
    assert not join_scene.joining and "address" in join_scene.message
    join_scene.address.set_text("127.0.0.1")
    join_scene.code.set_text("ABC")
    join_scene.join()
    assert not join_scene.joining and "6 characters" in join_scene.message


def test_announcements_are_heard_and_garbage_ignored() -> None:
    import asyncio
    import socket

    assert read_announcement(b"\xff", "1.2.3.4") is None
    assert read_announcement(b'{"plateaux":1,"game":"nine","options":{},"port":true,"name":""}', "x") is None
    found = read_announcement(announcement("teeko", {}, 5000, "box"), "10.0.0.7")
    assert found is not None and found.endpoint == "10.0.0.7:5000" and found.game_id == "teeko"

    async def scenario() -> tuple[object, ...]:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        listener = Listener(port)
        await listener.start()
        announcer = Announcer(announcement("othello", {}, 4242, "box"), (("127.0.0.1", port),))
        announcer.start()
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as noise:
            noise.sendto(b"garbage", ("127.0.0.1", port))
        await asyncio.sleep(0.3)
        games = listener.games()
        announcer.stop()
        listener.stop()
        return games

    games = asyncio.run(scenario())
    assert len(games) == 1
    assert games[0].game_id == "othello" and games[0].port == 4242  # type: ignore[attr-defined]


def test_a_bridge_reports_an_unreachable_host() -> None:
    bridge = NetBridge()
    bridge.join("127.0.0.1", 1, "ABCDEF")
    deadline = time.monotonic() + 10
    events: list[NetEvent] = []
    while not any(isinstance(e, Ended) for e in events):
        assert time.monotonic() < deadline
        events += bridge.poll()
        time.sleep(0.01)
    assert next(e for e in events if isinstance(e, Ended)).reason == "unreachable"
    bridge.close()
    bridge.join_thread()
    assert not bridge._thread.is_alive()


def test_picking_a_found_game_fills_the_address(app: App) -> None:
    from game.net.events import FoundGame, GamesFound

    join_scene = JoinScene(app)
    app.reset(join_scene)
    app.apply_pending()
    games = (
        FoundGame("10.0.0.5", 47470, "teeko", {}, "salon"),
        FoundGame("10.0.0.9", 5000, "nine", {}, "den"),
    )
    join_scene.bridge._events.put(GamesFound(games))  # type: ignore[union-attr]
    app.frame(1 / 30, [])
    assert join_scene.found == games and join_scene.games_list is not None
    second = str(join_scene._items()[1])
    assert "den" in second and "10.0.0.9:5000" in second
    join_scene.pick(second)
    assert join_scene.address is not None and join_scene.address.get_text() == "10.0.0.9:5000"
    assert join_scene.expect_game == "nine"


def test_leaving_a_network_game_asks_first(app: App) -> None:
    from scenes.title import TitleScene

    guest = RemotePlayer(NetBridge(), 3)
    board = hosted_board(app, "teeko", guest)
    escape = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")
    board.handle_event(escape)
    app.apply_pending()
    assert app.top is board and board.refused and "again" in board.status_text()
    board.handle_event(escape)
    app.apply_pending()
    assert isinstance(app.stack[-1], TitleScene)
    guest.bridge.close()
    guest.bridge.join_thread()

"""Two players on one machine (issue 17, item 11): the arcade's guest quits mid-game,
the app's Continue reconnects it to the same host with its token, and the game goes on;
the other side sees the drop and the return. Loopback only, bounded frame loops."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("pygame_gui")

from conftest import arcade_app
from test_net_scenes import RemotePlayer, hosted_board, person_clicks
from test_net_scenes import frames_until as wait_frames

from game.arcade.app import App
from game.autosave import read_network_autosave
from game.net.bridge import NetBridge
from game.net.events import Listening, Lost, Resumed, Started
from game.net.remote_turns import PLAYING
from scenes.board import BoardScene
from scenes.lan_start import start_lan_board
from scenes.title import TitleScene

app = arcade_app(animation_speed=0.0)


def frames_until(app: App, done: Callable[[], bool], also: Callable[[], None] = lambda: None) -> None:
    """Frames until `done`; a hang fails the test instead of blocking it."""
    wait_frames(app, done, 30.0, also)


def of(bridge: NetBridge, kind: type) -> list[Any]:
    return [e for e in bridge.poll() if isinstance(e, kind)]


def quit_and_continue(
    app: App,
    board: BoardScene,
    other: RemotePlayer,
    plies: int,
    both: Callable[[], None],
    played: list[str] | None = None,
    while_away: Callable[[], None] = lambda: None,
) -> BoardScene:
    """Play `plies`, quit to the title (closing the window does the same: a pause, not a
    leave), wait until `other` sees the link drop, then Continue: the board back, playing.
    `played` gets the moves as they stood; `while_away` runs while the player is gone."""
    frames_until(app, lambda: len(board.session.state.history) >= plies, both)
    frames_until(app, lambda: board.game.autosaver is None or board.game.autosaver.flush() is None)
    if played is not None:
        played[:] = [str(m) for m in board.session.state.history]
    app.reset(TitleScene(app))
    app.apply_pending()
    frames_until(app, lambda: any(isinstance(e, Lost) for e in other.events), other.step)
    while_away()
    title = app.top
    assert isinstance(title, TitleScene)
    title.choose("continue")  # the same seat, the same game, the opponent back
    app.apply_pending()
    again = app.top
    assert isinstance(again, BoardScene) and again.game.remote is not None
    back = again.game.remote
    frames_until(app, lambda: back.state == PLAYING, other.step)
    return again


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

    played: list[str] = []

    def read_autosave() -> None:
        found = read_network_autosave()
        assert found is not None and [str(m) for m in found[0].state.history][: len(played)] == played

    again = quit_and_continue(app, board, host, 4, both, played, read_autosave)
    assert any(isinstance(e, Resumed) for e in host.events)
    two_more_plies_agree(app, again, host, both)


def test_the_arcade_host_quits_and_continue_listens_again_for_its_guest(app: App) -> None:
    guest = RemotePlayer(NetBridge(), 13)
    board = hosted_board(app, "teeko", guest)
    rng = random.Random(4)

    def both() -> None:
        guest.step()
        person_clicks(app, rng)

    again = quit_and_continue(app, board, guest, 3, both)  # the host quits; its guest waits
    two_more_plies_agree(app, again, guest, both)


def test_a_network_rematch_from_the_game_over_swaps_the_colours(app: App) -> None:
    from test_net_scenes import play_to_game_over

    from game.net.events import RematchDeclined, RematchOffered
    from game.net.rematch import OFFERED
    from scenes.game_over import GameOverScene

    guest = RemotePlayer(NetBridge(), 17)
    hosted_board(app, "teeko", guest)
    play_to_game_over(app, guest)
    over = app.top
    assert isinstance(over, GameOverScene) and over.post is not None
    # The arcade asks; the other player declines.
    over.choose("rematch")
    frames_until(app, lambda: any(isinstance(e, RematchOffered) for e in guest.events), guest.step)
    guest.bridge.answer_rematch(False)
    frames_until(app, lambda: "declined" in over.message, guest.step)
    assert app.stack[-1] is over
    # The other player asks; the arcade accepts: a new board, the colours swapped.
    starts = sum(isinstance(e, Started) for e in guest.events)
    guest.bridge.offer_rematch()
    frames_until(app, lambda: over.post is not None and over.post.state == OFFERED, guest.step)
    assert "Rematch" in over.message
    over.choose("rematch")
    frames_until(app, lambda: isinstance(app.top, BoardScene), guest.step)
    board = app.top
    assert isinstance(board, BoardScene) and board.session.state.history == []
    assert [seat.is_remote for seat in board.session.seats] == [True, False]  # the guest plays first now
    frames_until(app, lambda: sum(isinstance(e, Started) for e in guest.events) > starts, guest.step)
    assert guest.seat == 0
    rng = random.Random(8)

    def both() -> None:
        guest.step()
        person_clicks(app, rng)

    frames_until(app, lambda: len(board.session.state.history) >= 2, both)
    assert not any(isinstance(e, RematchDeclined) for e in guest.events)
    app.reset(TitleScene(app))
    app.apply_pending()
    guest.bridge.close()
    guest.bridge.join_thread()


@pytest.mark.parametrize("key", ["c", "s", "w"])
def test_the_board_keys_answer_an_absent_opponent(app: App, key: str) -> None:
    import pygame
    from test_net_seat import FakeBridge

    from game.net.remote_turns import RemoteTurns
    from game.session import HUMAN, REMOTE, GameSession, GameSetup, Seat

    session = GameSession(GameSetup("teeko", {}, (Seat(HUMAN), Seat(REMOTE, None, "them"))))
    bridge = FakeBridge()
    remote = RemoteTurns(bridge, 1, host=True, waiting=True, patience=0.0)  # type: ignore[arg-type]
    app.reset(TitleScene(app))
    app.apply_pending()
    app.push("board", session, remote=remote)
    app.apply_pending()
    board = app.top
    assert isinstance(board, BoardScene) and "W:" in board.game.status_text()
    event = pygame.event.Event(pygame.KEYDOWN, key=pygame.key.key_code(key), mod=0, unicode=key)
    board.handle_event(event)
    app.apply_pending()
    if key == "c":  # the computer plays the opponent's seat: after our move, it answers
        assert board.game.remote is None and session.seats[1].is_ai and bridge.closed == [True]
        rng = random.Random(1)
        frames_until(app, lambda: len(session.state.history) >= 2, lambda: person_clicks(app, rng))
    elif key == "s":  # leave to finish later: no bye, back to the title
        assert bridge.closed and True not in bridge.closed and isinstance(app.top, TitleScene)
    else:  # wait: still the network game
        assert board.game.remote is remote and bridge.closed == []
    app.reset(TitleScene(app))
    app.apply_pending()


def two_more_plies_agree(app: App, again: BoardScene, other: RemotePlayer, both: Callable[[], None]) -> None:
    """After Continue: two more plies are played, and both sides hold the same moves; then
    the board is left and the other side's link closed."""
    before = len(again.session.state.history)
    frames_until(app, lambda: len(again.session.state.history) >= before + 2, both)
    frames_until(app, lambda: other.state is not None and len(other.state.history) >= before + 2, other.step)
    assert other.state is not None
    theirs, ours = ([str(m) for m in s.history][: before + 2] for s in (other.state, again.session.state))
    assert theirs == ours
    app.reset(TitleScene(app))
    app.apply_pending()
    other.bridge.close()
    other.bridge.join_thread()

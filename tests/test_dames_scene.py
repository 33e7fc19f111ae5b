"""The board scene entering a dames capture click by click (headless pygame, no sound).

After each jump the board shows the chain so far played (the piece on its new square,
the jumped piece gone at once, the step animated), while the game itself waits for
the player to jump on or stop: click the piece again, right click or Enter.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

pygame = pytest.importorskip("pygame")

from conftest import arcade_app  # noqa: E402

from engine.core import EMPTY, FIRST_MAN, SECOND_MAN  # noqa: E402
from game.arcade.animation import Removal, Travel  # noqa: E402
from game.arcade.app import App  # noqa: E402
from game.session import HUMAN, GameSession, GameSetup, Seat  # noqa: E402
from scenes.board import BoardScene  # noqa: E402

# White to move: the man on 37 may take on 32 and stop on 28, or take on 22 too (17).
CHAIN_LINE = ["31-26", "16-21", "32-27", "21x32", "26-21", "17-22"]


def sq(number: int) -> int:
    return number - 1


app = arcade_app(animation_speed=1.0)


@pytest.fixture
def scene(app: App) -> Iterator[BoardScene]:
    session = GameSession(GameSetup("dames", {}, (Seat(HUMAN), Seat(HUMAN))))
    session.state.play_all(CHAIN_LINE)
    board = BoardScene(app, session)
    yield board
    board.closing()


def test_each_jump_shows_at_once_and_the_game_waits(scene: BoardScene) -> None:
    plies = len(scene.session.state.history)
    scene.click_cell(sq(37))
    assert scene.cells == scene.session.state.board()  # only the piece chosen: nothing moves
    scene.click_cell(sq(28))
    assert scene.cells[sq(28)] == FIRST_MAN and scene.cells[sq(37)] == EMPTY
    assert scene.cells[sq(32)] == EMPTY  # the jumped man left at once
    assert scene.cells[sq(22)] == SECOND_MAN
    assert scene.animator.busy  # the step is animated
    travel = next(a for a in scene.animator.items if isinstance(a, Travel))
    removal = next(a for a in scene.animator.items if isinstance(a, Removal))
    assert travel.path == [sq(37), sq(28)] and removal.cell == sq(32)
    assert removal.delay < travel.duration  # it fades as it is jumped, not after the landing
    assert len(scene.session.state.history) == plies  # not played yet: the player may go on
    assert scene.builder.prefix == (sq(37), sq(28))
    assert "click the piece on 28 to stop" in scene.status_text()
    scene.draw(pygame.Surface((1280, 720)))  # the preview draws (rings, no ghost piece)


def test_clicking_the_piece_again_stops_the_chain(scene: BoardScene) -> None:
    scene.click_cell(sq(37))
    scene.click_cell(sq(28))
    shown = scene.cells
    scene.click_cell(sq(28))
    assert str(scene.session.state.history[-1]) == "37x28"
    assert scene.cells == shown == scene.session.state.board()
    assert scene.builder.prefix == () and scene.shown_prefix == ()


@pytest.mark.parametrize("stop", ["right click", "enter"])
def test_right_click_or_enter_stops_the_chain(scene: BoardScene, stop: str) -> None:
    scene.click_cell(sq(37))
    scene.click_cell(sq(28))
    if stop == "enter":
        event = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")
    else:
        event = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(0, 0), button=3)
    scene.handle_event(event)
    assert str(scene.session.state.history[-1]) == "37x28"
    assert scene.cells == scene.session.state.board()


def test_the_last_jump_plays_the_whole_chain(scene: BoardScene) -> None:
    for number in (37, 28, 17):
        scene.click_cell(sq(number))
    assert str(scene.session.state.history[-1]) == "37x28x17"
    assert scene.cells == scene.session.state.board()
    assert scene.cells[sq(22)] == EMPTY and scene.cells[sq(17)] == FIRST_MAN


def test_a_click_beside_the_board_puts_the_piece_back(scene: BoardScene) -> None:
    before = scene.session.state.board()
    scene.click_cell(sq(37))
    scene.click_cell(sq(28))
    scene.click_cell(None)
    assert scene.cells == before and scene.builder.prefix == ()


def test_refusals_say_why_in_the_status_line(scene: BoardScene) -> None:
    scene.click_cell(sq(18))
    assert scene.refused and "not yours" in scene.status_text()
    scene.click_cell(sq(37))
    scene.click_cell(sq(28))
    scene.click_cell(sq(23))  # a plain step after a jump
    assert scene.refused and "only another jump" in scene.status_text()
    assert scene.builder.prefix == (sq(37), sq(28))  # the chain so far is kept

"""Moves animated as a player follows them: a capture chain hops jump by jump, each
jumped piece leaving as it is passed over, a man crowned only where it lands; a mill's
removal waits for its flash. Drawing runs headless (SDL dummy driver)."""

from __future__ import annotations

import math

import pytest

pygame = pytest.importorskip("pygame")

from conftest import arcade_app  # noqa: E402

from engine.core import FIRST_KING, FIRST_MAN  # noqa: E402
from engine.registry import new_state  # noqa: E402
from game.arcade.animation import HOP, Animator, Flash, Hops, Removal  # noqa: E402
from game.arcade.app import App  # noqa: E402
from game.arcade.board_look import BoardLook  # noqa: E402

BOARD_RECT = pygame.Rect(48, 30, 620, 620)


app = arcade_app()


DAMES_TWO_JUMPS = (
    "32-28", "20-25", "31-26", "18-22", "38-32", "19-24", "43-38", "24-29", "34x23", "25-30",
    "35x24", "17-21", "24-19", "22-27", "33-29",
)  # fmt: skip


DAMES_TO_CROWNING_CHAIN = (
    "33-28", "18-23", "39-33", "23-29", "33x24", "20x29", "34x23", "19-24", "31-27", "12-18",
    "23x12", "7x18", "38-33", "1-7", "27-21", "16x27",
)  # fmt: skip


@pytest.mark.parametrize("speed", [1.0, 2.0])
def test_a_capture_chain_hops_jump_by_jump_each_piece_leaving_as_it_is_jumped(app: App, speed: float) -> None:
    look = BoardLook("dames", {}, BOARD_RECT)
    state = new_state("dames")
    state.play_all(list(DAMES_TWO_JUMPS))
    move = state.parse_move("13x24x33")
    before = state.board()
    state.play(move)
    animator = Animator()
    animator.add_move(look, before, state.board(), move, [], speed=speed)
    hops = [item for item in animator.items if isinstance(item, Hops)]
    assert [hop.path for hop in hops] == [[12, 23, 32]] and animator.jumping
    assert hops[0].code == before[12]  # it travels as the man it is
    assert hops[0].duration == pytest.approx(2 * HOP / speed)
    removals = sorted((item for item in animator.items if isinstance(item, Removal)), key=lambda r: r.delay)
    assert [r.delay for r in removals] == pytest.approx([0.5 * HOP / speed, 1.5 * HOP / speed])
    for leg, removal in enumerate(removals):  # the first piece to go is the first one jumped
        (ax, ay), (bx, by) = look.centre(hops[0].path[leg]), look.centre(hops[0].path[leg + 1])
        assert math.dist(look.centre(removal.cell), ((ax + bx) / 2, (ay + by) / 2)) < 1
    assert animator.removal_moments() == pytest.approx([0.5 * HOP / speed, 1.5 * HOP / speed])


def test_a_man_crowned_at_the_end_of_its_chain_hops_as_a_man(app: App) -> None:
    look = BoardLook("dames", {}, BOARD_RECT)
    state = new_state("dames")
    state.play_all(DAMES_TO_CROWNING_CHAIN)
    before = state.board()
    move = state.parse_move("32x21x12x1")
    state.play(move)
    animator = Animator()
    animator.add_move(look, before, state.board(), move, [], speed=1.0)
    [hops] = [item for item in animator.items if isinstance(item, Hops)]
    assert (hops.code, state.board()[0]) == (FIRST_MAN, FIRST_KING)
    assert len([item for item in animator.items if isinstance(item, Removal)]) == 3


def test_a_mill_removal_is_no_jump_even_on_a_flight_line(app: App) -> None:
    """Morris: the piece goes in one travel, the mill flashes, then its removal."""
    look = BoardLook("nine", {}, BOARD_RECT)
    state = new_state("nine")
    state.play_all(["a7", "b6", "d7", "f6"])
    before = state.board()
    move = state.parse_move("g7xb6")
    flash = [state.parse_move("a7").steps[-1], state.parse_move("d7").steps[-1]]
    state.play(move)
    animator = Animator()
    animator.add_move(look, before, state.board(), move, flash, speed=1.0)
    assert not animator.jumping and not any(isinstance(item, Hops) for item in animator.items)
    flashes = [item for item in animator.items if isinstance(item, Flash)]
    [removal] = [item for item in animator.items if isinstance(item, Removal)]
    assert flashes and removal.delay == pytest.approx(flashes[0].delay + flashes[0].duration)

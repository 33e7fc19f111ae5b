"""Showing a move while it is still being clicked, when its clicks are a move already.

In dames every prefix of a capture chain is a legal move, so after each jump the board
shows that prefix played: the piece on its new square, the jumped piece gone at once,
the step animated. The player may then jump on or stop. Morris, Teeko and Othello
never show anything here: their prefixes are never whole moves that continue.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from game.arcade.animation import Animator, Removal, Travel

if TYPE_CHECKING:
    from scenes.board import BoardScene


class ShownSteps(NamedTuple):
    """The part of a move still to animate, from where the piece is shown standing."""

    steps: tuple[int, ...]


def show_chain_prefix(scene: BoardScene) -> bool:
    """Put the board after the scene's clicks on show (else the real board).

    A prefix one jump longer than the one shown animates that jump; any other change
    (a reset, another piece) shows at once. Returns whether a step was animated.
    """
    state, builder = scene.session.state, scene.builder
    move = builder.complete_move() if builder.can_stop else None
    shown = builder.prefix if move is not None else ()
    if shown == scene.shown_prefix:
        return False
    before = scene.cells
    grew = bool(shown) and shown[:-1] == (scene.shown_prefix or shown[:1])
    scene.shown_prefix = shown
    if move is None:
        scene.cells = state.board()
    else:
        state.push(move)  # push/pop: the exact board after the prefix, the game unchanged
        scene.cells = state.board()
        state.pop()
    scene.animator.finish()
    if not grew:
        return False
    speed = scene.app.settings.animation_speed
    scene.animator.add_move(scene.look, before, scene.cells, ShownSteps(shown[-2:]), [], speed)
    scene.app.effect("move")
    if state.is_capture(move):
        scene.sounds.append((remove_when_jumped(scene.animator), "capture"))
    return True


def remove_when_jumped(animator: Animator) -> float:
    """Time a one-jump step's removal for the moment the piece passes over its victim
    (the jumped piece leaves at once, not after the landing); returns that moment."""
    travel = next((item for item in animator.items if isinstance(item, Travel)), None)
    moment = 0.0 if travel is None else travel.delay + travel.duration / 2
    for item in animator.items:
        if isinstance(item, Removal):
            item.delay = moment
    return moment

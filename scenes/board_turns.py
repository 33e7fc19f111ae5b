"""The board scene's turns that come from elsewhere: the AI worker's answers and the
save/load dialog's results. Functions of the scene, polled from its update()."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.ai_turns import HINT, MOVE
from game.i18n import tr

if TYPE_CHECKING:
    from scenes.board import BoardScene


def update_ai(scene: BoardScene, dt: float) -> None:
    """Ask the worker for the seat to move, and play (or show, for a hint) its answer
    once the board is still; a paused game keeps the answer for later."""
    idle = not scene.ai.busy and scene.pending_answer is None
    if scene.session.is_ai_turn() and idle and not scene.paused:
        seat = scene.session.seat_to_move()
        scene.ai.request(scene.session.state, seat.level or "medium", MOVE)
    answer = scene.ai.update(dt)
    if answer is not None:
        scene.pending_answer = answer
    if scene.pending_answer is None or scene.animator.busy:
        return
    if scene.paused and scene.pending_answer.purpose == MOVE:
        return  # kept until the watcher resumes
    answer, scene.pending_answer = scene.pending_answer, None
    if answer.purpose == HINT:
        scene.hint = answer.move
        scene.status_override = tr("plateaux.hint_is", scene.lang, move=str(answer.move))
        scene.refused = False
        return
    if not scene.session.is_ai_turn():
        return
    scene.apply_move(answer.move)
    if answer.error:
        scene.status_override = tr("plateaux.ai_failed", scene.lang, error=answer.error)
        scene.refused = True


def update_files(scene: BoardScene) -> None:
    """The save/load dialog's answer: a message, or the loaded game in a new scene."""
    result = scene.files.poll()
    if result is None:
        return
    scene.refresh_buttons()
    if result.session is not None:
        scene.app.replace(type(scene)(scene.app, result.session, notice=result.message))
        return
    scene.status_override, scene.refused = result.message, not result.ok
    if not result.ok:
        scene.app.effect("refused")

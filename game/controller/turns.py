"""The turns of others on a board: the computer's moves and the hints it searches, the
solved game's verdicts and a network player's word on a draw, advanced each frame by
BoardController.update (functions of the controller, as the arcade's scenes have
functions of a scene)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.ai_turns import DRAW, HINT, MOVE
from game.controller.events import AIFailed, Effect
from game.i18n import words
from game.net.events import DrawOffered

if TYPE_CHECKING:
    from game.controller.board import BoardController
    from game.net.remote_turns import RemoteTurns

HINT_LEVEL = "hard"  # the search hint thinks like the hard level


def update_ai(game: BoardController, dt: float, animating: bool) -> None:
    """Ask the worker for the seat to move, and play (or show, for a hint) its answer
    once the board is still; a paused game keeps the answer for later."""
    idle = not game.ai.busy and game.pending_answer is None
    if game.session.is_ai_turn() and idle and not game.paused:
        seat = game.session.seat_to_move()
        game.ai.request(game.state, seat.level or "medium", MOVE)
    answer = game.ai.update(dt)
    if answer is not None:
        game.pending_answer = answer
    if game.pending_answer is None or animating:
        return
    if game.paused and game.pending_answer.purpose == MOVE:
        return  # kept until the watcher resumes
    answer, game.pending_answer = game.pending_answer, None
    if answer.purpose == DRAW:
        game.draw_answered(answer.accepted)
        return
    if answer.purpose == HINT:
        game.hint = answer.move
        game.say(words("plateaux.hint_is", move=str(answer.move)))
        return
    if not game.session.is_ai_turn():
        return
    game.play(answer.move)
    if answer.error:
        game.say(words("plateaux.ai_failed", error=answer.error), refused=True)
        game.listener(AIFailed(answer.error))


def update_verdicts(game: BoardController) -> None:
    hint = game.verdict_hint
    if hint.failed:  # the database could not load: the usual hint
        hint.clear()
        game.ai.request(game.state, HINT_LEVEL, HINT)
        game.say(words("plateaux.hint_thinking"))
    elif hint.update(game.state):
        game.say(words("plateaux.hint_verdicts"))


def update_draw_news(game: BoardController, remote: RemoteTurns) -> None:
    """A network player offers a draw (the person here is asked), or an offer is settled;
    a dropped connection withdraws whatever was pending (game.net.draw_talk)."""
    draw = game.draw
    if remote.lost and draw.pending:
        draw.withdraw()
        game.say(words("net.draw_withdrawn"), refused=True)
    news = remote.draw_news()
    while news is not None:
        if isinstance(news, DrawOffered):
            if not game.session.over:
                draw.withdraw()
                draw.asked = 1 - game.state.to_move  # the local player answers
                game.say("")
                game.listener(Effect("select"))
        elif news.agreed or draw.remote_side is not None:  # our offer or our acceptance settled
            game.draw_answered(news.agreed)
        news = remote.draw_news()

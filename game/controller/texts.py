"""Words for a board in any front end: player cards, phase line, the result (both languages)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.core import GameState, owner_of
from game.game_hooks import hooks_for, player_name
from game.i18n import tr
from game.session import HUMAN, GameSession, Seat

if TYPE_CHECKING:
    from game.controller.board import BoardController


@dataclass(frozen=True)
class PlayerCard:
    title: str  # "You", "AI · hard", "Player 1"
    detail: str  # "White · in hand 5 · taken 2"
    to_move: bool
    thinking: bool


def seat_title(seat: Seat, index: int, session: GameSession, lang: str) -> str:
    if seat.is_ai:
        return tr("plateaux.seat_ai", lang, level=tr(f"plateaux.level_{seat.level}", lang))
    if seat.name and seat.name not in session.state.spec.player_names:
        return seat.name
    here = [s for s in session.seats if s.kind == HUMAN]  # a LAN opponent is not here
    if len(here) == 1:
        return tr("plateaux.seat_you", lang)
    return tr("plateaux.seat_player", lang, number=index + 1)


def cards_for(session: GameSession, thinking_side: int | None, lang: str) -> list[PlayerCard]:
    state = session.state
    cards = []
    for side, seat in enumerate(session.seats):
        parts = [player_name(state, side, lang)]
        score = hooks_for(state.spec.id).score_line(state, side, lang)  # Othello: discs
        if score is not None:
            parts.append(score)
        else:
            if session.uses_hand:
                parts.append(tr("plateaux.in_hand", lang, count=state.in_hand(side)))
            parts.append(tr("plateaux.taken", lang, count=session.taken(side)))
        cards.append(
            PlayerCard(
                seat_title(seat, side, session, lang),
                " · ".join(parts),
                to_move=not session.over and state.to_move == side,
                thinking=thinking_side == side,
            )
        )
    return cards


def phase_line(session: GameSession, lang: str) -> str:
    state = session.state
    outcome = session.outcome()
    if outcome is not None:
        return outcome_words(session, lang)
    who = player_name(state, state.to_move, lang)
    phase = getattr(state, "phase", None)
    turn = tr("plateaux.turn_of", lang, player=who)
    if isinstance(phase, str):
        return f"{tr(f'plateaux.phase_{phase}', lang)} · {turn}"
    return turn


def outcome_words(session: GameSession, lang: str) -> str:
    """'White wins: Black is down to two pieces' and the like."""
    state = session.state
    outcome = session.outcome()
    if outcome is None:
        return ""
    reason = outcome.reason.value
    counts = [0, 0]  # pieces on the board: Othello's result is the disc count
    for code in state.board():
        owner = owner_of(code)
        if owner is not None:
            counts[owner] += 1
    if outcome.winner is None:
        if reason == "disc_count":
            reason = "disc_count_draw"
        return tr("plateaux.draw", lang) + " — " + tr(f"plateaux.reason_{reason}", lang, count=counts[0])
    winner = player_name(state, outcome.winner, lang)
    loser = player_name(state, 1 - outcome.winner, lang)
    why = tr(
        f"plateaux.reason_{reason}",
        lang,
        loser=loser,
        winner_count=counts[outcome.winner],
        loser_count=counts[1 - outcome.winner],
    )
    return tr("plateaux.wins", lang, player=winner) + " — " + why


def outcome_sound(session: GameSession) -> str:
    """'lose' only when the single person at the table lost; otherwise a win fanfare."""
    outcome = session.outcome()
    if outcome is None or outcome.winner is None:
        return "win"
    humans = [i for i, seat in enumerate(session.seats) if seat.kind == HUMAN]  # here, at this screen
    if len(humans) == 1 and outcome.winner != humans[0]:
        return "lose"
    return "win"


def repetition_warning(state: GameState, lang: str) -> str:
    """' The position has come up twice: a third time is a draw.' when it has (the
    rules' threefold repetition), so a draw never comes as a surprise; else ''."""
    return " " + tr("plateaux.repetition_warning", lang) if state.repetitions() == 2 else ""


def status_line(game: BoardController) -> str:
    """The status line: a link problem, a notice, or what the player can do now."""
    alert = game.remote.alert(game.lang) if game.remote is not None else ""
    if alert:
        return alert
    if game.notice and game.paused:  # a notice ("Saved as …") never hides the pause
        return f"{game.notice} {tr('plateaux.status_paused', game.lang)}"
    return game.notice or prompt_line(game)


def prompt_line(game: BoardController) -> str:
    """What happens now or what the player can do (no notice)."""
    session, lang = game.session, game.lang
    if session.over:
        return tr("plateaux.status_over", lang)
    if game.paused:
        return tr("plateaux.status_paused", lang)
    if game.draw.asked is not None:  # the other person at the table answers
        return draw_question(game, "plateaux.draw_question")
    if game.draw.computer_side is not None:
        return tr("plateaux.draw_offered_computer", lang)
    if game.draw.remote_side is not None:
        return tr("net.draw_waiting", lang)
    if session.is_ai_turn():
        return tr("plateaux.status_ai_thinking", lang)
    if game.remote is not None and session.seat_to_move().is_remote:
        return tr("net.waiting_move", lang)
    text = game.hooks.prompt(session.state, game.builder.prefix, lang)
    if game.builder.can_stop:
        text += " " + tr("plateaux.prompt_stop", lang)
    return text + repetition_warning(session.state, lang)


def draw_question(game: BoardController, key: str) -> str:
    """The draw offer put to the person asked (`key`'s text names both players)."""
    asked = game.draw.asked if game.draw.asked is not None else 1 - game.state.to_move
    offerer, other = (player_name(game.state, side, game.lang) for side in (1 - asked, asked))
    return tr(key, game.lang, player=offerer, other=other)

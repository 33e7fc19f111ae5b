"""Words for a board in any front end: player cards, phase line, the result (both languages)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.core import GameState, owner_of
from game.game_hooks import hooks_for, player_name
from game.i18n import tr
from game.session import HUMAN, GameSession, Seat


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

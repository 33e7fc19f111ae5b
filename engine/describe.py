"""Human sentences about a game: results, reasons, whose turn. Shared by the console and the arcade."""

from __future__ import annotations

from engine.core import GameState, Outcome, Termination

# Reason sentences: (when someone won, for a draw). {winner} and {loser} are player names.
_REASONS: dict[Termination, tuple[str, str]] = {
    Termination.FEWER_THAN_THREE: ("{loser} is down to two pieces", "a player is down to two pieces"),
    Termination.BLOCKED: ("{loser} is blocked", "the player to move is blocked"),
    Termination.BOARD_FULL: ("the board is full", "the board is full and nobody can move"),
    Termination.REPETITION: ("threefold repetition", "threefold repetition"),
    Termination.NO_REMOVAL_LIMIT: ("100 moves without a removal", "100 moves without a removal"),
    Termination.ALIGNMENT: ("{winner} has four in a row", "four in a row"),
    Termination.NO_PIECES: ("{loser} has no piece left", "no piece left"),
    Termination.DISC_COUNT: ("{winner} has more discs", "equal number of discs"),
    Termination.AGREEMENT: ("agreed", "by agreement"),
}


def reason_text(outcome: Outcome, player_names: tuple[str, str]) -> str:
    """Why the game ended, as a short sentence part: 'Black is blocked'."""
    fallback = outcome.reason.value.replace("_", " ")  # a reason added later
    won, drawn = _REASONS.get(outcome.reason, (fallback, fallback))
    if outcome.winner is None:
        return drawn
    winner, loser = player_names[outcome.winner], player_names[1 - outcome.winner]
    return won.format(winner=winner, loser=loser)


def result_text(outcome: Outcome, player_names: tuple[str, str]) -> str:
    """'White wins (Black is blocked)' or 'draw (threefold repetition)'."""
    reason = reason_text(outcome, player_names)
    if outcome.winner is None:
        return f"draw ({reason})"
    return f"{player_names[outcome.winner]} wins ({reason})"


def turn_text(state: GameState) -> str:
    """'White to move, placement phase; in hand: White 7, Black 8' (Morris) or 'Black to move'."""
    names = state.spec.player_names
    text = f"{names[state.to_move]} to move"
    phase = getattr(state, "phase", None)  # Morris: placement, moving or flying
    if isinstance(phase, str):
        text += f", {phase} phase"
    hands = (state.in_hand(0), state.in_hand(1))
    if any(hands):
        text += f"; in hand: {names[0]} {hands[0]}, {names[1]} {hands[1]}"
    return text

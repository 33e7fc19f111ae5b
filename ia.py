"""The `ia` module of seed 001: play Nine (or Twelve) Men's Morris against the engine.

    import ia
    ia.new_game(ia_first=False)
    ia.player_sets(4, 1)              # the human places at (4, 1)
    ia.play()                         # -> ("set", (x, y), (None, None))
    ia.player_moves(4, 1, 7, 1, 1, 7) # the human moves (4,1)->(7,1) and removes (1,7)
    ia.play()                         # -> ("move", (x1, y1), (x2, y2), (u, v))

Coordinates are the seed's (X, Y), 1..7, (1, 1) top left. Every call is checked: a
bad or illegal call raises ValueError saying why and changes nothing.
"""

from __future__ import annotations

import random
from typing import Any

from engine.ai import LEVELS, analyse
from engine.ai.players import HARD_MOVETIME, forget_games
from engine.core import GameOverError
from engine.games.morris.board import INDEX_OF_XY, POINTS
from engine.games.morris.rules import MorrisMove, MorrisState
from engine.registry import new_state

VARIANTS = ("nine", "twelve")
# Seconds the hard level thinks, as in the arcade (the strength ladder measures this);
# the search never runs past it.
MOVETIME = HARD_MOVETIME

Point = tuple[int, int]
Removal = tuple[int, int] | tuple[None, None]
SetAnswer = tuple[str, Point, Removal]
MoveAnswer = tuple[str, Point, Point, Removal]


class _Game:
    def __init__(self, ai_side: int, variant: str, level: str) -> None:
        state = new_state(variant)
        assert isinstance(state, MorrisState)
        self.state = state
        self.ai_side = ai_side
        self.level = level
        self.rng = random.Random()


_game: _Game | None = None


def new_game(ia_first: bool, *, variant: str = "nine", level: str = "hard") -> None:
    """Start a new game; `ia_first` is True when the AI plays first."""
    global _game
    if not isinstance(ia_first, bool):
        raise ValueError(f"ia_first must be True or False, not {ia_first!r}")
    if variant not in VARIANTS:
        raise ValueError(f"variant must be one of {', '.join(VARIANTS)}, not {variant!r}")
    if level not in LEVELS:
        raise ValueError(f"level must be one of {', '.join(LEVELS)}, not {level!r}")
    forget_games()  # bounded memory over many games: the tables start empty
    _game = _Game(0 if ia_first else 1, variant, level)


def player_sets(x: int, y: int, u: int | None = None, v: int | None = None) -> None:
    """The human placed a piece at (x, y), removing the AI's piece at (u, v) if given."""
    game = _human_turn()
    if not game.state.in_hand(game.state.to_move):
        raise ValueError("every piece is placed: use player_moves")
    move = MorrisMove(None, _point(x, y, "x, y"), _removal(u, v))
    _apply(game, move)


def player_moves(
    x1: int, y1: int, x2: int, y2: int, u: int | None = None, v: int | None = None
) -> None:
    """The human moved (or flew) a piece from (x1, y1) to (x2, y2), removing (u, v) if given."""
    game = _human_turn()
    if game.state.in_hand(game.state.to_move):
        left = game.state.in_hand(game.state.to_move)
        raise ValueError(f"pieces are still in hand ({left}): use player_sets")
    src = _point(x1, y1, "x1, y1")
    dst = _point(x2, y2, "x2, y2")
    _apply(game, MorrisMove(src, dst, _removal(u, v)))


def play() -> SetAnswer | MoveAnswer:
    """The AI's move, already played: ("set", (x, y), (u, v)) or ("move", (x1, y1), (x2, y2), (u, v))."""
    game = _current()
    state = game.state
    _refuse_if_over(game)
    if state.to_move != game.ai_side:
        raise ValueError("it is the player's turn, not the AI's")
    choice = analyse(state, game.level, rng=game.rng, movetime=MOVETIME)
    move: MorrisMove = choice.move
    state.push(move)
    removal: Removal = (None, None) if move.take is None else POINTS[move.take]
    if move.src is None:
        return ("set", POINTS[move.dst], removal)
    return ("move", POINTS[move.src], POINTS[move.dst], removal)


# ----- checks ---------------------------------------------------------------
def _current() -> _Game:
    if _game is None:
        raise ValueError("no game: call ia.new_game(ia_first) first")
    return _game


def _refuse_if_over(game: _Game) -> None:
    outcome = game.state.outcome()
    if outcome is None:
        return
    if outcome.winner is None:
        verdict = "a draw"
    else:
        verdict = "won by the AI" if outcome.winner == game.ai_side else "won by the player"
    raise GameOverError(f"the game is over ({verdict}, {outcome.reason.value.replace('_', ' ')})")


def _human_turn() -> _Game:
    game = _current()
    _refuse_if_over(game)
    if game.state.to_move == game.ai_side:
        raise ValueError("it is the AI's turn: call ia.play()")
    return game


def _coordinate(value: Any, name: str) -> int:
    if type(value) is not int:  # bool is an int subclass: refuse it too
        raise ValueError(f"{name} must be an int from 1 to 7, not {value!r}")
    if not 1 <= value <= 7:
        raise ValueError(f"{name} must be from 1 to 7, not {value}")
    return value


def _point(x: Any, y: Any, names: str) -> int:
    first, second = names.split(", ")
    xy = (_coordinate(x, first), _coordinate(y, second))
    if xy not in INDEX_OF_XY:
        raise ValueError(f"({xy[0]}, {xy[1]}) is not a point of the board")
    return INDEX_OF_XY[xy]


def _removal(u: Any, v: Any) -> int | None:
    if u is None and v is None:
        return None
    if u is None or v is None:
        raise ValueError("give both u and v for a removal, or neither")
    return _point(u, v, "u, v")


def _apply(game: _Game, move: MorrisMove) -> None:
    reason = game.state.why_illegal(move)
    if reason is not None:
        raise ValueError(reason)
    game.state.push(move)

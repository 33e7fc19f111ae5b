"""Shared test helpers: Morris positions reached through legal move sequences, and a
headless arcade App for the scene tests.

Every position a test uses is reached by playing moves with the checked `play_all`,
so a setup that breaks a rule fails loudly instead of testing an impossible board.
Test modules import these helpers with `from conftest import ...`.
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, cast

import pytest

from engine import new_state
from engine.games.morris.board import INDEX_OF_NAME
from engine.games.morris.rules import MorrisMove, MorrisState, position_text

# No window and no sound card for the scene tests: pytest imports this file before any
# test module, so these are set before pygame is first imported.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def words(text: str) -> list[str]:
    """Moves or points written as one space-separated string, for readable constants."""
    return text.split()


# Twelve: 24 placements, no mill ever formed, so the board ends full (BOARD_FULL).
# Found by a small search over 12/12 colourings with no single-coloured line.
TWELVE_FULL_BOARD = words("a7 d7 g7 b6 d6 f6 d5 c5 e5 a4 b4 c4 f4 e4 c3 g4 e3 d3 f2 b2 a1 d2 d1 g1")

# Nine: 18 placements, no mill; White, to move, has no step at all (BLOCKED).
NINE_WHITE_BLOCKED = words("c5 g7 d5 b6 e4 d6 g4 e5 d3 c4 e3 f4 d2 c3 f2 b2 g1 d1")

# Nine: a mill-free end of placement used by the moving-phase tests.
#   White a7 d7 g4 b6 f6 c3 e3 a1 d2; Black d6 c5 e4 f4 b4 c4 d1 g1 f2.
#   Empty g7 a4 d5 e5 d3 b2. White to move; g4-g7 closes the mill a7-d7-g7.
NINE_MOVING_WHITE = words("a7 d7 g4 b6 f6 c3 e3 a1 d2")
NINE_MOVING_BLACK = words("d6 c5 e4 f4 b4 c4 d1 g1 f2")


def interleave(white: Sequence[str], black: Sequence[str]) -> list[str]:
    """White, Black, White, ... : the order placements alternate in."""
    if len(white) not in (len(black), len(black) + 1):
        raise ValueError("White places first: it has as many moves as Black, or one more")
    moves: list[str] = []
    for index, move in enumerate(white):
        moves.append(move)
        if index < len(black):
            moves.append(black[index])
    return moves


def play_line(game: str, moves: str | Iterable[str], **options: Any) -> MorrisState:
    """A new game of `game` after the given moves, each played with checked play."""
    state = cast(MorrisState, new_state(game, options))
    sequence = moves.split() if isinstance(moves, str) else list(moves)
    state.play_all(sequence)
    return state


def placed(game: str, white: Sequence[str], black: Sequence[str], **options: Any) -> MorrisState:
    """A game after alternating placements (entries may carry a removal, 'a4xg7')."""
    return play_line(game, interleave(white, black), **options)


def nine_moving() -> MorrisState:
    """The NINE_MOVING position: every piece placed, White to move."""
    return placed("nine", NINE_MOVING_WHITE, NINE_MOVING_BLACK)


def nine_moving_game(steps: int) -> list[MorrisMove]:
    """The NINE_MOVING placements, then `steps` first legal moves: a recorded game."""
    state = nine_moving()
    for _ in range(steps):
        state.push(state.legal_moves()[0])
    return list(state.history)


def first_legal_line(start: Sequence[MorrisMove]) -> list[MorrisMove]:
    """A Nine Men's Morris game's `start`, then the first legal move at each ply until
    both hands are empty (the end of placement)."""
    state = cast(MorrisState, new_state("nine"))
    for move in start:
        state.push(move)
    while state.in_hand(0) or state.in_hand(1):
        state.push(state.legal_moves()[0])
    return list(state.history)


def mask_of(*names: str) -> int:
    """Bit mask of named points, as `removable` and `mill_points` return."""
    mask = 0
    for name in names:
        mask |= 1 << INDEX_OF_NAME[name]
    return mask


def book_position(key: int) -> MorrisState:
    """The Nine Men's Morris position a book key stands for (a key has no history)."""
    state = new_state("nine")
    assert isinstance(state, MorrisState)
    mask = (1 << 24) - 1
    hands = (key >> 49 & 0x1F, key >> 54 & 0x1F)
    state.load_position(position_text(key & mask, key >> 24 & mask, key >> 48 & 1, hands))
    return state


def mapped_move(move: MorrisMove, perm: Sequence[int]) -> MorrisMove:
    """A Morris move under a permutation of the points."""
    src, dst, take = move
    return MorrisMove(None if src is None else perm[src], perm[dst], None if take is None else perm[take])


def move_texts(state: MorrisState) -> set[str]:
    return {str(m) for m in state.legal_moves()}


def random_game(
    game: str, seed: int, max_plies: int = 4000, **options: Any
) -> tuple[MorrisState, list[MorrisState]]:
    """A seeded random game to its end; also returns a copy of every position met."""
    rng = random.Random(seed)
    state = cast(MorrisState, new_state(game, options))
    seen: list[MorrisState] = []
    for _ in range(max_plies):
        seen.append(cast(MorrisState, state.copy()))
        moves: list[MorrisMove] = state.legal_moves()
        if not moves:
            break
        state.push(rng.choice(moves))
    return state, seen


def headless_arcade(tmp_path_factory: pytest.TempPathFactory, **settings: Any) -> Iterator[Any]:
    """A windowless, silent App for a test module, with its own PLATEAUX_HOME and the
    given settings (`yield from` it in a module-scoped fixture: pygame's fonts do not
    survive a pygame.quit(), so one App serves a module)."""
    from game.arcade.app import App

    saved = os.environ.get("PLATEAUX_HOME")
    os.environ["PLATEAUX_HOME"] = str(tmp_path_factory.mktemp("home"))
    arcade = App(windowed=True, audio=False)
    arcade.settings = arcade.settings.with_changes(language="en", **settings)
    try:
        yield arcade
    finally:
        arcade.close()
        if saved is None:
            del os.environ["PLATEAUX_HOME"]
        else:
            os.environ["PLATEAUX_HOME"] = saved


def arcade_app(**settings: Any) -> Any:
    """A module's `app` fixture: `app = arcade_app(animation_speed=0.0)`."""

    @pytest.fixture(scope="module")
    def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
        yield from headless_arcade(tmp_path_factory, **settings)

    return app

"""Each fast move generator against a plain one written here from RULES.md, on random positions.

The references walk the board square by square (no masks, no tables of the engine
except the board's lines), so a shortcut in a fast generator cannot hide in both.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import EMPTY, FIRST_KING, FIRST_MAN, SECOND_KING, SECOND_MAN, GameState, owner_of
from engine.games.othello.rules import OthelloState, flips, legal_mask
from engine.registry import get_spec, new_state

SEEDS = st.integers(0, 2**32 - 1)


def positions(game: str, seed: int, **options: object) -> Iterator[GameState]:
    rng = random.Random(seed)
    state = new_state(game, options)
    while True:
        yield state
        moves = state.legal_moves()
        if not moves or state.ply > 300:
            return
        state.push(rng.choice(moves))


def move_set(state: GameState) -> set[str]:
    return {str(m) for m in state.legal_moves()}


# ----- Othello: a direct walk in each of the eight directions ------------------------
DIRECTIONS8 = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc]


def othello_reference(board: tuple[int, ...], mover: int) -> dict[int, set[int]]:
    """Each legal square with the discs it turns over (rows of 8, index = row * 8 + column)."""
    own, opp = (FIRST_MAN, SECOND_MAN) if mover == 0 else (SECOND_MAN, FIRST_MAN)
    result: dict[int, set[int]] = {}
    for square in range(64):
        if board[square] != EMPTY:
            continue
        turned: set[int] = set()
        for dr, dc in DIRECTIONS8:
            row, column = divmod(square, 8)
            run: list[int] = []
            row, column = row + dr, column + dc
            while 0 <= row < 8 and 0 <= column < 8 and board[row * 8 + column] == opp:
                run.append(row * 8 + column)
                row, column = row + dr, column + dc
            if run and 0 <= row < 8 and 0 <= column < 8 and board[row * 8 + column] == own:
                turned.update(run)
        if turned:
            result[square] = turned
    return result


def _check_othello(state: OthelloState) -> None:
    reference = othello_reference(state.board(), state.to_move)
    own = sum(1 << i for i, c in enumerate(state.board()) if owner_of(c) == state.to_move)
    opp = sum(1 << i for i, c in enumerate(state.board()) if owner_of(c) == 1 - state.to_move)
    assert {i for i in range(64) if legal_mask(own, opp) >> i & 1} == set(reference)
    for square, turned in reference.items():
        assert flips(own, opp, square) == sum(1 << i for i in turned)


@settings(max_examples=15, deadline=None)
@given(seed=SEEDS)
def test_othello_generator_matches_a_direct_walk(seed: int) -> None:
    for state in positions("othello", seed):
        assert isinstance(state, OthelloState)
        _check_othello(state)


@pytest.mark.parametrize("length", range(1, 7))
@pytest.mark.parametrize("direction", DIRECTIONS8)
def test_othello_runs_of_every_length_in_every_direction(length: int, direction: tuple[int, int]) -> None:
    """A run of `length` opposing discs (up to six, the longest) between a disc and an empty
    square, from every start that fits: a generator missing six-disc runs fails here."""
    dr, dc = direction
    for row in range(8):
        for column in range(8):
            cells = [(row + k * dr, column + k * dc) for k in range(length + 2)]
            if not all(0 <= r < 8 and 0 <= c < 8 for r, c in cells):
                continue
            black = 1 << (cells[0][0] * 8 + cells[0][1])
            white = sum(1 << (r * 8 + c) for r, c in cells[1:-1])
            state = get_spec("othello").new_state()
            assert isinstance(state, OthelloState)
            state.set_position(black, white, 0)
            target = cells[-1][0] * 8 + cells[-1][1]
            assert legal_mask(black, white) >> target & 1, (cells, length)
            _check_othello(state)


# ----- Teeko: eight neighbours by coordinates ---------------------------------------
def teeko_reference(state: GameState) -> set[str]:
    board, side = state.board(), state.to_move
    name = [f"{'abcde'[i % 5]}{5 - i // 5}" for i in range(25)]
    empty = [i for i in range(25) if board[i] == EMPTY]
    if state.in_hand(side):
        return {name[i] for i in empty}
    moves = set()
    for square in (i for i in range(25) if owner_of(board[i]) == side):
        row, column = divmod(square, 5)
        for dr, dc in DIRECTIONS8:
            r, c = row + dr, column + dc
            if 0 <= r < 5 and 0 <= c < 5 and board[r * 5 + c] == EMPTY:
                moves.add(f"{name[square]}-{name[r * 5 + c]}")
    return moves


@settings(max_examples=15, deadline=None)
@given(seed=SEEDS)
def test_teeko_generator_matches_the_neighbours(seed: int) -> None:
    for state in positions("teeko", seed):
        if state.outcome() is None:
            assert move_set(state) == teeko_reference(state)


# ----- Morris: lines, adjacency along them, mills and removals -----------------------
def morris_reference(state: GameState) -> set[str]:
    from engine.games.morris.board import NAMES
    from engine.games.morris.rules import MorrisState

    assert isinstance(state, MorrisState)
    lines = state.topology.lines
    board, side = state.board(), state.to_move
    mine = {i for i, c in enumerate(board) if owner_of(c) == side}
    theirs = {i for i, c in enumerate(board) if owner_of(c) == 1 - side}
    empty = [i for i, c in enumerate(board) if c == EMPTY]
    neighbours: dict[int, set[int]] = {i: set() for i in range(24)}
    for line in lines:  # consecutive points of a line are neighbours
        for p, q in itertools.pairwise(line):
            neighbours[p].add(q)
            neighbours[q].add(p)
    in_mill = {p for line in lines if set(line) <= theirs for p in line}
    takes = sorted(theirs - in_mill) or sorted(theirs)
    steps: list[tuple[int | None, int]]
    if state.in_hand(side):
        steps = [(None, d) for d in empty]
    elif len(mine) == 3:
        steps = [(s, d) for s in mine for d in empty]
    else:
        steps = [(s, d) for s in mine for d in empty if d in neighbours[s]]
    moves: set[str] = set()
    for src, dst in steps:
        after = (mine - {src}) | {dst}
        text = NAMES[dst] if src is None else f"{NAMES[src]}-{NAMES[dst]}"
        if any(dst in line and set(line) <= after for line in lines) and takes:
            moves.update(f"{text}x{NAMES[t]}" for t in takes)
        else:
            moves.add(text)
    return moves


@pytest.mark.parametrize(("game", "options"), [("nine", {}), ("twelve", {}), ("twelve", {"diagonals": True})])
@settings(max_examples=8, deadline=None)
@given(seed=SEEDS)
def test_morris_generator_matches_the_lines(game: str, options: dict[str, bool], seed: int) -> None:
    for state in positions(game, seed, **options):
        if state.outcome() is None:
            assert move_set(state) == morris_reference(state), state.history


# ----- Dames: chains walked square by square on a copy of the board -------------------
def dames_reference(state: GameState) -> set[str]:
    from engine.games.dames.board import COORDS, INDEX_OF

    side = state.to_move
    men, kings = (FIRST_MAN, FIRST_KING) if side == 0 else (SECOND_MAN, SECOND_KING)
    ahead = -1 if side == 0 else 1  # White moves up (row 0 is the top)
    far_row = 0 if side == 0 else 9
    grid = {COORDS[i]: code for i, code in enumerate(state.board())}
    moves: set[str] = set()

    def number(rc: tuple[int, int]) -> str:
        return str(INDEX_OF[rc] + 1)

    def chains(at: tuple[int, int], piece: int, path: list[str]) -> None:
        for dr in ((-1, 1) if piece == kings else (ahead,)):
            for dc in (-1, 1):
                over, land = (at[0] + dr, at[1] + dc), (at[0] + 2 * dr, at[1] + 2 * dc)
                if grid.get(land) != EMPTY or owner_of(grid.get(over, EMPTY)) != 1 - side:
                    continue
                taken = grid[over]
                grid[over], grid[at], grid[land] = EMPTY, EMPTY, piece
                moves.add("x".join([*path, number(land)]))
                if not (piece == men and land[0] == far_row):
                    chains(land, piece, [*path, number(land)])
                grid[over], grid[at], grid[land] = taken, piece, EMPTY

    for rc, code in list(grid.items()):
        if code not in (men, kings):
            continue
        chains(rc, code, [number(rc)])
        for dr in ((-1, 1) if code == kings else (ahead,)):
            for dc in (-1, 1):
                if grid.get((rc[0] + dr, rc[1] + dc)) == EMPTY:
                    moves.add(f"{number(rc)}-{number((rc[0] + dr, rc[1] + dc))}")
    return moves


@settings(max_examples=12, deadline=None)
@given(seed=SEEDS)
def test_dames_generator_matches_a_square_by_square_walk(seed: int) -> None:
    for state in positions("dames", seed):
        if state.outcome() is None:
            assert move_set(state) == dames_reference(state), state.history

"""The Othello AI: evaluation terms, the exact endgame solver, the hard level's use of
it, and the engine command line for Othello (perft, moves) as RULES.md states it."""

from __future__ import annotations

import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from test_othello import mask, new

from engine.ai.players import analyse
from engine.core import FIRST, SECOND
from engine.games.othello import endgame as othello_endgame
from engine.games.othello.endgame import EndgameSolver, SolveAborted, empties_of, solve_position, solve_value
from engine.games.othello.evaluation import (
    ENDGAME_EMPTIES,
    evaluate_masks,
    evaluate_othello,
    masks_of,
    stable_discs,
)
from engine.games.othello.rules import FULL, INDEX_OF_NAME, OthelloState, flips, legal_mask

ROOT = Path(__file__).resolve().parent.parent
# From the start: Black has no move after these eight, so `pass` is its only move.
BLACK_MUST_PASS = "d3 c3 e6 d2 d1 e1 b2 c1"
# From the start: nine moves wipe out White; the game is over.
WIPE_OUT = "d3 c3 f5 f4 f3 d2 d1 e3 b3"


def random_position(seed: int, empties: int) -> OthelloState:
    """A position of a random game with `empties` empty squares (None-free: retried)."""
    for attempt in range(50):
        rng = random.Random(seed * 1000 + attempt)
        state = new()
        while empties_of(state) > empties and state.outcome() is None:
            state.push(rng.choice(state.legal_moves()))
        if empties_of(state) == empties and state.outcome() is None:
            return state
    raise AssertionError("no such position")


def minimax(state: OthelloState) -> int:
    """Plain full minimax of the final disc difference, for the side to move."""
    moves = state.legal_moves()
    if not moves:
        return state.discs(state.to_move) - state.discs(1 - state.to_move)
    best = -65
    for move in moves:
        state.push(move)
        best = max(best, -minimax(state))
        state.pop()
    return best


# ----- the evaluation --------------------------------------------------------------


def transform(board_mask: int, square_map: Callable[[int, int], tuple[int, int]]) -> int:
    result = 0
    for square in range(64):
        if board_mask >> square & 1:
            column, row = square_map(square % 8, square // 8)
            result |= 1 << (row * 8 + column)
    return result


SYMMETRIES: list[Callable[[int, int], tuple[int, int]]] = [
    lambda c, r: (7 - c, r),
    lambda c, r: (c, 7 - r),
    lambda c, r: (r, c),
    lambda c, r: (7 - r, 7 - c),
    lambda c, r: (7 - c, 7 - r),
    lambda c, r: (r, 7 - c),
]


@pytest.mark.parametrize("seed", range(6))
def test_evaluation_is_the_same_on_every_symmetric_board(seed: int) -> None:
    # Shifts that wrapped around an edge or mixed up directions would break symmetry.
    for empties in (50, 30, 12):
        own, opp = masks_of(random_position(seed, empties))
        score = evaluate_masks(own, opp)
        for square_map in SYMMETRIES:
            assert evaluate_masks(transform(own, square_map), transform(opp, square_map)) == score


def test_evaluation_is_antisymmetric_before_the_endgame() -> None:
    assert evaluate_othello(new()) == 0
    for seed in range(4):
        own, opp = masks_of(random_position(seed, ENDGAME_EMPTIES + 10))
        assert evaluate_masks(own, opp) == -evaluate_masks(opp, own)


def test_a_corner_is_worth_more_than_its_x_square() -> None:
    base_own, base_opp = mask("d4 e5 c3"), mask("d5 e4 f6")
    with_corner = evaluate_masks(base_own | mask("a1"), base_opp | mask("g2"))
    with_x_square = evaluate_masks(base_own | mask("b2"), base_opp | mask("g2"))
    assert with_corner > with_x_square
    # The X square is a liability while its corner is empty, not once the corner is taken.
    assert evaluate_masks(base_own | mask("b2"), base_opp) < evaluate_masks(base_own | mask("c2"), base_opp)


def test_stable_discs_from_a_corner_along_an_edge() -> None:
    own = mask("a1 b1 c1 a2")
    opp = mask("d1 d4 e5")
    stable_own, stable_opp = stable_discs(own, opp)
    assert stable_own == own  # the corner, and the edge discs it anchors
    assert stable_opp == 0  # d1 can still be flanked from e1 along the edge
    assert stable_discs(mask("b1 c1"), mask("d4")) == (0, 0)  # no corner: nothing anchored


def test_a_full_edge_is_stable_whatever_its_colours() -> None:
    own, opp = mask("a1 c1 d1 g1"), mask("b1 e1 f1 h1")
    stable_own, stable_opp = stable_discs(own | mask("d4"), opp | mask("e4"))
    assert stable_own == own and stable_opp == opp


@pytest.mark.parametrize("seed", range(8))
def test_stable_discs_are_never_turned_over(seed: int) -> None:
    rng = random.Random(seed)
    state = random_position(seed, rng.randint(8, 30))
    own, opp = masks_of(state)
    black, white = (own, opp) if state.to_move == FIRST else (opp, own)
    stable_black, stable_white = stable_discs(black, white)
    expected = {s: 1 for s in range(64) if stable_black >> s & 1}
    expected.update({s: 2 for s in range(64) if stable_white >> s & 1})
    for _ in range(20):  # random continuations to the end
        plies = 0
        while state.outcome() is None:
            state.push(rng.choice(state.legal_moves()))
            plies += 1
            cells = state.board()
            assert all(cells[s] == code for s, code in expected.items())
        for _ in range(plies):
            state.pop()


# ----- the endgame solver ------------------------------------------------------------


@pytest.mark.parametrize(("seed", "empties"), [(0, 6), (1, 7), (2, 7), (3, 8), (4, 5), (5, 8)])
def test_solver_equals_plain_minimax(seed: int, empties: int) -> None:
    state = random_position(seed, empties)
    own, opp = masks_of(state)
    expected = minimax(state)
    assert solve_value(own, opp) == expected
    move, value = EndgameSolver().best_move(own, opp)
    assert value == expected
    state.play(move)  # the move it names is legal and reaches that value
    assert -minimax(state) == expected


def test_solver_through_passes() -> None:
    # Black b1 cannot flank White a1; White c1 then ends the game with three discs.
    own, opp = mask("b1"), mask("a1")
    state = new()
    state.set_position(black=own, white=opp, side=FIRST)
    assert solve_value(own, opp) == minimax(state) == -3
    move, value = EndgameSolver().best_move(own, opp)
    assert str(move) == "pass" and value == -3
    with pytest.raises(ValueError, match="over"):
        EndgameSolver().best_move(mask("a1"), mask("h8"))


def test_solver_windows_bound_the_exact_value() -> None:
    own, opp = masks_of(random_position(7, 9))
    exact = solve_value(own, opp)
    # Fail-soft: a null window at the value proves it from either side.
    assert EndgameSolver().search(own, opp, exact, exact + 1) == exact
    assert EndgameSolver().search(own, opp, exact - 1, exact) == exact
    assert EndgameSolver().search(own, opp, exact + 4, exact + 9) <= exact + 4
    assert EndgameSolver().search(own, opp, exact - 9, exact - 4) >= exact - 4


def test_solver_limits_abort() -> None:
    own, opp = masks_of(random_position(2, 14))
    with pytest.raises(SolveAborted):
        EndgameSolver(max_nodes=10).search(own, opp, -64, 64)
    assert solve_position(random_position(2, 14), stop=lambda: True) is None


def test_last_empty_square_is_played_by_whoever_can() -> None:
    # Only a8 is empty. The side to move (White here: `own`) cannot use it; Black can.
    black = FULL & ~mask("a8") & ~mask("a7 b7 b8")
    white = mask("a7 b7 b8")
    assert legal_mask(white, black) == 0 and flips(black, white, INDEX_OF_NAME["a8"])
    state = new()
    state.set_position(black=black, white=white, side=SECOND)
    assert solve_value(white, black) == minimax(state)


# ----- the hard level ----------------------------------------------------------------


def test_hard_plays_the_solved_move_in_the_endgame() -> None:
    state = random_position(11, 8)
    exact = minimax(state)
    choice = analyse(state, "hard", movetime=1.0)
    assert choice.score == exact * 1000 and choice.depth == 8
    state.play(choice.move)
    assert -minimax(state) == exact


@pytest.mark.parametrize("seed", range(3))
def test_hard_answers_legally_at_the_solver_threshold(seed: int) -> None:
    state = random_position(seed, othello_endgame.SOLVE_EMPTIES)
    choice = analyse(state, "hard", movetime=1.0)
    assert choice.move in state.legal_moves()


def test_hard_searches_as_usual_when_the_solve_is_stopped() -> None:
    state = random_position(1, 14)
    choice = analyse(state, "hard", stop=lambda: True)
    assert choice.move in state.legal_moves()


def test_every_level_passes_when_it_must() -> None:
    for level in ("easy", "medium", "hard"):
        state = new()
        state.play_all(BLACK_MUST_PASS.split())
        assert str(analyse(state, level, movetime=0.2).move) == "pass"


def play_match(first: str, second: str, games: int, movetime: float) -> list[int | None]:
    """Winners by level index (0 = `first`), alternating who plays Black."""
    rng = random.Random(3)
    winners: list[int | None] = []
    for game in range(games):
        levels = (first, second) if game % 2 == 0 else (second, first)
        state = new()
        while state.outcome() is None:
            state.push(analyse(state, levels[state.to_move], rng=rng, movetime=movetime).move)
        outcome = state.outcome()
        assert outcome is not None
        black_level = 0 if game % 2 == 0 else 1
        winners.append(None if outcome.winner is None else black_level ^ outcome.winner)
    return winners


def test_medium_beats_easy() -> None:
    assert play_match("medium", "easy", 6, 1.0).count(0) >= 5


@pytest.mark.slow
def test_hard_beats_medium() -> None:
    assert play_match("hard", "medium", 4, 0.3).count(0) >= 3


# ----- the command line (RULES.md) ---------------------------------------------------


def engine(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "engine", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        check=False,
    )


def test_cli_perft_othello() -> None:
    result = engine("perft", "othello", "7")
    assert result.returncode == 0 and result.stdout.strip().splitlines()[-1] == "55092"


@pytest.mark.slow
def test_cli_perft_othello_9() -> None:
    result = engine("perft", "othello", "9")
    assert result.returncode == 0 and result.stdout.strip().splitlines()[-1] == "3005288"


def test_cli_moves_othello() -> None:
    lines = ["", "d3", "d3 d4", BLACK_MUST_PASS, f"{BLACK_MUST_PASS} pass", WIPE_OUT, "d3 zz"]
    result = engine("moves", "othello", stdin="\n".join(lines) + "\n")
    assert result.returncode == 0, result.stderr
    out = result.stdout.split("\n")
    assert len(out) == len(lines) + 1 and out[-1] == ""
    assert sorted(out[0].split()) == ["c4", "d3", "e6", "f5"]
    assert sorted(out[1].split()) == ["c3", "c5", "e3"]
    assert out[2].startswith("error:") and "not empty" in out[2]
    assert out[3] == "pass"
    assert sorted(out[4].split()) == ["a3", "b4", "d6"]
    assert out[5] == ""  # the game is over
    assert out[6].startswith("error:")

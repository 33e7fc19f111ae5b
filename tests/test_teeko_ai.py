"""The Teeko AI: evaluation terms, and the hard level takes every win in one and parries
every one-move win that can be parried, on time. Positions are reached by playing moves."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from engine.ai import analyse, choose_move
from engine.ai.search import MATE_BOUND
from engine.core import GameState
from engine.games.teeko import TEEKO
from engine.games.teeko.evaluation import LOST_NEXT, WIN_NOW, _mobility, evaluate_teeko
from engine.games.teeko.rules import TeekoState

# Black a1 b1 c1 placed, one in hand; White a5 e5 e3. Black to move: d1 wins, nothing else.
PLACE_TO_WIN = "a1 a5 b1 e5 c1 e3"
# Black a1 b1 c1 e1, White a5 e5 a3 e3, moving. Black to move: e1-d1 wins, nothing else.
STEP_TO_WIN = "a1 a5 b1 e5 c1 a3 e1 e3"
# Black a1 b1 c1, one in hand. White to move must place on d1 or lose.
PLACE_TO_BLOCK = "a1 a5 b1 e5 c1"
# Black c3 d3 c2 e2 threatens e2-d2 (the square c3 d3 c2 d2); White a4 d4 e4 e1 to move:
# e1-d2 is its only move that stops it (found by brute force).
STEP_TO_BLOCK = "e2 d4 c3 d1 d2 a5 c2 e4 c3-c4 d1-e1 c4-c3 a5-a4 d2-d3"


def position(moves: str) -> TeekoState:
    state = TEEKO.new_state()
    assert isinstance(state, TeekoState)
    state.play_all(moves.split())
    return state


def winning_moves(state: GameState) -> list[object]:
    mover = state.to_move
    wins = []
    for move in state.legal_moves():
        state.push(move)
        outcome = state.outcome()
        state.pop()
        if outcome is not None and outcome.winner == mover:
            wins.append(move)
    return wins


def parries(state: GameState) -> list[object]:
    """The moves after which the opponent has no win in one."""
    found = []
    for move in state.legal_moves():
        state.push(move)
        if state.outcome() is None and not winning_moves(state):
            found.append(move)
        state.pop()
    return found


def test_the_fixed_positions_are_what_their_comments_say() -> None:
    assert [str(m) for m in winning_moves(position(PLACE_TO_WIN))] == ["d1"]
    assert [str(m) for m in winning_moves(position(STEP_TO_WIN))] == ["e1-d1"]
    assert [str(m) for m in parries(position(PLACE_TO_BLOCK))] == ["d1"]
    assert [str(m) for m in parries(position(STEP_TO_BLOCK))] == ["e1-d2"]


# ----- the evaluation ------------------------------------------------------------
def test_the_start_is_even_and_the_centre_is_worth_more_than_a_corner() -> None:
    assert evaluate_teeko(position("")) == 0
    # White to move after Black's first piece: worse for White after c3 than after a5.
    assert evaluate_teeko(position("c3")) < evaluate_teeko(position("a5")) < 0


def mirrored(moves: str) -> str:
    """The same moves reflected left to right (a <-> e, b <-> d)."""
    return moves.translate(str.maketrans("abde", "edba"))


def test_the_evaluation_is_from_the_side_to_move_and_blind_to_mirrors() -> None:
    # White to place its last piece with a1 b1 c1: a win now is good for White, the mover.
    assert evaluate_teeko(position("a5 a1 e5 b1 a3 c1 e3")) >= WIN_NOW // 2
    for moves in ("c3 a5 b2", STEP_TO_BLOCK, "a1 b2 c4 d5 e3 e1 a4 c2 c4-d4"):
        assert evaluate_teeko(position(moves)) == evaluate_teeko(position(mirrored(moves)))


def test_a_win_now_and_a_loss_next_move_are_seen_statically() -> None:
    assert evaluate_teeko(position(PLACE_TO_WIN)) >= WIN_NOW // 2
    assert evaluate_teeko(position(STEP_TO_WIN)) >= WIN_NOW // 2
    # Black b3 c3 d3 threatens a3 and e3; White, to place, can block only one.
    assert evaluate_teeko(position("c3 a5 b3 e1 d3")) <= -LOST_NEXT // 2
    # One threat that White can block: bad, but not lost.
    assert -LOST_NEXT // 2 < evaluate_teeko(position(PLACE_TO_BLOCK)) < 0
    # Moving: a threat no White piece can reach is lost at once.
    assert evaluate_teeko(position(STEP_TO_BLOCK)) > -LOST_NEXT // 2  # e1 reaches d2
    assert evaluate_teeko(position("a1 a5 b1 e5 c1 b5 e3 e4 e3-e2")) <= -LOST_NEXT // 2  # e2-d1 next


def test_open_patterns_count_and_blocked_ones_do_not() -> None:
    # Black a1 b1 with White far away, against Black a1 b1 with White on c1 and d1's row.
    open_row = evaluate_teeko(position("a1 e5 b1"))
    cut_row = evaluate_teeko(position("a1 c1 b1"))
    assert open_row < cut_row  # White to move: Black's row is worth more when open


def test_mobility_counts_steps_in_eight_directions() -> None:
    empty_board = (1 << 25) - 1
    c3, a5 = 1 << 12, 1 << 0
    assert _mobility(c3, empty_board & ~c3) == 8
    assert _mobility(a5, empty_board & ~a5) == 3
    assert _mobility(c3 | a5, empty_board & ~(c3 | a5) & ~(1 << 6)) == 7 + 2  # b4 taken


# ----- the hard level ----------------------------------------------------------------
@pytest.mark.parametrize(("moves", "expected"), [(PLACE_TO_WIN, "d1"), (STEP_TO_WIN, "e1-d1")])
def test_hard_takes_the_win_in_one(moves: str, expected: str) -> None:
    choice = analyse(position(moves), "hard")
    assert str(choice.move) == expected and choice.score >= MATE_BOUND


@pytest.mark.parametrize(("moves", "expected"), [(PLACE_TO_BLOCK, "d1"), (STEP_TO_BLOCK, "e1-d2")])
def test_hard_parries_the_only_way(moves: str, expected: str) -> None:
    state = position(moves)
    move = choose_move(state, "hard")
    assert str(move) == expected


def random_positions(seed: int, count: int) -> Iterator[TeekoState]:
    """Positions of random games, placement and moving phases alike, still in play."""
    rng = random.Random(seed)
    while count:
        state = position("")
        target = rng.randrange(4, 40)
        while state.ply < target and state.outcome() is None:
            state.push(rng.choice(state.legal_moves()))
        if state.outcome() is None:
            count -= 1
            yield state


def test_hard_never_misses_a_win_in_one_nor_lets_a_stoppable_one_through() -> None:
    wins_seen = parries_seen = 0
    for state in random_positions(3, 400):
        if wins_seen >= 6 and parries_seen >= 6:
            break
        wins = winning_moves(state)
        stops = parries(state)
        if wins and wins_seen < 6:
            wins_seen += 1
            assert choose_move(state, "hard", movetime=0.2) in wins
        elif not wins and stops and len(stops) < len(state.legal_moves()) and parries_seen < 6:
            parries_seen += 1
            assert choose_move(state, "hard", movetime=0.2) in stops, " ".join(map(str, state.history))
    assert wins_seen == 6 and parries_seen == 6


def test_medium_takes_wins_and_parries_too() -> None:
    for seed in range(3):
        rng = random.Random(seed)
        assert str(choose_move(position(PLACE_TO_WIN), "medium", rng=rng)) == "d1"
        assert str(choose_move(position(PLACE_TO_BLOCK), "medium", rng=rng)) == "d1"
        assert str(choose_move(position(STEP_TO_BLOCK), "medium", rng=rng)) == "e1-d2"


def test_easy_takes_a_win_in_one() -> None:
    for seed in range(5):
        assert str(choose_move(position(STEP_TO_WIN), "easy", rng=random.Random(seed))) == "e1-d1"


def test_the_levels_leave_the_state_unchanged() -> None:
    for state in random_positions(9, 3):
        before = state.to_dict()
        for level in ("easy", "medium", "hard"):
            move = choose_move(state, level, rng=random.Random(1), movetime=0.1)
            assert state.why_illegal(move) is None
        assert state.to_dict() == before

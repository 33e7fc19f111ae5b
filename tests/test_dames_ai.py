"""The dames evaluation, feature by feature, and the levels playing dames."""

from __future__ import annotations

import random

import pytest

from engine.ai.players import analyse
from engine.core import FIRST, FIRST_KING, FIRST_MAN, SECOND, SECOND_KING, SECOND_MAN
from engine.games.dames import DAMES
from engine.games.dames.evaluation import KING, MAN, evaluate_dames
from engine.games.dames.rules import DamesState
from engine.registry import new_state

SWAP = {FIRST_MAN: SECOND_MAN, SECOND_MAN: FIRST_MAN, FIRST_KING: SECOND_KING, SECOND_KING: FIRST_KING}


def position(pieces: dict[int, int], side: int = FIRST) -> DamesState:
    state = DAMES.new_state()
    assert isinstance(state, DamesState)
    state.set_position(pieces, side)
    return state


def mirrored(state: DamesState) -> DamesState:
    """The same position seen from the other side: turned half a turn, colours swapped."""
    pieces = {50 - i: SWAP[code] for i, code in enumerate(state.board()) if code}
    return position(pieces, 1 - state.to_move)


def random_positions(count: int, seed: int) -> list[DamesState]:
    rng = random.Random(seed)
    found: list[DamesState] = []
    while len(found) < count:
        state = new_state("dames")
        assert isinstance(state, DamesState)
        for _ in range(rng.randrange(4, 120)):
            moves = state.legal_moves()
            if not moves:
                break
            state.push(rng.choice(moves))
        if state.outcome() is None:
            found.append(state)
    return found


def test_registered_for_dames() -> None:
    assert DAMES.evaluate is evaluate_dames


def test_the_start_is_even_and_every_position_scores_the_same_from_either_side() -> None:
    assert evaluate_dames(new_state("dames")) == 0
    for state in random_positions(25, seed=5):
        assert evaluate_dames(state) == evaluate_dames(mirrored(state))


def test_the_score_is_from_the_side_to_move() -> None:
    # White a man up, no captures anywhere: good for White to move, bad for Black to move.
    pieces = {46: FIRST_MAN, 47: FIRST_MAN, 5: SECOND_MAN}
    assert evaluate_dames(position(pieces, FIRST)) > MAN // 2
    assert evaluate_dames(position(pieces, SECOND)) < -MAN // 2


def test_a_king_is_worth_more_than_a_man() -> None:
    man = evaluate_dames(position({28: FIRST_MAN, 3: SECOND_MAN}))
    king = evaluate_dames(position({28: FIRST_KING, 3: SECOND_MAN}))
    assert king - man > (KING - MAN) // 2


def test_advanced_men_score_higher() -> None:
    back = evaluate_dames(position({38: FIRST_MAN, 47: FIRST_MAN, 3: SECOND_MAN}))
    forward = evaluate_dames(position({17: FIRST_MAN, 47: FIRST_MAN, 3: SECOND_MAN}))
    assert forward > back


def test_men_guarding_their_first_row_count_while_the_opponent_has_men() -> None:
    # 47 is on White's first row, 42 one row up: the guard outweighs one row of advance.
    guard = evaluate_dames(position({47: FIRST_MAN, 3: SECOND_MAN}))
    left = evaluate_dames(position({42: FIRST_MAN, 3: SECOND_MAN}))
    assert guard > left
    # Against kings only there is nothing to guard against: the advanced man is better.
    assert evaluate_dames(position({42: FIRST_MAN, 28: FIRST_KING, 3: SECOND_KING})) > evaluate_dames(
        position({47: FIRST_MAN, 28: FIRST_KING, 3: SECOND_KING})
    )


def test_mobility_counts() -> None:
    free = evaluate_dames(position({27: FIRST_MAN, 3: SECOND_MAN}))  # 21 and 22 free
    edge = evaluate_dames(position({26: FIRST_MAN, 3: SECOND_MAN}))  # only 21 (same row)
    assert free > edge


def test_a_piece_the_mover_can_take_counts_for_the_mover() -> None:
    # White to move may take 23 (landing on 19): most of a man already. Moved to 24, the
    # same black man hangs nowhere.
    hanging = evaluate_dames(position({28: FIRST_MAN, 23: SECOND_MAN, 3: SECOND_MAN, 46: FIRST_MAN}))
    safe = evaluate_dames(position({28: FIRST_MAN, 24: SECOND_MAN, 3: SECOND_MAN, 46: FIRST_MAN}))
    assert hanging - safe > MAN // 3


def test_two_threatened_pieces_cost_more_than_one() -> None:
    # Black to move, nothing to take; White threatens 23 (twice), then 24 as well.
    white = {square: FIRST_MAN for square in (28, 29, 32, 33, 34)}
    one = evaluate_dames(position({**white, 23: SECOND_MAN, 5: SECOND_MAN}, SECOND))
    two = evaluate_dames(position({**white, 23: SECOND_MAN, 24: SECOND_MAN}, SECOND))
    assert two < one - MAN // 3


def test_the_side_ahead_likes_trades_and_hunts_with_its_kings() -> None:
    many = evaluate_dames(
        position({28: FIRST_KING, 46: FIRST_MAN, 47: FIRST_MAN, 1: SECOND_MAN, 2: SECOND_MAN})
    )
    few = evaluate_dames(position({28: FIRST_KING, 46: FIRST_MAN, 2: SECOND_MAN}))
    assert few > many  # the same lead of a king, with fewer pieces left
    near = evaluate_dames(position({13: FIRST_KING, 46: FIRST_MAN, 2: SECOND_MAN}))
    far = evaluate_dames(position({43: FIRST_KING, 46: FIRST_MAN, 2: SECOND_MAN}))
    assert near > far


def test_hard_takes_a_free_double_capture() -> None:
    pieces = {37: FIRST_MAN, 46: FIRST_MAN, 32: SECOND_MAN, 22: SECOND_MAN, 5: SECOND_MAN, 6: SECOND_MAN}
    state = position(pieces)
    choice = analyse(state, "hard", rng=random.Random(1))
    assert str(choice.move) == "37x28x17"


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_lower_levels_take_a_free_man(level: str) -> None:
    state = position({28: FIRST_MAN, 23: SECOND_MAN, 3: SECOND_MAN, 46: FIRST_MAN})
    assert analyse(state, level, rng=random.Random(2)).move.capture

"""The Morris evaluation counts liberties: the empty points a side's pieces can step to,
each once however many pieces touch it. Steps alone miss a side whose pieces crowd
around one or two free points, the position that gets blocked."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator

from test_morris_endgame import set_position

from engine.games.morris.evaluation import DEFAULT, evaluate_with
from engine.games.morris.rules import MorrisState
from engine.registry import new_state


def moving_positions(seed: int, count: int) -> Iterator[MorrisState]:
    """Random moving-phase positions, nine pieces a side (nobody flies)."""
    rng = random.Random(seed)
    for _ in range(count):
        points = rng.sample(range(24), 18)
        state = new_state("nine")
        assert isinstance(state, MorrisState)
        white, black = sum(1 << p for p in points[:9]), sum(1 << p for p in points[9:])
        set_position(state, white, black, rng.randrange(2))
        yield state


def mobility(state: MorrisState, side: int) -> tuple[int, int]:
    """(steps, liberties) of `side`, read from the rules' own move list."""
    mover = state.to_move
    set_position(state, state.occupied(0), state.occupied(1), side)
    moves = state.legal_moves()
    set_position(state, state.occupied(0), state.occupied(1), mover)
    return len({(m.src, m.dst) for m in moves}), len({m.dst for m in moves})


# The mechanisms are checked with weights of their own: the fitted DEFAULT gives the
# linear liberty term nothing once moving, and its step danger is flat from 1 to 3.
LIBERTY = DEFAULT._replace(liberty=40)
STEEP = DEFAULT._replace(danger=(2500, 700, 350, 150), liberty_danger=(2500, 1000, 500, 200))


def test_each_free_point_counts_once_whatever_the_pieces_touching_it() -> None:
    without = evaluate_with(LIBERTY._replace(liberty=0))
    checked = 0
    for state in moving_positions(1, 400):
        me, them = (mobility(state, side) for side in (state.to_move, 1 - state.to_move))
        if min(me[0], them[0]) < len(LIBERTY.danger) or min(me[1], them[1]) < len(LIBERTY.liberty_danger):
            continue  # no danger term on either side: the difference is the liberties alone
        expected = LIBERTY.liberty * (me[1] - them[1])
        assert evaluate_with(LIBERTY)(state) - without(state) == expected, state.position()
        checked += 1
    assert checked > 50


def test_pieces_crowding_one_free_point_are_in_danger_though_they_have_steps() -> None:
    without = evaluate_with(STEEP._replace(liberty_danger=()))
    crowded = 0
    for state in moving_positions(2, 6000):
        (steps, liberties), them = (mobility(state, side) for side in (state.to_move, 1 - state.to_move))
        if liberties != 1 or steps < 2 or min(them) < len(STEEP.liberty_danger):
            continue
        # Several steps, all to one point: costed as the single liberty it is.
        step_cost = STEEP.danger[steps] if steps < len(STEEP.danger) else 0
        expected = step_cost - STEEP.liberty_danger[1]
        assert expected < 0
        assert evaluate_with(STEEP)(state) - without(state) == expected, state.position()
        crowded += 1
    assert crowded > 0


def test_the_danger_of_few_liberties_grows_as_they_go() -> None:
    costs = DEFAULT.liberty_danger
    assert len(costs) >= 3
    assert all(a > b for a, b in itertools.pairwise(costs))
    # One free point left costs about as much as one step left (the fit: within 5%).
    assert costs[1] >= 0.95 * DEFAULT.danger[1]

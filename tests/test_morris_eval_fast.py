"""The bit-parallel Morris evaluation (engine/games/morris/evaluation.py) gives exactly
what the plain loops over mills and pieces it replaced gave, on random positions of
the three variants and on the positions of random games.

`reference_side` below is that plain implementation, kept as the readable
specification of each term. The checks use the fitted weights and `PROBE`, weights
that give every term its own power of 100, so that a term wrong in one count cannot
hide behind another term or behind a weight of 0."""

from __future__ import annotations

from typing import Any, NamedTuple, cast

import pytest
from conftest import random_game
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import new_state
from engine.games.morris.board import ALL_POINTS, POINT_COUNT, Topology, points_of, topology
from engine.games.morris.evaluation import DEFAULT, PIECE, MorrisEvaluator, Weights, _board, _entry, _side
from engine.games.morris.rings import (
    RING_BIT,
    VERTICAL,
    across,
    clockwise,
    counterclockwise,
    to_rings,
)
from engine.games.morris.rules import MorrisState, position_text


class Side(NamedTuple):
    material: int
    score: int  # positional part, weighted
    threats: int  # distinct points closing a mill next move
    steps: int  # steps available if moving (-1 for a flying side)


def reference_side(mine: int, theirs: int, hand: int, their_hand: int, topo: Topology, w: Weights) -> Side:
    """One side's terms, point by point and mill by mill (the evaluation before the
    ring layout): the specification the fast `_side` must meet."""
    adjacent = topo.adjacent
    empty = ALL_POINTS & ~(mine | theirs)
    on_board = mine.bit_count()
    flying = hand == 0 and on_board == 3
    # The points the opponent could enter next move: any while it places or flies.
    their_entry = ALL_POINTS if their_hand or theirs.bit_count() == 3 else topo.reach(theirs)

    mills = reclosable = twos = free_mills = 0
    threat_points = 0
    in_mills = 0
    for mask in topo.mill_masks:
        held = mine & mask
        if held == mask:
            mills += 1
            in_mills |= mask
            if not hand and topo.reach(mask) & empty:  # a piece can step out (and back)
                reclosable += 1
            # ... from a point no enemy piece can step into: the mill closes again
            if not hand and any(adjacent[q] & empty and not their_entry >> q & 1 for q in points_of(mask)):
                free_mills += 1
            continue
        if theirs & mask or held.bit_count() != 2:
            continue
        third = mask & ~held
        if hand or flying or adjacent[third.bit_length() - 1] & mine & ~mask:
            threat_points |= third
        else:
            twos += 1
    threats = threat_points.bit_count()
    free_threats = (threat_points & ~their_entry).bit_count()
    if flying:
        score = w.fly_mill * mills + w.fly_threat * threats
        return Side(on_board, score, threats, -1)

    steps = blocked = cramped = doubles = 0
    liberties = 0
    for p in points_of(mine):
        free = adjacent[p] & empty
        liberties |= free
        count = free.bit_count()
        steps += count
        if count == 0:
            blocked += 1
        elif count == 1:
            cramped += 1
        if in_mills >> p & 1 and not hand:
            # A double mill: stepping p out to q closes a mill through q.
            after = mine & ~(1 << p)
            if any(after & pair == pair for q in points_of(free) for pair in topo.pairs_at[q]):
                doubles += 1
    danger = w.danger[steps] if steps < len(w.danger) else 0
    free_points = liberties.bit_count()
    if free_points < len(w.liberty_danger):  # steps to one point are one way out, not several
        danger = max(danger, w.liberty_danger[free_points])
    if hand:
        # Pieces in hand can still free the position: the danger of a block counts
        # only as the hand empties.
        danger //= hand + 1
        score = (w.place_mill * mills + w.place_two * twos + w.place_threat * threats
                 + w.place_mobility * steps - w.place_blocked * blocked - w.cramped * cramped
                 + w.place_liberty * free_points)  # fmt: skip
    else:
        score = (w.mill * mills + w.reclosable * reclosable + w.two * twos + w.threat * threats
                 + w.mobility * steps - w.blocked * blocked - w.cramped * cramped
                 + w.double_mill * doubles + w.liberty * free_points
                 + w.free_mill * free_mills + w.free_threat * free_threats)  # fmt: skip
    return Side(on_board + hand, score - danger, threats, steps)


def reference_score(state: MorrisState, diagonals: bool, w: Weights) -> int:
    """`MorrisEvaluator._score` on the reference terms."""
    topo = topology(diagonals)
    side = state.to_move
    mine, theirs = state.occupied(side), state.occupied(1 - side)
    hand, their_hand = state.in_hand(side), state.in_hand(1 - side)
    me = reference_side(mine, theirs, hand, their_hand, topo, w)
    them = reference_side(theirs, mine, their_hand, hand, topo, w)
    score = PIECE * (me.material - them.material) + me.score - them.score
    if not (hand or their_hand):  # moving: what each count of pieces is worth less
        table = w.count_cost
        cost = [0, 0, 0, 0, *table, *table[-1:] * POINT_COUNT]
        score -= cost[me.material] - cost[them.material]
    if me.threats:
        score += w.tempo
    elif them.threats >= 2:
        score -= w.double_threat
    return score


def fast_side(mine: int, theirs: int, hand: int, their_hand: int, diagonals: bool, w: Weights) -> Side:
    """The evaluation's `_side` on board masks."""
    vertical = VERTICAL[diagonals]
    board = _board(to_rings(mine | theirs), vertical)
    return Side(*_side(to_rings(mine), hand, board, w, _entry(to_rings(theirs), their_hand, vertical)))


def _powers() -> dict[str, Any]:
    scalars = [name for name, value in DEFAULT._asdict().items() if isinstance(value, int)]
    weights: dict[str, Any] = {name: 100**i for i, name in enumerate(scalars, 1)}
    top = 100 ** (len(scalars) + 3)  # the danger above every other term, even divided by a hand
    weights["danger"] = tuple(top * k for k in (9, 7, 5, 3))
    weights["liberty_danger"] = tuple(top * k for k in (8, 6, 4, 2))
    # Each count's worth above all the rest, and every difference of two its own.
    weights["count_cost"] = tuple(top * 1000 * 2**k for k in range(6))
    return weights


PROBE = Weights(**_powers())
WEIGHTS = [DEFAULT, PROBE]
VARIANTS: list[tuple[str, bool]] = [("nine", False), ("twelve", False), ("twelve", True)]
PIECES = {"nine": 9, "twelve": 12}


def assert_same_side(fast: Side, reference: Side, context: object) -> None:
    for field, got, expected in zip(Side._fields, fast, reference, strict=True):
        assert got == expected, f"{field}: {got} != {expected} for {context}"


def mask(points: list[int]) -> int:
    return sum(1 << p for p in points)


@st.composite
def positions(draw: st.DrawFn, moving: bool = False, flying: bool = False) -> tuple[str, bool, int, int, int]:
    """(game, diagonals, mine, theirs, hand): disjoint random masks and a hand that fits
    the pieces left; `moving` and `flying` fix the hand at 0 (and 3 pieces to fly)."""
    game, diagonals = draw(st.sampled_from(VARIANTS))
    pieces = PIECES[game]
    points = draw(st.permutations(range(POINT_COUNT)))
    own = 3 if flying else draw(st.integers(3 if moving else 0, pieces))
    other = draw(st.integers(0, min(pieces, POINT_COUNT - own)))
    hand = 0 if moving or flying else draw(st.integers(0, pieces - own))
    return game, diagonals, mask(points[:own]), mask(points[own : own + other]), hand


def check_side(position: tuple[str, bool, int, int, int]) -> None:
    _, diagonals, mine, theirs, hand = position
    topo = topology(diagonals)
    for w in WEIGHTS:
        for their_hand in (0, 1):  # the opponent stepping (or flying), then placing
            reference = reference_side(mine, theirs, hand, their_hand, topo, w)
            assert_same_side(fast_side(mine, theirs, hand, their_hand, diagonals, w), reference, position)


@settings(max_examples=1500, deadline=None)
@given(positions())
def test_each_term_is_the_references_on_random_positions(position: tuple[str, bool, int, int, int]) -> None:
    check_side(position)


@settings(max_examples=1500, deadline=None)
@given(positions(moving=True))
def test_each_term_is_the_references_once_moving(position: tuple[str, bool, int, int, int]) -> None:
    check_side(position)


@settings(max_examples=300, deadline=None)
@given(positions(flying=True))
def test_each_term_is_the_references_when_flying(position: tuple[str, bool, int, int, int]) -> None:
    check_side(position)


@settings(max_examples=500, deadline=None)
@given(positions(), st.integers(0, 1), st.integers(0, 12))
def test_the_score_is_the_references_on_random_positions(
    position: tuple[str, bool, int, int, int], side: int, their_hand: int
) -> None:
    game, diagonals, mine, theirs, hand = position
    their_hand = min(their_hand, PIECES[game] - theirs.bit_count())
    white, black = (mine, theirs) if side == 0 else (theirs, mine)
    hands = (hand, their_hand) if side == 0 else (their_hand, hand)
    state = cast(MorrisState, new_state(game, {"diagonals": True} if diagonals else {}))
    state.load_position(position_text(white, black, side, hands))
    for w in WEIGHTS:
        assert MorrisEvaluator(w)._score(state, diagonals) == reference_score(state, diagonals, w)


@pytest.mark.parametrize(("game", "diagonals"), VARIANTS)
def test_the_score_is_the_references_along_random_games(game: str, diagonals: bool) -> None:
    """Every position of random games (placement, moving, flying), both sides' terms
    and the score, as the search asks for it."""
    options = {"diagonals": True} if diagonals else {}
    topo = topology(diagonals)
    phases: set[str] = set()
    for seed in range(6):
        _, seen = random_game(game, seed, 400, **options)
        evaluators = [MorrisEvaluator(w) for w in WEIGHTS]
        for state in seen:
            if state.outcome() is not None:
                continue
            for player in (0, 1):
                mine, theirs, hand = state.occupied(player), state.occupied(1 - player), state.in_hand(player)
                their_hand = state.in_hand(1 - player)
                for w in WEIGHTS:
                    reference = reference_side(mine, theirs, hand, their_hand, topo, w)
                    fast = fast_side(mine, theirs, hand, their_hand, diagonals, w)
                    assert_same_side(fast, reference, state.position())
                phases.add("placing" if hand else "flying" if mine.bit_count() == 3 else "moving")
            for w, evaluator in zip(WEIGHTS, evaluators, strict=True):
                expected = reference_score(state, diagonals, w)
                assert evaluator._score(state, diagonals) == expected, state.position()
                assert evaluator(state) == expected, state.position()
    assert phases == {"placing", "moving", "flying"}


@pytest.mark.parametrize("diagonals", [False, True])
def test_the_ring_layout_has_the_boards_neighbours_and_mills(diagonals: bool) -> None:
    assert sorted(RING_BIT) == list(range(POINT_COUNT))
    topo = topology(diagonals)
    for p in range(POINT_COUNT):
        point = 1 << RING_BIT[p]
        neighbours = clockwise(point) | counterclockwise(point) | across(point, diagonals)
        assert neighbours == to_rings(topo.adjacent[p]), p
    # Side mills around each midpoint, and the same pos through the three rings.
    side_mills = {
        sum(1 << (ring * 8 + (pos + step) % 8) for step in (-1, 0, 1))
        for ring in range(3)
        for pos in (1, 3, 5, 7)
    }
    ring_mills = {
        sum(1 << (ring * 8 + pos) for ring in range(3)) for pos in range(8) if VERTICAL[diagonals] >> pos & 1
    }
    assert {to_rings(m) for m in topo.mill_masks} == side_mills | ring_mills
    assert len(topo.mill_masks) == len(side_mills | ring_mills)

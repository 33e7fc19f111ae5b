"""Evaluation of Teeko, from the side to move's view, in thousandths of a piece.

Features, per player, all on 25-bit masks: the winning patterns still open to the
player (none of the opponent's pieces on them), weighted by how many of its pieces
they already hold; threats (three pieces of an open pattern whose fourth square the
player can fill next move: placeable while placing, next to the player's fourth piece
once moving); the centre; mobility once moving. There is no quiescence search, so the
tempo is settled here as a static threat analysis: a threat of the side to move is a
win now, and threats of the opponent that the mover cannot block are a loss next move.
"""

from __future__ import annotations

from typing import cast

from engine.core import GameState
from engine.games.teeko.rules import ALL_CELLS, NEIGHBOURS, WIN_PATTERNS, TeekoState

# An open pattern is worth more the more of it a player holds (index: pieces held).
OPEN_PATTERN = (0, 30, 140, 420)
THREAT = 700  # per square that completes a pattern next move (on top of OPEN_PATTERN[3])
WIN_NOW = 40_000  # the side to move can complete a pattern right now
LOST_NEXT = 30_000  # the opponent completes a pattern next move whatever the mover does
CENTRE_CELL = 1 << 12  # c3
INNER_RING = sum(1 << (r * 5 + c) for r in (1, 2, 3) for c in (1, 2, 3)) & ~CENTRE_CELL
CENTRE_BONUS = 90  # a piece on c3 (it lies on 12 of the 44 patterns)
INNER_BONUS = 45  # a piece on one of the eight squares around c3
MOBILITY = 12  # per possible step, once moving


def _reach(own: int, empty: int, placing: bool) -> int:
    """The squares a player can fill with its next move."""
    if placing:
        return empty
    reach = 0
    remaining = own
    while remaining:
        low = remaining & -remaining
        reach |= NEIGHBOURS[low.bit_length() - 1]
        remaining ^= low
    return reach & empty


def _mobility(own: int, empty: int) -> int:
    steps = 0
    remaining = own
    while remaining:
        low = remaining & -remaining
        steps += (NEIGHBOURS[low.bit_length() - 1] & empty).bit_count()
        remaining ^= low
    return steps


def _threat_squares(held: int, own: int, placing: bool) -> int:
    """The empty fourth square of a pattern holding three own pieces, if fillable next move."""
    # Moving a piece of the pattern itself would break it: the fourth piece must come
    # from outside, and it steps only to a neighbour.
    return held if placing or NEIGHBOURS[held.bit_length() - 1] & own else 0


def evaluate_teeko(state: GameState) -> int:
    """Score of a Teeko position still in play, for the player to move."""
    teeko = cast(TeekoState, state)
    side = teeko.to_move
    mine, theirs = teeko.occupied(side), teeko.occupied(1 - side)
    empty = ALL_CELLS & ~(mine | theirs)
    i_place, they_place = teeko.in_hand(side) > 0, teeko.in_hand(1 - side) > 0

    score = 0
    my_threats = their_threats = 0
    for pattern in WIN_PATTERNS:
        held_mine = mine & pattern
        held_theirs = theirs & pattern
        if held_mine and held_theirs:
            continue  # a dead pattern for both
        if held_mine:
            count = held_mine.bit_count()
            score += OPEN_PATTERN[count]
            if count == 3:
                my_threats |= _threat_squares(pattern & ~held_mine, mine & ~pattern, i_place)
        elif held_theirs:
            count = held_theirs.bit_count()
            score -= OPEN_PATTERN[count]
            if count == 3:
                their_threats |= _threat_squares(pattern & ~held_theirs, theirs & ~pattern, they_place)

    if my_threats:
        return WIN_NOW + score
    if their_threats:
        # One move fills one square: two threats, or one out of reach, cannot be parried.
        if their_threats.bit_count() >= 2 or not _reach(mine, empty, i_place) & their_threats:
            return -LOST_NEXT + score
        score -= THREAT * their_threats.bit_count()

    score += CENTRE_BONUS * ((mine & CENTRE_CELL).bit_count() - (theirs & CENTRE_CELL).bit_count())
    score += INNER_BONUS * ((mine & INNER_RING).bit_count() - (theirs & INNER_RING).bit_count())
    if not i_place:
        score += MOBILITY * _mobility(mine, empty)
    if not they_place:
        score -= MOBILITY * _mobility(theirs, empty)
    return score

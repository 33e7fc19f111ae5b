"""The Morris evaluation before issue 16 (kept as a sparring partner for tools/morris_match.py).

Features, per player: material (board + hand), complete mills, "twos" (two pieces and
an empty third point on a line) and which of them can be closed on the next move,
mills that can be opened and closed again, mobility and blocked pieces, and double
threats. Weights depend on the phase: structure matters while placing, mobility and
reclosable mills once moving, threats above all when a player flies. There is no
quiescence search, so the side to move gets the tempo: a mill it can close now is
almost a piece won, two threats of the opponent it cannot both parry almost one lost.
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple, cast

from engine.core import GameState
from engine.games.morris.board import ALL_POINTS, points_of, topology
from engine.games.morris.rules import MorrisState

PIECE = 1000


class Weights(NamedTuple):
    mill: int  # a complete mill (its pieces cannot be removed while others can)
    reclosable: int  # a complete mill with a piece free to step out and back
    two: int  # two pieces and an empty third point, not yet closable next move
    threat: int  # an empty point the player can fill next move to close a mill
    mobility: int  # each possible step
    blocked: int  # each piece that cannot move (negative)


PLACEMENT = Weights(mill=120, reclosable=0, two=60, threat=220, mobility=30, blocked=-90)
MOVING = Weights(mill=60, reclosable=280, two=40, threat=320, mobility=35, blocked=-45)
FLYING = Weights(mill=40, reclosable=0, two=0, threat=450, mobility=0, blocked=0)

TEMPO_CLOSE = 750  # the side to move can close a mill right now
DOUBLE_THREAT = 600  # the opponent has two closable points and the mover none
OPPONENT_BLOCKED = 2500  # moving phase: the opponent has no step at all
STRAIGHT_JACKET = 150  # per missing step below three, for the side in the moving phase


class Features(NamedTuple):
    material: int
    score: int  # positional part, already weighted
    threats: int  # number of distinct points closing a mill next move
    mobility: int  # steps available (moving phase), -1 when placing or flying


@cache
def _mills(diagonals: bool) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Each mill mask with its points, for the variant."""
    return tuple((mask, tuple(points_of(mask))) for mask in topology(diagonals).mill_masks)


def _features(state: MorrisState, player: int) -> Features:
    mine, theirs = state.occupied(player), state.occupied(1 - player)
    hand = state.in_hand(player)
    adjacent = state.topology.adjacent
    empty = ALL_POINTS & ~(mine | theirs)
    on_board = mine.bit_count()
    flying = hand == 0 and on_board == 3
    weights = PLACEMENT if hand else FLYING if flying else MOVING

    mills = reclosable = twos = 0
    threat_points = 0
    for mask, points in _mills(bool(state.options.get("diagonals", False))):
        held = mine & mask
        if held == mask:
            mills += 1
            if not hand and any(adjacent[p] & empty for p in points):
                reclosable += 1
            continue
        if theirs & mask or held.bit_count() != 2:
            continue
        third = mask & ~held
        if hand or flying or adjacent[third.bit_length() - 1] & mine & ~mask:
            threat_points |= third
        else:
            twos += 1

    mobility = -1
    positional = 0
    if not hand and not flying:
        mobility = blocked = 0
        for p in points_of(mine):
            steps = (adjacent[p] & empty).bit_count()
            mobility += steps
            blocked += steps == 0
        positional += weights.mobility * mobility + weights.blocked * blocked
        if mobility < 3:
            positional -= STRAIGHT_JACKET * (3 - mobility)
    elif hand:
        # Potential mobility while placing: free neighbours of the pieces placed.
        for p in points_of(mine):
            steps = (adjacent[p] & empty).bit_count()
            positional += weights.mobility * steps + (weights.blocked if steps == 0 else 0)
    threats = threat_points.bit_count()
    positional += (
        weights.mill * mills + weights.reclosable * reclosable + weights.two * twos + weights.threat * threats
    )
    return Features(on_board + hand, positional, threats, mobility)


def evaluate_morris(state: GameState) -> int:
    """Score of a Morris position still in play, for the player to move."""
    morris = cast(MorrisState, state)
    side = morris.to_move
    me = _features(morris, side)
    them = _features(morris, 1 - side)
    score = PIECE * (me.material - them.material) + me.score - them.score
    if me.threats:
        score += TEMPO_CLOSE
    elif them.threats >= 2:
        score -= DOUBLE_THREAT
    if them.mobility == 0:
        score += OPPONENT_BLOCKED
    return score

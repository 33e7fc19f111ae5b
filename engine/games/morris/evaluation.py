"""Evaluation of Nine and Twelve Men's Morris, from the side to move's view.

The game is lost by being blocked as often as by losing pieces, and the blocking is
decided during placement. So mobility is counted for both sides in every phase, twice:
as steps (each piece's free neighbours) and as liberties (the distinct empty points the
pieces touch: nine pieces crowding two free points have many steps and two ways out).
While placing, it is what the pieces already on the board would have, weighed more as
the hands empty; once moving, a side with few steps or few liberties left is in danger
that grows steeply (`danger`, `liberty_danger`), long before the search sees the block.
Besides mobility, per side: material (board + hand), pieces that cannot move and pieces
with one free neighbour, complete mills, mills that can be opened and closed again,
double mills (a piece that swings between two mills closes one at every move), "twos"
and immediate threats (an empty point the side can fill next move to close a mill). A
flying side cannot be blocked; it lives or dies by threats, and two open threats
against it cannot both be parried.

There is no quiescence search, so the side to move gets the tempo: a mill it can close
now is almost a piece won. `MorrisEvaluator.extend` tells the search which positions
deserve another ply (a side nearly blocked), `MorrisEvaluator.exact`
which positions the endgame database (engine/games/morris/endgame.py) scores exactly.

Weights are in thousandths of a piece, fitted to positions scored by a deeper search
(tools/fit_morris_eval.py) and checked by self-play (tools/tune_morris.py, results in
tools/data/morris_tuning.json).
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple, cast

from engine.core import GameState
from engine.games.morris.board import ALL_POINTS, Topology, points_of, topology
from engine.games.morris.endgame import SECTIONS, exact_score
from engine.games.morris.rules import MorrisState

PIECE = 1000
CACHE_ENTRIES = 100_000  # bounded: cleared when full
ENDGAME_PIECES = max(own + opp for own, opp in SECTIONS)  # the most the database holds
EXTEND_STEPS = 1  # a side with this many steps or fewer is searched one ply deeper


class Weights(NamedTuple):
    """Every tunable term; `DEFAULT` is what the levels use. Costs are positive.

    Fitted (tools/fit_morris_eval.py) to 2,050 positions scored by millref's depth-10
    search, the step danger then made non-increasing; the fit gave nothing to mill,
    mobility and liberty once moving: reclosable mills and the two danger tables carry
    what they said. It beat the hand-tuned weights 72% (20 games at 30,000 nodes)."""

    place_mill: int = 68  # placement: a complete mill
    place_two: int = 60  # placement: two pieces and an empty third point
    place_threat: int = 257  # placement: an empty point closing a mill next move
    place_mobility: int = 61  # placement: each step the placed pieces would have
    place_blocked: int = 220  # placement: each placed piece without a free neighbour
    mill: int = 0  # moving: a complete mill (its pieces cannot be removed while others can)
    reclosable: int = 389  # moving: a complete mill with a piece free to step out and back
    double_mill: int = 716  # moving: a piece that steps from one mill into another
    two: int = 65  # moving: two pieces and an empty third point, not closable next move
    threat: int = 638  # moving: an empty point the side can close next move
    mobility: int = 0  # moving: each step
    blocked: int = 185  # moving: each piece without a free neighbour
    cramped: int = 59  # each piece with exactly one free neighbour
    danger: tuple[int, ...] = (2500, 844, 844, 844)  # cost of 0..3 steps left (moving)
    fly_mill: int = 613  # flying: a complete mill
    fly_threat: int = 435  # flying: an empty point the flyer can close (from anywhere)
    tempo: int = 722  # the side to move can close a mill now
    double_threat: int = 380  # the opponent has two closing points, the mover none
    place_liberty: int = 25  # placement: each empty point next to a placed piece
    liberty: int = 0  # moving: each empty point a piece could step to (steps count it
    # once per piece; pieces crowding one free point are nearly as blocked as none)
    liberty_danger: tuple[int, ...] = (2500, 815, 749, 208)  # cost of 0..3 liberties left


DEFAULT = Weights()


class _Side(NamedTuple):
    material: int
    score: int  # positional part, weighted
    threats: int  # distinct points closing a mill next move
    steps: int  # steps available if moving (-1 for a flying side)


class _Tables(NamedTuple):
    mills: tuple[int, ...]  # mask of each mill
    adjacent: tuple[int, ...]
    pairs_at: tuple[tuple[int, ...], ...]  # the other two points of each mill through a point
    topology: Topology


@cache
def _tables(diagonals: bool) -> _Tables:
    topo = topology(diagonals)
    return _Tables(topo.mill_masks, topo.adjacent, topo.pairs_at, topo)


def _side(mine: int, theirs: int, hand: int, tables: _Tables, w: Weights) -> _Side:
    adjacent = tables.adjacent
    empty = ALL_POINTS & ~(mine | theirs)
    on_board = mine.bit_count()
    flying = hand == 0 and on_board == 3

    mills = reclosable = twos = 0
    threat_points = 0
    in_mills = 0
    reach = tables.topology.reach
    for mask in tables.mills:
        held = mine & mask
        if held == mask:
            mills += 1
            in_mills |= mask
            if not hand and reach(mask) & empty:  # a piece can step out (and back)
                reclosable += 1
            continue
        if theirs & mask or held.bit_count() != 2:
            continue
        third = mask & ~held
        if hand or flying or adjacent[third.bit_length() - 1] & mine & ~mask:
            threat_points |= third
        else:
            twos += 1
    threats = threat_points.bit_count()
    if flying:
        score = w.fly_mill * mills + w.fly_threat * threats
        return _Side(on_board, score, threats, -1)

    steps = blocked = cramped = doubles = 0
    liberties = 0
    pairs_at = tables.pairs_at
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
            if any(after & pair == pair for q in points_of(free) for pair in pairs_at[q]):
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
                 + w.double_mill * doubles + w.liberty * free_points)  # fmt: skip
    return _Side(on_board + hand, score - danger, threats, steps)


def evaluate_with(weights: Weights) -> MorrisEvaluator:
    """An evaluator with other weights (the tuning script compares them)."""
    return MorrisEvaluator(weights)


class MorrisEvaluator:
    """`evaluate(state)`, plus the search extension hook `extend(state)`."""

    def __init__(self, weights: Weights = DEFAULT) -> None:
        self.weights = weights
        # Scores by position key and variant: iterative deepening and transpositions
        # reach the same leaves again and again.
        self._cache: dict[int, int] = {}

    def __call__(self, state: GameState) -> int:
        """Score of a Morris position still in play, for the player to move."""
        morris = cast(MorrisState, state)
        diagonals = morris.diagonals
        key = morris.key() << 1 | diagonals
        score = self._cache.get(key)
        if score is None:
            if len(self._cache) >= CACHE_ENTRIES:
                self._cache.clear()
            score = self._cache[key] = self._score(morris, diagonals)
        return score

    def _score(self, morris: MorrisState, diagonals: bool) -> int:
        side = morris.to_move
        tables = _tables(diagonals)
        mine, theirs = morris.occupied(side), morris.occupied(1 - side)
        w = self.weights
        me = _side(mine, theirs, morris.in_hand(side), tables, w)
        them = _side(theirs, mine, morris.in_hand(1 - side), tables, w)
        score = PIECE * (me.material - them.material) + me.score - them.score
        if me.threats:
            score += w.tempo
        elif them.threats >= 2:
            score -= w.double_threat
        return score

    def exact(self, state: GameState) -> int | None:
        """The endgame database's score, if it covers the position."""
        masks = cast(MorrisState, state).moving_masks()
        # Most nodes fail this test, asked at every node before the database's own.
        if masks is None or masks[0].bit_count() + masks[1].bit_count() > ENDGAME_PIECES:
            return None
        return exact_score(state)

    def extend(self, state: GameState) -> bool:
        """Whether the position just reached deserves one more ply: the side to move,
        stepping, has at most EXTEND_STEPS steps left (one more enemy step may block
        it). Mills closed are not extended: in the moving phase a mill opens and
        closes every other move, and extending them cost three plies of nominal depth
        at the same node count in `bench`'s moving position."""
        return cast(MorrisState, state).steps_at_most(EXTEND_STEPS)


evaluate_morris = MorrisEvaluator()

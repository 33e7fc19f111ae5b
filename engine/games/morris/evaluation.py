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
and immediate threats (an empty point the side can fill next move to close a mill);
once moving, free mills and free threats: those whose point no enemy piece can step
into, to block it (a running mill that takes a piece every other move). A flying
side cannot be blocked; it lives or dies by threats, and two open threats against it
cannot both be parried.

Each term is counted for all of a side's pieces and mills at once (bit-parallel
evaluation): the pieces are renumbered ring by ring (engine/games/morris/rings.py), where
neighbours and mills are shifts and masks, so a term costs a few mask operations and
bit counts whatever the number of pieces. tests/test_morris_eval_fast.py keeps the plain
loops over mills and pieces as the specification of the terms.

There is no quiescence search, so the side to move gets the tempo: a mill it can close
now is almost a piece won. (One over mill closures was tried: against millref at 50 ms
it drew more and won less, 70% against 74% without, 64 games each; morris_ladder.json.)
`MorrisEvaluator.extend` tells the search which positions deserve another ply (a side
nearly blocked), `MorrisEvaluator.exact` which positions the endgame database
(engine/games/morris/endgame.py) scores exactly.

Weights are in thousandths of a piece, fitted to positions scored by a deeper search
(tools/fit_morris_eval.py) and checked by self-play (tools/tune_morris.py, results in
tools/data/morris_tuning.json). Nine Men's Morris adds fitted line patterns (an n-tuple
evaluation, engine/games/morris/patterns.py): what these terms miss about each mill
line's filling, learnt from the same kind of positions (tools/fit_morris_patterns.py).
"""

from __future__ import annotations

from typing import NamedTuple, cast

from engine.core import GameState
from engine.games.morris.board import POINT_COUNT
from engine.games.morris.endgame import exact_score
from engine.games.morris.pattern_weights import LINE_WEIGHTS
from engine.games.morris.patterns import LinePatterns, phase_of
from engine.games.morris.rings import CORNERS, MIDPOINTS, RINGS_HIGH, RINGS_LOW, RINGS_MIDDLE, VERTICAL
from engine.games.morris.rules import MorrisState

PIECE = 1000
CACHE_ENTRIES = 100_000  # bounded: cleared when full
EXTEND_STEPS = 1  # a side with this many steps or fewer is searched one ply deeper


class Weights(NamedTuple):
    """Every tunable term; `DEFAULT` is what the levels use. Costs are positive.

    Fitted (tools/fit_morris_eval.py) to 2,050 positions scored by millref's depth-10
    search, the step danger then made non-increasing; the fit gave nothing to mill,
    mobility and liberty once moving: reclosable mills and the two danger tables carry
    what they said. It beat the hand-tuned weights 72% (20 games at 30,000 nodes)."""

    place_mill: int = 68  # placement: a complete mill
    place_two: int = 60  # placement: two pieces and an empty third point (never counts:
    # with a piece in hand, every two is a threat)
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
    # Session 21, fitted to what the rest of the evaluation leaves of millref's depth-10
    # scores (tools/fit_morris_eval.py --only: held-out error 907 -> 877), checked on
    # the suite of hard's lost games (30-33 mistakes in four runs, 36-37 without). A point
    # no enemy piece can step into makes a running mill, which decides games.
    free_mill: int = 700  # moving: a complete mill with a piece free to step out from a
    # point no enemy piece can step into (it closes again every other move)
    free_threat: int = 740  # moving: a closing point no enemy piece can step into
    # Moving, what a side's 4, 5, ... 9 pieces (more: as 9) are worth less than PIECE
    # each, against 3 (which fly): a piece is not worth the same at every count. Fitted
    # the same way (--only count_cost); on the suite, a mean given away of 191-193
    # against 228-269 without, and 9 moves into a lost game against 11-13.
    count_cost: tuple[int, ...] = (260, 883, 955, 843, 172, 336)


DEFAULT = Weights()


# One side's terms, as `_side` returns them: material (board + hand), score (the
# positional part, weighted), threats (distinct points closing a mill next move) and
# steps (available if moving; -1 for a flying side). A plain tuple, not a NamedTuple:
# building one costs more than some of the terms.
_Side = tuple[int, int, int, int]

# What both sides' terms share, from `_board`: the empty points, the variant's
# vertical mask (rings.py), and free1..free4, the points with at least 1..4 empty
# neighbours.
_Board = tuple[int, int, int, int, int, int]


def _board(occupied: int, vertical: int) -> _Board:
    """`occupied`: both sides' pieces in the ring layout. Every point's empty
    neighbours are counted at once with at-least-k accumulators over the four
    directions: along the ring either way, across the rings either way."""
    empty = 0xFFFFFF ^ occupied
    # The points just before an empty one (p+1 empty) and just after one (p-1 empty):
    # rings.counterclockwise and clockwise, inlined. Then the same across the rings.
    before = (empty >> 1 & 0x7F7F7F) | (empty & 0x010101) << 7
    after = (empty << 1 & 0xFEFEFE) | (empty >> 7 & 0x010101)
    outward, inward = empty >> 8 & vertical, (empty & 0xFFFF) << 8 & vertical
    along, crossing = before | after, outward | inward
    both_along, both_crossing = before & after, outward & inward
    return (
        empty,
        vertical,
        along | crossing,
        both_along | both_crossing | along & crossing,
        both_along & crossing | both_crossing & along,
        both_along & both_crossing,
    )


def _entry(pieces: int, hand: int, vertical: int) -> int:
    """The points a side could enter next move, in the ring layout: every point while
    it places or flies, else its pieces' neighbours."""
    if hand or pieces.bit_count() == 3:
        return 0xFFFFFF
    after = (pieces << 1 & 0xFEFEFE) | (pieces >> 7 & 0x010101)
    before = (pieces >> 1 & 0x7F7F7F) | (pieces & 0x010101) << 7
    return after | before | ((pieces & 0xFFFF) << 8 | pieces >> 8) & vertical


def _side(mine: int, hand: int, board: _Board, w: Weights, their_entry: int) -> _Side:
    """One side's terms, `mine` in the ring layout: each is counted for all pieces and
    mills at once (bit-parallel evaluation), in a few shifts, ands and bit counts
    whatever the number of pieces. The plain loops over mills and pieces this
    replaced are kept in tests/test_morris_eval_fast.py as the terms' specification.
    `their_entry`: the points the opponent could enter next move (`_entry`).

    Left shifts mask first: an int past 30 bits is slower in every later operation."""
    empty, vertical, free1, free2, free3, free4 = board
    on_board = mine.bit_count()
    # The points next to my pieces, by direction: just after one (p-1 mine) and just
    # before one (p+1 mine), rings.clockwise and counterclockwise inlined; across the
    # rings.
    after_mine = (mine << 1 & 0xFEFEFE) | (mine >> 7 & 0x010101)
    before_mine = (mine >> 1 & 0x7F7F7F) | (mine & 0x010101) << 7
    up = (mine & 0xFFFF) << 8
    down = mine >> 8
    across = (up | down) & vertical

    # Complete mills: side mills at their midpoint, mills across the rings at their
    # outer point. Twos: an empty third point t, the other two mine (the `_pairs`), by
    # shape of mill: t a corner with t+1 and t+2 mine (`two_ahead`) or t-1 and t-2
    # (`two_behind`), t a midpoint with t-1 and t+1 mine (`two_middle`), t with the
    # same pos of both other rings mine (`two_across`).
    side_pairs = after_mine & before_mine & MIDPOINTS
    column_pairs = down & mine >> 16
    side_mills = mine & side_pairs
    ring_mills = mine & column_pairs & vertical
    mills = side_mills.bit_count() + ring_mills.bit_count()
    across_pairs = vertical & (column_pairs | up & (down | (mine & 0xFF) << 16))
    ahead_pairs = CORNERS & (mine & before_mine) >> 1
    pairs = mine & after_mine
    behind_pairs = (pairs << 1 & 0x545454) | (pairs >> 7 & 0x010101)
    if hand or on_board == 3:  # a piece from the hand or a flight closes any of them
        threats = (empty & (ahead_pairs | behind_pairs | side_pairs | across_pairs)).bit_count()
        if not hand:  # flying
            return on_board, w.fly_mill * mills + w.fly_threat * threats, threats, -1
    else:
        two_ahead, two_behind = empty & ahead_pairs, empty & behind_pairs
        two_middle, two_across = empty & side_pairs, empty & across_pairs
        # A threat when a piece outside the mill is next to t: t-1 or across for
        # `two_ahead`, t+1 or across for `two_behind`, across for `two_middle`, t-1
        # or t+1 for `two_across`. The others are twos, counted per mill.
        ahead = two_ahead & (after_mine | across) | two_middle & across
        behind = two_behind & (before_mine | across)
        ring = two_across & (after_mine | before_mine)
        threats = (ahead | behind | ring).bit_count()
        twos = (((two_ahead | two_middle) ^ ahead).bit_count() + (two_behind ^ behind).bit_count()
                + (two_across ^ ring).bit_count())  # fmt: skip

    # Mobility: my pieces with at least one, two, three, four free neighbours.
    movable = mine & free1
    free_pieces = movable.bit_count()
    several = (mine & free2).bit_count()
    steps = free_pieces + several + (mine & free3).bit_count() + (mine & free4).bit_count()
    free_points = ((after_mine | before_mine | across) & empty).bit_count()
    danger = w.danger[steps] if steps < len(w.danger) else 0
    if free_points < len(w.liberty_danger):  # steps to one point are one way out, not several
        liberty_danger = w.liberty_danger[free_points]
        if liberty_danger > danger:
            danger = liberty_danger
    if hand:
        # Pieces in hand can still free the position: the danger of a block counts
        # only as the hand empties. (`place_two` never counts: with a piece in hand
        # every two is a threat.)
        score = (w.place_mill * mills + w.place_threat * threats + w.place_mobility * steps
                 - w.place_blocked * (on_board - free_pieces) - w.cramped * (free_pieces - several)
                 + w.place_liberty * free_points)  # fmt: skip
        return on_board + hand, score - danger // (hand + 1), threats, steps

    reclosable = doubles = free_mills = 0
    # Free threats: closing points no enemy piece can step into, to block them.
    free_threats = ((ahead | behind | ring) & ~their_entry).bit_count()
    if mills:
        # A mill reopens when one of its pieces can step out (and back). Most can: only
        # the mills whose middle piece (outer piece, across the rings) is stuck need
        # their other pieces checked.
        reclosable = mills
        stuck = side_mills & ~free1
        if stuck:
            corner_free = free1 << 1 | (free1 >> 1 & 0x7F7F7F) | (free1 & 0x010101) << 7  # p-1 or p+1 free
            reclosable -= (stuck & ~corner_free).bit_count()
        stuck = ring_mills & ~free1
        if stuck:
            reclosable -= (stuck & ~(free1 >> 8 | free1 >> 16)).bit_count()
        # A double mill: a piece of a mill steps to q and closes there another mill,
        # one without the piece. Arriving from q-1, the mills through q other than
        # the one along the step are the corner mill ahead of q and the one across;
        # from q+1, the corner mill behind and the one across; from across, the side
        # mills through q. `closing`: my free pieces a step away from such a q.
        from_before = two_ahead | two_across
        from_after = two_behind | two_across
        from_across = two_ahead | two_behind | two_middle
        closing = movable & ((from_before >> 1 & 0x7F7F7F) | (from_before & 0x010101) << 7
                             | (from_after << 1 & 0xFEFEFE) | (from_after >> 7 & 0x010101)
                             | ((from_across & 0xFFFF) << 8 | from_across >> 8) & vertical)  # fmt: skip
        if closing:
            # The pieces of my complete mills.
            in_mills = (side_mills | side_mills >> 1 | (side_mills << 1 & 0xFEFEFE)
                        | (side_mills >> 7 & 0x010101) | ring_mills * 0x010101)  # fmt: skip
            doubles = (in_mills & closing).bit_count()
        # Free mills: a piece steps out, and no enemy piece can step into its point.
        escape = movable & ~their_entry
        if escape:
            free_mills = (side_mills & (escape | escape << 1 | (escape >> 1 & 0x7F7F7F)
                                        | (escape & 0x010101) << 7)).bit_count()  # fmt: skip
            free_mills += (ring_mills & (escape | escape >> 8 | escape >> 16)).bit_count()
    score = (w.mill * mills + w.reclosable * reclosable + w.two * twos + w.threat * threats
             + w.mobility * steps - w.blocked * (on_board - free_pieces) - w.cramped * (free_pieces - several)
             + w.double_mill * doubles + w.liberty * free_points
             + w.free_mill * free_mills + w.free_threat * free_threats)  # fmt: skip
    return on_board, score - danger, threats, steps


def evaluate_with(weights: Weights) -> MorrisEvaluator:
    """An evaluator with other weights (the tuning script compares them)."""
    return MorrisEvaluator(weights)


class MorrisEvaluator:
    """`evaluate(state)`, plus the search extension hook `extend(state)`; a search
    uses late move reductions with it when `late_move_reductions` says so."""

    def __init__(
        self,
        weights: Weights = DEFAULT,
        patterns: LinePatterns | None = None,
        *,
        late_move_reductions: bool = False,
    ) -> None:
        self.weights = weights
        self.patterns = patterns  # fitted line patterns, for the board without diagonals
        self.late_move_reductions = late_move_reductions
        # Scores by position key and variant: iterative deepening and transpositions
        # reach the same leaves again and again.
        self._cache: dict[int, int] = {}
        # `count_cost` by pieces on the board (0 up to 3, the last entry past 9).
        table = weights.count_cost
        self._count_cost = (0,) * 4 + table + table[-1:] * POINT_COUNT

    def __call__(self, state: GameState) -> int:
        """Score of a Morris position still in play, for the player to move."""
        morris = cast(MorrisState, state)
        diagonals = morris.diagonals
        side = morris.to_move
        return self.score_masks(
            morris.key() << 1 | diagonals, morris.occupied(side), morris.occupied(1 - side),
            morris.in_hand(side), morris.in_hand(1 - side), diagonals,
        )  # fmt: skip

    def score_masks(
        self, cache_key: int, own: int, other: int, my_hand: int, their_hand: int, diagonals: bool = False
    ) -> int:
        """The score of the position where the mover holds `own` and `my_hand`, the
        opponent `other` and `their_hand` (Morris's own search, engine/games/morris/kernel.py,
        asks without a state); `cache_key`: the position's key << 1 | diagonals."""
        score = self._cache.get(cache_key)
        if score is None:
            if len(self._cache) >= CACHE_ENTRIES:
                self._cache.clear()
            score = self._cache[cache_key] = self._score_masks(own, other, my_hand, their_hand, diagonals)
        return score

    def _score(self, morris: MorrisState, diagonals: bool) -> int:
        """The state's score, never from the cache (the tests' entry)."""
        side = morris.to_move
        own, other = morris.occupied(side), morris.occupied(1 - side)
        return self._score_masks(own, other, morris.in_hand(side), morris.in_hand(1 - side), diagonals)

    def _score_masks(self, own: int, other: int, my_hand: int, their_hand: int, diagonals: bool) -> int:
        # To the ring layout (rings.to_rings, inlined: a call costs as much as the look-ups).
        mine = RINGS_LOW[own & 0xFF] | RINGS_MIDDLE[own >> 8 & 0xFF] | RINGS_HIGH[own >> 16]
        theirs = RINGS_LOW[other & 0xFF] | RINGS_MIDDLE[other >> 8 & 0xFF] | RINGS_HIGH[other >> 16]
        vertical = VERTICAL[diagonals]
        board = _board(mine | theirs, vertical)
        w = self.weights
        mine_entry, their_entry = _entry(mine, my_hand, vertical), _entry(theirs, their_hand, vertical)
        my_material, my_score, my_threats, _ = _side(mine, my_hand, board, w, their_entry)
        their_material, their_score, their_threats, _ = _side(theirs, their_hand, board, w, mine_entry)
        score = PIECE * (my_material - their_material) + my_score - their_score
        if not (my_hand or their_hand):
            count_cost = self._count_cost
            score += count_cost[their_material] - count_cost[my_material]
        if my_threats:
            score += w.tempo
        elif their_threats >= 2:
            score -= w.double_threat
        patterns = self.patterns
        if patterns is not None and not diagonals:
            phase = phase_of(my_hand + their_hand, my_material, their_material)
            if phase is not None:
                score += patterns.score(mine, theirs, phase)
        return score

    def exact(self, state: GameState) -> int | None:
        """The endgame database's score, if it covers the position."""
        return exact_score(state)

    def extend(self, state: GameState) -> bool:
        """Whether the position just reached deserves one more ply: the side to move,
        stepping, has at most EXTEND_STEPS steps left (one more enemy step may block
        it). Mills closed are not extended: in the moving phase a mill opens and
        closes every other move, and extending them cost three plies of nominal depth
        at the same node count in `bench`'s moving position. Extending at two steps
        left (session 31) made 35 mistakes on the lost-games suite (tools/morris_suite.py,
        hard at 1 s), 9 into a lost game, against 30 and 8 at one."""
        return cast(MorrisState, state).steps_at_most(EXTEND_STEPS)


# Nine Men's Morris reads the line patterns fitted to it; Twelve (24 pieces on 24
# points, another placement) keeps the hand-designed terms alone.
evaluate_morris = MorrisEvaluator(DEFAULT, LinePatterns(LINE_WEIGHTS), late_move_reductions=True)
evaluate_twelve = MorrisEvaluator()

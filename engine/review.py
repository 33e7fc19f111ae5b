"""Game review: for every ply, the evaluation before and after from the mover's side,
the engine's best move, and a class (`best`, `good`, `inaccuracy`, `mistake`, `blunder`).

Written once against the game interface: a game supplies its evaluation, the scale
that turns an evaluation into a win probability (calibrated on self-play by
`tools/calibrate_review.py`), and, where it has one, an exact value of a position
(a solved database, an exact endgame solve).

- Exact labels (RULES.md): where the value of the position before the move and after
  it are both known exactly, a move that keeps the mover's value (win, draw or loss)
  is `best` when it is also the fastest win or the slowest loss, else `good`;
  win -> draw is a `mistake`; win -> loss and draw -> loss are `blunder`s.
- Elsewhere, the drop of the mover's win probability: below INACCURACY a move is
  `good` (`best` when it is the engine's own choice), then `inaccuracy`, `mistake`,
  `blunder` past MISTAKE and BLUNDER (the thresholds of lichess's move annotations,
  on a 0..1 scale).

Each position is searched once, with a node budget (REVIEW_NODES), so a review gives
the same labels on every machine; the played move's score is minus the next
position's score.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.ai.search import MATE, MATE_BOUND, Searcher, SearchResult
from engine.ai.search_basics import win_probability
from engine.basics import EngineError, Exact
from engine.core import GameSpec, GameState
from engine.spec import ExactValue

LABELS: tuple[str, ...] = ("best", "good", "inaccuracy", "mistake", "blunder")
INACCURACY, MISTAKE, BLUNDER = 0.05, 0.10, 0.15  # drops of the mover's win probability
REVIEW_NODES = 4_000  # search budget per position: deterministic; about 0.35 s in Othello
# Lichess's accuracy curve: 100 for a move that keeps the win probability, falling
# with the drop (in percentage points).
ACCURACY_A, ACCURACY_B, ACCURACY_C = 103.1668, 0.04354, 3.1669

Evaluator = Callable[[GameState], int]


@dataclass(frozen=True)
class ReviewGame:
    """What the review needs of a game: its evaluation, its calibrated scale and, if it
    has one, an exact value of positions (None where the position is not known)."""

    evaluate: Evaluator
    scale: float
    exact: ExactValue | None = None


def review_game_of(spec: GameSpec) -> ReviewGame:
    """A game's parts for the review: its evaluation and calibrated scale, and exact
    values from its own exact solver, else from its oracle (a solved database)."""
    exact = spec.exact_value
    oracle = spec.oracle
    if exact is None and oracle is not None:

        def from_oracle(state: GameState) -> Exact | None:
            try:
                verdict = oracle.position_verdict(state)
            except EngineError:  # the database cannot be read: no exact labels, say nothing
                return None
            return Exact(verdict.kind, verdict.n)

        exact = from_oracle
    return ReviewGame(spec.evaluate, spec.review_scale, exact)


@dataclass(frozen=True)
class PlyReview:
    """One ply: the evaluations from the mover's side, the best move and the class."""

    ply: int  # 0 for the first move of the game
    move: str
    mover: int
    score_before: int  # the position's value for the mover (search or exact)
    score_after: int  # the value after the played move, for the mover
    win_before: float  # the mover's win probability before the move, 0..1
    win_after: float
    best_move: str
    label: str
    exact: bool  # the label follows exact values
    value_before: str = ""  # 'W3', 'D', 'L4' where exact
    value_after: str = ""

    @property
    def drop(self) -> float:
        """How much win probability the move gave away (never negative)."""
        return max(0.0, self.win_before - self.win_after)

    @property
    def tag(self) -> str:
        """`label` with `!` when exact: the command line's CLASS."""
        return self.label + ("!" if self.exact else "")

    def to_dict(self) -> dict[str, Any]:
        """A save's record of the ply (the move itself is the save's own list)."""
        return {
            "label": self.label, "exact": self.exact, "best": self.best_move,
            "scores": [self.score_before, self.score_after],
            "win": [round(self.win_before, 4), round(self.win_after, 4)],
            "values": [self.value_before, self.value_after],
        }  # fmt: skip


def plies_from_data(data: object, moves: Sequence[str], first_mover: int) -> tuple[PlyReview, ...] | None:
    """A save's review records back as plies, or None when they do not fit its moves:
    a review is a cache, so a damaged one is computed again, never an error."""
    if not isinstance(data, list) or len(data) != len(moves):
        return None
    plies = []
    for index, (record, move) in enumerate(zip(data, moves, strict=True)):
        try:
            ply = _ply_from_record(record, index, move, first_mover if index % 2 == 0 else 1 - first_mover)
        except (KeyError, TypeError, ValueError):
            return None
        plies.append(ply)
    return tuple(plies)


def _ply_from_record(record: object, index: int, move: str, mover: int) -> PlyReview:
    if not isinstance(record, dict) or record.get("label") not in LABELS:
        raise ValueError("not a review record")
    before, after = (float(w) for w in record["win"])
    score_before, score_after = (int(v) for v in record["scores"])
    value_before, value_after = (str(v)[:8] for v in record["values"])
    best, exact = str(record["best"])[:64], record["exact"]
    if not isinstance(exact, bool) or not (0 <= before <= 1 and 0 <= after <= 1):
        raise ValueError("bad review values")
    return PlyReview(index, move, mover, score_before, score_after, before, after, best, record["label"],
                     exact, value_before, value_after)  # fmt: skip


@dataclass
class GameReview:
    plies: list[PlyReview] = field(default_factory=list)

    def of(self, player: int) -> list[PlyReview]:
        return [p for p in self.plies if p.mover == player]

    def counts(self, player: int) -> dict[str, int]:
        result = dict.fromkeys(LABELS, 0)
        for ply in self.of(player):
            result[ply.label] += 1
        return result

    def accuracy(self, player: int) -> float | None:
        """Lichess-style accuracy in percent over the player's moves (None: no move)."""
        mine = self.of(player)
        if not mine:
            return None
        scores = [
            min(100.0, max(0.0, ACCURACY_A * math.exp(-ACCURACY_B * 100 * p.drop) - ACCURACY_C)) for p in mine
        ]
        return sum(scores) / len(scores)

    def turning_points(self, player: int, count: int = 3) -> list[PlyReview]:
        """The player's `count` costliest moves that were not the best, costliest first."""
        worse = [p for p in self.of(player) if p.label not in ("best", "good")]
        rank = {label: index for index, label in enumerate(LABELS)}
        return sorted(worse, key=lambda p: (-rank[p.label], -p.drop, p.ply))[:count]


def exact_score(value: Exact) -> int:
    """A search-style score of an exact value: a faster win scores higher."""
    if value.kind == "D":
        return 0
    distance = value.plies if value.plies is not None else MATE - MATE_BOUND
    return MATE - distance if value.kind == "W" else distance - MATE


def deepest(searcher: Searcher, state: GameState, nodes: int) -> SearchResult | None:
    """The last (deepest) result of an iterative deepening under a node budget."""
    results = deque(searcher.iterate(state, max_nodes=nodes), maxlen=1)
    return results[0] if results else None


def _terminal(state: GameState) -> Exact | None:
    outcome = state.outcome()
    if outcome is None:
        return None
    if outcome.winner is None:
        return Exact("D", 0)
    return Exact("W" if outcome.winner == state.to_move else "L", 0)


@dataclass(frozen=True)
class _Position:
    best: Any  # the engine's move (None when the game is over)
    score: int  # for the side to move
    exact: Exact | None


def _examine(state: GameState, game: ReviewGame, searcher: Searcher, nodes: int) -> _Position:
    terminal = _terminal(state)
    if terminal is not None:
        return _Position(None, exact_score(terminal), terminal)
    exact = game.exact(state) if game.exact is not None else None
    if exact is not None and game.exact is not None:
        best = state.parse_move(exact.best) if exact.best is not None else _exact_best(state, game.exact)
        if best is not None:
            return _Position(best, exact_score(exact), exact)
    result = deepest(searcher, state, nodes)
    best = result.move if result is not None else state.legal_moves()[0]
    score = exact_score(exact) if exact is not None else (result.score if result is not None else 0)
    return _Position(best, score, exact)


def _exact_best(state: GameState, exact: ExactValue) -> Any:
    """The move keeping the best exact value (None if a reply's value is unknown)."""
    best, best_rank = None, None
    for move in state.legal_moves():
        state.push(move)
        try:
            value = _terminal(state) or exact(state)
        finally:
            state.pop()
        if value is None:
            return None
        rank = value.for_mover().rank()
        if best_rank is None or rank > best_rank:
            best, best_rank = move, rank
    return best


def _exact_label(before: Exact, after: Exact) -> str:
    if before.kind == after.kind:
        return "best" if after.at_least_as_good(before) else "good"
    if after.kind == "L":
        return "blunder"  # a win or a draw thrown away
    if before.kind == "W":
        return "mistake"  # a win let go: a draw
    return "best"  # better than the position held: only an opponent's error does that


def _label(drop: float, played_is_best: bool) -> str:
    if drop >= BLUNDER:
        return "blunder"
    if drop >= MISTAKE:
        return "mistake"
    if drop >= INACCURACY:
        return "inaccuracy"
    return "best" if played_is_best else "good"


def review(
    start: GameState,
    moves: Sequence[Any],
    game: ReviewGame,
    *,
    nodes: int = REVIEW_NODES,
    progress: Callable[[int, int], None] | None = None,
    stop: Callable[[], bool] | None = None,
) -> GameReview:
    """Review `moves` played from `start` (left unchanged); moves are checked, so an
    illegal one raises IllegalMoveError. `progress(done, total)` is called after each
    position; `stop()` ends the review early with the plies reviewed so far."""
    state = start.copy()
    state.play_all(list(moves))  # checked: 'move N (X): reason' on a bad move
    texts = [str(move) for move in state.history[start.ply :]]
    for _ in texts:
        state.pop()
    searcher = Searcher(game.evaluate)
    positions: list[_Position] = []
    movers: list[int] = []
    total = len(texts) + 1
    for index in range(total):
        if stop is not None and stop():
            break
        positions.append(_examine(state, game, searcher, nodes))
        if progress is not None:
            progress(index + 1, total)
        if index < len(texts):
            movers.append(state.to_move)
            state.push(state.parse_move(texts[index]))
    result = GameReview()
    for index in range(len(positions) - 1):
        before, after = positions[index], positions[index + 1]
        mover = movers[index]
        score_before, score_after = before.score, -after.score
        win_before = win_probability(score_before, game.scale)
        win_after = win_probability(score_after, game.scale)
        exact = before.exact is not None and after.exact is not None
        if before.exact is not None and after.exact is not None:
            after_value = after.exact.for_mover()
            label = _exact_label(before.exact, after_value)
            values = (str(before.exact), str(after_value))
        else:
            label = _label(max(0.0, win_before - win_after), str(before.best) == texts[index])
            values = ("", "")
        best = str(before.best)
        result.plies.append(
            PlyReview(index, texts[index], mover, score_before, score_after, win_before, win_after, best,
                      label, exact, *values)
        )  # fmt: skip
    return result


def review_history(
    state: GameState,
    *,
    first_ply: int = 0,
    nodes: int = REVIEW_NODES,
    progress: Callable[[int, int], None] | None = None,
    stop: Callable[[], bool] | None = None,
) -> GameReview:
    """Review the moves of a state's own history from ply `first_ply` on (a set-up
    start included), with the game's own parts."""
    start = state.copy()
    while start.ply > first_ply:
        start.pop()
    moves = list(state.history[first_ply:])
    return review(start, moves, review_game_of(state.spec), nodes=nodes, progress=progress, stop=stop)


def tags(plies: Iterable[PlyReview]) -> str:
    """The command line's answer: `MOVE=CLASS` for every ply, `!` on exact labels."""
    return " ".join(f"{p.move}={p.tag}" for p in plies)

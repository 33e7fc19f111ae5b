"""What a game plugin provides: its `GameSpec` (static parts) and the protocols of its optional parts.

A plugin is a package under engine/games/ whose `__init__` exposes `SPECS`. Required:
an id, a title, the players' names, a state factory and an evaluation. Optional: rule
options, AI levels beyond the three searched ones, an opening book and an exact endgame
solver (the hard level tries both first), a search of its own for the hard level (the
shared search's drivers over a faster tree) and an oracle of exact verdicts (the perfect level and hints).
`engine.registry` checks every part when the game is registered.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from engine.basics import Exact, OptionError, Verdict
from engine.messages import BASE_MESSAGES

if TYPE_CHECKING:
    from engine.ai.search import Searcher
    from engine.core import GameState

LEVELS: tuple[str, ...] = ("easy", "medium", "hard")
PERFECT = "perfect"  # plays from an oracle's exact verdicts
ALL_LEVELS: tuple[str, ...] = (*LEVELS, PERFECT)

# `evaluate(state) -> score` from the side to move's view, in thousandths of a piece.
Evaluator = Callable[["GameState"], int]
# An exact endgame solver the hard level tries first: (state, movetime, stop) ->
# (move, score, depth to the end, nodes), or None to search as usual.
EndgameSolve = Callable[
    ["GameState", float, "Callable[[], bool] | None"], "tuple[Any, int, int, int] | None"
]


# An opening book the hard level consults before any search: state -> (move, score,
# depth of the offline search that chose it), or None outside the book. The level
# plays the move only if it is legal in the state.
OpeningBook = Callable[["GameState"], "tuple[Any, int, int] | None"]

# A search of the game's own for the hard level: (evaluate, reductions=...) -> a
# `Searcher` (the shared drivers over the game's faster tree), as the shared one is made.
OwnSearch = Callable[..., "Searcher"]


# The exact value of a position for the side to move, or None where it is not known
# (the game review's exact labels).
ExactValue = Callable[["GameState"], "Exact | None"]
DEFAULT_REVIEW_SCALE = 1000.0  # evaluation units for 1:e odds: one piece ahead


class Oracle(Protocol):
    """Exact verdicts for a solved game (a database). Every method may raise EngineError
    when the data cannot be read; callers then fall back to the search."""

    def load(self) -> None:
        """Read the data now (it may take a moment); later calls return at once."""

    def position_verdict(self, state: GameState) -> Verdict:
        """The verdict for the side to move (a finished game: L0 lost, D drawn)."""

    def move_verdicts(self, state: GameState) -> dict[Any, Verdict]:
        """Every legal move with its verdict for the mover, in `legal_moves()` order."""

    def perfect_move(self, state: GameState, rng: random.Random) -> tuple[Any, Verdict]:
        """The move the perfect level plays and its verdict (the state is unchanged)."""

    def decisive_ply(self, state: GameState) -> int | None:
        """Index in `state.history` of the first move that turned a drawn position into a
        lost one for its mover; None when no move did."""


@dataclass(frozen=True)
class OptionSpec:
    """One rule option of a game: a name, a default and the allowed values."""

    name: str
    default: bool | int | str
    choices: tuple[bool | int | str, ...]
    label: str = ""


def _no_positions() -> Mapping[str, tuple[str, ...]]:
    return {"start": ()}


def _base_messages() -> Mapping[str, str]:
    return dict(BASE_MESSAGES)


@dataclass(frozen=True)
class GameSpec:
    """Static description of a game: everything the shared code needs to know about it."""

    id: str
    title: str
    player_names: tuple[str, str]
    factory: Callable[[Mapping[str, Any]], GameState]
    evaluate: Evaluator
    options: tuple[OptionSpec, ...] = field(default=())
    levels: tuple[str, ...] = LEVELS
    endgame: EndgameSolve | None = None
    opening: OpeningBook | None = None
    search: OwnSearch | None = None
    oracle: Oracle | None = None
    # Named move lists from the start that `python -m engine bench` searches from.
    bench_positions: Mapping[str, tuple[str, ...]] = field(default_factory=_no_positions)
    # The game review (engine/review.py): the evaluation's scale of a win probability,
    # calibrated on self-play by tools/calibrate_review.py, and exact values where the
    # game knows them beyond an oracle (an endgame solve).
    review_scale: float = DEFAULT_REVIEW_SCALE
    exact_value: ExactValue | None = None
    # English texts of every refusal and prompt code the game returns ('refuse_<code>',
    # 'prompt_<code>'), BASE_MESSAGES included; front ends translate the codes.
    messages: Mapping[str, str] = field(default_factory=_base_messages)

    def check_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """Fill defaults and refuse unknown names or values; returns a new dict."""
        if options is not None and not isinstance(options, Mapping):
            raise OptionError(f"{self.id}: options must map names to values, not {type(options).__name__}")
        given = dict(options or {})
        result: dict[str, Any] = {}
        for spec in self.options:
            value = given.pop(spec.name, spec.default)
            # bool is an int subclass: compare types too, so 1 is not True.
            if not any(type(value) is type(c) and value == c for c in spec.choices):
                raise OptionError(f"{self.id}: option {spec.name} cannot be {value!r}")
            result[spec.name] = value
        if given:
            # str(): a name may be any hashable from a bad caller; still report it.
            raise OptionError(f"{self.id}: unknown option {', '.join(sorted(map(str, given)))}")
        return result

    def new_state(self, options: Mapping[str, Any] | None = None) -> GameState:
        return self.factory(self.check_options(options))

    def from_position(self, text: str, options: Mapping[str, Any] | None = None) -> GameState:
        """A game set up from a position text (the format is in the game's rules module);
        raises PositionError with a clear message on any bad text."""
        state = self.new_state(options)
        state.load_position(text)
        return state

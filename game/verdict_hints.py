"""The solved game's verdicts for the front ends (arcade and Tk view), without any widget.

The Teeko database takes a few tenths of a second to load, so it is never loaded where a
frame or the Tk loop waits: `warm_up()` loads it on a daemon thread and `database_ready()`
says when lookups (about 0.3 ms for every legal move) are safe on the caller's thread.
From the per-move verdicts (the game's oracle) this module derives what a board shows:
the best verdict behind each cell the next click may go to, and the texts that explain
them and say where a finished game was decided.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core import EngineError, GameState, Verdict
from engine.registry import GAMES, get_spec

WIN, DRAW, LOSS = "W", "D", "L"
# LOOK.md: green wins, soft red loses; a draw is the neutral grey of dim text.
LABEL_COLOURS = {WIN: "#7FB77E", DRAW: "#A7B0C0", LOSS: "#D9665B"}


def has_verdicts(game_id: str) -> bool:
    """Whether the game is solved, so hints can show every move's verdict."""
    return get_spec(game_id).oracle is not None


# ----- the database, loaded off the frame loop --------------------------------------
_lock = threading.Lock()
_ready = threading.Event()
_thread: threading.Thread | None = None
_error: str | None = None


def _load() -> None:
    global _error
    try:
        for spec in GAMES.values():  # the solved games' data (Teeko's database)
            if spec.oracle is not None:
                spec.oracle.load()
    except Exception as error:  # a missing or damaged file: the hint says so, never a crash
        _error = f"{type(error).__name__}: {error}"
    finally:
        _ready.set()


def warm_up() -> None:
    """Start loading the database on a daemon thread (once; later calls do nothing)."""
    global _thread
    with _lock:
        if _thread is None:
            _thread = threading.Thread(target=_load, name="plateaux-oracle", daemon=True)
            _thread.start()


def database_ready() -> bool:
    """Whether the load has finished (check `database_error()` for how)."""
    return _ready.is_set()


def database_error() -> str | None:
    """Why the database could not be loaded, once the load has finished; else None."""
    return _error if _ready.is_set() else None


def wait_for_database(timeout: float) -> bool:
    """Block until the load has finished (tests and the scripted tour only)."""
    warm_up()
    return _ready.wait(timeout)


def usable() -> bool:
    """Whether lookups may run now: loaded, and loaded well."""
    return _ready.is_set() and _error is None


def verdicts_now(state: GameState) -> dict[Any, Verdict] | None:
    """Every legal move's verdict once the database is loaded; None before (or on error)."""
    oracle = state.spec.oracle
    if not usable() or oracle is None:
        return None
    try:
        return oracle.move_verdicts(state)
    except EngineError:  # DatabaseError: a position the file does not hold
        return None


def exact_verdicts(state: GameState) -> dict[Any, Verdict] | None:
    """Every legal move's verdict where the game knows positions exactly beyond an
    oracle (Morris's endgame database); None when some reply is not covered."""
    exact = state.spec.exact_value
    if exact is None or state.outcome() is not None:
        return None
    mover = state.to_move
    result: dict[Any, Verdict] = {}
    for move in state.legal_moves():
        state.push(move)
        try:
            outcome = state.outcome()
            if outcome is not None:
                kind = DRAW if outcome.winner is None else WIN if outcome.winner == mover else LOSS
                result[move] = Verdict(kind, 0 if kind == DRAW else 1)
                continue
            value = exact(state)
        except EngineError:  # the data cannot be read: no verdicts, the search hints
            return None
        finally:
            state.pop()
        if value is None:
            return None
        mine = value.for_mover()
        result[move] = Verdict(mine.kind, 0 if mine.kind == DRAW else mine.plies or 0)
    return result


# ----- what a board shows ------------------------------------------------------------
def rank(verdict: Verdict) -> tuple[int, int]:
    """Sort key, best for the mover first: quick wins, then draws, then slow losses."""
    if verdict.kind == WIN:
        return (0, verdict.n)
    if verdict.kind == DRAW:
        return (1, 0)
    return (2, -verdict.n)


def cell_verdicts(verdicts: Mapping[Any, Verdict], prefix: Sequence[int]) -> dict[int, Verdict]:
    """The best verdict behind each cell the next click may go to after `prefix`.

    Built from `move.steps`, so it serves any click order: during placement a move's one
    step is the empty cell; when moving, no prefix labels each piece that can move with
    its best move, and a selected piece's prefix labels its destinations."""
    prefix = tuple(prefix)
    cells: dict[int, Verdict] = {}
    for move, verdict in verdicts.items():
        steps = tuple(move.steps)
        if len(steps) <= len(prefix) or steps[: len(prefix)] != prefix:
            continue
        cell = steps[len(prefix)]
        if cell not in cells or rank(verdict) < rank(cells[cell]):
            cells[cell] = verdict
    return cells


def verdict_label(verdict: Verdict, lang: str) -> str:
    """A verdict as the player's language writes it: 'W13', 'D', 'L16' in English,
    'G13', 'N', 'P16' in French (gagne, nulle, perd)."""
    from game.i18n import tr

    return tr(f"plateaux.verdict_{verdict.kind.lower()}", lang, n=verdict.n)


def verdict_list(verdicts: Mapping[Any, Verdict], lang: str) -> str:
    """'c4=W13 d3=W13 a5=D … b5=L16': every move, best first, in the player's language."""
    ordered = sorted(verdicts.items(), key=lambda item: (rank(item[1]), str(item[0])))
    return " ".join(f"{move}={verdict_label(verdict, lang)}" for move, verdict in ordered)


# ----- where a finished game was decided ----------------------------------------------
@dataclass(frozen=True)
class Decision:
    """Where a game was decided: the first move that turned a draw into a loss."""

    ply: int | None  # index of that move in the game's moves; None: it stayed a draw
    move: str = ""  # the move in notation
    winner: int | None = None  # the side that could force the win from then on
    kept: bool = True  # whether that side went on to win

    @property
    def number(self) -> str:
        """The move's number as the move lists show it: '3.' for the first player's
        move of the third turn, '3...' for the reply."""
        ply = self.ply or 0
        return f"{ply // 2 + 1}{'.' if ply % 2 == 0 else '...'}"


def decision(state: GameState) -> Decision | None:
    """Where the finished game `state` was decided; None when it cannot be told (not a
    solved game, no database yet, a game still going on)."""
    outcome = state.outcome()
    if not has_verdicts(state.spec.id) or outcome is None or not usable():
        return None
    oracle = state.spec.oracle
    if oracle is None:
        return None
    moves = list(state.history)
    try:
        ply = oracle.decisive_ply(state)
    except EngineError:
        return None
    if ply is None:
        # A won game always has its turning move; without one only a draw makes sense.
        return Decision(None) if outcome.winner is None else None
    winner = 1 - ply % 2  # the mover of an even ply is the first player
    return Decision(ply, str(moves[ply]), winner, outcome.winner == winner)


def decision_text(found: Decision, names: Sequence[str], lang: str) -> str:
    """The game-over line: 'Decided at move 1 (b2): from then on Black could force the win.'"""
    from game.i18n import tr

    if found.ply is None or found.winner is None:
        return tr("plateaux.decided_draw", lang)
    key = "plateaux.decided_at" if found.kept else "plateaux.decided_slipped"
    return tr(key, lang, number=found.number, move=found.move, player=names[found.winner])

"""Exact Morris endgames: every position with 3 or 4 pieces a side and none in hand.

Built by `tools/solve_morris_endgames.py` (retrograde analysis) and shipped as
`engine/games/morris/morris_endgame.db`, read lazily on the first probe. It holds for the board
without diagonals (Nine Men's Morris; Twelve without diagonals has the same lines).

Positions are seen from the side to move: (own, opponent) point masks. Sections by piece
count (own, opponent): (3,3) (3,4) (4,3) (4,4). The board has 16 symmetries (the square's
8, times swapping the outer and inner squares); only one own-mask per orbit is stored
(the smallest image), with a value for every opponent set among the points it leaves
free, indexed by colex rank. A value byte is 0 for a draw (cycles), else distance + 1:
the side to move wins in `distance` plies when it is odd, loses when it is even.

Not modelled: the 100-quiet-ply draw and threefold repetition. A database win is a win
under the other rules; the hard level plays the fastest one, which is the best try to
win before the quiet limit (a capture resets it), and the slowest loss, the best try to
reach it.

File: MAGIC, a 4-byte little-endian header length, a JSON header (sections, SHA-256 of
the payload), then the lzma-compressed payload: per section, its representative
own-masks (uint32 LE) then their value rows.
"""

from __future__ import annotations

import struct
from bisect import bisect_left
from collections.abc import Callable
from functools import cache
from math import comb
from pathlib import Path
from typing import Any, NamedTuple, cast

from engine.core import EngineError, Exact, GameState
from engine.games.morris.board import POINT_COUNT, POINTS, points_of
from engine.games.morris.packed import unpack
from engine.games.morris.rules import MorrisMove, MorrisState

MAGIC = b"MORRISDB\x01"
DATA_PATH = Path(__file__).resolve().parent / "morris_endgame.db"
SECTIONS: tuple[tuple[int, int], ...] = ((3, 3), (3, 4), (4, 3), (4, 4))
KNOWN_WIN = 500_000  # search score of a database win (below the search's mate scores)


class EndgameDatabaseError(EngineError):
    """The database file is missing, damaged or of another format."""


class Verdict(NamedTuple):
    """The side to move wins (1), draws (0) or loses (-1), in `distance` plies."""

    result: int
    distance: int


@cache
def symmetries() -> tuple[tuple[int, ...], ...]:
    """The 16 symmetries of the board as permutations of the points (identity first)."""
    index = {xy: i for i, xy in enumerate(POINTS)}
    perms = []
    for swap in (False, True):
        for turn in range(8):
            perm = []
            for x, y in POINTS:
                dx, dy = x - 4, y - 4
                if swap:  # the outer square <-> the inner one, the middle stays
                    ring = max(abs(dx), abs(dy))
                    dx, dy = dx // ring * (4 - ring), dy // ring * (4 - ring)
                for _ in range(turn % 4):
                    dx, dy = -dy, dx
                if turn >= 4:
                    dx = -dx
                perm.append(index[(dx + 4, dy + 4)])
            perms.append(tuple(perm))
    return tuple(perms)


def image(mask: int, perm: tuple[int, ...]) -> int:
    result = 0
    for p in points_of(mask):
        result |= 1 << perm[p]
    return result


def canonical(own: int, opp: int, syms: tuple[tuple[int, ...], ...]) -> tuple[int, int]:
    """The position under the symmetry that makes `own` smallest."""
    best = (own, opp)
    for perm in syms[1:]:
        moved = image(own, perm)
        if moved < best[0]:
            best = (moved, image(opp, perm))
    return best


def _rank_in(mask: int, free: list[int]) -> int:
    """Colex rank of `mask` among the same-size subsets of the points `free`."""
    rank, k = 0, 1
    for j, p in enumerate(free):
        if mask >> p & 1:
            rank += comb(j, k)
            k += 1
    return rank


class _Section(NamedTuple):
    representatives: list[int]
    width: int
    values: memoryview


class Database:
    """The loaded tables; `verdict(own, opp)` for any position of a section."""

    def __init__(self, data: bytes) -> None:
        header, unpacked = unpack(data, MAGIC, EndgameDatabaseError, "Morris endgame database")
        try:
            payload = memoryview(unpacked)
            self.sections: dict[tuple[int, int], _Section] = {}
            offset = 0
            for section in header["sections"]:
                count, width = int(section["representatives"]), int(section["width"])
                reps = list(struct.unpack_from(f"<{count}I", payload, offset))
                offset += 4 * count
                values = payload[offset : offset + count * width]
                offset += count * width
                self.sections[(int(section["own"]), int(section["opponent"]))] = _Section(reps, width, values)
        except (struct.error, ValueError, KeyError, TypeError) as error:
            raise EndgameDatabaseError(f"the endgame database is damaged: {error}") from error
        self._syms = symmetries()

    def covers(self, own: int, opp: int) -> bool:
        return (own.bit_count(), opp.bit_count()) in self.sections

    def verdict(self, own: int, opp: int) -> Verdict:
        section = self.sections[(own.bit_count(), opp.bit_count())]
        own, opp = canonical(own, opp, self._syms)
        row = bisect_left(section.representatives, own)
        free = [p for p in range(POINT_COUNT) if not own >> p & 1]
        byte = section.values[row * section.width + _rank_in(opp, free)]
        if byte == 0:
            return Verdict(0, 0)
        distance = byte - 1
        return Verdict(1 if distance % 2 else -1, distance)


_loaded: dict[Path, Database | EndgameDatabaseError] = {}


def database(path: Path = DATA_PATH) -> Database:
    """The database, read on first use; EndgameDatabaseError if it cannot be (the
    failure is remembered: the search probes often and must not retry a read each time)."""
    if path not in _loaded:
        try:
            _loaded[path] = Database(path.read_bytes())
        except OSError as error:
            _loaded[path] = EndgameDatabaseError(f"cannot read {path}: {error}")
        except EndgameDatabaseError as error:
            _loaded[path] = error
    found = _loaded[path]
    if isinstance(found, EndgameDatabaseError):
        raise found
    return found


def _position(state: GameState) -> tuple[int, int] | None:
    """(own, opp) masks if the database covers the state, else None."""
    morris = cast(MorrisState, state)
    masks = morris.moving_masks()
    if masks is None or morris.diagonals:
        return None
    own, opp = masks
    if not (3 <= own.bit_count() <= 4 and 3 <= opp.bit_count() <= 4):
        return None
    return masks


def probe(state: GameState) -> Verdict | None:
    """The exact verdict for the side to move, or None outside the database (or when
    the database cannot be read: the search then plays on its own)."""
    position = _position(state)
    if position is None:
        return None
    try:
        found = database()
    except EndgameDatabaseError:
        return None
    return found.verdict(*position) if found.covers(*position) else None


def exact_value(state: GameState) -> Exact | None:
    """The database's value for the side to move ('W'/'L' with plies, 'D'), for the
    game review's exact labels; None outside the database or for a finished game."""
    if state.outcome() is not None:
        return None
    verdict = probe(state)
    if verdict is None:
        return None
    if verdict.result == 0:
        return Exact("D")
    return Exact("W" if verdict.result > 0 else "L", verdict.distance)


def exact_score(state: GameState) -> int | None:
    """A search score for a database position: KNOWN_WIN - distance for a win, its
    negation for a loss, 0 for a draw; None outside the database."""
    verdict = probe(state)
    return None if verdict is None else verdict_score(verdict)


def verdict_score(verdict: Verdict) -> int:
    """A database verdict as a search score (`exact_score`; Morris's own search too)."""
    return verdict.result * (KNOWN_WIN - verdict.distance)


def best_move(state: GameState) -> tuple[MorrisMove, Verdict] | None:
    """The move that wins fastest, else draws, else loses slowest; None outside the
    database. Among draws, the one leaving the opponent the most losing replies (the
    best chance that a fallible opponent errs)."""
    if probe(state) is None:
        return None
    mover = state.to_move
    ranked: list[tuple[tuple[int, int], Any, Verdict]] = []
    for move in state.legal_moves():
        state.push(move)
        try:
            verdict = _child_verdict(state, mover)
            if verdict is None:  # cannot happen from a covered position; be safe
                return None
            if verdict.result > 0:
                order = -verdict.distance  # the fastest win
            elif verdict.result < 0:
                order = verdict.distance  # the slowest loss
            else:
                order = _losing_replies(state)
            ranked.append(((verdict.result, order), move, verdict))
        finally:
            state.pop()
    if not ranked:
        return None
    _, move, verdict = max(ranked, key=lambda item: item[0])
    return cast(MorrisMove, move), verdict


def _child_verdict(state: GameState, mover: int) -> Verdict | None:
    """The verdict for `mover` after its move was pushed onto `state`."""
    outcome = state.outcome()
    if outcome is not None:
        result = 0 if outcome.winner is None else 1 if outcome.winner == mover else -1
        return Verdict(result, 1)
    child = probe(state)
    return None if child is None else Verdict(-child.result, child.distance + 1)


def _losing_replies(state: GameState) -> int:
    """How many of the side to move's replies lose (by the database)."""
    count = 0
    replier = state.to_move
    for reply in state.legal_moves():
        state.push(reply)
        verdict = _child_verdict(state, replier)
        state.pop()
        if verdict is not None and verdict.result < 0:
            count += 1
    return count


def solve_for_hard(
    state: GameState, movetime: float, stop: Callable[[], bool] | None
) -> tuple[Any, int, int, int] | None:
    """The hard level's endgame hook: (move, score, distance, nodes) from the database."""
    found = best_move(state)
    if found is None:
        return None
    move, verdict = found
    return move, verdict.result * (KNOWN_WIN - verdict.distance), verdict.distance, 1

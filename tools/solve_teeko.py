"""Solve Teeko: the distance to the end of every position, written as engine/games/teeko/teeko.db.

    python -m tools.solve_teeko [--out engine/games/teeko/teeko.db] [--arrays DIR]

1. Moving phase (4 + 4 pieces, 75,710,250 positions seen from the side to move):
   retrograde analysis by levels. Level 0 holds the lost positions (the opponent has
   a pattern, or no move). A position with a move into a lost position of level n wins
   at n + 1; a position whose last unresolved move (a counter per position, set to its
   number of moves) leads into a won position of level n loses at n + 1. Predecessors
   come from "unmoves". Positions never resolved are draws: cycles are draws.
2. Placement phase: backward induction, section by section from 3 + 4 pieces down to
   the empty board (the winner takes the shortest win, the loser the longest loss).
3. The tables are cut to one own-set per symmetry orbit (engine/games/teeko/database.py has
   the layout) and packed; the payload's SHA-256 goes into tools/teeko_db.sha256.

Deterministic: same rules, same bytes. Needs numpy and numba (requirements-dev.txt);
the game itself only reads the result. `--arrays DIR` keeps the solved tables as .npy
files and reuses them, so the packing can be redone without solving again.
"""

from __future__ import annotations

import argparse
import hashlib
import time
from itertools import combinations
from pathlib import Path

import numpy as np
from numba import njit

from engine.games.teeko.database import CELLS, DATA_PATH, PIECES, SECTIONS, pack, representatives
from engine.games.teeko.rules import NEIGHBOURS, WIN_PATTERNS

CHECKSUM_PATH = Path(__file__).resolve().parent / "teeko_db.sha256"
UNKNOWN = np.uint16(0xFFFF)  # unresolved during the analysis; a draw at the end
ALL = (1 << CELLS) - 1

BINOMIAL = np.array([[np.int64(0)] * (PIECES + 2) for _ in range(CELLS + 1)])
for _n in range(CELLS + 1):
    for _k in range(PIECES + 2):
        if _k == 0 or _n >= _k:
            BINOMIAL[_n, _k] = 1 if _k == 0 else BINOMIAL[_n - 1, _k - 1] + BINOMIAL[_n - 1, _k]
# SUBSETS[k]: the k-square sets as masks in colex order (numeric order); the first
# C(n, k) of them lie within squares 0..n-1, so one list serves every n.
SUBSETS = [
    np.array(sorted(sum(1 << c for c in cells) for cells in combinations(range(CELLS), k)), dtype=np.int64)
    for k in range(PIECES + 1)
]
NEIGH = np.array(NEIGHBOURS, dtype=np.int64)
PATTERNS = np.array(WIN_PATTERNS, dtype=np.int64)


@njit(cache=False)
def _popcount(x: int) -> int:
    count = 0
    while x:
        x &= x - 1
        count += 1
    return count


@njit(cache=False)
def _lowest(x: int) -> int:
    cell = 0
    while not (x >> cell) & 1:
        cell += 1
    return cell


@njit(cache=False)
def _is_win(mask: int, patterns: np.ndarray) -> bool:
    for p in patterns:  # noqa: SIM110 (numba compiles loops, not generators)
        if mask & p == p:
            return True
    return False


@njit(cache=False)
def _index(own: int, opp: int, row_length: int, binomial: np.ndarray) -> int:
    """Section index of a position: colex rank of own, then of opp among the free squares."""
    rank_own = 0
    rank_opp = 0
    j_own = 0
    j_opp = 0
    for c in range(25):
        if (own >> c) & 1:
            j_own += 1
            rank_own += binomial[c, j_own]
        elif (opp >> c) & 1:
            j_opp += 1
            rank_opp += binomial[c - j_own, j_opp]
    return rank_own * row_length + rank_opp


@njit(cache=False)
def _free_squares(own: int, free: np.ndarray) -> None:
    n = 0
    for c in range(25):
        if not (own >> c) & 1:
            free[n] = c
            n += 1


@njit(cache=False)
def _expand(packed: int, free: np.ndarray) -> int:
    mask = 0
    while packed:
        p = _lowest(packed)
        mask |= 1 << free[p]
        packed &= packed - 1
    return mask


@njit(cache=False)
def _init_moving(dist, count, own_sets, opp_sets, row_length, neigh, patterns):  # type: ignore[no-untyped-def]
    free = np.empty(25, np.int64)
    for ra in range(own_sets.shape[0]):
        own = own_sets[ra]
        _free_squares(own, free)
        for rb in range(row_length):
            opp = _expand(opp_sets[rb], free)
            index = ra * row_length + rb
            if _is_win(opp, patterns):
                dist[index] = 0
                continue
            empty = 0x1FFFFFF & ~(own | opp)
            moves = 0
            rest = own
            while rest:
                c = _lowest(rest)
                moves += _popcount(neigh[c] & empty)
                rest &= rest - 1
            count[index] = moves
            if moves == 0:
                dist[index] = 0  # no move: lost (RULES: blocked)


@njit(cache=False)
def _retro_level(level, dist, count, own_sets, opp_sets, row_length, neigh, binomial):  # type: ignore[no-untyped-def]
    """Resolve the predecessors of every position of `level`; returns how many were resolved."""
    free = np.empty(25, np.int64)
    resolved = 0
    wins = level % 2 == 0  # predecessors of lost positions are won
    for ra in range(own_sets.shape[0]):
        base = ra * row_length
        own = -1
        for rb in range(row_length):
            if dist[base + rb] != level:
                continue
            if own < 0:
                own = own_sets[ra]
                _free_squares(own, free)
            opp = _expand(opp_sets[rb], free)
            empty = 0x1FFFFFF & ~(own | opp)
            # The opponent just moved a piece from s (now empty) to d.
            rest = opp
            while rest:
                d = _lowest(rest)
                rest &= rest - 1
                sources = neigh[d] & empty
                while sources:
                    s = _lowest(sources)
                    sources &= sources - 1
                    before = opp ^ (1 << d) ^ (1 << s)
                    q = _index(before, own, row_length, binomial)
                    if dist[q] != 0xFFFF:
                        continue
                    if wins:
                        dist[q] = level + 1
                        resolved += 1
                    else:
                        count[q] -= 1
                        if count[q] == 0:
                            dist[q] = level + 1
                            resolved += 1
    return resolved


@njit(cache=False)
def _solve_placement(out, own_sets, opp_sets, row_length, child, child_row_length, patterns, binomial):  # type: ignore[no-untyped-def]
    """Backward induction: a placement leads to the next section, seen from the other side."""
    free = np.empty(25, np.int64)
    for ra in range(out.shape[0] // row_length):
        own = own_sets[ra]
        _free_squares(own, free)
        for rb in range(row_length):
            opp = _expand(opp_sets[rb], free)
            index = ra * row_length + rb
            if _is_win(opp, patterns):
                out[index] = 0
                continue
            empty = 0x1FFFFFF & ~(own | opp)
            best_win = 0xFFFF
            longest_loss = -1
            draw = False
            while empty:
                e = _lowest(empty)
                empty &= empty - 1
                value = child[_index(opp, own | (1 << e), child_row_length, binomial)]
                if value == 0xFFFF:
                    draw = True
                elif value % 2 == 0:
                    best_win = min(best_win, value + 1)
                else:
                    longest_loss = max(longest_loss, value + 1)
            if best_win != 0xFFFF:
                out[index] = best_win
            elif draw:
                out[index] = 0xFFFF
            else:
                out[index] = longest_loss


def row_length(section: tuple[int, int]) -> int:
    own, opp = section
    return int(BINOMIAL[CELLS - own, opp])


def solve_moving(log: list[str]) -> np.ndarray:
    section = (PIECES, PIECES)
    own_sets, length = SUBSETS[PIECES], row_length(section)
    size = own_sets.shape[0] * length
    dist = np.full(size, UNKNOWN, dtype=np.uint16)
    count = np.zeros(size, dtype=np.uint8)
    start = time.perf_counter()
    _init_moving(dist, count, own_sets, SUBSETS[PIECES], length, NEIGH, PATTERNS)
    log.append(f"moving: {size} positions, {int((dist == 0).sum())} lost at once")
    level = 0
    while True:
        resolved = _retro_level(level, dist, count, own_sets, SUBSETS[PIECES], length, NEIGH, BINOMIAL)
        if resolved == 0:
            break
        level += 1
        print(f"  level {level}: {resolved} positions ({time.perf_counter() - start:.0f} s)", flush=True)
    log.append(f"moving: longest {level} plies, {int((dist == UNKNOWN).sum())} draws")
    return dist


def solve_placement(moving: np.ndarray, log: list[str]) -> dict[tuple[int, int], np.ndarray]:
    tables: dict[tuple[int, int], np.ndarray] = {(PIECES, PIECES): moving}
    for section, child_section in zip(SECTIONS[-2::-1], SECTIONS[:0:-1], strict=True):
        own, opp = section
        length = row_length(section)
        out = np.empty(int(BINOMIAL[CELLS, own]) * length, dtype=np.uint16)
        _solve_placement(
            out, SUBSETS[own], SUBSETS[opp], length, tables[child_section],
            row_length(child_section), PATTERNS, BINOMIAL,
        )
        tables[section] = out
        log.append(f"placement {own}+{opp}: {out.size} positions, {int((out == UNKNOWN).sum())} draws")
    return tables


def payload_of(tables: dict[tuple[int, int], np.ndarray]) -> tuple[bytes, list[int]]:
    """Per section: the representative own-masks, then their rows of value bytes."""
    parts: list[bytes] = []
    counts: list[int] = []
    for section in SECTIONS:
        own, _ = section
        length = row_length(section)
        reps = representatives(own)
        table = tables[section]
        if int(table[table != UNKNOWN].max(initial=0)) >= 255:
            raise SystemExit("a distance does not fit in a byte")
        values = np.where(table == UNKNOWN, 0, table + 1).astype(np.uint8)
        rank_of = {int(mask): i for i, mask in enumerate(SUBSETS[own])}
        rows = np.array([rank_of[m] for m in reps], dtype=np.int64)
        block = values.reshape(-1, length)[rows]
        parts.append(np.array(reps, dtype="<u4").tobytes())
        parts.append(block.tobytes())
        counts.append(len(reps))
    return b"".join(parts), counts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DATA_PATH)
    parser.add_argument("--arrays", type=Path, default=None, help="keep/reuse solved tables here")
    args = parser.parse_args()
    log: list[str] = []
    start = time.perf_counter()
    cached = args.arrays / "moving.npy" if args.arrays else None
    if cached is not None and cached.exists():
        moving = np.load(cached)
        log.append(f"moving: reused {cached}")
    else:
        moving = solve_moving(log)
        if cached is not None:
            args.arrays.mkdir(parents=True, exist_ok=True)
            np.save(cached, moving)
    solved = time.perf_counter()
    tables = solve_placement(moving, log)
    placed = time.perf_counter()
    log.append(f"solved in {solved - start:.0f} s (moving) + {placed - solved:.0f} s (placement)")
    payload, counts = payload_of(tables)
    blob = pack(payload, {"version": 1, "reps": counts})
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_bytes(blob)
    digest = hashlib.sha256(payload).hexdigest()
    CHECKSUM_PATH.write_text(f"{digest}  payload of {args.out.name} ({len(payload)} bytes)\n")
    log.append(f"payload {len(payload)} bytes, file {len(blob)} bytes, sha256 {digest}")
    log.append(f"total {time.perf_counter() - start:.0f} s")
    print("\n".join(log))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

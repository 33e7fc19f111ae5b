"""Retrograde solver for Morris endgames: 3 or 4 pieces a side, none in hand.

    python tools/solve_morris_endgames.py [--out engine/games/morris/morris_endgame.db] [--groups 3]

Writes the database read by engine/games/morris/endgame.py (the format is described there).
The board without diagonals (Nine Men's Morris, and Twelve without diagonals: the same
24 points and 16 mills) and the rules of RULES.md: a mill removes an opposing piece not
in a mill (any piece if all are), a side left with two pieces loses, a side that cannot
move loses, a side with exactly three pieces flies.

Positions are seen from the side to move: (own, opponent) masks, a section per piece
count (own, opponent): (3,3), then (3,4) and (4,3) together, then (4,4); a capture leads
into a section already solved. Every pass n marks the positions decided at distance n
(forward iteration with numba, all positions of a section indexed by colex ranks of the
two masks among the 24 points; odd passes only revisit the predecessors of new losses).
Positions never decided are draws: cycles, as in the Teeko database. The 100-quiet-ply
rule and threefold repetition are not modelled (see engine/games/morris/endgame.py).

Needs numpy and numba (tools only; the engine reads the result with the standard library).
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import time
from math import comb
from pathlib import Path

import numpy as np
from numba import njit

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.games.morris.board import POINT_COUNT, topology  # noqa: E402
from engine.games.morris.endgame import (  # noqa: E402
    MAGIC,
    SECTIONS,
    canonical,
    symmetries,
)
from engine.games.morris.packed import pack  # noqa: E402

N = POINT_COUNT
CHECKSUM_FILE = ROOT / "tools" / "morris_endgame.sha256"  # checked by tests/test_morris_endgame.py
TOPO = topology(False)
ADJ = np.array(TOPO.adjacent, dtype=np.int64)
MILLS_AT = np.array([list(m) for m in TOPO.mills_at], dtype=np.int64)  # 2 mills per point
MILLS = np.array(TOPO.mill_masks, dtype=np.int64)
C = np.array([[comb(n, k) for k in range(6)] for n in range(N + 1)], dtype=np.int64)


@njit(cache=True)
def rank(mask: int, c: np.ndarray) -> int:
    """Colex rank of a mask among the masks of its size (Gosper order)."""
    r = 0
    k = 1
    for i in range(24):
        if mask >> i & 1:
            r += c[i, k]
            k += 1
    return r


def masks_of(size: int) -> np.ndarray:
    """Every mask of `size` points, in colex order (Gosper's hack: numeric order)."""
    out = np.empty(comb(N, size), dtype=np.int64)
    x = (1 << size) - 1
    for i in range(len(out)):
        out[i] = x
        low = x & -x
        ripple = x + low
        x = (((ripple ^ x) >> 2) // low) | ripple
    return out


@njit(cache=True)
def removable(pieces: int, mills: np.ndarray) -> int:
    in_mill = 0
    for m in mills:
        if pieces & m == m:
            in_mill |= m
    free = pieces & ~in_mill
    return free if free else pieces


@njit(cache=True)
def solve_pass(
    n: int, a: int, b: int, own_masks: np.ndarray, opp_masks: np.ndarray, values: np.ndarray,
    child_same: np.ndarray, child_capture: np.ndarray, capture_a: int,
    adj: np.ndarray, mills_at: np.ndarray, mills: np.ndarray, c: np.ndarray,
    dirty: np.ndarray, dirty_other: np.ndarray, capture_win: np.ndarray,
) -> int:
    """Mark the positions of section (a, b) decided at distance n. `child_same` holds the
    section (b, a) reached by a quiet move, `child_capture` the section (b - 1, a).
    Values: 0 unknown, d + 1 for a win in d (odd), -(d + 1) for a loss in d (even).

    Odd passes (wins) after the first look only at positions marked `dirty` (a quiet
    child was lost at the previous pass) or whose best capture wins at distance n
    (`capture_win`, found by the first pass); a new loss marks its quiet predecessors
    dirty in `dirty_other`, the section (b, a)."""
    changed = 0
    nb = opp_masks.shape[0]
    full = (1 << 24) - 1
    for ia in range(own_masks.shape[0]):
        own = own_masks[ia]
        for ib in range(nb):
            opp = opp_masks[ib]
            if own & opp:
                continue
            index = ia * nb + ib
            if values[index] != 0:
                continue
            if n % 2 == 1 and n > 1:
                if not dirty[index] and capture_win[index] != n:
                    continue
                dirty[index] = 0
            empty = full & ~(own | opp)
            flying = a == 3
            any_move = False
            all_lost = True  # every child known won for the opponent, before pass n
            win = False
            take_from = removable(opp, mills)
            src_bits = own
            while src_bits:
                src = src_bits & -src_bits
                src_bits ^= src
                s = 0
                while (1 << s) != src:
                    s += 1
                dst_bits = empty if flying else adj[s] & empty
                while dst_bits:
                    dst = dst_bits & -dst_bits
                    dst_bits ^= dst
                    d = 0
                    while (1 << d) != dst:
                        d += 1
                    after = (own ^ src) | dst
                    any_move = True
                    first, second = mills_at[d, 0], mills_at[d, 1]
                    closes = (after & first) == first or (after & second) == second
                    if closes:
                        if b == 3:
                            win = True  # the opponent is left with two pieces
                            break
                        takes = take_from
                        while takes:
                            t = takes & -takes
                            takes ^= t
                            left = opp ^ t
                            v = child_capture[rank(left, c) * c[24, a] + rank(after, c)]
                            if v < 0 and -v - 1 < n:
                                win = True
                                break
                            if v < 0 and n == 1 and (capture_win[index] == 0 or -v < capture_win[index]):
                                capture_win[index] = -v  # a win at distance (-v - 1) + 1
                            if not (v > 0 and v - 1 < n):
                                all_lost = False
                        if win or (not all_lost and n % 2 == 0):
                            break
                    else:
                        v = child_same[rank(opp, c) * c[24, a] + rank(after, c)]
                        if v < 0 and -v - 1 < n:
                            win = True
                            break
                        if not (v > 0 and v - 1 < n):
                            all_lost = False
                            if n % 2 == 0:
                                break  # a loss needs every child lost: this one is not
                if win or (not all_lost and n % 2 == 0):
                    break
            if n % 2 == 1:
                if win:
                    values[index] = n + 1
                    changed += 1
            elif not any_move and n == 0:
                values[index] = -1  # blocked: lost now
                changed += 1
            elif n > 0 and any_move and all_lost and not win:
                values[index] = -(n + 1)
                changed += 1
                mark_predecessors(own, opp, a, b, dirty_other, adj, mills_at, c)
    return changed


@njit(cache=True)
def mark_predecessors(
    own: int, opp: int, a: int, b: int, dirty_other: np.ndarray, adj: np.ndarray, mills_at: np.ndarray,
    c: np.ndarray,
) -> None:
    """Mark the positions from which the opponent reached (own to move, opp) by a quiet
    move: a piece of opp on dst came from an empty src (a neighbour unless opp flies),
    and dst closes no mill of opp (else that move would have removed a piece)."""
    full = (1 << 24) - 1
    empty = full & ~(own | opp)
    own_rank = rank(own, c)
    dst_bits = opp
    while dst_bits:
        dst = dst_bits & -dst_bits
        dst_bits ^= dst
        d = 0
        while (1 << d) != dst:
            d += 1
        if (opp & mills_at[d, 0]) == mills_at[d, 0] or (opp & mills_at[d, 1]) == mills_at[d, 1]:
            continue
        src_bits = empty if b == 3 else adj[d] & empty
        while src_bits:
            src = src_bits & -src_bits
            src_bits ^= src
            before = (opp ^ dst) | src
            dirty_other[rank(before, c) * c[24, a] + own_rank] = 1


def solve(group_count: int) -> dict[tuple[int, int], np.ndarray]:
    masks = {k: masks_of(k) for k in (3, 4)}
    values: dict[tuple[int, int], np.ndarray] = {}
    groups = [[(3, 3)], [(3, 4), (4, 3)], [(4, 4)]][:group_count]
    for group in groups:
        dirty: dict[tuple[int, int], np.ndarray] = {}
        capture_win: dict[tuple[int, int], np.ndarray] = {}
        for a, b in group:
            size = len(masks[a]) * len(masks[b])
            values[(a, b)] = np.zeros(size, dtype=np.int16)
            dirty[(a, b)] = np.zeros(size, dtype=np.uint8)
            capture_win[(a, b)] = np.zeros(size, dtype=np.int16)
        n = 0
        quiet_passes = 0
        # Two passes in a row without news end it, once no capture win is still due.
        while quiet_passes < 2 or n <= max(int(w.max()) for w in capture_win.values()):
            changed = 0
            for a, b in group:
                capture = values.get((b - 1, a), np.zeros(1, dtype=np.int16))
                changed += solve_pass(
                    n, a, b, masks[a], masks[b], values[(a, b)], values[(b, a)], capture, b - 1,
                    ADJ, MILLS_AT, MILLS, C, dirty[(a, b)], dirty[(b, a)], capture_win[(a, b)],
                )
            quiet_passes = quiet_passes + 1 if changed == 0 and n > 1 else 0
            print(f"  sections {group} pass {n}: {changed} decided", flush=True)
            n += 1
    return values


def export(values: dict[tuple[int, int], np.ndarray], out: Path) -> None:
    """Fold the symmetries: per section, only canonical own-masks, each with the values
    of every opponent set among the points own leaves free (colex rank)."""
    syms = symmetries()
    payload = bytearray()
    sections = []
    for a, b in SECTIONS:
        if (a, b) not in values:
            continue
        table = values[(a, b)]
        own_all = masks_of(a)
        opp_all = masks_of(b)
        nb = len(opp_all)
        reps = sorted({canonical(int(m), 0, syms)[0] for m in own_all})
        block = np.zeros((len(reps), comb(N - a, b)), dtype=np.uint8)
        for r, own in enumerate(reps):
            ia = int(rank_py(own))
            free = [p for p in range(N) if not own >> p & 1]
            for ib, opp in enumerate(opp_all):
                opp = int(opp)
                if opp & own:
                    continue
                v = int(table[ia * nb + ib])
                byte = 0 if v == 0 else (v if v > 0 else -v)  # distance + 1; parity says who wins
                block[r, rank_in(opp, free)] = byte
        reps_bytes = np.array(reps, dtype="<u4").tobytes()
        payload += reps_bytes + block.tobytes()
        sections.append({"own": a, "opponent": b, "representatives": len(reps), "width": block.shape[1]})
    out.write_bytes(pack(MAGIC, bytes(payload), {"sections": sections}))


def rank_py(mask: int) -> int:
    r, k = 0, 1
    for i in range(N):
        if mask >> i & 1:
            r += comb(i, k)
            k += 1
    return r


def rank_in(mask: int, free: list[int]) -> int:
    """Colex rank of `mask` among the subsets of the points `free` (same size)."""
    r, k = 0, 1
    for j, p in enumerate(free):
        if mask >> p & 1:
            r += comb(j, k)
            k += 1
    return r


def main(argv: list[str] | None = None) -> int:
    formatter = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=formatter)
    default_out = ROOT / "engine" / "games" / "morris" / "morris_endgame.db"
    parser.add_argument("--out", type=Path, default=default_out)
    parser.add_argument("--groups", type=int, default=3, choices=(1, 2, 3),
                        help="1: (3,3); 2: and (3,4) (4,3); 3: and (4,4)")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    values = solve(args.groups)
    for key, table in values.items():
        wins = int((table > 0).sum())
        losses = int((table < 0).sum())
        print(f"section {key}: {wins} wins, {losses} losses, longest {int(np.abs(table).max()) - 1} plies")
    export(values, args.out)
    digest = hashlib.sha256(args.out.read_bytes()).hexdigest()
    CHECKSUM_FILE.write_text(f"{digest}  {args.out.name} ({args.out.stat().st_size} bytes)\n")
    print(f"wrote {args.out} ({args.out.stat().st_size} bytes) in {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""A transposition table in shared memory, so that processes searching the same position
help each other (Lazy SMP: each process runs the ordinary search and reads what the
others have proven; engine/ai/helpers.py starts them).

The table is an array of 64-bit words in a block of memory the processes map:

- words 0-3, the header: the job the helpers work on (0: none), the depth the main
  search last completed, the search generation;
- then buckets of two slots, two words a slot. Slot 0 keeps the deeper result
  (depth-preferred replacement), slot 1 takes what slot 0 turns away (always-replace):
  a deep result survives the many shallow ones, and the shallow ones are still kept.

Lockless hashing (Hyatt and Mann): a slot holds `check ^ data` and `data`, each word
written whole. A reader that meets a slot another process is half-way through writing
computes a check that does not match its key and takes it for a miss, so no lock is
ever needed. `check` is the position key itself when it fits in 64 bits (Morris,
Teeko), else the key folded to 64 bits (Othello): a wrong hit then needs a 64-bit
collision, which a search never meets in practice.

A move is stored as its index in `state.legal_moves()` (generation is deterministic):
the table needs no game's move type, and another process reads it back from the same
position's list.
"""

from __future__ import annotations

import mmap
import os
import secrets
import sys
import tempfile
from typing import Any

WORD = 8
HEADER_WORDS = 4
SLOT_WORDS = 2
BUCKET_WORDS = 2 * SLOT_WORDS
DEFAULT_BUCKETS = 1 << 19  # 2^20 slots, 16 MiB: several one-second searches' worth
MASK64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15  # folds the bits of keys past 64 into the first 64

# Header words.
JOB, MAIN_DEPTH, GENERATION = 0, 1, 2

# The data word: valid bit, bound, depth, move index + 1, generation, score + offset.
VALID = 1
BOUND_SHIFT, BOUND_MASK = 1, 0x3
DEPTH_SHIFT, DEPTH_MASK = 3, 0x7F
MOVE_SHIFT, MOVE_MASK = 10, 0x3FF
GEN_SHIFT, GEN_MASK = 20, 0xFF
SCORE_SHIFT, SCORE_OFFSET = 28, 1 << 23
MAX_MOVE_INDEX = MOVE_MASK - 1  # a move listed later than this is stored without its index

Entry = tuple[int, int, int, int]  # depth, score, bound, move index (-1: none)


def fold(key: int) -> int:
    """A key of any size as 64 bits (itself when it fits)."""
    while key > MASK64:
        key = (key & MASK64) ^ ((key >> 64) * GOLDEN & MASK64)
    return key


class SharedTable:
    """The table. `SharedTable()` makes a new block; its `handle` opens the same block
    in another process (`SharedTable.attach(handle)`; on POSIX a file descriptor the
    child inherits, on Windows a tag name). The memory goes away with the last
    process that maps it, so a crash leaves nothing behind."""

    def __init__(self, buckets: int = DEFAULT_BUCKETS, *, handle: str | None = None) -> None:
        if buckets & (buckets - 1) or buckets < 2:
            raise ValueError(f"buckets must be a power of two, at least 2, not {buckets}")
        self.size = (HEADER_WORDS + buckets * BUCKET_WORDS) * WORD
        self.owner = handle is None
        self.fd: int | None = None
        if handle is None:
            self._map, self.handle = self._create()
        else:
            self._map, self.handle = self._open(handle), handle
        self.buckets = buckets
        self._mask = buckets - 1  # a bucket is the key's three 23-bit parts xored, masked
        self.words: Any = memoryview(self._map).cast("Q")  # unsigned 64-bit words

    def _create(self) -> tuple[mmap.mmap, str]:
        if sys.platform == "win32":
            tag = f"plateaux-table-{os.getpid()}-{secrets.token_hex(6)}"
            return mmap.mmap(-1, self.size, tagname=tag), tag
        directory = "/dev/shm" if os.path.isdir("/dev/shm") else None  # memory, not disk
        fd, path = tempfile.mkstemp(prefix="plateaux-table-", dir=directory)
        try:
            os.unlink(path)  # nameless from now on: nothing to clean up after a crash
            os.ftruncate(fd, self.size)
            block = mmap.mmap(fd, self.size)
        except OSError:
            os.close(fd)
            raise
        self.fd = fd  # kept open for the children to inherit (subprocess pass_fds)
        return block, str(fd)

    def _open(self, handle: str) -> mmap.mmap:
        if sys.platform == "win32":
            return mmap.mmap(-1, self.size, tagname=handle)
        return mmap.mmap(int(handle), self.size)

    @classmethod
    def attach(cls, handle: str, buckets: int = DEFAULT_BUCKETS) -> SharedTable:
        return cls(buckets, handle=handle)

    # ----- the header --------------------------------------------------------
    @property
    def job(self) -> int:
        return int(self.words[JOB])

    @job.setter
    def job(self, value: int) -> None:
        self.words[JOB] = value

    @property
    def main_depth(self) -> int:
        return int(self.words[MAIN_DEPTH])

    @main_depth.setter
    def main_depth(self, value: int) -> None:
        self.words[MAIN_DEPTH] = value

    def new_generation(self) -> None:
        """A new search begins: what earlier searches stored becomes replaceable first."""
        self.words[GENERATION] = (self.words[GENERATION] + 1) & GEN_MASK

    def clear(self) -> None:
        """Forget every entry (the header's job and depth stay)."""
        self.words[HEADER_WORDS:] = memoryview(bytes(self.buckets * BUCKET_WORDS * WORD)).cast("Q")

    # ----- entries -------------------------------------------------------------
    def probe(self, key: int) -> Entry | None:
        """(depth, score, bound, move index or -1) stored for `key`, or None."""
        check = key if key <= MASK64 else fold(key)
        words = self.words
        slot = HEADER_WORDS + ((check ^ check >> 23 ^ check >> 41) & self._mask) * BUCKET_WORDS
        data = words[slot + 1]
        if not data or words[slot] ^ data != check:
            slot += SLOT_WORDS
            data = words[slot + 1]
            if not data or words[slot] ^ data != check:
                return None
        return (
            data >> DEPTH_SHIFT & DEPTH_MASK,
            (data >> SCORE_SHIFT) - SCORE_OFFSET,
            data >> BOUND_SHIFT & BOUND_MASK,
            (data >> MOVE_SHIFT & MOVE_MASK) - 1,
        )

    def store(self, key: int, depth: int, score: int, bound: int, move_index: int) -> None:
        """Keep a result: in slot 0 if it is as deep, of the same position or the slot is
        stale (an earlier search's), else in slot 1."""
        check = key if key <= MASK64 else fold(key)
        words = self.words
        generation = words[GENERATION]
        slot = HEADER_WORDS + ((check ^ check >> 23 ^ check >> 41) & self._mask) * BUCKET_WORDS
        old = words[slot + 1]
        if (
            old
            and words[slot] ^ old != check
            and old >> GEN_SHIFT & GEN_MASK == generation
            and depth < (old >> DEPTH_SHIFT & DEPTH_MASK)
        ):
            slot += SLOT_WORDS
        data = (
            (score + SCORE_OFFSET) << SCORE_SHIFT
            | generation << GEN_SHIFT
            | (move_index + 1 if 0 <= move_index <= MAX_MOVE_INDEX else 0) << MOVE_SHIFT
            | (depth if depth < DEPTH_MASK else DEPTH_MASK) << DEPTH_SHIFT
            | bound << BOUND_SHIFT
            | VALID
        )
        # Data first, then the check word: a reader between the two sees a mismatch.
        words[slot + 1] = data
        words[slot] = check ^ data

    # ----- the block -------------------------------------------------------------
    def close(self) -> None:
        """Let go of the block (it goes away once no process maps it)."""
        if self.words is None:
            return
        self.words.release()
        self.words = None
        self._map.close()
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None

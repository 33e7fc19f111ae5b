"""The book builder's C search (millref, tools/mill_ref.py) and its "lines" stage.

A one-second Python search sees 5-7 plies in placement; the blocks that beat the hard
level are decided around ply 12-14, where a depth-12 millref search already sees the
forced loss. So the book's moves can come from millref at a fixed depth (`RefSearch`,
deterministic: a clean table and a fixed seed for every search), and the "lines" stage
walks the placement lines a strong opponent plays against the book, for each colour
the hard level may have: at the book side's turn the book move only, at the opponent's
its best few replies as millref ranks them (`--lines` gives how many for each of the
opponent's placements, 0 for every legal move).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NamedTuple

from engine.ai.search import MATE
from engine.games.morris.evaluation import PIECE
from engine.games.morris.opening import (
    BookEntry,
    BookError,
    book_key,
    canonical,
    entry_for,
    from_canonical,
    read_book,
)
from engine.games.morris.rules import MorrisMove, MorrisState, parse_morris_move
from engine.registry import new_state
from tools.mill_ref import MillRef

PLACEMENT_PLIES = 18  # nine pieces a side
LEARNED_FILE = Path(__file__).resolve().parent / "data" / "morris_book_learned.jsonl"  # learned_entries
DEEP_FILE = Path(__file__).resolve().parent / "data" / "morris_book_deep.jsonl"  # tools/morris_book_deepen.py
STEERED_FILE = Path(__file__).resolve().parent / "data" / "morris_book_steered.jsonl"  # morris_book_steer.py
REF_PIECE = 100  # millref's piece; the book stores the evaluation's units (PIECE)
REF_MATE = 30_000  # millref's score of a win at the root (a win at ply n is REF_MATE - n)
REF_MATE_BOUND = 29_000


def book_argument(parser: argparse.ArgumentParser, path: Path) -> dict[int, BookEntry]:
    """The book a tool's `--book` names, read strictly: a missing, damaged or empty book
    ends the run with exit 2 and the reason (the engine's lenient `book()` would turn a
    mistyped path into "no book" and leave the user guessing which)."""
    try:
        entries = read_book(path)
    except BookError as error:
        parser.exit(2, f"{parser.prog}: {error}\n")
    if not entries:
        parser.exit(2, f"{parser.prog}: {path}: the book holds no position\n")
    return entries


class Found(NamedTuple):
    """A deep search's answer for the book."""

    move: MorrisMove
    score: int  # in the Python search's units (mates as MATE - plies)
    depth: int
    nodes: int


def ref_score(score: int) -> int:
    """A millref score in the Python search's units."""
    if abs(score) >= REF_MATE_BOUND:
        plies = REF_MATE - abs(score)
        return MATE - plies if score > 0 else plies - MATE
    return score * (PIECE // REF_PIECE)


def entry_move(state: MorrisState, entry: BookEntry) -> MorrisMove:
    """A book entry's move in `state`'s own frame (entries are stored canonically)."""
    return from_canonical(entry.move(), canonical(state.key())[1])


def book_exits_summary(plies: list[int]) -> str:
    """Where games left the book: the median ply, how many by ply 10, how many lasted
    through placement (tools/morris_book_reach.py, tools/morris_match.py)."""
    return (
        f"out of the book from ply {statistics.median(plies):g} (median), by ply 10 in "
        f"{sum(ply <= 10 for ply in plies)} of {len(plies)}, "
        f"through placement in {sum(ply >= PLACEMENT_PLIES for ply in plies)}"
    )


def depths(text: str) -> tuple[int, int]:
    """A "LOW,HIGH" range of millref depths."""
    low, high = (int(word) for word in text.split(","))
    if not 1 <= low <= high:
        raise ValueError(f"not a depth range: {text!r}")
    return low, high


def replay(moves: list[MorrisMove]) -> MorrisState:
    state = new_state("nine")
    for move in moves:
        state.push(move)
    assert isinstance(state, MorrisState)
    return state


def learned_records(path: Path, switches_only: bool = False) -> list[dict[str, Any]]:
    """The records tools/morris_book_learn.py (or tools/morris_book_deepen.py) appended
    to `path` (one JSON object a line: the placements before the move as "line", the
    move, its deep score and depth, the book's move), in the file's order; none when the
    file is missing. With `switches_only`, those whose move is not the book's: a deep
    check that kept the book's move changes nothing and opens no new line."""
    if not path.exists():
        return []
    records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    return [record for record in records if not switches_only or record["move"] != record["book"]]


def placements_before(record: dict[str, Any]) -> list[MorrisMove]:
    """A learned record's placements before its move."""
    return [parse_morris_move(word) for word in record["line"].split()]


def learned_lines(path: Path, switches_only: bool = False) -> list[list[MorrisMove]]:
    """The placements before each learned move of `path`, in the file's order."""
    return [placements_before(record) for record in learned_records(path, switches_only)]


def position_key(record: dict[str, Any]) -> int:
    """The canonical key of a learned record's position (before its move)."""
    return book_key(replay(placements_before(record)))


def learned_entries(path: Path, switches_only: bool = False) -> dict[int, BookEntry]:
    """The learned moves of `path` as book entries, by canonical key; a later line for
    the same position wins. Empty when the file is missing."""
    entries: dict[int, BookEntry] = {}
    for record in learned_records(path, switches_only):
        move = parse_morris_move(record["move"])
        key, entry = entry_for(replay(placements_before(record)), move, record["score"], record["depth"])
        entries[key] = entry
    return entries


class RefSearch:
    """Deep searches and reply rankings by millref, each at a fixed depth."""

    def __init__(self, depth: int, rank_depth: int) -> None:
        self.depth = depth
        self.deep_ref = MillRef(0, depth)
        self.rank_ref = MillRef(0, rank_depth)

    def __call__(self, state: MorrisState) -> Found:
        move = self.deep_ref.move(state.history, 0)
        last = self.deep_ref.last
        return Found(move, ref_score(last["score"]), last["depth"], last["nodes"])

    def replies(self, state: MorrisState, width: int) -> list[MorrisMove]:
        """The `width` best moves as a shallower search ranks them (all legal moves for 0)."""
        moves = state.legal_moves()
        if width == 0 or width >= len(moves):
            return moves
        ranked: list[MorrisMove] = []
        for _ in range(width):
            ranked.append(self.rank_ref.move(state.history, 0, ranked))
        return ranked

    def close(self) -> None:
        self.deep_ref.close()
        self.rank_ref.close()


def lines(
    deep: Callable[[MorrisState, str], BookEntry],
    ref: RefSearch,
    widths: list[int],
    colour: int,
    write: Callable[[], None],
    start: Sequence[MorrisMove] = (),
    source: str = "lines",
) -> None:
    """The lines stage for the book playing `colour`: breadth first from the start (or
    from the placements `start`, `widths` then counting the opponent's replies from
    there), one position per canonical key; `deep` gives (and records, as `source`) a
    position's book entry, `write` saves the book after each ply."""
    level: dict[int, list[MorrisMove]] = {0: list(start)}  # by canonical key from the next ply
    side = "White" if colour == 0 else "Black"
    for ply in range(len(start), PLACEMENT_PLIES):
        print(f"{source} for {side}, ply {ply}: {len(level)} positions", flush=True)
        following: dict[int, list[MorrisMove]] = {}
        for moves in level.values():
            state = replay(moves)
            if state.outcome() is not None or not state.in_hand(state.to_move):
                continue
            if state.to_move == colour:
                children = [entry_move(state, deep(state, f"{source} {colour}"))]
            else:
                replies_made = (ply - len(start)) // 2
                children = ref.replies(state, widths[min(replies_made, len(widths) - 1)])
            for move in children:
                state.push(move)
                following.setdefault(book_key(state), [*moves, move])
                state.pop()
        level = dict(sorted(following.items()))
        write()


def sampled(
    deep: Callable[[MorrisState, str], BookEntry],
    depths: tuple[int, int],
    games: int,
    colour: int,
    seed: int,
    write: Callable[[], None],
    opening_plies: int = 0,
) -> None:
    """The sampled lines for the book playing `colour`: `games` placements from the start
    (after `opening_plies` uniformly random plies: the matches' random openings) against
    millref at a depth drawn for each of its moves from `depths` (a fast setting reaches
    8-9 plies in placement) with a drawn seed (its root tie-break), so the book meets the
    replies a fast strong engine really plays, not only the ones a single fixed search
    ranks first. Reproducible: the draws come from `seed`."""
    rng = random.Random(seed * 2 + colour)
    refs = {depth: MillRef(0, depth) for depth in range(depths[0], depths[1] + 1)}
    try:
        for game in range(games):
            state = new_state("nine")
            assert isinstance(state, MorrisState)
            for _ in range(opening_plies):
                state.push(rng.choice(state.legal_moves()))
            while state.outcome() is None and state.in_hand(state.to_move):
                if state.to_move == colour:
                    move = entry_move(state, deep(state, f"sampled {colour}"))
                else:
                    move = refs[rng.randint(*depths)].move(state.history, rng.randrange(1 << 30))
                state.push(move)
            if game % 20 == 19:
                print(f"sampled for {'White' if colour == 0 else 'Black'}: {game + 1} games", flush=True)
                write()
    finally:
        for ref in refs.values():
            ref.close()
    write()

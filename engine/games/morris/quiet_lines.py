"""Book moves for quiet moving positions, keyed by the exact line since the last
placement or removal.

The moving book (`opening.py`) may hold a position only a few quiet plies after the
last placement or removal: further on, the game's history can make a repetition, which a
position key does not see. But hard's losses to a fast strong engine recur move for move
(seed 7385 game 7 replayed 6885 game 17 and 7133 game 3 over all 46 plies), and their
mistakes lie deeper in the moving phase, out of the moving book's reach. A quiet line's
key is the position plus every move since the last placement or removal: those moves
undo to the position after that irreversible move, before which no position can recur,
so the key fixes all the history that matters (repetitions and the quiet-ply count), and
a move chosen for it by a deep search that saw that history holds in any game reaching
it. Keys are folded by the board's 16 symmetries like the books' (the moves mapped into
the canonical frame).

Built by `tools/build_morris_quiet_lines.py` (millref at a fixed depth, at the loser's
first turn in each lost game where its move differed) and shipped as
`engine/games/morris/quiet_lines.json`: a JSON object with "format", "built" and
"lines", each line the game's moves from the start to the position (one string, moves
separated by spaces) with the book "move", its "score" and "depth". Loading replays
each line: one that does not replay (an illegal move, a bookable or placement
position, a move not legal there) is left out. A missing or damaged file is no lines:
the hard level searches.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, cast

from engine.core import GameState
from engine.games.morris.opening import (
    BookEntry,
    book_move,
    bookable,
    canonical,
    from_canonical,
    to_canonical,
)
from engine.games.morris.rules import MorrisMove, MorrisState, NineState, parse_morris_move

LINES_PATH = Path(__file__).resolve().parent / "quiet_lines.json"
FORMAT = "morris-quiet-lines/1"

LineKey = tuple[int, tuple[MorrisMove, ...]]


def keyed_line(state: MorrisState) -> tuple[LineKey, int] | None:
    """The line's key, (the canonical position key, the moves since the last placement
    or removal in that frame), and the index of the symmetry giving that frame; None
    where the quiet lines do not apply: a placement, a position a book may hold,
    diagonals, or a history that does not reach back to the last placement or removal
    (a game set up from a position text)."""
    quiet = state.quiet_plies
    if state.options.get("diagonals", False) or bookable(state) or len(state.history) < quiet:
        return None
    key, index = canonical(state.key())
    since = tuple(to_canonical(move, index) for move in state.history[len(state.history) - quiet :])
    return (key, since), index


def line_entry(
    moves: list[MorrisMove], move: MorrisMove, score: int, depth: int
) -> tuple[LineKey, BookEntry]:
    """The key and canonical entry storing `move` after `moves` from the start of a
    Nine Men's Morris game; ValueError if the line does not replay to a quiet position
    where `move` is legal."""
    state = NineState({})
    state.play_all(moves)  # checked: an illegal move is an EngineError, a ValueError
    keyed = keyed_line(state)
    if keyed is None:
        raise ValueError("not a quiet moving position past the moving book's reach")
    if move not in state.legal_moves():
        raise ValueError(f"the book move {move} is not legal there")
    canon = to_canonical(move, keyed[1])
    return keyed[0], BookEntry(canon.dst, canon.take, score, depth, canon.src)


def parse_line(line: dict[str, Any]) -> tuple[LineKey, BookEntry]:
    """The key and entry of one of the file's lines; KeyError, TypeError or ValueError
    for a line that is not one or does not replay."""
    moves = [parse_morris_move(text) for text in str(line["moves"]).split()]
    return line_entry(moves, parse_morris_move(str(line["move"])), int(line["score"]), int(line["depth"]))


def decode(data: dict[str, Any]) -> dict[LineKey, BookEntry]:
    """Line key -> entry for a parsed file; lines that do not replay are left out,
    anything but a file of this format is ValueError."""
    if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("lines"), list):
        raise ValueError("not a quiet lines file")
    entries: dict[LineKey, BookEntry] = {}
    for line in data["lines"]:
        try:
            key, entry = parse_line(line)
        except (KeyError, TypeError, ValueError):
            continue  # data from a file: a line that does not replay is no entry
        entries[key] = entry
    return entries


_loaded: dict[Path, dict[LineKey, BookEntry]] = {}


def quiet_lines(path: Path = LINES_PATH) -> dict[LineKey, BookEntry]:
    """The quiet lines, read on first use; none when the file cannot be read (the
    failure is remembered)."""
    if path not in _loaded:
        try:
            _loaded[path] = decode(json.loads(path.read_text(encoding="utf-8")))
        except (OSError, ValueError):
            _loaded[path] = {}
    return _loaded[path]


def line_move(state: GameState, path: Path = LINES_PATH) -> tuple[MorrisMove, int, int] | None:
    """The quiet lines' (move, score, depth) for `state` in its own frame, or None."""
    keyed = keyed_line(cast(MorrisState, state))
    if keyed is None:
        return None
    key, frame = keyed
    entry = quiet_lines(path).get(key)
    if entry is None:
        return None
    return from_canonical(entry.move(), frame), entry.score, entry.depth


def books_move(state: GameState) -> tuple[Any, int, int] | None:
    """The hard level's opening hook (`GameSpec.opening`): the placement or moving
    book's move, else the quiet lines'."""
    return book_move(state) or line_move(state)

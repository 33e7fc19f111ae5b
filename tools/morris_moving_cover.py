"""How often the moving book holds hard's first moving turn in logged match games.

    python -m tools.morris_moving_cover LOSSES.jsonl... [--book engine/games/morris/moving.book]

The files are tools/morris_match.py `--losses` records (every decisive game, with its
"from": the players and the game number, so which colour hard played). In each game,
hard's side is followed through placement while the placement book gives the move it
played (a game of an older book, or out of it, stops there); where hard played the
book through placement, its first moving turn is looked up in the moving book. Printed
per colour: the games, those played in the book through placement and how many of
these the moving book holds at hard's first moving turn, then the same for the distinct
first moving positions. Different books meet different games, so compare two books on
the same files.

`--missed FILE` appends the first moving positions the moving book did not hold, one
line each (the moves to it and the game it came from), to FILE, leaving out those FILE
already has: tools/data/morris_moving_met.jsonl is what tools/build_morris_moving_book.py
books besides its samples. A met position is often met again: of session 32's 89 games
whose first moving position the book missed, 46 were in positions session 31 had missed.

`--switched` (with `--missed`) appends too, for each game where hard played the
placement book up to one of its last two placements and the book now plays another move
there (the deep check switched it since the game), the first moving positions beneath
that move: each reply, and after a reply the book's next placement, if it has one, and
each reply to that. No logged game can have met them, and the book's sample passes may
not yet have (session 86 wrote them by hand for a4 at ply 16 of 7622 g5's line; session
90 found 129 beneath d1 at ply 14 of 7778 g11's, 106 once folded by symmetry). An
earlier switch is left to the samples: beneath it lie thousands.

A bad line, of a log or of FILE (not JSON, no "moves" list, a move not legal where it
was played), stops the tool before it writes: `FILE:LINE: reason` and exit code 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple, TypeVar, cast

from engine.games.morris.opening import (
    DATA_PATH,
    MOVING_PATH,
    BookEntry,
    book_key,
    bookable,
    lookup,
    read_book,
)
from engine.games.morris.rules import MorrisMove, MorrisState, parse_morris_move
from tools.morris_blame import hard_colours
from tools.morris_book_lines import PLACEMENT_PLIES, replay

T = TypeVar("T")
# A position for the met file, and where it came from (its "from").
Met = tuple[MorrisState, str]
# A switch at one of a side's last two placements (from ply 14) opens about a hundred
# first moving positions, each reply walked; an earlier one opens thousands.
WALKED_SWITCH_PLY = PLACEMENT_PLIES - 4


class FirstTurn(NamedTuple):
    """One logged game and colour hard played, followed through the placement book once."""

    colour: int
    state: MorrisState | None  # its first moving position, if it played the book's every move
    game: dict[str, Any]
    switch: tuple[MorrisState, MorrisMove] | None  # where it left the book, and the book's move


def follow_book(
    game: dict[str, Any], colour: int, placement: dict[int, BookEntry]
) -> tuple[MorrisState, MorrisMove | None] | None:
    """Replay `game` while `colour` plays the placement book's moves: `colour`'s first
    moving position (and None), or the position where the game left the book (and the
    book's move there). None if the book lacks one of `colour`'s placements or the game
    ends first."""
    state = replay([])
    for move in map(parse_morris_move, game["moves"][: PLACEMENT_PLIES + 2]):
        if state.outcome() is not None:
            return None
        if state.to_move == colour:
            if not state.in_hand(colour):
                return state, None
            found = lookup(placement, state)
            if found is None:
                return None
            if found[0] != move:
                return state, found[0]
        state.play(move)  # checked: a corrupt log raises, never books a made-up position
    return None


def first_turn(game: dict[str, Any], colour: int, placement: dict[int, BookEntry]) -> FirstTurn:
    """`game` followed for `colour` (`follow_book`), the one replay both uses read."""
    followed = follow_book(game, colour, placement)
    if followed is None:
        return FirstTurn(colour, None, game, None)
    state, book_move = followed
    if book_move is not None:
        return FirstTurn(colour, None, game, (state, book_move))
    return FirstTurn(colour, state if bookable(state) else None, game, None)


def first_moving_turn(
    game: dict[str, Any], colour: int, placement: dict[int, BookEntry]
) -> MorrisState | None:
    """`colour`'s first moving position, if it played the placement book's every move."""
    return first_turn(game, colour, placement).state


def switched_replies(game: dict[str, Any], colour: int, placement: dict[int, BookEntry]) -> list[Met]:
    """Where `colour` played the placement book up to one of its last two placements
    (`WALKED_SWITCH_PLY`) and the book now plays another move there: the first moving
    positions beneath the book's move (`positions_beneath`), with where they came from.
    Otherwise none."""
    return switched_met(first_turn(game, colour, placement), placement)


def switched_met(turn: FirstTurn, placement: dict[int, BookEntry]) -> list[Met]:
    """`switched_replies` of a game already followed."""
    if turn.switch is None:
        return []
    state, move = turn.switch
    if state.ply < WALKED_SWITCH_PLY:
        return []
    return positions_beneath(
        state, move, placement, f"{turn.game.get('from', '')}: the placement book's {move} at ply {state.ply}"
    )


def positions_beneath(
    state: MorrisState, move: MorrisMove, placement: dict[int, BookEntry], source: str
) -> list[Met]:
    """The mover's bookable moving turns after `move` and each reply that does not end
    the game; where the mover still places there, those beneath the book's placement
    (none if the book has no move). `source`, then the moves after `move`, is each one's
    "from"."""
    opened = cast(MorrisState, state.copy())
    opened.push(move)
    met: list[Met] = []
    for reply in opened.legal_moves():
        after = cast(MorrisState, opened.copy())
        after.push(reply)
        if bookable_moving_turn(after):
            met.append((after, f"{source}, then {reply}"))
        elif after.outcome() is None and after.in_hand(after.to_move):
            found = lookup(placement, after)
            if found is not None:
                met.extend(
                    positions_beneath(after, found[0], placement, f"{source}, then {reply} {found[0]}")
                )
    return met


def checked_lines(path: Path, read: Callable[[dict[str, Any]], T]) -> list[T]:
    """`read` of each line of `path`, a JSON object with a "moves" list. A bad line (not
    that, or `read` raising ValueError) raises ValueError naming the file and line."""
    results = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        try:
            record = json.loads(line)
            if not isinstance(record, dict) or not isinstance(record.get("moves"), list):
                raise ValueError('not an object with a "moves" list')
            results.append(read(record))
        except ValueError as error:  # json.JSONDecodeError and EngineError are ValueErrors
            raise ValueError(f"{path}:{number}: {error}") from None
    return results


def first_turns(paths: list[Path], placement: dict[int, BookEntry]) -> list[FirstTurn]:
    """Each logged game and colour hard played: its first moving position, if it played
    the placement book's every move, and the game. Every log is read and checked before
    anything is counted or written."""

    def turns(game: dict[str, Any]) -> list[FirstTurn]:
        return [first_turn(game, colour, placement) for colour in hard_colours(game)]

    return [turn for path in paths for game_turns in checked_lines(path, turns) for turn in game_turns]


def switched_positions(turns: list[FirstTurn], placement: dict[int, BookEntry]) -> list[Met]:
    """`switched_replies` of each game and colour of `first_turns` (the games followed once)."""
    return [met for turn in turns for met in switched_met(turn, placement)]


def cover(turns: list[FirstTurn], moving: dict[int, BookEntry]) -> dict[int, tuple[int, int, int, int, int]]:
    """Per colour, over `first_turns`: games, games in the book through placement, those
    of them whose first moving position the moving book holds, distinct first moving
    positions, and those the moving book holds."""
    games = {0: 0, 1: 0}
    through = {0: 0, 1: 0}
    held_games = {0: 0, 1: 0}
    positions: dict[int, set[int]] = {0: set(), 1: set()}
    for colour, state, _, _ in turns:
        games[colour] += 1
        if state is not None:
            through[colour] += 1
            key = book_key(state)
            positions[colour].add(key)
            held_games[colour] += key in moving
    held = {colour: sum(key in moving for key in positions[colour]) for colour in (0, 1)}
    return {
        colour: (games[colour], through[colour], held_games[colour], len(positions[colour]), held[colour])
        for colour in (0, 1)
    }


def met_positions(path: Path) -> list[MorrisState]:
    """The positions of a `--missed` file (a missing file has none), each line checked:
    its "moves" play legally from the start to a bookable moving turn. A bad line raises
    ValueError naming the file and line, so a hand-edited file never books a corrupt
    position."""
    return checked_lines(path, bookable_met_position) if path.exists() else []


def bookable_moving_turn(state: MorrisState) -> bool:
    """Whether the moving book may hold `state`: a moving turn of a game not over."""
    return state.outcome() is None and not state.in_hand(state.to_move) and bookable(state)


def bookable_met_position(record: dict[str, Any]) -> MorrisState:
    """`met_position`, refused (ValueError) unless it is a bookable moving turn."""
    state = met_position(record)
    if not bookable_moving_turn(state):
        raise ValueError("not a bookable moving position")
    return state


def met_position(record: dict[str, Any]) -> MorrisState:
    """The position of a `--missed` line; IllegalMoveError if a move is not legal."""
    state = replay([])
    state.play_all([str(text) for text in record["moves"]])
    return state


def append_missed(out: Path, turns: list[FirstTurn], moving: dict[int, BookEntry]) -> int:
    """Append to `out` the first moving positions of `turns` (`first_turns`) that
    `moving` does not hold and `out` has not yet (folded by symmetry); return how many."""
    met = [(turn.state, turn.game.get("from", "")) for turn in turns if turn.state is not None]
    return append_met(out, met, moving)


def append_met(out: Path, positions: list[Met], moving: dict[int, BookEntry]) -> int:
    """Append to `out` the `positions` that `moving` does not hold and `out` has not yet
    (folded by symmetry); return how many."""
    known = {book_key(state) for state in met_positions(out)}
    added = []
    for state, source in positions:
        key = book_key(state)
        if key not in moving and key not in known:
            known.add(key)
            added.append({"moves": [str(move) for move in state.history], "from": source})
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("a", encoding="utf-8") as file:
        file.writelines(json.dumps(record) + "\n" for record in added)
    return len(added)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("losses", type=Path, nargs="+")
    parser.add_argument("--book", type=Path, default=MOVING_PATH)
    parser.add_argument("--missed", type=Path, help="append the positions the book missed here")
    parser.add_argument("--switched", action="store_true",
                        help="with --missed, append those beneath a switched late placement too")  # fmt: skip
    args = parser.parse_args(argv)
    if args.switched and args.missed is None:
        parser.error("--switched appends to the --missed file: give it")
    try:  # a bad log, met file or book: the reason and exit 2, the met file kept as it was
        # Read strictly: the engine's lenient `book()` would make a mistyped --book path
        # an empty book, and every first moving position a "missed" one.
        moving = read_book(args.book)
        placement = read_book(DATA_PATH)
        turns = first_turns(args.losses, placement)  # replayed once, for both
        switched = switched_positions(turns, placement) if args.switched else []
        if args.missed is not None:
            added = append_missed(args.missed, turns, moving)
            print(f"{added} missed first moving positions appended to {args.missed}")
        if args.switched:
            added = append_met(args.missed, switched, moving)
            print(f"{added} positions beneath a switched late placement appended to {args.missed}")
        counts = cover(turns, moving)
    except (ValueError, OSError) as error:
        parser.exit(2, f"morris_moving_cover: {error}\n")
    for colour, (games, through, held_games, distinct, held) in counts.items():
        name = ("White", "Black")[colour]
        print(f"hard {name}: {games} games, {through} in the placement book through placement, "
              f"{held_games} of them in the moving book at the first moving turn; "
              f"{distinct} distinct first moving positions, {held} in the moving book")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())

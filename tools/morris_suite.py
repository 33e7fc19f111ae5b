"""A test suite of the positions where hard went wrong, and a player's moves there.

    python -m tools.morris_suite build [LOSSES.jsonl] [--depth 12] [--drop 30] [--first LINE]
                                      [--out tools/data/morris_suite.jsonl]
    python -m tools.morris_suite run PLAYER [--suite FILE] [--depth 12] [--only N]
    python -m tools.morris_suite exits LOSSES.jsonl... --out FILE [--turns 1] [--depth 14]

After placement, hard's losses are slow squeezes: no single move loses, a few lose a
third of a piece each, until millref finds the block (placement losses are the opening
book's business: tools/build_morris_book.py). A match needs hundreds of games to catch one; this
suite scores the moves themselves, as chess engines are tried on test suites of
critical positions.

`build` takes every game a hard player lost (tools/morris_match.py --losses files,
tools/morris_blame.hard_lost) and scores each of the loser's moves after placement
with millref at `--depth`, until millref sees the game lost. A move that gave away
`--drop` hundredths of a piece or more, from a position not yet lost, is a suite
position. Each line of the suite: the moves before, the move played and millref's
best, and the score after each. tools/data/morris_suite.jsonl is the losses file's
suite at the defaults (one position a line). Lines 0-100 of the losses file
were scored by whole runs (sessions 20 and 24; the second gave the first's positions
again); each later loss was appended by `--first N` as it was booked. Some give none
(lines 97-99 are lost deeper than depth 12 sees). Which session added what: git log.

`run` gives each position to PLAYER (tools/morris_match.py's players, e.g. hard:1.0,
hard:1.0:mobility=40, nodes:60000) with fresh tables (`--warm N`: after thinking at its N
previous turns of the game, as in play) and scores its move the same way.
It prints, per position, what the move gave away against millref's best, and in all:
how many moves gave away `--drop` or more (mistakes) and the mean given away (a move
into a lost game counts LOST, however fast the loss). Two players on the same suite,
run side by side, compare move for move (hard's moves depend on time: the same
player twice differs too).

`exits` makes a suite that is not chosen by hard's mistakes (a change always looks
better on positions where the current hard erred: regression to the mean): in the
games hard won (tools/morris_match.py --losses files), every position of its `--turns`
thought turns after its opening book last answered (1: its first move out of the
book), whatever it played there; `run` scores them the same way.
tools/data/morris_exit_suite.jsonl holds its first turns out of the book in session
45's seeds 6226-6235 at depth 14 (see engine/ai/players.py, BOOK_EXIT_TURNS).

Time buys few of these moves back. Session 20, the suite of lines 0-88 at `--drop 20`
(84 positions), each run beside another busy process: hard at 1 s made 30 mistakes, 10 of
them into a lost game (mean given 194); hard at 3 s, 30 and 9 (mean 175). On the
58-position suite, millref at 50 ms made 21 mistakes (mean 150), as many as hard at 1 s
(21, mean 196). Most of these moves are judgement a few more plies do not give. The
moves into a lost game lose in about 13 plies, mostly to a running mill (a capture
every two to four plies, the loser down to three pieces by the twelfth); session 21, on
the 17 of them in this suite, hard kept 5 at 1 s (twice), 6 with a 5 s stretch
(`panic=5`), 9 at 3 s and 13 at 6 s (medians 1.9, 3.3, 6.5 and 11 s a move): only many
times the time sees them. Session 21's evaluation terms (free mills and threats, the
worth of each count of pieces; tools/fit_morris_eval.py) took the whole suite from 36-37
mistakes (mean given 232-235) to 31 (mean 191-193), 9 of them into a lost game.
Session 22, on a quieter machine: 24, 25 and 25 mistakes (mean 167.7-167.9), 8 into a
lost game; with the search's repetition rule (a position from the game's history draws
only at its third occurrence), 21 twice (mean 166.5), still 8: compare runs of one day.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from collections.abc import Collection, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.ai.players import book_choice  # noqa: E402
from engine.games.morris.rules import MorrisMove, parse_morris_move  # noqa: E402
from engine.save_files import write_atomically  # noqa: E402
from tools.mill_ref import MillRef  # noqa: E402
from tools.morris_blame import LOST, hard_colours, hard_lost, score_after  # noqa: E402
from tools.morris_book_lines import PLACEMENT_PLIES, replay  # noqa: E402
from tools.morris_hold import DEFAULT_LOSSES  # noqa: E402
from tools.morris_match import Player  # noqa: E402

DEFAULT_SUITE = ROOT / "tools" / "data" / "morris_suite.jsonl"
SEED = 16  # millref picks among equal moves at random: a fixed seed, a fixed suite


def scored_after(
    ref: MillRef, history: list[MorrisMove], move: MorrisMove, best: str, best_after: int
) -> int:
    """millref's score after `move` for its mover; the best move's known score when it is
    the best (millref may score one position differently twice: picking among equals at
    random, it would make the best move seem to give some away)."""
    return best_after if str(move) == best else score_after(ref, [*history, move])


def suite_positions(moves: list[MorrisMove], loser: int, ref: MillRef, drop: int) -> list[dict[str, Any]]:
    """The loser's moves after placement that gave away `drop` or more against millref's
    best, while the game was not yet lost by millref's search; until it was."""
    found = []
    first = PLACEMENT_PLIES + (loser - PLACEMENT_PLIES) % 2
    for ply in range(first, len(moves), 2):
        history = moves[:ply]
        state = replay(history)
        if state.outcome() is not None or len(state.legal_moves()) == 1:
            continue
        position = scored_position(ref, history, moves[ply])
        if position is None:
            break  # lost already: what follows teaches nothing about holding
        if position["best_after"] - position["played_after"] >= drop:
            found.append(position)
    return found


def scored_position(ref: MillRef, history: list[MorrisMove], played: MorrisMove) -> dict[str, Any] | None:
    """A suite line: the moves before, the move played and millref's best, and the score
    after each; None when millref sees the mover lost already."""
    best = ref.move(history, SEED)
    if ref.last["score"] <= -LOST:
        return None
    best_after = score_after(ref, [*history, best])
    return {
        "moves": [str(move) for move in history],
        "played": str(played),
        "played_after": scored_after(ref, history, played, str(best), best_after),
        "best": str(best),
        "best_after": best_after,
    }


def exit_positions(
    moves: list[MorrisMove], winner: int, ref: MillRef, turns: Collection[int]
) -> list[dict[str, Any]]:
    """The winner's thought turns numbered in `turns` (1: the first) since its opening
    book last answered, each scored by millref whatever was played (a book move, or
    a position with one legal move, is no thought turn)."""
    found = []
    since = 0  # the game's start counts as a book move: placement begins in the book
    for ply in range(winner, len(moves), 2):
        history = moves[:ply]
        state = replay(history)
        legal = state.legal_moves()
        if book_choice(state, legal) is not None:
            since = 0
            continue
        if len(legal) == 1:
            continue
        since += 1
        if since not in turns:
            continue
        position = scored_position(ref, history, moves[ply])
        if position is not None:
            found.append(position)
    return found


def exits(losses: list[Path], out: Path, depth: int, turns: Collection[int]) -> int:
    positions = []
    with MillRef(0, depth) as ref:
        for path in losses:
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines()):
                game = json.loads(line)
                winner = 1 - game["collapsed"][0]
                if winner not in hard_colours(game):
                    continue
                moves = [parse_morris_move(text) for text in game["moves"]]
                found = exit_positions(moves, winner, ref, turns)
                for position in found:
                    position["line"] = f"{path.name}:{number}"
                positions.extend(found)
    write_positions(out, positions)
    print(f"{len(positions)} positions written to {out}")
    return 0


def write_positions(out: Path, positions: list[dict[str, Any]], kept: str = "") -> None:
    """The suite file: `kept` (earlier lines), then a position a line; written whole or
    not at all, so a stopped build never leaves half a suite."""
    text = kept + "".join(json.dumps(position) + "\n" for position in positions)
    write_atomically(out, text.encode("utf-8"))


def lost_games(lines: list[str], first: int = 0) -> Iterator[tuple[int, dict[str, Any]]]:
    """The losses file's games a hard player lost, with their line numbers, from line
    `first` on (an earlier suite keeps its positions: a rebuild adds the new lines')."""
    for number, line in enumerate(lines[first:], start=first):
        game = json.loads(line)
        if hard_lost(game):
            yield number, game


def build(losses: Path, out: Path, depth: int, drop: int, first: int = 0) -> int:
    # From a first line, the earlier lines' positions are in `out` already: keep them. Read
    # before the search, so a missing suite stops the build before minutes of work, not after.
    if first and not out.is_file():
        print(f"no suite at {out} to append to: build it whole, without --first")
        return 1
    kept = out.read_text(encoding="utf-8") if first else ""
    positions = []
    with MillRef(0, depth) as ref:
        for number, game in lost_games(losses.read_text(encoding="utf-8").splitlines(), first):
            moves = [parse_morris_move(text) for text in game["moves"]]
            found = suite_positions(moves, game["collapsed"][0], ref, drop)
            for position in found:
                position["line"] = number
            positions.extend(found)
            print(f"line {number}: {len(found)} positions", flush=True)
    write_positions(out, positions, kept)
    print(f"{len(positions)} positions {'appended' if first else 'written'} to {out}")
    return 0


def warm_up(player: Player, history: list[MorrisMove], moves: int, rng: random.Random) -> None:
    """The player thinks at its `moves` previous turns of the game, as it did in play:
    its tables and previous scores are then a game's, not a fresh search's (a fresh
    table's first depths score higher, and the fall they show stretches the time).
    Those moves' times are left out of the player's."""
    timed = len(player.times)
    for ply in range(max(len(history) % 2, len(history) - 2 * moves), len(history), 2):
        player.choose(replay(history[:ply]), rng)
    del player.times[timed:]


def run(player_spec: str, suite: Path, depth: int, drop: int, only: int | None, warm: int = 0) -> int:
    positions = [json.loads(line) for line in suite.read_text(encoding="utf-8").splitlines()]
    if only is not None:
        positions = positions[:only]
    if not positions:
        print(f"no positions in {suite}")
        return 1
    player = Player(player_spec)
    rng = random.Random(SEED)
    given: list[int] = []
    try:
        with MillRef(0, depth) as ref:
            for index, position in enumerate(positions):
                history = [parse_morris_move(text) for text in position["moves"]]
                player.new_game()
                if warm:
                    warm_up(player, history, warm, rng)
                move = player.choose(replay(history), rng)
                after = scored_after(ref, history, move, position["best"], position["best_after"])
                away = min(LOST, max(0, position["best_after"] - after))  # a mate is a lost game, no more
                given.append(away)
                played_gave = min(LOST, position["best_after"] - position["played_after"])
                print(f"{index} line {position['line']} ply {len(history)}: {move} gave {away} "
                      f"(played {position['played']} gave {played_gave})", flush=True)  # fmt: skip
    finally:
        player.close()
    mistakes = sum(away >= drop for away in given)
    print(f"{player_spec}: {len(given)} positions, {mistakes} mistakes (gave {drop} or more), "
          f"mean given {statistics.mean(given):.1f}, {player.time_summary()}")  # fmt: skip
    return 0


def main(argv: list[str] | None = None) -> int:
    formatter = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=formatter)
    commands = parser.add_subparsers(dest="command", required=True)
    making = commands.add_parser("build")
    making.add_argument("losses", type=Path, nargs="?", default=DEFAULT_LOSSES)
    making.add_argument("--out", type=Path, default=DEFAULT_SUITE)
    making.add_argument(
        "--first", type=int, default=0, help="append the positions of the losses file's lines from FIRST on"
    )
    leaving = commands.add_parser("exits")
    leaving.add_argument("losses", type=Path, nargs="+")
    leaving.add_argument("--out", type=Path, required=True)
    leaving.add_argument("--turns", type=int, default=1, help="the first N thought turns after the book")
    leaving.add_argument("--depth", type=int, default=14, help="millref's depth")
    running = commands.add_parser("run")
    running.add_argument("player")
    running.add_argument("--suite", type=Path, default=DEFAULT_SUITE)
    running.add_argument("--only", type=int, default=None, help="the first N positions only")
    running.add_argument("--warm", type=int, default=0, help="the player's N previous moves thought first")
    for command in (making, running):
        command.add_argument("--depth", type=int, default=12, help="millref's depth")
        command.add_argument("--drop", type=int, default=30, help="hundredths of a piece: a mistake")
    args = parser.parse_args(argv)
    if args.command == "exits":
        return exits(args.losses, args.out, args.depth, range(1, args.turns + 1))
    if args.command == "build":
        return build(args.losses, args.out, args.depth, args.drop, args.first)
    return run(args.player, args.suite, args.depth, args.drop, args.only, args.warm)


if __name__ == "__main__":
    sys.exit(main())

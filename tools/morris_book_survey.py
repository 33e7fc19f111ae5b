"""Where the book side loses: games from the start, and the book positions the lost ones
went through.

    python -m tools.morris_book_survey --side 1 [--games 150] [--top 20] [--out GAMES.jsonl]
        [the players' options of tools/morris_book_learn.py: --seed, --their-placement, ...]

Plays `--games` games from the start with the players of tools/morris_book_learn.py
(the book side `--side`, 0 White or 1 Black: the book in placement, millref at depths
7-9 in the moving phase; the opponent millref at depths 8-11 in placement and 20 ms a
move after), then lists the book side's placement positions that lost games passed
through, by losses: each with its visits and the line that reaches it, ready for
tools/morris_book_learn.py. A match from the start decides little (hard loses 1 game
in 30 or so); these games lose more often and show the lines to learn first.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.games.morris.opening import book_key  # noqa: E402
from engine.games.morris.rules import MorrisMove  # noqa: E402
from tools.morris_book_learn import Referees, add_play_options, play_out, play_settings, positive  # noqa: E402
from tools.morris_book_lines import PLACEMENT_PLIES, replay  # noqa: E402
from tools.morris_match import Result  # noqa: E402

MIN_VISITS = 3  # a position met fewer times says nothing of its own
MIN_LOSSES = 2


@dataclass
class Visits:
    """A book position's count of games and of lost games, and the first line to it."""

    line: str
    ply: int
    games: int = 0
    losses: int = 0


def tally(games: list[tuple[list[MorrisMove], bool]], side: int) -> list[Visits]:
    """The book side's placement positions of (moves, lost) games, by canonical position,
    most losses first (then the earliest), those met MIN_VISITS times with MIN_LOSSES."""
    seen: dict[int, Visits] = {}
    for moves, lost in games:
        state = replay([])
        for move in moves[:PLACEMENT_PLIES]:
            if state.to_move == side:
                key = book_key(state)
                visits = seen.setdefault(key, Visits(" ".join(map(str, state.history)), state.ply))
                visits.games += 1
                visits.losses += lost
            state.push(move)
    kept = [v for v in seen.values() if v.games >= MIN_VISITS and v.losses >= MIN_LOSSES]
    return sorted(kept, key=lambda v: (-v.losses, v.ply))


def main(argv: list[str] | None = None) -> int:
    formatter = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=formatter)
    parser.add_argument("--side", type=int, choices=(0, 1), required=True, help="the book side")
    parser.add_argument("--games", type=positive, default=150)
    parser.add_argument("--top", type=positive, default=20, help="positions listed")
    parser.add_argument("--out", type=Path, help="write each game here (JSON lines)")
    add_play_options(parser)
    args = parser.parse_args(argv)
    settings, entries = play_settings(args)
    refs = Referees(args.deep_depth)
    played: list[tuple[list[MorrisMove], bool]] = []
    result = Result()
    try:
        for game in range(args.games):
            state = replay([])
            winner = play_out(state, args.side, entries, refs, settings, random.Random(args.seed + game))
            result.count(winner, args.side)
            played.append((list(state.history), winner not in (None, args.side)))
            if args.out is not None:
                with args.out.open("a", encoding="utf-8") as out:
                    out.write(json.dumps({"winner": winner, "moves": [str(m) for m in state.history]}) + "\n")
            said = "draw" if winner is None else "White won" if winner == 0 else "Black won"
            print(f"  game {game + 1}: {said}   running {result}", flush=True)
    finally:
        refs.close()
    side = "White" if args.side == 0 else "Black"
    print(f"{side} (the book) {result}; its positions by lost games:")
    for visits in tally(played, args.side)[: args.top]:
        print(f"  {visits.losses}/{visits.games} lost, ply {visits.ply}: {visits.line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

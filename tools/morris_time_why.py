"""Why hard's thought moves take the time they take: a match as tools/morris_match.py
plays it, with every move hard searches logged by what stretched its time.

    python -m tools.morris_time_why [OPPONENT] [--games 8] [--seed 5217] [--opening 2]
                                    [--movetime 1.0] [--log FILE]

hard (engine.ai.players) thinks for its budget, or up to PANIC_FACTOR times longer once
something stretched the move: the book just ran out ('book exit'), its previous score
left it pressed ('pressed before'), a root fail-low or a finished depth scored a fall
('fail-low fall', 'depth fall'), or a finished depth scored it pressed ('pressed'). Each
searched move (the opening book and solved endgames are not searched) is sorted under
the first of these that fired, or 'none'. A fall is also told by what it fell from: a
found win (a mate score), a winning score (above WINNING of winning chances), or other,
and by whose score that was: the depth two shallower, or this side's previous move.
Prints per reason the moves, their median and longest time and how many passed the
budget; `--log` writes one JSON line per searched move.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.ai import players  # noqa: E402
from engine.ai.search_basics import MATE_BOUND, win_probability  # noqa: E402
from engine.core import GameState  # noqa: E402
from engine.registry import new_state  # noqa: E402
from tools.morris_match import Player, match  # noqa: E402

WINNING = 0.9  # winning chances above which a fall is told as one from a winning score


@dataclass
class SearchedMove:
    """One move hard searched: when, how long, why (the first stretch), from what."""

    ply: int
    seconds: float = 0.0
    reason: str = "none"
    fell_from: str = ""  # for a fall: 'win', 'winning' or 'other'
    fell_against: str = ""  # for a fall: the score it fell from, 'shallower' or 'previous move'
    depth: int = 0  # the depth whose score stretched the move (0: before any)


class StretchLog:
    """Wraps the hard level's time decisions (players._think and the tests it makes) to
    note, per searched move, the first one that stretched its time."""

    def __init__(self, scale: float) -> None:
        self.scale = scale
        self.moves: list[SearchedMove] = []
        self._depth_seen = False
        self._saved: dict[str, Any] = {}

    def install(self) -> None:
        names = ("_think", "falling", "pressed", "left_book")
        self._saved = {name: getattr(players, name) for name in names}
        think, falling, pressed, left_book = (self._saved[name] for name in names)

        def logged_think(state: GameState, *args: Any) -> Any:
            self.moves.append(SearchedMove(state.ply))
            self._depth_seen = False
            start = time.perf_counter()
            try:
                return think(state, *args)
            finally:
                self.moves[-1].seconds = time.perf_counter() - start

        def logged_falling(
            score: int, depth: int, shallower: int | None, previous: int | None, scale: float
        ) -> bool:
            # Called from the search's stop test on a root fail-low, else after a depth.
            from_stop = sys._getframe(1).f_code.co_name == "stopped"
            self._depth_seen = self._depth_seen or not from_stop
            fell = bool(falling(score, depth, shallower, previous, scale))
            if fell:
                reference = players.fall_reference(depth, shallower, previous)
                assert reference is not None  # a fall has one
                against = "previous move" if reference == previous else "shallower"
                self._note(
                    "fail-low fall" if from_stop else "depth fall", depth, self._told(reference), against
                )
            return fell

        def logged_pressed(score: int, depth: int, scale: float) -> bool:
            result = bool(pressed(score, depth, scale))
            if result and self._depth_seen:
                self._note("pressed", depth)
            elif result:  # before any depth: the previous move's score
                self._note("pressed before", 0)
            return result

        def logged_left_book(state: GameState, *args: Any) -> bool:
            result = bool(left_book(state, *args))
            if result:
                self._note("book exit", 0)
            return result

        stand_ins: dict[str, Callable[..., Any]] = {
            "_think": logged_think, "falling": logged_falling,
            "pressed": logged_pressed, "left_book": logged_left_book,
        }  # fmt: skip
        for name, stand_in in stand_ins.items():
            setattr(players, name, stand_in)

    def remove(self) -> None:
        for name, original in self._saved.items():
            setattr(players, name, original)

    def _note(self, reason: str, depth: int, fell_from: str = "", against: str = "") -> None:
        if self.moves and self.moves[-1].reason == "none":
            self.moves[-1].reason = reason
            self.moves[-1].fell_from = fell_from
            self.moves[-1].fell_against = against
            self.moves[-1].depth = depth

    def _told(self, score: int) -> str:
        if score >= MATE_BOUND:
            return "win"
        return "winning" if win_probability(score, self.scale) > WINNING else "other"


def summary(moves: list[SearchedMove], budget: float) -> list[str]:
    """Per reason (and, for falls, what they fell from): moves, median and longest
    seconds, and how many passed the budget."""
    groups: dict[str, list[float]] = defaultdict(list)
    for move in moves:
        key = f"{move.reason} from {move.fell_from} ({move.fell_against})" if move.fell_from else move.reason
        groups[key].append(move.seconds)
    groups["all"] = [move.seconds for move in moves]
    lines = []
    for key, times in sorted(groups.items(), key=lambda item: (item[0] == "all", -len(item[1]))):
        over = sum(seconds > budget for seconds in times)
        lines.append(
            f"  {key:42} {len(times):5} moves, median {statistics.median(times):.2f} s, "
            f"max {max(times):.2f} s, {over} over {budget:g} s"
        )
    return lines


def main(argv: list[str] | None = None) -> int:
    formatter = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=formatter)
    parser.add_argument("opponent", nargs="?", default="medium")
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--seed", type=int, default=5217)
    parser.add_argument("--opening", type=int, default=2, help="random placement plies before play")
    parser.add_argument("--movetime", type=float, default=players.HARD_MOVETIME)
    parser.add_argument("--log", type=Path, help="write one JSON line per searched move here")
    args = parser.parse_args(argv)
    hard, opponent = Player(f"hard:{args.movetime}"), Player(args.opponent)
    log = StretchLog(new_state("nine").spec.review_scale)
    log.install()
    try:
        result = match("nine", hard, opponent, args.games, args.seed, args.opening)
    finally:
        log.remove()
        hard.close()
        opponent.close()
    print(f"{hard.spec} vs {opponent.spec}: {result}")
    print(f"  {hard.spec}: {hard.time_summary()}")
    print("\n".join(summary(log.moves, args.movetime)))
    if args.log is not None:
        with args.log.open("w", encoding="utf-8") as out:
            out.writelines(json.dumps(asdict(move)) + "\n" for move in log.moves)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The ladder's figures: each pairing's games, score and loss rate, with a 95% interval.

    python -m tools.ladder_summary [--ladder tools/data/morris_ladder.json]
                                   [--pairing hard:1.0 ref:50] [--opening 0] [--sessions]
                                   [--from-session N]

tools/data/morris_ladder.json records every match the strength ladder
(tools/strength_ladder.py) and the sessions' batteries (tools/morris_match.py) played:
one entry a match, with A's wins, draws and losses against B and a note naming the
session. This adds them up by pairing, so a closing note's totals are read off the
committed data instead of counted by hand.

A's loss rate comes with its Wilson score interval at 95% (a binomial proportion's
interval that stays inside 0-1 and is honest near 0, unlike the normal one). "Never
loses" is a claim no finite sample proves: with no loss in n games the interval still
reaches about 3.84 / n, so it takes some 3,800 clean games to say the rate is under
0.1%. `--sessions` prints the pairing session by session (the session is read from
each entry's note, "session 59, ..."; entries without one are counted as "-"), which
shows whether a rate is falling or flat; `--from-session N` keeps sessions N and later.
`--opening 0` keeps the matches played from the start position (random plies before
each pair otherwise; the entries of tools/morris_hold.py start from positions of lost
games, where hard loses most games by design, and name them in "opening").
"""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
LADDER_FILE = ROOT / "tools" / "data" / "morris_ladder.json"
Z_95 = 1.959964  # the standard normal quantile of a two-sided 95% interval
SESSION = re.compile(r"\bsession (\d+)\b", re.IGNORECASE)


class LadderError(ValueError):
    """The ladder file cannot be read as a list of match entries."""


@dataclass
class Tally:
    """A's results against B over some matches."""

    matches: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        return (self.wins + self.draws / 2) / self.games if self.games else 0.0

    def add(self, entry: dict[str, Any]) -> None:
        self.matches += 1
        self.wins += entry["wins"]
        self.draws += entry["draws"]
        self.losses += entry["losses"]


def wilson(successes: int, trials: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of a proportion `successes / trials` (0 to 1 without trials)."""
    if trials <= 0:
        return 0.0, 1.0
    share = successes / trials
    denominator = 1 + z * z / trials
    centre = (share + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(share * (1 - share) / trials + z * z / (4 * trials * trials)) / denominator
    # At 0 or every trial the interval's end is exactly 0 or 1: no rounding past it.
    low = 0.0 if successes <= 0 else max(0.0, centre - half)
    high = 1.0 if successes >= trials else min(1.0, centre + half)
    return low, high


def read_ladder(path: Path) -> list[dict[str, Any]]:
    """The ladder's entries, each checked to have its players and integer results."""
    try:
        entries = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise LadderError(f"{path}: {error}") from error
    if not isinstance(entries, list):
        raise LadderError(f"{path}: not a list of match entries")
    for number, entry in enumerate(entries):
        if not isinstance(entry, dict) or not all(isinstance(entry.get(key), str) for key in ("a", "b")):
            raise LadderError(f"{path}: entry {number} has no players 'a' and 'b'")
        for key in ("wins", "draws", "losses"):
            value = entry.get(key)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise LadderError(f"{path}: entry {number}'s {key!r} is not a count: {value!r}")
    return entries


def session_of(entry: dict[str, Any]) -> int | None:
    """The session an entry's note names, None if it names none."""
    found = SESSION.search(str(entry.get("note", "")))
    return int(found.group(1)) if found else None


def by_pairing(entries: Iterable[dict[str, Any]]) -> dict[tuple[str, str], Tally]:
    """Every pairing's tally, the pairings with most games first."""
    tallies: dict[tuple[str, str], Tally] = {}
    for entry in entries:
        tallies.setdefault((entry["a"], entry["b"]), Tally()).add(entry)
    return dict(sorted(tallies.items(), key=lambda item: -item[1].games))


def by_session(entries: Iterable[dict[str, Any]]) -> dict[int | None, Tally]:
    """One pairing's tally by session, in session order (entries naming none first)."""
    tallies: dict[int | None, Tally] = {}
    for entry in entries:
        tallies.setdefault(session_of(entry), Tally()).add(entry)
    return dict(sorted(tallies.items(), key=lambda item: -1 if item[0] is None else item[0]))


def row(label: str, tally: Tally) -> str:
    low, high = wilson(tally.losses, tally.games)
    rate = tally.losses / tally.games if tally.games else 0.0
    return (
        f"{label:<34} {tally.matches:>5} {tally.games:>7}  +{tally.wins} ={tally.draws} -{tally.losses}"
        f"  {tally.score:6.1%}  losses {rate:6.2%} [{low:.2%}, {high:.2%}]"
    )


def selected(
    entries: list[dict[str, Any]],
    pairing: list[str] | None,
    from_session: int | None,
    opening: int | None = None,
) -> list[dict[str, Any]]:
    """The entries of `pairing` (A, B), of sessions `from_session` and later and played
    after `opening` random plies, each where given."""
    kept = entries
    if opening is not None:
        kept = [entry for entry in kept if entry.get("opening") == opening]
    if pairing:
        kept = [entry for entry in kept if [entry["a"], entry["b"]] == pairing]
    if from_session is not None:
        kept = [entry for entry in kept if (session_of(entry) or -1) >= from_session]
    return kept


def main(argv: list[str] | None = None) -> int:
    formatter = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=formatter)
    parser.add_argument("--ladder", type=Path, default=LADDER_FILE)
    parser.add_argument("--pairing", nargs=2, metavar=("A", "B"), help="only A against B: hard:1.0 ref:50")
    parser.add_argument("--sessions", action="store_true", help="by session (with --pairing)")
    parser.add_argument("--from-session", type=int, help="only the entries of this session and later")
    parser.add_argument("--opening", type=int, help="random plies before play (0: the start)")
    args = parser.parse_args(argv)
    if args.sessions and not args.pairing:
        parser.error("--sessions needs --pairing A B")
    try:
        entries = selected(read_ladder(args.ladder), args.pairing, args.from_session, args.opening)
    except LadderError as error:
        print(f"ladder_summary: {error}", file=sys.stderr)
        return 2
    if not entries:
        print("no ladder entry matches")
        return 1
    print(f"{'pairing (A vs B)':<34} {'runs':>5} {'games':>7}  A's results, score, losses [95% interval]")
    if args.sessions:
        name = " vs ".join(args.pairing)
        for session, tally in by_session(entries).items():
            print(row(f"{name}, session {'-' if session is None else session}", tally))
    for (a, b), tally in by_pairing(entries).items():
        print(row(f"{a} vs {b}" + (" (all)" if args.sessions else ""), tally))
    return 0


if __name__ == "__main__":
    sys.exit(main())

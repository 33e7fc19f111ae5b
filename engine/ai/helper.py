"""A helper process: `python -m engine.ai.helper HANDLE BUCKETS` (engine/ai/helpers.py
starts it). It reads jobs, one JSON line each, from its standard input and searches each
into the shared table until the table's header says the job is over; it ends when its
input closes. It prints nothing: its only output is the table.

Each job is searched at the depth the main search has under way (the header holds the
depth it last completed), the root moves after the first in reverse order: while the
main search proves the best move, the helper proves the others from the far end, and
each finds the other's results in the table. When the main search moves past the
helper's depth, the helper gives that depth up and joins it again.
"""

from __future__ import annotations

import json
import os
import sys

from engine.ai.search import Searcher
from engine.ai.shared_table import SharedTable
from engine.core import EngineError, GameState
from engine.registry import state_from_dict

NICENESS = 5  # below the main search and the front end (POSIX; Windows: a priority class)
# The helper searches the main search's last completed depth plus this. Time to the same
# depths, nine Morris positions, one helper, sharing from depth 2 and the root in the
# same order: 1.15x faster than alone at 2 (a depth ahead), 1.2-1.35x at 1 (the depth
# under way); at 1, sharing from depth 1 and the root tail reversed: 1.5x.
AHEAD = 1


def help_search(searcher: Searcher, state: GameState, table: SharedTable, job: int) -> None:
    """Search `state` into the table beside the main search, until job `job` ends."""
    searching = 0  # the depth under way

    def behind_or_over() -> bool:
        return table.job != job or table.main_depth >= searching

    while table.job == job:
        searching = table.main_depth + AHEAD
        for result in searcher.iterate(state, start_depth=searching, stop=behind_or_over):
            searching = result.depth + 1
        if not behind_or_over():
            return  # it ended by itself: a forced result, or the deepest depth


def read_job(line: str) -> tuple[int, GameState] | None:
    """The job number and position of a job line, or None for a line that is not one."""
    try:
        job = json.loads(line)
        return int(job["job"]), state_from_dict(job["game"])
    except (ValueError, KeyError, TypeError, EngineError):
        return None


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print("usage: python -m engine.ai.helper HANDLE BUCKETS", file=sys.stderr)
        return 2
    if hasattr(os, "nice"):
        os.nice(NICENESS)
    table = SharedTable.attach(argv[0], int(argv[1]))
    searchers: dict[str, Searcher] = {}
    try:
        for line in sys.stdin:
            found = read_job(line)
            if found is None:
                continue
            job, state = found
            if table.job != job:
                continue  # already over
            spec = state.spec
            searcher = searchers.get(spec.id)
            if searcher is None:
                searcher = searchers[spec.id] = Searcher(spec.evaluate, table=table)
                # Diverge from the main search: it proves the best move while the
                # helper takes the other root moves from the far end.
                searcher.reverse_root_tail = True
            help_search(searcher, state, table, job)
    except KeyboardInterrupt:
        pass
    finally:
        table.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

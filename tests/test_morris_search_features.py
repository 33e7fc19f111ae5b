"""Issue 16's search and evaluation features: aspiration windows stay exact, extensions
see further at the same nominal depth, and the evaluation sees a block coming."""

from __future__ import annotations

import itertools
import random

import pytest
from test_ai_search import random_positions
from test_morris_endgame import set_position

from engine.ai import search
from engine.ai.search import Searcher
from engine.games.morris.evaluation import DEFAULT, evaluate_morris, evaluate_with
from engine.games.morris.rules import MorrisState
from engine.registry import new_state


def scores_by_depth(state: MorrisState, depth: int) -> list[int]:
    searcher = Searcher(evaluate_with(DEFAULT), extensions=False)
    return [result.score for result in searcher.iterate(state, max_depth=depth)]


def test_aspiration_windows_change_no_score(monkeypatch: pytest.MonkeyPatch) -> None:
    for state in random_positions(21, range(10, 40), 4):
        assert isinstance(state, MorrisState)
        with_windows = scores_by_depth(state, 5)
        monkeypatch.setattr(search, "ASPIRATION_FROM", 99)
        without = scores_by_depth(state, 5)
        monkeypatch.undo()
        assert with_windows == without, state.to_dict()


def test_narrow_windows_that_fail_are_searched_again(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(search, "ASPIRATION", 1)  # nearly every window fails
    monkeypatch.setattr(search, "ASPIRATION_FROM", 2)
    for state in random_positions(22, range(10, 40), 3):
        assert isinstance(state, MorrisState)
        narrow = scores_by_depth(state, 4)
        monkeypatch.setattr(search, "ASPIRATION_FROM", 99)
        assert narrow == scores_by_depth(state, 4)
        monkeypatch.setattr(search, "ASPIRATION_FROM", 2)


def test_the_extension_hook_fires_when_the_side_to_move_has_one_step_or_none() -> None:
    rng = random.Random(4)
    seen = set()
    for _ in range(3000):
        points = rng.sample(range(24), 13)  # nine white men around four black ones
        state = new_state("nine")
        assert isinstance(state, MorrisState)
        set_position(state, sum(1 << p for p in points[:9]), sum(1 << p for p in points[9:]), 1)
        steps = len({(m.src, m.dst) for m in state.legal_moves()})
        assert evaluate_morris.extend(state) == (steps <= 1)
        seen.add(steps <= 1)
    assert seen == {True, False}
    state = new_state("nine")
    state.play_all(["d7", "a1"])
    assert not evaluate_morris.extend(state)  # placing: never


def test_extensions_never_change_a_forced_win_into_something_else() -> None:
    for state in random_positions(11, range(14, 60), 60):
        plain = list(Searcher(evaluate_morris, extensions=False).iterate(state, max_depth=3))[-1]
        extended = list(Searcher(evaluate_morris).iterate(state, max_depth=3))[-1]
        if plain.is_mate:
            assert extended.is_mate and (extended.score > 0) == (plain.score > 0), state.to_dict()


def test_fewer_steps_never_score_better_once_moving() -> None:
    # Same material and mills, a side with fewer steps is never better off, and a side
    # with no step at all (blocked: lost) costs most; likewise for free points.
    for costs in (DEFAULT.danger, DEFAULT.liberty_danger):
        assert all(a >= b for a, b in itertools.pairwise(costs))
        assert costs[0] > costs[1] > 0


def test_bench_with_a_node_budget_reports_every_position() -> None:
    import subprocess
    import sys
    from pathlib import Path

    result = subprocess.run(
        [sys.executable, "-m", "engine", "bench", "nine", "--nodes", "300"],
        cwd=Path(__file__).resolve().parent.parent, capture_output=True, text=True, timeout=120, check=False,
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert [line.split()[0] for line in lines] == ["start", "mid-placement", "moving", "flying", "total"]
    assert all("nodes/cpu-s" in line for line in lines)

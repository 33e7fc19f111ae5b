"""The C yardstick engine (tools/mill_ref) against our rules: perft agreement, legal
answers, refused histories. Skipped where no C compiler is on PATH."""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from conftest import interleave, play_line, random_game, words

from engine.core import Termination
from engine.games.morris.rules import MorrisMove, MorrisState, parse_morris_move
from engine.perft import perft

if shutil.which("cc") is None:
    pytest.skip("no C compiler (`cc`) on PATH to build tools/mill_ref", allow_module_level=True)

from tools.mill_ref import MillRef

# Every Black piece in a mill (b6 d6 f6) when White's a4 closes a7-a4-a1.
ALL_IN_MILL = "a7 b6 a1 d6 g1 f6xg1"
# No mill in placement; White, to move after it, has no step (conftest's NINE_WHITE_BLOCKED).
WHITE_BLOCKED = "c5 g7 d5 b6 e4 d6 g4 e5 d3 c4 e3 f4 d2 c3 f2 b2 g1 d1"
# The conftest's moving-phase start, then a shuttle that comes back twice.
MOVING = interleave(words("a7 d7 g4 b6 f6 c3 e3 a1 d2"), words("d6 c5 e4 f4 b4 c4 d1 g1 f2"))
SHUTTLE = words("a1-a4 c5-d5 a4-a1 d5-c5")


@pytest.fixture(scope="module")
def ref() -> Iterator[MillRef]:
    engine = MillRef(0, 3)
    yield engine
    engine.close()


def games(seeds: range) -> list[tuple[MorrisState, list[MorrisState]]]:
    return [random_game("nine", seed) for seed in seeds]


def deep_positions() -> dict[str, MorrisState]:
    """Positions from seeded random play, each picked by what it shows."""
    found: dict[str, MorrisState] = {}
    wanted: dict[str, Callable[[MorrisState], bool]] = {
        "mid-placement": lambda s: 6 <= s.ply <= 12,
        "end of placement": lambda s: s.ply == 18,
        "moving phase": lambda s: s.ply >= 24 and s.phase == "moving" and s.on_board(1 - s.to_move) > 4,
        "steps without removal": lambda s: s.phase == "moving" and s.quiet_plies >= 6,
        "flying side to move": lambda s: s.phase == "flying",
        "flying opponent": lambda s: s.is_flying(1 - s.to_move) and s.phase == "moving",
        "both flying": lambda s: s.is_flying(0) and s.is_flying(1),
        "removal from mills": lambda s: (
            s.occupied(1 - s.to_move) != 0
            and s.removable(1 - s.to_move) == s.occupied(1 - s.to_move)
            and s.on_board(1 - s.to_move) >= 3
            and any(m.take is not None for m in s.legal_moves())
        ),
    }
    for _, positions in games(range(40)):
        for state in positions:
            if state.outcome() is not None:
                continue
            for name, test in wanted.items():
                if name not in found and test(state):
                    found[name] = state
    assert set(found) == set(wanted), set(wanted) - set(found)
    return found


def test_perft_from_the_start(ref: MillRef) -> None:
    assert [ref.perft([], depth) for depth in range(1, 5)] == [24, 552, 12144, 255024]


def test_perft_agrees_deep_in_games(ref: MillRef) -> None:
    positions = deep_positions()
    positions["all in mills"] = play_line("nine", ALL_IN_MILL)
    positions["moving start"] = play_line("nine", MOVING)
    for name, state in positions.items():
        for depth in (1, 2, 3):
            assert ref.perft(state.history, depth) == perft(state, depth), (name, depth, state.history)


def test_removal_from_a_full_set_of_mills(ref: MillRef) -> None:
    state = play_line("nine", ALL_IN_MILL)
    takes = {str(m) for m in state.legal_moves() if m.dst == parse_morris_move("a4").dst}
    assert takes == {"a4xb6", "a4xd6", "a4xf6"}
    assert ref.perft(state.history, 1) == perft(state, 1) == len(state.legal_moves())


def test_game_ends_agree(ref: MillRef) -> None:
    # A blocked side to move, and a position one step short of it.
    blocked = play_line("nine", WHITE_BLOCKED)
    outcome = blocked.outcome()
    assert outcome is not None and outcome.reason is Termination.BLOCKED
    assert ref.perft(blocked.history, 1) == 0
    before = play_line("nine", WHITE_BLOCKED.split()[:-1])
    assert ref.perft(before.history, 2) == perft(before, 2)
    # Threefold repetition: the shuttle comes back a second time, then a third.
    state = play_line("nine", MOVING + SHUTTLE + SHUTTLE[:2])
    for depth in (1, 2, 3, 4):
        assert ref.perft(state.history, depth) == perft(state, depth), depth
    state.play_all(SHUTTLE[2:])
    outcome = state.outcome()
    assert outcome is not None and outcome.reason is Termination.REPETITION
    assert ref.perft(state.history, 1) == 0
    with pytest.raises(RuntimeError, match="game over"):
        ref.move(state.history, 1)


def test_perft_depth_one_across_random_positions(ref: MillRef) -> None:
    reasons: set[Termination] = set()
    checked = 0
    for final, positions in games(range(100, 140)):
        outcome = final.outcome()
        if outcome is not None:
            reasons.add(outcome.reason)
        for state in [*positions[:: max(1, len(positions) // 4)], final]:
            assert ref.perft(state.history, 1) == perft(state, 1), state.history
            checked += 1
    assert checked >= 200
    assert Termination.FEWER_THAN_THREE in reasons


def test_quiet_ply_limit_agrees(ref: MillRef) -> None:
    """A random game that ends by 100 plies without a removal, checked at its end."""
    for final, positions in games(range(60)):
        outcome = final.outcome()
        if outcome is not None and outcome.reason is Termination.NO_REMOVAL_LIMIT:
            assert ref.perft(final.history, 1) == 0
            for state in positions[-3:]:
                assert ref.perft(state.history, 2) == perft(state, 2)
            return
    pytest.fail("no random game reached the quiet-ply limit")


def test_moves_are_legal_here(ref: MillRef) -> None:
    positions = [*deep_positions().values(), play_line("nine", ALL_IN_MILL), play_line("nine", MOVING)]
    for seed, state in enumerate(positions):
        move = ref.move(state.history, seed)
        assert isinstance(move, MorrisMove)
        assert move in state.legal_moves(), (move, state.history)
    # A mill to close (g4-g7 or d2-d3) is found at once.
    assert ref.move(play_line("nine", MOVING).history, 0).take is not None


def test_fixed_depth_is_deterministic_and_timed_search_answers() -> None:
    state = play_line("nine", MOVING)
    with MillRef(0, 6) as engine:
        first = [engine.move(state.history, seed) for seed in range(4)]
        assert [engine.move(state.history, seed) for seed in range(4)] == first
    with MillRef(20, 0) as engine:
        assert engine.move(state.history, 3) in state.legal_moves()
        assert engine.last["depth"] >= 4


def test_refused_histories_raise(ref: MillRef) -> None:
    a7 = parse_morris_move("a7")
    with pytest.raises(RuntimeError, match="illegal"):
        ref.perft([a7, a7], 1)
    with pytest.raises(RuntimeError, match="illegal"):
        ref.move([a7, parse_morris_move("a7-d7")], 1)
    with pytest.raises(RuntimeError, match="game over"):
        ref.move(play_line("nine", WHITE_BLOCKED).history, 1)
    # The process is still serving after its refusals.
    assert ref.perft([a7], 1) == 23


def test_avoid_ranks_distinct_moves_and_refuses_avoiding_all(ref: MillRef) -> None:
    state = play_line("nine", MOVING)
    legal = state.legal_moves()
    ranked: list[MorrisMove] = []
    for _ in range(3):
        ranked.append(ref.move(state.history, 0, ranked))
    assert len(set(ranked)) == 3 and all(move in legal for move in ranked)
    assert ranked[0] == ref.move(state.history, 0)  # avoiding nothing: the best move again
    with pytest.raises(RuntimeError, match="every move is avoided"):
        ref.move(state.history, 0, legal)


def test_two_processes_building_at_once_both_get_the_binary(tmp_path: Path) -> None:
    """Two matches started together each compile millref: neither may rename the
    other's half-built file away."""
    binary = tmp_path / "millref"
    script = (
        "import sys, pathlib, tools.mill_ref as m; "
        f"m.BINARY = pathlib.Path({str(binary)!r}); m.build(force=True)"
    )
    root = Path(__file__).resolve().parent.parent
    builds = [
        subprocess.Popen([sys.executable, "-c", script], cwd=root, stderr=subprocess.PIPE, text=True)
        for _ in range(2)
    ]
    errors = [build.communicate(timeout=120)[1] for build in builds]
    assert [build.returncode for build in builds] == [0, 0], errors
    assert binary.exists() and not list(tmp_path.glob("*.part*"))

"""Game review (engine/review.py): exact labels follow the solved values, the classes
order the players, and the command line answers as RULES.md says."""

from __future__ import annotations

import io
import random
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.ai import choose_move
from engine.ai.players import forget_games
from engine.cli import main as cli_main
from engine.core import Exact, GameState
from engine.registry import GAMES, get_spec, new_state
from engine.review import LABELS, REVIEW_NODES, GameReview, _exact_label, review, review_game_of
from engine.saves import default_players, load_game, save_game

TEST_NODES = 800  # small budgets keep the suite quick; labels stay deterministic


def random_game(game_id: str, seed: int, plies: int) -> GameState:
    rng = random.Random(seed)
    state = new_state(game_id)
    while state.outcome() is None and state.ply < plies:
        state.push(rng.choice(state.legal_moves()))
    return state


def reviewed(state: GameState, nodes: int = TEST_NODES) -> GameReview:
    start = new_state(state.spec.id, state.options)
    return review(start, list(state.history), review_game_of(state.spec), nodes=nodes)


# ----- exact labels ---------------------------------------------------------------
@pytest.mark.parametrize(
    ("before", "after", "label"),
    [
        (Exact("W", 5), Exact("W", 5), "best"),
        (Exact("W", 5), Exact("W", 9), "good"),
        (Exact("W", 5), Exact("D"), "mistake"),
        (Exact("W", 5), Exact("L", 4), "blunder"),
        (Exact("D"), Exact("D"), "best"),
        (Exact("D"), Exact("L", 8), "blunder"),
        (Exact("L", 6), Exact("L", 6), "best"),
        (Exact("L", 6), Exact("L", 2), "good"),
        (Exact("W", None, 10), Exact("W", None, 4), "good"),
        (Exact("W", None, 10), Exact("D", None, 0), "mistake"),
    ],
)
def test_exact_labels_follow_rules_md(before: Exact, after: Exact, label: str) -> None:
    assert _exact_label(before, after) == label


def test_a_value_seen_by_the_mover_flips_and_counts_the_move() -> None:
    assert Exact("L", 3).for_mover() == Exact("W", 4)
    assert Exact("W", None, 6).for_mover() == Exact("L", None, -6)
    assert str(Exact("W", 7)) == "W7" and str(Exact("D")) == "D" and str(Exact("L", None, -6)) == "L-6"


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), plies=st.integers(1, 30))
def test_every_teeko_label_is_exact_and_agrees_with_the_database(seed: int, plies: int) -> None:
    state = random_game("teeko", seed, plies)
    spec = state.spec
    exact = review_game_of(spec).exact
    assert exact is not None
    result = reviewed(state, nodes=50)
    replay = new_state("teeko")
    for ply, move in zip(result.plies, state.history, strict=True):
        assert ply.exact, ply
        before = exact(replay)
        assert before is not None
        replay.push(move)
        outcome = replay.outcome()
        if outcome is None:
            after = exact(replay)
            assert after is not None
            after_kind = after.for_mover().kind
        else:
            after_kind = "D" if outcome.winner is None else "W" if outcome.winner == ply.mover else "L"
        if after_kind == before.kind:
            assert ply.label in ("best", "good"), ply  # a value-keeping move is never a mistake
        else:
            assert ply.label in ("mistake", "blunder"), ply  # a value-losing move always is


def node_budget(polls: int) -> Callable[[], bool]:
    """A stop callable that ends a search after `polls` checks (a node budget: the same
    games on every machine, however busy)."""
    count = 0

    def stop() -> bool:
        nonlocal count
        count += 1
        return count > polls

    return stop


@pytest.mark.parametrize("game_id", list(GAMES))
def test_easy_makes_more_mistakes_than_hard(game_id: str) -> None:
    forget_games()  # hard's tables outlive its moves: start empty, so the game is always the same
    rng = random.Random(7)
    state = new_state(game_id)
    while state.outcome() is None and state.ply < 80:
        if state.to_move == 0:
            move = choose_move(state, "hard", rng=rng, movetime=60.0, stop=node_budget(6))
        else:
            move = choose_move(state, "easy", rng=rng)
        state.push(move)
    result = reviewed(state, nodes=REVIEW_NODES)  # the arcade's own budget
    # Errors of any size: once hard is far ahead, easy's random moves cost it little
    # win probability (the game is lost either way) and read as inaccuracies.
    errors = [sum(result.counts(p)[c] for c in ("inaccuracy", "mistake", "blunder")) for p in (0, 1)]
    assert errors[1] > errors[0], (game_id, errors, [str(m) for m in state.history])


# ----- the command line -----------------------------------------------------------
def run_cli(
    argv: list[str], stdin: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> str:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    assert cli_main(argv) == 0
    return capsys.readouterr().out


def test_review_answers_one_line_per_game(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    out = run_cli(["review", "teeko", "--nodes", "50"], "c3 b2 c4\n\nc3 c3\n", capsys, monkeypatch)
    lines = out.splitlines()
    assert len(lines) == 3
    tags = lines[0].split()
    assert [t.split("=")[0] for t in tags] == ["c3", "b2", "c4"]
    assert all(t.endswith("!") and t.split("=")[1].rstrip("!") in LABELS for t in tags)
    assert lines[1] == ""
    assert lines[2].startswith("error: move 2 (c3):")


def test_review_of_a_saved_game_prints_a_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    state = random_game("nine", 3, 24)
    path = tmp_path / "game.plateaux.json"
    save_game(path, state, default_players("nine"))
    out = run_cli(["review", str(path), "--nodes", "200"], "", capsys, monkeypatch)
    assert f"{get_spec('nine').title}: review of 24 moves" in out
    assert out.count("; accuracy ") == 2  # one per player ("inaccuracy" is a class)
    assert "White" in out and "Black" in out


def test_review_of_a_bad_file_says_why(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "broken.plateaux.json"
    path.write_text("{not json")
    assert cli_main(["review", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("error: ") and len(err.strip().splitlines()) == 1


def test_a_review_is_kept_in_the_save_and_a_damaged_one_is_dropped(tmp_path: Path) -> None:
    state = random_game("teeko", 5, 12)
    result = reviewed(state, nodes=50)
    path = tmp_path / "game.plateaux.json"
    save_game(path, state, default_players("teeko"), review=result.plies)
    loaded = load_game(path)
    assert loaded.review is not None
    assert [(p.move, p.tag, p.best_move) for p in loaded.review] == [
        (p.move, p.tag, p.best_move) for p in result.plies
    ]
    text = path.read_text().replace('"label": "', '"label": "brilliant-', 1)
    path.write_text(text)
    damaged = load_game(path)  # the game still loads; only the cached review is dropped
    assert damaged.review is None and damaged.state.ply == 12

"""`python -m engine moves` and `python -m engine show`, run as the user runs them."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from test_saves import BLOCKED_GAME
from test_saves_refused import BAD_TEXTS

from engine.cli.moves import MovesServer
from engine.cli.show import describe_save
from engine.registry import new_state
from engine.saves import PlayerInfo, load_game, save_game

ROOT = Path(__file__).resolve().parent.parent


def engine(
    *args: str, stdin: str = "", env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "engine", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        check=False,
        env=env,
    )


def start_moves(game: str = "nine") -> set[str]:
    return {str(m) for m in new_state(game).legal_moves()}


# ----- moves -----------------------------------------------------------------------


def test_moves_answers_each_line() -> None:
    lines = [
        "",  # the start position
        "d6 d5",
        "d6 d6",  # illegal
        "d6 zz",  # malformed
        "  d6   d5  ",  # extra spaces
        "4,2",  # seed coordinates
        " ".join(BLOCKED_GAME),  # the game is over
        " ".join([*BLOCKED_GAME, "a7-b6"]),  # a move after the end
        "d6 d5",  # again, after the state went elsewhere
    ]
    result = engine("moves", "nine", stdin="\n".join(lines) + "\n")
    assert result.returncode == 0, result.stderr
    out = result.stdout.split("\n")
    assert out[-1] == "" and len(out) == len(lines) + 1
    assert set(out[0].split()) == start_moves()
    after = start_moves() - {"d6", "d5"}
    assert set(out[1].split()) == after
    assert out[2] == "error: move 2 (d6): d6 is not empty"
    assert out[3].startswith("error: move 2 (zz): ") and "not a point" in out[3]
    assert set(out[4].split()) == after
    assert set(out[5].split()) == start_moves() - {"d6"}
    assert out[6] == ""
    assert out[7] == "error: move 19 (a7-b6): the game is over"
    assert set(out[8].split()) == after


def test_moves_takes_options_and_refuses_bad_ones() -> None:
    result = engine("moves", "twelve", "-o", "diagonals=true", stdin="a7\n")
    assert result.returncode == 0
    assert "b6" in result.stdout.split()
    bad = engine("moves", "twelve", "-o", "flying=yes", stdin="")
    assert bad.returncode == 2
    assert bad.stderr.startswith("error: ") and "Traceback" not in bad.stderr


def test_moves_handles_a_last_line_without_newline_and_crlf() -> None:
    result = engine("moves", "nine", stdin="d6\r\nd6 d5")
    assert result.returncode == 0
    first, second = result.stdout.splitlines()
    assert set(first.split()) == start_moves() - {"d6"}
    assert set(second.split()) == start_moves() - {"d6", "d5"}


def _fresh_answer(game: str, line: str) -> str:
    state = new_state(game)
    for index, text in enumerate(line.split()):
        try:
            move = state.parse_move(text)
        except Exception as error:
            return f"error: move {index + 1} ({text}): {error}"
        reason = state.why_illegal(move)
        if reason is not None:
            return f"error: move {index + 1} ({text}): {reason}"
        state.push(move)
    return " ".join(map(str, state.legal_moves()))


def _random_lines(count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    lines = []
    for _ in range(count):
        state = new_state("nine")
        texts = []
        for _ in range(rng.randint(0, 150)):
            moves = state.legal_moves()
            if not moves:
                break
            move = rng.choice(moves)
            state.push(move)
            texts.append(str(move))
        if texts and rng.random() < 0.2:  # spoil some lines with an illegal move
            texts.insert(rng.randrange(len(texts)), rng.choice(["a7", "zz", "d6-d5"]))
        lines.append(" ".join(texts))
    return lines


def test_reusing_the_state_gives_the_same_answers_as_a_fresh_replay() -> None:
    server = MovesServer(new_state("nine"))
    lines = _random_lines(150, seed=3)
    # Lines that share prefixes, as a caller following one game sends them.
    game = lines[0].split()
    lines += [" ".join(game[:n]) for n in range(len(game) + 1)]
    lines += [" ".join(game[:n]) for n in range(len(game), -1, -3)]
    for line in lines:
        assert server.answer(line) == _fresh_answer("nine", line), line


def test_moves_serves_thousands_of_lines(tmp_path: Path) -> None:
    lines = _random_lines(1000, seed=9)
    result = engine("moves", "nine", stdin="\n".join(lines) + "\n")
    assert result.returncode == 0
    out = result.stdout.splitlines()
    assert len(out) == 1000
    for index in range(0, 1000, 37):
        assert out[index] == _fresh_answer("nine", lines[index])


def test_moves_answers_a_line_before_the_next_is_sent() -> None:
    """A caller may wait for each answer: output must not wait for the end of input."""
    process = subprocess.Popen(
        [sys.executable, "-m", "engine", "moves", "nine"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    assert process.stdin is not None and process.stdout is not None
    try:
        process.stdin.write("d6\n")
        process.stdin.flush()
        assert set(process.stdout.readline().split()) == start_moves() - {"d6"}
        process.stdin.write("d6 d6\n")
        process.stdin.flush()
        assert process.stdout.readline() == "error: move 2 (d6): d6 is not empty\n"
    finally:
        process.stdin.close()
        process.wait(timeout=60)
    assert process.returncode == 0


# ----- show ------------------------------------------------------------------------


def test_show_prints_title_options_players_moves_board_and_result(tmp_path: Path) -> None:
    state = new_state("nine")
    state.play_all(BLOCKED_GAME)
    path = tmp_path / "won.plateaux.json"
    save_game(path, state, [PlayerInfo("Zoé"), PlayerInfo("Computer", "ai", "hard")])
    result = engine("show", str(path))
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert out.startswith("Nine Men's Morris (nine)\noptions: none\n")
    assert "players: White: Zoé (human); Black: Computer (ai, hard)" in out
    assert "moves (18):" in out
    assert "  1. a7 g4  2. e4 e5  3. f2 d2" in out
    assert "9. e3 b4" in out
    assert state.render() in out
    assert out.rstrip().endswith("result: Black wins (White is blocked)")
    assert result.stderr == ""


def test_show_a_game_in_progress_with_options(tmp_path: Path) -> None:
    state = new_state("twelve", {"diagonals": True})
    state.play_all(["d6", "a7", "g7"])
    path = tmp_path / "twelve.plateaux.json"
    save_game(path, state)
    text = describe_save(load_game(path))
    assert "Twelve Men's Morris (twelve)" in text
    assert "options: diagonals=true" in text
    assert "  1. d6 a7  2. g7" in text
    assert text.endswith("in progress: Black to move, placement phase; in hand: White 10, Black 11")


def test_show_wraps_long_move_lists() -> None:
    rng = random.Random(4)
    state = new_state("nine")
    while state.legal_moves():
        state.push(rng.choice(state.legal_moves()))
    saved = load_game_from_text(state)
    text = describe_save(saved)
    move_lines = text.split("moves (")[1].split("\n7  ")[0].splitlines()[1:]
    assert len(move_lines) > 1
    assert all(len(line) <= 78 for line in move_lines)
    numbered = " ".join(move_lines).split()
    assert [t for t in numbered if not t.endswith(".")] == [str(m) for m in state.history]


def load_game_from_text(state: Any) -> Any:
    from engine.saves import dumps, loads

    return loads(dumps(state))


@pytest.fixture(scope="module")
def shown_bad_files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[int, str, str]]:
    """Run `show` on every bad file at once (in parallel: startup dominates)."""
    folder = tmp_path_factory.mktemp("bad")
    paths: dict[str, Path] = {}
    for index, (kind, (content, _)) in enumerate(BAD_TEXTS.items()):
        path = folder / f"bad{index}.plateaux.json"
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
        paths[kind] = path
    paths["missing"] = folder / "missing.plateaux.json"
    paths["folder"] = folder
    if Path("/dev/zero").exists():
        paths["/dev/zero"] = Path("/dev/zero")
    big = folder / "big.plateaux.json"
    with big.open("wb") as stream:
        stream.truncate(1 << 30)
    paths["huge"] = big
    processes = {
        kind: subprocess.Popen(
            [sys.executable, "-m", "engine", "show", str(path)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            cwd=ROOT,
            env={**os.environ, "PYTHONIOENCODING": "ascii"},  # a poor terminal must not crash it
        )
        for kind, path in paths.items()
    }
    results = {}
    for kind, process in processes.items():
        out, err = process.communicate(timeout=120)
        results[kind] = (process.returncode, out, err)
    return results


EXTRA_KINDS = {"missing": "no such file", "folder": "folder", "/dev/zero": "too big", "huge": "too big"}


@pytest.mark.parametrize("kind", sorted(BAD_TEXTS) + sorted(EXTRA_KINDS))
def test_show_refuses_a_bad_file_in_one_line(
    shown_bad_files: dict[str, tuple[int, str, str]], kind: str
) -> None:
    if kind not in shown_bad_files:
        pytest.skip("no /dev/zero here")
    status, out, err = shown_bad_files[kind]
    assert status == 1
    assert out == ""
    assert "Traceback" not in err
    assert err.count("\n") == 1 and err.startswith("error: ")
    expected = EXTRA_KINDS.get(kind) or BAD_TEXTS[kind][1]
    assert expected.encode("ascii", "replace").decode() in err

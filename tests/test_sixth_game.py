"""A sixth game from the tests folder only (tic-tac-toe) works through the shared engine:
perft, every AI level, saves and the `moves` command, with no change to engine code."""

from __future__ import annotations

import io
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from plugins.tictactoe import TICTACTOE

from engine.ai import analyse
from engine.cli import main as cli_main
from engine.core import FIRST, GameSpec, Termination
from engine.perft import perft
from engine.registry import GAMES, new_state, register, state_from_dict, unregister
from engine.saves import load_game, save_game

# Known counts: every game of tic-tac-toe ends by the ninth ply, 255168 games in all.
PERFT = (9, 72, 504, 3024, 15120, 54720, 148176)


@pytest.fixture
def game() -> Iterator[GameSpec]:
    register(TICTACTOE)
    try:
        yield TICTACTOE
    finally:
        unregister(TICTACTOE.id)
    assert TICTACTOE.id not in GAMES


@pytest.mark.parametrize(("depth", "count"), list(enumerate(PERFT, start=1)))
def test_perft(game: GameSpec, depth: int, count: int) -> None:
    assert perft(new_state(game.id), depth) == count


def test_the_levels_play_it_and_hard_never_loses(game: GameSpec) -> None:
    rng = random.Random(3)
    for level in ("easy", "medium"):
        state = new_state(game.id)
        while state.outcome() is None:
            mover_level = level if state.to_move == FIRST else "hard"
            state.play(analyse(state, mover_level, rng=rng, movetime=0.5).move)
        outcome = state.outcome()
        assert outcome is not None and outcome.winner != FIRST  # hard (second) wins or draws
    with pytest.raises(ValueError, match="unknown level"):
        analyse(new_state(game.id), "perfect")  # no oracle, so no perfect level


def test_saves_and_to_dict_round_trip(game: GameSpec, tmp_path: Path) -> None:
    state = new_state(game.id)
    state.play_all(["b2", "c3", "a1", "c2", "a3", "c1"])
    outcome = state.outcome()
    assert outcome is not None and outcome.reason is Termination.ALIGNMENT
    assert [state.cell_name(c) for c in state.formed_lines()] == ["c3", "c2", "c1"]
    save_game(tmp_path / "t.plateaux.json", state)
    loaded = load_game(tmp_path / "t.plateaux.json").state
    assert loaded.position() == state.position() and loaded.outcome() == outcome
    set_up = game.from_position("x.o/.x./... o")
    set_up.play("c1")
    assert state_from_dict(set_up.to_dict()).position() == set_up.position()


def test_the_moves_command(
    game: GameSpec, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("\nb2 a3\nb2 b2\nb2 c3 a1 c2 a3 c1\n"))
    assert cli_main(["moves", game.id]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "a3 b3 c3 a2 b2 c2 a1 b1 c1"
    assert lines[1] == "b3 c3 a2 c2 a1 b1 c1"
    assert lines[2] == "error: move 2 (b2): b2 is taken"
    assert lines[3] == ""  # the game is over

"""Saved games: the format and atomic writes (bad files and folders: test_saves_refused.py)."""

from __future__ import annotations

import json
import os
import random
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import Outcome, Termination
from engine.registry import new_state
from engine.saves import (
    PlayerInfo,
    SaveError,
    dumps,
    load_game,
    loads,
    save_game,
)

# Nine: 18 placements without a mill after which White, to move, is blocked.
BLOCKED_GAME = [
    "a7", "g4", "e4", "e5", "f2", "d2", "a4", "f6", "g1",
    "d7", "f4", "d1", "d3", "a1", "g7", "c3", "e3", "b4",
]  # fmt: skip


def valid_save(moves: list[str] | None = None, game: str = "nine") -> dict[str, Any]:
    state = new_state(game)
    state.play_all(moves or ["d6", "a7"])
    data: dict[str, Any] = json.loads(dumps(state))
    return data


def with_changes(**changes: Any) -> str:
    data = valid_save()
    data.update(changes)
    return json.dumps(data)


# ----- the format --------------------------------------------------------------


def test_dumps_writes_every_field_of_schema_1() -> None:
    state = new_state("nine")
    state.play_all(BLOCKED_GAME)
    players = (PlayerInfo("Ann"), PlayerInfo("Computer", "ai", "hard"))
    created = datetime(2024, 5, 1, 12, 30, tzinfo=UTC)
    data = json.loads(dumps(state, players, created))
    assert data["format"] == "plateaux-save"
    assert data["version"] == 1
    assert data["game"] == "nine"
    assert data["options"] == {}
    assert data["players"] == [
        {"name": "Ann", "kind": "human", "level": None},
        {"name": "Computer", "kind": "ai", "level": "hard"},
    ]
    assert data["moves"] == BLOCKED_GAME
    assert data["result"] == {"winner": 1, "reason": "blocked"}
    assert data["created"] == "2024-05-01T12:30:00Z"
    assert data["updated"].endswith("Z")


def test_save_and_load_keep_state_players_and_dates(tmp_path: Path) -> None:
    state = new_state("twelve", {"diagonals": True})
    state.play_all(["d6", "a7", "b6"])
    path = tmp_path / "game.plateaux.json"
    created = datetime(2023, 1, 2, 3, 4, 5, tzinfo=UTC)
    save_game(path, state, [PlayerInfo("Zoé"), PlayerInfo("Bot", "ai", "easy")], created)
    saved = load_game(path)
    assert saved.state.spec.id == "twelve"
    assert saved.state.options == {"diagonals": True}
    assert saved.state.key() == state.key()
    assert [str(m) for m in saved.state.history] == ["d6", "a7", "b6"]
    assert saved.players == (PlayerInfo("Zoé"), PlayerInfo("Bot", "ai", "easy"))
    assert saved.created == created
    assert saved.updated >= created


def test_default_players_are_the_game_sides() -> None:
    saved = loads(dumps(new_state("nine")))
    assert saved.players == (PlayerInfo("White"), PlayerInfo("Black"))


def test_optional_fields_may_be_left_out() -> None:
    saved = loads(json.dumps({"format": "plateaux-save", "version": 1, "game": "nine", "moves": ["d6"]}))
    assert [str(m) for m in saved.state.history] == ["d6"]
    assert saved.players[0].name == "White"


def test_finished_game_round_trips_with_its_result() -> None:
    state = new_state("nine")
    state.play_all(BLOCKED_GAME)
    saved = loads(dumps(state))
    assert saved.state.outcome() == Outcome(1, Termination.BLOCKED)


def _random_game(game: str, options: dict[str, Any], choices: list[int]) -> Any:
    state = new_state(game, options)
    for choice in choices:
        moves = state.legal_moves()
        if not moves:
            break
        state.push(moves[choice % len(moves)])
    return state


@settings(max_examples=40, deadline=None)
@given(
    game=st.sampled_from([("nine", {}), ("twelve", {}), ("twelve", {"diagonals": True})]),
    choices=st.lists(st.integers(0, 10_000), max_size=160),
)
def test_round_trip_of_random_games(game: tuple[str, dict[str, Any]], choices: list[int]) -> None:
    state = _random_game(game[0], game[1], choices)
    saved = loads(dumps(state))
    assert saved.state.key() == state.key()
    assert saved.state.history == state.history
    assert saved.state.outcome() == state.outcome()
    assert saved.state.legal_moves() == state.legal_moves()


def test_round_trip_of_whole_random_games() -> None:
    rng = random.Random(11)
    for _ in range(10):
        state = new_state(rng.choice(["nine", "twelve"]))
        while state.legal_moves():
            state.push(rng.choice(state.legal_moves()))
        saved = loads(dumps(state))
        assert saved.state.outcome() == state.outcome() is not None
        assert saved.state.key() == state.key()


# ----- atomic writes -----------------------------------------------------------


def old_file(tmp_path: Path) -> tuple[Path, bytes]:
    path = tmp_path / "game.plateaux.json"
    save_game(path, new_state("nine"))
    return path, path.read_bytes()


def _bigger_state() -> Any:
    state = new_state("nine")
    state.play_all(["d6", "a7", "g7"])
    return state


@pytest.mark.parametrize("failing", ["replace", "fsync", "write"])
def test_failed_write_keeps_the_old_file_and_no_temp(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failing: str
) -> None:
    path, before = old_file(tmp_path)

    def fail(*args: Any, **kwargs: Any) -> Any:
        raise OSError(28, "No space left on device")

    if failing == "write":
        real_fdopen = os.fdopen

        class FailingStream:
            def __init__(self, *args: Any, **kwargs: Any) -> None:
                self.inner = real_fdopen(*args, **kwargs)

            def __enter__(self) -> FailingStream:
                return self

            def __exit__(self, *exc: Any) -> None:
                self.inner.close()

            def write(self, data: bytes) -> int:
                self.inner.write(data[:10])  # a partial write, then the disk fills up
                raise OSError(28, "No space left on device")

        monkeypatch.setattr(os, "fdopen", FailingStream)
    else:
        monkeypatch.setattr(os, failing, fail)
    with pytest.raises(SaveError, match="No space left on device") as caught:
        save_game(path, _bigger_state())
    assert "\n" not in str(caught.value)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == [path.name]


def test_interrupted_write_removes_the_temp_and_reraises(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path, before = old_file(tmp_path)

    def interrupt(*args: Any) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", interrupt)
    with pytest.raises(KeyboardInterrupt):
        save_game(path, _bigger_state())
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == [path.name]


def test_save_into_a_missing_folder_or_onto_a_folder_fails_cleanly(tmp_path: Path) -> None:
    with pytest.raises(SaveError, match="cannot write"):
        save_game(tmp_path / "nowhere" / "x.plateaux.json", new_state("nine"))
    (tmp_path / "dir").mkdir()
    with pytest.raises(SaveError, match="cannot write"):
        save_game(tmp_path / "dir", new_state("nine"))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dir"]
    assert list((tmp_path / "dir").iterdir()) == []


def test_successful_save_replaces_theold_file(tmp_path: Path) -> None:
    path, _ = old_file(tmp_path)
    save_game(path, _bigger_state())
    assert len(load_game(path).state.history) == 3
    assert [p.name for p in tmp_path.iterdir()] == [path.name]

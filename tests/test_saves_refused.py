"""Saved games refused: every kind of bad file in one line, and the save folders."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_saves import BLOCKED_GAME, old_file, valid_save, with_changes

from engine.registry import new_state
from engine.saves import MAX_FILE_BYTES, MAX_MOVES, PlayerInfo, SaveError, dumps, load_game, loads, save_game

# ----- bad files -----------------------------------------------------------------

too_many = ["d6"] * (MAX_MOVES + 1)
# (file content, part of the expected message). Each one is refused in one line.
BAD_TEXTS: dict[str, tuple[str | bytes, str]] = {
    "empty": (b"", "not JSON"),
    "not utf-8": (b'{"format": "plateaux-save", "game": "\xff"}', "not UTF-8"),
    "not json": ("this is not json", "not JSON"),
    "truncated": (with_changes()[:-20], "not JSON"),
    "deeply nested": ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
    "list": ("[1, 2, 3]", "not a Plateaux save"),
    "string": ('"plateaux-save"', "not a Plateaux save"),
    "no format": (json.dumps({"game": "nine", "moves": []}), "not a Plateaux save"),
    "foreign format": (with_changes(format="chess-pgn"), "not a Plateaux save"),
    "newer schema": (
        with_changes(version=2),
        "made by a newer Plateaux: schema 2, this version reads schema 1",
    ),
    "version bool": (with_changes(version=True), "bad schema version"),
    "version string": (with_changes(version="1"), "bad schema version"),
    "version float": (with_changes(version=1.0), "bad schema version"),
    "version zero": (with_changes(version=0), "bad schema version"),
    "unknown game": (with_changes(game="chess"), "unknown game"),
    "game not string": (with_changes(game=9), "game must be a string"),
    "no game": (json.dumps({"format": "plateaux-save", "version": 1, "moves": []}), "'game' is missing"),
    "unknown option": (with_changes(options={"flying": False}), "unknown option"),
    "option int for bool": (
        json.dumps({**valid_save(game="twelve"), "options": {"diagonals": 1}}),
        "option diagonals cannot be 1",
    ),
    "options list": (with_changes(options=[]), "options must be an object"),
    "players not list": (with_changes(players="Ann and Bob"), "players must be a list of two"),
    "three players": (with_changes(players=[{"name": "a"}] * 3), "players must be a list of two"),
    "player name int": (with_changes(players=[{"name": 5}, {"name": "b"}]), "player 1: name"),
    "player kind": (with_changes(players=[{"name": "a"}, {"name": "b", "kind": "robot"}]), "player 2: kind"),
    "player level": (with_changes(players=[{"name": "a", "level": 3}, {"name": "b"}]), "player 1: level"),
    "moves not list": (with_changes(moves="d6 a7"), "moves must be a list"),
    "move not string": (with_changes(moves=["d6", 7]), "move 2 must be a string"),
    "no moves": (json.dumps({"format": "plateaux-save", "version": 1, "game": "nine"}), "'moves' is missing"),
    "too many moves": (with_changes(moves=too_many, result=None), "too many moves (5001, the limit is 5000)"),
    "illegal move": (with_changes(moves=["d6", "d6"]), "illegal move list: move 2 (d6): d6 is not empty"),
    "malformed move": (with_changes(moves=["d6", "zz9"]), "illegal move list: move 2 (zz9)"),
    "move after the end": (
        json.dumps({**valid_save(BLOCKED_GAME), "moves": [*BLOCKED_GAME, "a7-b7"], "result": None}),
        "move 19 (a7-b7)",
    ),
    "result disagrees": (with_changes(result={"winner": 0, "reason": "blocked"}), "disagrees"),
    "result missing end": (
        json.dumps({**valid_save(BLOCKED_GAME), "result": None}),
        "stored result (game in progress) disagrees with the moves (Black wins, blocked)",
    ),
    "result wrong winner": (
        json.dumps({**valid_save(BLOCKED_GAME), "result": {"winner": 0, "reason": "blocked"}}),
        "disagrees",
    ),
    "result winner bool": (
        json.dumps({**valid_save(BLOCKED_GAME), "result": {"winner": True, "reason": "blocked"}}),
        "bad result: bad winner True",
    ),
    "result reason": (with_changes(result={"winner": 1, "reason": "resigned"}), "bad result"),
    "result not object": (with_changes(result="White"), "result must be an object"),
    "date not string": (with_changes(created=20240101), "created must be an ISO-8601"),
    "date nonsense": (with_changes(updated="yesterday"), "updated is not an ISO-8601 date"),
    "NaN": (with_changes().replace('"version": 1', '"version": NaN'), "NaN is not allowed"),
    "huge integer": (with_changes().replace('"version": 1', '"version": ' + "9" * 5000), "not JSON"),
}


def _write_bad(tmp_path: Path, kind: str) -> Path:
    content, _ = BAD_TEXTS[kind]
    path = tmp_path / "bad.plateaux.json"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return path


@pytest.mark.parametrize("kind", sorted(BAD_TEXTS))
def test_bad_file_is_refused_in_one_line(tmp_path: Path, kind: str) -> None:
    path = _write_bad(tmp_path, kind)
    with pytest.raises(SaveError) as caught:
        load_game(path)
    message = str(caught.value)
    assert BAD_TEXTS[kind][1] in message
    assert "\n" not in message and len(message) <= 300


def test_missing_file_and_folder_and_device(tmp_path: Path) -> None:
    with pytest.raises(SaveError, match=r"^no such file$"):
        load_game(tmp_path / "missing.plateaux.json")
    with pytest.raises(SaveError, match="folder"):
        load_game(tmp_path)
    if Path("/dev/zero").exists():
        with pytest.raises(SaveError, match="too big"):
            load_game("/dev/zero")


def test_big_file_is_refused_without_reading_it(tmp_path: Path) -> None:
    path = tmp_path / "big.plateaux.json"
    with path.open("wb") as stream:
        stream.truncate(50 * MAX_FILE_BYTES)  # sparse: refused by its size alone
    with pytest.raises(SaveError, match="too big"):
        load_game(path)
    path.write_text(" " * (MAX_FILE_BYTES + 1), encoding="utf-8")
    with pytest.raises(SaveError, match="too big"):
        load_game(path)


def test_unreadable_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path, _ = old_file(tmp_path)

    def denied(*args: Any, **kwargs: Any) -> Any:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(Path, "open", denied)
    with pytest.raises(SaveError, match="cannot read it: Permission denied"):
        load_game(path)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_named_pipe_is_refused_without_waiting(tmp_path: Path) -> None:
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    with pytest.raises(SaveError, match="not a regular file"):
        load_game(pipe)


def test_unprintable_player_name_is_refused() -> None:
    text = with_changes(players=[{"name": "a\ud800"}, {"name": "b"}])
    with pytest.raises(SaveError, match="player 1: name must be printable"):
        loads(text)


def test_dumps_refuses_players_that_would_not_load() -> None:
    with pytest.raises(SaveError, match="two players"):
        dumps(new_state("nine"), [PlayerInfo("solo")])
    with pytest.raises(SaveError, match="kind"):
        dumps(new_state("nine"), [PlayerInfo("a", "alien"), PlayerInfo("b")])


# ----- folders ---------------------------------------------------------------------


def test_paths_follow_plateaux_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from game import paths

    home = tmp_path / "home"
    monkeypatch.setenv("PLATEAUX_HOME", str(home))
    assert paths.data_dir() == home and home.is_dir()
    assert paths.saves_dir() == home / "saves" and (home / "saves").is_dir()
    assert paths.settings_path() == home / "settings.json"
    assert paths.autosave_path() == home / "autosave.plateaux.json"
    assert paths.SAVE_EXTENSION == ".plateaux.json"
    save_game(paths.autosave_path(), new_state("nine"))
    assert load_game(paths.autosave_path()).state.ply == 0


def test_paths_default_to_platform_folders(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import platformdirs

    from game import paths

    monkeypatch.delenv("PLATEAUX_HOME", raising=False)
    monkeypatch.setattr(platformdirs, "user_data_dir", lambda *a, **k: str(tmp_path / "data"))
    monkeypatch.setattr(platformdirs, "user_config_dir", lambda *a, **k: str(tmp_path / "config"))
    assert paths.saves_dir() == tmp_path / "data" / "saves"
    assert paths.settings_path() == tmp_path / "config" / "settings.json"
    assert (tmp_path / "config").is_dir()


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8,
)
FIELDS = ["format", "version", "game", "options", "players", "moves", "result", "created", "updated"]


@settings(max_examples=300, deadline=None)
@given(field=st.sampled_from(FIELDS), value=json_values, nested=st.sampled_from([None, 0, 1]))
def test_any_json_in_any_field_loads_or_is_refused_cleanly(
    field: str, value: Any, nested: int | None
) -> None:
    data = valid_save()
    if nested is not None and isinstance(data[field], list) and data[field]:
        data[field] = list(data[field])
        data[field][nested % len(data[field])] = value  # e.g. one move or one player
    else:
        data[field] = value
    try:
        loads(json.dumps(data))
    except SaveError as error:
        assert "\n" not in str(error) and str(error)


def test_values_nested_just_under_the_json_limit_are_refused_cleanly() -> None:
    deep = "[" * 900 + "]" * 900
    for field in ("options", "version", "result"):
        text = with_changes().replace(f'"{field}": ', f'"{field}": {{"x": {deep}}}, "_{field}": ', 1)
        with pytest.raises(SaveError):
            loads(text)

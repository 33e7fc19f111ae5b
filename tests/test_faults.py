"""Faults around files (issue 17, items 2, 3, 6 and 7): every file the app reads is
size- and type-checked, folders that cannot be made never stop it, killed writes leave
no litter for long, and a failed file dialog loads nothing the player did not choose."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from engine.registry import new_state
from engine.save_files import STALE_TEMP_SECONDS, remove_stale_temps
from engine.saves import SaveError, load_game, save_game
from game import paths
from game.settings import MAX_SETTINGS_BYTES, Settings, load_settings, save_settings
from game.tk.dialog import DialogResult
from scenes.file_flow import FileFlow, newest_save

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(paths.HOME_VARIABLE, str(tmp_path))
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    return tmp_path


def one_line(message: str | None) -> str:
    assert message is not None and "\n" not in message and len(message) < 400
    return message


# ----- item 2: settings reads -------------------------------------------------------------
def bad_settings(tmp_path: Path, kind: str) -> Path:
    path = tmp_path / "settings.json"
    if kind == "not utf-8":
        path.write_bytes(b'{"language": "\xff\xfe"}')
    elif kind == "deeply nested":
        path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    elif kind == "nested values":
        path.write_text('{"language": ' + "[" * 50_000 + "]" * 50_000 + "}", encoding="utf-8")
    elif kind == "huge":
        with path.open("wb") as stream:
            stream.truncate(50 * MAX_SETTINGS_BYTES)
    elif kind == "dev zero":
        path.symlink_to("/dev/zero")
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    elif kind == "a list":
        path.write_text("[1, 2]", encoding="utf-8")
    elif kind == "wrong types":
        path.write_text('{"fullscreen": "yes", "music_volume": [1], "language": {}}', encoding="utf-8")
    return path


SETTINGS_FAULTS = (
    "not utf-8", "deeply nested", "nested values", "huge", "dev zero",
    "fifo", "folder", "a list", "wrong types",
)


@pytest.mark.parametrize("kind", SETTINGS_FAULTS)
def test_a_bad_settings_file_gives_the_defaults_and_one_notice(tmp_path: Path, kind: str) -> None:
    if kind == "fifo" and not hasattr(os, "mkfifo"):
        pytest.skip("named pipes are POSIX")
    if kind == "dev zero" and not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero here")
    path = bad_settings(tmp_path, kind)
    before = os.lstat(path)
    defaults = Settings(language="fr")
    settings, message = load_settings(path, defaults)
    assert settings == defaults
    one_line(message)
    after = os.lstat(path)
    assert (after.st_mtime_ns, after.st_size) == (before.st_mtime_ns, before.st_size)  # the file is kept


def test_good_settings_still_load(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    save_settings(path, Settings(language="fr", muted=True))
    assert load_settings(path) == (Settings(language="fr", muted=True), None)


def test_every_file_the_app_reads_refuses_a_pipe_and_a_device(tmp_path: Path) -> None:
    if not hasattr(os, "mkfifo") or not Path("/dev/zero").exists():
        pytest.skip("POSIX only")
    pipe, zero = tmp_path / "pipe.plateaux.json", tmp_path / "zero.plateaux.json"
    os.mkfifo(pipe)
    zero.symlink_to("/dev/zero")
    for path in (pipe, zero):
        with pytest.raises(SaveError):
            load_game(path)


# ----- item 3: folders that cannot be made, dangling links ---------------------------------
def test_a_home_that_is_a_file_never_crashes_the_paths_or_load(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = home / "blocked"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv(paths.HOME_VARIABLE, str(blocker))
    assert paths.saves_dir() == blocker / "saves"
    settings, message = load_settings(paths.settings_path())
    assert settings == Settings() and "settings" in one_line(message)
    assert newest_save() is None
    flow = FileFlow("en")
    flow.start_load()
    result = flow.poll()
    assert result is not None and not result.ok and result.session is None
    with pytest.raises(SaveError, match="cannot write"):
        save_game(paths.saves_dir() / "x.plateaux.json", new_state("teeko"))


def test_saves_being_a_file_never_crashes_load(home: Path) -> None:
    (home / "saves").write_text("a file where the folder goes", encoding="utf-8")
    assert newest_save() is None
    flow = FileFlow("en")
    flow.start_load()
    result = flow.poll()
    assert result is not None and result.session is None and one_line(result.message)


def test_a_dangling_link_is_skipped_by_the_load_fallback(home: Path) -> None:
    saves = paths.saves_dir()
    good = saves / "good.plateaux.json"
    save_game(good, new_state("teeko"))
    (saves / "zz-dangling.plateaux.json").symlink_to(saves / "gone.plateaux.json")
    os.utime(good, (time.time() - 100, time.time() - 100))
    assert newest_save() == good
    flow = FileFlow("en")
    flow.start_load()
    result = flow.poll()  # no display here: the fallback loads the newest readable save
    assert result is not None and result.session is not None, result


def test_the_app_starts_on_a_read_only_or_blocked_home(tmp_path: Path) -> None:
    blocker = tmp_path / "home"
    blocker.write_text("x", encoding="utf-8")
    script = (
        "from game.arcade.app import App\n"
        "app = App(windowed=True, audio=False)\n"
        "print('notice:', app.notice)\n"
        "print('apply:', app.apply_settings(app.settings.with_changes(muted=True)))\n"
        "app.close()\n"
    )
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    env[paths.HOME_VARIABLE] = str(blocker)
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert "apply: Settings could not be saved" in done.stdout


# ----- item 6: temporary files of killed writes ------------------------------------------
def test_stale_temporary_files_of_ours_are_removed_on_the_next_save(tmp_path: Path) -> None:
    old = time.time() - STALE_TEMP_SECONDS - 5
    stale = tmp_path / ".game.plateaux.json.0a1b2c3d.tmp"
    fresh = tmp_path / ".game.plateaux.json.deadbeef.tmp"  # a write under way elsewhere
    foreign = tmp_path / ".notes.tmp"  # not our naming pattern
    for path in (stale, fresh, foreign):
        path.write_text("partial", encoding="utf-8")
    for path in (stale, foreign):
        os.utime(path, (old, old))
    save_game(tmp_path / "game.plateaux.json", new_state("othello"))
    assert not stale.exists() and fresh.exists() and foreign.exists()
    assert load_game(tmp_path / "game.plateaux.json").state.spec.id == "othello"


def test_the_load_fallback_cleans_the_saves_folder_too(home: Path) -> None:
    saves = paths.saves_dir()
    stale = saves / ".x.plateaux.json.01234567.tmp"
    stale.write_text("{", encoding="utf-8")
    old = time.time() - STALE_TEMP_SECONDS - 5
    os.utime(stale, (old, old))
    assert newest_save() is None and not stale.exists()


def test_cleaning_never_follows_links_nor_raises(tmp_path: Path) -> None:
    target = tmp_path / "precious"
    target.write_text("keep", encoding="utf-8")
    link = tmp_path / ".x.plateaux.json.01234567.tmp"
    link.symlink_to(target)
    os.utime(link, (0, 0), follow_symlinks=False)
    assert remove_stale_temps(tmp_path) == 0 and target.exists() and link.is_symlink()
    assert remove_stale_temps(tmp_path / "missing") == 0


def test_stale_settings_temporary_files_are_removed(tmp_path: Path) -> None:
    stale = tmp_path / ".settings-abcd1234"
    stale.write_text("{", encoding="utf-8")
    os.utime(stale, (0, 0))
    save_settings(tmp_path / "settings.json", Settings())
    assert not stale.exists()


# ----- item 7: a failed file dialog ---------------------------------------------------------
@pytest.mark.parametrize(
    "answer",
    [
        DialogResult(None, "the file dialog failed: exit status -9"),
        DialogResult(None, "the file dialog failed: _tkinter.TclError: bad window"),
        DialogResult(None, "cannot start the file dialog: [Errno 12] Cannot allocate memory"),
    ],
)
def test_a_failed_dialog_loads_nothing(home: Path, answer: DialogResult) -> None:
    save_game(paths.saves_dir() / "newest.plateaux.json", new_state("teeko"))
    flow = FileFlow("en")
    flow.start_load()
    flow._dialog._ready = answer  # what poll() gives when the child died or failed
    result = flow.poll()
    assert result is not None and result.session is None and not result.ok
    assert "dialog failed" in one_line(result.message) and "nothing was loaded" in result.message


def test_a_killed_dialog_process_is_a_failure() -> None:
    from game.tk.dialog import FileDialogProcess

    dialog = FileDialogProcess()
    dialog._process = subprocess.Popen(
        [sys.executable, "-c", "import os, signal; os.kill(os.getpid(), signal.SIGKILL)"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    dialog._process.wait(timeout=30)
    answer = dialog.poll()
    assert answer is not None and answer.path is None and answer.error is not None
    assert answer.error.startswith("the file dialog failed")


def test_settings_json_written_is_read_back_by_the_checked_reader(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"language": "fr", "unknown_key": [1, 2]}), encoding="utf-8")
    settings, message = load_settings(path)
    assert settings.language == "fr" and message is None  # a newer version's keys are ignored

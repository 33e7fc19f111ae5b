"""What a player reads about a save that cannot be used: a sentence in their language,
never the parser's words; the command line keeps the detailed one-line reason."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.registry import new_state
from engine.saves import SAVE_PROBLEMS, SaveError, load_game, save_game
from game.autosave import load_session, problem_text
from game.i18n import tr


def broken(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "game.plateaux.json"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ('{"format": "plateaux-save", "version": 1, "game": "nine", "moves": ["d6", "d6"', "not_a_save"),
        ('{"format": "plateaux-save", "version": 9, "game": "nine", "moves": []}', "newer"),
        ('{"format": "plateaux-save", "version": 1, "game": "chess", "moves": []}', "unknown_game"),
        ('{"format": "plateaux-save", "version": 1, "game": "nine", "moves": ["d6", "d6"]}', "damaged"),
        ("[1, 2, 3]", "not_a_save"),
    ],
)
def test_each_problem_has_its_kind_and_a_players_sentence(tmp_path: Path, text: str, kind: str) -> None:
    path = broken(tmp_path, text)
    with pytest.raises(SaveError) as caught:
        load_game(path)
    assert caught.value.kind == kind
    session, problem = load_session(path)
    assert session is None and problem == kind
    for lang in ("en", "fr"):
        sentence = problem_text(problem, lang)
        assert sentence != f"plateaux.save_error_{kind}"
        assert str(caught.value) not in sentence and "line 1" not in sentence


def test_a_missing_file_and_every_kind_have_words(tmp_path: Path) -> None:
    assert load_session(tmp_path / "nowhere.plateaux.json") == (None, "missing")
    for kind in SAVE_PROBLEMS:
        for lang in ("en", "fr"):
            assert tr(f"plateaux.save_error_{kind}", lang) != f"plateaux.save_error_{kind}"


def test_a_folder_that_cannot_be_written_is_unwritable(tmp_path: Path) -> None:
    with pytest.raises(SaveError) as caught:
        save_game(tmp_path / "no" / "such" / "folder" / "game.plateaux.json", new_state("nine"))
    assert caught.value.kind == "unwritable"

"""Othello in the arcade: prompts, refusals, disc counts and the rules page in English
and French, and a pass that the player can play (and that is announced)."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from engine.games.othello.rules import INDEX_OF_NAME, PASS
from engine.registry import new_state
from game.game_hooks import hooks_for
from game.games import plugin_for
from game.geometry import geometry_for
from game.i18n import TRANSLATIONS_DIR, tr
from game.session import AI, HUMAN, GameSession, GameSetup, Seat

BLACK_MUST_PASS = "d3 c3 e6 d2 d1 e1 b2 c1"  # Black, to move, has no placement
HOOKS = hooks_for("othello")
PLUGIN = plugin_for("othello")
P = INDEX_OF_NAME


def othello(moves: str = "") -> Any:
    state = new_state("othello")
    state.play_all(moves.split())
    return state


# ----- prompts and refusals -----------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "Black to play: place a disc that turns over at least one of White's."),
        ("fr", "Au tour de Noir : posez un pion qui retourne au moins un pion de Blanc."),
    ],
)
def test_prompt_at_the_start(lang: str, expected: str) -> None:
    assert HOOKS.prompt(othello(), (), lang) == expected


def test_prompt_names_the_side_to_move() -> None:
    assert HOOKS.prompt(othello("d3"), (), "en").startswith("White to play")
    assert HOOKS.prompt(othello("d3"), (), "fr").startswith("Au tour de Blanc")


@pytest.mark.parametrize(("lang", "words"), [("en", "must pass"), ("fr", "doit passer")])
def test_prompt_when_the_only_move_is_a_pass(lang: str, words: str) -> None:
    text = HOOKS.prompt(othello(BLACK_MUST_PASS), (), lang)
    assert words in text and ("Enter" in text or "Entrée" in text)


@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", "Black had no move and passed."), ("fr", "Noir n'avait aucun coup et a passé.")],
)
def test_the_next_prompt_announces_the_pass(lang: str, words: str) -> None:
    text = HOOKS.prompt(othello(f"{BLACK_MUST_PASS} pass"), (), lang)
    assert text.startswith(words)
    assert "White" in text or "Blanc" in text
    assert "passed" not in HOOKS.prompt(othello("d3"), (), "en")  # only after a pass


@pytest.mark.parametrize(
    ("lang", "taken", "nothing"),
    [
        ("en", "d4 is taken", "A disc on a1 would turn over none of White's discs"),
        ("fr", "d4 est occupée", "Un pion en a1 ne retournerait aucun pion de Blanc"),
    ],
)
def test_refusals_say_why(lang: str, taken: str, nothing: str) -> None:
    state = othello()
    assert HOOKS.refusal(state, (), P["d4"], lang).startswith(taken)
    assert HOOKS.refusal(state, (), P["a1"], lang).startswith(nothing)
    must_pass = HOOKS.refusal(othello(BLACK_MUST_PASS), (), P["h8"], lang)
    assert "pass" in must_pass


def test_no_flash_after_a_move() -> None:
    state = othello("d3")
    assert HOOKS.flash_cells(state, state.history[-1]) == []


# ----- disc counts ---------------------------------------------------------------------


@pytest.mark.parametrize(("lang", "words"), [("en", ("discs", "disc")), ("fr", ("pions", "pion"))])
def test_score_line_counts_discs(lang: str, words: tuple[str, str]) -> None:
    state = othello("d3")  # Black 4, White 1: one disc, in the singular
    assert HOOKS.score_line(state, 0, lang) == f"4 {words[0]}"
    assert HOOKS.score_line(state, 1, lang) == f"1 {words[1]}"
    assert hooks_for("nine").score_line(new_state("nine"), 0, lang) is None  # Morris: generic


def test_panel_cards_show_disc_counts_not_captures() -> None:
    from game.controller.texts import cards_for

    session = GameSession(GameSetup("othello", {}, (Seat(HUMAN), Seat(AI, "easy"))), othello("d3 c3"))
    details = [card.detail for card in cards_for(session, None, "en")]
    assert details == ["Black · 3 discs", "White · 3 discs"]
    assert "taken" not in " ".join(details)
    french = [card.detail for card in cards_for(session, None, "fr")]
    assert french == ["Noir · 3 pions", "Blanc · 3 pions"]


# ----- the rules page --------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_rules_and_caption_exist_in_both_languages(lang: str) -> None:
    assert PLUGIN.rules_key == "othello.rules" and PLUGIN.diagram_caption_key
    for key in (PLUGIN.rules_key, PLUGIN.diagram_caption_key):
        assert tr(key, lang) != key
    rules = tr(PLUGIN.rules_key, lang)
    assert "d4" in rules and "e5" in rules  # the start as RULES.md gives it
    assert tr(PLUGIN.rules_key, "fr") != tr(PLUGIN.rules_key, "en")


def test_diagram_marks_are_the_legal_squares_of_its_position() -> None:
    state = othello(" ".join(HOOKS.diagram_moves))
    legal = {str(m) for m in state.legal_moves()}
    assert set(HOOKS.diagram_marks) == legal
    names = geometry_for("othello").cell_names
    assert all(mark in names for mark in HOOKS.diagram_marks)


def test_translation_files_match_key_for_key() -> None:
    tables = {}
    for lang in ("en", "fr"):
        data = json.loads(Path(TRANSLATIONS_DIR, f"othello.{lang}.json").read_text(encoding="utf-8"))
        tables[lang] = data[lang]
    assert tables["en"].keys() == tables["fr"].keys()
    for key, text in tables["en"].items():
        placeholders = set(re.findall(r"%\{(\w+)\}", text))
        assert placeholders == set(re.findall(r"%\{(\w+)\}", tables["fr"][key])), key


# ----- the pass in the board scene --------------------------------------------------------


def board_scene(session: GameSession, effects: list[str]) -> Any:
    """A board scene on a stand-in app: a dummy display, no widgets, no AI process."""
    import pygame

    from scenes.board import BoardScene

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    pygame.display.init()
    pygame.font.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((64, 64))

    app = SimpleNamespace(
        lang="en",
        settings=SimpleNamespace(animation_speed=0.0, show_legal_moves=True),
        effect=effects.append,
        ai_min_delay=0.0,
        ai_movetime=None,
        worker=None,
    )
    return BoardScene(app, session)  # type: ignore[arg-type]


@pytest.fixture
def two_people(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> GameSession:
    monkeypatch.setenv("PLATEAUX_HOME", str(tmp_path))
    return GameSession(GameSetup("othello", {}, (Seat(HUMAN), Seat(HUMAN))), othello(BLACK_MUST_PASS))


@pytest.mark.parametrize("how", ["cell", "beside", "enter"])
def test_a_player_who_must_pass_passes_with_any_click_or_enter(two_people: GameSession, how: str) -> None:
    effects: list[str] = []
    scene = board_scene(two_people, effects)
    try:
        assert "must pass" in scene.status_text()
        if how == "cell":
            scene.click_cell(P["h8"])
        elif how == "beside":
            scene.click_cell(None)
        else:
            scene.stop_here()
        assert two_people.state.history[-1] == PASS
        assert two_people.state.to_move == 1 and "refused" not in effects
        assert scene.status_text().startswith("Black had no move and passed. White to play")
    finally:
        scene.closing()


def test_an_ordinary_position_still_refuses_bad_clicks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PLATEAUX_HOME", str(tmp_path))
    session = GameSession(GameSetup("othello", {}, (Seat(HUMAN), Seat(HUMAN))), othello())
    effects: list[str] = []
    scene = board_scene(session, effects)
    try:
        scene.click_cell(P["a1"])
        assert session.state.history == [] and effects[-1] == "refused"
        assert scene.status_text().startswith("A disc on a1 would turn over none")
        scene.stop_here()  # Enter with nothing chosen: no pass is played
        assert session.state.history == []
        scene.click_cell(P["d3"])
        assert [str(m) for m in session.state.history] == ["d3"]
    finally:
        scene.closing()

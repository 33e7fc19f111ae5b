"""The front ends translate the engine's typed refusals and prompts: every code a game's
message table lists has a text in both languages, with the same fields, and no hook
parses engine text any more."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.registry import GAMES, get_spec, new_state
from game.games import plugin_for
from game.games.words import item_text
from game.i18n import tr

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_code_has_a_translation_with_the_engines_fields(game_id: str, lang: str) -> None:
    namespace = plugin_for(game_id).texts
    for key, english in get_spec(game_id).messages.items():
        keys = [f"{namespace}.{key}", f"plateaux.{key}"]
        found = next((k for k in keys if tr(k, lang) != k), None)
        assert found is not None, f"{game_id}: no {lang} text for {key} ({english!r})"
        ours = set(re.findall(r"%\{(\w+)\}", _raw(found, lang)))
        theirs = set(re.findall(r"\{(\w+)\}", english))
        assert ours <= theirs | {"player", "opponent"}, f"{found} uses fields the engine does not give"


def _raw(key: str, lang: str) -> str:
    """The template itself: fields filled with their own names in %{...}."""
    names = ("cell", "src", "over", "player", "opponent", "count", "move")
    return tr(key, lang, **{name: f"%{{{name}}}" for name in names})


def test_a_french_refusal_names_cells_and_players() -> None:
    state = new_state("nine")
    state.play("d6")
    text = item_text(state, state.click_refusal((), state.parse_move("d6").dst), "fr", "plateaux")  # type: ignore[arg-type]
    assert text == "d6 n'est pas libre."


def test_no_front_end_plugin_reads_engine_text() -> None:
    for path in (ROOT / "game" / "games").glob("*.py"):
        source = path.read_text(encoding="utf-8")
        assert "why_illegal(" not in source and " in reason" not in source, path.name

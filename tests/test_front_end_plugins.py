"""One front-end plugin per game, registered explicitly: a game without one, or a plugin
without a part, is refused at start with the game and the part named; no fallback."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.registry import GAMES, get_spec, register, unregister
from game.game_hooks import hooks_for
from game.games import FrontEndError, check_front_ends, plugin_for
from game.games import register as register_front_end
from game.games import unregister as unregister_front_end
from game.looks import looks_for

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def stray_game() -> Iterator[str]:
    """An engine game (a copy of Teeko's spec under a new id) with no front end."""
    spec = dataclasses.replace(get_spec("teeko"), id="stray")
    register(spec)
    yield "stray"
    unregister("stray")
    unregister_front_end("stray")


def test_every_registered_game_has_a_complete_plugin() -> None:
    check_front_ends()
    for game_id in GAMES:
        plugin = plugin_for(game_id)
        assert plugin.game_id == game_id and plugin.looks and plugin.rules_key


def test_a_game_without_a_plugin_is_named_at_start(stray_game: str) -> None:
    with pytest.raises(FrontEndError, match="'stray' has no front-end plugin"):
        check_front_ends()
    with pytest.raises(FrontEndError, match="stray"):
        looks_for(stray_game)  # no Morris look for an unknown game
    with pytest.raises(FrontEndError, match="stray"):
        hooks_for(stray_game)  # no generic texts either


def test_a_plugin_missing_a_part_is_refused_naming_the_part(stray_game: str) -> None:
    incomplete = dataclasses.replace(plugin_for("teeko"), game_id=stray_game, looks=(), rules_key="")
    with pytest.raises(FrontEndError, match="'stray' lacks: looks, rules_key"):
        register_front_end(incomplete)
    register_front_end(dataclasses.replace(plugin_for("teeko"), game_id=stray_game))
    check_front_ends()


def test_main_refuses_to_start_when_a_front_end_is_missing() -> None:
    probe = (
        "import dataclasses, sys, main; from engine.registry import get_spec, register; "
        "register(dataclasses.replace(get_spec('teeko'), id='stray')); "
        "sys.exit(main.main(['--smoke', '/nonexistent']))"
    )
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "'stray' has no front-end plugin" in done.stderr

"""One save name in both front ends: the game id and the local time, to the second."""

from __future__ import annotations

import inspect
from datetime import datetime

from game.autosave import default_save_name
from game.session import GameSession, GameSetup


def test_a_save_is_named_after_its_game_and_the_time() -> None:
    session = GameSession(GameSetup("nine"))
    name = default_save_name(session, datetime(2026, 11, 23, 8, 37, 10))
    assert name == "nine_2026-11-23_08-37-10.plateaux.json"


def test_both_front_ends_use_it() -> None:
    from game.tk import window
    from scenes import file_flow

    for module in (window, file_flow):
        assert "default_save_name(" in inspect.getsource(module)
        assert "strftime" not in inspect.getsource(module)

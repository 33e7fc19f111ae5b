"""Status prompts, refusal reasons, flashes and the rules diagram for Teeko."""

from __future__ import annotations

from game import game_hooks
from game.game_hooks import GameHooks

TEEKO = GameHooks()
game_hooks.register("teeko", TEEKO)

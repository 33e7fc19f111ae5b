"""Status prompts, refusal reasons, flashes and the rules diagram for dames."""

from __future__ import annotations

from game import game_hooks
from game.game_hooks import GameHooks

DAMES = GameHooks()
game_hooks.register("dames", DAMES)

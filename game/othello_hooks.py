"""Status prompts, refusal reasons, flashes and the rules diagram for Othello."""

from __future__ import annotations

from game import game_hooks
from game.game_hooks import GameHooks

OTHELLO = GameHooks()
game_hooks.register("othello", OTHELLO)

"""The board controller shared by the arcade and the Tk view (UI-neutral)."""

from game.controller.board import BoardController
from game.controller.events import AIFailed, BoardEvent, ChainStep, Effect, Feedback, GameEnded, MoveShown

__all__ = [
    "AIFailed",
    "BoardController",
    "BoardEvent",
    "ChainStep",
    "Effect",
    "Feedback",
    "GameEnded",
    "MoveShown",
]

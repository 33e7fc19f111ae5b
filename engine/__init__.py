"""Plateaux's headless engine: rules, notation, saves and search (standard library only)."""

from engine.core import (
    EMPTY,
    FIRST,
    FIRST_KING,
    FIRST_MAN,
    SECOND,
    SECOND_KING,
    SECOND_MAN,
    EngineError,
    GameOverError,
    GameSpec,
    GameState,
    IllegalMoveError,
    InvalidMoveError,
    OptionError,
    Outcome,
    PositionError,
    Prompt,
    Refusal,
    Termination,
    Verdict,
    owner_of,
)
from engine.registry import GAMES, get_spec, new_state, register, state_from_dict

__all__ = [
    "EMPTY", "FIRST", "FIRST_KING", "FIRST_MAN", "GAMES", "SECOND", "SECOND_KING",
    "SECOND_MAN", "EngineError", "GameOverError", "GameSpec", "GameState",
    "IllegalMoveError", "InvalidMoveError", "OptionError", "Outcome", "PositionError", "Prompt",
    "Refusal", "Termination", "Verdict", "get_spec", "new_state", "owner_of", "register",
    "state_from_dict",
]  # fmt: skip

"""Teeko (seed 002) as a plugin: rules, evaluation and the solved database (perfect play)."""

from __future__ import annotations

from engine.core import ALL_LEVELS, GameSpec
from engine.games.teeko.evaluation import evaluate_teeko
from engine.games.teeko.explain import MESSAGES
from engine.games.teeko.oracle import TeekoOracle
from engine.games.teeko.rules import TeekoState

TEEKO = GameSpec(
    id="teeko",
    title="Teeko",
    player_names=("Black", "White"),
    factory=TeekoState,
    evaluate=evaluate_teeko,
    messages=MESSAGES,
    levels=ALL_LEVELS,
    oracle=TeekoOracle(),
)
TeekoState.spec = TEEKO
SPECS: tuple[GameSpec, ...] = (TEEKO,)

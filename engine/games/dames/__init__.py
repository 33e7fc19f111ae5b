"""The seed's 10×10 dames variant (seed 004) as a plugin: rules and evaluation."""

from __future__ import annotations

from engine.core import GameSpec
from engine.games.dames.evaluation import evaluate_dames
from engine.games.dames.explain import MESSAGES
from engine.games.dames.rules import DamesState

DAMES = GameSpec(
    id="dames",
    title="Dames (10×10, seed variant)",
    player_names=("White", "Black"),
    factory=DamesState,
    evaluate=evaluate_dames,
    messages=MESSAGES,
)
DamesState.spec = DAMES
SPECS: tuple[GameSpec, ...] = (DAMES,)

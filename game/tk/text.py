"""Text of the Tk view in French and English (assets/translations/tk.<lang>.json).

Refusals and prompts come from the game's hooks (game/game_hooks.py), as in the arcade.
"""

from __future__ import annotations

from engine.core import Outcome
from game.i18n import tr

NAMESPACE = "tk"


def tt(entry: str, lang: str, **fields: object) -> str:
    """The Tk view's text for `entry` ('tk.<entry>'), in `lang`, English as fallback."""
    return tr(f"{NAMESPACE}.{entry}", lang, **fields)


def player_name(name: str, lang: str) -> str:
    """'White' -> 'Blancs' in French; unknown names stay as they are."""
    key = f"name_{name.lower()}"
    text = tt(key, lang)
    return name if text == f"{NAMESPACE}.{key}" else text


def reason_text(outcome: Outcome, names: tuple[str, str], lang: str) -> str:
    """Why a game ended: 'Black is down to two pieces'."""
    entry = f"end_{outcome.reason.value}"
    if outcome.winner is None and tt(entry + "_draw", lang) != f"{NAMESPACE}.{entry}_draw":
        entry += "_draw"  # a draw may need other words ("equal number of discs")
    winner = names[outcome.winner] if outcome.winner is not None else ""
    loser = names[1 - outcome.winner] if outcome.winner is not None else ""
    text = tt(entry, lang, winner=winner, loser=loser)
    return outcome.reason.value.replace("_", " ") if text == f"{NAMESPACE}.{entry}" else text

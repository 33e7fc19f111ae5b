"""Text of the Tk view in French and English (assets/translations/tk.<lang>.json).

Also turns the engine's English sentences (results, refusal reasons) into the view's
language: known reasons are matched and re-worded, unknown ones are shown as they are.
"""

from __future__ import annotations

import re

from engine.core import Outcome
from game.i18n import tr

NAMESPACE = "tk"

# Engine reason (English) -> tk entry; the groups fill the entry's placeholders in order.
_ENGINE_REASONS: tuple[tuple[re.Pattern[str], str, tuple[str, ...]], ...] = (
    (re.compile(r"^(\w+) is not next to (\w+) along a line"), "reason_not_adjacent", ("dst", "src")),
    (re.compile(r"^(\w+) stands in a mill"), "reason_in_mill", ("cell",)),
    (re.compile(r"^(\w+) is not empty"), "reason_not_empty", ("cell",)),
    (re.compile(r"^place a piece first: (\d+)"), "reason_place_first", ("count",)),
    (re.compile(r"^every piece is placed"), "reason_all_placed", ()),
    (re.compile(r"^there is no piece of yours on (\w+)"), "reason_not_yours", ("cell",)),
    (re.compile(r"^there is no opposing piece on (\w+)"), "reason_no_opponent", ("cell",)),
    (re.compile(r"^this move forms no mill"), "reason_no_mill", ()),
    (re.compile(r"^the game is over"), "refuse_over", ()),
)


def tt(entry: str, lang: str, **fields: object) -> str:
    """The Tk view's text for `entry` ('tk.<entry>'), in `lang`, English as fallback."""
    return tr(f"{NAMESPACE}.{entry}", lang, **fields)


def player_name(name: str, lang: str) -> str:
    """'White' -> 'Blancs' in French; unknown names stay as they are."""
    key = f"name_{name.lower()}"
    text = tt(key, lang)
    return name if text == f"{NAMESPACE}.{key}" else text


def translate_reason(reason: str, lang: str) -> str:
    """The engine's refusal reason in `lang` (capitalised); unknown reasons unchanged."""
    for pattern, entry, names in _ENGINE_REASONS:
        match = pattern.match(reason)
        if match:
            return tt(entry, lang, **dict(zip(names, match.groups(), strict=True)))
    return reason[:1].upper() + reason[1:]


def reason_text(outcome: Outcome, names: tuple[str, str], lang: str) -> str:
    """Why a game ended: 'Black is down to two pieces'."""
    entry = f"end_{outcome.reason.value}"
    if outcome.winner is None and tt(entry + "_draw", lang) != f"{NAMESPACE}.{entry}_draw":
        entry += "_draw"  # a draw may need other words ("equal number of discs")
    winner = names[outcome.winner] if outcome.winner is not None else ""
    loser = names[1 - outcome.winner] if outcome.winner is not None else ""
    text = tt(entry, lang, winner=winner, loser=loser)
    return outcome.reason.value.replace("_", " ") if text == f"{NAMESPACE}.{entry}" else text

"""Text of the Tk view in French and English (assets/translations/tk.<lang>.json).

Only the window's own words live here (menus, dialogs, buttons); everything about the
game (prompts, refusals, cards, results) is the board controller's, as in the arcade.
"""

from __future__ import annotations

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

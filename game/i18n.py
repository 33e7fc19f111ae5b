"""French and English text, from the same files pygame_gui's localisation reads.

Files are assets/translations/<namespace>.<lang>.json holding {"<lang>": {key: text}}
(python-i18n's layout, which pygame_gui uses). Widgets get keys like
"plateaux.menu_play" and pygame_gui translates them; text drawn by hand (board HUD,
the Tk view) goes through `tr`, so both read one set of strings. Placeholders use
python-i18n's %{name} syntax in both.
"""

from __future__ import annotations

import contextlib
import json
import locale
import os
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path

LANGUAGES: tuple[str, ...] = ("en", "fr")
DEFAULT_LANGUAGE = "en"
TRANSLATIONS_DIR = Path(__file__).resolve().parent.parent / "assets" / "translations"
_PLACEHOLDER = re.compile(r"%\{(\w+)\}")


def system_language() -> str:
    """'fr' when the system locale is French, else English."""
    candidates = [os.environ.get(name, "") for name in ("LC_ALL", "LC_MESSAGES", "LANG")]
    with contextlib.suppress(ValueError):  # an unknown locale name in the environment
        candidates.append(locale.getlocale()[0] or "")
    for value in candidates:
        if value:
            return "fr" if value.lower().startswith("fr") else DEFAULT_LANGUAGE
    return DEFAULT_LANGUAGE


@cache
def _table(namespace: str, lang: str) -> dict[str, str]:
    path = TRANSLATIONS_DIR / f"{namespace}.{lang}.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    entries = data.get(lang, {}) if isinstance(data, dict) else {}
    return {k: v for k, v in entries.items() if isinstance(v, str)}


def singular(count: object, lang: str) -> bool:
    """Whether a count takes the singular: 1 in English; 0 and 1 in French."""
    return isinstance(count, int) and (count == 1 or (lang == "fr" and count == 0))


def tr(key: str, lang: str, **fields: object) -> str:
    """Translate 'namespace.entry' into `lang`, falling back to English, then the key.

    With a `count` field that takes the singular, an entry '<entry>_one' is used where
    the language has one ('1 disc', not '1 discs')."""
    namespace, _, entry = key.partition(".")
    if "count" in fields and singular(fields["count"], lang):
        one = _table(namespace, lang).get(entry + "_one")
        if one is not None:
            entry = entry + "_one"
    text = _table(namespace, lang).get(entry) or _table(namespace, DEFAULT_LANGUAGE).get(entry) or key
    return _PLACEHOLDER.sub(lambda m: str(fields.get(m.group(1), m.group(0))), text)


Words = Callable[[str], str]  # a text in whatever language it is shown in: lang -> text


def words(key: str, **fields: object) -> Words:
    """`tr` put off until the text is shown, so a notice follows a change of language."""
    return lambda lang: tr(key, lang, **fields)

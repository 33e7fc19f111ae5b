"""Every translation entry is used, and French and English have the same entries.

An entry counts as used when the code names it: a string literal "<ns>.<key>" or
"<key>", an f-string whose constant head is a prefix of it ("plateaux.reason_{…}"
uses every "reason_…" entry), a refusal or prompt code a registered game's engine
returns (translated as "<ns>.refuse_<code>"), or the singular of a used entry
("<key>_one"). What none of these reach is a leftover: a text no player ever sees.
"""

from __future__ import annotations

import ast
import json
from collections.abc import Iterator
from pathlib import Path

from engine.registry import GAMES
from game.i18n import LANGUAGES, TRANSLATIONS_DIR

ROOT = Path(__file__).resolve().parent.parent
CODE_DIRS = ("engine", "game", "scenes", "tools")
SINGULAR = "_one"


def _entries(namespace: str, lang: str) -> dict[str, str]:
    data = json.loads((TRANSLATIONS_DIR / f"{namespace}.{lang}.json").read_text(encoding="utf-8"))
    entries: dict[str, str] = data[lang]
    return entries


def _namespaces() -> list[str]:
    return sorted({path.name.split(".")[0] for path in TRANSLATIONS_DIR.glob("*.json")})


def _sources() -> Iterator[Path]:
    yield ROOT / "main.py"
    for folder in CODE_DIRS:
        yield from (ROOT / folder).rglob("*.py")


def _strings_and_heads() -> tuple[set[str], set[str]]:
    """Every string literal in the code, and the constant head of every f-string."""
    literals: set[str] = set()
    heads: set[str] = set()
    for path in _sources():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.JoinedStr):
                first = node.values[0] if node.values else None
                if isinstance(first, ast.Constant) and isinstance(first.value, str) and len(node.values) > 1:
                    heads.add(first.value)
            elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                literals.add(node.value)
    return literals, heads


def _families(heads: set[str], namespace: str) -> set[str]:
    """Entry prefixes an f-string completes: "plateaux.reason_{…}" gives "reason_", and
    "name_{…}" (a helper adds the namespace) gives "name_"; a bare "plateaux.{…}" none."""
    families = set()
    for head in heads:
        rest = head.removeprefix(f"{namespace}.")
        if rest.endswith("_") and "." not in rest and len(rest) > 2:
            families.add(rest)
    return families


def _engine_message_keys() -> set[str]:
    return {key for spec in GAMES.values() for key in spec.messages}


def test_french_and_english_have_the_same_entries() -> None:
    for namespace in _namespaces():
        english = set(_entries(namespace, "en"))
        for lang in LANGUAGES:
            assert set(_entries(namespace, lang)) == english, (namespace, lang)


def test_every_entry_is_used() -> None:
    literals, heads = _strings_and_heads()
    engine_keys = _engine_message_keys()
    leftovers = []
    for namespace in _namespaces():
        for key in _entries(namespace, "en"):
            base = key.removesuffix(SINGULAR)

            families = _families(heads, namespace)

            def used(name: str, namespace: str = namespace, families: set[str] = families) -> bool:
                return (
                    f"{namespace}.{name}" in literals
                    or name in literals
                    or name in engine_keys
                    or any(name.startswith(family) for family in families)
                )

            if not used(key) and not used(base):
                leftovers.append(f"{namespace}.{key}")
    assert leftovers == []


def test_the_check_finds_a_leftover() -> None:
    """The rule above is not vacuous: an entry nothing names is not counted as used."""
    literals, heads = _strings_and_heads()
    name = "no_code_names_this_entry"
    assert f"plateaux.{name}" not in literals and name not in literals
    assert not any(name.startswith(family) for family in _families(heads, "plateaux"))
    assert "reason_" in _families(heads, "plateaux")  # while a real family is seen

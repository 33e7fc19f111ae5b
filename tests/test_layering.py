"""The headless layers import only the standard library (RULES: engine/ never imports a UI)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN = ("pygame", "pygame_gui", "tkinter", "platformdirs", "numpy")

# Run in a fresh interpreter so modules imported by pytest or other tests do not count.
# It prints the names of every module loaded by the imports.
PROBE = """
import importlib, json, pkgutil, sys
before = set(sys.modules)
for name in sys.argv[1:]:
    module = importlib.import_module(name)
    if hasattr(module, "__path__"):
        for info in pkgutil.walk_packages(module.__path__, prefix=name + "."):
            if not info.name.endswith(".__main__"):  # running it would start the CLI
                importlib.import_module(info.name)
print(json.dumps(sorted(set(sys.modules) - before)))
"""


def modules_loaded_by(*modules: str) -> set[str]:
    result = subprocess.run(
        [sys.executable, "-c", PROBE, *modules],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, f"importing {modules} failed:\n{result.stderr}"
    return set(json.loads(result.stdout.strip().splitlines()[-1]))


def top_level(modules: set[str]) -> set[str]:
    return {m.partition(".")[0] for m in modules}


def non_stdlib(loaded: set[str], *own: str) -> set[str]:
    return {m for m in loaded if m not in sys.stdlib_module_names and m not in own}


def test_engine_and_all_its_submodules_use_only_the_standard_library() -> None:
    modules = modules_loaded_by("engine")
    # The walk reached the leaves, not only what engine/__init__ imports.
    assert {"engine.games.morris", "engine.perft", "engine.cli.perft", "engine.cli.options"} <= modules
    loaded = top_level(modules)
    assert not loaded & set(FORBIDDEN), f"engine loads {sorted(loaded & set(FORBIDDEN))}"
    assert not non_stdlib(loaded, "engine"), f"engine loads {sorted(non_stdlib(loaded, 'engine'))}"


def test_ia_uses_only_the_engine_and_the_standard_library() -> None:
    if not (ROOT / "ia.py").exists():
        pytest.skip("ia.py is not written yet (seed 001's ia module)")
    loaded = top_level(modules_loaded_by("ia"))
    assert not loaded & set(FORBIDDEN), f"ia loads {sorted(loaded & set(FORBIDDEN))}"
    assert not non_stdlib(loaded, "ia", "engine"), f"ia loads {sorted(non_stdlib(loaded, 'ia', 'engine'))}"

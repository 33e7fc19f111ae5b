"""The book builder's command line (tools/build_morris_book.py): each sampling pass it
is asked for walks lines and puts their positions in the book, none it is not asked
for. Skipped where no C compiler is on PATH (millref searches)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from engine.games.morris.opening import decode

if shutil.which("cc") is None:
    pytest.skip("no C compiler (`cc`) on PATH to build tools/mill_ref", allow_module_level=True)

from tools.build_morris_book import main
from tools.morris_book_lines import depths


def _build(tmp_path: Path, *extra: str) -> tuple[list[dict[str, Any]], Path]:
    """A tiny White book (millref depth 3, no tree beyond the start, no lines, no games);
    its progress records and the book file."""
    tmp_path.mkdir(exist_ok=True)
    progress, out, empty = tmp_path / "progress.jsonl", tmp_path / "trial.book", tmp_path / "none.jsonl"
    argv = ["--ref-depth", "3", "--rank-depth", "2", "--tree-plies", "0", "--games", "0",
            "--colours", "", "--sample-colours", "0", "--losses", str(empty), "--learned", str(empty),
            "--deep", str(empty),
            "--progress", str(progress), "--out", str(out), *extra]  # fmt: skip
    assert main(argv) == 0
    records = [json.loads(line) for line in progress.read_text().splitlines()]
    return records, out


def test_the_fast_pass_samples_lines_against_its_own_depths(tmp_path: Path) -> None:
    records, out = _build(tmp_path, "--fast-samples", "3", "--fast-depths", "1,2")
    sampled = [r for r in records if r.get("source") == "sampled 0"]
    assert sampled, "the fast pass put no sampled position in the book"
    # A sampled line asks the book only for its own side's (White's) positions.
    assert {r["position"].split()[1] for r in sampled} == {"w"}
    assert len(decode(out.read_bytes())) == len({r["key"] for r in records})


def test_each_fast_range_is_a_pass_of_its_own_seed(tmp_path: Path) -> None:
    """A pass added later (a second range) leaves the first pass's lines as they were."""
    first, _ = _build(tmp_path / "a", "--fast-samples", "3", "--fast-depths", "1,2")
    second, _ = _build(tmp_path / "b", "--fast-samples", "0", "3", "--fast-depths", "1,2", "2,3")
    both, _ = _build(tmp_path / "c", "--fast-samples", "3", "3", "--fast-depths", "1,2", "2,3")
    keys = [{r["key"] for r in records} for records in (first, second, both)]
    assert keys[0] | keys[1] == keys[2]
    assert keys[1] - keys[0], "the second range walked no line of its own"


def test_a_fast_range_without_its_count_is_refused(tmp_path: Path) -> None:
    with pytest.raises(SystemExit):
        _build(tmp_path, "--fast-samples", "3", "--fast-depths", "1,2", "2,3")


def test_no_pass_samples_when_none_is_asked_for(tmp_path: Path) -> None:
    records, _ = _build(tmp_path)
    assert [r["source"] for r in records] == ["tree"]


def test_depth_ranges_read_low_then_high() -> None:
    assert depths("7,8") == (7, 8)
    with pytest.raises(ValueError):
        depths("7")

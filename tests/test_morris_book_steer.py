"""Hard's judgement of the book's placements (tools/morris_book_steer.py): the moves it
proposes for play to decide. Skipped where no C compiler is on PATH (millref)."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from engine.games.morris.opening import BookEntry, book_key
from engine.games.morris.rules import parse_morris_move

if shutil.which("cc") is None:
    pytest.skip("no C compiler (`cc`) on PATH to build tools/mill_ref", allow_module_level=True)

from tools.morris_book_lines import learned_records, placements_before, replay
from tools.morris_book_steer import check, judge, main

THREAT = [parse_morris_move(word) for word in ["a1", "g7", "a4"]]  # White threatens a7's mill
ASLEEP = parse_morris_move("b2")  # a Black placement that lets the mill close
BLOCK = parse_morris_move("a7")
NODES = 3_000  # a few plies: enough to see a mill close


def settings(**changed: int) -> dict[str, int]:
    chosen = {"nodes": NODES, "flag": -400, "gain": 300, "rank_depth": 4, "candidates": 3, "margin": 30}
    return chosen | changed


def checked(**changed: int) -> dict[str, Any]:
    """The record of the position after THREAT, whose book move is the careless b2."""
    return check(THREAT, (ASLEEP, BookEntry(ASLEEP.dst, None, 0, 14)), 2, settings(**changed))


def test_hard_judges_a_placement_that_lets_a_mill_close_a_piece_down() -> None:
    assert judge(THREAT, ASLEEP, NODES) <= -700  # a piece is 1,000
    assert abs(judge(THREAT, BLOCK, NODES)) < 400


def test_a_move_judged_lost_is_disputed_by_millref_s_equal_that_hard_holds() -> None:
    record = checked()
    assert record["book"] == "b2" and record["judged"] <= -700 and record["move"] == "a7"
    evidence = {item["move"]: item for item in record["evidence"]}
    assert evidence["a7"]["judged"] - record["judged"] >= 300
    assert record["depth"] == 4 and record["visits"] == 2 and record["nodes"] == NODES
    assert placements_before(record) == THREAT


def test_the_book_s_move_stands_above_the_flag_or_without_the_gain() -> None:
    unflagged = checked(flag=-100_000)
    assert unflagged["move"] == "b2" and "evidence" not in unflagged
    assert (unflagged["score"], unflagged["depth"]) == (0, 14)  # the book's own entry
    ungained = checked(gain=100_000)
    assert ungained["move"] == "b2" and "a7" in {item["move"] for item in ungained["evidence"]}


def test_only_millref_s_near_equals_are_judged() -> None:
    record = checked(margin=0, candidates=3)
    best = max(item["ref"] for item in record["evidence"])
    # Every candidate judged is millref's best but the book's own move, always judged.
    assert all(item["ref"] == best or item["move"] == "b2" for item in record["evidence"])


def test_the_tool_appends_its_checks_and_does_not_repeat_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "steered.jsonl"
    options = ["--opponent", "ref:0:2", "--games", "1", "--from-ply", "1", "--top", "2",
               "--nodes", str(NODES), "--rank-depth", "4", "--workers", "1", "--out", str(out)]  # fmt: skip
    assert main(options) == 0
    first = learned_records(out)
    assert len(first) == 2 and all(record["nodes"] == NODES for record in first)
    assert main(options) == 0  # the same positions again: nothing new to check
    assert learned_records(out)[:2] == first
    keys = [book_key(replay(placements_before(record))) for record in learned_records(out)]
    assert len(keys) == len(set(keys))
    assert "proposed" in capsys.readouterr().out


def test_the_survey_judges_each_placement_s_end_for_the_book_side(capsys: pytest.CaptureFixture[str]) -> None:
    options = ["--opponent", "ref:0:2", "--survey", "2", "--nodes", str(NODES), "--workers", "1"]
    for flag, low in (("100000", 2), ("-100000", 0)):
        assert main([*options, "--flag", flag]) == 0
        lines = capsys.readouterr().out.splitlines()
        for line, name in zip(lines, ("White", "Black"), strict=True):
            expected = f"book as {name}: {low} of 2 placements end judged below {flag} (quartiles "
            assert line.startswith(expected)

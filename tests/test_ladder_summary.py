"""The ladder's totals (tools/ladder_summary.py): Wilson intervals, grouping by pairing and
session, the filters, and a ladder file that cannot be read."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tools.ladder_summary import (
    LadderError,
    by_pairing,
    by_session,
    main,
    read_ladder,
    selected,
    session_of,
    wilson,
)


def entry(
    a: str, b: str, wins: int, draws: int, losses: int, note: str = "", opening: Any = 0
) -> dict[str, Any]:
    return {"a": a, "b": b, "wins": wins, "draws": draws, "losses": losses, "note": note, "opening": opening}


LADDER = [
    entry("hard:1.0", "ref:50", 10, 20, 2, "session 58, the books of abc"),
    entry("hard:1.0", "ref:50", 12, 20, 0, "session 59, the books of def"),
    entry(
        "hard:1.0", "ref:50", 0, 2, 4, "session 59, morris_hold", opening="ply 18 of the losses-file lines"
    ),
    entry("hard:1.0", "ref:50", 5, 3, 0, "2026-11-23, machine idle"),
    entry("medium", "easy", 9, 1, 0, "session 59"),
]


def write(tmp_path: Path, content: object) -> Path:
    path = tmp_path / "ladder.json"
    path.write_text(content if isinstance(content, str) else json.dumps(content), encoding="utf-8")
    return path


def test_wilson_matches_the_textbook_values() -> None:
    low, high = wilson(1, 100)
    assert low == pytest.approx(0.00177, abs=1e-5)
    assert high == pytest.approx(0.05449, abs=1e-5)
    low, high = wilson(5, 10)
    assert low == pytest.approx(1 - high)  # symmetric about a half


def test_no_loss_still_leaves_an_interval_of_about_three_point_eight_over_n() -> None:
    low, high = wilson(0, 1000)
    assert low == pytest.approx(0.0, abs=1e-12)
    assert high == pytest.approx(3.8415 / (1000 + 3.8415), rel=1e-3)
    assert wilson(0, 0) == (0.0, 1.0)  # no games: nothing known


def test_every_interval_stays_inside_zero_and_one_and_holds_the_rate() -> None:
    for trials in (1, 2, 7, 50):
        for successes in range(trials + 1):
            low, high = wilson(successes, trials)
            assert 0.0 <= low <= successes / trials <= high <= 1.0


def test_sessions_are_read_from_the_notes() -> None:
    assert session_of(LADDER[0]) == 58
    assert session_of({"note": "Session 7 final build"}) == 7
    assert session_of(LADDER[3]) is None
    assert session_of({}) is None


def test_pairings_add_up_and_the_biggest_comes_first() -> None:
    tallies = by_pairing(LADDER)
    assert list(tallies) == [("hard:1.0", "ref:50"), ("medium", "easy")]
    hard = tallies["hard:1.0", "ref:50"]
    assert (hard.matches, hard.wins, hard.draws, hard.losses, hard.games) == (4, 27, 45, 6, 78)
    assert hard.score == pytest.approx((27 + 45 / 2) / 78)


def test_sessions_group_in_order_with_the_unnamed_first() -> None:
    tallies = by_session(LADDER[:4])
    assert list(tallies) == [None, 58, 59]
    assert tallies[59].games == 32 + 6


def test_the_filters_keep_pairing_opening_and_later_sessions() -> None:
    assert len(selected(LADDER, ["hard:1.0", "ref:50"], None)) == 4
    from_start = selected(LADDER, ["hard:1.0", "ref:50"], None, opening=0)
    assert [e["note"][:10] for e in from_start] == ["session 58", "session 59", "2026-11-23"]
    assert len(selected(LADDER, None, 59)) == 3  # sessions 59 and later; no session: left out
    assert selected(LADDER, ["easy", "medium"], None) == []  # A and B in order


def test_main_prints_the_totals_with_their_interval(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, LADDER)
    assert (
        main(["--ladder", str(path), "--pairing", "hard:1.0", "ref:50", "--opening", "0", "--sessions"]) == 0
    )
    out = capsys.readouterr().out
    assert "session 58" in out and "session 59" in out and "session -" in out
    assert "+27 =43 -2" in out  # the testbed entry (opening "ply 18 ...") left out
    assert "losses  2.78% [" in out


def test_main_says_when_nothing_matches(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, LADDER)
    assert main(["--ladder", str(path), "--pairing", "hard:3.0", "ref:50"]) == 1
    assert "no ladder entry" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        ("{not json", "Expecting property name"),
        ({"a": "hard"}, "not a list"),
        ([{"b": "ref:50", "wins": 1, "draws": 0, "losses": 0}], "entry 0 has no players"),
        ([entry("hard", "ref", 1, 0, -1)], "entry 0's 'losses' is not a count: -1"),
        (
            [entry("hard", "ref", 1, 0, 0), {**entry("hard", "ref", 1, 0, 0), "wins": True}],
            "entry 1's 'wins'",
        ),
        ([{**entry("hard", "ref", 1, 0, 0), "draws": "2"}], "'draws' is not a count: '2'"),
    ],
)
def test_a_bad_ladder_is_refused_with_its_reason(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: object, reason: str
) -> None:
    path = write(tmp_path, content)
    with pytest.raises(LadderError, match=reason.replace("(", r"\(")):
        read_ladder(path)
    assert main(["--ladder", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("ladder_summary: ") and str(path) in err


def test_a_missing_ladder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(LadderError, match="No such file"):
        read_ladder(tmp_path / "absent.json")


def test_the_committed_ladder_reads() -> None:
    entries = read_ladder(Path(__file__).resolve().parent.parent / "tools" / "data" / "morris_ladder.json")
    assert by_pairing(entries)["hard:1.0", "ref:50"].games > 0

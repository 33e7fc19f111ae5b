"""tools/morris_hold.py plays the loser's side of a lost game from a chosen ply, and
counts the results from that side's view."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from conftest import words

from engine.core import GameState
from tools.morris_hold import hold, main
from tools.morris_match import Player

# Black, to move after these 18 placements, has lost the game in the file; "easy" for
# both sides keeps the games short and the test fast.
PLACEMENT = words("f4 d2 d6 b6 b4 f2 b2 e4 c5 c4 d5 d7 e5xd7 d7 d1 a4 g7 g4")


def test_hold_plays_the_loser_s_side_from_the_ply_and_counts_every_game() -> None:
    player, opponent = Player("easy"), Player("easy")
    seen: list[int] = []
    original = player.choose

    def choose(state: GameState, rng: random.Random) -> Any:
        seen.append(state.to_move)
        return original(state, rng)

    player.choose = choose  # type: ignore[method-assign]
    result = hold([*PLACEMENT, "d1-a1"], 1, 18, player, opponent, 3, 5)
    assert result.wins + result.draws + result.losses == 3
    assert seen and set(seen) == {1}, "the player moves for the loser (Black) only"


def test_the_command_reads_the_lines_and_reports_the_total(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    losses = tmp_path / "losses.jsonl"
    game = {"collapsed": [1], "moves": [*PLACEMENT, "d1-a1"], "from": "a test"}
    losses.write_text(json.dumps({"collapsed": [0], "moves": []}) + "\n" + json.dumps(game) + "\n")
    main([str(losses), "--lines", "1", "--games", "2", "--player", "easy", "--opponent", "easy"])
    out = capsys.readouterr().out
    assert "line 1 (Black lost): a test" in out
    assert "easy against easy from ply 18 of lines 1:" in out


def test_a_line_the_file_does_not_have_is_refused(tmp_path: Path) -> None:
    losses = tmp_path / "losses.jsonl"
    losses.write_text(json.dumps({"collapsed": [1], "moves": PLACEMENT}) + "\n")
    with pytest.raises(SystemExit):
        main([str(losses), "--lines", "3"])

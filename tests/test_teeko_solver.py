"""The solved Teeko database, its verdicts, the perfect level and `analyze` (issue 9)."""

from __future__ import annotations

import hashlib
import io
import random
from pathlib import Path

import pytest

from engine.ai import analyse
from engine.cli import main as cli_main
from engine.core import Verdict
from engine.games.teeko import TEEKO
from engine.games.teeko.database import (
    DATA_PATH,
    SECTIONS,
    SYMMETRIES,
    DatabaseError,
    TeekoDatabase,
    compact_section,
    database,
    expand_section,
    load,
    pack,
    transform,
    unpack,
)
from engine.games.teeko.perfect import perfect_move
from engine.games.teeko.rules import TeekoMove, TeekoState
from engine.games.teeko.verdicts import decisive_ply, position_verdict, verdicts
from engine.registry import levels_for, new_state

ROOT = Path(__file__).resolve().parent.parent
CHECKSUM_FILE = ROOT / "tools" / "teeko_db.sha256"


def new(moves: str = "") -> TeekoState:
    state = TEEKO.new_state()
    assert isinstance(state, TeekoState)
    for text in moves.split():
        state.play(text)
    return state


def plain_search(state: TeekoState, depth: int) -> Verdict | None:
    """Exact minimax without the database: the verdict if the game ends within `depth` plies."""
    if state.outcome() is not None:
        return Verdict("L", 0)  # fresh states here never repeat: an ended game is lost
    if depth == 0:
        return None
    fastest_win = None
    longest_loss = 0
    all_lost = True
    for move in state.legal_moves():
        state.push(move)
        result = plain_search(state, depth - 1)
        state.pop()
        if result is None:
            all_lost = False
        elif result.kind == "L":
            fastest_win = min(fastest_win or depth, result.n + 1)
            if fastest_win == 1:
                break
        else:
            longest_loss = max(longest_loss, result.n + 1)
    if fastest_win is not None:
        return Verdict("W", fastest_win)
    return Verdict("L", longest_loss) if all_lost else None


def random_positions(seed: int, count: int, plies: range) -> list[TeekoState]:
    """Positions of random games (no game over, no repeated position)."""
    rng = random.Random(seed)
    found: list[TeekoState] = []
    while len(found) < count:
        state = new()
        target = rng.choice(plies)
        while state.ply < target and state.legal_moves():
            state.push(rng.choice(state.legal_moves()))
        if state.ply == target and state.legal_moves() and all(c == 1 for c in state._reps.values()):
            found.append(state)
    return found


# ----- the database ------------------------------------------------------------
def test_the_shipped_database_matches_the_solvers_recorded_checksum() -> None:
    recorded = CHECKSUM_FILE.read_text().split()[0]
    payload, header = unpack(DATA_PATH.read_bytes())
    assert hashlib.sha256(payload).hexdigest() == recorded == header["payload_sha256"]


def test_the_database_loads_from_the_shipped_file() -> None:
    loaded = load()
    assert isinstance(loaded, TeekoDatabase) and loaded.payload == database().payload


def test_a_damaged_database_is_refused(tmp_path: Path) -> None:
    blob = bytearray(DATA_PATH.read_bytes())
    blob[-100] ^= 0xFF
    (tmp_path / "bad.db").write_bytes(bytes(blob))
    with pytest.raises(DatabaseError):
        load(tmp_path / "bad.db")
    with pytest.raises(DatabaseError):
        load(tmp_path / "missing.db")


def test_the_database_round_trips_through_its_compact_form() -> None:
    db = database()
    # Full tables rebuilt from the compact one compact back to the very same bytes.
    for own, opponent in SECTIONS[:5]:
        full = expand_section(db, own, opponent)
        assert compact_section(full, own, opponent) == db.section_bytes(own, opponent)
    # And the file form: unpack then pack gives the payload back.
    payload, header = unpack(DATA_PATH.read_bytes())
    repacked = pack(payload, {"version": header["version"], "reps": header["reps"]}, preset=0)
    again, header_again = unpack(repacked)
    assert again == payload and header_again == header


def test_every_symmetric_image_has_the_same_value() -> None:
    db = database()
    for state in random_positions(5, 40, range(3, 40)):
        side = state.to_move
        own, opp = state.occupied(side), state.occupied(1 - side)
        values = {db.byte(transform(own, s), transform(opp, s)) for s in range(len(SYMMETRIES))}
        assert len(values) == 1


# ----- verdicts ----------------------------------------------------------------
def test_the_initial_position_and_all_25_first_placements_are_draws() -> None:
    state = new()
    assert position_verdict(state) == Verdict("D", 0)
    first = verdicts(state)
    assert len(first) == 25 and {str(v) for v in first.values()} == {"D"}
    for move in first:
        state.push(move)
        assert str(position_verdict(state)) == "D"
        state.pop()


def test_a_win_in_one_is_found_in_both_phases() -> None:
    # Placement: Black holds a5 b5 c5 and places its fourth piece.
    state = new("a5 a1 b5 b1 c5 c1")
    found = verdicts(state)
    assert str(found[state.parse_move("d5")]) == "W1"
    # White, to move, must block d5 or lose in two (Black's reply wins).
    state = new("a5 e2 b5 e3 c5")
    found = verdicts(state)
    assert str(found.pop(state.parse_move("d5"))) != "L2"
    assert {str(v) for v in found.values()} == {"L2"}
    # Moving: Black's a5 b5 c5 and d4; d4-d5 completes the row.
    state = new("a5 a1 b5 b1 c5 e2 d4 e3")
    assert str(verdicts(state)[state.parse_move("d4-d5")]) == "W1"
    move, verdict = perfect_move(state, random.Random(1))
    assert str(verdict) == "W1"
    state.play(move)
    assert state.outcome() is not None and state.outcome().winner == 0  # type: ignore[union-attr]


def test_a_win_in_two_moves_is_found_and_played() -> None:
    # Positions the database calls W3 (the mover's second move wins) from random games.
    checked = 0
    for state in random_positions(21, 400, range(8, 30)):
        if str(position_verdict(state)) != "W3":
            continue
        assert plain_search(state, 3) == Verdict("W", 3)
        rng = random.Random(checked)
        winner = state.to_move
        for _ in range(3):  # perfect for both sides: the win comes in exactly 3 plies
            state.push(perfect_move(state, rng)[0])
        outcome = state.outcome()
        assert outcome is not None and outcome.winner == winner
        checked += 1
        if checked == 3:
            break
    assert checked == 3


def test_verdicts_agree_with_a_plain_search_near_the_end() -> None:
    near = decided = 0
    for state in random_positions(8, 120, range(6, 40)):
        value = position_verdict(state)
        if value.kind == "D" or value.n > 4:
            continue  # far from the end: covered by the check below with depth 2
        assert plain_search(state, 3) == (value if value.n <= 3 else None), state.history
        near += 1
        decided += value.kind == "L"
    assert near >= 15 and decided >= 3
    for state in random_positions(9, 60, range(6, 40)):
        value = position_verdict(state)
        expected = value if value.kind != "D" and value.n <= 2 else None
        assert plain_search(state, 2) == expected, state.history


def test_every_value_follows_from_its_childrens_values() -> None:
    # The retrograde analysis' fixed point: a win in n has a move into a loss in n - 1 and
    # none faster; a loss in n has only moves into wins, the slowest in n - 1; a draw has a
    # drawing move and no winning one. Checked across both phases.
    db = database()
    for state in random_positions(13, 300, range(0, 45)):
        children = list(verdicts(state).values())  # per move, for the mover
        value = position_verdict(state, db)
        if value.kind == "W":
            assert min(c.n for c in children if c.kind == "W") == value.n
        elif value.kind == "L":
            assert all(c.kind == "L" for c in children) and max(c.n for c in children) == value.n
        else:
            assert "W" not in {c.kind for c in children} and "D" in {c.kind for c in children}


def test_decisive_ply_finds_the_first_move_that_lost_a_draw() -> None:
    rng = random.Random(3)
    for _ in range(5):
        state = new()
        while state.legal_moves():
            state.push(rng.choice(state.legal_moves()))
        moves = [str(m) for m in state.history]
        index = decisive_ply(moves)
        assert index is not None
        before = new(" ".join(moves[:index]))
        assert str(position_verdict(before)) == "D"
        assert verdicts(before)[before.parse_move(moves[index])].kind == "L"
        assert all(str(position_verdict(new(" ".join(moves[:i])))) == "D" for i in range(index))
    assert decisive_ply(["c3", "c2"]) is None


# ----- the perfect level ---------------------------------------------------------
def test_perfect_is_offered_for_teeko_only() -> None:
    assert "perfect" in levels_for("teeko") and "perfect" not in levels_for("nine")
    with pytest.raises(ValueError):
        analyse(new_state("nine"), "perfect")


def test_perfect_keeps_the_draw_and_sets_the_most_traps() -> None:
    state = new("c3")
    move, verdict = perfect_move(state, random.Random(0))
    assert str(verdict) == "D"
    db = database()

    def traps(candidate: TeekoMove) -> int:
        state.push(candidate)
        count = sum(v.kind == "L" for v in verdicts(state).values())
        state.pop()
        return count

    drawing = [m for m, v in verdicts(state).items() if v.kind == "D"]
    assert traps(move) == max(traps(m) for m in drawing)
    assert db is database()  # loaded once


def test_perfect_never_loses_to_random_play_and_wins_when_given_the_chance() -> None:
    rng = random.Random(7)
    wins = 0
    for game in range(6):
        state = new()
        perfect_side = game % 2
        while state.legal_moves():
            if state.to_move == perfect_side:
                state.push(perfect_move(state, rng)[0])
            else:
                state.push(rng.choice(state.legal_moves()))
        outcome = state.outcome()
        assert outcome is not None and outcome.winner != 1 - perfect_side
        wins += outcome.winner == perfect_side
    assert wins >= 5


def test_perfect_wins_a_won_position_within_its_distance_against_any_defence() -> None:
    rng = random.Random(11)
    played = 0
    for state in random_positions(17, 300, range(8, 40)):
        value = position_verdict(state)
        if value.kind != "W" or value.n < 5:
            continue
        winner, start = state.to_move, state.ply
        while state.legal_moves():
            if state.to_move == winner:
                state.push(perfect_move(state, rng)[0])
            else:
                state.push(rng.choice(state.legal_moves()))
        outcome = state.outcome()
        assert outcome is not None and outcome.winner == winner and state.ply - start <= value.n
        played += 1
        if played == 4:
            break
    assert played == 4


def test_analyse_perfect_returns_a_legal_move_with_a_mate_score() -> None:
    state = new("a5 a1 b5 b1 c5 c1")
    choice = analyse(state, "perfect", rng=random.Random(0))
    assert str(choice.move) == "d5" and choice.depth == 1 and choice.score > 0


# ----- python -m engine analyze teeko ---------------------------------------------
def run_analyze(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], text: str) -> list[str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    assert cli_main(["analyze", "teeko"]) == 0
    return capsys.readouterr().out.splitlines()


def test_analyze_prints_every_move_with_its_verdict(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = ["", "a5 a1 b5 b1 c5 c1", "a5 a1 b5 b1 c5 c1 d5", "a5 zz", "c3 c3"] + ["c3 b2"] * 3
    out = run_analyze(monkeypatch, capsys, "\n".join(lines) + "\n")
    assert len(out) == len(lines)
    first = out[0].split()
    assert len(first) == 25 and all(item.endswith("=D") for item in first)
    assert "d5=W1" in out[1].split()
    assert out[2] == ""  # the game is over
    assert out[3].startswith("error: move 2 (zz)") and out[4].startswith("error: move 2 (c3)")
    expected = {f"{m}={v}" for m, v in verdicts(new("c3 b2")).items()}
    assert all(set(line.split()) == expected for line in out[5:])

"""The Morris endgame database: its symmetries, its file, and a sample of its verdicts
checked against a plain search that knows nothing of it."""

from __future__ import annotations

import hashlib
import random
from pathlib import Path

import pytest

from engine.ai.search import MATE, Searcher
from engine.core import GameState
from engine.games.morris import endgame as morris_endgame
from engine.games.morris.board import topology
from engine.games.morris.endgame import (
    DATA_PATH,
    Database,
    EndgameDatabaseError,
    Verdict,
    best_move,
    database,
    image,
    probe,
    symmetries,
)
from engine.games.morris.rules import MorrisState, position_text
from engine.registry import new_state

ROOT = Path(__file__).resolve().parent.parent
CHECKSUM_FILE = ROOT / "tools" / "morris_endgame.sha256"


def test_the_sixteen_symmetries_keep_lines_and_neighbours() -> None:
    topo = topology(False)
    syms = symmetries()
    assert len(set(syms)) == 16 and syms[0] == tuple(range(24))
    for perm in syms:
        assert sorted(image(m, perm) for m in topo.mill_masks) == sorted(topo.mill_masks)
        for point in range(24):
            assert image(topo.adjacent[point], perm) == topo.adjacent[perm[point]]


def test_the_shipped_file_matches_the_solvers_recorded_checksum() -> None:
    recorded = CHECKSUM_FILE.read_text().split()[0]
    assert hashlib.sha256(DATA_PATH.read_bytes()).hexdigest() == recorded


def test_a_damaged_or_foreign_file_is_refused(tmp_path: Path) -> None:
    blob = bytearray(DATA_PATH.read_bytes())
    blob[-50] ^= 0xFF
    with pytest.raises(EndgameDatabaseError):
        Database(bytes(blob))
    with pytest.raises(EndgameDatabaseError):
        Database(b"not a database at all")
    with pytest.raises(EndgameDatabaseError):
        database(tmp_path / "missing.db")


def test_without_a_database_the_probe_says_nothing(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(morris_endgame, "DATA_PATH", tmp_path / "missing.db")
    monkeypatch.setattr(morris_endgame, "_loaded", {})
    monkeypatch.setattr(morris_endgame.database, "__defaults__", (tmp_path / "missing.db",))
    state = endgame_positions(1, 3, 3)[0]
    assert probe(state) is None and best_move(state) is None


def set_position(state: MorrisState, white: int, black: int, side: int) -> None:
    """A moving-phase position with nothing in hand (from masks: no move
    sequence reaches an arbitrary endgame quickly)."""
    state.load_position(position_text(white, black, side))


def endgame_positions(count: int, own: int, opp: int, seed: int = 1) -> list[MorrisState]:
    rng = random.Random(seed)
    positions: list[MorrisState] = []
    while len(positions) < count:
        points = rng.sample(range(24), own + opp)
        mover = rng.randrange(2)
        masks = [sum(1 << p for p in points[:own]), sum(1 << p for p in points[own:])]
        state = new_state("nine")
        assert isinstance(state, MorrisState)
        set_position(state, masks[mover], masks[1 - mover], mover)
        if state.outcome() is None:
            positions.append(state)
    return positions


def plain_result(state: GameState, depth: int) -> Verdict | None:
    """A search with a neutral evaluation and no database: the verdict if the game is
    decided within `depth` plies."""
    searcher = Searcher(lambda s: 0, extensions=False)
    result = list(searcher.iterate(state, max_depth=depth))[-1]
    if abs(result.score) < MATE - 100:
        return None
    distance = MATE - abs(result.score)
    return Verdict(1 if result.score > 0 else -1, distance)


# (3,4) has no result within three plies: a capture by the side with three leaves the
# other with three, and the side with four never forces a mill against a flyer at once.
@pytest.mark.parametrize(("own", "opp", "short_results"), [(3, 3, 3), (3, 4, 0), (4, 3, 1)])
def test_a_sample_of_verdicts_agrees_with_a_plain_search(own: int, opp: int, short_results: int) -> None:
    decided = 0
    for state in endgame_positions(20, own, opp, seed=own * 10 + opp):
        verdict = probe(state)
        assert verdict is not None
        found = plain_result(state, 3)
        if verdict.result != 0 and verdict.distance <= 3:
            assert found == verdict, state.to_dict()
            decided += 1
        else:  # a draw or a longer result: nothing is forced within 3 plies
            assert found is None, (state.to_dict(), verdict)
    assert decided >= short_results


def test_best_move_keeps_the_verdict() -> None:
    for state in endgame_positions(20, 3, 3, seed=9):
        verdict = probe(state)
        found = best_move(state)
        assert verdict is not None and found is not None
        move, after = found
        assert after.result == verdict.result
        if verdict.result > 0:
            assert after.distance == verdict.distance
        state.push(move)
        if state.outcome() is None and verdict.result > 0:
            child = probe(state)
            assert child is not None and child.result == -1 and child.distance == verdict.distance - 1


def test_a_section_missing_from_the_file_is_not_guessed() -> None:
    loaded = database()
    (state,) = endgame_positions(1, 4, 4, seed=2)
    if (4, 4) in loaded.sections:
        assert probe(state) is not None
    else:
        assert probe(state) is None and best_move(state) is None


def test_the_hard_level_plays_the_database_win() -> None:
    from engine.ai.players import analyse

    tried = 0
    for state in endgame_positions(40, 3, 3, seed=12):
        verdict = probe(state)
        assert verdict is not None
        if verdict.result <= 0 or verdict.distance < 3:
            continue
        choice = analyse(state, "hard", movetime=5.0)
        state.push(choice.move)
        child = probe(state)
        assert child is not None and child == Verdict(-1, verdict.distance - 1), state.to_dict()
        tried += 1
        if tried == 3:
            break
    assert tried == 3


def test_the_review_reads_exact_values_from_the_database() -> None:
    from engine.registry import get_spec

    exact_value = get_spec("nine").exact_value
    assert exact_value is not None
    for state in endgame_positions(10, 3, 3, seed=13):
        verdict = probe(state)
        value = exact_value(state)
        assert verdict is not None and value is not None
        assert value.kind == {1: "W", 0: "D", -1: "L"}[verdict.result]
        assert value.plies == (None if verdict.result == 0 else verdict.distance)
    assert exact_value(new_state("nine")) is None  # the start: not in the database


def one_ply_verdict(state: MorrisState) -> Verdict:
    """The verdict the children's verdicts imply (the fixpoint the solver computes)."""
    mover = state.to_move
    results = []
    for move in state.legal_moves():
        state.push(move)
        outcome = state.outcome()
        if outcome is not None:
            results.append(Verdict(0 if outcome.winner is None else 1 if outcome.winner == mover else -1, 1))
        else:
            child = probe(state)
            assert child is not None
            results.append(Verdict(-child.result, child.distance + 1))
        state.pop()
    if not results:
        return Verdict(-1, 0)
    wins = [v.distance for v in results if v.result > 0]
    if wins:
        return Verdict(1, min(wins))
    if all(v.result < 0 for v in results):
        return Verdict(-1, max(v.distance for v in results))
    return Verdict(0, 0)


@pytest.mark.parametrize(("own", "opp"), [(3, 3), (3, 4), (4, 3), (4, 4)])
def test_every_sampled_verdict_follows_from_its_childrens(own: int, opp: int) -> None:
    """Wins at the smallest distance, losses at the largest, draws otherwise: checked
    one ply deep on random positions, and on every decided one met along the way."""
    checked = decided = 0
    for state in endgame_positions(60, own, opp, seed=100 + own * 10 + opp):
        verdict = probe(state)
        assert verdict is not None
        assert one_ply_verdict(state) == verdict, state.to_dict()
        checked += 1
        decided += verdict.result != 0
    assert checked == 60 and (decided > 0 or (own, opp) == (4, 4))

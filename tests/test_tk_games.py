"""The Tk view's game (the board controller, the arcade's own) for the grid games: prompts,
refusals and counts come from each game's hooks, and Othello's forced pass is played by a click."""

from __future__ import annotations

import random

from engine.registry import new_state
from game.ai_worker import AIWorker
from game.controller import BoardController
from game.controller.texts import cards_for
from game.geometry import geometry_for
from game.session import GameSession
from game.tk.setup import HUMAN, MatchSetup


def TkSession(setup: MatchSetup, lang: str = "en") -> BoardController:
    return BoardController(GameSession(setup.game_setup()), AIWorker, lang=lang, autosave=False)


def side_text(session: BoardController, side: int) -> str:
    card = cards_for(session.session, None, session.lang)[side]
    return f"{card.title}\n{card.detail}"


def forced_pass_line() -> list[str]:
    """Moves of an Othello game (fixed seed) up to a position whose only move is a pass."""
    rng = random.Random(0)
    for _ in range(500):
        state = new_state("othello")
        while state.outcome() is None:
            moves = state.legal_moves()
            if len(moves) == 1 and not moves[0].steps and state.history:
                return [str(m) for m in state.history]
            state.push(rng.choice(moves))
    raise AssertionError("no forced pass in 500 random games")


def test_othello_forced_pass_is_announced_and_any_click_plays_it() -> None:
    line = forced_pass_line()
    session = TkSession(MatchSetup("othello", {}, (HUMAN, HUMAN)))
    for move in line:
        session.play(move)
    side = session.state.to_move
    assert "pass" in session.status_text().lower()
    feedback = session.click(None)  # a click anywhere, even off the squares
    assert feedback.refusal is None and str(feedback.played) == "pass"
    assert session.state.to_move == 1 - side


def test_othello_side_panel_counts_discs() -> None:
    session = TkSession(MatchSetup("othello", {}, (HUMAN, HUMAN)))
    assert "2 discs" in side_text(session, 0) and "in hand" not in side_text(session, 0)


def test_teeko_refusal_and_prompt_come_from_the_teeko_hooks() -> None:
    session = TkSession(MatchSetup("teeko", {}, (HUMAN, HUMAN)), "fr")
    names = geometry_for("teeko").cell_names
    session.click(names.index("c3"))
    refusal = session.click(names.index("c3")).refusal  # White on Black's square
    assert refusal == "c3 est occupée : choisissez une case libre."
    assert len(session.state.history) == 1
    assert session.prompt_text() == "Blanc : posez un pion sur une case libre (4 en main)."
    assert side_text(session, 0).endswith("3 en main")

"""Draws by agreement: the computer's answer (engine), the record (session and saves) and
the offer on a board (controller), between two people at one table or against the AI."""

from __future__ import annotations

import json
from typing import Any, cast

import pytest

from engine.core import AGREED_DRAW, GameOverError, GameState, Termination
from engine.draw_offer import accepts_draw
from engine.registry import new_state
from engine.saves import SaveError, dumps, loads
from game.ai_worker import AIResult, AIWorker, DrawAnswer
from game.autosave import load_session, save_session
from game.controller import BoardController, BoardEvent, Effect, GameEnded
from game.controller.texts import outcome_words
from game.session import AI, HUMAN, GameSession, GameSetup, Seat

PEOPLE = (Seat(HUMAN), Seat(HUMAN))
# Nine: White has taken three pieces (9 to 6) and Black is to move.
WHITE_AHEAD = (
    "d2", "e5", "e4", "g1", "b2", "a7", "f2xe5", "e5", "g7", "d5", "b6", "c4", "b4xc4", "a4", "g4",
    "d1", "f4xa7",
)  # fmt: skip
TEEKO_BLACK_WINS = ("c3", "b2")  # Black to move wins (c4 or d3) with perfect play


class DrawWorker:
    """A worker that answers moves with the first legal one and draw offers with `accept`."""

    def __init__(self, accept: bool | None = True) -> None:
        self.accept = accept
        self.draws: list[int] = []
        self.cancels = 0
        self._move: GameState | None = None
        self._draw = False

    def request(self, state: GameState, level: str, movetime: float | None = None) -> int:
        self._move = state.copy()
        return 1

    def poll(self) -> AIResult | None:
        if self._move is None:
            return None
        move, self._move = str(self._move.legal_moves()[0]), None
        return AIResult(1, move, None, 1, 1)

    def request_draw(self, state: GameState, side: int) -> int:
        self.draws.append(side)
        self._draw = True
        return 2

    def poll_draw(self) -> DrawAnswer | None:
        if not self._draw:
            return None
        self._draw = False
        return DrawAnswer(2, self.accept, None if self.accept is not None else "the AI process stopped")

    def cancel(self) -> None:
        self.cancels += 1
        self._move, self._draw = None, False


def board(seats: tuple[Seat, Seat] = PEOPLE, game_id: str = "nine", worker: Any = None, **kw: Any) -> tuple[
    BoardController, list[BoardEvent], DrawWorker
]:
    events: list[BoardEvent] = []
    fake = worker or DrawWorker()
    game = BoardController(
        GameSession(GameSetup(game_id, {}, seats)),
        lambda: cast(AIWorker, fake),
        ai_min_delay=kw.pop("ai_min_delay", 0.0),
        listener=events.append,
        autosave=False,
        **kw,
    )
    return game, events, fake


# ----- the computer's answer ------------------------------------------------------------


def test_the_side_ahead_declines_and_the_side_behind_accepts() -> None:
    state = new_state("nine")
    state.play_all(list(WHITE_AHEAD))
    before = state.to_dict()
    assert (accepts_draw(state, 0), accepts_draw(state, 1)) == (False, True)
    assert state.to_dict() == before  # the position is searched, not changed


def test_an_exact_value_decides_where_the_game_is_solved() -> None:
    drawn = new_state("teeko")  # Teeko is a draw from the start with perfect play
    assert accepts_draw(drawn, 0) and accepts_draw(drawn, 1)
    won = new_state("teeko")
    won.play_all(list(TEEKO_BLACK_WINS))
    assert won.to_move == 0
    assert (accepts_draw(won, 0), accepts_draw(won, 1)) == (False, True)


def test_nothing_is_offered_in_a_finished_game() -> None:
    state = new_state("teeko")
    state.play_all(["a1", "a5", "b1", "b5", "c1", "e5", "e2", "e3", "e2-d1"])
    assert state.outcome() is not None
    with pytest.raises(GameOverError):
        accepts_draw(state, 0)


# ----- the record: session and saves ----------------------------------------------------


def test_an_agreed_draw_ends_the_session_and_undo_takes_back_only_the_agreement() -> None:
    session = GameSession(GameSetup("nine", {}, PEOPLE))
    session.play("d6")
    session.agree_draw()
    assert session.over and session.outcome() == AGREED_DRAW
    assert session.snapshot().outcome() == AGREED_DRAW  # the autosave sees it too
    assert session.can_undo() and session.undo() == []
    assert session.outcome() is None and [str(m) for m in session.state.history] == ["d6"]


def test_a_save_keeps_an_agreed_draw_and_refuses_a_false_one() -> None:
    state = new_state("nine")
    state.play_all(["d6", "a7"])
    text = dumps(state, agreed_draw=True)
    assert json.loads(text)["result"] == {"winner": None, "reason": "agreement"}
    saved = loads(text)
    assert saved.agreed_draw and saved.outcome == AGREED_DRAW
    assert AGREED_DRAW.reason is Termination.AGREEMENT and AGREED_DRAW.winner is None
    assert not loads(dumps(state)).agreed_draw
    for result in ({"winner": 0, "reason": "agreement"}, {"winner": None, "reason": "blocked"}):
        forged = json.loads(text)
        forged["result"] = result
        with pytest.raises(SaveError, match="disagrees"):
            loads(json.dumps(forged))


def test_a_game_the_rules_ended_cannot_also_be_agreed() -> None:
    state = new_state("teeko")
    state.play_all(["a1", "a5", "b1", "b5", "c1", "e5", "e2", "e3", "e2-d1"])
    rules = state.outcome()
    assert rules is not None
    assert json.loads(dumps(state, agreed_draw=True))["result"] == rules.to_dict()
    forged = json.loads(dumps(state))
    forged["result"] = AGREED_DRAW.to_dict()
    with pytest.raises(SaveError, match="disagrees"):
        loads(json.dumps(forged))


def test_a_saved_agreed_draw_loads_as_a_finished_game(tmp_path: Any) -> None:
    session = GameSession(GameSetup("nine", {}, (Seat(HUMAN), Seat(AI, "hard"))))
    session.play("d6")
    session.agree_draw()
    path = tmp_path / "agreed.plateaux.json"
    save_session(path, session)
    loaded, problem = load_session(path)
    assert problem is None and loaded is not None
    assert loaded.over and loaded.outcome() == AGREED_DRAW
    assert outcome_words(loaded, "en") == "Draw — agreed by both players"
    assert outcome_words(loaded, "fr") == "Partie nulle — d'un commun accord"


# ----- on a board -------------------------------------------------------------------------


def test_two_people_at_one_table_the_other_answers_and_the_board_waits() -> None:
    game, events, _ = board()
    game.play("d6")
    assert game.offer_draw() and game.draw.asked == 0  # Black offers, White answers
    assert game.status_text() == "Black offers a draw. White: accept (Y) or decline (N)?"
    assert not game.human_to_move() and not game.can_hint() and not game.can_offer_draw()
    refused = game.click(game.state.parse_move("a7").steps[-1])
    assert refused.refusal is not None and "answer the draw offer" in refused.refusal
    assert game.state.ply == 1  # nothing was played
    game.answer_draw(False)
    assert not game.over and game.refused and "declined" in game.status_text()
    assert not game.can_offer_draw()  # once per position
    assert game.offer_draw() is False
    game.play("a7")
    assert game.can_offer_draw() and game.offer_draw()  # White's turn now: White offers
    game.answer_draw(True)
    assert game.session.outcome() == AGREED_DRAW
    assert any(isinstance(event, GameEnded) for event in events)
    assert game.undo() and game.session.outcome() is None and game.state.ply == 2  # only the agreement goes


def test_the_computer_answers_after_its_delay_and_the_answer_is_carried_out() -> None:
    game, events, worker = board((Seat(HUMAN), Seat(AI, "hard")), ai_min_delay=0.5)
    assert game.offer_draw() and worker.draws == [1]  # the computer plays Black
    assert game.status_text() == "You offered a draw: the computer is considering it…"
    assert not game.can_hint()
    game.update(0.2)
    assert not game.over  # the answer is in, but shown no sooner than the AI's delay
    game.update(0.4)
    assert game.session.outcome() == AGREED_DRAW
    assert any(isinstance(event, GameEnded) for event in events)


@pytest.mark.parametrize("accept", [False, None])  # declined, or the computer failed to answer
def test_a_declined_or_unanswered_offer_lets_the_game_go_on(accept: bool | None) -> None:
    game, events, _ = board((Seat(HUMAN), Seat(AI, "hard")), worker=DrawWorker(accept))
    game.offer_draw()
    game.update(0.1)
    assert not game.over and not game.draw.pending
    assert game.status_text() == "The draw is declined: the game goes on."
    assert Effect("refused") in events
    game.play("d6")  # the person plays on; the computer replies
    game.update(0.1)
    assert game.state.ply == 2 and game.can_offer_draw()


def test_a_move_withdraws_an_offer_still_being_considered() -> None:
    game, _, worker = board((Seat(HUMAN), Seat(AI, "hard")))
    game.offer_draw()
    game.play("d6")
    assert not game.draw.pending and worker.cancels >= 1


def test_no_offer_when_it_is_not_the_person_s_turn_or_nobody_is_here() -> None:
    watching, _, _ = board((Seat(AI, "easy"), Seat(AI, "easy")))
    assert not watching.can_offer_draw() and watching.offer_draw() is False
    waiting, _, _ = board((Seat(AI, "easy"), Seat(HUMAN)))
    assert not waiting.can_offer_draw()  # the computer is to move
    over, _, _ = board()
    over.session.agree_draw()
    assert not over.can_offer_draw()


class QuietLink:
    """A network seat that is connected, has nothing waiting and keeps what is sent."""

    def __init__(self) -> None:
        self.lost = self.behind = False
        self.offers = 0

    def alert(self, lang: str) -> str:
        return ""

    def offer_draw(self) -> None:
        self.offers += 1

    def update(self, state: GameState, animating: bool) -> None:
        return None

    def draw_news(self) -> None:
        return None


def test_a_network_offer_travels_the_board_waits_and_a_drop_withdraws_it() -> None:
    link = QuietLink()
    game, _, _ = board((Seat(HUMAN), Seat("remote")), remote=link)
    assert game.can_offer_draw() and game.offer_draw() and link.offers == 1
    assert not game.human_to_move()  # no move may cross the offer on the wire
    assert game.status_text() == "Draw offered: waiting for the other player's answer…"
    link.lost = True
    game.update(0.1)
    assert not game.draw.pending and "withdrawn" in game.status_text()


def test_a_notice_follows_a_change_of_language() -> None:
    game, _, _ = board()
    game.offer_draw()
    game.answer_draw(False)
    assert game.notice == "The draw is declined: the game goes on."
    game.lang = "fr"  # the Tk view's Language menu, mid-game
    assert game.notice == "La nulle est refusée : la partie continue."
    refused = game.click(None)  # nothing selected: no notice
    assert refused.refusal is None
    occupied = game.state.parse_move("a7").steps[-1]
    game.play("a7")
    feedback = game.click(occupied)
    assert feedback.refusal is not None and feedback.refusal == game.notice
    game.lang = "en"
    assert game.notice != feedback.refusal and "a7" in game.notice  # the same refusal, in English

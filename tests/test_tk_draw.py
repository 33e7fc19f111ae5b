"""Draws by agreement in the Tk view (under a private Xvfb): the button and the menu offer
one, the person asked answers in a yes-or-no dialog, the computer in a moment; an
accepted draw is announced like any other result, in the window's language."""

from __future__ import annotations

from collections.abc import Callable

from test_tk_view import make_app, pump  # noqa: F401  (fixture)
from xvfb import virtual_display, xvfb_server  # noqa: F401  (fixtures)

from engine.core import AGREED_DRAW
from game.tk.app import TkApp
from game.tk.setup import HUMAN, MatchSetup

TEEKO_PEOPLE = MatchSetup("teeko", {}, (HUMAN, HUMAN))


def test_the_person_asked_answers_in_a_dialog(make_app: Callable[..., TkApp]) -> None:  # noqa: F811
    app = make_app(TEEKO_PEOPLE, lang="fr")
    asked: list[tuple[str, str]] = []
    answers = iter([False, True])

    def answer(title: str, question: str) -> bool:
        asked.append((title, question))
        return next(answers)

    app.ask_yes_no = answer
    app.game.play("c3")
    app.refresh()
    assert app.panel.buttons["draw"].cget("state") == "normal"
    app.panel.buttons["draw"].invoke()  # White offers; Black declines
    assert asked == [("Nulle proposée", "Blanc propose la nulle. Noir, acceptez-vous ?")]
    assert not app.game.over and "refusée" in app.status.notice.cget("text")
    assert app.panel.buttons["draw"].cget("state") == "disabled"  # once per position
    app.game.play("b2")
    app.root.event_generate("<Control-d>")  # Black offers; White accepts
    pump(app.root, lambda: app.game.over, timeout=2.0)
    assert app.game.session.outcome() == AGREED_DRAW
    assert app.panel.result.cget("text") == "Partie nulle — d'un commun accord"
    assert app.announcement is not None and app.announcement.winfo_exists()


def test_the_computer_answers_off_the_tk_thread(make_app: Callable[..., TkApp]) -> None:  # noqa: F811
    app = make_app(MatchSetup("teeko", {}, (HUMAN, "hard"), movetime=0.05), ai_delay=0.0)
    app.ask_yes_no = lambda _title, _question: pytest_fail()
    app.offer_draw()  # Teeko's start is a draw with perfect play: the computer accepts
    assert app.game.draw.computer_side == 1
    assert pump(app.root, lambda: app.game.over, timeout=60.0)
    assert app.game.session.outcome() == AGREED_DRAW


def pytest_fail() -> bool:
    raise AssertionError("the computer's answer never asks the person")

"""The Tk view's review window: the classes, counts and turning points, in French too,
computed in a worker of its own while the Tk loop goes on."""

from __future__ import annotations

import time
from collections.abc import Callable

from test_tk_view import TWO_PLAYERS, make_app, pump  # noqa: F401  (fixtures)
from xvfb import virtual_display, xvfb_server  # noqa: F401  (fixtures)

from game.tk.app import TkApp
from game.tk.setup import MatchSetup

TEEKO_BLUNDER = ["c3", "b2", "c4", "a1"]  # b2 throws the draw away: an exact blunder
WAIT = 60.0


def reviewed_text(app: TkApp) -> str:
    app.open_review()
    window = app.review
    assert window is not None
    deadline = time.monotonic() + WAIT
    pump(app.root, lambda: window.worker is None, timeout=WAIT)
    assert time.monotonic() < deadline, "the review did not arrive"
    return window.text.get("1.0", "end")


def test_the_review_window_lists_every_class(make_app: Callable[..., TkApp]) -> None:  # noqa: F811
    app = make_app(MatchSetup("teeko", {}, TWO_PLAYERS.levels))
    for move in TEEKO_BLUNDER:
        app.game.play(move)
    text = reviewed_text(app)
    assert "b2" in text and "blunder!" in text
    assert "Turning points" in text and "better was" in text
    assert "accuracy" in text
    assert app.game.session.review is not None  # kept with the session (and its save)
    assert app.review is not None
    app.review.close()
    assert app.review is None


def test_the_review_window_speaks_french(make_app: Callable[..., TkApp]) -> None:  # noqa: F811
    app = make_app(MatchSetup("teeko", {}, TWO_PLAYERS.levels), lang="fr")
    for move in TEEKO_BLUNDER:
        app.game.play(move)
    text = reviewed_text(app)
    assert "gaffe!" in text and "Tournants de la partie" in text and "précision" in text

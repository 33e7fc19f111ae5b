"""The review scene: the worker's review arrives with progress while frames go on,
the cursor follows keys and clicks, a mistake shows its better move, Retry judges a
tried move, and a reviewed game opens its review at once (also from a save)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

pygame = pytest.importorskip("pygame")

from conftest import arcade_app  # noqa: E402

from game.arcade.app import App  # noqa: E402
from game.autosave import load_session, save_session  # noqa: E402
from game.review_view import ReviewView  # noqa: E402
from game.session import HUMAN, GameSession, GameSetup, Seat  # noqa: E402
from scenes.game_over import GameOverScene  # noqa: E402
from scenes.review import ReviewScene  # noqa: E402

# Teeko: after c3, b2 throws the draw away (the solved database): an exact blunder.
TEEKO_BLUNDER = ["c3", "b2", "c4", "a1"]
WAIT = 60.0


app = arcade_app()


def teeko_session() -> GameSession:
    session = GameSession(GameSetup("teeko", {}, (Seat(HUMAN), Seat(HUMAN))))
    session.state.play_all(TEEKO_BLUNDER)
    return session


def open_review(app: App, session: GameSession) -> ReviewScene:
    app.reset(ReviewScene(app, session))
    app.apply_pending()
    scene = app.top
    assert isinstance(scene, ReviewScene)
    return scene


def run_until_reviewed(app: App, scene: ReviewScene) -> ReviewView:
    seen: list[int] = []
    deadline = time.monotonic() + WAIT
    while scene.view is None and time.monotonic() < deadline:
        app.frame(1 / 60, [])
        seen.append(scene.progress[0])
        time.sleep(0.005)
    assert scene.view is not None, scene.error
    assert seen == sorted(seen)  # progress only grows
    return scene.view


def key(app: App, code: int) -> None:
    app.frame(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0)])


def test_the_review_arrives_and_the_cursor_follows_the_keys(app: App) -> None:
    session = teeko_session()
    scene = open_review(app, session)
    view = run_until_reviewed(app, scene)
    assert [p.tag for p in view.review.plies][:2] == ["best!", "blunder!"]
    assert session.review is not None  # kept: a second review opens at once
    key(app, pygame.K_DOWN)  # the next error: b2
    looked = view.looked_at
    assert view.cursor == 1 and looked is not None and looked.move == "b2"
    assert "Better was" in scene.status() and looked.best_move in scene.status()
    for code, cursor in ((pygame.K_END, view.total), (pygame.K_LEFT, view.total - 1), (pygame.K_HOME, 0)):
        key(app, code)
        assert view.cursor == cursor
    key(app, pygame.K_END)
    assert view.looked_at is None  # the final position: no move played from it


def test_retry_judges_a_tried_move(app: App) -> None:
    session = teeko_session()
    scene = open_review(app, session)
    view = run_until_reviewed(app, scene)
    view.go(1)
    scene.press("retry")
    assert view.retrying and "Retry" in scene.status()
    best = view.looked_at.best_move if view.looked_at is not None else ""
    cell = view.position.parse_move(best).steps[0]
    x, y = scene.look.centre(cell)
    app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(round(x), round(y)))])
    deadline = time.monotonic() + WAIT
    while scene.judging and time.monotonic() < deadline:
        app.frame(1 / 60, [])
        time.sleep(0.005)
    assert view.retry is not None and view.retry.as_good and view.retry.move == best
    assert "as good as the best" in scene.status()


def test_a_reviewed_game_opens_at_once_and_its_review_is_saved(app: App, tmp_path: Path) -> None:
    session = teeko_session()
    scene = open_review(app, session)
    run_until_reviewed(app, scene)
    path = tmp_path / "teeko.plateaux.json"
    save_session(path, session)
    loaded, error = load_session(path)
    assert loaded is not None and error is None and loaded.review is not None
    again = open_review(app, loaded)
    assert again.view is not None  # no worker round trip: the saved review
    assert [p.tag for p in again.view.review.plies] == [p.tag for p in session.review or ()]


def test_the_game_over_offers_the_review(app: App) -> None:
    session = teeko_session()
    app.reset(GameOverScene(app, session))
    app.apply_pending()
    over = app.top
    assert isinstance(over, GameOverScene)
    assert "review" in [entry.action for entry in over.entries()]
    over.choose("review")
    app.apply_pending()
    assert isinstance(app.top, ReviewScene)

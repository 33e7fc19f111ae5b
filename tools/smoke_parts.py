"""The smoke tour's parts: the Tour driver (frames, waits, screenshots) and the tours of
Teeko's verdicts, every board look and the game review (tools/smoke.py runs them)."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pygame

from game.arcade.app import App
from game.arcade.scene import Scene
from game.session import HUMAN, GameSession, GameSetup, Seat

S = TypeVar("S", bound=Scene)
# Nine, every piece placed, White to move: g4-g7 closes the mill a7-d7-g7.
MOVING_PHASE = "a7 d6 d7 c5 g4 e4 b6 f4 f6 b4 c3 c4 e3 d1 a1 g1 d2 f2"
# Each look mid-game (game, look, moves): Teeko moving, Othello with its legal-move
# dots, and both dames looks with a White king (crowned on 1 by 32x21x12x1).
LOOK_TOUR = (
    ("teeko", "", "c4 e2 d2 e5 d3 e1 a1 c5 c4-b5 e2-e3"),
    ("othello", "", "f5 f6 e6 f4 g6 d7 c3 c5 d3 g4 c6 c4 e8 g7 f3 c7"),
    *(
        ("dames", look, "33-28 18-23 39-33 23-29 33x24 20x29 34x23 19-24 31-27 12-18 23x12 7x18 "
         "38-33 1-7 27-21 16x27 32x21x12x1")
        for look in ("a", "b")
    ),
)  # fmt: skip
# Teeko's verdicts: Black to move after c3 b2 (c4 and d3 win in 13, b5 and e2 lose in 16);
# a moving position where White's c5 has wins, draws and a loss; a game decided at move 3.
TEEKO_HINT_PLACING = "c3 b2"
TEEKO_HINT_MOVING = ("a3 c5 d3 a2 e1 b2 d1 b3 d1-d2", "c5")
TEEKO_DECIDED = "a1 a5 b1 b5 c1 e5 e2 e3 e2-d1"
SMOKE_ANIMATION_SPEED = 6.0
SMOKE_MOVETIME = 0.1
GAME_TIME_LIMIT = 120.0  # seconds for the AI-vs-AI game


class Tour:
    def __init__(self, app: App, out: Path) -> None:
        self.app = app
        self.out = out
        self.shots: list[Path] = []

    def frames(self, count: int, events: Callable[[int], list[pygame.event.Event]] | None = None) -> None:
        for index in range(count):
            if not self.app.running:
                raise RuntimeError("the app stopped during the tour")
            dt = self.app.clock.tick(60) / 1000.0
            self.app.frame(min(dt, 0.1), events(index) if events else [])

    def until(self, done: Callable[[], bool], limit: float) -> bool:
        deadline = time.monotonic() + limit
        while not done():
            if time.monotonic() > deadline:
                return False
            self.frames(1)
        return True

    def shot(self, name: str) -> None:
        path = self.out / f"{len(self.shots) + 1:02d}_{name}.png"
        pygame.image.save(self.app.screen, str(path))
        self.shots.append(path)
        print(f"saved {path}")

    def top(self) -> Scene:
        scene = self.app.top
        assert scene is not None, "no scene on the stack"
        return scene

    def expect(self, kind: type[S]) -> S:
        scene = self.top()
        if not isinstance(scene, kind):
            raise RuntimeError(f"expected {kind.__name__}, found {type(scene).__name__}")
        return scene


def click_at(pos: tuple[float, float]) -> list[pygame.event.Event]:
    point = (round(pos[0]), round(pos[1]))
    return [
        pygame.event.Event(pygame.MOUSEMOTION, pos=point, rel=(0, 0), buttons=(0, 0, 0)),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=point, button=1),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=point, button=1),
    ]


def tour_looks(t: Tour) -> None:
    """One shot of every look mid-game, two people at the table."""
    from scenes.board import BoardScene
    from scenes.title import TitleScene

    for game, look, moves in LOOK_TOUR:
        session = GameSession(GameSetup(game, {}, (Seat(HUMAN), Seat(HUMAN)), look))
        session.state.play_all(moves.split())
        t.app.push(BoardScene(t.app, session))
        t.frames(3)
        scene = t.expect(BoardScene)
        if look and scene.look.look_id != look:
            raise RuntimeError(f"{game} shows look {scene.look.look_id}, not {look}")
        t.shot(f"board_{game}_{look}" if look else f"board_{game}")
        scene.leave_to_menu()
        t.frames(3)
        t.expect(TitleScene)


def tour_chain_replay(t: Tour) -> None:
    """The dames game of the looks replayed, caught in the middle of its last move, a
    three-jump chain: the first piece jumped is gone, the second leaving, the third not
    yet jumped (shown at the normal animation speed)."""
    from scenes.replay import ReplayScene
    from scenes.title import TitleScene

    game, look, moves = LOOK_TOUR[-1]
    session = GameSession(GameSetup(game, {}, (Seat(HUMAN), Seat(HUMAN)), look))
    session.state.play_all(moves.split())
    fast = t.app.settings
    t.app.settings = fast.with_changes(animation_speed=1.0)
    t.app.push(ReplayScene(t.app, session))
    t.frames(2)
    replay = t.expect(ReplayScene)
    replay.press("play")  # pause, then step to the move before the chain
    replay.seek(len(replay.moves) - 1)
    replay.forward(animate=True)
    t.until(lambda: replay.animator.removal_moments()[:1] == [0.0], 5)  # the first is leaving
    t.frames(20)  # a third of a second on: the second jump's piece is leaving
    t.shot("replay_chain_mid_jump")
    t.app.settings = fast
    t.app.reset(TitleScene(t.app))
    t.frames(3)


def tour_draw_offer(t: Tour) -> None:
    """Two people at Teeko: White offers a draw (D); the board asks Black, with Accept
    and Decline under the question (in French too); Black accepts and the game is over."""
    from scenes.board import BoardScene
    from scenes.game_over import GameOverScene

    session = GameSession(GameSetup("teeko", {}, (Seat(HUMAN), Seat(HUMAN))))
    session.state.play_all(["c3", "b2", "c4"])
    t.app.push(BoardScene(t.app, session))
    t.frames(3)
    board = t.expect(BoardScene)
    key_d = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_d, mod=0, unicode="d", scancode=0)
    t.frames(3, lambda i: [key_d] if i == 0 else [])
    if board.game.draw.asked != 0:
        raise RuntimeError("D did not offer a draw to the other person")
    t.shot("board_draw_offer")
    t.app.settings = t.app.settings.with_changes(language="fr")
    t.app.manager.set_locale("fr")
    t.frames(2)
    t.shot("board_draw_offer_fr")
    t.app.settings = t.app.settings.with_changes(language="en")
    t.app.manager.set_locale("en")
    board.press("offer_draw")  # it reads Accept now
    if not t.until(lambda: isinstance(t.app.top, GameOverScene), 10):
        raise RuntimeError("an accepted draw did not end the game")
    t.frames(10)
    t.shot("game_over_agreed_draw")
    t.expect(GameOverScene).choose("menu")
    t.frames(3)


def teeko_hint_shot(t: Tour, name: str, moves: str, select: str = "") -> None:
    """Hint pressed in a Teeko position (two people), then maybe a piece selected."""
    from scenes.board import BoardScene

    session = GameSession(GameSetup("teeko", {}, (Seat(HUMAN), Seat(HUMAN))))
    session.state.play_all(moves.split())
    t.app.push(BoardScene(t.app, session))
    t.frames(2)
    board = t.expect(BoardScene)
    board.press("hint")
    if not t.until(lambda: board.verdict_hint.shown, 5):
        raise RuntimeError("the Teeko hint showed no verdicts")
    if select:
        cell = board.look.geometry.cell_names.index(select)
        t.frames(1, lambda _: click_at(board.look.centre(cell)))
    t.frames(3)
    t.shot(f"teeko_hint_{name}")
    board.leave_to_menu()
    t.frames(2)


def tour_teeko_verdicts(t: Tour) -> None:
    """The solved game: the hint's verdicts (placing, then a selected piece's moves), the
    game-over line saying where the game was decided, and the replay marking that move."""
    from game.verdict_hints import wait_for_database
    from scenes.game_over import GameOverScene
    from scenes.replay import ReplayScene
    from scenes.title import TitleScene

    if not wait_for_database(10):  # loading since the Teeko look's board scene started
        raise RuntimeError("the Teeko database did not load")
    teeko_hint_shot(t, "placing", TEEKO_HINT_PLACING)
    teeko_hint_shot(t, "moving", *TEEKO_HINT_MOVING)
    decided = GameSession(GameSetup("teeko", {}, (Seat(HUMAN), Seat(HUMAN))))
    decided.state.play_all(TEEKO_DECIDED.split())
    t.app.push(GameOverScene(t.app, decided))
    t.frames(10)
    over = t.expect(GameOverScene)
    if not over.analysis():
        raise RuntimeError("the Teeko game over does not say where the game was decided")
    t.shot("teeko_game_over")
    over.choose("replay")
    t.frames(2)
    replay = t.expect(ReplayScene)
    replay.press("play")  # pause, then step to the deciding move
    ply = replay.decisive_ply
    if ply is None:
        raise RuntimeError("the Teeko replay does not know the deciding move")
    while replay.index <= ply:
        replay.forward(animate=False)
    t.frames(3)
    t.shot("teeko_replay_decided")
    t.app.reset(TitleScene(t.app))
    t.frames(3)


def tour_review(t: Tour) -> None:
    """The game over's Review: the progress bar, the graph and classes, a mistake with the
    better move drawn, Retry, and the same screen in French; then back to the game over."""
    from scenes.game_over import GameOverScene
    from scenes.review import ReviewScene

    t.expect(GameOverScene).choose("review")
    t.frames(2)
    review = t.expect(ReviewScene)
    t.frames(8)
    t.shot("review_progress")
    if not t.until(lambda: review.view is not None, 120):
        raise RuntimeError("the review did not finish within 120 s")
    view = review.view
    assert view is not None
    print(f"review of {view.total} plies: " + ", ".join(
        f"{name} {view.review.counts(p)}" for p, name in enumerate(("first", "second"))
    ))  # fmt: skip
    view.next_error(1)
    t.frames(3)
    t.shot("review_mistake")
    review.press("retry")
    t.frames(3)
    t.shot("review_retry")
    review.press("answer")
    t.app.settings = t.app.settings.with_changes(language="fr")
    t.app.manager.set_locale("fr")
    review.rebuild()
    t.frames(3)
    t.shot("review_fr")
    t.app.settings = t.app.settings.with_changes(language="en")
    t.app.manager.set_locale("en")
    t.app.pop()
    t.frames(3)

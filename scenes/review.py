"""Reviewing a finished game: the evaluation graph, every move's class, each player's
counts and the turning points; on a mistake the better move is drawn on the board,
and Retry lets the player look for a better move from the position before it.

The review itself runs in the AI worker (engine/review.py), with a progress bar; the
frame loop only polls. A game reviewed once keeps its review (session.review, saved
with the game), so a second review opens at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
from pygame_gui.core import ObjectID, UIContainer
from pygame_gui.elements import UIButton

import scenes.board_view as board_view
from engine.review import REVIEW_NODES
from game.ai_worker import ReviewProgress, ReviewResult
from game.arcade import assets
from game.arcade.board_look import BoardLook
from game.arcade.scene import Scene, press_named_button
from game.game_hooks import player_name
from game.i18n import tr
from game.input import ClickKind, MoveBuilder
from game.review_view import CLASS_COLOURS, ReviewView
from game.session import GameSession
from scenes.board_panel import BOARD_RECT, PANEL_RECT, draw_status
from scenes.review_panel import (
    GRAPH_RECT,
    LIST_RECT,
    cursor_at,
    draw_counts,
    draw_graph,
    draw_move_list,
    draw_progress,
    row_at,
)

if TYPE_CHECKING:
    from game.arcade.app import App

BUTTONS = ("previous", "next", "back", "retry", "answer")  # two rows of three
BUTTONS_TOP = LIST_RECT.bottom + 12
BUTTON_HEIGHT, BUTTON_GAP = 38, 8
KEYS = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1}


class ReviewScene(Scene):
    shortcuts = (
        ("plateaux.keycap_left_right", "plateaux.key_step"),
        ("plateaux.keycap_up_down", "plateaux.key_errors"),
        ("plateaux.keycap_home_end", "plateaux.key_jump"),
        ("R", "plateaux.key_retry"),
    )

    music = "replay"

    def __init__(self, app: App, session: GameSession) -> None:
        super().__init__(app)
        self.session = session
        setup = session.setup
        self.look = BoardLook(setup.game_id, setup.options, BOARD_RECT, setup.look)
        self.view: ReviewView | None = None
        self.progress = (0, session.state.ply + 1)
        self.error = ""
        self.builder = MoveBuilder()
        self.judging = False
        self.buttons: dict[str, UIButton] = {}
        if session.review is not None:
            self.view = ReviewView(session.state, session.review)
        else:
            app.worker.request_review(session.state, REVIEW_NODES)

    # ----- widgets ----------------------------------------------------------------
    def build(self, root: UIContainer) -> None:
        self.buttons = {}
        width = (PANEL_RECT.width - 2 * BUTTON_GAP) // 3
        for index, name in enumerate(BUTTONS):
            row, column = divmod(index, 3)
            x = PANEL_RECT.x + column * (width + BUTTON_GAP)
            rect = pygame.Rect(x, BUTTONS_TOP + row * (BUTTON_HEIGHT + BUTTON_GAP), width, BUTTON_HEIGHT)
            self.buttons[name] = UIButton(rect, f"plateaux.review_{name}", self.app.manager, container=root,
                                          object_id=ObjectID("#small_button"))  # fmt: skip
        self.refresh_buttons()

    def refresh_buttons(self) -> None:
        view = self.view
        wanted = {
            "back": True,
            "previous": view is not None and view.cursor > 0,
            "next": view is not None and view.cursor < view.total,
            "retry": view is not None and view.can_retry and not view.retrying,
            "answer": view is not None and view.retrying and not view.answer_shown,
        }
        for name, button in self.buttons.items():
            if wanted[name] and not button.is_enabled:
                button.enable()  # type: ignore[no-untyped-call]
            elif not wanted[name] and button.is_enabled:
                button.disable()  # type: ignore[no-untyped-call]

    # ----- input --------------------------------------------------------------------
    def press(self, name: str) -> None:
        self.app.effect("click")
        view = self.view
        if name == "back":
            self.app.pop()
        elif view is None:
            return
        elif name in ("previous", "next"):
            view.step(-1 if name == "previous" else 1)
        elif name == "retry" and view.start_retry():
            self.builder.reset(view.position.legal_moves())
        elif name == "answer":
            view.show_answer()
        self.refresh_buttons()

    def handle_event(self, event: pygame.event.Event) -> None:
        if press_named_button(event, self.buttons, self.press):
            return
        view = self.view
        if event.type == pygame.KEYDOWN:
            self._key(event.key)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and view is not None:
            if GRAPH_RECT.collidepoint(event.pos):
                self._go(cursor_at(view, event.pos[0]))
            elif (ply := row_at(view, event.pos)) is not None:
                self._go(ply)
            elif view.retrying and self.look.rect.collidepoint(event.pos):
                self._retry_click(self.look.cell_at(event.pos))
        self.refresh_buttons()

    def _key(self, key: int) -> None:
        view = self.view
        if key == pygame.K_ESCAPE:
            self.press("back")
        elif view is None:
            return
        elif key in KEYS:
            view.step(KEYS[key])
        elif key in (pygame.K_UP, pygame.K_DOWN):
            view.next_error(-1 if key == pygame.K_UP else 1)
        elif key == pygame.K_HOME:
            view.go(0)
        elif key == pygame.K_END:
            view.go(view.total)
        elif key == pygame.K_r:
            self.press("retry")

    def _go(self, cursor: int) -> None:
        assert self.view is not None
        self.view.go(cursor)
        self.app.effect("click")

    def _retry_click(self, cell: int | None) -> None:
        if cell is None or self.judging or self.view is None:
            return
        result = self.builder.click(cell)
        if result.kind is ClickKind.COMPLETE:
            self._judge(result.move)
        elif result.kind is ClickKind.REFUSED:
            self.app.effect("refused")
        else:
            self.app.effect("select")

    def _judge(self, move: Any) -> None:
        """Ask the worker how the tried move compares (a review of that one ply)."""
        view = self.view
        assert view is not None
        tried = view.position.copy()
        tried.push(move)
        self.app.worker.request_review(tried, REVIEW_NODES, first_ply=view.cursor)
        self.judging = True
        self.builder.reset(view.position.legal_moves())

    # ----- time ---------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.refresh_buttons()  # the cursor may have moved (keys, clicks on the graph or the list)
        if self.view is None or self.judging:
            answer = self.app.worker.poll_review()
            if isinstance(answer, ReviewProgress) and self.view is None:
                self.progress = (answer.done, answer.total)
            elif isinstance(answer, ReviewResult):
                self._arrived(answer)

    def _arrived(self, answer: ReviewResult) -> None:
        plies = answer.plies
        if self.judging:
            self.judging = False
            if self.view is not None and plies:
                self.view.judged(plies[-1])
                self.app.effect("select" if self.view.retry and self.view.retry.as_good else "refused")
        elif plies is None:
            self.error = answer.error or "?"
        else:
            self.session.review = tuple(plies)
            self.view = ReviewView(self.session.state, self.session.review)
        self.refresh_buttons()

    @property
    def busy_thinking(self) -> bool:
        return self.view is None or self.judging

    # ----- drawing ------------------------------------------------------------------
    def status(self) -> str:
        lang, view = self.app.lang, self.view
        if view is None:
            return tr("plateaux.review_failed", lang, error=self.error) if self.error else ""
        if view.retrying:
            return self._retry_status(view)
        looked = view.looked_at
        if looked is None:
            return tr("plateaux.review_end", lang)
        number = f"{looked.ply // 2 + 1}{'.' if looked.ply % 2 == 0 else '...'}"
        label = tr(f"plateaux.review_class_{looked.label}", lang)
        if looked.label in ("best", "good"):
            return tr("plateaux.review_move", lang, number=number, move=looked.move, label=label)
        return tr("plateaux.review_move_better", lang, number=number, move=looked.move, label=label,
                  best=looked.best_move)  # fmt: skip

    def _retry_status(self, view: ReviewView) -> str:
        lang = self.app.lang
        if self.judging:
            return tr("plateaux.review_judging", lang)
        retry = view.retry
        if view.answer_shown:
            assert view.looked_at is not None
            return tr("plateaux.review_answer_is", lang, best=view.looked_at.best_move)
        if retry is None:
            player = player_name(view.position, view.position.to_move, lang)
            return tr("plateaux.review_retry_prompt", lang, player=player)
        if retry.as_good:
            return tr("plateaux.review_retry_good", lang, move=retry.move)
        return tr("plateaux.review_retry_worse", lang, move=retry.move,
                  label=tr(f"plateaux.review_class_{retry.label}", lang))  # fmt: skip

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(assets.BACKGROUND)
        self.look.draw_background(surface)
        view = self.view
        if view is None:
            board_view.draw_pieces(surface, self.look, self.session.state.board(), None)
            lang = self.app.lang
            pygame.draw.rect(surface, assets.PANEL, LIST_RECT, border_radius=12)
            draw_progress(surface, *self.progress, lang)
            draw_status(surface, self.status() or tr("plateaux.review_running", lang), bool(self.error))
            return
        cells = view.position.board()
        board_view.draw_pieces(surface, self.look, cells, None)
        self._draw_marks(surface, view, cells)
        lang = self.app.lang
        names = [player_name(view.final, p, lang) for p in (0, 1)]
        draw_graph(surface, view, names[0], lang)
        draw_counts(surface, view, names, lang)
        draw_move_list(surface, view, lang)
        refused = view.retry is not None and not view.retry.as_good
        draw_status(surface, self.status(), refused)

    def _draw_marks(self, surface: pygame.Surface, view: ReviewView, cells: tuple[int, ...]) -> None:
        looked = view.looked_at
        if view.retrying:
            for cell in self.builder.prefix:
                self.look.draw_ring(surface, cell, pygame.Color(assets.ACCENT), width=5, grow=1.22)
            if view.answer_shown and looked is not None:
                self._draw_move(surface, view, looked.best_move, pygame.Color(CLASS_COLOURS["best"]))
            return
        if looked is None:
            return
        self._draw_move(surface, view, looked.move, pygame.Color(CLASS_COLOURS[looked.label]))
        if looked.label not in ("best", "good"):
            self._draw_move(surface, view, looked.best_move, pygame.Color(CLASS_COLOURS["best"]))

    def _draw_move(self, surface: pygame.Surface, view: ReviewView, text: str, colour: pygame.Color) -> None:
        """A move of the position shown: rings on its cells and a line through them."""
        try:
            steps = view.position.parse_move(text).steps
        except ValueError:
            return
        centres = [self.look.centre(cell) for cell in steps]
        if len(centres) > 1:
            pygame.draw.lines(surface, colour, False, centres, 5)
        for cell in steps:
            self.look.draw_ring(surface, cell, colour, width=4, grow=1.2)


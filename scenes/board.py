"""The board scene: the arcade's view of a game in progress, for any game.

All game logic is the board controller's (game.controller): moves built click by
click, AI and network turns, undo/redo, hints, texts, autosave. This scene turns
mouse and keys into its calls, its events into animations and sounds, and draws.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
from pygame_gui.core import ObjectID, UIContainer
from pygame_gui.elements import UIButton

import scenes.board_view as board_view
from game.ai_turns import AITurns
from game.arcade.animation import Animator
from game.arcade.board_look import BoardLook
from game.arcade.scene import Scene
from game.controller import BoardController, BoardEvent, ChainStep, Effect, GameEnded, MoveShown
from game.controller.hints import VerdictHint
from game.i18n import Words, words
from game.input import MoveBuilder
from game.session import GameSession, GameSetup
from scenes.board_anim import DueEffects, ShownSteps
from scenes.board_draw import draw_board_scene
from scenes.board_input import handle_board_event, scroll_to_end
from scenes.board_panel import (
    BOARD_RECT,
    BUTTONS_TOP,
    PANEL_RECT,
)
from scenes.file_flow import FileFlow

if TYPE_CHECKING:
    from game.arcade.app import App
    from game.net.remote_turns import RemoteTurns

GAME_OVER_PAUSE = 1.2  # seconds to look at the final position before the summary
LEAVE_CONFIRM_SECONDS = 4.0  # a second Menu (or Escape) within this leaves a network game
# Four to a row; "decline_draw" shows only while a person here answers a draw offer,
# when "offer_draw" reads "Accept draw" above it.
BUTTONS = ("undo", "redo", "hint", "offer_draw", "save", "load", "menu", "decline_draw")
PER_ROW = 4


class BoardScene(Scene):
    shortcuts = (
        ("U", "plateaux.key_undo"),
        ("R", "plateaux.key_redo"),
        ("H", "plateaux.key_hint"),
        ("P", "plateaux.key_pause"),
        ("D", "plateaux.key_draw"),
        ("plateaux.keycap_yes_no", "plateaux.key_draw_answer"),
        ("plateaux.keycap_arrows", "plateaux.key_cursor"),
        ("plateaux.keycap_space", "plateaux.key_select"),
        ("plateaux.keycap_enter", "plateaux.key_stop"),
        ("plateaux.keycap_pages", "plateaux.key_scroll"),
    )

    music = "game"

    def __init__(
        self, app: App, session: GameSession, notice: str = "", remote: RemoteTurns | None = None
    ) -> None:
        super().__init__(app)
        self.game = BoardController(
            session,
            lambda: app.worker,
            lang=app.lang,
            ai_min_delay=app.ai_min_delay,
            ai_movetime=app.ai_movetime,
            remote=remote,
            listener=self._on_board_event,
        )
        self.game.say(notice)
        self.look = BoardLook(session.state.spec.id, session.state.options, BOARD_RECT, session.setup.look)
        self.animator = Animator()
        self.files = FileFlow(app.lang)
        self.clock = 0.0
        self.hover: int | None = None
        self.cursor: int | None = None  # keyboard cursor, shown once the keyboard is used
        self.list_top = 0  # first move-list row shown
        self.follow_list = True
        self.sounds = DueEffects()  # effects due later (a removal after its mill, each jump)
        self.taken_cells: tuple[int, ...] = ()  # where the last move took pieces (marked)
        self.over_timer: float | None = None
        self.leave_asked: float | None = None  # when Menu was first pressed in a network game
        self.buttons: dict[str, UIButton] = {}
        scroll_to_end(self)
        if session.over:  # a finished game was loaded: show it, then the summary
            self.over_timer = GAME_OVER_PAUSE

    @classmethod
    def new_game(cls, app: App, setup: GameSetup) -> BoardScene:
        return cls(app, GameSession(setup))

    # ----- the controller's state, read by the drawing and the tests ---------------------
    @property
    def session(self) -> GameSession:
        return self.game.session

    @property
    def builder(self) -> MoveBuilder:
        return self.game.builder

    @property
    def cells(self) -> tuple[int, ...]:
        return self.game.cells

    @property
    def shown_prefix(self) -> tuple[int, ...]:
        return self.game.shown_prefix

    @property
    def ai(self) -> AITurns:
        return self.game.ai

    @property
    def remote(self) -> RemoteTurns | None:
        return self.game.remote

    @property
    def hint(self) -> Any:
        return self.game.hint

    @property
    def verdict_hint(self) -> VerdictHint:
        return self.game.verdict_hint

    @property
    def paused(self) -> bool:
        return self.game.paused

    @property
    def refused(self) -> bool:
        return self.game.refused

    @property
    def status_override(self) -> str:
        return self.game.notice

    @property
    def lang(self) -> str:
        return self.app.lang

    @property
    def watching(self) -> bool:
        return self.game.watching

    @property
    def busy_thinking(self) -> bool:
        return self.game.ai.busy

    def human_to_move(self) -> bool:
        return self.game.human_to_move()

    def status_text(self) -> str:
        return self.game.status_text()

    # ----- widgets -----------------------------------------------------------------
    def build(self, root: UIContainer) -> None:
        self.buttons = {}
        width = (PANEL_RECT.width - (PER_ROW - 1) * 10) // PER_ROW
        for index, name in enumerate(BUTTONS):
            column, row = index % PER_ROW, index // PER_ROW
            rect = pygame.Rect(PANEL_RECT.x + column * (width + 10), BUTTONS_TOP + row * 46, width, 38)
            self.buttons[name] = UIButton(
                rect,
                f"plateaux.{name}",
                self.app.manager,
                container=root,
                tool_tip_text=f"plateaux.tip_{name}",
                object_id=ObjectID("#small_button"),
            )
        self.refresh_buttons()

    def refresh_buttons(self) -> None:
        if not self.buttons:
            return
        game = self.game
        asked = game.draw.asked is not None  # a person here answers a draw offer
        wanted = {
            "undo": game.can_undo() and not asked,
            "redo": game.can_redo() and not asked,
            "hint": (game.can_hint() or (game.watching and not game.over)) and not asked,
            "offer_draw": game.can_offer_draw() or asked,
            "save": not self.files.busy,
            "load": not self.files.busy and game.local,
            "menu": True,
            "decline_draw": asked,
        }
        if game.watching:  # nobody to hint: the button pauses and resumes the game
            self.buttons["hint"].set_text("plateaux.resume" if game.paused else "plateaux.pause")
        offer = self.buttons["offer_draw"]
        label = "plateaux.draw_accept" if asked else "plateaux.offer_draw"
        if offer.text != label:
            offer.set_text(label)
        decline = self.buttons["decline_draw"]
        if asked != decline.visible:
            decline.show() if asked else decline.hide()  # type: ignore[no-untyped-call]
        for name, button in self.buttons.items():
            if wanted[name] and not button.is_enabled:
                button.enable()  # type: ignore[no-untyped-call]
            elif not wanted[name] and button.is_enabled:
                button.disable()  # type: ignore[no-untyped-call]

    # ----- what the controller did: animations and sounds ------------------------------
    def _on_board_event(self, event: BoardEvent) -> None:
        speed = self.app.settings.animation_speed
        if isinstance(event, MoveShown):
            mover = 1 - self.session.state.to_move
            self.taken_cells = board_view.taken_cells(event.before, event.after, mover)
            self.animator.add_move(
                self.look,
                list(event.before),
                list(event.after),
                ShownSteps(event.steps),
                list(event.flash),
                speed,
            )
            if event.still:  # the player stopped a chain already shown: no new step
                self.app.effect("click")
            else:
                self.app.effect("place" if event.placed else "fly" if event.flew else "move")
                if event.capture:
                    self.sounds.capture_sounds(self.animator.removal_moments(), self.animator.jumping, speed)
            self._moved()
        elif isinstance(event, ChainStep):
            self.animator.finish()
            self.animator.add_move(
                self.look, list(event.before), list(event.after), ShownSteps(event.steps), [], speed
            )
            self.app.effect("move")
            if event.capture:
                self.sounds.capture_sounds(self.animator.removal_moments(), True, speed)
        elif isinstance(event, Effect):
            self.app.effect(event.name)
        elif isinstance(event, GameEnded):
            if self.over_timer is None:
                self.over_timer = GAME_OVER_PAUSE
            self.app.effect(event.sound)

    def _moved(self) -> None:
        if self.follow_list:
            scroll_to_end(self)
        self.refresh_buttons()

    # ----- actions ------------------------------------------------------------------------
    def _sync(self) -> None:
        self.game.lang = self.app.lang  # the settings may change the language at any time

    def toggle_pause(self) -> None:
        self._sync()
        self.game.toggle_pause()
        self.refresh_buttons()

    def undo(self) -> None:
        self._sync()
        self.animator.finish()
        if self.game.undo():
            self.over_timer = None
            self.taken_cells = ()
            self._moved()

    def redo(self) -> None:
        self._sync()
        self.animator.finish()
        if self.game.redo():
            self.taken_cells = ()
            self._moved()

    def ask_hint(self) -> None:
        self._sync()
        self.game.ask_hint()

    def offer_draw(self) -> None:
        self._sync()
        self.animator.finish()
        self.game.offer_draw()

    def answer_draw(self, accept: bool) -> None:
        self._sync()
        self.game.answer_draw(accept)

    def refuse(self, reason: str | Words) -> None:
        self.game.refuse(reason)

    def leave_to_menu(self) -> None:
        live_link = self.game.remote is not None and not self.game.over
        asked = self.leave_asked
        if live_link and (asked is None or self.clock - asked > LEAVE_CONFIRM_SECONDS):
            # Leaving ends a network game for both: a stray Escape must not do it.
            self.leave_asked = self.clock
            self.refuse(words("plateaux.confirm_leave_network"))
            return
        if live_link and self.game.remote is not None:
            self.game.remote.leave()  # leaving (not quitting the app) ends it for both
        self.app.effect("click")
        self.app.reset("title")

    def closing(self) -> None:
        self.files.close()
        self.game.close()

    # ----- input ----------------------------------------------------------------------
    def click_cell(self, cell: int | None) -> None:
        """A click (mouse or keyboard) on a cell, or beside the board when None."""
        self._sync()
        self.animator.finish()  # never make the player wait for an animation
        self.game.click(cell)

    def stop_here(self) -> None:
        """Enter or right click: the shortest complete move (dames chains), else cancel."""
        self._sync()
        self.animator.finish()
        self.game.stop_here()

    def handle_event(self, event: pygame.event.Event) -> None:
        handle_board_event(self, event)

    def press(self, name: str) -> None:
        if name == "undo":
            self.undo()
        elif name == "redo":
            self.redo()
        elif name == "hint":
            self.toggle_pause() if self.watching else self.ask_hint()
        elif name == "offer_draw":
            self.answer_draw(True) if self.game.draw.asked is not None else self.offer_draw()
        elif name == "decline_draw":
            self.answer_draw(False)
        elif name == "save":
            self.app.effect("click")
            self.files.lang = self.lang
            self.files.start_save(self.session)
        elif name == "load":
            self.app.effect("click")
            self.files.lang = self.lang
            self.files.start_load()
        elif name == "menu":
            self.leave_to_menu()
        self.refresh_buttons()

    # ----- time -------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self._sync()
        self.clock += dt
        self.animator.update(dt)
        self.sounds.update(dt, self.app.effect)
        self.game.update(dt, animating=self.animator.busy)
        self._update_files()
        if self.over_timer is not None and not self.animator.busy:
            self.over_timer -= dt
            if self.over_timer <= 0:
                self.over_timer = None
                remote = self.game.remote  # a network game keeps its link for a rematch
                post = remote.for_rematch(self.session.state) if remote is not None else None
                self.app.replace("game_over", self.session, post)

    def _update_files(self) -> None:
        """The save/load dialog's answer: a message, or the loaded game in a new board."""
        result = self.files.poll()
        if result is None:
            return
        self.refresh_buttons()
        if result.session is not None:
            self.app.replace("board", result.session, notice=result.message)
            return
        self.game.say(result.message, refused=not result.ok)
        if not result.ok:
            self.app.effect("refused")

    # ----- drawing -------------------------------------------------------------------------
    def targets(self) -> set[int]:
        if not self.app.settings.show_legal_moves:
            return set()
        pointer = self.cursor if self.cursor is not None else self.hover
        return self.game.targets(pointer, every_move=self.look.style.marks_every_move)

    def draw(self, surface: pygame.Surface) -> None:
        draw_board_scene(self, surface)

"""The board scene: a game in progress, for any game of the registry.

Moves are built click by click (game.input.MoveBuilder) from `move.steps`, so a new
game plugs in through its steps and its hooks (game.game_hooks) without changes
here. The AI plays in the worker process; the frame loop only polls it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
from pygame_gui.core import ObjectID, UIContainer
from pygame_gui.elements import UIButton

from engine.core import EMPTY
from game.ai_turns import HINT, AITurns
from game.arcade.animation import Animator
from game.arcade.board_look import BoardLook
from game.arcade.scene import Scene
from game.autosave import Autosaver
from game.game_hooks import hooks_for
from game.i18n import tr
from game.input import ClickKind, MoveBuilder
from game.session import GameSession, GameSetup
from scenes.board_chain import ShownSteps, remove_when_jumped, show_chain_prefix
from scenes.board_draw import draw_board_scene
from scenes.board_input import handle_board_event, scroll_to_end
from scenes.board_panel import (
    BOARD_RECT,
    BUTTONS_TOP,
    PANEL_RECT,
)
from scenes.board_texts import outcome_sound
from scenes.board_turns import update_ai, update_files
from scenes.board_verdicts import VerdictHint, ask_verdict_hint, update_verdict_hint
from scenes.file_flow import FileFlow

if TYPE_CHECKING:
    from game.arcade.app import App
    from game.net.remote_turns import RemoteTurns

GAME_OVER_PAUSE = 1.2  # seconds to look at the final position before the summary
LEAVE_CONFIRM_SECONDS = 4.0  # a second Menu (or Escape) within this leaves a network game
BUTTONS = ("undo", "redo", "hint", "save", "load", "menu")


class BoardScene(Scene):
    music = "game"

    def __init__(
        self, app: App, session: GameSession, notice: str = "", remote: RemoteTurns | None = None
    ) -> None:
        super().__init__(app)
        self.session = session
        self.remote = remote  # the network seat of a LAN game (game.net.remote_turns)
        self.hooks = hooks_for(session.state.spec.id)
        self.look = BoardLook(session.state.spec.id, session.state.options, BOARD_RECT, session.setup.look)
        self.builder = MoveBuilder(session.state.legal_moves())
        self.animator = Animator()
        self.ai = AITurns(lambda: app.worker, app.ai_min_delay, app.ai_movetime)
        self.autosaver = Autosaver()
        self.files = FileFlow(app.lang)
        self.cells = session.state.board()  # what the board shows (after the last move)
        self.shown_prefix: tuple[int, ...] = ()  # clicks already shown played (a chain so far)
        self.clock = 0.0
        self.hover: int | None = None
        self.cursor: int | None = None  # keyboard cursor, shown once the keyboard is used
        self.hint: Any = None
        self.verdict_hint = VerdictHint(session.state.spec.id)  # Teeko: every move's verdict
        self.status_override = notice
        self.refused = False
        self.list_top = 0  # first move-list row shown
        self.follow_list = True
        self.sounds: list[tuple[float, str]] = []  # effects due later (a removal after its mill)
        self.pending_answer: Any = None
        self.over_timer: float | None = None
        self.paused = False  # computer against computer only: the watcher may stop the game
        self.leave_asked: float | None = None  # when Menu was first pressed in a network game
        self.buttons: dict[str, UIButton] = {}
        scroll_to_end(self)
        if session.over:  # a finished game was loaded: show it, then the summary
            self.over_timer = GAME_OVER_PAUSE

    @classmethod
    def new_game(cls, app: App, setup: GameSetup) -> BoardScene:
        return cls(app, GameSession(setup))

    # ----- widgets -----------------------------------------------------------------
    def build(self, root: UIContainer) -> None:
        self.buttons = {}
        width = (PANEL_RECT.width - 2 * 10) // 3
        for index, name in enumerate(BUTTONS):
            rect = pygame.Rect(
                PANEL_RECT.x + (index % 3) * (width + 10), BUTTONS_TOP + (index // 3) * 46, width, 38
            )
            self.buttons[name] = UIButton(
                rect,
                f"plateaux.{name}",
                self.app.manager,
                container=root,
                object_id=ObjectID("#small_button"),
            )
        self.refresh_buttons()

    def refresh_buttons(self) -> None:
        if not self.buttons:
            return
        people = any(not seat.is_ai for seat in self.session.seats)
        local = self.remote is None  # a network game cannot be taken back or replaced
        wanted = {
            "undo": people and local and self.session.can_undo(),
            "redo": people and local and self.session.can_redo(),
            "hint": (people and self.human_to_move()) or (self.watching and not self.session.over),
            "save": not self.files.busy,
            "load": not self.files.busy and local,
            "menu": True,
        }
        if self.watching:  # nobody to hint: the button pauses and resumes the game
            self.buttons["hint"].set_text("plateaux.resume" if self.paused else "plateaux.pause")
        for name, button in self.buttons.items():
            if wanted[name] and not button.is_enabled:
                button.enable()  # type: ignore[no-untyped-call]
            elif not wanted[name] and button.is_enabled:
                button.disable()  # type: ignore[no-untyped-call]

    # ----- state changes -------------------------------------------------------------
    @property
    def lang(self) -> str:
        return self.app.lang

    @property
    def watching(self) -> bool:
        """Computer against computer: the player only watches (and may pause)."""
        return all(seat.is_ai for seat in self.session.seats)

    def toggle_pause(self) -> None:
        if not self.watching or self.session.over:
            self.refuse(tr("plateaux.refuse_pause", self.lang))
            return
        self.paused = not self.paused
        self.status_override = ""
        self.app.effect("click")
        self.refresh_buttons()

    @property
    def busy_thinking(self) -> bool:
        return self.ai.busy

    def _position_changed(self) -> None:
        """After any move, undo or redo: new legal moves, texts, buttons, autosave."""
        state = self.session.state
        self.builder.reset(state.legal_moves())
        self.shown_prefix = ()
        self.hint = None
        self.verdict_hint.clear()
        self.status_override = ""
        self.refused = False
        self.pending_answer = None
        if self.follow_list:
            scroll_to_end(self)
        self.refresh_buttons()
        self.autosaver.submit(self.session)
        if self.session.over and self.over_timer is None:
            self.over_timer = GAME_OVER_PAUSE
            self.app.effect(outcome_sound(self.session))

    def apply_move(self, move: Any) -> None:
        state = self.session.state
        before = self.cells  # the board shown: a capture chain's first jumps may be on it
        shown, self.shown_prefix = self.shown_prefix, ()
        mover, mover_flies = state.to_move, getattr(state, "is_flying", lambda side: False)(state.to_move)
        self.session.play(move)
        if self.remote is not None:
            self.remote.played(mover, move)
        self.cells = state.board()
        flash = self.hooks.flash_cells(state, move)
        speed = self.app.settings.animation_speed
        rest = ShownSteps(tuple(move.steps[len(shown) - 1 :])) if shown else move
        self.animator.add_move(self.look, before, self.cells, rest, flash, speed)
        if shown and len(rest.steps) == 2:  # the last jump of a chain clicked jump by jump
            remove_when_jumped(self.animator)
        if before == self.cells:  # the player stopped a chain already shown: no new step
            self.app.effect("click")
            self._position_changed()
            return
        placed = all(b == EMPTY for b, a in zip(before, self.cells, strict=True) if a != b and a != EMPTY)
        self.app.effect("place" if placed else "fly" if mover_flies else "move")
        if state.is_capture(move):
            delay = (0.22 / speed) if speed > 0 else 0.0
            self.sounds.append((delay, "mill"))
            self.sounds.append((delay + (0.4 / speed if speed > 0 else 0.0), "capture"))
        self._position_changed()

    def undo(self) -> None:
        everyone_ai = all(seat.is_ai for seat in self.session.seats)
        if self.remote is not None or not self.session.can_undo() or everyone_ai:
            self.refuse(tr("plateaux.refuse_undo", self.lang))
            return
        self.ai.cancel()
        self.animator.finish()
        self.session.undo()
        self.cells = self.session.state.board()
        self.over_timer = None
        self.app.effect("click")
        self._position_changed()

    def redo(self) -> None:
        if self.remote is not None or not self.session.can_redo():
            self.refuse(tr("plateaux.refuse_redo", self.lang))
            return
        self.ai.cancel()
        self.animator.finish()
        self.session.redo()
        self.cells = self.session.state.board()
        self.app.effect("click")
        self._position_changed()

    def ask_hint(self) -> None:
        if self.session.over or self.session.is_ai_turn():
            self.refuse(tr("plateaux.refuse_hint", self.lang))
            return
        if ask_verdict_hint(self):  # a solved game: the database's verdicts, not a search
            return
        self.ai.request(self.session.state, "hard", HINT)
        self.status_override = tr("plateaux.hint_thinking", self.lang)
        self.refused = False

    def refuse(self, reason: str) -> None:
        self.status_override = reason
        self.refused = True
        self.app.effect("refused")

    def leave_to_menu(self) -> None:
        live_link = self.remote is not None and not self.session.over
        asked = self.leave_asked
        if live_link and (asked is None or self.clock - asked > LEAVE_CONFIRM_SECONDS):
            # Leaving ends a network game for both: a stray Escape must not do it.
            self.leave_asked = self.clock
            self.refuse(tr("plateaux.confirm_leave_network", self.lang))
            return
        self.app.effect("click")
        self.app.reset("title")

    def closing(self) -> None:
        self.ai.cancel()
        if self.remote is not None:
            self.remote.close()
        self.files.close()
        self.autosaver.submit(self.session)
        self.autosaver.close()

    # ----- input ----------------------------------------------------------------------
    def human_to_move(self) -> bool:
        remote = self.session.seat_to_move().is_remote
        return not self.session.over and not self.session.is_ai_turn() and not remote

    def click_cell(self, cell: int | None) -> None:
        """A click (mouse or keyboard) on a cell, or beside the board when None."""
        self.animator.finish()  # never make the player wait for an animation
        if self.session.over:
            self.refuse(tr("plateaux.refuse_over", self.lang))
            return
        if not self.human_to_move():
            key = "net.refuse_remote_turn" if self.remote is not None else "plateaux.refuse_ai_turn"
            self.refuse(tr(key, self.lang))
            return
        if self.play_stepless_move():
            return
        if cell is None:
            self.builder.reset()
            self.show_prefix()
            self.status_override = ""
            return
        prefix = self.builder.prefix
        result = self.builder.click(cell)
        if result.kind is ClickKind.COMPLETE:
            self.apply_move(result.move)
        elif result.kind is ClickKind.REFUSED:
            self.refuse(self.hooks.refusal(self.session.state, prefix, cell, self.lang))
        else:
            self.status_override = ""
            self.refused = False
            if not self.show_prefix():
                self.app.effect("select" if result.kind is ClickKind.PARTIAL else "click")

    def show_prefix(self) -> bool:
        """Show the clicks so far as played when they make a move already (board_chain)."""
        return show_chain_prefix(self)

    def play_stepless_move(self) -> bool:
        """When the only legal move has no cell to click (Othello's pass, which the
        prompt announces), any click or Enter plays it. Whether it did."""
        move = self.builder.stepless_move
        if move is None:
            return False
        self.apply_move(move)
        return True

    def stop_here(self) -> None:
        """Enter or right click: the shortest complete move (dames chains), else cancel."""
        self.animator.finish()
        if not self.human_to_move() or self.play_stepless_move():
            return
        if self.builder.can_stop:
            result = self.builder.stop_here()
            self.apply_move(result.move)
        elif self.builder.prefix:
            self.builder.reset()
            self.show_prefix()
            self.status_override = ""
            self.app.effect("click")

    def handle_event(self, event: pygame.event.Event) -> None:
        handle_board_event(self, event)

    def press(self, name: str) -> None:
        if name == "undo":
            self.undo()
        elif name == "redo":
            self.redo()
        elif name == "hint":
            self.toggle_pause() if self.watching else self.ask_hint()
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
        self.clock += dt
        self.animator.update(dt)
        if not self.paused:
            self.session.tick(dt)
        self._play_due_sounds(dt)
        update_ai(self, dt)
        update_verdict_hint(self)
        if self.remote is not None:
            remote_move = self.remote.update(self.session.state, self.animator.busy)
            if remote_move is not None:
                self.apply_move(remote_move)
        update_files(self)
        error = self.autosaver.poll_error()
        if error:
            self.status_override, self.refused = tr("plateaux.autosave_failed", self.lang, error=error), True
        if self.over_timer is not None and not self.animator.busy:
            self.over_timer -= dt
            if self.over_timer <= 0:
                self.over_timer = None
                self.app.replace("game_over", self.session)

    def _play_due_sounds(self, dt: float) -> None:
        due = [(t - dt, name) for t, name in self.sounds]
        for t, name in due:
            if t <= 0:
                self.app.effect(name)
        self.sounds = [(t, name) for t, name in due if t > 0]

    # ----- drawing -------------------------------------------------------------------------
    def targets(self) -> set[int]:
        if not self.human_to_move() or not self.app.settings.show_legal_moves:
            return set()
        if self.builder.prefix or self.look.style.marks_every_move:
            return self.builder.next_cells()
        pointer = self.cursor if self.cursor is not None else self.hover
        return self.builder.preview(pointer) if pointer is not None else set()

    def status_text(self) -> str:
        alert = self.remote.alert(self.lang) if self.remote is not None else ""
        if alert:
            return alert
        if self.status_override:
            return self.status_override
        if self.session.over:
            return tr("plateaux.status_over", self.lang)
        if self.paused:
            return tr("plateaux.status_paused", self.lang)
        if self.session.is_ai_turn():
            return tr("plateaux.status_ai_thinking", self.lang)
        if self.remote is not None and self.session.seat_to_move().is_remote:
            return tr("net.waiting_move", self.lang)
        text = self.hooks.prompt(self.session.state, self.builder.prefix, self.lang)
        if self.builder.can_stop:
            text += " " + tr("plateaux.prompt_stop", self.lang)
        return text

    def draw(self, surface: pygame.Surface) -> None:
        draw_board_scene(self, surface)

"""Watching a finished game again: play/pause, step back and forth, jump to the start or
the end, seek anywhere on the bar, speed."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
from pygame_gui.core import ObjectID, UIContainer
from pygame_gui.elements import UIButton

import scenes.board_view as board_view
from engine.registry import new_state
from game.arcade import assets
from game.arcade.animation import Animator
from game.arcade.board_look import BoardLook
from game.arcade.scene import Scene, press_named_button
from game.controller.texts import cards_for
from game.game_hooks import hooks_for, player_name
from game.i18n import tr
from game.session import GameSession
from game.verdict_hints import Decision, database_ready, decision, has_verdicts, warm_up
from scenes.board_anim import DueEffects
from scenes.board_panel import (
    BOARD_RECT,
    BUTTONS_TOP,
    CARD_GAP,
    CARD_HEIGHT,
    PANEL_RECT,
    draw_cards,
    draw_move_list,
    draw_status,
    visible_rows,
)

if TYPE_CHECKING:
    from game.arcade.app import App

SPEEDS = (0.5, 1.0, 2.0, 4.0)
SECONDS_PER_MOVE = 1.0
CONTROLS = ("to_start", "step_back", "play", "step_forward", "to_end", "speed", "review", "back")
PER_ROW = 4
# The seek bar takes the phase line's place: in a replay, where the game stands matters more.
SEEK_TOP = PANEL_RECT.y + 2 * (CARD_HEIGHT + CARD_GAP) + 10
SEEK_RECT = pygame.Rect(PANEL_RECT.x + 8, SEEK_TOP, PANEL_RECT.width - 16, 16)


class ReplayScene(Scene):
    shortcuts = (
        ("plateaux.keycap_left_right", "plateaux.key_step"),
        ("plateaux.keycap_space", "plateaux.key_play"),
        ("plateaux.keycap_home_end", "plateaux.key_jump"),
        ("S", "plateaux.key_speed"),
    )

    music = "replay"

    def __init__(self, app: App, session: GameSession, speed: float = 1.0) -> None:
        super().__init__(app)
        self.moves: list[Any] = list(session.state.history)
        self.setup = session.setup
        self.view = GameSession(session.setup, new_state(session.setup.game_id, session.setup.options))
        self.hooks = hooks_for(session.setup.game_id)
        self.look = BoardLook(session.setup.game_id, session.setup.options, BOARD_RECT, session.setup.look)
        self.animator = Animator()
        self.sounds = DueEffects()  # capture sounds due later in a move's animation
        self.cells = self.view.state.board()
        self.playing = True
        self.speed = speed
        self.wait = SECONDS_PER_MOVE / speed
        self.clock = 0.0
        self.buttons: dict[str, UIButton] = {}
        self.finished = session.state
        self.session = session
        self.decision: Decision | None = None  # where a solved game was decided (Teeko)
        self.analysing = has_verdicts(session.setup.game_id)
        if self.analysing:
            warm_up()

    @property
    def decisive_ply(self) -> int | None:
        return self.decision.ply if self.decision is not None else None

    def status(self) -> str:
        """Where the replay stands; at the deciding move, that it decided the game."""
        lang, total, index = self.app.lang, len(self.moves), self.index
        if index == 0:
            return tr("plateaux.replay_start", lang, total=total)
        # The move list's numbering: '3.' for the first player's move, '3...' for the reply.
        number = f"{(index - 1) // 2 + 1}{'.' if (index - 1) % 2 == 0 else '...'}"
        fields = {"number": number, "move": str(self.moves[index - 1]), "ply": index, "total": total}
        found = self.decision
        if found is not None and found.winner is not None and index - 1 == found.ply:
            player = player_name(self.finished, found.winner, lang)
            return tr("plateaux.replay_decided", lang, player=player, **fields)
        return tr("plateaux.replay_status", lang, **fields)

    @property
    def index(self) -> int:
        return len(self.view.state.history)

    def build(self, root: UIContainer) -> None:
        self.buttons = {}
        width = (PANEL_RECT.width - 10 * (PER_ROW - 1)) // PER_ROW
        for i, name in enumerate(CONTROLS):
            row, column = divmod(i, PER_ROW)
            rect = pygame.Rect(PANEL_RECT.x + column * (width + 10), BUTTONS_TOP + row * 46, width, 38)
            key, fields = self._label(name)
            self.buttons[name] = UIButton(
                rect,
                key,
                self.app.manager,
                container=root,
                text_kwargs=fields,
                object_id=ObjectID("#small_button"),
            )

    def _label(self, name: str) -> tuple[str, dict[str, str] | None]:
        if name == "play":
            return ("plateaux.pause" if self.playing else "plateaux.play"), None
        if name == "speed":
            return "plateaux.speed", {"speed": f"{self.speed:g}"}
        return f"plateaux.{name}", None

    def _relabel(self) -> None:
        for name in ("play", "speed"):
            if name in self.buttons:
                key, fields = self._label(name)
                self.buttons[name].set_text(key, text_kwargs=fields)

    def forward(self, animate: bool) -> None:
        if self.index >= len(self.moves):
            self.playing = False
            self._relabel()
            return
        move = self.moves[self.index]
        before = self.cells
        self.view.state.push(move)
        self.cells = self.view.state.board()
        speed = self.app.settings.animation_speed * self.speed if animate else 0.0
        flash = self.hooks.flash_cells(self.view.state, move)
        self.animator.add_move(self.look, before, self.cells, move, flash, speed)
        self.sounds.clear()
        if not self.view.state.is_capture(move):
            self.app.effect("move")
        elif speed > 0:  # each jumped piece, or the mill then its removal, in time with the board
            self.app.effect("move")
            self.sounds.capture_sounds(self.animator.removal_moments(), self.animator.jumping, speed)
        else:
            self.app.effect("capture")

    def backward(self) -> None:
        self.animator.finish()
        self.sounds.clear()
        if self.index:
            self.view.state.pop()
            self.cells = self.view.state.board()

    def seek(self, index: int) -> None:
        """Show the position after `index` moves at once (paused)."""
        self.animator.finish()
        self.sounds.clear()
        self.playing = False
        index = max(0, min(len(self.moves), index))
        while self.index > index:
            self.view.state.pop()
        while self.index < index:
            self.view.state.push(self.moves[self.index])
        self.cells = self.view.state.board()
        self._relabel()

    def seek_at(self, x: int) -> None:
        """A click on the seek bar: the nearest position."""
        self.seek(round((x - SEEK_RECT.x) / SEEK_RECT.width * len(self.moves)))

    def press(self, name: str) -> None:
        self.app.effect("click")
        if name == "step_back":
            self.playing = False
            self.backward()
        elif name == "step_forward":
            self.playing = False
            self.animator.finish()
            self.sounds.clear()
            self.forward(animate=True)
        elif name == "play":
            self.playing = not self.playing
            if self.playing and self.index >= len(self.moves):
                while self.index:
                    self.view.state.pop()
                self.cells = self.view.state.board()
            self.wait = 0.3
        elif name in ("to_start", "to_end"):
            self.seek(0 if name == "to_start" else len(self.moves))
        elif name == "speed":
            self.speed = SPEEDS[(SPEEDS.index(self.speed) + 1) % len(SPEEDS)] if self.speed in SPEEDS else 1.0
        elif name == "review":
            self.app.push("review", self.session)
        elif name == "back":
            self.app.pop()
        self._relabel()

    def handle_event(self, event: pygame.event.Event) -> None:
        if press_named_button(event, self.buttons, self.press):
            return
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.animator.finish()
            self.sounds.clear()
            if event.button == 1 and SEEK_RECT.inflate(0, 16).collidepoint(event.pos):
                self.seek_at(event.pos[0])
        if event.type != pygame.KEYDOWN:
            return
        keys = {
            pygame.K_HOME: "to_start",
            pygame.K_END: "to_end",
            pygame.K_LEFT: "step_back",
            pygame.K_RIGHT: "step_forward",
            pygame.K_SPACE: "play",
            pygame.K_ESCAPE: "back",
            pygame.K_s: "speed",
        }
        if event.key in keys:
            self.press(keys[event.key])

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.analysing and database_ready():  # lookups only: well under a millisecond
            self.analysing = False
            self.decision = decision(self.finished)
        self.animator.update(dt)
        self.sounds.update(dt, self.app.effect)
        if self.playing and not self.animator.busy:
            self.wait -= dt
            if self.wait <= 0:
                self.forward(animate=True)
                self.wait = SECONDS_PER_MOVE / self.speed

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(assets.BACKGROUND)
        self.look.draw_background(surface)
        history = self.view.state.history
        if history and not self.animator.busy:
            board_view.draw_last_move(surface, self.look, history[-1].steps, self.cells)
        board_view.draw_pieces(surface, self.look, self.cells, self.animator)
        draw_cards(surface, cards_for(self.view, None, self.app.lang), self.clock, self.look.piece_style)
        self.draw_seek_bar(surface)
        moves = [str(m) for m in self.moves]
        first = max(
            0, min((self.index + 1) // 2 - visible_rows() // 2, (len(moves) + 1) // 2 - visible_rows())
        )
        draw_move_list(surface, moves, max(0, first), "", self.index - 1, self.decisive_ply)
        draw_status(surface, self.status(), False)

    def draw_seek_bar(self, surface: pygame.Surface) -> None:
        """Where the replay stands in the game; the deciding move (Teeko) as a red tick."""
        bar = SEEK_RECT
        pygame.draw.rect(surface, assets.PANEL, bar, border_radius=8)
        total = max(1, len(self.moves))
        filled = bar.copy()
        filled.width = round(bar.width * self.index / total)
        if filled.width:
            pygame.draw.rect(surface, assets.ACCENT, filled, border_radius=8)
        if self.decisive_ply is not None:
            x = bar.x + round(bar.width * (self.decisive_ply + 1) / total)
            pygame.draw.line(surface, assets.REFUSAL, (x, bar.y - 4), (x, bar.bottom + 3), 3)
        knob = (bar.x + filled.width, bar.centery)
        pygame.draw.circle(surface, assets.TEXT, knob, bar.height // 2 + 3)

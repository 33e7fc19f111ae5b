"""The end of a game: the final board beside who won and why, in words; moves,
captures, duration; then Replay, Rematch or Menu."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game import assets
from game.board_look import BoardLook
from game.game_hooks import hooks_for
from game.i18n import tr
from game.looks import looks_for
from game.session import HUMAN, GameSession
from scenes import board_view
from scenes.board_texts import outcome_words
from scenes.menu import Entry, MenuScene, backdrop

if TYPE_CHECKING:
    from game.app import App

FINAL_BOARD_RECT = pygame.Rect(70, 110, 500, 500)
COLUMN_CENTRE = 900  # the text and buttons sit right of the final board
STATS_WIDTH = 580
MIN_TEXT_SIZE = 18  # LOOK.md: body text at least 18 px at 1280x720


def duration_text(seconds: float) -> str:
    minutes, secs = divmod(round(seconds), 60)
    return f"{minutes}:{secs:02d}"


def fitted_image(
    text: str, size: int, width: int, colour: pygame.Color, *, bold: bool = False
) -> pygame.Surface:
    """Text at `size`, or smaller (down to MIN_TEXT_SIZE) so it fits `width`; cut last."""
    while size > MIN_TEXT_SIZE and assets.font(size, bold=bold).size(text)[0] > width:
        size -= 2
    shown = assets.fit_text(text, size, width, bold=bold)
    return assets.text_image(shown, size, (colour.r, colour.g, colour.b), bold=bold)


def personal_headline(session: GameSession, lang: str) -> str | None:
    """'You win!' or 'You lose' when one person played the computer; else None."""
    outcome = session.state.outcome()
    humans = [i for i, seat in enumerate(session.seats) if seat.kind == HUMAN]  # not a LAN opponent
    if outcome is None or outcome.winner is None or len(humans) != 1:
        return None
    return tr("plateaux.you_win" if outcome.winner == humans[0] else "plateaux.you_lose", lang)


class GameOverScene(MenuScene):
    title_key = "plateaux.game_over"
    has_back = False
    column_top = 330
    column_centre = COLUMN_CENTRE

    def __init__(self, app: App, session: GameSession) -> None:
        super().__init__(app)
        self.session = session
        setup = session.setup
        self.look = BoardLook(setup.game_id, setup.options, FINAL_BOARD_RECT, setup.look)
        self.cells = session.state.board()
        # The cells that decided the game (a mill, Teeko's four) stay marked.
        history = session.state.history
        last = history[-1] if history else None
        self.last_steps = tuple(last.steps) if last is not None else ()
        self.marked = hooks_for(setup.game_id).flash_cells(session.state, last) if last is not None else []

    def entries(self) -> list[Entry]:
        return [Entry("replay", "replay"), Entry("rematch", "rematch"), Entry("menu", "menu")]

    def headline(self) -> tuple[str, str]:
        words = outcome_words(self.session, self.app.lang)
        head, _, reason = words.partition(" — ")
        personal = personal_headline(self.session, self.app.lang)
        if personal is not None:
            reason = f"{head} — {reason}" if reason else head
            head = personal
        return head, reason

    def stats(self) -> str:
        lang = self.app.lang
        parts = [tr("plateaux.stat_moves", lang, count=len(self.session.state.history))]
        captures = self.session.captures()
        if captures:  # Teeko and Othello never capture: no "Captures 0"
            parts.append(tr("plateaux.stat_captures", lang, count=captures))
        parts.append(tr("plateaux.stat_duration", lang, time=duration_text(sum(self.session.clocks))))
        return "   ·   ".join(parts)

    def choose(self, action: str) -> None:
        from scenes.board import BoardScene
        from scenes.replay import ReplayScene
        from scenes.title import TitleScene

        if action == "replay":
            self.app.push(ReplayScene(self.app, self.session))
        elif action == "rematch":
            setup = self.session.setup
            if any(seat.is_remote for seat in setup.seats):
                # A LAN game's rematch is another LAN game: host or join again.
                from scenes.lan_menu import LanMenuScene

                self.app.replace(LanMenuScene(self.app, setup))
            elif len(looks_for(setup.game_id)) > 1:
                # Seed 004: the look is chosen at every new game, so ask again (as it was).
                from scenes.game_select import GameSelectScene

                self.app.replace(GameSelectScene(self.app, setup))
            else:
                self.app.replace(BoardScene.new_game(self.app, setup))
        elif action == "menu":
            self.app.reset(TitleScene(self.app))

    def back(self) -> None:
        self.choose("menu")

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(backdrop(), (0, 0))
        self.look.draw_background(surface)
        board_view.draw_last_move(surface, self.look, self.last_steps, self.cells)
        board_view.draw_pieces(surface, self.look, self.cells, None)
        for cell in self.marked:
            self.look.draw_ring(surface, cell, pygame.Color(assets.ACCENT), width=5)
        head, reason = self.headline()
        image = fitted_image(head, 56, STATS_WIDTH, assets.ACCENT, bold=True)
        surface.blit(image, image.get_rect(center=(COLUMN_CENTRE, 140)))
        image = fitted_image(reason, 24, STATS_WIDTH, assets.TEXT)
        surface.blit(image, image.get_rect(center=(COLUMN_CENTRE, 200)))
        box = pygame.Rect(0, 0, STATS_WIDTH, 64)
        box.center = (COLUMN_CENTRE, 262)
        pygame.draw.rect(surface, assets.PANEL, box, border_radius=12)
        image = fitted_image(self.stats(), 21, STATS_WIDTH - 24, assets.TEXT)
        surface.blit(image, image.get_rect(center=box.center))

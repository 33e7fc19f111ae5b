"""The end of a game: who won and why, in words; moves, captures, duration;
then Replay, Rematch or Menu."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game import assets
from game.i18n import tr
from game.session import GameSession
from scenes.board_texts import outcome_words
from scenes.menu import Entry, MenuScene, backdrop

if TYPE_CHECKING:
    from game.app import App


def duration_text(seconds: float) -> str:
    minutes, secs = divmod(round(seconds), 60)
    return f"{minutes}:{secs:02d}"


class GameOverScene(MenuScene):
    title_key = "plateaux.game_over"
    has_back = False
    column_top = 330

    def __init__(self, app: App, session: GameSession) -> None:
        super().__init__(app)
        self.session = session

    def entries(self) -> list[Entry]:
        return [Entry("replay", "replay"), Entry("rematch", "rematch"), Entry("menu", "menu")]

    def headline(self) -> tuple[str, str]:
        words = outcome_words(self.session, self.app.lang)
        head, _, reason = words.partition(" — ")
        return head, reason

    def stats(self) -> str:
        lang = self.app.lang
        return "   ·   ".join(
            (
                tr("plateaux.stat_moves", lang, count=len(self.session.state.history)),
                tr("plateaux.stat_captures", lang, count=self.session.captures()),
                tr("plateaux.stat_duration", lang, time=duration_text(sum(self.session.clocks))),
            )
        )

    def choose(self, action: str) -> None:
        from scenes.board import BoardScene
        from scenes.replay import ReplayScene
        from scenes.title import TitleScene

        if action == "replay":
            self.app.push(ReplayScene(self.app, self.session))
        elif action == "rematch":
            self.app.replace(BoardScene.new_game(self.app, self.session.setup))
        elif action == "menu":
            self.app.reset(TitleScene(self.app))

    def back(self) -> None:
        self.choose("menu")

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(backdrop(), (0, 0))
        head, reason = self.headline()
        image = assets.font(60, bold=True).render(head, True, assets.ACCENT)
        surface.blit(image, image.get_rect(center=(640, 120)))
        image = assets.font(26).render(reason, True, assets.TEXT)
        surface.blit(image, image.get_rect(center=(640, 186)))
        box = pygame.Rect(0, 0, 760, 64)
        box.center = (640, 260)
        pygame.draw.rect(surface, assets.PANEL, box, border_radius=12)
        image = assets.font(22).render(self.stats(), True, assets.TEXT)
        surface.blit(image, image.get_rect(center=box.center))

"""The title menu: Play, Continue, Load, Settings, Rules, Quit."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.autosave import autosave_exists, read_autosave
from game.i18n import tr
from scenes.file_flow import FileFlow
from scenes.menu import Entry, MenuScene

if TYPE_CHECKING:
    from game.arcade.app import App


class TitleScene(MenuScene):
    title_key = "plateaux.app_title"
    has_back = False

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.files = FileFlow(app.lang)
        if app.notice:  # a damaged settings file, said once
            self.message, app.notice = app.notice, None

    def entries(self) -> list[Entry]:
        return [
            Entry("play", "menu_play"),
            Entry("continue", "menu_continue", enabled=autosave_exists()),
            Entry("load", "menu_load"),
            Entry("settings", "menu_settings"),
            Entry("rules", "menu_rules"),
            Entry("quit", "menu_quit"),
        ]

    def subtitle(self) -> str:
        return tr("plateaux.tagline", self.app.lang)

    def choose(self, action: str) -> None:
        if action == "play":
            self.app.push("game_select")
        elif action == "continue":
            session, error = read_autosave()
            if session is None:
                self.message = tr("plateaux.load_failed", self.app.lang, error=error or "?")
                self.refresh()
            else:
                self.app.push("board", session)
        elif action == "load":
            self.files.lang = self.app.lang
            self.files.start_load()
        elif action == "settings":
            self.app.push("settings")
        elif action == "rules":
            self.app.push("rules")
        elif action == "quit":
            self.app.quit()

    def back(self) -> None:
        self.app.quit()

    def update(self, dt: float) -> None:
        result = self.files.poll()
        if result is None:
            return
        if result.session is not None:
            self.message = ""
            self.app.push("board", result.session, notice=result.message)
        else:
            self.message = result.message

    def closing(self) -> None:
        self.files.close()

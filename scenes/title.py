"""The title menu: Play, Continue, Load, Settings, Rules, Quit."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.autosave import autosave_exists, read_autosave, read_network_autosave
from game.i18n import tr
from scenes.file_flow import FileFlow
from scenes.lan_start import continue_lan_board
from scenes.menu import Entry, MenuScene

if TYPE_CHECKING:
    from game.arcade.app import App


QUIT_CONFIRM_SECONDS = 3.0  # a second Escape within this quits


class TitleScene(MenuScene):
    title_key = "plateaux.app_title"
    has_back = False

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.files = FileFlow(app.lang)
        self.clock = 0.0
        self.quit_asked: float | None = None  # when Escape first asked to quit
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
            network = read_network_autosave()
            if network is not None:  # a network game: reconnect to it
                continue_lan_board(self.app, *network)
                return
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
        """Escape: a stray press (three Escapes out of a replay) must not close the arcade,
        so the first one asks and a second one within a few seconds quits."""
        asked = self.quit_asked
        if asked is not None and self.clock - asked <= QUIT_CONFIRM_SECONDS:
            self.app.quit()
            return
        self.quit_asked = self.clock
        self.message = tr("plateaux.confirm_quit", self.app.lang)
        self.refresh()

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.quit_asked is not None and self.clock - self.quit_asked > QUIT_CONFIRM_SECONDS:
            self.quit_asked = None
            if self.message == tr("plateaux.confirm_quit", self.app.lang):
                self.message = ""
                self.refresh()
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

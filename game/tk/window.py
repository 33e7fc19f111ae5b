"""The Tk window of Plateaux: board canvas, side panel, status line and menus.

A thin view over the board controller (game.controller), the arcade's own: the same
moves, AI turns, undo and redo, hints, texts and autosave. The AI runs in a child
process (game.ai_worker.AIWorker), polled from the Tk loop every 50 ms, so the window
never freezes.
"""

from __future__ import annotations

import contextlib
import time
import tkinter as tk
from collections.abc import Callable
from tkinter import messagebox
from typing import Any

from engine.core import EngineError
from engine.saves import SaveError
from game import autosave
from game.ai_worker import AIWorker
from game.controller import AIFailed, BoardController, BoardEvent, GameEnded
from game.controller.texts import draw_question, outcome_words
from game.game_hooks import game_title
from game.i18n import LANGUAGES, Words
from game.looks import board_geometry, look_for
from game.paths import saves_dir
from game.session import GameSession
from game.tk import prefs
from game.tk.board import BACKGROUND, LEGAL, REFUSAL, BoardCanvas, BoardPicture, board_picture
from game.tk.collect import MainThreadCollector
from game.tk.dialog import choose_path
from game.tk.newgame import NewGameDialog
from game.tk.panel import SidePanel, StatusLine, menubar, popup
from game.tk.review import ReviewWindow
from game.tk.setup import MatchSetup
from game.tk.text import tt

TICK_MS = 50  # how often the AI worker and the pulse are polled
AI_MIN_DELAY = 0.3  # LOOK.md: the AI never answers instantly
REFUSED_MARK_SECONDS = 0.8  # how long the red cross stays on a refused cell


class TkApp:
    """One window playing one game at a time."""

    def __init__(
        self,
        root: tk.Tk,
        setup: MatchSetup,
        lang: str,
        *,
        ai_delay: float = AI_MIN_DELAY,
        announce: bool = True,
    ) -> None:
        self.root = root
        self.collector = MainThreadCollector()  # Tk objects are freed on this thread only
        self.collector.start()
        self.lang = lang if lang in LANGUAGES else "en"
        self.ai_delay = ai_delay
        self.movetime = setup.movetime
        self.announce_popups = announce
        # Asks the person at the table a yes-or-no question (a draw offer); tests answer.
        self.ask_yes_no: Callable[[str, str], bool] = self._ask_yes_no
        self.worker: AIWorker | None = None
        self.ai_error_callbacks: list[Any] = []
        self.game_over_callbacks: list[Any] = []
        self.game = self._controller(GameSession(setup.game_setup()))
        self._hover: int | None = None
        self._refused: tuple[int, float] | None = None
        self._pulse_start = time.monotonic()
        self._last_tick = time.monotonic()
        self._shown: tuple[Any, ...] = ()
        self._after_id: str | None = None
        self.announcement: tk.Toplevel | None = None
        self.review: ReviewWindow | None = None
        self.closed = False
        root.configure(background=BACKGROUND)
        root.minsize(900, 600)
        body = tk.Frame(root, background=BACKGROUND)
        body.pack(fill=tk.BOTH, expand=True)
        look = look_for(setup.game_id, setup.look)
        geometry = board_geometry(setup.game_id, setup.options, look)
        self.canvas = BoardCanvas(body, geometry, size=640, look=look)
        self.canvas.pack(side=tk.LEFT, fill=tk.BOTH, expand=True, padx=(24, 12), pady=(16, 8))
        self.panel = SidePanel(
            body,
            {
                "new": self.ask_new_game,
                "undo": self.undo,
                "redo": self.redo,
                "save": self.ask_save,
                "load": self.ask_load,
                "hint": self.hint,
                "draw": self.offer_draw,
                "review": self.open_review,
            },
        )
        self.panel.pack(side=tk.RIGHT, fill=tk.Y, padx=(12, 24), pady=(16, 8))
        self.panel.set_colours(look.dark_first)
        self.status = StatusLine(root)
        self.status.pack(side=tk.BOTTOM, fill=tk.X, padx=24, pady=(0, 16))
        self.canvas.bind("<Button-1>", self._on_left)
        self.canvas.bind("<Button-3>", self._on_stop)
        self.canvas.bind("<Motion>", self._on_motion)
        self.canvas.bind("<Leave>", self._on_motion)
        for key, action in (
            ("<Return>", self._on_stop),
            ("<KP_Enter>", self._on_stop),
            ("<Escape>", self._on_escape),
            ("<Control-z>", lambda _e: self.undo()),
            ("<Control-y>", lambda _e: self.redo()),
            ("<Control-h>", lambda _e: self.hint()),
            ("<Control-d>", lambda _e: self.offer_draw()),
            ("<Control-r>", lambda _e: self.open_review()),
            ("<Control-s>", lambda _e: self.ask_save()),
            ("<Control-o>", lambda _e: self.ask_load()),
            ("<Control-n>", lambda _e: self.ask_new_game()),
            ("<Control-q>", lambda _e: self.close()),
        ):
            root.bind(key, action)
        root.protocol("WM_DELETE_WINDOW", self.close)
        self.retranslate()
        self._after_id = root.after(TICK_MS, self._tick)

    def _controller(self, session: GameSession) -> BoardController:
        return BoardController(
            session,
            self._worker,
            lang=self.lang,
            ai_min_delay=self.ai_delay,
            ai_movetime=self.movetime,
            listener=self._on_event,
        )

    def _worker(self) -> AIWorker:
        if self.worker is None:
            self.worker = AIWorker()
        return self.worker

    def open_review(self) -> None:
        """The game's review in a window of its own (one at a time)."""
        if self.review is None:
            self.review = ReviewWindow(self.root, self.game.session, self.lang, self._review_closed)

    def _review_closed(self) -> None:
        self.review = None

    @property
    def setup(self) -> MatchSetup:
        """The current game's choices (for the New game dialog)."""
        return MatchSetup.of(self.game.session.setup, self.movetime)

    # ----- language and menus --------------------------------------------------
    def set_language(self, lang: str) -> None:
        self.lang = self.game.lang = lang if lang in LANGUAGES else "en"
        prefs.save_language(self.lang)  # the next start, arcade or Tk, speaks it too
        self.retranslate()

    def retranslate(self) -> None:
        lang = self.lang
        with contextlib.suppress(tk.TclError):  # Tk's own dialogs (open, save) speak it too
            self.root.tk.call("::msgcat::mclocale", lang)
        commands = (
            ("menu_new", "Ctrl+N", self.ask_new_game),
            ("menu_continue", "", self.continue_game),
            ("menu_undo", "Ctrl+Z", self.undo),
            ("menu_redo", "Ctrl+Y", self.redo),
            ("menu_hint", "Ctrl+H", self.hint),
            ("menu_draw", "Ctrl+D", self.offer_draw),
            ("menu_review", "Ctrl+R", self.open_review),
            None,
            ("menu_save", "Ctrl+S", self.ask_save),
            ("menu_load", "Ctrl+O", self.ask_load),
            None,
            ("menu_quit", "Ctrl+Q", self.close),
        )
        bar, self._lang_var = menubar(self.root, lang, commands, self.set_language)
        self.root.configure(menu=bar)
        self.panel.retranslate(lang)
        self.refresh()

    # ----- input ---------------------------------------------------------------
    def _on_left(self, event: tk.Event[Any]) -> None:
        cell = self.canvas.cell_at_pixel(event.x, event.y)
        feedback = self.game.click(cell)
        self._refused = (cell, time.monotonic()) if feedback.refusal and cell is not None else None
        self.refresh()

    def _on_motion(self, event: tk.Event[Any]) -> None:
        """LOOK.md: hovering a piece shows where it can go."""
        cell = self.canvas.cell_at_pixel(event.x, event.y) if event.type == tk.EventType.Motion else None
        if cell != self._hover:
            self._hover = cell
            self.canvas.show(self.picture())

    def _on_stop(self, _event: tk.Event[Any]) -> None:
        self.game.stop_here()
        self.refresh()

    def _on_escape(self, _event: tk.Event[Any]) -> None:
        self.game.cancel_selection(sound=False)
        self.refresh()

    def _on_event(self, event: BoardEvent) -> None:
        """What the controller did: Tk draws no animation and plays no sound."""
        if isinstance(event, GameEnded):
            self.root.after_idle(self._announce)
        elif isinstance(event, AIFailed):
            for callback in self.ai_error_callbacks:
                callback(event.error)

    # ----- actions -------------------------------------------------------------
    def _replace_game(self, session: GameSession, notice: str | Words = "") -> None:
        """New game, load or Continue: a new controller; the old one writes its autosave."""
        self.game.close()
        self.game = self._controller(session)
        self.game.say(notice)
        self._position_replaced()

    def start_game(self, setup: MatchSetup) -> None:
        """Replace the game (New game dialog, command line)."""
        self.movetime = setup.movetime
        prefs.remember_options(setup.game_id, setup.options, self.lang)
        try:
            session = GameSession(setup.game_setup())
        except EngineError as error:
            self.game.say(str(error), refused=True)
            self.refresh()
            return
        self._replace_game(
            session, lambda lang: tt("new_game_started", lang, game=game_title(setup.game_id, lang))
        )

    def continue_game(self) -> None:
        """The autosaved game (the arcade's Continue): the last unfinished game, either view."""
        if not autosave.autosave_exists():
            self.game.refuse(lambda lang: tt("nothing_to_continue", lang))
            self.refresh()
            return
        self.game.close()  # first write this game's own autosave, then read the file
        session, error = autosave.read_autosave()
        if session is None:
            self.game = self._controller(self.game.session)
            self.game.refuse(lambda lang: tt("load_failed", lang, reason=autosave.problem_text(error, lang)))
            self.refresh()
            return
        self.game = self._controller(session)
        self._position_replaced()

    def ask_new_game(self) -> None:
        NewGameDialog(self.root, self.setup, self.lang, self.start_game, prefs.remembered_options())

    def undo(self) -> None:
        if self.game.undo() and self.announcement is not None:
            self.announcement.destroy()  # the game goes on: the result no longer holds
            self.announcement = None
        self.refresh()

    def redo(self) -> None:
        self.game.redo()
        self.refresh()

    def hint(self) -> None:
        """A search hint in any game; every legal move's verdict in a solved one."""
        self.game.ask_hint()
        self.refresh()

    def offer_draw(self) -> None:
        """Offer a draw: the computer answers in a moment, a person here at once."""
        if self.game.offer_draw() and self.game.draw.asked is not None:
            self.refresh()  # the question shows in the status line behind the dialog
            question = draw_question(self.game, "tk.draw_question")
            self.game.answer_draw(self.ask_yes_no(tt("draw_title", self.lang), question))
        self.refresh()

    def _ask_yes_no(self, title: str, question: str) -> bool:
        return bool(messagebox.askyesno(title, question, parent=self.root))  # Yes and No in the UI's language

    def save_to(self, path: str) -> bool:
        try:
            autosave.save_session(path, self.game.session)
        except (SaveError, OSError) as error:
            kind = error.kind if isinstance(error, SaveError) else "unwritable"
            self.game.refuse(lambda lang: tt("save_failed", lang, reason=autosave.problem_text(kind, lang)))
            self.refresh()
            return False
        self.game.say(lambda lang: tt("saved", lang, path=path))
        self.refresh()
        return True

    def load_from(self, path: str) -> bool:
        session, error = autosave.load_session(path)
        if session is None:
            self.game.refuse(lambda lang: tt("load_failed", lang, reason=autosave.problem_text(error, lang)))
            self.refresh()
            return False
        self._replace_game(session, lambda lang: tt("loaded", lang, path=path))
        return True

    def ask_save(self) -> None:
        name = autosave.default_save_name(self.game.session)
        path = choose_path(self.root, "save", str(saves_dir()), name, tt("save_title", self.lang))
        if path:
            self.save_to(path)

    def ask_load(self) -> None:
        path = choose_path(self.root, "open", str(saves_dir()), "", tt("load_title", self.lang))
        if path:
            self.load_from(path)

    def _position_replaced(self) -> None:
        """After new game, load or Continue: new geometry maybe, no stale popup."""
        setup = self.game.session.setup
        look = look_for(setup.game_id, setup.look)
        self.canvas.set_geometry(board_geometry(setup.game_id, setup.options, look), look)
        self.panel.set_colours(look.dark_first)
        self._refused = None
        if self.announcement is not None:
            self.announcement.destroy()
            self.announcement = None
        self.refresh()
        if self.game.over:
            self._announce()

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        if self._after_id is not None:
            self.root.after_cancel(self._after_id)
        self.game.close()  # the autosave: Continue brings this game back
        if self.review is not None:
            self.review.close()
        if self.worker is not None:
            self.worker.close()
        self.root.destroy()
        self.collector.stop()

    # ----- the clock --------------------------------------------------------------
    def _tick(self) -> None:
        self._after_id = None
        try:
            self.collector.tick()
            now = time.monotonic()
            self.game.update(now - self._last_tick)
            self._last_tick = now
            if self._view_key() != self._shown or self.game.removal_due() or self._refused is not None:
                self.refresh()
        finally:
            if not self.closed:
                self._after_id = self.root.after(TICK_MS, self._tick)

    def _view_key(self) -> tuple[Any, ...]:
        """What the texts and the board depend on, to redraw only when it changed."""
        game = self.game
        return (
            len(game.state.history),
            game.state.to_move,
            game.notice,
            game.refused,
            game.builder.prefix,
            game.hint,
            game.verdict_hint.shown,
            game.thinking_side,
            game.lang,
            game.over,
            game.draw.pending,
        )

    # ----- drawing ---------------------------------------------------------------
    def picture(self) -> BoardPicture:
        refused = self._refused
        if refused is not None and time.monotonic() - refused[1] > REFUSED_MARK_SECONDS:
            refused = self._refused = None
        pulse = (time.monotonic() - self._pulse_start) % 0.8 / 0.8
        return board_picture(self.game, self._hover, refused[0] if refused else None, abs(1 - 2 * pulse))

    def refresh(self) -> None:
        game, lang = self.game, self.lang
        game.lang = lang
        self._shown = self._view_key()
        title = game_title(game.session.setup.game_id, lang)
        self.root.title(tt("app_title", lang, game=title))
        self.canvas.show(self.picture())
        self.panel.show_game(game, title, lang)
        self.status.show(game.prompt_text(), game.notice, REFUSAL if game.refused else LEGAL)

    def _announce(self) -> None:
        """Once per finished game: a popup with the result, and the game-over callbacks."""
        if self.closed or not self.game.over or self.announcement is not None:
            return
        result = outcome_words(self.game.session, self.lang)
        if self.announce_popups:
            self.announcement = popup(self.root, tt("game_over_title", self.lang), result)
        for callback in self.game_over_callbacks:
            callback()

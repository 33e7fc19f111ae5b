"""The Tk window of Plateaux: board canvas, side panel, status line, menus and the AI loop.

The AI runs in a child process (game.ai_worker.AIWorker), polled from the Tk loop every
50 ms, so the window never freezes; undo, new game and load cancel a pending request.
"""

from __future__ import annotations

import functools
import time
import tkinter as tk
from tkinter import filedialog
from typing import Any

from engine.core import FIRST_MAN, SECOND_MAN, EngineError
from engine.registry import get_spec
from game.ai_worker import AIWorker
from game.i18n import LANGUAGES
from game.looks import board_geometry, look_for
from game.paths import SAVE_EXTENSION, saves_dir
from game.tk.board import BACKGROUND, LEGAL, REFUSAL, BoardCanvas, BoardPicture
from game.tk.collect import MainThreadCollector
from game.tk.controller import MatchSetup, TkSession
from game.tk.dialog import with_save_extension
from game.tk.newgame import NewGameDialog
from game.tk.panel import SidePanel, StatusLine, popup
from game.tk.text import tt
from game.verdict_hints import has_verdicts

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
        self.session = TkSession(setup, lang)
        self.ai_delay = ai_delay
        self.announce_popups = announce
        self.worker: AIWorker | None = None
        self._asked_at = 0.0  # when the pending AI request was made
        self._held: str | None = None  # an AI move that arrived before ai_delay ran out
        self._ai_failed_at: int | None = None  # ply where the AI failed: no retry loop there
        self.ai_error_callbacks: list[Any] = []
        self._hover: int | None = None
        self._refused: tuple[int, float] | None = None
        self._notice: tuple[str, str] = ("", REFUSAL)
        self._pulse_start = time.monotonic()
        self._after_id: str | None = None
        self.announcement: tk.Toplevel | None = None
        self.closed = False
        self.game_over_callbacks: list[Any] = []
        self._announced_key: int | None = None
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
                "save": self.ask_save,
                "load": self.ask_load,
                "hint": self.hint,
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
            ("<Control-h>", lambda _e: self.hint()),
            ("<Control-s>", lambda _e: self.ask_save()),
            ("<Control-o>", lambda _e: self.ask_load()),
            ("<Control-n>", lambda _e: self.ask_new_game()),
            ("<Control-q>", lambda _e: self.close()),
        ):
            root.bind(key, action)
        root.protocol("WM_DELETE_WINDOW", self.close)
        self.retranslate()
        self._after_id = root.after(TICK_MS, self._tick)

    # ----- language and menus --------------------------------------------------
    @property
    def lang(self) -> str:
        return self.session.lang

    def set_language(self, lang: str) -> None:
        self.session.lang = lang if lang in LANGUAGES else "en"
        self.retranslate()

    def retranslate(self) -> None:
        lang = self.lang
        menubar = tk.Menu(self.root)
        game = tk.Menu(menubar, tearoff=False)
        game.add_command(label=tt("menu_new", lang), accelerator="Ctrl+N", command=self.ask_new_game)
        game.add_command(label=tt("menu_undo", lang), accelerator="Ctrl+Z", command=self.undo)
        game.add_command(label=tt("menu_hint", lang), accelerator="Ctrl+H", command=self.hint)
        game.add_separator()
        game.add_command(label=tt("menu_save", lang), accelerator="Ctrl+S", command=self.ask_save)
        game.add_command(label=tt("menu_load", lang), accelerator="Ctrl+O", command=self.ask_load)
        game.add_separator()
        game.add_command(label=tt("menu_quit", lang), accelerator="Ctrl+Q", command=self.close)
        menubar.add_cascade(label=tt("menu_game", lang), menu=game)
        language = tk.Menu(menubar, tearoff=False)
        self._lang_var = tk.StringVar(self.root, lang)
        for code in LANGUAGES:
            language.add_radiobutton(
                label=tt(f"lang_{code}", lang),
                value=code,
                variable=self._lang_var,
                command=functools.partial(self.set_language, code),
            )
        menubar.add_cascade(label=tt("menu_language", lang), menu=language)
        self.root.configure(menu=menubar)
        self.panel.retranslate(lang)
        self.refresh()

    # ----- input ---------------------------------------------------------------
    def _on_left(self, event: tk.Event[Any]) -> None:
        cell = self.canvas.cell_at_pixel(event.x, event.y)
        feedback = self.session.click(cell)
        self._refused = (cell, time.monotonic()) if feedback.refusal and cell is not None else None
        self._notice = ("", REFUSAL)
        self.refresh()

    def _on_motion(self, event: tk.Event[Any]) -> None:
        """LOOK.md: hovering a piece shows where it can go."""
        cell = self.canvas.cell_at_pixel(event.x, event.y) if event.type == tk.EventType.Motion else None
        if cell != self._hover:
            self._hover = cell
            self.canvas.show(self.picture())

    def _on_stop(self, _event: tk.Event[Any]) -> None:
        self.session.stop_here()
        self._notice = ("", REFUSAL)
        self.refresh()

    def _on_escape(self, _event: tk.Event[Any]) -> None:
        self.session.builder.prefix = ()
        self.session.refusal = None
        self.refresh()

    # ----- actions -------------------------------------------------------------
    def _stop_ai(self) -> None:
        if self.worker is not None:
            self.worker.cancel()
        self._held = None

    def start_game(self, setup: MatchSetup) -> None:
        """Replace the game (New game dialog, command line)."""
        self._stop_ai()
        try:
            self.session.new_game(setup)
        except EngineError as error:
            self._notice = (str(error), REFUSAL)
        else:
            self._notice = (tt("new_game_started", self.lang, game=get_spec(setup.game_id).title), LEGAL)
        self._position_replaced()

    def ask_new_game(self) -> None:
        NewGameDialog(self.root, self.session.setup, self.lang, self.start_game)

    def undo(self) -> None:
        self._stop_ai()
        done = self.session.undo()
        self._notice = (tt("undone" if done else "nothing_to_undo", self.lang), LEGAL if done else REFUSAL)
        self._position_replaced()

    def hint(self) -> None:
        """Every legal move's verdict (Teeko): labels on the board, the list in the panel."""
        notice, refused = self.session.ask_hint()
        self._notice = (notice, REFUSAL if refused else LEGAL)
        self.refresh()

    def save_to(self, path: str) -> bool:
        try:
            self.session.save(path)
        except (EngineError, OSError) as error:
            self._notice = (tt("save_failed", self.lang, reason=error), REFUSAL)
            self.refresh()
            return False
        self._notice = (tt("saved", self.lang, path=path), LEGAL)
        self.refresh()
        return True

    def load_from(self, path: str) -> bool:
        self._stop_ai()
        try:
            self.session.load(path)
        except (EngineError, OSError) as error:
            self._notice = (tt("load_failed", self.lang, reason=error), REFUSAL)
            self.refresh()
            return False
        self._notice = (tt("loaded", self.lang, path=path), LEGAL)
        self._position_replaced()
        return True

    def _file_types(self) -> list[tuple[str, str]]:
        return [("Plateaux", "*" + SAVE_EXTENSION), ("JSON", "*.json"), ("*", "*")]

    def ask_save(self) -> None:
        name = f"{self.session.setup.game_id}-{time.strftime('%Y%m%d-%H%M')}{SAVE_EXTENSION}"
        path = filedialog.asksaveasfilename(
            parent=self.root,
            title=tt("save_title", self.lang),
            initialdir=str(saves_dir()),
            initialfile=name,
            filetypes=self._file_types(),
            defaultextension=SAVE_EXTENSION,
        )
        if path:
            self.save_to(with_save_extension(path))  # "game.json" -> "game.plateaux.json"

    def ask_load(self) -> None:
        path = filedialog.askopenfilename(
            parent=self.root,
            title=tt("load_title", self.lang),
            initialdir=str(saves_dir()),
            filetypes=self._file_types(),
        )
        if path:
            self.load_from(path)

    def _position_replaced(self) -> None:
        """After new game, undo or load: new geometry maybe, no stale result or popup."""
        setup = self.session.setup
        look = look_for(setup.game_id, setup.look)
        self.canvas.set_geometry(board_geometry(setup.game_id, setup.options, look), look)
        self.panel.set_colours(look.dark_first)
        self._refused = None
        self._announced_key = None
        self._ai_failed_at = None
        if self.announcement is not None:
            self.announcement.destroy()
            self.announcement = None
        self.refresh()

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        if self._after_id is not None:
            self.root.after_cancel(self._after_id)
        if self.worker is not None:
            self.worker.close()
        self.root.destroy()
        self.collector.stop()

    # ----- the AI and the clock -------------------------------------------------
    def _tick(self) -> None:
        self._after_id = None
        try:
            self.collector.tick()
            self._drive_ai()
            if self.session.poll_hint():  # the database finished loading: show the verdicts
                self._notice = ("", LEGAL)
                self.refresh()
            if self.session.removal_due() or self._refused is not None:
                self.refresh()
        finally:
            if not self.closed:
                self._after_id = self.root.after(TICK_MS, self._tick)

    def _drive_ai(self) -> None:
        session = self.session
        if not session.ai_to_move:
            return
        if self._ai_failed_at == session.state.ply:
            return  # undo, new game or load clears this
        if self.worker is None:
            self.worker = AIWorker()
        if self._held is None:
            if not self.worker.busy:
                level = session.setup.levels[session.state.to_move] or "medium"
                self.worker.request(session.state, level, session.setup.movetime)
                self._asked_at = time.monotonic()
                self.refresh()
                return
            result = self.worker.poll()
            if result is None:
                return
            if result.move is None:
                self._ai_failed(str(result.error))
                return
            self._held = result.move
        if time.monotonic() - self._asked_at >= self.ai_delay:
            move, self._held = self._held, None
            try:
                session.play(move)
            except EngineError as error:
                self._ai_failed(str(error))
                return
            self.refresh()

    def _ai_failed(self, error: str) -> None:
        self._ai_failed_at = self.session.state.ply
        self._notice = (tt("ai_error", self.lang, error=error), REFUSAL)
        self.refresh()
        for callback in self.ai_error_callbacks:
            callback(error)

    # ----- drawing ---------------------------------------------------------------
    def picture(self) -> BoardPicture:
        session = self.session
        last = session.last_move
        refused = self._refused
        if refused is not None and time.monotonic() - refused[1] > REFUSED_MARK_SECONDS:
            refused = self._refused = None
        pulse = (time.monotonic() - self._pulse_start) % 0.8 / 0.8
        return BoardPicture(
            cells=session.state.board(),
            selected=session.builder.prefix,
            targets=frozenset(session.targets()),
            removable=session.removal_due(),
            last_move=tuple(last.steps) if last is not None else (),
            refused_cell=refused[0] if refused is not None else None,
            pulse=abs(1 - 2 * pulse),
            mover=FIRST_MAN if session.state.to_move == 0 else SECOND_MAN,
            preview=frozenset(self._preview()),
            labels=session.hint_labels(),
        )

    def _preview(self) -> set[int]:
        """Where the hovered piece could go, before it is clicked."""
        session = self.session
        if self._hover is None or session.builder.prefix or not session.targets():
            return set()
        board = session.state.board()
        if board[self._hover] == 0:  # only pieces: an empty point is its own hint
            return set()
        return session.builder.preview(self._hover)

    def refresh(self) -> None:
        session, lang = self.session, self.lang
        self.root.title(tt("app_title", lang, game=session.state.spec.title))
        self.canvas.show(self.picture())
        panel = self.panel
        panel.title.configure(text=session.state.spec.title)
        thinking = (self.worker is not None and self.worker.busy) or self._held is not None
        for player in (0, 1):
            panel.players[player].configure(text=session.side_text(player))
            show = thinking and session.state.to_move == player and session.ai_to_move
            panel.thinking[player].configure(text="···" if show else "")
        result = session.result_text()
        panel.turn.configure(text="" if result else session.turn_text())
        last = session.last_move
        panel.last_move.configure(
            text=tt("last_move", lang, move=last) if last is not None else tt("no_move_yet", lang)
        )
        panel.result.configure(text=result or "")
        panel.verdicts.configure(text=session.verdict_text())
        solved = has_verdicts(session.setup.game_id)  # hints are a solved game's verdicts
        panel.buttons["hint"].configure(state="normal" if solved else "disabled")
        notice, colour = (session.refusal, REFUSAL) if session.refusal else self._notice
        self.status.show(session.hint_text(), notice, colour)
        if result is not None:
            self._announce(result)

    def _announce(self, result: str) -> None:
        """Once per finished position: a popup with the result, and the game-over callbacks."""
        key = self.session.state.key() ^ len(self.session.state.history)
        if self._announced_key == key:
            return
        self._announced_key = key
        if self.announce_popups:
            self.announcement = popup(self.root, tt("game_over_title", self.lang), result)
        for callback in self.game_over_callbacks:
            callback()

"""The Tk view's "New game" dialog: game, rule options, opponent, level and side."""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable, Mapping
from typing import Any

from engine.registry import GAMES, get_spec, levels_for
from game.game_hooks import game_title, tr_or
from game.looks import look_for, looks_for
from game.tk.setup import HUMAN, MatchSetup
from game.tk.text import player_name, tt

PANEL = "#2A3242"
TEXT = "#ECEFF4"
ACCENT = "#E0A84E"
TK_GAMES: tuple[str, ...] = tuple(GAMES)  # every registered game has a geometry and a look


class NewGameDialog(tk.Toplevel):
    """A small modal-looking window; `on_start(setup)` is called when the player confirms."""

    def __init__(
        self,
        master: tk.Misc,
        current: MatchSetup,
        lang: str,
        on_start: Callable[[MatchSetup], None],
        remembered: Mapping[str, Mapping[str, Any]] | None = None,
    ) -> None:
        super().__init__(master, background=PANEL, padx=18, pady=14)
        self.title(tt("new_title", lang))
        self.resizable(False, False)
        self.lang = lang
        self._on_start = on_start
        human_side = 0 if current.levels[0] is None else 1
        level = next((lv for lv in current.levels if lv is not None), "medium")
        two_players = current.levels == (HUMAN, HUMAN)
        self.game = tk.StringVar(self, current.game_id if current.game_id in TK_GAMES else TK_GAMES[0])
        self.mode = tk.StringVar(self, "two" if two_players else "ai")
        self.level = tk.StringVar(self, level)
        self.side = tk.IntVar(self, human_side)
        self.movetime = current.movetime
        self.option_vars: dict[str, tk.BooleanVar] = {}
        self._current_game = current.game_id
        self._current_options = dict(current.options)
        self._remembered = remembered or {}  # the options last chosen per game (settings)
        self.look = tk.StringVar(self, look_for(self.game.get(), current.look).look_id)
        self._body = tk.Frame(self, background=PANEL)
        self._body.pack(fill=tk.BOTH, expand=True)
        self._build()
        self.bind("<Return>", lambda _e: self.start())
        self.bind("<KP_Enter>", lambda _e: self.start())
        self.bind("<Escape>", lambda _e: self.destroy())
        self.transient(master.winfo_toplevel())
        self.focus_set()

    # ----- widgets -----------------------------------------------------------
    def _heading(self, key: str) -> None:
        tk.Label(
            self._body,
            text=tt(key, self.lang),
            background=PANEL,
            foreground=ACCENT,
            font=("DejaVu Sans", 12, "bold"),
            anchor="w",
        ).pack(fill=tk.X, pady=(8, 2))

    def _radio(self, text: str, variable: tk.Variable, value: Any) -> None:
        tk.Radiobutton(
            self._body,
            text=text,
            variable=variable,
            value=value,
            anchor="w",
            background=PANEL,
            foreground=TEXT,
            selectcolor="#1E2430",
            activebackground=PANEL,
            activeforeground=ACCENT,
            highlightthickness=0,
            font=("DejaVu Sans", 11),
            command=self._rebuild,
        ).pack(fill=tk.X)

    def _rebuild(self) -> None:
        for child in self._body.winfo_children():
            child.destroy()
        self._build()

    def _build(self) -> None:
        lang = self.lang
        self._heading("new_game")
        for game_id in TK_GAMES:
            self._radio(game_title(game_id, self.lang), self.game, game_id)
        spec = get_spec(self.game.get())
        boolean_options = [o for o in spec.options if isinstance(o.default, bool)]
        if boolean_options:
            self._heading("new_options")
        for option in boolean_options:
            current = spec.id == self._current_game
            chosen = self._current_options if current else self._remembered.get(spec.id, {})
            var = self.option_vars.get(option.name) or tk.BooleanVar(
                self, bool(chosen.get(option.name, option.default))
            )
            self.option_vars[option.name] = var
            tk.Checkbutton(
                self._body,
                text=tr_or(f"plateaux.option_{option.name}", self.lang, option.label or option.name),
                variable=var,
                anchor="w",
                background=PANEL,
                foreground=TEXT,
                selectcolor="#1E2430",
                activebackground=PANEL,
                highlightthickness=0,
                font=("DejaVu Sans", 11),
            ).pack(fill=tk.X)
        looks = looks_for(spec.id)
        if len(looks) > 1:  # seed 004: the look is chosen at every new game
            if self.look.get() not in {look.look_id for look in looks}:
                self.look.set(looks[0].look_id)
            self._heading("new_look")
            for look in looks:
                self._radio(tt(f"look_{look.look_id}", lang), self.look, look.look_id)
        self._heading("new_mode")
        self._radio(tt("mode_ai", lang), self.mode, "ai")
        self._radio(tt("mode_two", lang), self.mode, "two")
        if self.mode.get() == "ai":
            self._heading("new_level")
            for level in levels_for(spec.id):  # `perfect` for a solved game only
                self._radio(tt(f"level_{level}", lang), self.level, level)
            self._heading("new_side")
            names = spec.player_names
            self._radio(tt("side_first", lang, player=player_name(names[0], lang)), self.side, 0)
            self._radio(tt("side_second", lang, player=player_name(names[1], lang)), self.side, 1)
        buttons = tk.Frame(self._body, background=PANEL)
        buttons.pack(fill=tk.X, pady=(14, 0))
        for key, action, default in (("ok", self.start, True), ("cancel", self.destroy, False)):
            tk.Button(
                buttons,
                text=tt(key, lang),
                command=action,
                default=tk.ACTIVE if default else tk.NORMAL,
                background=ACCENT if default else PANEL,
                foreground="#1E2430" if default else TEXT,
                font=("DejaVu Sans", 11, "bold"),
                padx=12,
            ).pack(side=tk.RIGHT, padx=4)

    # ----- result ------------------------------------------------------------
    def setup(self) -> MatchSetup:
        """The game the dialog currently describes."""
        game_id = self.game.get()
        names = {o.name for o in get_spec(game_id).options}
        options = {name: var.get() for name, var in self.option_vars.items() if name in names}
        level = self.level.get()
        if level not in levels_for(game_id):  # `perfect` chosen, then another game
            level = "hard"
        if self.mode.get() == "two":
            levels: tuple[str | None, str | None] = (HUMAN, HUMAN)
        elif self.side.get() == 0:
            levels = (HUMAN, level)
        else:
            levels = (level, HUMAN)
        return MatchSetup(game_id, options, levels, self.movetime, look_for(game_id, self.look.get()).look_id)

    def start(self) -> None:
        setup = self.setup()
        self.destroy()
        self._on_start(setup)

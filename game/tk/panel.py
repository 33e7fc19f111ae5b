"""The side panel and status line of the Tk view (LOOK.md's chrome, in plain Tk)."""

from __future__ import annotations

import functools
import tkinter as tk
from collections.abc import Callable, Sequence

from game.controller import BoardController
from game.controller.texts import cards_for, outcome_words, phase_line
from game.i18n import LANGUAGES
from game.tk.board import ACCENT, BACKGROUND, EBONY, IVORY, IVORY_RIM, REFUSAL
from game.tk.text import tt
from game.verdict_hints import verdict_list

PANEL = "#2A3242"
TEXT = "#ECEFF4"
MUTED = "#AEB6C4"
FONT = "DejaVu Sans"


class SidePanel(tk.Frame):
    """Players, turn and phase, last move, result, and the action buttons."""

    def __init__(self, master: tk.Misc, actions: dict[str, Callable[[], None]]) -> None:
        super().__init__(master, background=PANEL, padx=18, pady=16, width=440)
        self.pack_propagate(False)
        self.title = self._label(20, True, TEXT, pady=(0, 12))
        self.players: list[tk.Label] = []
        self.thinking: list[tk.Label] = []
        self.swatches: list[tuple[tk.Canvas, int]] = []
        for colour in (IVORY, EBONY):
            row = tk.Frame(self, background=PANEL)
            row.pack(fill=tk.X, pady=3)
            swatch = tk.Canvas(row, width=22, height=22, background=PANEL, highlightthickness=0)
            disc = swatch.create_oval(2, 2, 20, 20, fill=colour, outline=IVORY_RIM, width=2)
            self.swatches.append((swatch, disc))
            swatch.pack(side=tk.LEFT, anchor="n", padx=(0, 8), pady=(2, 0))
            label = tk.Label(
                row,
                background=PANEL,
                foreground=TEXT,
                font=(FONT, 12),
                anchor="w",
                justify=tk.LEFT,
                wraplength=330,
            )
            label.pack(side=tk.LEFT, fill=tk.X, expand=True)
            dots = tk.Label(row, background=PANEL, foreground=ACCENT, font=(FONT, 12, "bold"), width=3)
            dots.pack(side=tk.RIGHT, anchor="n")
            self.players.append(label)
            self.thinking.append(dots)
        self.turn = self._label(14, True, ACCENT, pady=(16, 2))
        self.last_move = self._label(12, False, MUTED, pady=(2, 2))
        self.result = self._label(16, True, ACCENT, pady=(14, 4))
        self.verdicts = self._label(11, False, TEXT, pady=(8, 4))  # the hint of a solved game
        buttons = tk.Frame(self, background=PANEL)
        buttons.pack(side=tk.BOTTOM, fill=tk.X)
        self.buttons: dict[str, tk.Button] = {}
        for index, name in enumerate(("new", "hint", "undo", "redo", "draw", "review", "save", "load")):
            button = tk.Button(
                buttons,
                command=actions[name],
                background="#3A4458",
                foreground=TEXT,
                activebackground=ACCENT,
                activeforeground=BACKGROUND,
                relief=tk.FLAT,
                font=(FONT, 12),
                padx=8,
                pady=6,
                highlightthickness=0,
            )
            button.grid(row=index // 2, column=index % 2, sticky="ew", padx=4, pady=4)
            self.buttons[name] = button
        buttons.columnconfigure(0, weight=1)
        buttons.columnconfigure(1, weight=1)

    def _label(self, size: int, bold: bool, colour: str, pady: tuple[int, int]) -> tk.Label:
        weight = "bold" if bold else "normal"
        label = tk.Label(
            self,
            background=PANEL,
            foreground=colour,
            font=(FONT, size, weight),
            anchor="w",
            justify=tk.LEFT,
            wraplength=400,
        )
        label.pack(fill=tk.X, pady=pady)
        return label

    def set_colours(self, dark_first: bool) -> None:
        """Each player's disc as the board draws it (Teeko's and Othello's first player is dark)."""
        colours = (EBONY, IVORY) if dark_first else (IVORY, EBONY)
        for (swatch, disc), colour in zip(self.swatches, colours, strict=True):
            swatch.itemconfigure(disc, fill=colour)

    def show_game(self, game: BoardController, title: str, lang: str) -> None:
        """The controller's texts: title, players, phase, last move, result, verdicts."""
        self.title.configure(text=title)
        for player, card in enumerate(cards_for(game.session, game.thinking_side, lang)):
            self.players[player].configure(text=f"{card.title}\n{card.detail}")
            self.thinking[player].configure(text="···" if card.thinking else "")
        result = outcome_words(game.session, lang) if game.over else ""
        self.turn.configure(text="" if result else phase_line(game.session, lang))
        last = game.state.history[-1] if game.state.history else None
        self.last_move.configure(
            text=tt("last_move", lang, move=last) if last is not None else tt("no_move_yet", lang)
        )
        self.result.configure(text=result)
        verdicts = game.verdict_hint.verdicts
        self.verdicts.configure(
            text=tt("hint_verdicts", lang) + "\n" + verdict_list(verdicts, lang) if verdicts else ""
        )
        for name, wanted in (
            ("undo", game.can_undo()),
            ("redo", game.can_redo()),
            ("hint", game.can_hint()),
            ("draw", game.can_offer_draw()),
        ):
            self.buttons[name].configure(state="normal" if wanted else "disabled")

    def retranslate(self, lang: str) -> None:
        for name, button in self.buttons.items():
            button.configure(text=tt(f"buttons_{name}", lang))


class StatusLine(tk.Frame):
    """The bottom line: what to do now, and why the last click was refused."""

    def __init__(self, master: tk.Misc) -> None:
        super().__init__(master, background=PANEL, padx=16, pady=8)
        self.hint = tk.Label(
            self, background=PANEL, foreground=TEXT, font=(FONT, 13), anchor="w", justify=tk.LEFT
        )
        self.hint.pack(fill=tk.X)
        self.notice = tk.Label(
            self, background=PANEL, foreground=REFUSAL, font=(FONT, 12, "bold"), anchor="w", justify=tk.LEFT
        )
        self.notice.pack(fill=tk.X)

    def show(self, hint: str, notice: str = "", colour: str = REFUSAL) -> None:
        self.hint.configure(text=hint)
        self.notice.configure(text=notice, foreground=colour)


# (text entry, accelerator, action), or None for a separator
MenuCommand = tuple[str, str, Callable[[], None]] | None


def menubar(
    root: tk.Tk, lang: str, commands: Sequence[MenuCommand], on_language: Callable[[str], None]
) -> tuple[tk.Menu, tk.StringVar]:
    """The Game menu (`commands`) and the Language menu, in `lang`; the language radio
    buttons' variable too, which the caller keeps alive."""
    bar = tk.Menu(root)
    game = tk.Menu(bar, tearoff=False)
    for command in commands:
        if command is None:
            game.add_separator()
        else:
            entry, accelerator, action = command
            game.add_command(label=tt(entry, lang), accelerator=accelerator, command=action)
    bar.add_cascade(label=tt("menu_game", lang), menu=game)
    language = tk.Menu(bar, tearoff=False)
    chosen = tk.StringVar(root, lang)
    for code in LANGUAGES:
        language.add_radiobutton(
            label=tt(f"lang_{code}", lang),
            value=code,
            variable=chosen,
            command=functools.partial(on_language, code),
        )
    bar.add_cascade(label=tt("menu_language", lang), menu=language)
    return bar, chosen


def popup(root: tk.Tk, title: str, text: str) -> tk.Toplevel:
    """A small non-blocking message window; Enter or Escape closes it."""
    window = tk.Toplevel(root, background=PANEL, padx=24, pady=18)
    window.title(title)
    tk.Label(
        window,
        text=text,
        background=PANEL,
        foreground=ACCENT,
        font=("DejaVu Sans", 16, "bold"),
        wraplength=420,
        justify=tk.CENTER,
    ).pack(pady=(0, 14))
    ok = tk.Button(
        window,
        text="OK",
        command=window.destroy,
        default=tk.ACTIVE,
        background=ACCENT,
        foreground=BACKGROUND,
        font=("DejaVu Sans", 12, "bold"),
        padx=18,
    )
    ok.pack()
    for key in ("<Return>", "<KP_Enter>", "<Escape>"):
        window.bind(key, lambda _e: window.destroy())
    window.transient(root)
    window.configure(highlightbackground=TEXT)
    ok.focus_set()
    return window

"""The Tk view's game review: a window with each player's counts per class and
accuracy, the turning points, and the move list with a coloured class per move.

The review runs in its own AI worker (a child process, so the board's AI turns keep
theirs), polled from the Tk loop; the result stays with the session, and in its save,
as in the arcade.
"""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable

from engine.review import LABELS, REVIEW_NODES, PlyReview
from game.ai_worker import AIWorker, ReviewProgress, ReviewResult
from game.game_hooks import player_name
from game.i18n import tr
from game.review_view import CLASS_COLOURS, ReviewView
from game.session import GameSession

POLL_MS = 100
BACKGROUND, TEXT, DIM = "#1E2430", "#ECEFF4", "#A7B0C0"
FONT, MONO = ("DejaVu Sans", 11), ("DejaVu Sans Mono", 11)


def move_number(ply: int) -> str:
    """The move list's numbering: '3.' for the first player's move, '3...' for the reply."""
    return f"{ply // 2 + 1}{'.' if ply % 2 == 0 else '...'}"


class ReviewWindow:
    """One review of the session's game, in a window of its own."""

    def __init__(self, root: tk.Misc, session: GameSession, lang: str, on_close: Callable[[], None]) -> None:
        self.session = session
        self.lang = lang
        self.on_close = on_close
        self.worker: AIWorker | None = None
        self.window = tk.Toplevel(root, background=BACKGROUND)
        self.window.title(tr("plateaux.review", lang))
        self.window.geometry("560x640")
        self.window.protocol("WM_DELETE_WINDOW", self.close)
        self.window.bind("<Escape>", lambda _e: self.close())
        self.text = tk.Text(self.window, background=BACKGROUND, foreground=TEXT, font=FONT, wrap=tk.WORD,
                            borderwidth=0, padx=16, pady=12, highlightthickness=0)  # fmt: skip
        self.text.pack(fill=tk.BOTH, expand=True)
        for label, colour in CLASS_COLOURS.items():
            self.text.tag_configure(label, foreground=colour)
        self.text.tag_configure("dim", foreground=DIM)
        self.text.tag_configure("head", font=("DejaVu Sans", 13, "bold"))
        self.text.tag_configure("mono", font=MONO)
        self._after: str | None = None
        if session.review is not None and len(session.review) == session.state.ply:
            self.show(session.review)
        else:
            self.worker = AIWorker()
            self.worker.request_review(session.state, REVIEW_NODES)
            self.write([(tr("plateaux.review_running", lang), "dim")])
            self._after = self.window.after(POLL_MS, self._poll)

    def _poll(self) -> None:
        self._after = None
        if self.worker is None:
            return
        answer = self.worker.poll_review()
        if isinstance(answer, ReviewProgress):
            progress = tr("plateaux.review_progress", self.lang, done=answer.done, total=answer.total)
            self.write([(progress, "dim")])
        elif isinstance(answer, ReviewResult):
            self._stop_worker()
            if answer.plies is None:
                self.write([(tr("plateaux.review_failed", self.lang, error=answer.error or "?"), "blunder")])
            else:
                self.session.review = tuple(answer.plies)
                self.show(self.session.review)
            return
        self._after = self.window.after(POLL_MS, self._poll)

    def write(self, parts: list[tuple[str, str | None]]) -> None:
        self.text.configure(state=tk.NORMAL)
        self.text.delete("1.0", tk.END)
        for text, tag in parts:
            self.text.insert(tk.END, text, () if tag is None else (tag,))
        self.text.configure(state=tk.DISABLED)

    def show(self, plies: tuple[PlyReview, ...]) -> None:
        """Counts and accuracy per player, the turning points, then every move's class."""
        lang, state = self.lang, self.session.state
        view = ReviewView(state, plies)
        names = [player_name(state, p, lang) for p in (0, 1)]
        parts: list[tuple[str, str | None]] = []
        for player in (0, 1):
            counts = view.review.counts(player)
            parts.append((f"{names[player]}\n", "head"))
            for label in LABELS:
                parts.append(("■ ", label))
                parts.append((f"{counts[label]} {tr(f'plateaux.review_class_{label}', lang)}   ", None))
            accuracy = view.review.accuracy(player)
            if accuracy is not None:
                parts.append((tr("plateaux.review_accuracy", lang, percent=f"{accuracy:.0f}"), "dim"))
            parts.append(("\n\n", None))
        turning = view.turning_points()
        if turning:
            parts.append((tr("plateaux.review_turning_points", lang) + "\n", "head"))
            for ply in turning:
                label = tr(f"plateaux.review_class_{ply.label}", lang)
                line = tr("plateaux.review_turning_point", lang, number=move_number(ply.ply), move=ply.move,
                          label=label, best=ply.best_move, player=names[ply.mover])  # fmt: skip
                parts.append(("■ ", ply.label))
                parts.append((line + "\n", None))
            parts.append(("\n", None))
        parts.append((tr("plateaux.review_moves", lang) + "\n", "head"))
        for ply in plies:
            parts.append((f"{move_number(ply.ply):<6}{ply.move:<12}", "mono"))
            label = tr(f"plateaux.review_class_{ply.label}", lang) + ("!" if ply.exact else "")
            parts.append((label, ply.label))
            parts.append(("\n", None))
        self.write(parts)

    def _stop_worker(self) -> None:
        if self.worker is not None:
            self.worker.close()
            self.worker = None

    def close(self) -> None:
        if self._after is not None:
            self.window.after_cancel(self._after)
            self._after = None
        self._stop_worker()
        self.window.destroy()
        self.on_close()

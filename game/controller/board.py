"""The board controller: one game in progress for any front end (no pygame, no tkinter).

It owns the GameSession and everything a board does with it: moves built click by
click (game.input.MoveBuilder) with a capture chain shown jump by jump, AI turns through
the worker (game.ai_turns), a remote player's turns (game.net), undo and redo, hints
(a search, or a solved game's verdicts), draws by agreement (game.controller.draw_offer),
the status texts in the player's language and the autosave. A view feeds it clicks,
keys and time, reads what to show, and is told what happened through BoardEvents (to
animate it and play sounds, or just redraw).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.core import EMPTY, owner_of
from game.ai_turns import DRAW, HINT, MOVE, AIAnswer, AITurns
from game.ai_worker import AIWorker
from game.autosave import Autosaver
from game.controller.draw_offer import COMPUTER, REMOTE, DrawOffer
from game.controller.events import BoardEvent, ChainStep, Effect, Feedback, GameEnded, MoveShown, ignore
from game.controller.hints import VerdictHint
from game.controller.texts import outcome_sound, prompt_line, status_line
from game.controller.turns import HINT_LEVEL, update_ai, update_draw_news, update_verdicts
from game.game_hooks import hooks_for
from game.i18n import Words, words
from game.input import ClickKind, MoveBuilder
from game.session import GameSession

if TYPE_CHECKING:
    from engine.core import GameState
    from game.net.remote_turns import RemoteTurns


class BoardController:
    """One board: a session, the clicks in progress, the turns of others, what to say."""

    def __init__(
        self,
        session: GameSession,
        worker: Callable[[], AIWorker],
        *,
        lang: str = "en",
        ai_min_delay: float = 0.3,
        ai_movetime: float | None = None,
        remote: RemoteTurns | None = None,
        autosave: bool = True,
        listener: Callable[[BoardEvent], None] = ignore,
    ) -> None:
        self.session = session
        self.lang = lang
        self.remote = remote  # the network seat of a LAN game (game.net.remote_turns)
        self.listener = listener
        self.hooks = hooks_for(session.state.spec.id)
        self.builder = MoveBuilder(session.state.legal_moves())
        self.ai = AITurns(worker, ai_min_delay, ai_movetime)
        self.autosaver: Autosaver | None = Autosaver() if autosave else None
        self.cells = session.state.board()  # what the board shows (a chain's jumps so far)
        self.shown_prefix: tuple[int, ...] = ()  # clicks already shown played
        self.hint: Any = None  # the searched hint move, shown until the position changes
        self.verdict_hint = VerdictHint(session.state.spec.id)  # Teeko: every move's verdict
        self._notice: str | Words = ""  # overrides the prompt until the position changes
        self._shown_notice: tuple[str, str] = ("", "")  # (lang, text) of the notice last worked out
        self.refused = False  # the notice is a refusal (shown in red)
        self.pending_answer: AIAnswer | None = None
        self.draw = DrawOffer()  # a draw offered and not yet answered
        self.paused = False  # computer against computer only: the watcher may stop the game
        self._ended_announced = session.over  # a loaded finished game is not announced again
        self._touched = False  # a board left untouched never overwrites the autosave

    # ----- who plays ------------------------------------------------------------------
    @property
    def state(self) -> GameState:
        return self.session.state

    @property
    def over(self) -> bool:
        return self.session.over

    @property
    def watching(self) -> bool:
        """Computer against computer: the player only watches (and may pause)."""
        return all(seat.is_ai for seat in self.session.seats)

    @property
    def people(self) -> bool:
        return any(not seat.is_ai for seat in self.session.seats)

    @property
    def local(self) -> bool:
        """Not a network game: moves can be taken back and the game replaced."""
        return self.remote is None

    def human_to_move(self) -> bool:
        remote = self.session.seat_to_move().is_remote
        # While a network link is lost (a drop, or a Continue not yet reconnected), a move
        # here could go where the other side's game went on without it: wait instead.
        waiting = self.remote is not None and (self.remote.lost or self.remote.behind)
        # A person here answers a draw offer, or the network's answer to ours is on its way.
        waiting = waiting or self.draw.asked is not None or self.draw.remote_side is not None
        return not self.session.over and not self.session.is_ai_turn() and not remote and not waiting

    @property
    def thinking_side(self) -> int | None:
        """The side whose AI is thinking now, if any."""
        return self.state.to_move if self.ai.busy and self.ai.purpose == MOVE else None

    def can_undo(self) -> bool:
        return self.people and self.local and self.session.can_undo()

    def can_redo(self) -> bool:
        return self.people and self.local and self.session.can_redo()

    def can_hint(self) -> bool:
        return self.people and self.human_to_move() and not self.draw.pending

    # ----- feedback -------------------------------------------------------------------
    @property
    def notice(self) -> str:
        """The notice in the player's language now (worked out once per language)."""
        if not isinstance(self._notice, str) and self._shown_notice[0] != self.lang:
            self._shown_notice = (self.lang, self._notice(self.lang))
        return self._notice if isinstance(self._notice, str) else self._shown_notice[1]

    def say(self, text: str | Words, *, refused: bool = False) -> None:
        """Show a notice: a text, or words that follow the language (game.i18n.words)."""
        self._notice, self.refused, self._shown_notice = text, refused, ("", "")

    def refuse(self, reason: str | Words) -> Feedback:
        self.say(reason, refused=True)
        self.listener(Effect("refused"))
        return Feedback(refusal=self.notice)

    # ----- moves ----------------------------------------------------------------------
    def _position_changed(self) -> None:
        """After any move, undo or redo: new legal moves, no stale hint, autosave."""
        self.builder.reset(self.state.legal_moves())
        self.shown_prefix = ()
        self.hint = None
        self.verdict_hint.clear()
        self.say("")
        self.pending_answer = None
        if self.ai.purpose == DRAW:  # the computer's answer would come too late
            self.ai.cancel()
        self.draw.withdraw()
        self._touched = True
        if self.autosaver is not None:
            self.autosaver.submit(self.session)
        if self.session.over and not self._ended_announced:
            self._ended_announced = True
            self.listener(GameEnded(outcome_sound(self.session)))
        elif not self.session.over:
            self._ended_announced = False

    def play(self, move: Any) -> Any:
        """Play a legal move (object or notation; raises the engine's error otherwise)."""
        state = self.state
        if isinstance(move, str):
            move = state.parse_move(move)
        if move not in state.legal_moves():
            state.play(move)  # raises with the engine's reason
        before = self.cells  # the board shown: a capture chain's first jumps may be on it
        shown, self.shown_prefix = self.shown_prefix, ()
        mover = state.to_move
        flies = bool(getattr(state, "is_flying", lambda side: False)(mover))
        self.session.play(move)
        if self.remote is not None:
            self.remote.played(mover, move)
        self.cells = state.board()
        steps = tuple(move.steps[len(shown) - 1 :]) if shown else tuple(move.steps)
        placed = all(b == EMPTY for b, a in zip(before, self.cells, strict=True) if a != b and a != EMPTY)
        self.listener(
            MoveShown(
                before=tuple(before),
                after=tuple(self.cells),
                steps=steps,
                flash=tuple(self.hooks.flash_cells(state, move)),
                placed=placed,
                flew=flies,
                capture=state.is_capture(move),
                chain_end=bool(shown) and len(steps) == 2,
                still=before == self.cells,
            )
        )
        self._position_changed()
        return move

    def _replace_position(self) -> None:
        self.ai.cancel()
        self.cells = self.state.board()
        self.listener(Effect("click"))
        self._position_changed()

    def undo(self) -> bool:
        """Take back moves until a person is to move again; False (and why) if refused."""
        if not self.can_undo() or self.watching:
            self.refuse(words("plateaux.refuse_undo"))
            return False
        self.session.undo()
        self._replace_position()
        return True

    def redo(self) -> bool:
        if not self.can_redo():
            self.refuse(words("plateaux.refuse_redo"))
            return False
        self.session.redo()
        self._replace_position()
        return True

    # ----- clicks ---------------------------------------------------------------------
    def click(self, cell: int | None) -> Feedback:
        """A click (mouse or keyboard) on a cell, or beside the board when None."""
        if self.session.over:
            return self.refuse(words("plateaux.refuse_over"))
        if self.draw.asked is not None:
            return self.refuse(words("plateaux.refuse_answer_draw"))
        if not self.human_to_move():
            key = "net.refuse_remote_turn" if self.remote is not None else "plateaux.refuse_ai_turn"
            return self.refuse(words(key))
        stepless = self.builder.stepless_move
        if stepless is not None:  # Othello's pass, which the prompt announces
            return Feedback(played=self.play(stepless))
        if cell is None:
            self.cancel_selection(sound=False)
            return Feedback()
        prefix = self.builder.prefix
        result = self.builder.click(cell)
        if result.kind is ClickKind.COMPLETE:
            return Feedback(played=self.play(result.move))
        if result.kind is ClickKind.REFUSED:
            return self.refuse(lambda lang: self.hooks.refusal(self.state, prefix, cell, lang))
        self.say("")
        if not self._show_prefix():
            self.listener(Effect("select" if result.kind is ClickKind.PARTIAL else "click"))
        return Feedback()

    def stop_here(self) -> Feedback:
        """Enter or right click: the shortest complete move (dames chains), else cancel."""
        if not self.human_to_move():
            return Feedback()
        stepless = self.builder.stepless_move
        if stepless is not None:
            return Feedback(played=self.play(stepless))
        if self.builder.can_stop:
            return Feedback(played=self.play(self.builder.stop_here().move))
        if self.builder.prefix:
            self.cancel_selection()
        return Feedback()

    def cancel_selection(self, *, sound: bool = True) -> None:
        self.builder.reset()
        self._show_prefix()
        self.say("")
        if sound:
            self.listener(Effect("click"))

    def _show_prefix(self) -> bool:
        """Show the clicks so far as played when they make a move already (a dames chain:
        every prefix is a legal move). Returns whether a jump was shown."""
        state, builder = self.state, self.builder
        move = builder.complete_move() if builder.can_stop else None
        shown = builder.prefix if move is not None else ()
        if shown == self.shown_prefix:
            return False
        before = self.cells
        grew = bool(shown) and shown[:-1] == (self.shown_prefix or shown[:1])
        self.shown_prefix = shown
        if move is None:
            self.cells = state.board()
        else:
            state.push(move)  # push/pop: the exact board after the prefix, the game unchanged
            self.cells = state.board()
            state.pop()
        if grew:
            self.listener(ChainStep(tuple(before), tuple(self.cells), shown[-2:], state.is_capture(move)))
        return grew

    def targets(self, pointer: int | None = None, *, every_move: bool = False) -> set[int]:
        """Cells to mark for the person to move: where the next click may go once a
        move is started (or always when `every_move`), else where `pointer`'s piece goes."""
        if not self.human_to_move():
            return set()
        if self.builder.prefix or every_move:
            return self.builder.next_cells()
        return self.builder.preview(pointer) if pointer is not None else set()

    def removal_due(self) -> bool:
        """Whether the next click takes an opposing piece (every target is one)."""
        if not self.human_to_move() or not self.builder.prefix:
            return False
        cells = self.builder.next_cells()
        board, side = self.state.board(), self.state.to_move
        return bool(cells) and all(owner_of(board[c]) == 1 - side for c in cells)

    # ----- hints and pause ----------------------------------------------------------
    def ask_hint(self) -> Feedback:
        """Hint: a solved game's verdicts on the board, else a search for the best move."""
        if not self.can_hint():
            return self.refuse(words("plateaux.refuse_hint"))
        if self.verdict_hint.usable_for(self.state):
            shown = self.verdict_hint.ask(self.state)
            self.say(words("plateaux.hint_verdicts" if shown else "plateaux.hint_preparing"))
            return Feedback()
        self.ai.request(self.state, HINT_LEVEL, HINT)
        self.say(words("plateaux.hint_thinking"))
        return Feedback()

    def toggle_pause(self) -> bool:
        if not self.watching or self.session.over:
            self.refuse(words("plateaux.refuse_pause"))
            return False
        self.paused = not self.paused
        self.say("")
        self.listener(Effect("click"))
        return True

    # ----- draws by agreement (game.controller.draw_offer) -----------------------------
    def can_offer_draw(self) -> bool:
        state = self.state
        return self.human_to_move() and self.draw.may_offer(state.to_move, len(state.history))

    def offer_draw(self) -> bool:
        """The player to move offers a draw; the other side answers (now or later)."""
        if not self.can_offer_draw():
            self.refuse(words("plateaux.refuse_draw_offer"))
            return False
        self.ai.cancel()  # a hint being searched: the offer replaces it
        self.pending_answer = None
        self.cancel_selection(sound=False)  # a move half clicked gives way to the offer
        answers = self.draw.offer(self.state, self.session.seats[1 - self.state.to_move])
        if answers == COMPUTER:
            self.ai.request_draw(self.state, 1 - self.state.to_move)
        elif answers == REMOTE and self.remote is not None:
            self.remote.offer_draw()
        self.listener(Effect("click"))
        return True

    def answer_draw(self, accept: bool) -> None:
        """The person asked here accepts or declines the offer. Over the network the
        answer travels, and an acceptance waits for the host to settle the draw."""
        asked = self.draw.asked
        if asked is None:
            return
        self.draw.answered()
        if self.remote is None:
            self.draw_answered(accept)
            return
        self.remote.answer_draw(accept)
        if accept:
            self.draw.remote_side = 1 - asked

    def draw_answered(self, accepted: bool) -> None:
        """An offer is settled: the game ends drawn, or goes on and the status says so."""
        self.draw.withdraw()
        if accepted:
            self.session.agree_draw()
            self._position_changed()  # the game ends: announced like any other end
        else:
            self.say(words("plateaux.draw_declined"), refused=True)
            self.listener(Effect("refused"))

    # ----- time -----------------------------------------------------------------------
    def update(self, dt: float, *, animating: bool = False) -> None:
        """Advance `dt` seconds: clocks, the AI, the verdicts, the remote player, the
        autosave's errors. While the view animates, moves from others wait."""
        if not self.paused:
            self.session.tick(dt)
        update_ai(self, dt, animating)
        update_verdicts(self)
        if self.remote is not None:
            remote_move = self.remote.update(self.state, animating)
            if remote_move is not None:
                self.play(remote_move)
            update_draw_news(self, self.remote)
        if self.autosaver is not None:
            error = self.autosaver.poll_error()
            if error:
                self.say(words("plateaux.autosave_failed", error=error), refused=True)

    # ----- texts ----------------------------------------------------------------------
    def status_text(self) -> str:
        """The status line: a link problem, a notice, or what the player can do now."""
        return status_line(self)

    def prompt_text(self) -> str:
        """What happens now or what the player can do (no notice)."""
        return prompt_line(self)

    def close(self) -> None:
        """The board goes away: stop the AI and the link, write the last autosave."""
        self.ai.cancel()
        if self.remote is not None:
            self.remote.close()
        if self.autosaver is not None:
            if self._touched:
                self.autosaver.submit(self.session)
            self.autosaver.close()
            self.autosaver = None

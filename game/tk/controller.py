"""The Tk view's game logic without any widget: who plays, clicks, undo, save and load.

The window (game/tk/app.py) asks this session what to draw and what to say, and hands
it clicks and AI answers. Keeping it free of tkinter makes every rule of the view
testable without a display.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.core import GameState, Verdict, owner_of
from engine.games.teeko.rules import TeekoMove
from engine.registry import get_spec, new_state
from engine.saves import PlayerInfo, load_game, save_game
from game.game_hooks import hooks_for
from game.input import ClickKind, MoveBuilder
from game.looks import look_for
from game.tk.text import player_name, reason_text, tt
from game.verdict_hints import (
    LABEL_COLOURS,
    cell_verdicts,
    database_error,
    database_ready,
    has_verdicts,
    verdict_list,
    verdicts_now,
    warm_up,
)

HUMAN: str | None = None  # a side's level when a person plays it


@dataclass(frozen=True)
class MatchSetup:
    """A game to start: which game, its options, and each side's AI level (None = human)."""

    game_id: str = "nine"
    options: Mapping[str, Any] = field(default_factory=dict)
    levels: tuple[str | None, str | None] = (HUMAN, "medium")
    movetime: float | None = None  # seconds the AI may think; None = the level's own
    look: str = ""  # the board's look (game.looks); "" or unknown: the game's default


@dataclass(frozen=True)
class Feedback:
    """What a click or key did: the move played (if any) and a refusal reason (if any)."""

    played: Any = None
    refusal: str | None = None


class TkSession:
    """One game in the Tk view: the state, the clicks in progress and what to show."""

    def __init__(self, setup: MatchSetup | None = None, lang: str = "en") -> None:
        self.lang = lang
        self.setup = setup or MatchSetup()
        self.state: GameState = new_state(self.setup.game_id, self.setup.options)
        self.builder = MoveBuilder(self.state.legal_moves())
        self.refusal: str | None = None
        self.hint_asked = False
        self.verdicts: dict[TeekoMove, Verdict] | None = None  # the hint of a solved game, once shown
        self._warm_up()

    def _warm_up(self) -> None:
        """A solved game's database loads on a thread as the game starts: hints never wait."""
        if has_verdicts(self.setup.game_id):
            warm_up()

    # ----- the game ------------------------------------------------------------
    def new_game(self, setup: MatchSetup) -> None:
        """Start `setup` (options are checked: raises EngineError with a reason)."""
        state = new_state(setup.game_id, setup.options)
        self.setup, self.state = setup, state
        self._warm_up()
        self._position_changed()

    @property
    def names(self) -> tuple[str, str]:
        first, second = self.state.spec.player_names
        return player_name(first, self.lang), player_name(second, self.lang)

    @property
    def last_move(self) -> Any:
        return self.state.history[-1] if self.state.history else None

    def is_ai(self, player: int) -> bool:
        return self.setup.levels[player] is not None

    @property
    def ai_to_move(self) -> bool:
        """Whether the AI should be asked for a move now."""
        return self.state.outcome() is None and self.is_ai(self.state.to_move)

    def _position_changed(self) -> None:
        self.builder.reset(self.state.legal_moves())
        self.refusal = None
        self.hint_asked, self.verdicts = False, None

    def play(self, move: Any) -> Any:
        """Checked play of a move object or its notation; raises EngineError if illegal."""
        played = self.state.play(move)
        self._position_changed()
        return played

    # ----- human input ---------------------------------------------------------
    def click(self, cell: int | None) -> Feedback:
        """A left click on `cell` (None: outside every cell)."""
        early = self._before_input()
        if early is not None:
            return early
        if cell is None:
            return self._refuse(tt("refuse_no_cell", self.lang))
        before = self.builder.prefix
        if self.removal_due() and cell not in self.targets() and cell != before[-1]:
            # The mill is formed: a click elsewhere is a mistake, not a change of mind
            # (clicking the piece again or Escape takes the move back).
            return self._refuse(self._why_refused(before, cell))
        result = self.builder.click(cell)
        if result.kind is ClickKind.COMPLETE:
            return Feedback(played=self.play(result.move))
        if result.kind is ClickKind.REFUSED:
            return self._refuse(self._why_refused(before, cell))
        self.refusal = None
        return Feedback()

    def stop_here(self) -> Feedback:
        """Right click or Enter: play the shortest complete move, else drop the selection."""
        early = self._before_input()
        if early is not None:
            return early
        result = self.builder.stop_here()
        if result.kind is ClickKind.COMPLETE:
            return Feedback(played=self.play(result.move))
        self.builder.prefix = ()
        self.refusal = None
        return Feedback()

    def _before_input(self) -> Feedback | None:
        """What any click or Enter does before the cells matter: a refusal when it is not
        a person's turn, or the forced pass played; None to go on."""
        blocked = self._input_blocked()
        if blocked is not None:
            return self._refuse(blocked)
        stepless = self.builder.stepless_move
        if stepless is not None:
            return Feedback(played=self.play(stepless))
        return None

    def _input_blocked(self) -> str | None:
        if self.state.outcome() is not None:
            return tt("refuse_over", self.lang)
        if self.is_ai(self.state.to_move):
            return tt("refuse_ai_turn", self.lang, player=self.names[self.state.to_move])
        return None

    def _refuse(self, reason: str) -> Feedback:
        self.refusal = reason
        return Feedback(refusal=reason)

    def _why_refused(self, prefix: tuple[int, ...], cell: int) -> str:
        """A reason a player can read, from the game's hooks (the arcade says the same)."""
        return hooks_for(self.setup.game_id).refusal(self.state, prefix, cell, self.lang)

    def _name(self, cell: int) -> str:
        names = self._cell_names((cell,))
        return names[0] if names else str(cell)

    def _cell_names(self, steps: tuple[int, ...]) -> list[str]:
        from game.geometry import geometry_for

        names = geometry_for(self.setup.game_id, self.setup.options).cell_names
        return [names[c] for c in steps if 0 <= c < len(names)]

    # ----- the hint: every legal move's verdict (a solved game) ---------------
    def ask_hint(self) -> tuple[str, bool]:
        """Hint pressed: (a notice to show, whether it is a refusal); ('', False) when the
        verdicts are shown at once."""
        blocked = self._input_blocked()
        if blocked is not None:
            return blocked, True
        error = database_error()
        if not has_verdicts(self.setup.game_id) or error is not None:
            return tt("hint_unsolved", self.lang) + (f" ({error})" if error else ""), True
        self.hint_asked = True
        self.poll_hint()
        return ("", False) if self.verdicts is not None else (tt("hint_preparing", self.lang), False)

    def poll_hint(self) -> bool:
        """The asked-for verdicts, once the database is there; whether they just came."""
        if not self.hint_asked or self.verdicts is not None or not database_ready():
            return False
        self.verdicts = verdicts_now(self.state)
        self.hint_asked = self.verdicts is not None
        return self.hint_asked

    def hint_labels(self) -> tuple[tuple[int, str, str], ...]:
        """(cell, 'W13', colour) for each cell the next click may go to, best verdict behind it."""
        if self.verdicts is None:
            return ()
        labels = cell_verdicts(self.verdicts, self.builder.prefix)
        return tuple((cell, str(v), LABEL_COLOURS[v.kind]) for cell, v in sorted(labels.items()))

    def verdict_text(self) -> str:
        """The side panel's list: a heading, then 'c4=W13 d3=W13 a5=D …', best first."""
        if self.verdicts is None:
            return ""
        return tt("hint_verdicts", self.lang) + "\n" + verdict_list(self.verdicts)

    # ----- what to show --------------------------------------------------------
    def targets(self) -> set[int]:
        """Cells the next click may go to (green dots), for a human to move."""
        if self._input_blocked() is not None:
            return set()
        return self.builder.next_cells()

    def removal_due(self) -> bool:
        """Whether the next click is the removal of an opposing piece."""
        board, side = self.state.board(), self.state.to_move
        cells = self.targets()
        return (
            bool(self.builder.prefix) and bool(cells) and all(owner_of(board[c]) == 1 - side for c in cells)
        )

    def result_text(self) -> str | None:
        """'White wins: Black is down to two pieces', or None while the game goes on."""
        outcome = self.state.outcome()
        if outcome is None:
            return None
        reason = reason_text(outcome, self.names, self.lang)
        if outcome.winner is None:
            return tt("result_draw", self.lang, reason=reason)
        return tt("result_win", self.lang, player=self.names[outcome.winner], reason=reason)

    def turn_text(self) -> str:
        """Whose turn it is and the phase (Morris)."""
        side, lang = self.state.to_move, self.lang
        text = tt("turn", lang, player=self.names[side])
        phase = getattr(self.state, "phase", None)
        if isinstance(phase, str):
            text += " · " + tt(f"phase_{phase}", lang)
        return text

    def hint_text(self) -> str:
        """What the player can do now."""
        lang, state = self.lang, self.state
        result = self.result_text()
        if result is not None:
            return tt("hint_over", lang, result=result)
        side = state.to_move
        if self.is_ai(side):
            return tt("hint_ai", lang, player=self.names[side])
        return hooks_for(self.setup.game_id).prompt(state, self.builder.prefix, lang)

    def side_text(self, player: int) -> str:
        """One player's line in the side panel: name, who plays it, pieces."""
        lang = self.lang
        level = self.setup.levels[player]
        who = tt("human", lang) if level is None else tt("computer", lang, level=tt(f"level_{level}", lang))
        pieces = hooks_for(self.setup.game_id).score_line(self.state, player, lang)
        if pieces is None:
            on_board = sum(1 for c in self.state.board() if owner_of(c) == player)
            pieces = tt("pieces", lang, hand=self.state.in_hand(player), board=on_board)
        return f"{self.names[player]} ({who})\n{pieces}"

    # ----- undo, save, load ----------------------------------------------------
    def undo(self) -> bool:
        """Take back the last human move (and the AI answers after it); False if none."""
        state = self.state
        humans = [p for p in (0, 1) if not self.is_ai(p)]
        if not state.history or not humans:
            return False
        state.pop()
        while state.history and self.is_ai(state.to_move):  # back to a human's turn
            state.pop()
        self._position_changed()
        return True

    def players_info(self) -> tuple[PlayerInfo, PlayerInfo]:
        infos = []
        for player, name in enumerate(self.state.spec.player_names):
            level = self.setup.levels[player]
            infos.append(PlayerInfo(name, "human" if level is None else "ai", level))
        return infos[0], infos[1]

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the game in the arcade's save format; raises SaveError."""
        look = look_for(self.setup.game_id, self.setup.look).look_id
        save_game(path, self.state, self.players_info(), look=look)

    def load(self, path: str | os.PathLike[str]) -> None:
        """Replace the game by a saved one; raises SaveError and changes nothing then."""
        saved = load_game(path)
        levels = tuple(_level_of(info, saved.state.spec.id) for info in saved.players)
        state = saved.state
        self.setup = MatchSetup(
            state.spec.id,
            dict(state.options),
            (levels[0], levels[1]),
            self.setup.movetime,
            look_for(state.spec.id, saved.look).look_id,
        )
        self.state = state
        self._warm_up()
        self._position_changed()


def _level_of(info: PlayerInfo, game_id: str) -> str | None:
    from engine.ai.players import levels_for

    if info.kind != "ai":
        return HUMAN
    return info.level if info.level in levels_for(game_id) else "medium"


def game_title(game_id: str) -> str:
    return get_spec(game_id).title

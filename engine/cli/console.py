"""The console game behind `python -m engine play` (seed 001, part 1).

Reads one command per line from a text stream, so it can be scripted: a move in
notation (Morris also takes seed coordinates like `4,1` or `(4,1)-(4,2)`), or
`save FILE`, `load FILE`, `undo`, `hint`, `draw`, `moves`, `board`, `help`, `quit`.
Bad input never changes the game: it gets one line of explanation and a new prompt.
"""

from __future__ import annotations

import random
from datetime import UTC, datetime
from typing import TextIO

from engine.ai import choose_move
from engine.core import AGREED_DRAW, EngineError, GameState, InvalidMoveError
from engine.describe import result_text, turn_text
from engine.draw_offer import accepts_draw
from engine.registry import levels_for
from engine.saves import SAVE_EXTENSION, PlayerInfo, SaveError, load_game, save_game

HINT_LEVEL = "hard"

HELP = f"""commands:
  <move>      play a move in notation: d6 (place), d6-d5 (move), a4xg7 (with a removal);
              Morris also takes seed coordinates: 4,1  (4,1)-(4,2)  4,1x7,7
  moves       list the legal moves
  hint        suggest a move
  undo        take back your last move (against the computer: its reply too)
  draw        offer a draw: the computer, or the other player at this keyboard, answers
  save FILE   save the game (suggested extension {SAVE_EXTENSION})
  load FILE   load a saved game
  board       show the board again
  help        this list
  quit        leave (end of input does the same)"""


class Console:
    """One console session: a state, who the computer plays, and the streams to talk through."""

    def __init__(
        self,
        state: GameState,
        stdin: TextIO,
        stdout: TextIO,
        *,
        ai_level: str | None = None,
        ai_side: int = 1,
        seed: int | None = None,
        echo: bool = False,
    ) -> None:
        self.state = state
        self.stdin = stdin
        self.stdout = stdout
        self.ai_level = ai_level
        self.ai_side = ai_side if ai_level is not None else None
        self.rng = random.Random(seed)
        self.hint_rng = random.Random(seed)  # hints never shift the computer's own choices
        self.echo = echo  # repeat scripted input after the prompt so transcripts read well
        self.created = datetime.now(UTC)
        self.show_board = True
        self.agreed = False  # the players agreed a draw (`draw`)

    # ----- the loop --------------------------------------------------------
    def run(self) -> int:
        names = self.state.spec.player_names
        self.say(f"{self.state.spec.title}. Type 'help' for the commands.")
        if self.ai_level is not None and self.ai_side is not None:
            human, computer = names[1 - self.ai_side], names[self.ai_side]
            self.say(f"You play {human}; the computer ({self.ai_level}) plays {computer}.")
        while True:
            outcome = AGREED_DRAW if self.agreed else self.state.outcome()
            if outcome is not None:
                self.show()
                self.say(f"result: {result_text(outcome, self.state.spec.player_names)}")
                return 0
            if self.state.to_move == self.ai_side:
                if not self.computer_moves():
                    return 1
                continue
            if self.show_board:
                self.show()
            line = self.read(f"{self.state.spec.player_names[self.state.to_move]}> ")
            if line is None:
                self.say("")
                return 0
            if not self.handle(line):
                self.say("bye")
                return 0

    def read(self, prompt: str) -> str | None:
        self.stdout.write(prompt)
        self.stdout.flush()
        line = self.stdin.readline()
        if not line:
            return None
        if self.echo:
            self.stdout.write(line if line.endswith("\n") else line + "\n")
        return line.strip()

    def say(self, text: str) -> None:
        self.stdout.write(text + "\n")
        self.stdout.flush()

    def show(self) -> None:
        self.say(self.state.render())
        if self.state.outcome() is None:
            self.say(f"move {self.state.ply + 1}: {turn_text(self.state)}")
        self.show_board = False

    # ----- commands --------------------------------------------------------
    def handle(self, line: str) -> bool:
        """Carry out one input line; False means quit."""
        word, _, rest = line.partition(" ")
        command, argument = word.lower(), rest.strip()
        if not line:
            return True
        if command in ("quit", "exit"):
            return False
        if command in ("help", "?"):
            self.say(HELP)
        elif command == "moves":
            self.say("legal moves: " + " ".join(map(str, self.state.legal_moves())))
        elif command == "hint":
            self.say(f"hint: {choose_move(self.state, HINT_LEVEL, rng=self.hint_rng)}")
        elif command == "board":
            self.show()
        elif command == "undo":
            self.undo()
        elif command == "draw":
            self.offer_draw()
        elif command in ("save", "load"):
            if not argument:
                self.say(f"usage: {command} FILE")
            elif command == "save":
                self.save(argument)
            else:
                self.load(argument)
        else:
            self.human_moves(line)
        return True

    def human_moves(self, text: str) -> None:
        try:
            move = self.state.play(text)
        except InvalidMoveError as error:
            self.say(f"not a move: {error} (type 'help' for the commands)")
            return
        except EngineError as error:  # illegal, or the game is over
            self.say(f"illegal move: {error}")
            return
        self.say(f"{self.mover_name(1 - self.state.to_move)} plays {move}")
        self.show_board = True

    def computer_moves(self) -> bool:
        assert self.ai_level is not None
        try:
            move = choose_move(self.state, self.ai_level, rng=self.rng)
            self.state.play(move)  # checked: a faulty computer move must not corrupt the game
        except (EngineError, ValueError) as error:
            self.say(f"error: the computer could not move: {error}")
            return False
        self.say(f"{self.mover_name(1 - self.state.to_move)} plays {move}")
        self.show_board = True
        return True

    def mover_name(self, side: int) -> str:
        name = self.state.spec.player_names[side]
        return f"{name} (computer)" if side == self.ai_side else name

    def undo(self) -> None:
        """Take back one move; against the computer, back to the human's previous turn."""
        state = self.state
        if self.ai_side is None:
            if not state.history:
                self.say("nothing to undo")
                return
            self.say(f"undone: {state.pop()}")
            self.show_board = True
            return
        undone = []
        while state.history:
            undone.append(state.pop())
            if state.to_move != self.ai_side:
                break
        else:  # only computer moves so far: put them back
            for move in reversed(undone):
                state.push(move)
            self.say("nothing to undo")
            return
        self.say("undone: " + " ".join(str(m) for m in reversed(undone)))
        self.show_board = True

    def offer_draw(self) -> None:
        """The player to move offers a draw; the computer or the other person answers."""
        names = self.state.spec.player_names
        if self.ai_side is not None:
            self.agreed = accepts_draw(self.state, self.ai_side)
            self.say(f"the computer {'accepts' if self.agreed else 'declines'} the draw")
            return
        other = names[1 - self.state.to_move]
        answer = self.read(f"{other}, {names[self.state.to_move]} offers a draw: accept? (y/n) ")
        self.agreed = (answer or "").lower() in ("y", "yes", "o", "oui")
        if not self.agreed:
            self.say("the draw is declined")

    def players(self) -> tuple[PlayerInfo, PlayerInfo]:
        names = self.state.spec.player_names
        first, second = (
            PlayerInfo(names[s], "ai", self.ai_level) if s == self.ai_side else PlayerInfo(names[s])
            for s in (0, 1)
        )
        return first, second

    def save(self, path: str) -> None:
        try:
            save_game(path, self.state, self.players(), self.created)
        except SaveError as error:
            self.say(f"error: {error}")
            return
        self.say(f"saved {path} ({self.state.ply} moves)")

    def load(self, path: str) -> None:
        try:
            saved = load_game(path)
        except SaveError as error:
            self.say(f"error: {path}: {error}")
            return
        self.state = saved.state
        self.created = saved.created
        self.say(f"loaded {path}: {saved.state.spec.title}, {saved.state.ply} moves")
        self._recheck_level()
        self.show_board = True

    def _recheck_level(self) -> None:
        """A loaded game of another kind may lack the computer's level (perfect is for
        solved games only): the session goes on at the strongest level it offers."""
        if self.ai_level is None:
            return
        offered = levels_for(self.state.spec.id)
        if self.ai_level not in offered:
            old, self.ai_level = self.ai_level, offered[-1]
            self.say(f"{self.state.spec.title} has no level {old!r}: the computer now plays {self.ai_level}")

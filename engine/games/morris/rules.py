"""Nine and Twelve Men's Morris (seeds 001 and 000), exactly as RULES.md says.

Position text (`position()`, `GameSpec.from_position`), five fields::

    w.b/.../.../.w..b./.../.../... w 7 7 0

the board, its seven rows from the top (rank 7) down, each row's points left to right
(3, 3, 3, 6, 3, 3, 3 points): 'w' White, 'b' Black, '.' empty; the side to move ('w' or
'b'); White's and Black's pieces in hand; the moving-phase plies since the last removal
(0 to 100, and 0 while a piece is still in hand). The board variant (diagonals) is an
option of the game, not part of the position.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

import engine.games.morris.explain as explain
from engine.core import (
    FIRST,
    FIRST_MAN,
    SECOND_MAN,
    GameState,
    InvalidMoveError,
    Outcome,
    PositionError,
    Prompt,
    Refusal,
    Termination,
    cells_from_masks,
)
from engine.games.morris.board import (
    ALL_POINTS,
    NAMES,
    POINT_COUNT,
    Topology,
    name_to_index,
    points_of,
    topology,
)
from engine.games.morris.text import render_board
from engine.positions import read_board, read_count, read_side, split_fields, write_board, write_side

ROWS = (3, 3, 3, 6, 3, 3, 3)  # points per board row, top row first
QUIET_PLY_LIMIT = 100  # moving-phase plies without a removal before the draw
KEY_BITS = 59  # `key()` fits below this bit (two boards, the side, two hands)


class MorrisMove(NamedTuple):
    """A placement (src None) or a step/flight, with the removal it makes, if any."""

    src: int | None
    dst: int
    take: int | None = None

    @property
    def steps(self) -> tuple[int, ...]:
        head = (self.dst,) if self.src is None else (self.src, self.dst)
        return head if self.take is None else (*head, self.take)

    def __str__(self) -> str:
        text = NAMES[self.dst] if self.src is None else f"{NAMES[self.src]}-{NAMES[self.dst]}"
        return text if self.take is None else f"{text}x{NAMES[self.take]}"


# Every move without a removal, built once: [src][dst], src POINT_COUNT for a placement
# (move generation hands these out instead of building a tuple per move and node).
_PLAIN_MOVES: tuple[tuple[MorrisMove, ...], ...] = tuple(
    tuple(MorrisMove(None if src == POINT_COUNT else src, dst) for dst in range(POINT_COUNT))
    for src in range(POINT_COUNT + 1)
)


def mill_points_of(pieces: int, topo: Topology) -> int:
    """Mask of the pieces of `pieces` standing in at least one complete mill."""
    in_mill = 0
    for mask in topo.mill_masks:
        if pieces & mask == mask:
            in_mill |= mask
    return in_mill


def removable_of(pieces: int, topo: Topology) -> int:
    """Mask of the pieces of `pieces` a mill may remove: those outside mills, else any."""
    return pieces & ~mill_points_of(pieces, topo) or pieces


def has_move(own: int, opp: int, hand: int, topo: Topology) -> bool:
    """Whether the side holding `own` and `hand` has a move (cheaper than listing them)."""
    empty = ALL_POINTS & ~(own | opp)
    if not empty:
        return False
    if hand or own.bit_count() == 3:
        return True
    return bool(topo.reach(own) & empty)


def steps_at_most_of(own: int, opp: int, hand: int, topo: Topology, limit: int) -> bool:
    """Whether the side holding `own`, stepping (nothing in hand, not flying), has at
    most `limit` steps; False while it places or flies."""
    if hand or own.bit_count() == 3:
        return False
    free = topo.reach(own) & ~(own | opp)
    if free.bit_count() > limit:  # every free neighbouring point is a step at least
        return False
    adjacent = topo.adjacent
    return sum((adjacent[q] & own).bit_count() for q in points_of(free)) <= limit


def parse_morris_move(text: str) -> MorrisMove:
    """'d6', 'd6-d5', 'a4xg7', 'd6-d5xa1'; points may also be seed coordinates '4,2'."""
    body = text.strip().lower()
    if not body:
        raise InvalidMoveError("empty move")
    body, sep, take_text = body.partition("x")
    if sep and not take_text.strip():
        raise InvalidMoveError(f"{text!r}: nothing to remove after 'x'")
    parts = body.split("-")
    if len(parts) > 2 or not all(p.strip() for p in parts):
        raise InvalidMoveError(f"{text!r} is not a move (examples: d6, d6-d5, a4xg7)")
    src = name_to_index(parts[0]) if len(parts) == 2 else None
    dst = name_to_index(parts[-1])
    take = name_to_index(take_text) if sep else None
    return MorrisMove(src, dst, take)


class MorrisState(GameState):
    """Board as two 24-bit masks, pieces in hand, and an undo stack."""

    PIECES: int  # pieces each player starts with
    move_type = MorrisMove

    def __init__(self, options: Mapping[str, Any]) -> None:
        super().__init__(options)
        pieces = self.PIECES
        self.diagonals = bool(options.get("diagonals", False))
        self._topo = topology(self.diagonals)
        self._bb = [0, 0]  # occupied points of FIRST and SECOND
        self._hand = [pieces, pieces]
        self._side = FIRST
        self._quiet = 0  # moving-phase plies since the last removal
        self._undo: list[int] = []  # quiet counter before each move
        self._key = self._compute_key()
        self._note_position()

    # ----- position --------------------------------------------------------
    @property
    def to_move(self) -> int:
        return self._side

    def key(self) -> int:
        return self._key

    def table_key(self, key: int, reach: int) -> int:
        if self._quiet + reach < QUIET_PLY_LIMIT:
            return key
        return key | (QUIET_PLY_LIMIT - self._quiet + 1) << KEY_BITS  # the plies left, above the key

    def _compute_key(self) -> int:
        """The key of the current position; push, pop and set-up keep `_key` equal to it
        (the search asks for the key several times a node)."""
        return self._bb[0] | self._bb[1] << 24 | self._side << 48 | self._hand[0] << 49 | self._hand[1] << 54

    def board(self) -> tuple[int, ...]:
        return cells_from_masks(self._bb[0], self._bb[1], POINT_COUNT)

    def in_hand(self, player: int) -> int:
        return self._hand[player]

    def occupied(self, player: int) -> int:
        """Mask of the points holding the player's pieces."""
        return self._bb[player]

    @property
    def topology(self) -> Topology:
        """Lines and adjacency of this variant's board."""
        return self._topo

    def on_board(self, player: int) -> int:
        return self._bb[player].bit_count()

    def is_flying(self, player: int) -> bool:
        return self._hand[player] == 0 and self._bb[player].bit_count() == 3

    @property
    def phase(self) -> str:
        """'placement', 'moving' or 'flying', for the player to move."""
        if self._hand[self._side]:
            return "placement"
        return "flying" if self.is_flying(self._side) else "moving"

    @property
    def quiet_plies(self) -> int:
        return self._quiet

    def mill_points(self, player: int) -> int:
        """Mask of the player's pieces standing in at least one complete mill."""
        return mill_points_of(self._bb[player], self._topo)

    def removable(self, player: int) -> int:
        """Mask of the player's pieces an opponent's mill may remove."""
        return removable_of(self._bb[player], self._topo)

    def forms_mill(self, move: MorrisMove) -> bool:
        own = self._bb[self._side]
        if move.src is not None:
            own &= ~(1 << move.src)
        own |= 1 << move.dst
        return any(own & m == m for m in self._topo.mills_at[move.dst])

    def moving_masks(self) -> tuple[int, int] | None:
        """(own, opponent) point masks of the side to move once both hands are empty,
        else None (the endgame database's question, asked at every node)."""
        if self._hand[0] or self._hand[1]:
            return None
        side = self._side
        return self._bb[side], self._bb[1 - side]

    def steps_at_most(self, limit: int) -> bool:
        """Whether the side to move, stepping (no piece in hand, not flying), has at
        most `limit` steps; False while it places or flies."""
        side = self._side
        return steps_at_most_of(self._bb[side], self._bb[1 - side], self._hand[side], self._topo, limit)

    def is_capture(self, move: MorrisMove) -> bool:
        return move.take is not None

    # ----- rules -----------------------------------------------------------
    def _early_end(self) -> Outcome | None:
        """Endings that do not need move generation."""
        side = self._side
        if self._bb[side].bit_count() + self._hand[side] < 3:
            return Outcome(1 - side, Termination.FEWER_THAN_THREE)
        if self.repetitions() >= self.repetition_limit:
            return Outcome(None, Termination.REPETITION)
        return None

    def _has_target(self) -> bool:
        """Whether the player to move has any move (cheaper than listing them)."""
        side = self._side
        return has_move(self._bb[side], self._bb[1 - side], self._hand[side], self._topo)

    def legal_moves(self) -> list[MorrisMove]:
        if self._early_end() is not None or self._quiet >= QUIET_PLY_LIMIT:
            return []
        side = self._side
        own, opp = self._bb[side], self._bb[1 - side]
        empty = ALL_POINTS & ~(own | opp)
        topo = self._topo
        pairs_at, adjacent = topo.pairs_at, topo.adjacent
        placing = bool(self._hand[side])
        flying = not placing and own.bit_count() == 3
        takes: list[int] | None = None  # computed once, only if some move forms a mill
        moves: list[MorrisMove] = []
        for src in [None] if placing else points_of(own):
            # The mover's other pieces, and where this piece (or a new one) may go.
            rest = own if src is None else own & ~(1 << src)
            targets = empty if src is None or flying else adjacent[src] & empty
            plain = _PLAIN_MOVES[POINT_COUNT if src is None else src]
            for dst in points_of(targets):
                for pair in pairs_at[dst]:  # the move closes a mill through dst
                    if rest & pair == pair:
                        break
                else:
                    moves.append(plain[dst])
                    continue
                if takes is None:
                    takes = points_of(self.removable(1 - side)) if opp else []
                if takes:
                    moves.extend(MorrisMove(src, dst, t) for t in takes)
                else:
                    moves.append(plain[dst])
        return moves

    def count_legal_moves(self) -> int:
        """Bulk count for perft: placements are counted without building moves."""
        side = self._side
        if not self._hand[side] or self._early_end() is not None:
            return len(self.legal_moves())
        own, opp = self._bb[side], self._bb[1 - side]
        empty = ALL_POINTS & ~(own | opp)
        pairs_at = self._topo.pairs_at
        closing = 0  # empty points that complete a mill
        for point in points_of(empty):
            if any(own & pair == pair for pair in pairs_at[point]):
                closing |= 1 << point
        count = empty.bit_count()
        if closing and opp:
            count += closing.bit_count() * (self.removable(1 - side).bit_count() - 1)
        return count

    def push(self, move: MorrisMove) -> None:
        side = self._side
        src, dst, take = move
        self._undo.append(self._quiet)
        if src is None:
            self._hand[side] -= 1
            self._bb[side] |= 1 << dst
            self._quiet = 0
        else:
            self._bb[side] ^= 1 << src | 1 << dst
            self._quiet += 1
        if take is not None:
            self._bb[1 - side] &= ~(1 << take)
            self._quiet = 0
        self._side = 1 - side
        self.history.append(move)
        self._key = self._compute_key()
        self._note_position()

    def pop(self) -> MorrisMove:
        self._forget_position()
        move: MorrisMove = self.history.pop()
        side = 1 - self._side
        self._side = side
        src, dst, take = move
        if take is not None:
            self._bb[1 - side] |= 1 << take
        if src is None:
            self._hand[side] += 1
            self._bb[side] &= ~(1 << dst)
        else:
            self._bb[side] ^= 1 << src | 1 << dst
        self._quiet = self._undo.pop()
        self._key = self._compute_key()
        return move

    def outcome(self) -> Outcome | None:
        early = self._early_end()
        if early is not None:
            return early
        if not self._has_target():
            if self._bb[0] | self._bb[1] == ALL_POINTS:
                return Outcome(None, Termination.BOARD_FULL)
            return Outcome(1 - self._side, Termination.BLOCKED)
        # Checked after blocking: a player blocked by the 100th quiet ply still loses,
        # as a mate on the fiftieth move stands in chess.
        if self._quiet >= QUIET_PLY_LIMIT:
            return Outcome(None, Termination.NO_REMOVAL_LIMIT)
        return None

    def parse_move(self, text: str) -> MorrisMove:
        return parse_morris_move(text)

    # ----- refusals and prompts as data (explain.py) --------------------------
    def cell_name(self, cell: int) -> str:
        return NAMES[cell]

    def refusal(self, move: MorrisMove) -> Refusal | None:
        return explain.refusal(self, move)

    def _click_reason(self, prefix: tuple[int, ...], cell: int) -> Refusal:
        return explain.click_reason(self, prefix, cell)

    def _prompt(self, prefix: tuple[int, ...]) -> Prompt:
        return explain.prompt(self, prefix)

    def formed_lines(self) -> tuple[int, ...]:
        return explain.formed_lines(self)

    def render(self) -> str:
        return render_board(self.board(), self.diagonals)

    # ----- position text (format in the module docstring) ---------------------
    def position(self) -> str:
        names = self.spec.player_names
        board = write_board(self.board(), ROWS, names)
        return f"{board} {write_side(self._side, names)} {self._hand[0]} {self._hand[1]} {self._quiet}"

    def _set_position(self, text: str) -> None:
        names = self.spec.player_names
        board, side, first, second, quiet = split_fields(text, 5, "w.b/.../.../.w..b./.../.../... w 7 7 0")
        cells = read_board(board, ROWS, names)
        hands = [
            read_count(field, f"{names[p]}'s pieces in hand", 0, self.PIECES)
            for p, field in enumerate((first, second))
        ]
        quiet_plies = read_count(quiet, "the plies without a removal", 0, QUIET_PLY_LIMIT)
        masks = [sum(1 << i for i, c in enumerate(cells) if c == code) for code in (FIRST_MAN, SECOND_MAN)]
        for player in (0, 1):
            if masks[player].bit_count() + hands[player] > self.PIECES:
                raise PositionError(f"{names[player]} has over {self.PIECES} pieces on the board and in hand")
        if quiet_plies and any(hands):
            raise PositionError("plies without a removal count only once every piece is placed")
        self._bb, self._hand, self._side = masks, hands, read_side(side, names)
        self._quiet, self._undo = quiet_plies, []
        self._key = self._compute_key()


def position_text(white: int, black: int, side: int, hands: tuple[int, int] = (0, 0), quiet: int = 0) -> str:
    """The position text of two point masks, the side to move, the hands and the quiet
    plies (tools and tests set up positions from masks: a book key, a database entry)."""
    names = ("White", "Black")  # both variants' player names
    board = write_board(cells_from_masks(white, black, POINT_COUNT), ROWS, names)
    return f"{board} {write_side(side, names)} {hands[0]} {hands[1]} {quiet}"


class NineState(MorrisState):
    PIECES = 9


class TwelveState(MorrisState):
    PIECES = 12

"""Evaluation of the seed's dames variant, from the side to move's view.

Features, per player, in one pass over the 50 squares with precomputed tables:
- material, a king weighted above a man (it moves and captures both ways);
- advancement of men (a table growing towards the crowning row) and a small bonus
  for central files, where a man has two forward squares;
- back-row guard: men still on their own first row stop the opponent from crowning;
- mobility: steps each side could make now;
- hanging pieces: opposing pieces a single jump could take now.

There is no quiescence search, so hanging pieces carry the tempo: the side to move
can take its best target at once (most of its value), while the opponent's targets
are only half lost (the mover may save one, but rarely two).
"""

from __future__ import annotations

from engine.core import EMPTY, FIRST, FIRST_KING, FIRST_MAN, SECOND_KING, SECOND_MAN, GameState
from engine.games.dames.rules import COORDS, JUMP, SQUARES, STEP

MAN = 1000
KING = 2400
MOBILITY = 12  # per possible step
BACK_ROW = 90  # per man guarding its own first row, while the opponent still has men
CENTRE = 12  # a man on one of the six central files
KING_CENTRE = 40  # a king away from the edges (four directions to use)
# Taking now: the mover gets most of its best target (chains may add more).
TAKE_NOW = 0.8
# Threats against the mover: it can save one piece, rarely two.
THREATENED_ONE = 0.25
THREATENED_MORE = 0.7

TRADE_DOWN = 3  # the leader's edge grows as pieces leave: lead * 3 / (pieces + 2)
HUNT_BELOW = 14  # pieces on the board under which the leader's kings hunt
HUNT = 25  # per square (king distance) between a leading king and its nearest prey
# Advancement of a man by rows already travelled (0 = still on its first row).
ADVANCE = (0, 8, 18, 30, 44, 60, 80, 105, 140, 0)

_ROWS_TRAVELLED = (
    tuple(9 - row for row, _ in COORDS),  # White men start on row 9 and go up
    tuple(row for row, _ in COORDS),  # Black men start on row 0 and go down
)
_ADVANCE_TABLE = tuple(
    tuple(
        ADVANCE[travelled] + (CENTRE if 2 <= column <= 7 else 0)
        for travelled, (_, column) in zip(rows, COORDS, strict=True)
    )
    for rows in _ROWS_TRAVELLED
)
_INNER = tuple(1 <= row <= 8 and 1 <= column <= 8 for row, column in COORDS)
_HOME_ROW = (range(SQUARES - 5, SQUARES), range(5))  # White's first row is the bottom one
_OWNER = {FIRST_MAN: 0, FIRST_KING: 0, SECOND_MAN: 1, SECOND_KING: 1}
_VALUE = {FIRST_MAN: MAN, SECOND_MAN: MAN, FIRST_KING: KING, SECOND_KING: KING}
_DIRECTIONS = {FIRST_MAN: (0, 1), SECOND_MAN: (2, 3), FIRST_KING: (0, 1, 2, 3), SECOND_KING: (0, 1, 2, 3)}
_STEP_JUMP = tuple(tuple(zip(STEP[s], JUMP[s], strict=True)) for s in range(SQUARES))


def evaluate_dames(state: GameState) -> int:
    """Score of a dames position still in play, for the player to move, in thousandths of a man."""
    cells = state.board()
    side = state.to_move
    score = [0, 0]
    material = [0, 0]
    men = [0, 0]
    kings: list[list[int]] = [[], []]
    targets: list[dict[int, int]] = [{}, {}]  # per side: opposing square it can jump -> value
    for square, code in enumerate(cells):
        if code == EMPTY:
            continue
        owner = _OWNER[code]
        if code in (FIRST_MAN, SECOND_MAN):
            men[owner] += 1
            material[owner] += MAN
            positional = _ADVANCE_TABLE[owner][square]
        else:
            kings[owner].append(square)
            material[owner] += KING
            positional = KING_CENTRE if _INNER[square] else 0
        steps = 0
        pairs = _STEP_JUMP[square]
        for d in _DIRECTIONS[code]:
            over, land = pairs[d]
            if over < 0:
                continue
            victim = cells[over]
            if victim == EMPTY:
                steps += 1
            elif land >= 0 and cells[land] == EMPTY and _OWNER[victim] != owner:
                targets[owner][over] = _VALUE[victim]
        score[owner] += positional + MOBILITY * steps
    for owner in (0, 1):
        if men[1 - owner]:
            home, man = _HOME_ROW[owner], FIRST_MAN if owner == FIRST else SECOND_MAN
            score[owner] += BACK_ROW * sum(1 for s in home if cells[s] == man)
    total = score[side] - score[1 - side] + material[side] - material[1 - side]
    total += _endgame(material, kings, cells, side)
    mine, theirs = targets[side], targets[1 - side]
    if mine:
        total += int(TAKE_NOW * max(mine.values()))
    if theirs:
        threatened = sorted(theirs.values(), reverse=True)
        total -= int(THREATENED_ONE * threatened[0])
        if len(threatened) > 1:
            total -= int(THREATENED_MORE * threatened[1])
    return total


def _endgame(material: list[int], kings: list[list[int]], cells: tuple[int, ...], side: int) -> int:
    """Help the side ahead convert: trades weigh more as the board empties, and its kings
    head for the nearest opposing piece (one-square kings must hunt; captures are optional)."""
    lead = material[side] - material[1 - side]
    if lead == 0:
        return 0
    ahead = side if lead > 0 else 1 - side
    pieces = (material[0] + material[1]) // MAN
    bonus = abs(lead) * TRADE_DOWN // (pieces + 2)
    if pieces <= HUNT_BELOW and kings[ahead]:
        prey = [COORDS[s] for s, c in enumerate(cells) if c != EMPTY and _OWNER[c] != ahead]
        for king in kings[ahead]:
            row, column = COORDS[king]
            bonus -= HUNT * min(max(abs(row - r), abs(column - c)) for r, c in prey)
    return bonus if ahead == side else -bonus

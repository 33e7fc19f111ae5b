"""Morris's front end (nine and twelve): board geometry, look, the rules diagram; prompts,
refusals and mill flashes are the engine's typed ones, translated ("plateaux.refuse_<code>").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.games.morris.board import NAMES as MORRIS_NAMES
from engine.games.morris.board import POINTS as MORRIS_POINTS
from engine.games.morris.board import topology
from game.games.parts import POINTS, ROUND, WOOD, BoardGeometry, FrontEnd, GameHooks, Look
from game.games.words import formed_lines, typed_prompt, typed_refusal

MORRIS = GameHooks(
    prompt=typed_prompt("plateaux"),
    refusal=typed_refusal("plateaux"),
    flash_cells=formed_lines,
    diagram_moves=("a7", "b6", "d7", "f6"),
    diagram_marks=("g7",),
    options_label_keys={"diagonals": "plateaux.option_diagonals"},
)


MORRIS_MARGIN = 0.08  # room around the outer square for the rank and file labels


def _morris(options: Mapping[str, Any]) -> BoardGeometry:
    span = 1 - 2 * MORRIS_MARGIN

    def place(x: float, y: float) -> tuple[float, float]:
        return (MORRIS_MARGIN + span * (x - 1) / 6, MORRIS_MARGIN + span * (y - 1) / 6)

    topo = topology(bool(options.get("diagonals", False)))
    lines = tuple(pair for a, b, c in topo.lines for pair in ((a, b), (b, c)))
    # Labels sit in the margin, inside the 0..1 square every front end draws.
    files = tuple((f, place(i + 1, 1)[0], 1 - MORRIS_MARGIN / 2) for i, f in enumerate("abcdefg"))
    ranks = tuple((str(8 - y), MORRIS_MARGIN / 2, place(1, y)[1]) for y in range(1, 8))
    return BoardGeometry(
        centres=tuple(place(x, y) for x, y in MORRIS_POINTS),
        lines=lines,
        grid=None,
        cell_names=MORRIS_NAMES,
        piece_radius=span / 6 * 0.36,
        pick_radius=span / 6 * 0.48,
        labels=files + ranks,
    )


MORRIS_LOOK = Look("classic", WOOD, POINTS, ROUND)
NINE_FRONT_END = FrontEnd(
    "nine", _morris, (MORRIS_LOOK,), MORRIS, "plateaux", "plateaux.rules_nine", "plateaux.rules_diagram_nine"
)
TWELVE_FRONT_END = FrontEnd(
    "twelve",
    _morris,
    (MORRIS_LOOK,),
    MORRIS,
    "plateaux",
    "plateaux.rules_twelve",
    "plateaux.rules_diagram_twelve",
)

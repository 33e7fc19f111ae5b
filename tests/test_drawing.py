"""Each look is described once (game.drawing), in board units, for both renderers."""

from __future__ import annotations

import pytest

from engine.registry import GAMES
from game import drawing as d
from game.looks import board_geometry, looks_for

EVERY_LOOK = [(game, look) for game in GAMES for look in looks_for(game)]


@pytest.mark.parametrize(("game", "look"), EVERY_LOOK, ids=lambda v: getattr(v, "look_id", v))
def test_every_look_is_shapes_inside_its_board(game: str, look: d.Look) -> None:
    geometry = board_geometry(game, {}, look)
    shapes = d.board_shapes(look, geometry)
    assert shapes[0].kind == d.FILL, "the material first, under everything"
    for shape in shapes:
        coordinates = shape.at
        assert all(-0.01 <= c <= 1.01 for c in coordinates), shape
    labels = [s.text for s in shapes if s.kind == d.LABEL]
    assert labels == [text for text, _x, _y in geometry.labels]


def test_the_cells_of_each_look_are_drawn_once() -> None:
    for game, look in EVERY_LOOK:
        geometry = board_geometry(game, {}, look)
        shapes = d.board_shapes(look, geometry)
        cells = len(geometry.centres)
        if look.cells in (d.POINTS, d.GRID_POINTS):
            points = [s for s in shapes if s.kind == d.DISC]
            assert len(points) == cells, (game, look.look_id)
        if look.numbers:
            numbers = [s.text for s in shapes if s.kind == d.NUMBER]
            assert numbers == list(geometry.cell_names), (game, look.look_id)
        if look.cells == d.ROUND_CELLS:
            dark = [s for s in shapes if s.paint == d.WALNUT_CELL]
            assert len(dark) == cells


def test_the_crown_is_one_shape_for_both_front_ends() -> None:
    outline, ring = d.crown(0.0, 0.0, 10.0, diamond=False)
    assert len(outline) == 7 and ring == 8.0
    tips = [outline[i][1] for i in (1, 3, 5)]
    assert min(tips) == outline[3][1] < 0, "the middle tip is the highest"
    narrow, _ = d.crown(0.0, 0.0, 10.0, diamond=True)
    assert narrow[0][0] > outline[0][0], "a lozenge's crown is narrower"

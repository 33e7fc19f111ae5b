"""The hint of a solved game (Teeko) in the board scene: every legal move's verdict.

Pressing Hint labels each cell the next click may go to with the best verdict behind it:
the empty cells while placing, the pieces that can move, then a selected piece's
destinations ("W5" green, "D" grey, "L12" soft red). The database loads on a daemon
thread from the moment the scene starts (game.verdict_hints), so the frame loop only
ever does the lookups, about 0.3 ms per position.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from engine.core import EMPTY, GameState, Verdict
from engine.games.teeko.rules import TeekoMove
from game.arcade import assets
from game.arcade.board_look import BoardLook
from game.i18n import tr
from game.verdict_hints import (
    DRAW,
    WIN,
    cell_verdicts,
    database_error,
    database_ready,
    has_verdicts,
    verdicts_now,
    warm_up,
)

if TYPE_CHECKING:
    from scenes.board import BoardScene

LABEL_SIZE = 19  # px, bold: LOOK.md's small text, still readable at 1280x720
DARK_TEXT = (30, 36, 48)  # the background colour: dark text on the light pills
DRAW_GREY = pygame.Color("#A7B0C0")  # LOOK.md's dim text colour: neutral, neither green nor red


class VerdictHint:
    """One board scene's verdict hint: asked for, then shown until the position changes."""

    def __init__(self, game_id: str) -> None:
        self.enabled = has_verdicts(game_id)
        self.asked = False
        self.verdicts: dict[TeekoMove, Verdict] | None = None
        if self.enabled:
            warm_up()

    @property
    def usable(self) -> bool:
        """Whether a hint can be shown this way (not when the database failed to load)."""
        return self.enabled and database_error() is None

    @property
    def shown(self) -> bool:
        return self.verdicts is not None

    def ask(self, state: GameState, lang: str) -> str:
        """The player pressed Hint: the status line to show now."""
        self.asked = True
        self.update(state)
        return tr("plateaux.hint_verdicts" if self.shown else "plateaux.hint_preparing", lang)

    def update(self, state: GameState) -> bool:
        """Compute the asked-for verdicts once the database is there; whether they just came."""
        if not self.asked or self.shown or not database_ready():
            return False
        self.verdicts = verdicts_now(state)
        self.asked = self.shown
        return self.shown

    def clear(self) -> None:
        """The position changed: the verdicts no longer apply."""
        self.asked = False
        self.verdicts = None

    def labels(self, prefix: tuple[int, ...]) -> dict[int, Verdict]:
        """Cell -> the verdict shown on it, for the clicks made so far."""
        return cell_verdicts(self.verdicts, prefix) if self.verdicts is not None else {}


def ask_verdict_hint(scene: BoardScene) -> bool:
    """Hint in a solved game: show the verdicts (or say they are being prepared).
    False when the scene should give its usual hint instead."""
    if not scene.verdict_hint.usable:
        return False
    scene.status_override = scene.verdict_hint.ask(scene.session.state, scene.lang)
    scene.refused = False
    return True


def update_verdict_hint(scene: BoardScene) -> None:
    """Called each frame: the verdicts arrive once the database has loaded."""
    hint = scene.verdict_hint
    if hint.asked and database_error() is not None:  # the load failed: the usual hint
        hint.clear()
        scene.ask_hint()
    elif hint.update(scene.session.state):
        scene.status_override = tr("plateaux.hint_verdicts", scene.lang)


def verdict_colour(verdict: Verdict) -> pygame.Color:
    if verdict.kind == WIN:
        return assets.LEGAL
    if verdict.kind == DRAW:
        return DRAW_GREY
    return assets.REFUSAL


def draw_verdict_labels(
    surface: pygame.Surface, look: BoardLook, labels: dict[int, Verdict], cells: Sequence[int]
) -> None:
    """A pill per cell: centred on an empty cell, under the middle of a piece (so the
    piece's colour still shows)."""
    for cell, verdict in labels.items():
        text = assets.text_image(str(verdict), LABEL_SIZE, DARK_TEXT, bold=True)
        pill = text.get_rect().inflate(14, 2)
        x, y = look.centre(cell)
        lift = 0.0 if cells[cell] == EMPTY else look.piece_radius * 0.55
        pill.center = (round(x), round(y + lift))
        pygame.draw.rect(surface, verdict_colour(verdict), pill, border_radius=pill.height // 2)
        pygame.draw.rect(surface, DARK_TEXT, pill, 1, border_radius=pill.height // 2)
        surface.blit(text, text.get_rect(center=pill.center))

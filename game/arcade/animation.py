"""Board animations: drop, slide, flight, removal, flip and mill flash.

Each animation has a start delay and a duration (seconds, already divided by the
speed setting); `update` advances time (the only mutation), `draw` only reads.
A move's animations are derived generically from the board before and after it,
so every game gets them: a filled cell drops, a piece that left one cell and
arrived in another slides (or flies when no line joins the cells), an opposing
piece that vanished fades, a piece that changed owner flips.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from typing import Any

import pygame

from engine.core import EMPTY, owner_of
from game.arcade import assets
from game.arcade.board_look import BoardLook
from game.arcade.sprites import draw_piece, draw_turning_disc
from game.looks import DISC

DROP, SLIDE, FLIGHT, REMOVAL, FLASH, FLIP, FLIP_STAGGER = 0.18, 0.22, 0.35, 0.25, 0.40, 0.25, 0.04
HOP = 0.3  # one jump of a capture chain; the piece it jumps leaves half-way through
ON_LEG = 0.5  # a taken piece within this many piece radii of a jump's line was jumped


def ease_in_out(t: float) -> float:
    return t * t * (3 - 2 * t)


def clamp01(t: float) -> float:
    return 0.0 if t < 0 else 1.0 if t > 1 else t


class Animation:
    """Base: timing, and the cells whose resting piece it draws instead."""

    def __init__(self, delay: float, duration: float) -> None:
        self.delay = delay
        self.duration = max(duration, 1e-6)
        self.elapsed = 0.0

    @property
    def progress(self) -> float:
        return clamp01((self.elapsed - self.delay) / self.duration)

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration

    def hidden(self) -> set[int]:
        return set()

    def draw(self, surface: pygame.Surface, look: BoardLook) -> None:
        raise NotImplementedError


class Drop(Animation):
    """A placed piece falls onto its cell with a small bounce."""

    def __init__(self, cell: int, code: int, delay: float, duration: float) -> None:
        super().__init__(delay, duration)
        self.cell, self.code = cell, code

    def hidden(self) -> set[int]:
        return {self.cell}

    def draw(self, surface: pygame.Surface, look: BoardLook) -> None:
        if self.elapsed < self.delay:
            return
        t = self.progress
        r = look.piece_radius
        if t < 0.7:
            u = t / 0.7
            lift = r * 0.9 * (1 - u * u)
        else:
            lift = r * 0.14 * math.sin((t - 0.7) / 0.3 * math.pi)
        draw_piece(
            surface,
            self.code,
            look.centre(self.cell),
            r,
            style=look.piece_style,
            lift=lift,
            scale=1 + lift / r * 0.15,
        )


class Travel(Animation):
    """A piece going along a path of cells: a slide, or a flight on an arc."""

    def __init__(self, path: Sequence[int], code: int, delay: float, duration: float, arc: bool) -> None:
        super().__init__(delay, duration)
        self.path, self.code, self.arc = list(path), code, arc

    def hidden(self) -> set[int]:
        return {self.path[-1]}

    def draw(self, surface: pygame.Surface, look: BoardLook) -> None:
        t = ease_in_out(self.progress)
        legs = len(self.path) - 1
        position = t * legs
        leg = min(int(position), legs - 1)
        local = position - leg
        (ax, ay), (bx, by) = look.centre(self.path[leg]), look.centre(self.path[leg + 1])
        x, y = ax + (bx - ax) * local, ay + (by - ay) * local
        lift = 0.0
        if self.arc:
            distance = math.hypot(bx - ax, by - ay)
            lift = math.sin(local * math.pi) * min(distance * 0.35, look.piece_radius * 3)
        draw_piece(
            surface,
            self.code,
            (x, y),
            look.piece_radius,
            style=look.piece_style,
            lift=lift,
            scale=1 + lift / look.size * 0.8,
        )


class Hops(Travel):
    """A capture chain, jump by jump: each leg is its own hop, eased from rest to rest."""

    def __init__(self, path: Sequence[int], code: int, delay: float, leg_duration: float) -> None:
        super().__init__(path, code, delay, leg_duration * (len(path) - 1), arc=True)

    def draw(self, surface: pygame.Surface, look: BoardLook) -> None:
        legs = len(self.path) - 1
        position = self.progress * legs
        leg = min(int(position), legs - 1)
        local = ease_in_out(position - leg)
        (ax, ay), (bx, by) = look.centre(self.path[leg]), look.centre(self.path[leg + 1])
        lift = math.sin(local * math.pi) * min(math.hypot(bx - ax, by - ay) * 0.3, look.piece_radius * 1.6)
        centre = (ax + (bx - ax) * local, ay + (by - ay) * local)
        style, scale = look.piece_style, 1 + lift / look.size
        draw_piece(surface, self.code, centre, look.piece_radius, style=style, lift=lift, scale=scale)


def jumped_legs(look: BoardLook, path: Sequence[int], cells: Sequence[int]) -> dict[int, int]:
    """The leg of `path` that passes over each of `cells` (a capture by jumping over it);
    cells off every leg's line are left out."""
    legs: dict[int, int] = {}
    for cell in cells:
        cx, cy = look.centre(cell)
        for leg, (a, b) in enumerate(itertools.pairwise(path)):
            (ax, ay), (bx, by) = look.centre(a), look.centre(b)
            dx, dy = bx - ax, by - ay
            length2 = dx * dx + dy * dy
            if length2 == 0:
                continue
            along = ((cx - ax) * dx + (cy - ay) * dy) / length2
            across = abs((cx - ax) * dy - (cy - ay) * dx) / math.sqrt(length2)
            if 0 < along < 1 and across < look.piece_radius * ON_LEG:
                legs[cell] = leg
                break
    return legs


class Removal(Animation):
    """A taken piece fades and shrinks away."""

    def __init__(self, cell: int, code: int, delay: float, duration: float) -> None:
        super().__init__(delay, duration)
        self.cell, self.code = cell, code

    def draw(self, surface: pygame.Surface, look: BoardLook) -> None:
        t = self.progress
        draw_piece(
            surface,
            self.code,
            look.centre(self.cell),
            look.piece_radius,
            style=look.piece_style,
            scale=1 - 0.6 * t,
            alpha=round(255 * (1 - t)),
        )


class Flip(Animation):
    """A disc turning over: it narrows, shows its edge, and widens in the new colour."""

    def __init__(self, cell: int, before: int, after: int, delay: float, duration: float) -> None:
        super().__init__(delay, duration)
        self.cell, self.before, self.after = cell, before, after

    def hidden(self) -> set[int]:
        return {self.cell}

    def draw(self, surface: pygame.Surface, look: BoardLook) -> None:
        t = self.progress
        lift = math.sin(t * math.pi) * look.piece_radius * 0.3
        centre = look.centre(self.cell)
        if look.piece_style.shape == DISC:
            draw_turning_disc(
                surface, self.before, self.after, centre, look.piece_radius, t, look.piece_style, lift
            )
            return
        code = self.before if t < 0.5 else self.after
        squash = max(0.08, abs(math.cos(t * math.pi)))
        draw_piece(surface, code, centre, look.piece_radius, style=look.piece_style, squash=squash, lift=lift)


class Flash(Animation):
    """The pieces of a fresh mill glow in the accent colour."""

    def __init__(self, cells: Sequence[int], delay: float, duration: float) -> None:
        super().__init__(delay, duration)
        self.cells = list(cells)

    def draw(self, surface: pygame.Surface, look: BoardLook) -> None:
        if self.elapsed < self.delay:
            return
        glow = math.sin(self.progress * math.pi)
        colour = pygame.Color(assets.ACCENT)
        width = max(2, round(3 + 4 * glow))
        for cell in self.cells:
            look.draw_ring(surface, cell, colour, width=width, grow=1.1 + 0.25 * glow)


class Animator:
    """The animations running on a board; a click finishes them all at once."""

    def __init__(self) -> None:
        self.items: list[Animation] = []

    @property
    def busy(self) -> bool:
        return bool(self.items)

    def update(self, dt: float) -> None:
        for item in self.items:
            item.elapsed += dt
        self.items = [item for item in self.items if not item.done]

    def finish(self) -> None:
        self.items.clear()

    @property
    def jumping(self) -> bool:
        """A capture by jumping is under way (its pieces leave one by one)."""
        return any(isinstance(item, Hops) for item in self.items)

    def removal_moments(self) -> list[float]:
        """When each taken piece starts to leave (seconds from now): one capture sound each."""
        return sorted(max(0.0, item.delay - item.elapsed) for item in self.items if isinstance(item, Removal))

    def hidden(self) -> set[int]:
        cells: set[int] = set()
        for item in self.items:
            cells |= item.hidden()
        return cells

    def draw(self, surface: pygame.Surface, look: BoardLook) -> None:
        for item in self.items:
            item.draw(surface, look)

    def add_move(
        self,
        look: BoardLook,
        before: Sequence[int],
        after: Sequence[int],
        move: Any,
        flash_cells: Sequence[int],
        speed: float,
    ) -> None:
        """Queue the animations of one move, timed by `speed` (0: none at all)."""
        self.finish()
        if speed <= 0:
            return
        scale = 1.0 / speed
        changed = [i for i, (a, b) in enumerate(zip(before, after, strict=True)) if a != b]
        arrivals = [i for i in changed if after[i] != EMPTY and before[i] == EMPTY]
        if not arrivals and not changed:
            return
        mover = owner_of(after[arrivals[0]]) if arrivals else None
        departures = [i for i in changed if after[i] == EMPTY and owner_of(before[i]) == mover]
        removals = [i for i in changed if after[i] == EMPTY and i not in departures]
        flips = [i for i in changed if before[i] != EMPTY and after[i] != EMPTY]
        clock = 0.0
        removed_at: dict[int, float] = {}  # jumped pieces leave as they are passed over
        if arrivals and departures:
            src, dst = departures[0], arrivals[0]
            steps = [s for s in getattr(move, "steps", ()) if s not in (src, *removals)]
            path = [src, *[s for s in steps if s != dst], dst]
            # The piece travels as it left (a man crowned on arrival is a king only there);
            # a mill's removal (which flashes first) is never a jump, even on a flight's line.
            jumps = {} if flash_cells else jumped_legs(look, path, removals)
            if jumps:
                self.items.append(Hops(path, before[src], 0.0, HOP * scale))
                removed_at = {cell: (leg + 0.5) * HOP * scale for cell, leg in jumps.items()}
                clock = HOP * scale * (len(path) - 1)
            else:
                arc = not all(look.joined(a, b) for a, b in itertools.pairwise(path))
                duration = (FLIGHT if arc else SLIDE * max(1, len(path) - 1) ** 0.5) * scale
                self.items.append(Travel(path, before[src], 0.0, duration, arc))
                clock = duration
        elif arrivals:
            for cell in arrivals:
                self.items.append(Drop(cell, after[cell], 0.0, DROP * scale))
            clock = DROP * scale
        for index, cell in enumerate(flips):
            # LOOK.md: the flips ripple out along each line from the disc just placed.
            rank = look.steps_between(arrivals[0], cell) - 1 if arrivals else index
            self.items.append(
                Flip(cell, before[cell], after[cell], clock + FLIP_STAGGER * scale * rank, FLIP * scale)
            )
        if flash_cells:
            self.items.append(Flash(flash_cells, clock, FLASH * scale))
            clock += FLASH * scale
        for cell in removals:
            self.items.append(Removal(cell, before[cell], removed_at.get(cell, clock), REMOVAL * scale))

"""Cyclic garbage of the Tk process is collected on the Tk thread only.

Tk objects (the interpreter, widgets, variables, images) must be freed on the thread
that made them: their destructors call into Tcl, and Tcl aborts the whole process
when called from another thread. Python's automatic collector runs on whichever
thread happens to allocate, so while the Tk view runs it is switched off and the Tk
loop collects instead, generation by generation as the automatic collector would;
closing the view collects everything once, on this thread, and switches it back on.
Background threads (the Teeko database loader, the autosave) then never free Tk
objects.
"""

from __future__ import annotations

import gc


class MainThreadCollector:
    """Automatic collection off while the Tk view lives; `tick` from the Tk loop."""

    def __init__(self) -> None:
        self._was_enabled = gc.isenabled()
        self._running = False

    def start(self) -> None:
        self._was_enabled = gc.isenabled()
        gc.disable()
        self._running = True

    def tick(self) -> None:
        """Collect the generations whose allocation counts passed their thresholds."""
        if not self._running:
            return
        counts, thresholds = gc.get_count(), gc.get_threshold()
        if counts[0] < thresholds[0]:
            return
        generation = 0
        if counts[1] >= thresholds[1]:
            generation = 2 if counts[2] >= thresholds[2] else 1
        gc.collect(generation)

    def stop(self) -> None:
        """Collect everything now, on this thread, and restore automatic collection."""
        if not self._running:
            return
        self._running = False
        gc.collect()
        if self._was_enabled:
            gc.enable()

"""The board's answer when a network opponent is gone for a while (game.net.remote_turns):
W waits, C lets the computer play on in the opponent's seat, S leaves to finish later
(the autosave and the resume record stay, Continue reconnects)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import words
from game.net.remote_turns import COMPUTER, SAVE_LATER, WAIT, with_computer_seat

if TYPE_CHECKING:
    from scenes.board import BoardScene

CHOICE_KEYS = {pygame.K_w: WAIT, pygame.K_c: COMPUTER, pygame.K_s: SAVE_LATER}


def network_choice_key(scene: BoardScene, key: int) -> bool:
    """Carry out the choice a key names when choices are offered; whether it did."""
    game = scene.game
    remote = game.remote
    if remote is None or key not in CHOICE_KEYS or not remote.choices():
        return False
    choice = remote.choose(CHOICE_KEYS[key])
    scene.app.effect("click")
    if choice == COMPUTER:
        game.session.setup = with_computer_seat(game.session.setup, remote.remote_seat)
        game.remote = None  # the computer's turns now come from the AI worker
        game.say(words("net.computer_took_over"))
    elif choice == SAVE_LATER:
        scene.app.reset("title")
    return bool(choice)

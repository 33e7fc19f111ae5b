"""The Tk view keeps what the arcade keeps: the options last chosen for each game, in
the settings file both read."""

from __future__ import annotations

from collections.abc import Callable

from test_tk_view import make_app, pump  # noqa: F401  (fixtures)
from xvfb import virtual_display, xvfb_server  # noqa: F401  (fixtures)

from game.tk.app import TkApp


def test_the_new_game_dialog_offers_the_options_last_chosen(make_app: Callable[..., TkApp]) -> None:  # noqa: F811
    from game.tk import prefs
    from game.tk.newgame import NewGameDialog

    app = make_app()
    prefs.remember_options("twelve", {"diagonals": True}, "en")
    dialog = NewGameDialog(app.root, app.setup, "en", app.start_game, prefs.remembered_options())
    dialog.game.set("twelve")
    dialog._rebuild()
    assert dialog.setup().options == {"diagonals": True}
    dialog.destroy()

"""The autosave: the game in progress, rewritten after every move and on quit.

Saves go through engine.saves (atomic writes), so a crash never leaves half a file.
A finished game is no longer worth continuing: its autosave is removed.
"""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor
from datetime import datetime
from pathlib import Path

from engine.saves import SAVE_PROBLEMS, PlayerInfo, SavedGame, SaveError, load_game, save_game
from game import paths
from game.geometry import geometry_for
from game.i18n import tr
from game.looks import look_for
from game.net.resume import NetResume, read_resume
from game.session import AI, HUMAN, REMOTE, GameSession, GameSetup, Seat


def players_of(session: GameSession) -> tuple[PlayerInfo, PlayerInfo]:
    names = session.state.spec.player_names
    infos = []
    for index, seat in enumerate(session.seats):
        kind = AI if seat.is_ai else REMOTE if seat.is_remote else HUMAN
        infos.append(PlayerInfo(seat.name or names[index], kind, seat.level))
    return infos[0], infos[1]


def session_from_save(saved: SavedGame, *, keep_remote: bool = False) -> GameSession:
    """A session for a loaded game; remote players become local people unless
    `keep_remote` (Continue, with what it needs to reconnect: read_network_autosave)."""
    seats = tuple(
        Seat(AI, p.level or "medium", p.name)
        if p.kind == AI
        else Seat(REMOTE, None, p.name)
        if p.kind == REMOTE and keep_remote
        else Seat(HUMAN, None, p.name)
        for p in saved.players
    )
    state = saved.state
    look = look_for(state.spec.id, saved.look).look_id  # an old save (no look) gets the default
    setup = GameSetup(state.spec.id, dict(state.options), (seats[0], seats[1]), look)
    session = GameSession(setup, state, created=saved.created.isoformat())
    session.review = saved.review
    session.agreed_draw = saved.agreed_draw
    return session


def _created(session: GameSession) -> datetime | None:
    try:
        return datetime.fromisoformat(session.created)
    except ValueError:
        return None


def save_session(path: Path | str, session: GameSession) -> None:
    """Save a session (raises SaveError with a one-line message)."""
    look = look_for(session.setup.game_id, session.setup.look).look_id
    save_game(
        path, session.state, players_of(session), _created(session), look, session.review, session.agreed_draw
    )


def write_autosave(session: GameSession) -> str | None:
    """Autosave now; returns an error message instead of raising."""
    try:
        path = paths.autosave_path()
        if session.over:
            path.unlink(missing_ok=True)
        else:
            save_session(path, session)
    except (SaveError, OSError) as error:
        return str(error)
    return None


def autosave_exists() -> bool:
    try:
        return paths.autosave_path().is_file()
    except OSError:
        return False


def read_autosave() -> tuple[GameSession | None, str | None]:
    """The autosaved session, or None and why it could not be read."""
    return load_session(paths.autosave_path())


def read_network_autosave() -> tuple[GameSession, NetResume] | None:
    """The autosaved network game and how to reconnect to it, when the autosave is one
    (its remote seat and game match the resume record); else None."""
    record = read_resume(paths.net_resume_path())
    if record is None:
        return None
    try:
        session = session_from_save(load_game(paths.autosave_path()), keep_remote=True)
    except (SaveError, OSError):
        return None
    kinds = [seat.is_remote for seat in session.seats]
    if session.state.spec.id != record.game_id or kinds[record.remote_seat] is not True or kinds[record.seat]:
        return None  # the autosave is another game now (a local one replaced it)
    if session.over:
        return None
    return session, record


def load_session(path: Path | str) -> tuple[GameSession | None, str | None]:
    """A saved session the front ends can show, or None and what went wrong as a
    SaveError kind ('damaged', 'newer', …): `problem_text` says it to a player."""
    try:
        session = session_from_save(load_game(path))
    except SaveError as error:
        return None, error.kind
    except OSError:
        return None, "unreadable"
    try:
        geometry_for(session.state.spec.id, session.state.options)
    except (KeyError, ValueError):
        return None, "unknown_game"
    return session, None


def problem_text(problem: str | None, lang: str) -> str:
    """What a player reads for a save that cannot be read or written: never the parser's
    words ('Unterminated string…'), which stay for the command line and logs."""
    kind = problem if problem in SAVE_PROBLEMS else "damaged"
    return tr(f"plateaux.save_error_{kind}", lang)


class Autosaver:
    """Writes the autosave on a background thread: fsync never stalls a frame.

    Only the latest request matters, so a write still queued is replaced by a newer one.
    """

    def __init__(self) -> None:
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="autosave")
        self._future: Future[str | None] | None = None
        self.last_error: str | None = None

    def submit(self, session: GameSession) -> None:
        snapshot = session.snapshot()
        if self._future is not None and not self._future.running():
            self._future.cancel()
        self._future = self._executor.submit(write_autosave, snapshot)

    def poll_error(self) -> str | None:
        """The error of the last finished write, once."""
        future = self._future
        if future is None or not future.done() or future.cancelled():
            return None
        self._future = None
        return future.result()

    def flush(self) -> str | None:
        """Wait for the pending write (on quit) and return its error, if any."""
        future, self._future = self._future, None
        error = None
        if future is not None and not future.cancelled():
            error = future.result()
        return error

    def close(self) -> None:
        self.flush()
        self._executor.shutdown(wait=True)


def default_save_name(session: GameSession, now: datetime | None = None) -> str:
    """The name a new save gets in both front ends: 'nine_2026-11-23_08-37-10.plateaux.json'."""
    stamp = (now or datetime.now()).strftime("%Y-%m-%d_%H-%M-%S")
    return f"{session.state.spec.id}_{stamp}{paths.SAVE_EXTENSION}"

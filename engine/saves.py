"""Saved games: one JSON format for every game, written atomically, loaded with every check.

The file (schema 1)::

    {"format": "plateaux-save", "version": 1, "game": "nine", "options": {},
     "players": [{"name": "White", "kind": "human", "level": null}, {...}],
     "moves": ["d6", "a7", ...], "result": {"winner": 0, "reason": "blocked"} | null,
     "created": "2025-01-01T12:00:00Z", "updated": "2025-01-01T12:05:00Z",
     "look": "a"}

"look" (optional) names the board's look in the front ends; the engine only stores it.
"start" (optional, after "options") is the position text the game was set up from
(each game's format is in its rules module); without it the game began at the standard
start, so older saves load as before.

Loading never trusts the file: it is read with a size cap, every field is checked, the
moves are replayed through the rules with checked play, and the stored result must match
the replayed one, except a draw by agreement ("reason": "agreement"), which ends a game
the rules have not ended (and only such a game). Every refusal is a `SaveError` whose message is one line.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from engine.core import AGREED_DRAW, EngineError, GameState, Outcome
from engine.registry import get_spec, new_state
from engine.review import PlyReview, plies_from_data
from engine.save_files import SaveError as SaveError  # re-exported: callers import it from here
from engine.save_files import (
    brief,
    first_line,
    json_type,
    one_line,
    os_reason,
    read_checked_text,
    write_atomically,
)

FORMAT = "plateaux-save"
SCHEMA_VERSION = 1
SAVE_EXTENSION = ".plateaux.json"
MAX_FILE_BYTES = 1 << 20  # 1 MiB: far above any real game, small enough to read at once
MAX_MOVES = 5000
MAX_NAME_CHARS = 64
MAX_MOVE_CHARS = 64
MAX_LOOK_CHARS = 32
MAX_START_CHARS = 400  # the longest position text (Othello) is under 80
PLAYER_KINDS = ("human", "ai", "remote")


SAVE_PROBLEMS = ("missing", "unreadable", "too_big", "not_text", "not_a_save", "newer", "unknown_game",
                 "damaged", "unwritable")  # fmt: skip


@dataclass(frozen=True)
class PlayerInfo:
    """Who plays one side: a display name, a kind, and an AI level when kind is 'ai'."""

    name: str
    kind: str = "human"
    level: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "level": self.level}


@dataclass
class SavedGame:
    """A loaded save: the replayed state, the players and the timestamps (UTC)."""

    state: GameState
    players: tuple[PlayerInfo, PlayerInfo]
    created: datetime
    updated: datetime
    look: str | None = None  # the front ends' board look, when the save names one
    review: tuple[PlyReview, ...] | None = None  # the game review, once computed (a cache)
    agreed_draw: bool = False  # the players agreed a draw (the moves alone do not end it)

    @property
    def outcome(self) -> Outcome | None:
        """The game's result: the rules', or the draw the players agreed."""
        return AGREED_DRAW if self.agreed_draw else self.state.outcome()


# ----- writing ---------------------------------------------------------------


def default_players(game_id: str) -> tuple[PlayerInfo, PlayerInfo]:
    """Two humans named after the game's sides (White and Black, ...)."""
    first, second = get_spec(game_id).player_names
    return PlayerInfo(first), PlayerInfo(second)


def format_time(moment: datetime) -> str:
    """ISO-8601 in UTC with a 'Z', to the second."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).replace(microsecond=0).strftime("%Y-%m-%dT%H:%M:%SZ")


def dumps(
    state: GameState,
    players: Sequence[PlayerInfo] | None = None,
    created: datetime | None = None,
    look: str | None = None,
    review: Sequence[PlyReview] | None = None,
    agreed_draw: bool = False,
) -> str:
    """The save text of a state; `updated` is now, `created` defaults to now.
    `agreed_draw`: the players agreed a draw (ignored once the rules ended the game)."""
    chosen = default_players(state.spec.id) if players is None else _check_players_given(players)
    outcome = state.outcome() or (AGREED_DRAW if agreed_draw else None)
    now = datetime.now(UTC)
    fields: dict[str, Any] = {
        "format": FORMAT,
        "version": SCHEMA_VERSION,
        "game": state.spec.id,
        "options": dict(state.options),
        **({} if state.start_position is None else {"start": state.start_position}),
        "players": [p.to_dict() for p in chosen],
        "moves": [str(m) for m in state.history],
        "result": None if outcome is None else outcome.to_dict(),
        "created": format_time(created or now),
        "updated": format_time(now),
    }
    if look is not None:
        fields["look"] = _check_look(look)
    if review is not None and len(review) == state.ply:
        fields["review"] = [ply.to_dict() for ply in review]
    # One field per line keeps the file readable without a line per move.
    body = ",\n".join(f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in fields.items())
    return "{\n" + body + "\n}\n"


def save_game(
    path: str | os.PathLike[str],
    state: GameState,
    players: Sequence[PlayerInfo] | None = None,
    created: datetime | None = None,
    look: str | None = None,
    review: Sequence[PlyReview] | None = None,
    agreed_draw: bool = False,
) -> None:
    """Write a save atomically: the previous file stays whole if anything fails."""
    data = dumps(state, players, created, look, review, agreed_draw).encode("utf-8")
    target = Path(path)
    try:
        write_atomically(target, data)
    except OSError as error:
        raise SaveError(f"cannot write {target}: {os_reason(error)}", "unwritable") from None


# ----- reading ---------------------------------------------------------------


def load_game(path: str | os.PathLike[str]) -> SavedGame:
    """Read, check and replay a save file; raises SaveError with a one-line reason."""
    return loads(_read_text(Path(path)))


def _read_text(path: Path) -> str:
    try:
        return read_checked_text(path, MAX_FILE_BYTES, "a save")
    except FileNotFoundError:
        raise SaveError("no such file", "missing") from None


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not allowed")


def loads(text: str) -> SavedGame:
    """Check and replay save text; raises SaveError with a one-line reason."""
    try:
        return _loads(text)
    except SaveError as error:
        raise SaveError(one_line(str(error)), error.kind) from None
    except RecursionError:  # a value nested just under JSON's own limit, met again later
        raise SaveError("not a Plateaux save (JSON nested too deeply)", "not_a_save") from None


def _loads(text: str) -> SavedGame:
    if len(text) > MAX_FILE_BYTES:
        raise SaveError("too big for a save (over 1 MiB)", "too_big")
    try:
        data = json.loads(text, parse_constant=_refuse_constant)
    except json.JSONDecodeError as error:
        message = f"not JSON ({error.msg} at line {error.lineno} column {error.colno})"
        raise SaveError(message, "not_a_save") from None
    except RecursionError:
        raise SaveError("not a Plateaux save (JSON nested too deeply)", "not_a_save") from None
    except ValueError as error:  # NaN/Infinity, or an integer with too many digits
        raise SaveError(f"not JSON as a save uses it ({first_line(str(error))})", "not_a_save") from None
    if not isinstance(data, dict):
        raise SaveError(f"not a Plateaux save (a JSON {json_type(data)}, not an object)", "not_a_save")
    _check_header(data)
    game_id = _expect(data, "game", str)
    try:
        spec = get_spec(game_id)
    except EngineError as error:
        raise SaveError(str(error), "unknown_game") from None
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise SaveError(f"options must be an object, not a {json_type(options)}")
    for name, value in options.items():
        if not name.isprintable() or len(name) > MAX_NAME_CHARS:
            raise SaveError(f"bad option name {brief(name)}")
        if isinstance(value, (list, dict)):
            raise SaveError(f"option {name} cannot be {brief(value)}")
    try:
        state = new_state(spec.id, options)
    except EngineError as error:
        raise SaveError(f"bad options: {error}") from None
    if data.get("start") is not None:
        start = data["start"]
        if not isinstance(start, str) or len(start) > MAX_START_CHARS:
            raise SaveError(f"start must be a position text, not {brief(start)}")
        try:
            state.load_position(start)
        except EngineError as error:
            raise SaveError(f"bad start position: {error}") from None
    players = _parse_players(data.get("players"), spec.id)
    if "moves" not in data:
        raise SaveError("the field 'moves' is missing")
    moves = _parse_moves(data["moves"])
    first_mover = state.to_move  # for the review's plies, set-up starts included
    try:
        state.play_all(moves)
    except EngineError as error:
        raise SaveError(f"illegal move list: {error}") from None
    agreed_draw = "result" in data and _check_result(data["result"], state.outcome(), spec.player_names)
    created = _parse_time(data, "created")
    updated = _parse_time(data, "updated")
    look = _check_look(data["look"]) if data.get("look") is not None else None
    review = plies_from_data(data.get("review"), [str(m) for m in state.history], first_mover)
    return SavedGame(state, players, created, updated, look, review, agreed_draw)


def _check_header(data: dict[str, Any]) -> None:
    if data.get("format") != FORMAT:
        raise SaveError('not a Plateaux save (no "format": "plateaux-save")', "not_a_save")
    version = data.get("version")
    if type(version) is not int:
        raise SaveError(f"bad schema version {brief(version)}: it must be a whole number")
    if version > SCHEMA_VERSION:
        raise SaveError(
            f"made by a newer Plateaux: schema {version}, this version reads schema {SCHEMA_VERSION}", "newer"
        )
    if version < 1:
        raise SaveError(f"bad schema version {brief(version)}")


def _expect(data: dict[str, Any], key: str, kind: type) -> Any:
    if key not in data:
        raise SaveError(f"the field {key!r} is missing")
    value = data[key]
    if type(value) is not kind:  # exact type: bool is not int
        wanted = {str: "string", int: "whole number", list: "list", dict: "object"}.get(kind, kind.__name__)
        raise SaveError(f"{key} must be a {wanted}, not a {json_type(value)}")
    return value


def _parse_players(raw: Any, game_id: str) -> tuple[PlayerInfo, PlayerInfo]:
    if raw is None:
        return default_players(game_id)
    if not isinstance(raw, list) or len(raw) != 2:
        raise SaveError("players must be a list of two entries")
    first, second = (_parse_player(entry, index) for index, entry in enumerate(raw))
    return first, second


def _parse_player(entry: Any, index: int) -> PlayerInfo:
    where = f"player {index + 1}"
    if not isinstance(entry, dict):
        raise SaveError(f"{where} must be an object, not a {json_type(entry)}")
    name, kind, level = entry.get("name"), entry.get("kind", "human"), entry.get("level")
    if not isinstance(name, str) or not name.strip():
        raise SaveError(f"{where}: name must be a non-empty string")
    if len(name) > MAX_NAME_CHARS or not name.isprintable():
        raise SaveError(f"{where}: name must be printable and at most {MAX_NAME_CHARS} characters")
    if kind not in PLAYER_KINDS:
        raise SaveError(f"{where}: kind must be one of {', '.join(PLAYER_KINDS)}, not {brief(kind)}")
    if level is not None and (not isinstance(level, str) or not level.isprintable() or len(level) > 32):
        raise SaveError(f"{where}: level must be a short string or null, not {brief(level)}")
    return PlayerInfo(name, kind, level)


def _check_look(raw: Any) -> str:
    if not isinstance(raw, str) or not raw.isprintable() or len(raw) > MAX_LOOK_CHARS:
        raise SaveError(f"look must be a short printable string, not {brief(raw)}")
    return raw


def _check_players_given(players: Sequence[PlayerInfo]) -> tuple[PlayerInfo, PlayerInfo]:
    """Writing runs the same checks as reading, so a save we write always loads."""
    if len(players) != 2:
        raise SaveError("a save needs exactly two players")
    first, second = (_parse_player(p.to_dict(), i) for i, p in enumerate(players))
    return first, second


def _parse_moves(raw: Any) -> list[str]:
    if not isinstance(raw, list):
        raise SaveError(f"moves must be a list, not a {json_type(raw)}")
    if len(raw) > MAX_MOVES:
        raise SaveError(f"too many moves ({len(raw)}, the limit is {MAX_MOVES})")
    for number, move in enumerate(raw, 1):
        if not isinstance(move, str):
            raise SaveError(f"move {number} must be a string, not a {json_type(move)}")
        if len(move) > MAX_MOVE_CHARS or not move.isprintable():
            raise SaveError(f"move {number} is not a move ({move[:20]!r})")
    return list(raw)


def _check_result(raw: Any, actual: Outcome | None, names: tuple[str, str]) -> bool:
    """Refuse a stored result the moves do not give; True for an agreed draw (which
    only a game the rules have not ended can have)."""
    stored: Outcome | None = None
    if raw is not None:
        if not isinstance(raw, dict):
            raise SaveError(f"result must be an object or null, not a {json_type(raw)}")
        for field in ("winner", "reason"):
            if isinstance(raw.get(field), (list, dict)):
                raise SaveError(f"bad result: {field} cannot be {brief(raw[field])}")
        try:
            stored = Outcome.from_dict(raw)
        except EngineError as error:
            raise SaveError(f"bad result: {error}") from None
    if stored == AGREED_DRAW and actual is None:
        return True
    if stored != actual:
        raise SaveError(
            f"the stored result ({_outcome_words(stored, names)}) disagrees with the moves "
            f"({_outcome_words(actual, names)})"
        )
    return False


def _outcome_words(outcome: Outcome | None, names: tuple[str, str]) -> str:
    if outcome is None:
        return "game in progress"
    who = "draw" if outcome.winner is None else f"{names[outcome.winner]} wins"
    return f"{who}, {outcome.reason.value}"


def _parse_time(data: dict[str, Any], key: str) -> datetime:
    raw = data.get(key)
    if raw is None:
        return datetime.now(UTC).replace(microsecond=0)
    if not isinstance(raw, str) or len(raw) > 40:
        raise SaveError(f"{key} must be an ISO-8601 date string")
    try:
        moment = datetime.fromisoformat(raw)
        if moment.tzinfo is None:  # hand-written dates without a zone are taken as UTC
            return moment.replace(tzinfo=UTC)
        return moment.astimezone(UTC)
    except (ValueError, OverflowError):
        raise SaveError(f"{key} is not an ISO-8601 date ({raw!r})") from None

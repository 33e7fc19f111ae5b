"""What the network ends report to whoever drives them (a scene, the headless loop).

Events are small frozen values, safe to pass between threads through a queue.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Listening:
    """The host is up: the port it listens on and the code the guest must give."""

    port: int
    code: str


@dataclass(frozen=True)
class Started:
    """Both players are here: the game (from its first move or resumed) and the local seat."""

    game_id: str
    options: dict[str, Any]
    moves: tuple[str, ...]
    seat: int
    token: str = ""  # the session's secret: kept to come back after a restart


@dataclass(frozen=True)
class MoveArrived:
    """The remote player's move, already checked by the engine; `ply` moves came before it."""

    move: str
    ply: int


@dataclass(frozen=True)
class Lost:
    """The connection dropped; the host waits for the guest, the guest reconnects."""

    detail: str = ""


@dataclass(frozen=True)
class Resumed:
    """The same game goes on after a dropped connection."""


@dataclass(frozen=True)
class Ended:
    """The link is over for good. `reason`: "over" (game finished), "left" (the other
    player quit), "gave_up" (no reconnection in time), "unreachable", "closed" (we quit),
    "broken" (the peer broke the protocol) or "refused" (see `refusal`)."""

    reason: str
    refusal: str = ""  # one of protocol.REFUSALS when reason == "refused"
    detail: str = ""


@dataclass(frozen=True)
class RematchOffered:
    """After the end, the other player asks for a rematch (colours swapped): answer it."""


@dataclass(frozen=True)
class RematchDeclined:
    """The other player declined our rematch."""


@dataclass(frozen=True)
class DrawOffered:
    """The other player, to move, offers a draw: answer it (game.net.draw_talk)."""


@dataclass(frozen=True)
class DrawSettled:
    """A draw offer is settled: `agreed` (the game ends drawn) or declined (it goes on)."""

    agreed: bool


@dataclass(frozen=True)
class Notice:
    """Something worth a log line: a refused stranger, an ignored announcement."""

    text: str


@dataclass(frozen=True)
class FoundGame:
    """A game announced on the local network."""

    address: str
    port: int
    game_id: str
    options: dict[str, Any] = field(default_factory=dict)
    name: str = ""

    @property
    def endpoint(self) -> str:
        return f"[{self.address}]:{self.port}" if ":" in self.address else f"{self.address}:{self.port}"


@dataclass(frozen=True)
class GamesFound:
    """The announced games heard recently (the whole list, each time it changes)."""

    games: tuple[FoundGame, ...]


NetEvent = (
    Listening | Started | MoveArrived | Lost | Resumed | Ended | Notice | GamesFound
    | RematchOffered | RematchDeclined | DrawOffered | DrawSettled
)

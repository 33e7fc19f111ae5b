"""Wrong join codes: an address that gives MAX_CODE_FAILURES of them is refused for a
while (a stranger guessing the code), and only so many addresses are remembered."""

from __future__ import annotations

MAX_CODE_FAILURES = 5  # wrong join codes from one address before it is locked out
MAX_TRACKED_ADDRESSES = 1024  # addresses whose wrong codes are remembered (oldest forgotten)


class CodeLockout:
    def __init__(self) -> None:
        self._failures: dict[str, tuple[int, float]] = {}  # address: (failures, last at)

    def locked_out(self, address: str, now: float, lockout: float) -> bool:
        """Whether `address` is refused now (locked out for `lockout` seconds)."""
        failures, last = self._failures.get(address, (0, 0.0))
        if failures < MAX_CODE_FAILURES:
            return False
        if now - last > lockout:
            del self._failures[address]  # served its time: a fresh start
            return False
        return True

    def count(self, address: str, now: float) -> None:
        failures, _ = self._failures.pop(address, (0, 0.0))
        self._failures[address] = (failures + 1, now)  # re-inserted: newest last
        if len(self._failures) > MAX_TRACKED_ADDRESSES:
            del self._failures[next(iter(self._failures))]

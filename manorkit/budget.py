"""Bounds on a long computation, set by its caller: a number of work units, a deadline, and a
flag that cancels it. A calculator reports its work with :func:`spend` at its natural steps;
outside any :func:`limit` block that costs one context lookup and never raises. No game.

    with limit(units=100_000, seconds=2, cancel=event):
        answer = slow_calculator(...)   # raises TooLarge or Cancelled at a spend() inside
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field

__all__ = ["Cancelled", "TooLarge", "limit", "spend"]


class TooLarge(ValueError):
    """The computation needs more work units or time than its caller allowed."""


class Cancelled(Exception):  # not a ValueError: "too large" handlers must not swallow it
    """The caller no longer wants the answer (a newer request replaced it)."""


@dataclass
class _Limit:
    units: int | None
    deadline: float | None
    seconds: float | None
    cancel: threading.Event | None
    used: int = field(default=0)


_LIMITS: ContextVar[tuple[_Limit, ...]] = ContextVar("manorkit_limits", default=())


@contextmanager
def limit(units: int | None = None, seconds: float | None = None,
          cancel: threading.Event | None = None) -> Iterator[None]:
    """Bound the work done inside the block: at most ``units`` work units (as calculators
    count them), ``seconds`` of wall time, and none once ``cancel`` is set. Blocks nest; each
    bound holds. Bounds belong to the thread (the context) that set them."""
    deadline = None if seconds is None else time.monotonic() + seconds
    token = _LIMITS.set((*_LIMITS.get(), _Limit(units, deadline, seconds, cancel)))
    try:
        yield
    finally:
        _LIMITS.reset(token)


def spend(units: int, what: str = "work units") -> None:
    """Count ``units`` of work (``what`` names them in the message) against every bound in
    force; raise :class:`Cancelled` or :class:`TooLarge` when one is passed."""
    for bound in _LIMITS.get():
        if bound.cancel is not None and bound.cancel.is_set():
            raise Cancelled("a newer request replaced this one")
        bound.used += units
        if bound.units is not None and bound.used > bound.units:
            raise TooLarge(f"more than {bound.units:,} {what} to weigh")
        if bound.deadline is not None and time.monotonic() > bound.deadline:
            raise TooLarge(f"not answered within {bound.seconds:g} s")

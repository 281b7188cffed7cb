"""Timing helpers shared by the benchmarks: every manorkit cache cleared, interleaved rounds,
medians and spreads.

- ``clear_all()`` empties every ``functools`` cache of every loaded ``manorkit`` module (the
  Rules value passed in stays loaded: it is the input, not a cache).
- ``measure(methods, rounds)`` runs the methods round-robin, in a fresh random order each
  round, so load from other work on the machine falls on all of them alike; each round times
  a batch of calls sized to about ``budget`` seconds and keeps the time per call.
- ``rewrite_readme(section, text)`` replaces the README between ``<!-- section:begin -->``
  and ``<!-- section:end -->`` with ``text``, atomically.
- ``export(rev)`` extracts the tree of an earlier commit into a temporary folder, to time it
  beside this one.
"""

from __future__ import annotations

import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from manorkit.ruleset import atomic_write_text

README = Path(__file__).resolve().parent.parent / "README.md"


def clear_all() -> None:
    """Empty every lru_cache / cache of every manorkit module loaded so far."""
    for name, module in list(sys.modules.items()):
        if not name.startswith("manorkit") or module is None:
            continue
        for value in list(vars(module).values()):
            clear = getattr(value, "cache_clear", None)
            if callable(clear):
                clear()


def _batch(call: Callable[[], object], cold: bool, budget: float) -> int:
    """How many calls fill about ``budget`` seconds (at least 1)."""
    start, n = time.perf_counter(), 0
    while n < 3 or time.perf_counter() - start < budget / 4:
        if cold:
            clear_all()
        call()
        n += 1
    per = (time.perf_counter() - start) / n
    return max(1, min(20_000, int(budget / max(per, 1e-9))))


def _once(call: Callable[[], object], cold: bool, n: int) -> float:
    """Seconds per call over ``n`` calls; with ``cold`` only the calls are timed, not the
    cache clearing before each."""
    clock = time.perf_counter
    if not cold:
        start = clock()
        for _ in range(n):
            call()
        return (clock() - start) / n
    total = 0.0
    for _ in range(n):
        clear_all()
        start = clock()
        call()
        total += clock() - start
    return total / n


def measure(methods: dict[str, tuple[Callable[[], object], bool]], rounds: int = 9,
            budget: float = 0.02, seed: int = 0) -> dict[str, list[float]]:
    """Seconds per call of each method in each round: ``methods`` maps a name to
    ``(call, cold)``; rounds are interleaved across the methods."""
    rng = random.Random(seed)
    sizes = {name: _batch(call, cold, budget) for name, (call, cold) in methods.items()}
    out: dict[str, list[float]] = {name: [] for name in methods}
    names = list(methods)
    for _ in range(rounds):
        rng.shuffle(names)
        for name in names:
            call, cold = methods[name]
            out[name].append(_once(call, cold, sizes[name]))
    return out


def median(times: list[float]) -> float:
    return statistics.median(times)


def quartiles(times: list[float]) -> tuple[float, float]:
    """The lower and upper quartiles (the spread shown beside a median)."""
    if len(times) < 2:
        return times[0], times[0]
    q = statistics.quantiles(times, n=4, method="inclusive")
    return q[0], q[2]


def fmt(seconds: float) -> str:
    """A time in microseconds, to about 2 significant figures (ms above 10,000 µs)."""
    us = seconds * 1e6
    if us >= 10_000:
        return f"{us / 1000:,.0f} ms"
    if us >= 100:
        return f"{us:,.0f}"
    if us >= 10:
        return f"{us:.0f}"
    return f"{us:.1f}"


def cell(times: list[float]) -> str:
    """``median (q1–q3)`` in microseconds."""
    lo, hi = quartiles(times)
    return f"{fmt(median(times))} ({fmt(lo)}–{fmt(hi)})"


def rewrite_readme(section: str, text: str) -> None:
    """Put ``text`` between the README's ``<!-- section:begin -->`` and ``:end`` markers."""
    old = README.read_text(encoding="utf-8")
    new, n = re.subn(rf"(<!-- {section}:begin -->\n)(?:.*?\n)?(<!-- {section}:end -->)",
                     lambda m: m.group(1) + text.rstrip("\n") + "\n" + m.group(2), old,
                     flags=re.S)
    if n != 1:
        raise SystemExit(f"README.md has no <!-- {section}:begin --> ... <!-- {section}:end -->")
    atomic_write_text(README, new)


def export(rev: str) -> Path:
    """The tree of commit ``rev`` (``git archive``), extracted into a temporary folder."""
    where = Path(tempfile.mkdtemp(prefix=f"manorkit-{rev}-"))
    tar = subprocess.run(["git", "-C", str(README.parent), "archive", rev], capture_output=True,
                         check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(where)], input=tar, check=True)
    return where

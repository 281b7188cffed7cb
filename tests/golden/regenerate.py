"""Rewrite golden logs on purpose: ``python -m tests.golden.regenerate [NAME ...]``.

Without names it rewrites every log; it prints which logs changed. Tests never do this.
"""

from __future__ import annotations

import sys

from .play import log_text, play
from .scripts import LOGS, scripts


def main(names: list[str]) -> int:
    every = scripts()
    unknown = sorted(set(names) - set(every))
    if unknown:
        print(f"unknown scripts: {', '.join(unknown)}")
        return 2
    LOGS.mkdir(exist_ok=True)
    for name in names or sorted(every):
        text = log_text(play(every[name]))
        path = LOGS / f"{name}.txt"
        old = path.read_text() if path.exists() else None
        if old != text:
            path.write_text(text)
            print(("updated " if old is not None else "created ") + str(path))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""Rewrite ``pending_rooms.txt`` from the committed logs: ``python -m tests.golden.pending``."""

from manorkit.blueprince import load_rules

from .scripts import HERE, LOGS


def pending() -> list[str]:
    """Base-game rooms that no committed golden log names."""
    text = "".join(p.read_text() for p in LOGS.glob("*.txt"))
    rows = load_rules().rows("rooms.csv")
    return sorted(name for name, row in rows.items()
                  if row["category"] != "expansion" and name not in text)


if __name__ == "__main__":
    (HERE / "pending_rooms.txt").write_text("".join(f"{n}\n" for n in pending()))

"""Seeds for many independent runs, derived from one root seed."""

from __future__ import annotations


def day_seeds(seed: int, n: int) -> list[int]:
    """Run ``i``'s seed: the first 32-bit word of ``SeedSequence(seed).spawn(n)[i]``, so run
    ``i`` gets the same seed however the runs are split between workers."""
    import numpy as np

    return [int(c.generate_state(1)[0]) for c in np.random.SeedSequence(seed).spawn(n)]

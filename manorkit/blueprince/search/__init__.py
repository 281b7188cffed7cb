"""How winnable is a day? Determinized days, the clairvoyant solver and a search bot.

- :class:`Determinization`: every chance outcome of a seeded day fixed in advance, as a way
  to answer ``resolve()`` (:mod:`.determinize`);
- :func:`solve`: can this determinized day be won at all? ``won`` (with the line), ``lost``
  (proved) or ``unknown`` (:mod:`.solver`).
"""

from .determinize import Determinization
from .solver import Solution, solve

__all__ = ["Determinization", "Solution", "solve"]

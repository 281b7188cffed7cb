"""How winnable is a day? Determinized days, the clairvoyant solver, a search bot and balance
numbers about the game rather than the bot (§13 Win Condition).

- :class:`Determinization`: every chance outcome of a seeded day fixed in advance, as a way
  to answer ``resolve()`` (:mod:`.determinize` says exactly what is fixed);
- :func:`solve`: can this determinized day be won at all? ``won`` with the winning line,
  ``lost`` proved, or ``unknown`` when the budget ran out (:mod:`.solver`);
- :class:`SearchPolicy`: a bot that samples determinizations of what it cannot see and
  searches them (perfect-information Monte Carlo, :mod:`.bot`);
- :func:`winnability`, :func:`sweep_winnability`, :func:`first_wins`: the share of days
  winnable with perfect information, bounded from both sides, and each bot against it
  (:mod:`.winnability`).
"""

from .bot import SearchPolicy
from .determinize import Determinization
from .solver import Solution, solve
from .winnability import Winnability, first_wins, play, sweep_winnability, winnability

__all__ = ["Determinization", "SearchPolicy", "Solution", "Winnability", "first_wins", "play",
           "solve", "sweep_winnability", "winnability"]

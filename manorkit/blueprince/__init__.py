"""Blue Prince tabletop (the primary game): rules as data, exact odds, and the run engine."""

from ..ruleset import RulesDataError
from .coverage import coverage
from .placement import Placement
from .rules import Rules, load_rules

__all__ = ["Placement", "Rules", "RulesDataError", "coverage", "load_rules"]

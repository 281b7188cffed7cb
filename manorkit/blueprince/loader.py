"""Where :class:`Span` used to live; it is :class:`manorkit.ruleset.Span` now."""

from ..ruleset import Span

__all__ = ["Span"]

"""Exact odds for every randomizer of the Blue Prince tabletop rules."""

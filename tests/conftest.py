"""Test settings: hypothesis runs derandomized, so every run tries the same examples."""

from hypothesis import settings

settings.register_profile("manorkit", derandomize=True, deadline=None, print_blob=True)
settings.load_profile("manorkit")

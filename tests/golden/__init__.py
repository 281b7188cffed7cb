"""Golden playthroughs: scripted days whose event logs are committed and diffed."""

"""The base game's rules, written as plugins on the same hooks the expansions use."""

"""carcassonne: a rules engine for Carcassonne."""

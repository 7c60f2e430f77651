"""The Tower's tile set (``tower.toml``), loaded by ``carcassonne_tile_sets``."""

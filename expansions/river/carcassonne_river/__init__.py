"""The River for carcassonne-engine: 12 river tiles drawn before the land tiles.

The spring is the start tile, the lake is drawn last, every river tile must continue the open
end of the river and the river may not make a U-turn. The river is no feature: it is never
scored or occupied and only splits fields. Everything is written on the engine's public hooks
(``carcassonne_river.plugin``); the river's course is read from the board
(``carcassonne_river.course``), so the plugin keeps no per-game data.
"""

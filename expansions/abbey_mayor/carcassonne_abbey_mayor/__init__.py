"""Abbey & Mayor for carcassonne-engine.

Adds the abbey tile (one per player, placed into a hole instead of drawing), the mayor (strength =
shields of its city), the wagon (moves on after its feature is scored), the barn (placed on a
four-field corner; scores fields at the end) and 12 land tiles. Hook implementations are in
:mod:`carcassonne_abbey_mayor.plugin`; each figure's rules live in a module of its own.
"""

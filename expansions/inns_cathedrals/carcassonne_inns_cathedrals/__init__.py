"""Inns & Cathedrals (C2/C3; C1 by edition): 18 land tiles, inns on roads, cathedrals in cities,
and one large meeple per player, written only on the engine's public plugin API.

Rules: docs/rules/ of the repository. The hook implementations are in :mod:`.plugin`,
the scoring change in :mod:`.scoring`.
"""

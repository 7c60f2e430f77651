"""Hills & Sheep (C2; C1 by edition): 18 land tiles, the shepherd and its bag of sheep and
wolves, hills that break ties and hide a tile, vineyards around monasteries, written only on
the engine's public plugin API.

Rules: docs/rules/ of the repository (hills-sheep). The hooks are in :mod:`.plugin`; the
shepherd and the bag in :mod:`.flock`, hills in :mod:`.hills`, vineyards in :mod:`.vineyards`.
"""

"""The Abbot (C2/C3): one abbot per player, gardens as features, and the abbot's early return.

Gardens are printed on tiles of other sets (8 base tiles, one River curve, one Abbey & Mayor
tile). Those sets list ``garden`` as an inert kind: without this expansion a garden is only
decoration; with it, the kind registered here makes every garden a feature the abbot may occupy.
"""

"""The Tower (C2/C3 tiles; C1 by edition): 18 land tiles with a tower foundation, tower pieces
dealt by player count, captures in a tower's line of sight, prisoners, their exchange and their
ransom, written only on the engine's public plugin API.

Rules: docs/rules/ of the repository. The hook implementations are in :mod:`.plugin`; the
turn's tower actions in :mod:`.towers`, captures and exchanges in :mod:`.capture`, the ransom in
:mod:`.ransom`.
"""

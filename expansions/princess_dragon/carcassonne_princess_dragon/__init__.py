"""The Princess & the Dragon for carcassonne-engine.

Adds the dragon (called onto each volcano, moved six steps by the players in turn after a dragon
tile, eating the figures where it steps), the fairy (moved next to one of your followers instead
of placing a figure: 1 point at the start of your turn, 3 when that follower is scored, no dragon
on its tile), magic portals (the turn's figure may go onto any free, open feature anywhere),
princesses (remove one knight from the princess city instead of placing a figure) and 30 land
tiles. Hook implementations are in :mod:`carcassonne_princess_dragon.plugin`; each element's
rules live in a module of its own.
"""

"""Shared helpers for the record and position tests."""

from __future__ import annotations

from carcassonne import GameState


def snapshot(state: GameState) -> dict:
    """Everything two equal games must share: board, features, figures, scores, pile, ..."""
    features = [
        (state.find(n), state.nopen[state.find(n)], state.ntiles[state.find(n)],
         state.nfigs[state.find(n)])
        for n in range(len(state.parent))
    ]  # fmt: skip
    return {
        "board": {pos: (p.tile.id, p.rotation) for pos, p in state.board.items()},
        "features": features,
        "scores": list(state.scores),
        "supply": [dict(s) for s in state.supply],
        "pending": state.pending,
        "drawn": state.drawn,
        "pile": list(state.pile),
        "ext": dict(state.ext),
        "player": state.player,
        "turn": state.turn,
        "legal": state.legal_actions(),
    }

"""Shared helpers for the record and position tests."""

from __future__ import annotations

from carcassonne import GameState


def snapshot(state: GameState) -> dict:
    """Everything two equal games must share: board, features, figures, scores, pile, ..."""
    features = [
        (f, state.feature_open(f), state.feature_tiles(f), state.figures_on(f))
        for f in state.features()
    ]
    return {
        "board": {pos: (p.tile.id, p.rotation) for pos, p in state.board.items()},
        "features": features,
        "scores": list(state.scores),
        "supply": [dict(s) for s in state.supply],
        "pending": state.pending,
        "drawn": state.drawn,
        "pile": state.draw_pile(),
        "ext": dict(state.ext),
        "player": state.player,
        "turn": state.turn,
        "legal": state.legal_actions(),
    }

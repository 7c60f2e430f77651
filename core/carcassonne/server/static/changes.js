// What a move changed, applied to the state before it (the WebSocket's `changes`, docs/server.md):
// the page says hello with `changes: true` and receives, after each move, only the tiles and
// features the move added or changed, the ids merged away and the other keys that changed,
// instead of the whole state. This is carcassonne.json_view.apply_changes in JavaScript; the
// result is the state the server would have sent (tiles sorted by y then x, features by id).

const SPECIAL = new Set(["tiles", "features", "removed_tiles", "removed_features"]);

/** The state after a move from the state before it and the move's `changes` (a new object;
 * `state` is left as it was). */
export function applyChanges(state, changes) {
  const tiles = new Map(state.tiles.map((t) => [`${t.x},${t.y}`, t]));
  for (const [x, y] of changes.removed_tiles || []) tiles.delete(`${x},${y}`);
  for (const t of changes.tiles || []) tiles.set(`${t.x},${t.y}`, t);
  const features = new Map(state.features.map((f) => [f.id, f]));
  for (const id of changes.removed_features || []) features.delete(id);
  for (const f of changes.features || []) features.set(f.id, f);
  const out = { ...state };
  for (const [key, value] of Object.entries(changes)) if (!SPECIAL.has(key)) out[key] = value;
  out.tiles = [...tiles.values()].sort((a, b) => a.y - b.y || a.x - b.x);
  out.features = [...features.values()].sort((a, b) => a.id - b.id);
  return out;
}

// The page's entry point: `/` is the lobby, `/?game=ID` a game (as the seat this browser holds,
// else watching), `/?game=ID&seat=N` a seat's shareable link (N counts from 1, as the lobby and
// the panel number the seats), `/?replay=ID` the replay viewer on a game of this server,
// `/?replay=file` on the record or .jcz file the lobby read.

import { GameView } from "./game.js";
import { showLobby } from "./lobby.js";
import { seatPath } from "./api.js";
import { ReplayView } from "./replay.js";

const main = document.getElementById("main");
let current = null;

function route() {
  if (current) current.close();
  current = null;
  const params = new URLSearchParams(location.search);
  const replay = params.get("replay");
  if (replay !== null) {
    // a game of this server by id, or the file the lobby read (kept for this tab)
    const file = sessionStorage.getItem("carcassonne.replay");
    const source = replay === "file" && file ? JSON.parse(file) : { game: replay };
    current = new ReplayView(main, source);
    current.start();
    return;
  }
  const game = params.get("game");
  if (!game) {
    showLobby(main, open);
    return;
  }
  const seat = params.get("seat");
  // the link's number counts from 1; a number that names no seat (0, "x") is told as such
  current = new GameView(main, game, seat !== null && /^\d+$/.test(seat) ? Number(seat) - 1 : null);
  current.start();
}

/** Show a game (and, with `seat`, the seat's index, the page that takes that seat). */
function open(gameId, seat = null) {
  history.pushState(null, "", seatPath(gameId, seat));
  route();
}

window.addEventListener("popstate", route);
route();

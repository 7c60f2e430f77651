// The page's entry point: `/` is the lobby, `/?game=ID` a game (as the seat this browser holds,
// else watching), `/?game=ID&seat=N` a seat's shareable link.

import { GameView } from "./game.js";
import { showLobby } from "./lobby.js";

const main = document.getElementById("main");
let current = null;

function route() {
  if (current) current.close();
  current = null;
  const params = new URLSearchParams(location.search);
  const game = params.get("game");
  if (!game) {
    showLobby(main, open);
    return;
  }
  const seat = params.get("seat");
  current = new GameView(main, game, seat !== null && /^\d+$/.test(seat) ? Number(seat) : null);
  current.start();
}

/** Show a game (and, with `seat`, the page that takes that seat). */
function open(gameId, seat = null) {
  const url = `/?game=${encodeURIComponent(gameId)}` + (seat === null ? "" : `&seat=${seat}`);
  history.pushState(null, "", url);
  route();
}

window.addEventListener("popstate", route);
route();

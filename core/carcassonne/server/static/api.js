// REST calls, seat tokens kept in localStorage, and errors put into words.

/** An error the server answered: `code` is stable, `message` says why in words. */
export class ServerError extends Error {
  constructor(code, message, status = 0) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

export async function request(method, path, body = undefined, headers = {}) {
  let response;
  try {
    response = await fetch(path, {
      method,
      headers: body === undefined ? headers : { "Content-Type": "application/json", ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (exc) {
    throw new ServerError("offline", "the server cannot be reached (" + exc.message + ")");
  }
  const text = await response.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    const error = data && data.error ? data.error : { code: "http-" + response.status, message: text };
    throw new ServerError(error.code, error.message, response.status);
  }
  return data;
}

export const api = {
  catalogue: () => request("GET", "/api/expansions"),
  games: () => request("GET", "/api/games?limit=50"),
  game: (id) => request("GET", `/api/games/${encodeURIComponent(id)}`),
  create: (body) => request("POST", "/api/games", body),
  join: (id, seat, name) =>
    request("POST", `/api/games/${encodeURIComponent(id)}/seats/${seat}`, name ? { name } : {}),
  leave: (id, seat, token) =>
    request("DELETE", `/api/games/${encodeURIComponent(id)}/seats/${seat}`, undefined, {
      Authorization: "Bearer " + token,
    }),
  picture: (id, seat) =>
    request("GET", `/api/games/${encodeURIComponent(id)}/picture` + (seat === null ? "" : `?seat=${seat}`)),
  history: (id) => request("GET", `/api/games/${encodeURIComponent(id)}/history`),
};

// -- seat tokens: one per game, kept by the browser so that a reload rejoins ------------------

const KEY = "carcassonne.seats";

function allSeats() {
  try {
    return JSON.parse(localStorage.getItem(KEY) || "{}");
  } catch {
    return {};
  }
}

/** The seat this browser holds in a game: `{seat, token, name}` or null. */
export function heldSeat(gameId) {
  return allSeats()[gameId] || null;
}

export function keepSeat(gameId, seat, token, name) {
  const seats = allSeats();
  seats[gameId] = { seat, token, name };
  localStorage.setItem(KEY, JSON.stringify(seats));
}

export function forgetSeat(gameId) {
  const seats = allSeats();
  delete seats[gameId];
  localStorage.setItem(KEY, JSON.stringify(seats));
}

export function playerName() {
  return localStorage.getItem("carcassonne.name") || "";
}

export function keepPlayerName(name) {
  if (name) localStorage.setItem("carcassonne.name", name);
}

/** A server error in words for a player. */
export function describeError(error) {
  const words = {
    "illegal-action": "That move is not allowed",
    "not-your-turn": "It is not your turn",
    stale: "The game moved on; the board was refreshed",
    "game-over": "The game is over",
    "seat-taken": "That seat is taken",
    "bad-token": "This browser's seat token is no longer valid",
    "rate-limited": "Too many requests; slow down",
    offline: "No connection to the server",
    storage: "The server could not store the move; nothing changed",
    "nothing-to-undo": "There is nothing to take back",
  };
  const head = words[error.code];
  const message = error.message || "";
  return head ? `${head}: ${message}` : message || error.code;
}

/** The number a seat is shown with everywhere (lobby, panel, links, join page): seat index
 * 0 is seat 1. */
export function seatNumber(seat) {
  return seat + 1;
}

/** Words the server wrote, with each `{N}` made the name of seat N (names[N]). */
export function withNames(words, names) {
  return String(words ?? "").replace(/\{(\d+)\}/g, (all, n) => names[Number(n)] ?? `seat ${Number(n) + 1}`);
}

/** An expansion's title from the catalogue (`{name: title}`), else its name. */
export function expansionTitle(titles, name) {
  return (titles && titles[name]) || name;
}

/** The link that lets somebody take a seat of a game: `&seat=N` with the seat's number
 * (1 for the first seat), the number the lobby and the panel show. */
export function seatLink(gameId, seat) {
  return `${location.origin}${seatPath(gameId, seat)}`;
}

export function seatPath(gameId, seat) {
  return `/?game=${encodeURIComponent(gameId)}` + (seat === null ? "" : `&seat=${seatNumber(seat)}`);
}

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

let toastTimer = null;

/** Show a message to the player for a while (errors stay until the next one or a click). */
export function toast(text, kind = "error") {
  const node = document.getElementById("toast");
  node.textContent = text;
  node.className = "toast " + kind;
  node.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => (node.hidden = true), kind === "error" ? 9000 : 3000);
  node.onclick = () => (node.hidden = true);
}

// A game: the WebSocket (hello, sync, apply, update, presence), the board with the moves the
// pending decision offers, the action bar, the keyboard and the side panel.
//
// The page never decides what is legal: every move it offers is one of the engine's legal
// actions (from /api/games/{id}/picture, with where each goes on the board), and a click on a
// square that is not offered is sent as it is, so that the engine's reason comes back in words.

import { api, describeError, el, expansionTitle, forgetSeat, heldSeat, keepPlayerName, keepSeat, playerName, seatNumber, toast, withNames } from "./api.js";
import { BoardView, pieceMark, svgEl, tileNode } from "./board.js";
import { applyChanges } from "./changes.js";
import { DECISIONS, factsCard, invitesCard, keysCard, legendCard, logEntry, mechanicsCard, playersCard, rankingCard } from "./panel.js";

export class GameView {
  constructor(main, gameId, wantedSeat) {
    this.main = main;
    this.gameId = gameId;
    this.wantedSeat = wantedSeat;
    this.held = heldSeat(gameId);
    this.seat = null;
    this.ws = null;
    this.nextId = 1;
    this.waiting = new Map(); // request id -> resolve
    this.inFlight = null; // the id of the move sent and not answered yet
    this.state = null;
    this.seq = null;
    this.meta = null;
    this.picture = null; // the latest /picture answer
    this.pictureFor = -1; // the seq the last picture request was made for
    this.pictureRunning = false;
    this.pictureAgain = false;
    this.log = [];
    this.logSeq = -1;
    this.outcome = null;
    this.online = new Set();
    this.choice = null; // {key, index}: the move picked on the board, not sent yet
    this.preferred = 0; // the rotation the player last chose
    this.closed = false;
    this.onKey = (event) => this.key(event);
  }

  async start() {
    document.getElementById("title").textContent = `Game ${this.gameId}`;
    try {
      this.meta = (await api.game(this.gameId)).game;
      const catalogue = await api.catalogue();
      this.titles = Object.fromEntries(catalogue.expansions.map((e) => [e.name, e.title || e.name]));
    } catch (error) {
      this.main.replaceChildren(el("p", { class: "error", text: describeError(error) }), el("a", { href: "/", text: "Back to the lobby" }));
      return;
    }
    const wanted = this.wantedSeat;
    if (wanted !== null && (!this.held || this.held.seat !== wanted)) {
      const seat = this.meta.seats[wanted];
      if (seat && seat.kind === "human" && !seat.taken) {
        this.askToJoin(wanted);
        return;
      }
      if (!this.held) toast(seat ? `Seat ${seatNumber(wanted)} is taken: you are watching.` : `No seat ${seatNumber(wanted)}.`, "info");
    }
    this.build();
    this.connect();
  }

  /** The page of a seat link: a name, then the seat. */
  askToJoin(seat) {
    const info = this.meta.seats[seat];
    const name = el("input", { type: "text", id: "join-name", maxlength: 40, value: playerName() || info.name, "aria-label": "your name" });
    const button = el("button", { type: "submit", id: "join-button", class: "primary", text: `Take seat ${seatNumber(seat)}` });
    const form = el(
      "form",
      { class: "card join-form" },
      el("h2", { text: `Join game ${this.gameId}` }),
      el("p", {}, `Seat ${seatNumber(seat)} of ${this.meta.players}; `, this.meta.expansions.length ? this.meta.expansions.map((n) => expansionTitle(this.titles, n)).join(", ") : "base game", "."),
      el("label", { for: "join-name" }, "Your name ", name),
      el("div", { class: "row" }, button, el("a", { href: `/?game=${encodeURIComponent(this.gameId)}`, text: "just watch" })),
    );
    form.onsubmit = async (event) => {
      event.preventDefault();
      button.disabled = true;
      try {
        const joined = await api.join(this.gameId, seat, name.value.trim() || undefined);
        keepPlayerName(name.value.trim());
        keepSeat(this.gameId, seat, joined.token, joined.game.seats[seat].name);
        this.held = heldSeat(this.gameId);
        this.meta = joined.game;
        history.replaceState(null, "", `/?game=${encodeURIComponent(this.gameId)}`);
        this.build();
        this.connect();
      } catch (error) {
        button.disabled = false;
        toast(describeError(error));
      }
    };
    this.main.className = "lobby";
    this.main.replaceChildren(form);
  }

  build() {
    this.main.className = "game";
    this.boardBox = el("div", { class: "board-box", id: "board", tabindex: 0, "aria-label": "the board" });
    this.bar = el("div", { class: "actionbar", id: "actionbar" });
    const tools = el(
      "div",
      { class: "board-tools" },
      el("button", { type: "button", id: "fit", title: "fit the board (F)", onclick: () => this.board.fit() }, "Fit"),
      el("button", { type: "button", title: "zoom in (+)", onclick: () => this.board.zoom(1.3) }, "+"),
      el("button", { type: "button", title: "zoom out (−)", onclick: () => this.board.zoom(1 / 1.3) }, "−"),
    );
    this.panel = el("aside", { class: "panel", id: "panel" });
    this.logList = el("ol", { class: "log", id: "log" });
    this.cards = el("div", { class: "cards" });
    this.panel.append(this.cards, el("section", { class: "card log-card" }, el("h2", { text: "Log" }), this.logList), keysCard());
    this.main.replaceChildren(
      el("div", { class: "game-layout" }, el("section", { class: "board-area" }, this.boardBox, tools, this.bar), this.panel),
    );
    this.board = new BoardView(this.boardBox, (px, py) => this.click(px, py));
    document.addEventListener("keydown", this.onKey);
  }

  // -- the connection --------------------------------------------------------------------------

  connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/api/games/${encodeURIComponent(this.gameId)}/ws`);
    this.ws = ws;
    this.setConnection("connecting…");
    ws.onopen = () => {
      // changes: each update carries what the move changed, applied to the state kept here
      const hello = { op: "hello", seq: this.seq, changes: true };
      if (this.held) Object.assign(hello, { seat: this.held.seat, token: this.held.token });
      this.send(hello);
    };
    ws.onmessage = (event) => this.receive(JSON.parse(event.data));
    ws.onclose = () => {
      if (this.ws !== ws || this.closed) return;
      this.setConnection("offline: reconnecting…");
      this.inFlight = null;
      setTimeout(() => !this.closed && this.connect(), 1000);
    };
  }

  setConnection(text) {
    document.getElementById("connection").textContent = text;
  }

  send(message) {
    const id = this.nextId++;
    this.ws.send(JSON.stringify({ ...message, id }));
    return id;
  }

  /** Send a move (apply) unless one is on its way already. */
  sendMove(action) {
    if (this.inFlight !== null) {
      toast("Your last move is still on its way.", "info");
      return;
    }
    this.inFlight = this.send({ op: "apply", seq: this.seq, action });
    this.drawBar();
  }

  receive(message) {
    switch (message.type) {
      case "sync":
        this.seat = message.seat;
        this.setConnection(this.seat === null ? "watching" : `playing as ${this.names(message.state)[this.seat]}`);
        document.body.dataset.seat = this.seat === null ? "" : this.seat;
        this.setState(message.seq, message.state);
        if (message.id === this.inFlight) this.inFlight = null;
        this.refreshLog();
        break;
      case "update":
        this.choice = null;
        if (message.state) {
          this.setState(message.seq, message.state);
        } else if (this.state && message.changes && message.seq === this.seq + 1) {
          this.setState(message.seq, applyChanges(this.state, message.changes));
        } else {
          // changes that do not follow the state kept here (never expected): the whole state
          this.send({ op: "sync" });
          break;
        }
        // the action and its events in words: appended from the update when it carries them
        // and follows the log kept here, else the whole history (an undo, a gap), and at the
        // end for the outcome
        if (message.entry && message.seq === this.logSeq + 1 && !this.state.game_over) this.appendLog(message.entry, message.seq);
        else if (message.seq > this.logSeq || this.state.game_over) this.refreshLog(true);
        break;
      case "ok":
        if (message.id === this.inFlight) this.inFlight = null;
        this.drawBar();
        break;
      case "error":
        if (message.id === this.inFlight) this.inFlight = null;
        if (message.error.code === "bad-token" && this.held) {
          forgetSeat(this.gameId);
          this.held = null;
          toast(describeError(message.error) + " You are watching now.");
          this.ws.close();
          this.connect();
          return;
        }
        toast(describeError(message.error));
        this.drawBar();
        break;
      case "presence":
        this.online = new Set(message.seats.filter((s) => s.online).map((s) => s.seat));
        for (const s of message.seats) {
          if (this.meta && this.meta.seats[s.seat]) Object.assign(this.meta.seats[s.seat], { taken: s.taken, name: s.name });
        }
        this.drawPanel();
        this.redrawLog(); // a seat's name may have changed
        break;
      case "undo-request":
        this.undoRequest(message);
        break;
      case "undo-declined":
        toast(`${this.names()[message.by]} declined to take back.`, "info");
        break;
    }
  }

  setState(seq, state) {
    this.seq = seq;
    this.state = state;
    document.body.dataset.seq = seq;
    document.body.dataset.over = state.game_over ? "yes" : "no";
    this.drawPanel();
    this.drawBar();
    this.loadPicture();
  }

  /** Fetch the picture of the newest state; requests do not pile up while the bots move:
   * one runs at a time, then one more for the newest seq if the game moved on meanwhile. */
  async loadPicture() {
    if (this.pictureFor === this.seq) return;
    if (this.pictureRunning) {
      this.pictureAgain = true;
      return;
    }
    this.pictureRunning = true;
    this.pictureFor = this.seq;
    let picture = null;
    try {
      picture = await api.picture(this.gameId, this.seat);
    } catch (error) {
      this.pictureFor = -1;
      toast(describeError(error));
    }
    this.pictureRunning = false;
    if (picture && (!this.picture || picture.seq >= this.picture.seq)) {
      const first = !this.picture;
      this.picture = picture;
      if (first) this.redrawLog(); // the players' colours are the picture's
      this.drawBoard();
      this.drawPanel();
      this.drawBar();
    }
    if (picture && picture.seq < this.seq) this.pictureFor = -1;
    if (this.pictureAgain || this.pictureFor !== this.seq) {
      this.pictureAgain = false;
      this.loadPicture();
    }
  }

  /** The whole history (the page's first, after an undo or a gap, at the end): one request. */
  async refreshLog(force = false) {
    if (!force && this.logSeq === this.seq) return;
    try {
      const data = await api.history(this.gameId);
      if (data.seq < this.logSeq) return;
      this.log = data.entries;
      this.logSeq = data.seq;
      document.body.dataset.logged = data.seq; // the seq the log shows (tests wait for it)
      this.outcome = data.outcome;
      const names = this.names();
      this.logList.replaceChildren(...this.log.map((e) => logEntry(e, names, this.colors())));
      this.showLast();
    } catch (error) {
      toast(describeError(error));
    }
  }

  /** The entry of the action of `seq` (an update's), after the entries kept: no request. */
  appendLog(entry, seq) {
    this.log.push(entry);
    this.logSeq = seq;
    document.body.dataset.logged = seq;
    this.logList.append(logEntry(entry, this.names(), this.colors()));
    this.showLast();
  }

  /** The log kept, drawn again (the seats' names or colours changed): no request. */
  redrawLog() {
    if (!this.logList) return;
    const names = this.names();
    this.logList.replaceChildren(...this.log.map((e) => logEntry(e, names, this.colors())));
    this.logList.scrollTop = this.logList.scrollHeight;
  }

  /** The points of the last action outlined on the board (with the squares of the features
   * they were scored for), the log scrolled to its end. */
  showLast() {
    const last = this.log.at(-1);
    this.scored = last ? last.events.filter((e) => e.type === "points" && e.squares && e.squares.length) : [];
    this.drawBoard();
    // the cards first: a card that appears above the log (the ranking) makes it shorter
    this.drawPanel();
    this.logList.scrollTop = this.logList.scrollHeight;
  }

  /** The seats' names (the lobby's), else the engine's player names. */
  names(state = this.state) {
    return state.config.names.map((name, i) => (this.meta && this.meta.seats[i] ? this.meta.seats[i].name : name));
  }

  colors() {
    return this.picture ? this.picture.colors : [];
  }

  // -- the moves on offer -------------------------------------------------------------------

  /** True when this browser's player decides now and the picture shows this very state. */
  myTurn() {
    return (
      this.state &&
      this.seat !== null &&
      !this.state.game_over &&
      this.state.pending.player === this.seat &&
      this.picture &&
      this.picture.seq === this.seq
    );
  }

  /** The moves grouped by where they go: `squares` (key "x,y"), `points` (key "px,py"), `other`. */
  offered() {
    const squares = new Map();
    const points = new Map();
    const other = [];
    if (!this.myTurn()) return { squares, points, other };
    for (const move of this.picture.moves) {
      if (move.square) {
        const key = move.square.join(",");
        if (!squares.has(key)) squares.set(key, []);
        squares.get(key).push(move);
      } else if (move.point) {
        const key = move.point.join(",");
        if (!points.has(key)) points.set(key, []);
        points.get(key).push(move);
      } else {
        other.push(move);
      }
    }
    return { squares, points, other };
  }

  chosenMoves() {
    if (!this.choice) return null;
    const { squares, points } = this.offered();
    return squares.get(this.choice.key) || points.get(this.choice.key) || null;
  }

  chosenMove() {
    const moves = this.chosenMoves();
    return moves ? moves[this.choice.index % moves.length] : null;
  }

  click(px, py) {
    if (!this.state || this.state.game_over) return;
    if (this.seat === null) return toast("You are watching this game.", "info");
    if (this.state.pending.player !== this.seat) {
      return toast(`It is ${this.names()[this.state.pending.player]}'s turn.`, "info");
    }
    if (!this.myTurn()) return; // the picture of this state is on its way
    if (this.inFlight !== null) return toast("Your last move is still on its way.", "info");
    const { squares, points } = this.offered();
    // a figure spot (or any move naming a location): the nearest within reach
    const reach = Math.max(16, 18 * this.board.unitsPerPixel());
    let best = null;
    for (const key of points.keys()) {
      const [x, y] = key.split(",").map(Number);
      const d = Math.hypot(x - px, y - py);
      if (d <= reach && (!best || d < best.d)) best = { key, d };
    }
    if (best) return this.choose(best.key);
    const sx = Math.floor(px / 100);
    const sy = Math.floor(py / 100);
    const key = `${sx},${sy}`;
    if (squares.has(key)) return this.choose(key);
    const tile = this.state.drawn_tile;
    if (this.state.pending.kind === "tile" && tile) {
      // not offered: let the engine say why
      this.sendMove({ type: "tile", tile, x: sx, y: sy, rotation: this.preferred });
      return;
    }
    if (points.size) toast("Click one of the marked spots, or choose from the list below the board.", "info");
  }

  /** Pick the moves at `key`; picking the same place again turns to its next move (rotation). */
  choose(key) {
    if (this.choice && this.choice.key === key) {
      this.turn(1);
      return;
    }
    const moves = this.offered().squares.get(key) || this.offered().points.get(key);
    let index = moves.findIndex((m) => m.action.rotation === this.preferred);
    this.choice = { key, index: Math.max(index, 0) };
    this.drawBoard();
    this.drawBar();
  }

  turn(step) {
    const moves = this.chosenMoves();
    if (!moves) {
      const rotations = this.drawnRotations();
      if (rotations.length) {
        const at = rotations.indexOf(this.preferred);
        this.preferred = rotations[(at + step + rotations.length) % rotations.length];
        this.drawBar();
      }
      return;
    }
    this.choice.index = (this.choice.index + step + moves.length) % moves.length;
    const rotation = moves[this.choice.index].action.rotation;
    if (rotation !== undefined) this.preferred = rotation;
    this.drawBoard();
    this.drawBar();
  }

  confirm() {
    const move = this.chosenMove();
    if (move) this.sendMove(move.action);
    else if (this.myTurn()) toast("Choose a move on the board first.", "info");
  }

  passMove() {
    return this.offered().other.find((m) => m.action.type === "pass") || null;
  }

  skip() {
    const pass = this.passMove();
    if (pass) this.sendMove(pass.action);
  }

  /** The rotations of the drawn tile that fit somewhere (the chosen square's, once chosen). */
  drawnRotations() {
    const tile = this.state && this.state.drawn_tile;
    const moves = this.chosenMoves() || [...this.offered().squares.values()].flat();
    const found = moves.filter((m) => m.action.type === "tile" && m.action.tile === tile).map((m) => m.action.rotation);
    return [...new Set(found)].sort((a, b) => a - b);
  }

  key(event) {
    if (!this.main.isConnected || this.closed) {
      document.removeEventListener("keydown", this.onKey);
      return;
    }
    if (event.target.closest && event.target.closest("input, select, textarea")) return;
    const k = event.key;
    if (k === "r" || k === "R" || k === " ") {
      event.preventDefault();
      this.turn(event.shiftKey ? -1 : 1);
    } else if (k === "Enter") {
      event.preventDefault();
      this.confirm();
    } else if (k === "n" || k === "N" || k === "Escape") {
      if (this.choice) {
        this.choice = null;
        this.drawBoard();
        this.drawBar();
      } else this.skip();
    } else if (k === "f" || k === "F") this.board.fit();
    else if (k === "+" || k === "=") this.board.zoom(1.3);
    else if (k === "-") this.board.zoom(1 / 1.3);
  }

  // -- drawing ----------------------------------------------------------------------------------

  /** The moves of pieces in this turn, from the log (back to the entry that placed the
   * turn's tile, or to the start of the turn): kind -> [{from_x, from_y, x, y, seat}], in
   * order; between two turns, the moves of the turn just ended. */
  turnMoves() {
    const moves = new Map();
    for (let i = this.log.length - 1; i >= 0; i--) {
      const entry = this.log[i];
      const events = entry.events || [];
      const here = events.filter((e) => e.type === "piece-moved");
      for (const e of here.reverse()) {
        if (!moves.has(e.kind)) moves.set(e.kind, []);
        moves.get(e.kind).unshift({ ...e, seat: entry.seat });
      }
      if (events.some((e) => e.type === "tile-placed" || e.type === "turn")) break;
    }
    return [...moves];
  }

  drawBoard() {
    if (!this.picture) return;
    const { squares, points } = this.offered();
    const extra = [...squares.keys()].map((k) => k.split(",").map(Number));
    if (this.board.svg === null || this.shownPicture !== this.picture) {
      this.board.show(this.picture.svg, extra);
      this.shownPicture = this.picture;
      if (points.size) {
        // the spots of a tile are small on a whole board: show their tiles close up
        const squares = [...points.keys()].map((k) => k.split(",").map((v) => Math.floor(Number(v) / 100)));
        const xs = squares.map(([x]) => x);
        const ys = squares.map(([, y]) => y);
        this.board.focus(Math.min(...xs) * 100 - 120, Math.min(...ys) * 100 - 120, Math.max(...xs) * 100 + 220, Math.max(...ys) * 100 + 220);
      }
    }
    const layer = this.board.layer;
    layer.replaceChildren();
    const colors = this.colors();
    // the squares the pending decision is about (a tower's line of sight), under the rest
    for (const [x, y] of this.picture.area || []) {
      layer.append(svgEl("rect", { class: "decision-area", x: x * 100 + 2, y: y * 100 + 2, width: 96, height: 96, "data-x": x, "data-y": y }));
    }
    for (const last of this.picture.last_tiles) {
      layer.append(
        svgEl("rect", {
          class: "last-tile",
          x: last.x * 100 + 3,
          y: last.y * 100 + 3,
          width: 94,
          height: 94,
          fill: "none",
          stroke: colors[last.player],
          "stroke-width": 6,
          "data-player": last.player,
        }),
      );
    }
    // the way each piece went this turn (the dragon's steps): a line through the squares,
    // each step numbered in the colour of whoever took it
    for (const [kind, steps] of this.turnMoves()) {
      const first = steps[0];
      const points = [[first.from_x, first.from_y], ...steps.map((s) => [s.x, s.y])];
      const line = points.map(([x, y]) => `${x * 100 + 50},${y * 100 + 50}`).join(" ");
      const path = svgEl("g", { class: "piece-path", "data-kind": kind, "data-steps": steps.length });
      path.append(svgEl("polyline", { points: line, fill: "none", stroke: "#333", "stroke-width": 4, "stroke-dasharray": "10 6", "stroke-opacity": 0.7 }));
      steps.forEach((step, i) => {
        const colour = colors[step.seat] || "#888";
        const dot = svgEl("g", { class: "path-step", "data-step": i + 1, "data-player": step.seat ?? "", "data-x": step.x, "data-y": step.y });
        dot.append(
          svgEl("title", {}, `${kind}, step ${i + 1}: ${step.from_x},${step.from_y} → ${step.x},${step.y} (${this.names()[step.seat] ?? ""})`),
          svgEl("circle", { cx: step.x * 100 + 78, cy: step.y * 100 + 22, r: 11, fill: colour, stroke: "#fff", "stroke-width": 2 }),
          svgEl("text", { x: step.x * 100 + 78, y: step.y * 100 + 27, "text-anchor": "middle", "font-size": 14, "font-weight": 700, fill: "#fff" }, String(i + 1)),
        );
        path.append(dot);
      });
      layer.append(path);
    }
    // the features the last action scored: outlined in the scorer's colour, with the log's words
    for (const [i, event] of (this.scored || []).entries()) {
      const group = svgEl("g", { class: "scored", "data-player": event.player, "data-points": event.points });
      for (const [x, y] of event.squares) {
        group.append(svgEl("rect", { x: x * 100 + 8, y: y * 100 + 8, width: 84, height: 84, rx: 6, fill: colors[event.player] || "#333", "fill-opacity": 0.22, stroke: colors[event.player] || "#333", "stroke-width": 4, "stroke-dasharray": "10 5" }));
      }
      const [tx, ty] = event.squares.reduce(([ax, ay], [x, y]) => (y < ay || (y === ay && x < ax) ? [x, y] : [ax, ay]));
      group.append(svgEl("text", { class: "scored-words", x: tx * 100 + 50, y: ty * 100 + 22 + i * 20, "text-anchor": "middle" }, withNames(event.words, this.names())));
      layer.append(group);
    }
    // the pieces that are not figures (a dragon, tower floors, sheep): drawn from their look
    for (const piece of this.picture.pieces || []) {
      const fill = piece.owner === null ? piece.colour : colors[piece.owner] || piece.colour;
      const mark = pieceMark(piece, piece.point[0], piece.point[1], fill);
      mark.setAttribute("data-x", piece.x);
      mark.setAttribute("data-y", piece.y);
      layer.append(mark);
    }
    const chosen = this.chosenMove();
    for (const [key, moves] of squares) {
      const [x, y] = key.split(",").map(Number);
      layer.append(
        svgEl("rect", {
          class: "move-square" + (this.choice && this.choice.key === key ? " chosen" : ""),
          x: x * 100 + 5,
          y: y * 100 + 5,
          width: 90,
          height: 90,
          rx: 8,
          "data-x": x,
          "data-y": y,
          "data-moves": moves.length,
        }),
      );
    }
    if (chosen && chosen.square) {
      const [x, y] = chosen.square;
      const art = chosen.action.tile && this.picture.tile_art[chosen.action.tile];
      if (art && art[String(chosen.action.rotation)]) {
        const node = tileNode(art[String(chosen.action.rotation)], x, y);
        node.setAttribute("class", "preview");
        layer.append(node);
      }
      layer.append(svgEl("rect", { class: "preview-frame", x: x * 100 + 1, y: y * 100 + 1, width: 98, height: 98 }));
    }
    for (const [key, moves] of points) {
      const [px, py] = key.split(",").map(Number);
      const isChosen = this.choice && this.choice.key === key;
      const first = moves[0];
      // a figure: the feature's kind; any other action in the server's words ("abbot return:
      // the monastery at 2,3"), its verb with the kind when several share the spot
      const label = first.action.type === "figure" ? first.kind : moves.length === 1 ? this.moveLabel(first) : `${verbWords(first)}: ${first.kind}`;
      const group = svgEl("g", { class: "move-point" + (isChosen ? " chosen" : ""), "data-key": key, "data-kind": first.kind });
      group.append(svgEl("circle", { cx: px, cy: py, r: isChosen ? 13 : 10 }));
      group.append(svgEl("text", { x: px, y: py - 15, "text-anchor": "middle" }, label));
      layer.append(group);
    }
  }

  drawBar() {
    if (!this.bar || !this.state) return;
    const state = this.state;
    const names = this.names();
    const parts = [];
    document.body.dataset.decision = this.myTurn() ? state.pending.kind : "wait";
    document.body.dataset.busy = this.inFlight !== null ? "yes" : "no";
    if (state.game_over) {
      parts.push(el("div", { class: "status", text: "The game is over: see the ranking." }));
    } else if (this.seat !== null && state.pending.player === this.seat) {
      const what = DECISIONS[state.pending.kind] || `decide (${state.pending.kind})`;
      parts.push(el("div", { class: "status mine" }, el("b", { text: "Your turn: " }), what));
    } else {
      parts.push(el("div", { class: "status" }, "Waiting for ", el("b", { text: names[state.pending.player] }), "…"));
    }
    if (state.drawn_tile && this.picture && this.picture.drawn_art) {
      parts.push(this.drawnTile());
    }
    if (this.myTurn()) {
      const busy = this.inFlight !== null;
      const { other } = this.offered();
      const moves = this.chosenMoves();
      const buttons = [];
      if (moves && moves.length > 1 && moves[0].point) {
        buttons.push(
          ...moves.map((m, i) =>
            el("button", { type: "button", class: "option-move" + (i === this.choice.index ? " chosen" : ""), title: m.text, onclick: () => { this.choice.index = i; this.drawBar(); } }, this.moveLabel(m)),
          ),
        );
      }
      if (moves && moves[0].square && moves.length > 1) {
        buttons.push(el("button", { type: "button", id: "rotate", disabled: busy, onclick: () => this.turn(1), title: "R" }, "Rotate ⟳"));
      }
      const chosen = this.chosenMove();
      buttons.push(el("button", { type: "button", id: "confirm", class: "primary", disabled: busy || !moves, onclick: () => this.confirm(), title: chosen ? `${chosen.text} (Enter)` : "Enter" }, moves ? `Confirm: ${this.moveLabel(chosen)}` : "Confirm"));
      for (const move of other) {
        const label = move.action.type === "pass" ? passLabel(state.pending.kind) : capitalised(this.moveLabel(move));
        buttons.push(
          el("button", { type: "button", class: "move-button", id: move.action.type === "pass" ? "pass" : null, "data-text": move.text, disabled: busy, onclick: () => this.sendMove(move.action), title: move.action.type === "pass" ? `${move.text} (N)` : move.text }, label),
        );
      }
      parts.push(el("div", { class: "row buttons" }, buttons));
    }
    if (this.seat !== null && !state.game_over && state.actions_played > 0) {
      parts.push(el("button", { type: "button", class: "undo", disabled: this.inFlight !== null, onclick: () => this.undo() }, "Undo"));
    }
    if (this.myTurn()) parts.push(this.allMoves());
    this.bar.replaceChildren(...parts);
  }

  drawnTile() {
    const state = this.state;
    const rotations = this.myTurn() ? this.drawnRotations() : [];
    const chosen = this.chosenMove();
    const shown = chosen && chosen.action.rotation !== undefined ? chosen.action.rotation : this.preferred;
    const thumbs = rotations.map((r) => {
      const img = el("button", {
        type: "button",
        class: "rotation" + (r === shown ? " chosen" : ""),
        "data-rotation": r,
        title: `turned ${r}°`,
        onclick: () => {
          this.preferred = r;
          const moves = this.chosenMoves();
          if (moves) {
            const i = moves.findIndex((m) => m.action.rotation === r);
            if (i >= 0) this.choice.index = i;
          }
          this.drawBoard();
          this.drawBar();
        },
      });
      img.innerHTML = this.picture.drawn_art;
      img.firstElementChild.style.transform = `rotate(${r}deg)`;
      return img;
    });
    const main = el("div", { class: "drawn-art" });
    main.innerHTML = this.picture.drawn_art;
    if (!this.myTurn()) main.firstElementChild.style.transform = "rotate(0deg)";
    return el(
      "div",
      { class: "drawn", id: "drawn", "data-tile": state.drawn_tile },
      this.myTurn() ? null : main,
      el("div", {}, el("div", { class: "muted", text: "Drawn tile" }), el("span", { class: "tile-words", title: state.drawn_tile, text: this.picture.drawn_words || state.drawn_tile })),
      thumbs.length ? el("div", { class: "rotations", title: "the rotations that fit" }, thumbs) : null,
    );
  }

  /** Every legal move as text: whatever an expansion's decision offers can be played here. */
  allMoves() {
    const moves = this.picture.moves;
    const list = moves.map((m) =>
      el("li", {}, el("button", { type: "button", class: "link", "data-text": m.text, title: m.text, disabled: this.inFlight !== null, onclick: () => this.sendMove(m.action) }, this.moveLabel(m))),
    );
    return el("details", { class: "all-moves" }, el("summary", { text: `All ${moves.length} legal moves` }), el("ul", {}, list));
  }

  drawPanel() {
    if (!this.panel || !this.state) return;
    const view = {
      state: this.state,
      colors: this.colors(),
      seat: this.seat,
      online: this.online,
      meta: this.meta,
      gameId: this.gameId,
      outcome: this.outcome,
      names: this.names(),
      legend: this.picture ? this.picture.legend : null,
      titles: this.titles,
    };
    // the log stays where it is (moving it would lose its scroll position)
    this.cards.replaceChildren(...[rankingCard(view), factsCard(view), mechanicsCard(view), playersCard(view), legendCard(view), invitesCard(view)].filter(Boolean));
  }

  // -- undo -------------------------------------------------------------------------------------

  undo() {
    if (this.inFlight !== null) return;
    this.inFlight = this.send({ op: "undo", seq: this.seq });
  }

  undoRequest(message) {
    if (this.seat === null || message.seat === this.seat) return;
    const names = this.names();
    const box = el(
      "div",
      { class: "card undo-request" },
      `${names[message.seat]} asks to take back their last move. `,
      el("button", { type: "button", onclick: () => { this.send({ op: "undo_answer", seq: message.seq, accept: true }); box.remove(); } }, "Allow"),
      el("button", { type: "button", onclick: () => { this.send({ op: "undo_answer", seq: message.seq, accept: false }); box.remove(); } }, "Refuse"),
    );
    this.cards.prepend(box);
  }

  /** A move in words (the server's, with the players' names); the notation is its tooltip. */
  moveLabel(move) {
    if (!move) return "";
    return move.words ? withNames(move.words, this.names()) : move.text;
  }

  close() {
    this.closed = true;
    document.removeEventListener("keydown", this.onKey);
    if (this.ws) this.ws.close();
  }
}

/** The verb of a move in words: its words up to the colon ("tower capture"), else its type
 * with blanks for dashes. */
function verbWords(move) {
  const words = move.words || "";
  return words.includes(":") ? words.slice(0, words.indexOf(":")) : move.action.type.replaceAll("-", " ");
}

function passLabel(kind) {
  return kind === "figure" ? "No figure" : "Pass";
}

function capitalised(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

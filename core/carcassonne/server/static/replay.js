// The replay viewer: any record (a game of this server, or a file: a record or a .jcz) stepped
// through action by action. The server replays the record up to the step asked for
// (POST /api/replay) and answers the board, the action in words and its events.

import { describeError, el, request, seatNumber, toast, withNames } from "./api.js";
import { BoardView, svgEl } from "./board.js";

export const REPLAY_KEYS = [
  ["→ or N", "next action"],
  ["← or P", "previous action"],
  ["Home", "the start"],
  ["End", "the end"],
  ["F", "fit the board"],
];

export class ReplayView {
  /** `source`: {game: id} (a game of this server) or {record: text} / {jcz: text} (a file). */
  constructor(main, source) {
    this.main = main;
    this.source = source;
    this.body = null; // what POST /api/replay is sent, without `at`
    this.step = null;
    this.closed = false;
    this.onKey = (event) => this.key(event);
  }

  async start() {
    document.getElementById("title").textContent = "Replay";
    this.main.className = "game replay";
    try {
      if (this.source.game) {
        const answer = await fetch(`/api/games/${encodeURIComponent(this.source.game)}/record`);
        if (!answer.ok) throw new Error(`no record for game ${this.source.game}`);
        this.body = { record: await answer.text() };
      } else {
        this.body = this.source;
      }
    } catch (error) {
      this.main.replaceChildren(el("p", { class: "error", text: error.message }));
      return;
    }
    this.build();
    await this.go(null);
    if (this.body.jcz && this.step && this.step.record) this.body = { record: this.step.record };
    await this.go(0);
  }

  build() {
    this.boardBox = el("div", { class: "board-box", id: "board", tabindex: 0, "aria-label": "the board" });
    this.status = el("div", { class: "status", id: "replay-status" });
    const button = (id, text, title, onclick) => el("button", { type: "button", id, title, onclick }, text);
    this.controls = el(
      "div",
      { class: "row buttons" },
      button("replay-start", "⏮", "the start (Home)", () => this.go(0)),
      button("replay-back", "◀ Back", "previous action (←, P)", () => this.go(this.step.at - 1)),
      button("replay-next", "Next ▶", "next action (→, N)", () => this.go(this.step.at + 1)),
      button("replay-end", "⏭", "the end (End)", () => this.go(this.step.steps)),
    );
    const bar = el("div", { class: "actionbar", id: "actionbar" }, this.status, this.controls);
    const tools = el("div", { class: "board-tools" }, el("button", { type: "button", id: "fit", title: "fit the board (F)", onclick: () => this.board.fit() }, "Fit"));
    this.logList = el("ol", { class: "log", id: "log" });
    this.scores = el("ol", { class: "player-list", id: "replay-scores" });
    const keys = el("dl", { class: "keys", id: "keys" }, REPLAY_KEYS.flatMap(([k, what]) => [el("dt", { text: k }), el("dd", { text: what })]));
    const panel = el(
      "aside",
      { class: "panel", id: "panel" },
      el("section", { class: "card" }, el("h2", { text: "Scores" }), this.scores),
      el("section", { class: "card log-card" }, el("h2", { text: "This action" }), this.logList),
      el("section", { class: "card" }, el("h2", { text: "Keys" }), keys),
    );
    this.main.replaceChildren(el("div", { class: "game-layout" }, el("section", { class: "board-area" }, this.boardBox, tools, bar), panel));
    this.board = new BoardView(this.boardBox, () => {});
    document.addEventListener("keydown", this.onKey);
  }

  /** Show step `at` (null: the last). */
  async go(at) {
    if (this.closed || (this.step && at !== null && (at < 0 || at > this.step.steps))) return;
    let step;
    try {
      step = await request("POST", "/api/replay", { ...this.body, at });
    } catch (error) {
      toast(describeError(error));
      return;
    }
    this.step = step;
    const names = step.names;
    document.body.dataset.step = step.at;
    document.body.dataset.steps = step.steps;
    this.status.replaceChildren(
      ...[
      el("b", { text: `Action ${step.at} of ${step.steps}` }),
      step.words ? el("span", { class: "words", title: step.text }, ": ", step.player === null ? "" : `${names[step.player]} `, withNames(step.words, names)) : el("span", { text: ": the start" }),
      step.over && step.at === step.steps ? el("span", { text: " — the game is over" }) : null,
      ].filter(Boolean),
    );
    this.logList.replaceChildren(
      ...step.events.filter((e) => !["tile-placed", "figure-placed", "tile-drawn", "turn", "decision"].includes(e.type)).map((e) => el("li", { class: e.type === "points" ? "points" : "muted" }, withNames(e.words, names))),
    );
    this.scores.replaceChildren(
      ...names.map((name, i) => el("li", { class: "player", "data-player": i }, el("span", { class: "swatch", style: `background:${step.colors[i]}` }), el("span", { class: "who" }, `${seatNumber(i)}. `, el("b", { text: name })), el("span", { class: "score", text: step.scores[i] }))),
    );
    document.getElementById("replay-back").disabled = step.at === 0;
    document.getElementById("replay-start").disabled = step.at === 0;
    document.getElementById("replay-next").disabled = step.at === step.steps;
    document.getElementById("replay-end").disabled = step.at === step.steps;
    this.board.show(step.svg);
    const layer = this.board.layer;
    for (const last of step.last_tiles) {
      layer.append(svgEl("rect", { class: "last-tile", x: last.x * 100 + 3, y: last.y * 100 + 3, width: 94, height: 94, fill: "none", stroke: step.colors[last.player], "stroke-width": 6 }));
    }
    for (const event of step.events.filter((e) => e.type === "points" && e.squares)) {
      for (const [x, y] of event.squares) {
        layer.append(svgEl("rect", { class: "scored", x: x * 100 + 8, y: y * 100 + 8, width: 84, height: 84, rx: 6, fill: step.colors[event.player], "fill-opacity": 0.22, stroke: step.colors[event.player], "stroke-width": 4, "stroke-dasharray": "10 5" }));
      }
    }
  }

  key(event) {
    if (this.closed || !this.step) return;
    if (event.target.closest && event.target.closest("input, select, textarea")) return;
    const k = event.key;
    if (k === "ArrowRight" || k === "n" || k === "N") this.go(this.step.at + 1);
    else if (k === "ArrowLeft" || k === "p" || k === "P") this.go(this.step.at - 1);
    else if (k === "Home") this.go(0);
    else if (k === "End") this.go(this.step.steps);
    else if (k === "f" || k === "F") this.board.fit();
    else return;
    event.preventDefault();
  }

  close() {
    this.closed = true;
    document.removeEventListener("keydown", this.onKey);
  }
}

// The side panel: players (score, pieces left, connected, whose turn), the game's facts, seat
// links, the event log with the reason for every point, the final ranking. Pure drawing from
// the data the game view holds.

import { el, seatLink } from "./api.js";

export function playersCard(view) {
  const { state, colors, seat, online, meta, names } = view;
  const rows = names.map((name, i) => {
    const info = meta ? meta.seats[i] : null;
    const bot = info && info.kind === "bot" ? ` (${info.bot} bot)` : "";
    const here = online.has(i) || (info && info.kind === "bot");
    const supplies = Object.entries(state.supplies[i] || {})
      .filter(([, n]) => n !== 0)
      .map(([kind, n]) => el("span", { class: "piece", title: `${kind}: ${n} left` }, `${kind} ×${n}`));
    const turn = !state.game_over && state.pending.player === i;
    return el(
      "li",
      { class: "player" + (turn ? " to-move" : "") + (i === seat ? " me" : ""), "data-player": i },
      el("span", { class: "swatch", style: `background:${colors[i] || "#888"}` }),
      el(
        "div",
        { class: "who" },
        el("span", { class: "turn-mark", text: turn ? "▶ " : "" }),
        el("b", { class: "name", text: name }),
        i === seat ? el("small", { text: " (you)" }) : null,
        el("small", { class: "muted", text: bot }),
        el("span", { class: "online " + (here ? "on" : "off"), title: here ? "connected" : "not connected" }, here ? " ● online" : " ○ offline"),
        el("div", { class: "pieces" }, supplies),
      ),
      el("span", { class: "score", "data-score": state.scores[i], text: state.scores[i] }),
    );
  });
  return el("section", { class: "card players" }, el("h2", { text: "Players" }), el("ol", { class: "player-list" }, rows));
}

export const DECISIONS = {
  tile: "place the drawn tile",
  figure: "place a figure, or none",
  draw: "draw a tile (or put the abbey into a hole)",
  wagon: "move the scored wagon, or take it home",
};

export function factsCard(view) {
  const { state, names } = view;
  const facts = [
    el("div", {}, `Turn ${state.turn} · `, el("b", { id: "tiles-left", text: state.tiles_left }), " tiles left"),
  ];
  if (state.game_over) {
    facts.push(el("div", { class: "decision", text: "The game is over." }));
  } else {
    const who = names[state.pending.player];
    const what = DECISIONS[state.pending.kind] || `decide: ${state.pending.kind}`;
    facts.push(el("div", { class: "decision", id: "whose-turn" }, el("b", { text: who }), ` to ${what}`));
  }
  if (state.config.expansions.length) {
    facts.push(el("div", { class: "muted", text: "Expansions: " + state.config.expansions.join(", ") }));
  }
  return el("section", { class: "card facts" }, facts);
}

/** Links for the human seats nobody holds yet. */
export function invitesCard(view) {
  const { meta, gameId } = view;
  if (!meta || view.state.game_over) return null;
  const free = meta.seats.filter((s) => s.kind === "human" && !s.taken);
  if (!free.length) return null;
  const rows = free.map((s) => {
    const link = seatLink(gameId, s.seat);
    const input = el("input", { type: "text", readonly: true, value: link, "data-invite": s.seat, class: "invite" });
    const copy = el("button", {
      type: "button",
      text: "Copy",
      onclick: async () => {
        input.select();
        try {
          await navigator.clipboard.writeText(link);
        } catch {
          document.execCommand?.("copy");
        }
      },
    });
    return el("li", {}, el("div", { text: `Seat ${s.seat + 1} (${s.name}):` }), el("div", { class: "row" }, input, copy));
  });
  return el("section", { class: "card invites" }, el("h2", { text: "Invite" }), el("p", { class: "muted", text: "Send each person the link of their seat." }), el("ul", {}, rows));
}

// -- the log --------------------------------------------------------------------------------------

function describeEvent(event, names) {
  const who = (p) => (p === undefined || p === null ? "" : names[p] ?? `player ${p}`);
  switch (event.type) {
    case "points": {
      const reason = event.reason ? event.reason.replaceAll("-", " ") : "scored";
      const when = event.final ? "end of game" : reason;
      return el("li", { class: "points" }, el("b", { text: `${who(event.player)} +${event.points}` }), ` ${event.kind} (${when})`);
    }
    case "tile-placed":
    case "tile-drawn":
    case "turn":
    case "figure-placed":
      return null; // the action line says it
    case "figure-returned":
      return el("li", { class: "muted", text: `${who(event.player)}'s ${event.figure} comes back from ${event.x},${event.y}` });
    case "feature-completed":
      return el("li", { class: "muted", text: `${event.kind} completed (${event.tiles} tiles)` });
    case "game-over":
      return el("li", { class: "muted", text: "game over" });
    default: {
      const fields = Object.entries(event)
        .filter(([k]) => k !== "type")
        .map(([k, v]) => `${k} ${typeof v === "object" ? JSON.stringify(v) : v}`)
        .join(", ");
      return el("li", { class: "muted", text: `${event.type}${fields ? ": " + fields : ""}` });
    }
  }
}

export function logEntry(entry, names, colors) {
  const events = entry.events.map((e) => describeEvent(e, names)).filter(Boolean);
  const who = entry.seat === null || entry.seat === undefined ? "" : names[entry.seat];
  return el(
    "li",
    { class: "entry", "data-seq": entry.seq },
    el("span", { class: "swatch small", style: `background:${colors[entry.seat] || "#888"}` }),
    el("b", { text: who }),
    " ",
    el("code", { text: entry.text }),
    events.length ? el("ul", { class: "events" }, events) : null,
  );
}

export function rankingCard(view) {
  const { state, outcome, colors, gameId, names } = view;
  if (!state.game_over || !outcome) return null;
  const sources = [...new Set(outcome.points.flatMap((p) => Object.keys(p)))].sort();
  const order = names.map((_, i) => i).sort((a, b) => outcome.ranking[a] - outcome.ranking[b] || a - b);
  // players as columns (2 to 6), the sources of points as rows: it fits the panel
  const head = el(
    "tr",
    {},
    el("th", { text: "" }),
    order.map((i) => el("th", { "data-player": i }, `${outcome.ranking[i]}. `, el("span", { class: "swatch small", style: `background:${colors[i]}` }), el("br"), names[i])),
  );
  const rows = sources.map((s) =>
    el("tr", {}, el("th", { text: s }), order.map((i) => el("td", { text: outcome.points[i][s] ?? 0 }))),
  );
  const totals = el("tr", {}, el("th", { text: "total" }), order.map((i) => el("td", { "data-player": i }, el("b", { text: outcome.scores[i] }))));
  const winners = outcome.winners.map((i) => names[i]).join(" and ");
  return el(
    "section",
    { class: "card ranking", id: "ranking" },
    el("h2", { text: "Final ranking" }),
    el("p", {}, el("b", { text: winners }), outcome.winners.length > 1 ? " win together." : " wins."),
    el("div", { class: "table-wrap" }, el("table", {}, el("thead", {}, head), el("tbody", {}, rows), el("tfoot", {}, totals))),
    el("a", { class: "button", id: "record-link", href: `/api/games/${encodeURIComponent(gameId)}/record`, download: `carcassonne-${gameId}.carc` }, "Download the record"),
  );
}

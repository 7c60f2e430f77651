// The side panel: players (score, pieces left, connected, whose turn), the game's facts, seat
// links, the event log with the reason for every point, the final ranking. Pure drawing from
// the data the game view holds.

import { el, expansionTitle, seatLink, seatNumber, withNames } from "./api.js";
import { pieceIcon } from "./board.js";

/** The fill of a piece: a neutral one's own colour, a player's piece in the player's colour. */
function pieceFill(piece, colors) {
  return piece.owner === null || piece.owner === undefined ? piece.colour : colors[piece.owner] || piece.colour;
}

export function playersCard(view) {
  const { state, colors, seat, online, meta, names } = view;
  const rows = names.map((name, i) => {
    const info = meta ? meta.seats[i] : null;
    const bot = info && info.kind === "bot" ? ` (${info.bot} bot)` : "";
    const here = online.has(i) || (info && info.kind === "bot");
    const looks = state.piece_kinds || {};
    const supplies = Object.entries(state.supplies[i] || {})
      .filter(([, n]) => n !== 0)
      .map(([kind, n]) => {
        // a counter an expansion describes (goods) is shown with its mark and label
        const look = looks[kind];
        if (!look) {
          // a figure: named by its kind's label (FigureKind.label), whatever the expansion
          const figure = (state.figure_kinds || {})[kind];
          const words = figure ? figure.label : kind;
          return el("span", { class: "piece", "data-kind": kind, title: `${words}: ${n} left` }, `${words} ×${n}`);
        }
        const icon = pieceIcon({ kind, ...look, owner: look.neutral ? null : i }, look.neutral ? look.colour : colors[i] || look.colour, 14);
        return el("span", { class: "piece held", "data-kind": kind, title: `${look.label}: ${n}` }, icon, ` ${look.label} ×${n}`);
      });
    const turn = !state.game_over && state.pending.player === i;
    return el(
      "li",
      { class: "player" + (turn ? " to-move" : "") + (i === seat ? " me" : ""), "data-player": i },
      el("span", { class: "swatch", style: `background:${colors[i] || "#888"}` }),
      el(
        "div",
        { class: "who" },
        el("span", { class: "turn-mark", text: turn ? "▶ " : "" }),
        el("span", { class: "seat-no muted", title: "seat number", text: `${seatNumber(i)}. ` }),
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

/** The core's decisions in words; an expansion's decision shows its kind (`decide: dragon`). */
export const DECISIONS = {
  tile: "place the drawn tile",
  figure: "place a figure, or none",
  draw: "draw a tile, or another move on offer",
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
  if (state.turn_part > 0) {
    const nth = ["first", "second", "third", "fourth", "fifth"][state.turn_part] || `part ${state.turn_part + 1}`;
    facts.push(el("div", { class: "turn-part", id: "turn-part", "data-part": state.turn_part, text: `${nth[0].toUpperCase()}${nth.slice(1)} part of the turn` }));
  }
  if (state.config.expansions.length) {
    const titles = state.config.expansions.map((name) => expansionTitle(view.titles, name));
    facts.push(el("div", { class: "muted", id: "expansions", title: state.config.expansions.join(", "), text: "Expansions: " + titles.join(", ") }));
  }
  return el("section", { class: "card facts" }, facts);
}

/** What the general mechanics put beside the board, whatever the expansion: a legend of the
 * pieces on it (one entry per kind present), the prisoners, the tiles set aside and how many
 * tiles lie face down under others. Nothing when the game has none of them. */
export function mechanicsCard(view) {
  const { state, colors, names } = view;
  const pieces = state.pieces || [];
  const prisoners = state.prisoners || [];
  const aside = state.set_aside || [];
  const under = state.under || [];
  if (!pieces.length && !prisoners.length && !aside.length && !under.length) return null;
  const parts = [];
  if (pieces.length) {
    const kinds = new Map();
    for (const piece of pieces) {
      const entry = kinds.get(piece.kind) || { piece, count: 0, owners: new Set() };
      entry.count += 1;
      entry.owners.add(piece.owner);
      kinds.set(piece.kind, entry);
    }
    const rows = [...kinds.values()].map(({ piece, count, owners }) => {
      // a player's pieces in the legend: in the colour of the first owner present
      const owner = [...owners][0];
      const fill = pieceFill({ ...piece, owner }, colors);
      return el("li", { class: "legend-entry", "data-kind": piece.kind }, pieceIcon(piece, fill), " ", el("span", { class: "legend-label", text: piece.label }), count > 1 ? el("span", { class: "muted legend-count", text: ` ×${count}` }) : null);
    });
    parts.push(el("h2", { text: "On the board" }), el("ul", { class: "legend", id: "legend" }, rows));
  }
  if (prisoners.length) {
    const rows = prisoners.map((p) =>
      el(
        "li",
        { class: "prisoner", "data-captor": p.captor, "data-player": p.player, "data-kind": p.kind },
        el("span", { class: "swatch small", style: `background:${colors[p.player] || "#888"}` }),
        `${names[p.player] ?? `seat ${seatNumber(p.player)}`}'s ${p.kind}, held by `,
        el("b", { text: names[p.captor] ?? `seat ${seatNumber(p.captor)}` }),
      ),
    );
    parts.push(el("h2", { text: "Prisoners" }), el("ul", { class: "prisoners", id: "prisoners" }, rows));
  }
  if (aside.length) {
    parts.push(
      el("h2", { text: "Set aside" }),
      el("div", { class: "set-aside", id: "set-aside" }, aside.map((tile) => el("code", { class: "aside-tile", text: tile }))),
    );
  }
  if (under.length) {
    const total = under.reduce((sum, u) => sum + u.count, 0);
    const where = under.map((u) => `${u.x},${u.y}${u.count > 1 ? ` (${u.count})` : ""}`).join("; ");
    parts.push(el("div", { class: "under", id: "under", "data-count": total, title: `under the tiles at ${where}` }, el("b", { text: total }), total === 1 ? " tile face down under another" : " tiles face down under others", el("span", { class: "muted", text: ` (${where})` })));
  }
  return el("section", { class: "card mechanics", id: "mechanics" }, parts);
}

/** The game page's keys (the replay viewer lists its own). */
export const GAME_KEYS = [
  ["click a marked square", "put the tile there; again: turn it"],
  ["R, Space / Shift+R", "turn the tile / back"],
  ["Enter", "confirm the move"],
  ["N, Escape", "no figure, or drop the chosen square"],
  ["F", "fit the board"],
  ["+ / −", "zoom in / out"],
];

export function keysCard() {
  return el(
    "details",
    { class: "card keys-card", id: "keys" },
    el("summary", { text: "Keyboard shortcuts" }),
    el("dl", { class: "keys" }, GAME_KEYS.flatMap(([k, what]) => [el("dt", { text: k }), el("dd", { text: what })])),
  );
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
    return el("li", {}, el("div", { class: "invite-seat", "data-seat": s.seat, text: `Seat ${seatNumber(s.seat)} (${s.name}):` }), el("div", { class: "row" }, input, copy));
  });
  return el("section", { class: "card invites" }, el("h2", { text: "Invite" }), el("p", { class: "muted", text: "Send each person the link of their seat." }), el("ul", {}, rows));
}

// -- the log --------------------------------------------------------------------------------------

function describeEvent(event, names) {
  const who = (p) => (p === undefined || p === null ? "" : names[p] ?? `seat ${seatNumber(p)}`);
  switch (event.type) {
    case "points": {
      const reason = event.reason ? event.reason.replaceAll("-", " ") : "scored";
      const when = event.final ? "end of game" : reason;
      // points for no feature (feature null): the kind says what for (goods, the fairy)
      return el("li", { class: "points" }, el("b", { text: `${who(event.player)} +${event.points}` }), ` ${event.kind} (${when})`);
    }
    case "points-transferred":
      return el("li", { class: "points" }, el("b", { text: `${who(event.payer)} −${event.points} → ${who(event.payee)}` }), ` (${event.reason})`);
    case "figure-removed":
      return el("li", { class: "muted", text: `${who(event.player)}'s ${event.figure} leaves ${event.x},${event.y}: ${event.reason}` });
    case "figure-captured":
      return el("li", { class: "muted", text: `${who(event.captor)} takes ${who(event.player)}'s ${event.figure} prisoner (${event.reason})` });
    case "prisoner-released":
      return el("li", { class: "muted", text: `${who(event.player)}'s ${event.figure} is released by ${who(event.captor)} (${event.reason})` });
    case "piece-placed":
    case "piece-moved":
    case "piece-removed": {
      const whose = event.owner === -1 ? "" : `${who(event.owner)}'s `;
      const verb = { "piece-placed": `put on ${event.x},${event.y}`, "piece-moved": `moves from ${event.from_x},${event.from_y} to ${event.x},${event.y}`, "piece-removed": `leaves ${event.x},${event.y}` }[event.type];
      return el("li", { class: "muted", text: `${whose}${event.kind} ${verb}${event.reason ? ` (${event.reason})` : ""}` });
    }
    case "chance":
      return el("li", { class: "muted", text: `${event.name}: ${event.outcome}` });
    case "turn-part":
      return el("li", { class: "muted", text: `${who(event.player)} plays another part of the turn (${event.reason})` });
    case "tile-set-aside":
      return el("li", { class: "muted", text: `${event.tile} set aside (${event.reason})` });
    case "tiles-shuffled-in":
      return el("li", { class: "muted", text: `${event.tiles.join(", ")} shuffled back into the pile (${event.reason})` });
    case "tile-put-under":
      return el("li", { class: "muted", text: `a tile goes face down under ${event.x},${event.y} (${event.reason})` });
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

/** An event in the server's words (`words`), else as this page describes it. */
function eventLine(event, names) {
  if (!event.words) return describeEvent(event, names);
  if (["tile-placed", "tile-drawn", "turn", "figure-placed", "decision"].includes(event.type)) return null;
  const cls = event.type === "points" || event.type === "points-transferred" ? "points" : "muted";
  return el("li", { class: cls, "data-type": event.type }, withNames(event.words, names));
}

export function logEntry(entry, names, colors) {
  const events = entry.events.map((e) => eventLine(e, names)).filter(Boolean);
  const who = entry.seat === null || entry.seat === undefined ? "" : names[entry.seat];
  return el(
    "li",
    { class: "entry", "data-seq": entry.seq },
    el("span", { class: "swatch small", style: `background:${colors[entry.seat] || "#888"}` }),
    el("b", { text: who }),
    " ",
    entry.words ? el("span", { class: "words", title: entry.text, text: withNames(entry.words, names) }) : el("code", { text: entry.text }),
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
    el(
      "div",
      { class: "row" },
      el("a", { class: "button", id: "record-link", href: `/api/games/${encodeURIComponent(gameId)}/record`, download: `carcassonne-${gameId}.carc` }, "Download the record"),
      el("a", { class: "button", id: "replay-link", href: `/?replay=${encodeURIComponent(gameId)}` }, "Replay"),
    ),
  );
}

/** Whether the legend is open: kept across redraws (the cards are rebuilt on every change). */
let legendOpen = false;

/** The legend of the game, drawn by the engine (`legend` of the picture answer: every figure,
 * piece, tile mark, attribute and centre feature the game can show, in words), folded by
 * default. Nothing before the first picture arrives. */
export function legendCard(view) {
  if (!view.legend) return null;
  const body = el("div", { class: "legend-art" });
  body.innerHTML = view.legend; // the engine's own SVG, as the board
  const card = el("details", { class: "card legend-card", id: "legend-card" }, el("summary", { text: "Legend: what the pictures show" }), body);
  card.open = legendOpen;
  card.addEventListener("toggle", () => {
    legendOpen = card.open;
  });
  return card;
}

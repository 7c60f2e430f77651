// The lobby: create a game (expansions and options as the server lists them, seats human or
// bot, private), the list of open games, joining a seat.

import { api, describeError, el, heldSeat, keepPlayerName, keepSeat, playerName, seatNumber, toast } from "./api.js";

/** Draws the lobby into `main`; `open(gameId)` shows a game. */
export async function showLobby(main, open) {
  document.getElementById("title").textContent = "Lobby";
  main.className = "lobby";
  main.replaceChildren(el("p", { class: "loading", text: "Loading the lobby…" }));
  let catalogue;
  try {
    catalogue = await api.catalogue();
  } catch (error) {
    main.replaceChildren(el("p", { class: "error", text: describeError(error) }));
    return;
  }
  const list = el("section", { class: "card games", id: "open-games" });
  main.replaceChildren(createForm(catalogue, open), el("div", { class: "column" }, list, replayCard()));
  const refresh = async () => {
    if (!list.isConnected) return;
    try {
      const { games } = await api.games();
      drawGames(list, games, open, catalogue);
    } catch (error) {
      list.replaceChildren(el("h2", { text: "Open games" }), el("p", { class: "error", text: describeError(error) }));
    }
  };
  await refresh();
  const timer = setInterval(() => (list.isConnected ? refresh() : clearInterval(timer)), 5000);
}

// -- create -------------------------------------------------------------------------------------

function optionInput(name, spec) {
  const id = `opt-${name}-${spec.key}`.replace(/[^A-Za-z0-9_-]/g, "_");
  let input;
  if (typeof spec.default === "boolean") {
    input = el("input", { type: "checkbox", id, checked: spec.default });
  } else if (spec.choices && spec.choices.length) {
    input = el(
      "select",
      { id },
      spec.choices.map((choice) => el("option", { value: String(choice), selected: choice === spec.default, text: String(choice) })),
    );
  } else if (typeof spec.default === "number") {
    input = el("input", { type: "number", id, value: spec.default, step: 1, class: "narrow" });
  } else {
    input = el("input", { type: "text", id, value: spec.default ?? "" });
  }
  input.dataset.key = spec.key;
  input.dataset.kind = typeof spec.default;
  const shown = spec.label || (spec.key.startsWith(name + ".") ? spec.key.slice(name.length + 1) : spec.key).replaceAll("_", " ");
  const label = el("label", { for: id, class: "option", title: `${spec.doc || ""} (${spec.key})` }, input, " ", shown);
  return { input, label, spec };
}

function readOption({ input, spec }) {
  if (input.type === "checkbox") return input.checked;
  if (typeof spec.default === "number") return Number.parseInt(input.value, 10);
  if (spec.choices && spec.choices.length && typeof spec.choices[0] === "number") return Number(input.value);
  return input.value;
}

function seatRow(index, bots, first) {
  const kinds = [el("option", { value: "human", text: "person" }), ...bots.map((b) => el("option", { value: "bot:" + b, text: "bot: " + b }))];
  const kind = el("select", { class: "seat-kind", "aria-label": `seat ${seatNumber(index)} kind` }, kinds);
  if (!first) kind.value = index === 1 ? "human" : "bot:" + (bots.includes("greedy") ? "greedy" : bots[0]);
  const name = el("input", {
    class: "seat-name",
    type: "text",
    maxlength: 40,
    placeholder: first ? "your name" : "name (optional)",
    value: first ? playerName() : "",
    "aria-label": `seat ${seatNumber(index)} name`,
  });
  return el("li", { class: "seat" }, el("span", { class: "seat-no", text: seatNumber(index) }), kind, name);
}

function createForm(catalogue, open) {
  const seats = el("ol", { class: "seats", id: "seats" });
  const addSeat = () => seats.append(seatRow(seats.children.length, catalogue.bots, seats.children.length === 0));
  addSeat();
  addSeat();
  const more = el("button", { type: "button", id: "add-seat", text: "+ seat" });
  const fewer = el("button", { type: "button", id: "remove-seat", text: "− seat" });
  const syncButtons = () => {
    more.disabled = seats.children.length >= 6;
    fewer.disabled = seats.children.length <= 2;
  };
  more.onclick = () => {
    addSeat();
    syncButtons();
  };
  fewer.onclick = () => {
    seats.lastElementChild.remove();
    syncButtons();
  };
  syncButtons();

  const expansionInputs = [];
  const expansionList = el("div", { class: "expansions" });
  for (const expansion of catalogue.expansions) {
    if (expansion.error) {
      expansionList.append(el("p", { class: "error", text: `${expansion.name}: ${expansion.error}` }));
      continue;
    }
    const box = el("input", { type: "checkbox", id: "exp-" + expansion.name, value: expansion.name, class: "expansion" });
    // options for programs (house_rule false) are not among the rules players choose
    const options = (expansion.options || []).filter((spec) => spec.house_rule !== false).map((spec) => optionInput(expansion.name, spec));
    const optionBox = el("div", { class: "options", hidden: true }, options.map((o) => o.label));
    box.onchange = () => (optionBox.hidden = !box.checked);
    const summary = [expansion.tiles ? `${expansion.tiles} tiles` : null, ...Object.keys(expansion.figure_kinds || {})]
      .filter(Boolean)
      .join(", ");
    expansionList.append(
      el(
        "div",
        { class: "expansion-row" },
        el("label", { for: box.id }, box, " ", el("b", { text: expansion.title || expansion.name, title: expansion.name }), summary ? el("small", { text: ` (${summary})` }) : null),
        optionBox,
      ),
    );
    expansionInputs.push({ box, options, name: expansion.name });
  }
  const coreOptions = catalogue.options.filter((spec) => spec.house_rule !== false).map((spec) => optionInput("core", spec));
  const priv = el("input", { type: "checkbox", id: "private" });
  const think = el("input", { type: "number", id: "bot-think", min: 0, max: 10, step: 0.1, value: 0.5, class: "narrow" });
  const seed = el("input", { type: "number", id: "seed", min: 0, placeholder: "random", class: "narrow" });
  const submit = el("button", { type: "submit", id: "create", class: "primary", text: "Create and join" });

  const form = el(
    "form",
    { class: "card create", id: "create-form" },
    el("h2", { text: "New game" }),
    el("fieldset", {}, el("legend", { text: "Seats, in turn order (2 to 6)" }), seats, el("div", { class: "row" }, more, fewer)),
    el("fieldset", {}, el("legend", { text: "Expansions" }), expansionList),
    el(
      "details",
      { class: "more-options" },
      el("summary", { text: "Options" }),
      el("div", { class: "options" }, coreOptions.map((o) => o.label)),
      el("label", { for: "bot-think", class: "option" }, think, " seconds a bot thinks"),
      el("label", { for: "seed", class: "option" }, seed, " seed"),
    ),
    el("label", { for: "private", class: "option" }, priv, " private (not listed; share the seat links)"),
    el("div", { class: "row" }, submit),
  );
  form.onsubmit = async (event) => {
    event.preventDefault();
    const body = { seats: [], expansions: [], options: {}, private: priv.checked };
    for (const row of seats.children) {
      const kind = row.querySelector(".seat-kind").value;
      const name = row.querySelector(".seat-name").value.trim();
      const seat = kind === "human" ? { kind: "human" } : { kind: "bot", bot: kind.slice(4) };
      if (name) seat.name = name;
      body.seats.push(seat);
    }
    for (const { box, options, name } of expansionInputs) {
      if (!box.checked) continue;
      body.expansions.push(name);
      for (const option of options) {
        const value = readOption(option);
        if (value !== option.spec.default) body.options[option.spec.key] = value;
      }
    }
    for (const option of coreOptions) {
      const value = readOption(option);
      if (value !== option.spec.default) body.options[option.spec.key] = value;
    }
    if (think.value !== "") body.bot_think = Number(think.value);
    if (seed.value !== "") body.seed = Number.parseInt(seed.value, 10);
    const mine = body.seats.findIndex((s) => s.kind === "human");
    submit.disabled = true;
    try {
      const { game } = await api.create(body);
      if (mine >= 0) {
        const name = body.seats[mine].name;
        keepPlayerName(name);
        const joined = await api.join(game.id, mine, name);
        keepSeat(game.id, mine, joined.token, joined.game.seats[mine].name);
      }
      open(game.id);
    } catch (error) {
      toast(describeError(error));
    } finally {
      submit.disabled = false;
    }
  };
  return form;
}

// -- replay a file -------------------------------------------------------------------------------

/** A record (`.carc`, any text) or a `.jcz` file, stepped through in the replay viewer. */
function replayCard() {
  const input = el("input", { type: "file", id: "replay-file", accept: ".carc,.txt,.jcz,.json" });
  input.onchange = async () => {
    const file = input.files[0];
    if (!file) return;
    const text = await file.text();
    const source = file.name.toLowerCase().endsWith(".jcz") ? { jcz: text } : { record: text };
    sessionStorage.setItem("carcassonne.replay", JSON.stringify(source));
    location.href = "/?replay=file";
  };
  return el(
    "section",
    { class: "card", id: "replay-card" },
    el("h2", { text: "Replay a record" }),
    el("label", { for: "replay-file", class: "option" }, "A record or a .jcz file: ", input),
  );
}

// -- open games ---------------------------------------------------------------------------------

function drawGames(list, games, open, catalogue) {
  const titles = Object.fromEntries(catalogue.expansions.map((e) => [e.name, e.title || e.name]));
  const rows = games.map((game) => {
    const held = heldSeat(game.id);
    const seats = game.seats.map((seat) => {
      const who = seat.kind === "bot" ? `${seat.name} (bot)` : seat.name;
      if (seat.kind === "human" && !seat.taken && game.status !== "over") {
        return el(
          "button",
          {
            class: "join",
            "data-game": game.id,
            "data-seat": seat.seat,
            onclick: () => open(game.id, seat.seat),
          },
          `Join seat ${seatNumber(seat.seat)} (${who})`,
        );
      }
      return el("span", { class: "seat-tag" + (seat.taken ? " taken" : ""), "data-seat": seat.seat }, `${seatNumber(seat.seat)}. ${who}`);
    });
    return el(
      "li",
      { class: "game", "data-game": game.id },
      el("div", {}, el("b", { text: game.status }), " · ", game.players, " players · ", game.expansions.length ? game.expansions.map((n) => titles[n] || n).join(", ") : "base game"),
      el("div", { class: "row" }, seats),
      el("div", { class: "row" }, el("button", { onclick: () => open(game.id) }, held ? "Back to my seat" : "Watch")),
    );
  });
  list.replaceChildren(
    el("h2", { text: "Open games" }),
    rows.length ? el("ul", { class: "game-list" }, rows) : el("p", { class: "muted", text: "No public game yet: create one." }),
  );
}

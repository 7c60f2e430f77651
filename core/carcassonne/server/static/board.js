// The board: the engine's SVG picture inline, a layer of marks on top of it, pan by dragging,
// zoom with the wheel or two fingers, fit to the board. Clicks are reported in the picture's
// coordinates (a square is 100 units; square (x, y) spans [100x, 100x + 100) × [100y, 100y + 100)).

const SVG_NS = "http://www.w3.org/2000/svg";
/** The coordinate labels' least height on the screen (px), and the room (px, left and top) a
 * fitted board leaves outside the picture's own margin: for the labels on the left, for the
 * board's buttons (Fit, +, −) at the top, so that no tile lies under them. */
const LABEL_PX = 12;
const LABEL_ROOM = [36, 48];

export class BoardView {
  /** `onClick(px, py)` gets a click (not a drag) in picture coordinates. */
  constructor(container, onClick) {
    this.container = container;
    this.onClick = onClick;
    this.svg = null;
    this.layer = null;
    this.bounds = null; // [x, y, w, h] of what "fit" shows
    this.camera = null; // [x, y, units per pixel]: the top left corner shown and the scale
    this.fitted = true; // follows the board as it grows until the player moves the view
    this.pointers = new Map();
    this.gesture = null;
    container.addEventListener("pointerdown", (e) => this.down(e));
    container.addEventListener("pointermove", (e) => this.move(e));
    container.addEventListener("pointerup", (e) => this.up(e));
    container.addEventListener("pointercancel", (e) => this.cancel(e));
    container.addEventListener("wheel", (e) => this.wheel(e), { passive: false });
    this.focusArea = null; // the area shown close up (focus), until the next picture or move
    new ResizeObserver(() => {
      if (this.focusArea) this.focus(...this.focusArea);
      else if (this.fitted) this.fitCamera();
      this.apply();
    }).observe(container);
  }

  /** Show a new picture (SVG text); `extra` squares ([x, y]) are kept inside the fitted view. */
  show(svgText, extra = []) {
    const doc = new DOMParser().parseFromString(svgText, "image/svg+xml");
    const svg = document.importNode(doc.documentElement, true);
    svg.removeAttribute("width");
    svg.removeAttribute("height");
    svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
    svg.classList.add("board-svg");
    // the page draws the pieces itself (the picture answer's `pieces`, beside their figures)
    svg.querySelector("g.pieces")?.remove();
    const view = svg.getAttribute("viewBox").split(/[\s,]+/).map(Number);
    let [x0, y0, x1, y1] = [view[0], view[1], view[0] + view[2], view[1] + view[3]];
    for (const [x, y] of extra) {
      x0 = Math.min(x0, x * 100 - 10);
      y0 = Math.min(y0, y * 100 - 10);
      x1 = Math.max(x1, x * 100 + 110);
      y1 = Math.max(y1, y * 100 + 110);
    }
    // never closer than about five squares across: a young board stays a board, not a tile
    const grow = (lo, hi) => (hi - lo < 560 ? [(lo + hi) / 2 - 280, (lo + hi) / 2 + 280] : [lo, hi]);
    [x0, x1] = grow(x0, x1);
    [y0, y1] = grow(y0, y1);
    this.bounds = [x0, y0, x1 - x0, y1 - y0];
    this.layer = document.createElementNS(SVG_NS, "g");
    this.layer.setAttribute("class", "marks-layer");
    svg.append(this.layer);
    if (this.svg) this.svg.replaceWith(svg);
    else this.container.append(svg);
    this.svg = svg;
    this.focusArea = null;
    if (this.fitted || !this.camera) this.fitCamera();
    this.apply();
  }

  fit() {
    this.fitted = true;
    this.focusArea = null;
    this.fitCamera();
    this.apply();
  }

  /** The camera that shows `bounds` whole, centred, with room on the left and at the top for
   * the coordinate labels at their readable size (LABEL_PX, see apply). */
  fitCamera() {
    const box = this.container.getBoundingClientRect();
    if (!this.bounds || !box.width || !box.height) return;
    const [x, y, w, h] = this.bounds;
    const width = Math.max(box.width - LABEL_ROOM[0], 1);
    const height = Math.max(box.height - LABEL_ROOM[1], 1);
    const k = Math.max(w / width, h / height);
    this.camera = [x - LABEL_ROOM[0] * k - (width * k - w) / 2, y - LABEL_ROOM[1] * k - (height * k - h) / 2, k];
  }

  /** Show the picture area [x0, y0]-[x1, y1] close up (the spots of a tile just placed), unless
   * it is shown that large already. A fitted board stays fitted: the next picture fits again. */
  focus(x0, y0, x1, y1) {
    const box = this.container.getBoundingClientRect();
    if (!this.camera || !box.width || !box.height) return;
    const k = Math.max((x1 - x0) / box.width, (y1 - y0) / box.height, 100 / 170);
    if (this.camera[2] <= k && !this.focusArea) return;
    this.focusArea = [x0, y0, x1, y1];
    const cx = (x0 + x1) / 2;
    const cy = (y0 + y1) / 2;
    this.camera = [cx - (box.width * k) / 2, cy - (box.height * k) / 2, k];
    this.apply();
  }

  /** Zoom by `factor` (> 1: closer) around the picture point (px, py). */
  zoom(factor, px = null, py = null) {
    if (!this.camera) return;
    const box = this.container.getBoundingClientRect();
    const [x, y, k] = this.camera;
    const cx = px ?? x + (box.width * k) / 2;
    const cy = py ?? y + (box.height * k) / 2;
    const nk = Math.min(Math.max(k / factor, 0.2), 60);
    const r = nk / k;
    this.camera = [cx - (cx - x) * r, cy - (cy - y) * r, nk];
    this.fitted = false;
    this.focusArea = null;
    this.apply();
  }

  /** The camera ([x, y] of the top left corner, picture units per pixel) as the viewBox.
   * When the box changes size (the window, a phone turned), a fitted board is fitted again;
   * a board the player moved keeps its top left corner and scale. */
  apply() {
    if (!this.svg) return;
    const box = this.container.getBoundingClientRect();
    if (!box.width || !box.height) return;
    if (!this.camera) this.fitCamera();
    const [x, y, k] = this.camera;
    this.svg.setAttribute("viewBox", `${x} ${y} ${box.width * k} ${box.height * k}`);
    // the picture's coordinate labels never smaller than LABEL_PX on the screen
    const labels = this.svg.querySelector("g.coordinates");
    if (labels) labels.setAttribute("font-size", Math.max(15, LABEL_PX * k).toFixed(2));
  }

  /** Picture coordinates of a point of the page. */
  toPicture(clientX, clientY) {
    const box = this.container.getBoundingClientRect();
    const [x, y, k] = this.camera;
    return [x + (clientX - box.left) * k, y + (clientY - box.top) * k];
  }

  /** Picture units per screen pixel. */
  unitsPerPixel() {
    return this.camera ? this.camera[2] : 1;
  }

  // -- pointers: one drags, two pinch; a press that does not move is a click ----------------

  down(event) {
    if (event.button !== undefined && event.button !== 0) return;
    try {
      this.container.setPointerCapture(event.pointerId); // the drag goes on outside the board
    } catch {
      // a pointer the browser does not track (a synthetic event): no capture needed
    }
    this.pointers.set(event.pointerId, [event.clientX, event.clientY]);
    if (this.pointers.size === 1) {
      this.gesture = { kind: "press", start: [event.clientX, event.clientY], camera: [...(this.camera || [0, 0, 1])] };
    } else if (this.pointers.size === 2) {
      const [a, b] = [...this.pointers.values()];
      this.gesture = {
        kind: "pinch",
        distance: Math.hypot(a[0] - b[0], a[1] - b[1]) || 1,
        centre: this.toPicture((a[0] + b[0]) / 2, (a[1] + b[1]) / 2),
        camera: [...this.camera],
      };
    }
  }

  move(event) {
    if (!this.pointers.has(event.pointerId) || !this.gesture) return;
    this.pointers.set(event.pointerId, [event.clientX, event.clientY]);
    const g = this.gesture;
    if (g.kind === "press" || g.kind === "drag") {
      const dx = event.clientX - g.start[0];
      const dy = event.clientY - g.start[1];
      if (g.kind === "press" && Math.hypot(dx, dy) < 6) return;
      g.kind = "drag";
      const [x, y, k] = g.camera;
      this.camera = [x - dx * k, y - dy * k, k];
      this.fitted = false;
      this.focusArea = null;
      this.apply();
    } else if (g.kind === "pinch" && this.pointers.size === 2) {
      const [a, b] = [...this.pointers.values()];
      const factor = Math.hypot(a[0] - b[0], a[1] - b[1]) / g.distance;
      this.camera = [...g.camera];
      this.zoom(factor, g.centre[0], g.centre[1]);
    }
  }

  up(event) {
    const g = this.gesture;
    this.pointers.delete(event.pointerId);
    if (g && g.kind === "press" && this.pointers.size === 0 && this.camera) {
      const [px, py] = this.toPicture(event.clientX, event.clientY);
      this.onClick(px, py);
    }
    if (this.pointers.size === 0) this.gesture = null;
    else if (g && g.kind === "pinch") this.gesture = { kind: "done" };
  }

  cancel(event) {
    this.pointers.delete(event.pointerId);
    if (this.pointers.size === 0) this.gesture = null;
  }

  wheel(event) {
    event.preventDefault();
    const [px, py] = this.toPicture(event.clientX, event.clientY);
    this.zoom(Math.exp(-event.deltaY * 0.0015), px, py);
  }
}

/** A new SVG element with attributes. */
export function svgEl(tag, attrs = {}, text = null) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== null && value !== undefined) node.setAttribute(key, value);
  }
  if (text !== null) node.textContent = text;
  return node;
}

/** An SVG document's text as a node to put into another SVG, at square (x, y). */
export function tileNode(svgText, x, y) {
  const doc = new DOMParser().parseFromString(svgText, "image/svg+xml");
  const node = document.importNode(doc.documentElement, true);
  node.setAttribute("x", x * 100);
  node.setAttribute("y", y * 100);
  node.setAttribute("width", 100);
  node.setAttribute("height", 100);
  return node;
}

/** `text` as the engine writes it in ids (carcassonne.svg.draw.css_name): letters, digits
 * and "-" kept, any other character as "_" and its code in hex. */
function cssName(text) {
  return [...text].map((ch) => (/^[A-Za-z0-9-]$/.test(ch) ? ch : `_${ch.codePointAt(0).toString(16).padStart(2, "0")}`)).join("");
}

/** The outline of a piece's mark (PieceKind.mark) centred on (cx, cy), `r` its radius. */
function markShape(mark, cx, cy, r) {
  const points = (pts) => pts.map(([x, y]) => `${(cx + x * r).toFixed(2)},${(cy + y * r).toFixed(2)}`).join(" ");
  switch (mark) {
    case "square":
      return svgEl("rect", { x: cx - r * 0.85, y: cy - r * 0.85, width: r * 1.7, height: r * 1.7, rx: r * 0.15 });
    case "triangle":
      return svgEl("polygon", { points: points([[0, -1.1], [1, 0.75], [-1, 0.75]]) });
    case "diamond":
      return svgEl("polygon", { points: points([[0, -1.15], [1, 0], [0, 1.15], [-1, 0]]) });
    case "star": {
      const pts = [];
      for (let i = 0; i < 10; i++) {
        const a = -Math.PI / 2 + (i * Math.PI) / 5;
        const k = i % 2 ? 0.45 : 1.15;
        pts.push([Math.cos(a) * k, Math.sin(a) * k]);
      }
      return svgEl("polygon", { points: points(pts) });
    }
    default: // disc, ring and any mark this page does not know
      return svgEl("circle", { cx, cy, r });
  }
}

/** A piece (the picture's or the state's: kind, label, glyph, mark, colour, owner) as an SVG
 * group at (cx, cy): its mark filled with `fill` (the kind's colour for a neutral piece, the
 * owner's colour otherwise; a ring is drawn in it), its glyph on top, its label as a tooltip. */
export function pieceMark(piece, cx, cy, fill, r = 9) {
  const group = svgEl("g", { class: `board-piece mark-${piece.mark}`, "data-kind": piece.kind, "data-owner": piece.owner ?? "neutral" });
  // a kind with a silhouette (PieceKind.shape): the engine's drawing of it, from the board
  // picture's <defs> (piece-<kind>), whatever the expansion
  const art = piece.shape ? document.getElementById(`piece-${cssName(piece.kind)}`) : null;
  if (art) {
    const use = svgEl("use", { href: `#${art.id}`, transform: `translate(${cx} ${cy}) scale(${r / 10})`, fill, stroke: "#1b1b1b", "stroke-width": 1.5, "stroke-linejoin": "round" });
    group.setAttribute("data-shape", piece.shape);
    group.append(svgEl("title", {}, piece.owner === null || piece.owner === undefined ? piece.label : `${piece.label} (player ${piece.owner + 1})`), use);
    return group;
  }
  const shape = markShape(piece.mark, cx, cy, r);
  if (piece.mark === "ring") {
    shape.setAttribute("fill", "none");
    shape.setAttribute("stroke", fill);
    shape.setAttribute("stroke-width", r * 0.45);
  } else {
    shape.setAttribute("fill", fill);
    shape.setAttribute("stroke", "#fff");
    shape.setAttribute("stroke-width", 1.6);
  }
  group.append(svgEl("title", {}, piece.owner === null || piece.owner === undefined ? piece.label : `${piece.label} (player ${piece.owner + 1})`), shape);
  if (piece.glyph && piece.mark !== "ring") {
    group.append(svgEl("text", { x: cx, y: cy + r * 0.38, "text-anchor": "middle", "font-size": r * 1.05, class: "piece-glyph" }, piece.glyph));
  }
  return group;
}

/** A small stand-alone picture of a piece's mark (legends, lists). */
export function pieceIcon(piece, fill, size = 18) {
  const svg = svgEl("svg", { class: "piece-icon", width: size, height: size, viewBox: "0 0 24 24", "aria-hidden": "true" });
  svg.append(pieceMark(piece, 12, 12, fill, 9));
  return svg;
}

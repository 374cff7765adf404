// The board: a puzzle drawn as books print it, clues above and to the left. One CSS grid; the
// rows of ARIA's grid are `display: contents` wrappers, so a screen reader reads a table.
//
// Cells are palette indexes (0 the background, 1.. the colours, UNKNOWN), and clues carry their
// colours, so colour puzzles need no second drawing path. Everything about a cell's look is in
// `drawCell`, and every edit goes through `apply`. Given cells (the puzzle JSON's `givens`: cells
// the puzzle reveals) hold their value whatever the mode sets, are drawn apart and cannot be
// edited.

import { el } from "./dom.js";

/** A cell not known yet. */
export const UNKNOWN = -1;

export class Board {
  constructor(root, { onEdit } = {}) {
    this.root = root;
    this.onEdit = onEdit;
    this.editable = false;
    this.tool = () => "fill";
    this.paintValue = null;
    this.focus = [0, 0];
    root.addEventListener("contextmenu", (e) => { if (this.editable) e.preventDefault(); });
    root.addEventListener("pointerdown", (e) => this.pointerDown(e));
    root.addEventListener("pointermove", (e) => this.pointerMove(e));
    window.addEventListener("pointerup", () => { this.paintValue = null; });
    root.addEventListener("keydown", (e) => this.keyDown(e));
    window.addEventListener("resize", () => this.fit());
  }

  /** Draws `puzzle` (as /api/parse gives it) with every cell unknown. */
  setPuzzle(puzzle) {
    this.puzzle = puzzle;
    const { width, height } = puzzle;
    this.width = width;
    this.height = height;
    this.symbols = new Map(puzzle.palette.map((entry, i) => [entry.symbol, i]));
    this.givens = new Array(width * height).fill(UNKNOWN);
    (puzzle.givens || []).forEach((row, r) => [...row].forEach((ch, c) => {
      const index = this.symbols.get(ch);
      if (index !== undefined && r < height && c < width) this.givens[r * width + c] = index;
    }));
    this.values = this.blank();
    const root = this.root;
    root.replaceChildren();
    root.setAttribute("role", "grid");
    root.setAttribute("aria-label", `${puzzle.title || "puzzle"}, ${width} by ${height}`);
    root.setAttribute("aria-rowcount", height + 1);
    root.style.setProperty("--cols", width);
    root.style.setProperty("--rows", height);
    const maxRow = Math.max(1, ...puzzle.rows.map((c) => c.length));
    const maxCol = Math.max(1, ...puzzle.columns.map((c) => c.length));
    this.maxRowRuns = maxRow;
    this.maxColRuns = maxCol;
    root.style.setProperty("--row-runs", maxRow);
    root.style.setProperty("--col-runs", maxCol);

    const header = el("div", { role: "row", class: "clue-row" });
    header.append(el("div", { class: "corner", role: "columnheader", "aria-label": "clues" }));
    this.colClues = puzzle.columns.map((clue, c) => {
      const box = el("div", {
        class: "clue col" + guide(c, width),
        role: "columnheader",
        "aria-label": `column ${c + 1}: ${clueWords(clue)}`,
      });
      fillClue(box, clue, puzzle.palette);
      header.append(box);
      return box;
    });
    root.append(header);
    this.cells = [];
    this.rowClues = [];
    for (let r = 0; r < height; r++) {
      const row = el("div", { role: "row", class: "cell-row" });
      const clue = puzzle.rows[r];
      const box = el("div", {
        class: "clue row" + guide(r, height),
        role: "rowheader",
        "aria-label": `row ${r + 1}: ${clueWords(clue)}`,
      });
      fillClue(box, clue, puzzle.palette);
      row.append(box);
      this.rowClues.push(box);
      for (let c = 0; c < width; c++) {
        const cell = el("div", {
          class: "cell" + guide(c, width, "gc") + guide(r, height, "gr"),
          role: "gridcell",
          tabindex: r === 0 && c === 0 ? "0" : "-1",
        });
        cell.dataset.r = r;
        cell.dataset.c = c;
        row.append(cell);
        this.cells.push(cell);
      }
      root.append(row);
    }
    this.focus = [0, 0];
    this.marks = new Map();
    this.redraw();
    this.fit();
  }

  /** New clues for a puzzle of the same size (the cells, the focus and the marks stay). */
  setClues(puzzle) {
    if (!this.puzzle || puzzle.width !== this.width || puzzle.height !== this.height) {
      const values = this.values;
      this.setPuzzle(puzzle);
      if (values && values.length === this.values.length) {
        this.values = values;
        this.redraw();
      }
      return;
    }
    this.puzzle = puzzle;
    const refill = (box, clue, c, axis) => {
      box.replaceChildren();
      fillClue(box, clue, puzzle.palette);
      box.setAttribute("aria-label", `${axis} ${c + 1}: ${clueWords(clue)}`);
    };
    puzzle.columns.forEach((clue, c) => refill(this.colClues[c], clue, c, "column"));
    puzzle.rows.forEach((clue, r) => refill(this.rowClues[r], clue, r, "row"));
    this.maxRowRuns = Math.max(1, ...puzzle.rows.map((c) => c.length));
    this.root.style.setProperty("--row-runs", this.maxRowRuns);
    this.maxColRuns = Math.max(1, ...puzzle.columns.map((c) => c.length));
    this.root.style.setProperty("--col-runs", this.maxColRuns);
    this.fit();
  }

  /** Makes the cells clickable (or not). */
  setEditable(editable) {
    this.editable = editable;
    this.root.classList.toggle("editable", editable);
    this.root.setAttribute("aria-readonly", editable ? "false" : "true");
  }

  /** The cells before anything is known: the given ones, every other unknown. */
  blank() {
    return this.givens.slice();
  }

  /** Whether cell `i` (row-major) is one the puzzle gives. */
  isGiven(i) {
    return this.givens[i] !== UNKNOWN;
  }

  /** Sets every cell from rows of palette characters (`?` unknown; given cells keep theirs). */
  setRows(rows) {
    for (let r = 0; r < this.height; r++) {
      const row = [...rows[r]];
      for (let c = 0; c < this.width; c++) {
        const i = r * this.width + c;
        const index = this.symbols.get(row[c]);
        this.values[i] = this.isGiven(i) ? this.givens[i] : index === undefined ? UNKNOWN : index;
      }
    }
    this.redraw();
  }

  /** The cells as rows of palette characters, `?` for unknown. */
  rows() {
    const out = [];
    for (let r = 0; r < this.height; r++) {
      let row = "";
      for (let c = 0; c < this.width; c++) {
        const v = this.values[r * this.width + c];
        row += v === UNKNOWN ? "?" : this.puzzle.palette[v].symbol;
      }
      out.push(row);
    }
    return out;
  }

  get(r, c) { return this.values[r * this.width + c]; }

  set(r, c, value) {
    this.values[r * this.width + c] = value;
    this.drawCell(r * this.width + c);
  }

  /** Every cell but the given ones to `value`. */
  fill(value) {
    this.values = this.givens.map((given) => (given === UNKNOWN ? value : given));
    this.redraw();
  }

  /**
   * Highlights: `marks` maps a class name to a list of [row, col] cells; `lines` is a list of
   * {line: "row"|"column", index} to band.
   */
  mark(marks = {}, lines = []) {
    for (const cell of this.root.querySelectorAll(".cell.marked")) {
      cell.className = cell.className.replace(/\bm-[\w-]+/g, "").replace(/\bmarked\b/, "").trim();
    }
    for (const box of this.root.querySelectorAll(".band")) box.classList.remove("band");
    for (const [name, cells] of Object.entries(marks)) {
      for (const [r, c] of cells) {
        const cell = this.cells[r * this.width + c];
        if (cell) cell.classList.add("marked", `m-${name}`);
      }
    }
    for (const { line, index } of lines) {
      if (line === "row" && index < this.height) {
        this.rowClues[index].classList.add("band");
        for (let c = 0; c < this.width; c++) this.cells[index * this.width + c].classList.add("band");
      } else if (line === "column" && index < this.width) {
        this.colClues[index].classList.add("band");
        for (let r = 0; r < this.height; r++) this.cells[r * this.width + index].classList.add("band");
      }
    }
  }

  redraw() {
    for (let i = 0; i < this.cells.length; i++) this.drawCell(i);
  }

  drawCell(i) {
    const cell = this.cells[i];
    const v = this.values[i];
    const palette = this.puzzle.palette;
    cell.classList.toggle("unknown", v === UNKNOWN);
    cell.classList.toggle("background", v === 0);
    cell.classList.toggle("coloured", v > 0);
    cell.classList.toggle("given", this.isGiven(i));
    cell.style.backgroundColor = v > 0 ? palette[v].rgb : "";
    const r = Math.floor(i / this.width);
    const c = i % this.width;
    const what = v === UNKNOWN ? "unknown" : v === 0 ? "empty" : palette.length > 2 ? palette[v].name : "filled";
    const given = this.isGiven(i) ? ", given" : "";
    cell.setAttribute("aria-label", `row ${r + 1}, column ${c + 1}: ${what}${given}`);
  }

  /** Sizes the cells to the space there is: from 10 to 34 pixels, the clues included. */
  fit() {
    if (!this.puzzle) return;
    const wrap = this.root.parentElement;
    const available = wrap.clientWidth - 4;
    const across = this.width + 0.62 * this.maxRowRuns + 0.6;
    // The whole board in the window's height too, on screens tall enough for it.
    const down = this.height + 0.7 * this.maxColRuns + 0.6;
    const tall = Math.max(320, window.innerHeight - 150);
    let size = Math.max(10, Math.min(34, Math.floor(available / across), Math.floor(tall / down)));
    this.root.style.setProperty("--cell", `${size}px`);
    // The estimate misses wide clues (two-digit runs): shrink until the board fits.
    while (size > 10 && this.root.offsetWidth > available) {
      size -= 1;
      this.root.style.setProperty("--cell", `${size}px`);
    }
  }

  cellAt(x, y) {
    const target = document.elementFromPoint(x, y);
    if (!target || !target.classList.contains("cell") || !this.root.contains(target)) return null;
    return [Number(target.dataset.r), Number(target.dataset.c)];
  }

  pointerDown(event) {
    if (!this.editable) return;
    const at = this.cellAt(event.clientX, event.clientY);
    if (!at) return;
    event.preventDefault();
    const [r, c] = at;
    this.moveFocus(r, c, false);
    const tool = event.button === 2 ? "secondary" : this.tool();
    this.paintValue = this.onEdit.target(this.get(r, c), tool);
    this.apply(r, c);
  }

  pointerMove(event) {
    if (this.paintValue === null || !this.editable) return;
    const at = this.cellAt(event.clientX, event.clientY);
    if (at) this.apply(at[0], at[1]);
  }

  apply(r, c) {
    // A given cell is the puzzle's, not the player's.
    if (this.isGiven(r * this.width + c) || this.get(r, c) === this.paintValue) return;
    this.set(r, c, this.paintValue);
    this.onEdit.changed(r, c, this.paintValue);
  }

  moveFocus(r, c, focus = true) {
    const [or, oc] = this.focus;
    const old = this.cells[or * this.width + oc];
    if (old) old.tabIndex = -1;
    this.focus = [r, c];
    const cell = this.cells[r * this.width + c];
    cell.tabIndex = 0;
    if (focus) cell.focus();
  }

  keyDown(event) {
    if (!event.target.classList.contains("cell")) return;
    let [r, c] = this.focus;
    const moves = {
      ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1],
    };
    if (moves[event.key]) {
      const [dr, dc] = moves[event.key];
      r = Math.min(this.height - 1, Math.max(0, r + dr));
      c = Math.min(this.width - 1, Math.max(0, c + dc));
      this.moveFocus(r, c);
      event.preventDefault();
      return;
    }
    if (event.key === "Home") { this.moveFocus(r, 0); event.preventDefault(); return; }
    if (event.key === "End") { this.moveFocus(r, this.width - 1); event.preventDefault(); return; }
    if (!this.editable) return;
    const key = event.key.toLowerCase();
    const tools = { " ": "toggle", enter: "toggle", f: "fill", x: "cross", delete: "clear", backspace: "clear", c: "clear" };
    const tool = tools[key];
    if (!tool) return;
    event.preventDefault();
    this.paintValue = this.onEdit.target(this.get(r, c), tool === "toggle" ? this.tool() : tool);
    this.apply(r, c);
    this.paintValue = null;
  }
}

/** ` g5` on every fifth line (a thicker rule after it), as puzzle books draw them. */
function guide(i, n, name = "g") {
  return (i + 1) % 5 === 0 && i + 1 < n ? ` ${name}5` : "";
}

function clueWords(clue) {
  return clue.length ? clue.map((run) => run.length).join(" ") : "empty";
}

function fillClue(box, clue, palette) {
  const colour = palette.length > 2;
  if (clue.length === 0) {
    const zero = el("span", { class: "run zero" });
    zero.textContent = "0";
    box.append(zero);
    return;
  }
  for (const run of clue) {
    const span = el("span", { class: "run" });
    span.textContent = run.length;
    if (colour) {
      const rgb = palette[run.colour].rgb;
      span.style.backgroundColor = rgb;
      span.style.color = luma(rgb) < 140 ? "#fff" : "#000";
      span.classList.add("coloured");
    }
    box.append(span);
  }
}

function luma(rgb) {
  const n = parseInt(rgb.slice(1), 16);
  return 0.299 * (n >> 16) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255);
}

// The board: a puzzle drawn as books print it, clues above and to the left. One CSS grid; the
// rows of ARIA's grid are `display: contents` wrappers, so a screen reader reads a table.
//
// Cells are palette indexes (0 the background, 1.. the colours, UNKNOWN), and clues carry their
// colours, so colour puzzles need no second drawing path. Everything about a cell's look is in
// `drawCell`. Given cells (the puzzle JSON's `givens`: cells the puzzle reveals) hold their
// value whatever the mode sets, are drawn apart and cannot be edited.
//
// Edits come as strokes: a press (mouse, pen, finger or key) and what the pointer paints until
// it lets go. Play paints a straight run from the cell pressed along its row or column, as
// puzzle apps do, changing only the cells that were in the pressed cell's state (dragging a
// fill over crosses keeps them); Make paints freehand, or the shape of its tool (a line, a
// rectangle, a flood fill) from the cell pressed to the one under the pointer. A finger's tap applies the tool when it
// lifts, and a long press crosses (the right button's tool), so a tap is never taken for a
// drag and a press is never taken for a tap. `onEdit.stroke` gets each stroke's changes at its
// end, as one step to undo.

import { el } from "./dom.js";
import { lineCells } from "./draw.js";

/** A cell not known yet. */
export const UNKNOWN = -1;

/** How long a finger rests on a cell before its press crosses (the right button's tool). */
const LONG_PRESS_MS = 450;

export class Board {
  constructor(root, { onEdit } = {}) {
    this.root = root;
    this.onEdit = onEdit;
    this.editable = false;
    this.tool = () => "fill";
    // "line": a drag paints a straight run of cells (Play); "free": every cell passed (Make).
    this.drag = "free";
    this.stroke = null;
    this.focus = [0, 0];
    this.wrong = new Set();
    root.addEventListener("contextmenu", (e) => { if (this.editable) e.preventDefault(); });
    root.addEventListener("pointerdown", (e) => this.pointerDown(e));
    root.addEventListener("pointermove", (e) => this.pointerMove(e));
    root.addEventListener("pointerup", (e) => this.pointerUp(e));
    root.addEventListener("pointercancel", (e) => this.pointerUp(e, true));
    root.addEventListener("lostpointercapture", (e) => this.pointerUp(e, true));
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
    const maxRow = Math.max(1, ...puzzle.rows.map(extent));
    const maxCol = Math.max(1, ...puzzle.columns.map(extent));
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
        "aria-label": `column ${c + 1}: ${clueWords(clue, this.puzzle.palette)}`,
      });
      fillClue(box, clue, puzzle.palette, Boolean(puzzle.triangles));
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
        "aria-label": `row ${r + 1}: ${clueWords(clue, this.puzzle.palette)}`,
      });
      fillClue(box, clue, puzzle.palette, Boolean(puzzle.triangles));
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
    this.marked = false;
    this.wrong = new Set();
    this.heated = [];
    this.stroke = null;
    root.classList.remove("finished");
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
      fillClue(box, clue, puzzle.palette, Boolean(puzzle.triangles));
      box.setAttribute("aria-label", `${axis} ${c + 1}: ${clueWords(clue, this.puzzle.palette)}`);
    };
    puzzle.columns.forEach((clue, c) => refill(this.colClues[c], clue, c, "column"));
    puzzle.rows.forEach((clue, r) => refill(this.rowClues[r], clue, r, "row"));
    this.maxRowRuns = Math.max(1, ...puzzle.rows.map(extent));
    this.root.style.setProperty("--row-runs", this.maxRowRuns);
    this.maxColRuns = Math.max(1, ...puzzle.columns.map(extent));
    this.root.style.setProperty("--col-runs", this.maxColRuns);
    this.fit();
  }

  /** Makes the cells clickable (or not). */
  setEditable(editable) {
    this.editable = editable;
    this.root.classList.toggle("editable", editable);
    this.root.setAttribute("aria-readonly", editable ? "false" : "true");
    if (!editable) this.stroke = null;
  }

  /**
   * How a drag paints: "line" (a straight run along a row or a column), "free" (every cell
   * passed), or a shape: a function `(start, at, stroke) => cell indexes` that gives the cells a
   * drag from `start` to `at` covers (Make's line, rectangle and flood fill); cells a shape no
   * longer covers go back to what they were, and every cell it covers takes the stroke's value.
   */
  setDrag(drag) {
    this.drag = drag;
  }

  /** Greys a clue (`done`) or marks it (`clash`), or neither (""): `axis` "row" or "column". */
  setClueState(axis, index, look) {
    const box = (axis === "row" ? this.rowClues : this.colClues)[index];
    // Asked for the two lines of every cell a stroke changes: most of the time nothing is new.
    if (!box || (box.dataset.look || "") === look) return;
    box.dataset.look = look;
    box.classList.toggle("done", look === "done");
    box.classList.toggle("clash", look === "clash");
    const words = look === "done" ? ", done" : look === "clash" ? ", cannot fit" : "";
    const clue = (axis === "row" ? this.puzzle.rows : this.puzzle.columns)[index];
    box.setAttribute("aria-label", `${axis} ${index + 1}: ${clueWords(clue, this.puzzle.palette)}${words}`);
  }

  /** Marks cell `i` (row-major) as a mistake, or not. */
  setWrong(i, wrong) {
    if (wrong === this.wrong.has(i)) return;
    if (wrong) this.wrong.add(i);
    else this.wrong.delete(i);
    this.drawCell(i);
  }

  /** The finished look: the picture alone, without crosses or the grid's rules. */
  setFinished(finished) {
    this.root.classList.toggle("finished", finished);
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
    // Play clears the marks after every move: nothing to look for when nothing was marked.
    const some = Object.values(marks).some((cells) => cells.length) || lines.length;
    if (!some && !this.marked) return;
    this.marked = some;
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

  /**
   * A heat map over the cells: `heat` maps a cell index to a strength from 0 to 1 (drawn as a
   * tint of that strength); the cells it lacks are drawn plain.
   */
  setHeat(heat = new Map()) {
    for (const i of this.heated || []) {
      if (!heat.has(i) && this.cells[i]) {
        this.cells[i].classList.remove("heat");
        this.cells[i].style.removeProperty("--heat");
      }
    }
    for (const [i, strength] of heat) {
      const cell = this.cells[i];
      if (!cell) continue;
      cell.classList.add("heat");
      cell.style.setProperty("--heat", strength.toFixed(2));
    }
    this.heated = [...heat.keys()];
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
    // A triangle puzzle's half cells (entries 2 to 5) are drawn cut by their diagonal, the
    // black half in ink (CSS `.half.h2` to `.h5`), never in their palette's grey.
    const half = isHalf(this.puzzle, v);
    cell.classList.toggle("coloured", v > 0 && !half);
    for (let h = 2; h <= 5; h++) cell.classList.toggle(`h${h}`, half && v === h);
    cell.classList.toggle("half", half);
    cell.classList.toggle("given", this.isGiven(i));
    cell.classList.toggle("mistake", this.wrong.has(i));
    cell.style.backgroundColor = v > 0 && !half ? palette[v].rgb : "";
    const r = Math.floor(i / this.width);
    const c = i % this.width;
    const what = v === UNKNOWN ? "unknown" : v === 0 ? "empty" : half ? `half black ${palette[v].symbol}, ${palette[v].name}`
      : palette.length > 2 ? palette[v].name : "filled";
    const given = this.isGiven(i) ? ", given" : "";
    const wrong = this.wrong.has(i) ? ", a mistake" : "";
    cell.setAttribute("aria-label", `row ${r + 1}, column ${c + 1}: ${what}${given}${wrong}`);
  }

  /**
   * Sizes the cells to the space there is: from 10 to 34 pixels, the clues included, and the
   * clues' numbers never smaller than 10 pixels (readable on a phone).
   */
  fit() {
    if (!this.puzzle) return;
    const wrap = this.root.parentElement;
    const available = wrap.clientWidth - 4;
    const across = this.width + 0.62 * this.maxRowRuns + 0.6;
    // The whole board in the window's height too, on screens tall enough for it, with what
    // follows it in the page (Play's bar of tools) still in sight.
    const down = this.height + 0.7 * this.maxColRuns + 0.6;
    const top = wrap.getBoundingClientRect().top + window.scrollY;
    const next = wrap.nextElementSibling;
    const after = next && !next.hidden ? next.offsetHeight + 16 : 0;
    const tall = Math.max(320, window.innerHeight - top - after - 12);
    const most = Math.max(10, Math.min(34, Math.floor(tall / down)));
    let size = Math.max(10, Math.min(most, Math.floor(available / across)));
    const set = (n) => this.root.style.setProperty("--cell", `${n}px`);
    set(size);
    // The estimate misses the clues' true width (two-digit runs, the 10-pixel floor of their
    // numbers): grow while the board still fits, then shrink until it does.
    while (size < most && this.root.offsetWidth <= available) set(++size);
    while (size > 10 && this.root.offsetWidth > available) set(--size);
  }

  /**
   * The cell under the point (x, y) of the window, from the board's geometry (every cell is as
   * wide and as tall as the others); with `clamp`, the nearest cell to a point outside.
   */
  cellAt(x, y, clamp = false, box = this.cellBox()) {
    let c = Math.floor((x - box.left) / box.width);
    let r = Math.floor((y - box.top) / box.height);
    if (clamp) {
      r = Math.min(this.height - 1, Math.max(0, r));
      c = Math.min(this.width - 1, Math.max(0, c));
    } else if (r < 0 || c < 0 || r >= this.height || c >= this.width) {
      return null;
    }
    return [r, c];
  }

  /** Where the cells are on the screen: the first one's corner and one cell's size. */
  cellBox() {
    const first = this.cells[0].getBoundingClientRect();
    const last = this.cells[this.cells.length - 1].getBoundingClientRect();
    return {
      left: first.left,
      top: first.top,
      width: (last.right - first.left) / this.width,
      height: (last.bottom - first.top) / this.height,
    };
  }

  pointerDown(event) {
    if (!this.editable || this.stroke || !this.cells || !this.cells.length) return;
    if (event.button !== 0 && event.button !== 2) return;
    const box = this.cellBox();
    const at = this.cellAt(event.clientX, event.clientY, false, box);
    if (!at) return;
    event.preventDefault();
    // Every move of this pointer comes here until it lets go, even off the board.
    this.root.setPointerCapture(event.pointerId);
    // The keys go on from the cell clicked (not from a list chosen before, say); a finger
    // has no keys, and would leave a focus ring on the picture.
    const touch = event.pointerType === "touch";
    this.moveFocus(at[0], at[1], !touch);
    this.stroke = {
      pointer: event.pointerId,
      start: at,
      box,
      tool: event.button === 2 ? "secondary" : this.tool(),
      // A finger's press waits: a tap, a drag or a long press.
      pending: touch,
      timer: touch ? setTimeout(() => this.longPress(), LONG_PRESS_MS) : null,
    };
    if (!touch) this.begin(this.stroke.tool);
  }

  pointerMove(event) {
    const stroke = this.stroke;
    if (!stroke || event.pointerId !== stroke.pointer) return;
    event.preventDefault();
    const at = this.cellAt(event.clientX, event.clientY, true, stroke.box);
    if (stroke.pending) {
      if (at[0] === stroke.start[0] && at[1] === stroke.start[1]) return;
      this.begin(stroke.tool);
    }
    this.extend(at);
  }

  pointerUp(event, cancelled = false) {
    const stroke = this.stroke;
    if (!stroke || event.pointerId !== stroke.pointer) return;
    // A tap: the tool, on the cell tapped (a cancelled press changes nothing).
    if (stroke.pending && !cancelled) this.begin(stroke.tool);
    this.end();
  }

  /** A finger rested on its cell: it crosses, and a drag from there crosses on. */
  longPress() {
    const stroke = this.stroke;
    if (!stroke || !stroke.pending) return;
    if (navigator.vibrate) navigator.vibrate(12);
    this.begin("secondary");
  }

  /** The stroke paints from now on: what the tool gives the pressed cell, there first. */
  begin(tool) {
    const stroke = this.stroke;
    clearTimeout(stroke.timer);
    stroke.pending = false;
    const [r, c] = stroke.start;
    stroke.from = this.get(r, c);
    stroke.value = this.onEdit.target(stroke.from, tool);
    // Clear empties every cell of the run; the other tools change only the cells that were
    // as the pressed one was.
    stroke.every = tool === "clear" || this.drag !== "line";
    stroke.before = new Map();
    stroke.painted = [];
    this.extend(stroke.start);
  }

  /** The stroke reaches cell `at`: paints the run from its start to there. */
  extend(at) {
    const stroke = this.stroke;
    let run;
    if (this.drag === "line" || typeof this.drag === "function") {
      const [r0, c0] = stroke.start;
      const [r, c] = at;
      run = [];
      if (typeof this.drag === "function") {
        run = this.drag(stroke.start, at, stroke);
      } else if (Math.abs(r - r0) > Math.abs(c - c0)) {
        for (let k = Math.min(r, r0); k <= Math.max(r, r0); k++) run.push(k * this.width + c0);
      } else {
        for (let k = Math.min(c, c0); k <= Math.max(c, c0); k++) run.push(r0 * this.width + k);
      }
      // Cells the run no longer reaches go back to what they were.
      const keep = new Set(run);
      for (const i of stroke.painted) {
        if (!keep.has(i)) this.put(i, stroke.before.get(i));
      }
      stroke.painted = run;
    } else {
      // Every cell from the last one reached: a quick pointer skips cells between its events.
      run = lineCells(this.width, stroke.last || at, at);
      stroke.painted.push(...run);
    }
    stroke.last = at;
    for (const i of run) {
      if (this.isGiven(i)) continue;
      if (!stroke.before.has(i)) stroke.before.set(i, this.values[i]);
      if (!stroke.every && stroke.before.get(i) !== stroke.from) continue;
      this.put(i, stroke.value);
    }
  }

  /** Cell `i` to `value`, told to `onEdit.changed` when it changes. */
  put(i, value) {
    if (this.values[i] === value) return;
    this.values[i] = value;
    this.drawCell(i);
    if (this.onEdit.changed) this.onEdit.changed(Math.floor(i / this.width), i % this.width, value);
  }

  /** The stroke is over: its changes, [index, before, after], go to `onEdit.stroke`. */
  end() {
    const stroke = this.stroke;
    this.stroke = null;
    if (!stroke) return;
    clearTimeout(stroke.timer);
    if (!stroke.before) return;
    const changes = [];
    for (const [i, before] of stroke.before) {
      if (this.values[i] !== before) changes.push([i, before, this.values[i]]);
    }
    if (changes.length && this.onEdit.stroke) this.onEdit.stroke(changes);
  }

  moveFocus(r, c, focus = true) {
    const [or, oc] = this.focus;
    const old = this.cells[or * this.width + oc];
    if (old) old.tabIndex = -1;
    this.focus = [r, c];
    const cell = this.cells[r * this.width + c];
    cell.tabIndex = 0;
    if (focus) cell.focus({ preventScroll: true });
  }

  keyDown(event) {
    if (!event.target.classList.contains("cell")) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
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
    if (!this.editable || this.stroke) return;
    const key = event.key.toLowerCase();
    const tools = { " ": "toggle", enter: "toggle", f: "fill", x: "cross", delete: "clear", backspace: "clear", c: "clear" };
    const tool = tools[key];
    if (!tool) return;
    event.preventDefault();
    this.stroke = { start: [r, c], pending: false, timer: null };
    this.begin(tool === "toggle" ? this.tool() : tool);
    this.end();
  }
}

/** ` g5` on every fifth line (a thicker rule after it), as puzzle books draw them. */
function guide(i, n, name = "g") {
  return (i + 1) % 5 === 0 && i + 1 < n ? ` ${name}5` : "";
}

/** How many numbers' room a clue takes: one a run, and a little more for each cap beside one. */
function extent(clue) {
  return clue.reduce((n, run) => n + 1 + 0.6 * ((run.start !== undefined) + (run.end !== undefined)), 0);
}

/** Whether `v` is one of a triangle puzzle's half cells, ◢◤◥◣ (palette entries 2 to 5). */
export function isHalf(puzzle, v) {
  return Boolean(puzzle && puzzle.triangles) && v >= 2 && v <= 5;
}

/** A clue in words, a triangle puzzle's caps by their characters around the number: `◢4◣`. */
function clueWords(clue, palette) {
  const cap = (i) => (i === undefined || !palette || !palette[i] ? "" : palette[i].symbol);
  return clue.length ? clue.map((run) => `${cap(run.start)}${run.length}${cap(run.end)}`).join(" ") : "empty";
}

/**
 * Fills a clue's box: a span per run, coloured as its colour in a colour puzzle; in a triangle
 * puzzle a run's caps (`start`, `end`: the half cells glued to its ends) drawn as small
 * triangles before and after its number, as the journals print them.
 */
function fillClue(box, clue, palette, triangles = false) {
  const colour = palette.length > 2 && !triangles;
  if (clue.length === 0) {
    const zero = el("span", { class: "run zero" });
    zero.textContent = "0";
    box.append(zero);
    return;
  }
  for (const run of clue) {
    const span = el("span", { class: "run" });
    if (triangles && (run.start !== undefined || run.end !== undefined)) {
      span.classList.add("capped");
      const cap = (index) => el("i", { class: `cap h${index}`, "aria-hidden": "true" });
      if (run.start !== undefined) span.append(cap(run.start));
      span.append(String(run.length));
      if (run.end !== undefined) span.append(cap(run.end));
    } else {
      span.textContent = run.length;
    }
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

// Make's studio: the picture being drawn, its palette and its tools, every edit undoable, all
// of it kept in this browser. make.js shows the verdict on it; this module knows nothing of the
// verdict: it calls `whenEdited` after every edit.
//
// The picture is rows of palette symbols (`state.make.rows`) in `state.make.palette`
// ([{name, rgb, symbol}], the background first), as the API's `make` takes it. The clues the
// board shows are the picture's own, counted here after each edit, so they follow the pointer
// without waiting for the verdict.
//
// An edit is one undo step: a stroke of the board (every cell a drag painted, a line, a
// rectangle, a flood fill), a suggestion of the map applied, or a change of the canvas (its
// size, its palette, a new or cleared grid, a picture from an image). Cell steps are
// `{cells: [[index, before, after], ...]}` (palette indexes); canvas steps are `{before,
// after}`, each a whole picture `{rows, palette}`. The studio is written to localStorage after
// each edit (`nonogram.make`), its steps too, and restored on reload.

import { $, el } from "./dom.js";
import { floodCells, lineCells, nameFor, newEntry, rectCells, resized } from "./draw.js";
import { History } from "./history.js";
import { shareText } from "./share.js";
import { board, state } from "./state.js";
import { readJSON, writeJSON } from "./store.js";

/** Where the studio is kept. */
const KEY = "nonogram.make";
/** The largest record written with its undo steps; past it only the picture is kept. */
const MAX_KEPT = 1_500_000;
/** The most cells a side (the API's limit for a picture from an image). */
export const MAX_SIDE = 200;

export const BLACK_AND_WHITE = [
  { name: "white", rgb: "#ffffff", symbol: "." },
  { name: "black", rgb: "#000000", symbol: "#" },
];

/** What the studio tells after each edit (make.js checks the picture). */
let edited = () => {};

export function whenEdited(listener) {
  edited = listener;
}

let history = new History();

/** The studio as it was left (or a blank 10×10 in black and white): into `state.make`. */
export function restoreStudio() {
  const saved = readJSON(KEY);
  const make = state.make;
  if (saved && validPicture(saved)) {
    make.rows = saved.rows;
    make.palette = saved.palette;
    make.title = typeof saved.title === "string" ? saved.title : "";
    make.colour = Number.isInteger(saved.colour) && saved.colour < saved.palette.length ? saved.colour : 1;
    make.tool = TOOLS.includes(saved.tool) ? saved.tool : "pen";
    make.aim = saved.aim === "easy" ? "easy" : "any";
    history = History.from(saved.history, isStudioStep);
  } else {
    make.rows = Array.from({ length: make.height }, () => ".".repeat(make.width));
    make.palette = BLACK_AND_WHITE.map((e) => ({ ...e }));
    make.colour = 1;
    make.tool = "pen";
    make.aim = "any";
    make.title = "";
  }
  make.width = make.rows[0].length;
  make.height = make.rows.length;
}

/** Keeps the studio in this browser (the picture alone when its steps would be too large). */
export function saveStudio() {
  const make = state.make;
  const record = {
    rows: make.rows, palette: make.palette, colour: make.colour, tool: make.tool, aim: make.aim,
    title: make.title, history: history.toJSON(),
  };
  if (JSON.stringify(record).length > MAX_KEPT) record.history = null;
  writeJSON(KEY, record);
}

function validPicture(p) {
  const paletteOk = Array.isArray(p.palette) && p.palette.length >= 2 && p.palette.every((e) =>
    e && typeof e.name === "string" && /^#[0-9a-f]{6}$/i.test(e.rgb) && typeof e.symbol === "string" && [...e.symbol].length === 1);
  if (!paletteOk || !Array.isArray(p.rows) || !p.rows.length || p.rows.length > MAX_SIDE) return false;
  const symbols = new Set(p.palette.map((e) => e.symbol));
  const width = p.rows[0].length;
  return width > 0 && width <= MAX_SIDE && p.rows.every((row) =>
    typeof row === "string" && row.length === width && [...row].every((ch) => symbols.has(ch)));
}

function isStudioStep(step) {
  if (!step || typeof step !== "object") return false;
  if (Array.isArray(step.cells)) {
    return step.cells.every((change) => Array.isArray(change) && change.length === 3 && change.every(Number.isInteger));
  }
  return validPicture(step.before || {}) && validPicture(step.after || {});
}

// The picture on the board ------------------------------------------------------------------

/** The picture's own clues: each row's and column's runs ({length, colour}) of its cells. */
function cluesOf(rows, palette) {
  const index = new Map(palette.map((e, i) => [e.symbol, i]));
  // A run ends at the background or at a cell of another colour.
  const line = (cells) => {
    const out = [];
    let current = null;
    for (const ch of cells) {
      const colour = index.get(ch);
      if (colour === 0) { current = null; continue; }
      if (current && current.colour === colour) current.length += 1;
      else { current = { length: 1, colour }; out.push(current); }
    }
    return out;
  };
  const rowsOut = rows.map((row) => line([...row]));
  const columns = [...rows[0]].map((_, c) => line(rows.map((row) => row[c])));
  return { rows: rowsOut, columns };
}

/** The picture as the board draws it: its palette, its own clues, the title. */
export function pictureShape() {
  const { rows, palette, title } = state.make;
  return {
    width: rows[0].length,
    height: rows.length,
    title: title || "new puzzle",
    palette,
    ...cluesOf(rows, palette),
  };
}

/**
 * The made puzzle as a file's text (the JSON format): clues, palette, title, and with
 * `withPicture` the picture as its goal (the downloads' source; a link never has it).
 */
export function madeFile(withPicture = true) {
  const shape = { ...pictureShape(), title: state.make.title.trim() || "new puzzle" };
  const text = shareText(shape);
  return withPicture ? JSON.stringify({ ...JSON.parse(text), goal: state.make.rows }) : text;
}

/** Draws the whole picture afresh (a new size or palette), its tools wired to the board. */
export function drawStudio() {
  board.setPuzzle(pictureShape());
  board.setEditable(true);
  board.setRows(state.make.rows);
  setTool(state.make.tool);
  showPalette();
  showHistory();
  $("make-title").value = state.make.title;
  $("make-aim").value = state.make.aim;
}

/** The board's cells were changed: the picture, the clues, the record follow. */
function cellsChanged() {
  state.make.rows = board.rows();
  board.setClues(pictureShape());
  saveStudio();
  showHistory();
  edited();
}

/** A whole new picture (resized, recoloured, cleared...), as one undo step. */
export function replacePicture(rows, palette = state.make.palette) {
  const before = { rows: state.make.rows, palette: state.make.palette };
  const after = { rows, palette };
  if (JSON.stringify(before) === JSON.stringify(after)) return;
  history.push({ before, after });
  putPicture(after);
}

function putPicture({ rows, palette }) {
  const make = state.make;
  const reshaped = rows.length !== make.rows.length || rows[0].length !== make.rows[0].length
    || JSON.stringify(palette) !== JSON.stringify(make.palette);
  make.rows = rows;
  make.palette = palette;
  make.width = rows[0].length;
  make.height = rows.length;
  if (make.colour >= palette.length) make.colour = palette.length - 1;
  if (reshaped) {
    make.answer = null;
    drawStudio();
    $("make-width").value = make.width;
    $("make-height").value = make.height;
  } else {
    board.setRows(rows);
  }
  cellsChanged();
}

// Strokes, tools and colours ------------------------------------------------------------------

const TOOLS = ["pen", "line", "rect", "box", "flood"];

/** The cells a drag with each tool covers (the pen's are the board's own "free" drag). */
const SHAPES = {
  line: (start, at) => lineCells(board.width, start, at),
  rect: (start, at) => rectCells(board.width, start, at),
  box: (start, at) => rectCells(board.width, start, at, true),
  // The region is the one under the press: found once, before the fill changes it.
  flood: (start, _at, stroke) => {
    if (!stroke.region) stroke.region = floodCells(board.values, board.width, board.height, start);
    return stroke.region;
  },
};

export function setTool(tool) {
  state.make.tool = TOOLS.includes(tool) ? tool : "pen";
  board.setDrag(SHAPES[state.make.tool] || "free");
  const radio = $(`make-tool-${state.make.tool}`);
  if (radio) radio.checked = true;
}

/**
 * The value a stroke gives its cells, from the pressed cell's `current` value: the chosen
 * colour, or the background where the cell already has it (a click on a filled cell empties it),
 * or with the right button, a long press or the keys that clear.
 */
export function makeTarget(current, tool) {
  if (tool === "secondary" || tool === "clear" || tool === "cross") return 0;
  const colour = state.make.colour;
  return current === colour ? 0 : colour;
}

/** A stroke ended: its changes are one step. */
export function stroked(changes) {
  history.push({ cells: changes });
  cellsChanged();
}

/** Cells `changes` ([index, before, after]) made as one step (a suggestion applied). */
export function changeCells(changes) {
  const real = changes.filter(([i, before, after]) => before !== after && i < board.values.length);
  if (!real.length) return;
  for (const [i, , after] of real) board.set(Math.floor(i / board.width), i % board.width, after);
  stroked(real);
}

export function undo() {
  const step = history.undo();
  if (step) takeBack(step, "undo");
}

export function redo() {
  const step = history.redo();
  if (step) takeBack(step, "redo");
}

function takeBack(step, how) {
  if (step.cells) {
    const palette = state.make.palette.length;
    for (const [i, before, after] of step.cells) {
      const value = how === "undo" ? before : after;
      // A kept step is input: one that does not fit the picture is skipped, not trusted.
      if (i < 0 || i >= board.values.length || value < 0 || value >= palette) continue;
      board.set(Math.floor(i / board.width), i % board.width, value);
    }
    cellsChanged();
  } else {
    putPicture(how === "undo" ? step.before : step.after);
  }
}

function showHistory() {
  $("make-undo").disabled = !history.canUndo();
  $("make-redo").disabled = !history.canRedo();
}

// The canvas ---------------------------------------------------------------------------------

/** A blank canvas of the size asked. */
export function newCanvas(width, height) {
  replacePicture(Array.from({ length: height }, () => state.make.palette[0].symbol.repeat(width)));
}

/** Every cell to the background. */
export function clearCanvas() {
  const blank = state.make.palette[0].symbol;
  replacePicture(state.make.rows.map((row) => blank.repeat(row.length)));
}

/** A row or column added (`delta` 1) or removed (-1) at `side`. */
export function resizeSide(side, delta) {
  const rows = state.make.rows;
  const longest = side === "top" || side === "bottom" ? rows.length : rows[0].length;
  if (delta > 0 && longest >= MAX_SIDE) return;
  replacePicture(resized(rows, side, delta, state.make.palette[0].symbol));
}

// The palette --------------------------------------------------------------------------------

export function pickColour(index) {
  state.make.colour = index;
  saveStudio();
}

export function addColour() {
  const entry = newEntry(state.make.palette);
  if (!entry) return;
  const palette = [...state.make.palette, entry];
  state.make.colour = palette.length - 1;
  replacePicture(state.make.rows, palette);
}

/** Removes colour `index` (never the background, nor the last colour): its cells go empty. */
export function removeColour(index) {
  const palette = state.make.palette;
  if (index < 1 || palette.length <= 2) return;
  const gone = palette[index].symbol;
  const blank = palette[0].symbol;
  const rows = state.make.rows.map((row) => row.replaceAll(gone, blank));
  if (state.make.colour >= index) state.make.colour = Math.max(1, state.make.colour - 1);
  replacePicture(rows, palette.filter((_, i) => i !== index));
}

/** Colour `index` drawn as `rgb` (`#rrggbb`) from now on, named after it. */
export function recolour(index, rgb) {
  const palette = state.make.palette.map((e) => ({ ...e }));
  if (!palette[index] || palette[index].rgb.toLowerCase() === rgb.toLowerCase()) return;
  palette[index].name = nameFor(palette, index, rgb);
  palette[index].rgb = rgb.toLowerCase();
  replacePicture(state.make.rows, palette);
}

/** The palette's list: a radio button each to paint with, and for colours a picker and a remove. */
export function showPalette() {
  const list = $("make-palette");
  list.replaceChildren();
  const palette = state.make.palette;
  palette.forEach((entry, i) => {
    const item = el("div", { class: "swatch-row" });
    const radio = el("input", { type: "radio", name: "make-colour", id: `make-colour-${i}`, value: String(i) });
    radio.checked = i === state.make.colour;
    radio.addEventListener("change", () => pickColour(i));
    const label = el("label", { for: `make-colour-${i}` });
    const swatch = el("span", { class: "swatch", "aria-hidden": "true" });
    swatch.style.backgroundColor = entry.rgb;
    label.append(swatch, i === 0 ? `empty (${entry.name})` : entry.name);
    item.append(radio, label);
    const picker = el("input", { type: "color", id: `make-rgb-${i}`, "aria-label": `Colour of ${i === 0 ? "the background" : entry.name}` });
    picker.value = entry.rgb;
    picker.addEventListener("change", () => recolour(i, picker.value));
    item.append(picker);
    if (i > 0) {
      const remove = el("button", { type: "button", class: "remove", "aria-label": `Remove ${entry.name}` });
      remove.textContent = "✕";
      remove.disabled = palette.length <= 2;
      remove.addEventListener("click", () => removeColour(i));
      item.append(remove);
    }
    list.append(item);
  });
}

// Ctrl-Z undoes, Ctrl-Shift-Z and Ctrl-Y redo, in Make, but not in a text field.
document.addEventListener("keydown", (event) => {
  if (state.mode !== "make" || !(event.ctrlKey || event.metaKey) || event.altKey) return;
  const target = event.target;
  if (target.closest && (target.closest("textarea, [contenteditable]")
    || (target.tagName === "INPUT" && ["text", "number", "url", "search"].includes(target.type)))) return;
  const key = event.key.toLowerCase();
  if (key === "z" && !event.shiftKey) undo();
  else if ((key === "z" && event.shiftKey) || key === "y") redo();
  else return;
  event.preventDefault();
});

// The nonogram page: one module, no dependencies, nothing loaded from elsewhere.
//
// Everything the page says about a puzzle comes from the server's JSON API (the same report
// path as the command line); the page only draws it and keeps the player's grid. Cells are
// palette indexes throughout (0 the background, 1.. the colours, -1 unknown), and clues carry
// their colours, so colour puzzles need no second drawing path.

const $ = (id) => document.getElementById(id);

// ---------------------------------------------------------------------------------------------
// The API

/** POSTs `body` as JSON to `path`; resolves to the JSON answer, or throws its `error`. */
async function api(path, body, options = {}) {
  const init = { method: body === undefined ? "GET" : "POST", signal: options.signal };
  if (body !== undefined) {
    if (body instanceof Blob || body instanceof ArrayBuffer) {
      init.body = body;
      init.headers = { "content-type": "application/octet-stream" };
    } else {
      init.body = JSON.stringify(body);
      init.headers = { "content-type": "application/json" };
    }
  }
  const response = await fetch(path, init);
  const type = response.headers.get("content-type") || "";
  if (!response.ok) {
    let message = `${response.status} ${response.statusText}`;
    if (type.includes("json")) message = (await response.json()).error || message;
    const error = new Error(message);
    error.status = response.status;
    throw error;
  }
  if (options.raw) return response.blob();
  return response.json();
}

let idCounter = 0;
/** A fresh id for /api/cancel. */
function jobId() {
  idCounter += 1;
  return `page-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}-${idCounter}`;
}

function showError(message) {
  const box = $("error");
  box.textContent = message;
  box.hidden = !message;
  if (message) setTimeout(() => { if (box.textContent === message) box.hidden = true; }, 8000);
}

function isAbort(error) {
  return error && error.name === "AbortError";
}

// ---------------------------------------------------------------------------------------------
// The board: a puzzle drawn as books print it, clues above and to the left. One CSS grid; the
// rows of ARIA's grid are `display: contents` wrappers, so a screen reader reads a table.

const UNKNOWN = -1;

class Board {
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
    this.values = new Array(width * height).fill(UNKNOWN);
    this.symbols = new Map(puzzle.palette.map((entry, i) => [entry.symbol, i]));
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

  /** Sets every cell from rows of palette characters (`?` unknown). */
  setRows(rows) {
    for (let r = 0; r < this.height; r++) {
      const row = [...rows[r]];
      for (let c = 0; c < this.width; c++) {
        const index = this.symbols.get(row[c]);
        this.values[r * this.width + c] = index === undefined ? UNKNOWN : index;
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

  fill(value) {
    this.values.fill(value);
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
    cell.style.backgroundColor = v > 0 ? palette[v].rgb : "";
    const r = Math.floor(i / this.width);
    const c = i % this.width;
    const what = v === UNKNOWN ? "unknown" : v === 0 ? "empty" : palette.length > 2 ? palette[v].name : "filled";
    cell.setAttribute("aria-label", `row ${r + 1}, column ${c + 1}: ${what}`);
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
    if (this.get(r, c) === this.paintValue) return;
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

function el(tag, attributes = {}) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (key === "class") node.className = value;
    else node.setAttribute(key, value);
  }
  return node;
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

// ---------------------------------------------------------------------------------------------
// The page's state

const state = {
  mode: "solve",
  // Counts the puzzles loaded: an answer about an earlier puzzle is dropped.
  generation: 0,
  info: null,
  examples: [],
  // The puzzle solve, play and understand work on: its file text and how to read it.
  source: null, // {text, format, index, name, attribution}
  puzzle: null, // as /api/parse gives it
  solved: null, // the last /api/solve answer for this puzzle
  solveAbort: null,
  solveId: null,
  // Play
  playGrid: null,
  mistakes: 0,
  solution: null, // palette rows of the unique solution, when known
  hintStep: null,
  // Understand
  steps: [],
  step: 0,
  playing: null,
  explained: null,
  // Make
  make: { width: 10, height: 10, rows: null, answer: null, abort: null, timer: null },
};

const board = new Board($("board"), {
  onEdit: {
    target: (current, tool) => editTarget(current, tool),
    changed: (r, c, value) => edited(r, c, value),
  },
});

/** The value a click with `tool` gives a cell that holds `current`. */
function editTarget(current, tool) {
  if (state.mode === "make") {
    if (tool === "secondary" || tool === "clear" || tool === "cross") return 0;
    if (tool === "fill") return current === 1 ? 0 : 1;
    return current === 1 ? 0 : 1;
  }
  switch (tool) {
    case "secondary":
    case "cross":
      return current === 0 ? UNKNOWN : 0;
    case "clear":
      return UNKNOWN;
    default:
      return current === 1 ? UNKNOWN : 1;
  }
}

function edited(r, c, value) {
  if (state.mode === "make") {
    pictureChanged();
    return;
  }
  if (state.mode !== "play") return;
  state.playGrid = board.rows();
  clearHint();
  if (state.solution && value !== UNKNOWN) {
    const right = board.symbols.get([...state.solution[r]][c]);
    if (right !== value) {
      state.mistakes += 1;
      const cell = board.cells[r * board.width + c];
      cell.classList.add("wrong");
      setTimeout(() => cell.classList.remove("wrong"), 900);
    }
  }
  showMistakes();
}

function showMistakes() {
  let text = `Mistakes: ${state.mistakes}`;
  if (!state.solution) text += " (counted once the puzzle is known to have one solution)";
  else if (solvedByPlayer()) text = `Solved, with ${state.mistakes} ${state.mistakes === 1 ? "mistake" : "mistakes"}!`;
  $("mistakes").textContent = text;
}

function solvedByPlayer() {
  if (!state.solution || !state.playGrid) return false;
  return state.playGrid.every((row, r) =>
    [...row].every((ch, c) => (ch === "#") === (state.solution[r][c] === "#")));
}

// ---------------------------------------------------------------------------------------------
// Loading puzzles

async function loadSource(source) {
  showError("");
  try {
    const answer = await api("/api/parse", {
      puzzle: source.text,
      format: source.format || undefined,
      index: source.index || 0,
    });
    state.generation += 1;
    state.source = { ...source, format: answer.format, index: answer.index };
    state.puzzle = answer.puzzle;
    state.solved = null;
    state.solution = null;
    state.playGrid = null;
    state.mistakes = 0;
    state.steps = [];
    state.explained = null;
    stopPlaying();
    const indexRow = $("index-row");
    indexRow.hidden = answer.count < 2;
    if (answer.count > 1) {
      const select = $("index");
      select.replaceChildren();
      for (let i = 0; i < answer.count; i++) {
        const option = el("option", { value: i });
        option.textContent = `${i + 1} of ${answer.count}`;
        select.append(option);
      }
      select.value = answer.index;
    }
    describePuzzle();
    if (state.mode === "make") setMode("solve");
    else enterMode(state.mode);
  } catch (error) {
    showError(`Cannot load the puzzle: ${error.message}`);
  }
}

function describePuzzle() {
  const p = state.puzzle;
  const parts = [`${p.width}×${p.height}`, `read as ${state.source.format}`];
  if (p.title) parts.unshift(p.title);
  if (p.author) parts.push(`by ${p.author}`);
  $("puzzle-info").textContent = parts.join(" · ");
  const credits = [];
  if (p.copyright) credits.push(p.copyright);
  if (p.license) credits.push(`licence: ${p.license}`);
  if (state.source.attribution) credits.push(state.source.attribution);
  $("attribution").textContent = credits.join(" · ");
}

function sourceBody(extra = {}) {
  return {
    puzzle: state.source.text,
    format: state.source.format,
    index: state.source.index,
    ...extra,
  };
}

// ---------------------------------------------------------------------------------------------
// Modes

function setMode(mode) {
  state.mode = mode;
  for (const tab of document.querySelectorAll(".modes [role=tab]")) {
    const on = tab.dataset.mode === mode;
    tab.setAttribute("aria-selected", on ? "true" : "false");
    tab.tabIndex = on ? 0 : -1;
    if (on) $("panel").setAttribute("aria-labelledby", tab.id);
  }
  for (const group of document.querySelectorAll("[data-for]")) {
    group.hidden = group.dataset.for !== mode;
  }
  $("source").hidden = mode === "make";
  $("attribution").hidden = mode === "make";
  document.body.dataset.mode = mode;
  stopPlaying();
  enterMode(mode);
}

function enterMode(mode) {
  setVerdict("", "");
  setSentence("");
  $("legend").textContent = "";
  if (mode === "make") return enterMake();
  if (!state.puzzle) {
    $("board").replaceChildren();
    setSentence("Pick an example, open a file or paste a puzzle.");
    return;
  }
  board.setPuzzle(state.puzzle);
  board.setEditable(mode === "play");
  if (mode === "solve") return enterSolve();
  if (mode === "play") return enterPlay();
  if (mode === "explain") return enterExplain();
}

// Solve -----------------------------------------------------------------------------------------

function enterSolve() {
  if (state.solved) showSolved(state.solved);
  else setSentence("Press Solve to solve the puzzle.");
}

async function solve() {
  if (!state.puzzle) return showError("Load a puzzle first.");
  cancelSolve();
  const deduce = $("deduce").checked;
  const body = sourceBody({
    timeout: Number($("timeout").value) || 10,
    id: jobId(),
    name: state.puzzle.title || "page",
  });
  if (!deduce) {
    body.solutions = Number($("solutions").value) || 2;
    body.engine = $("engine").value;
  }
  const abort = new AbortController();
  const generation = state.generation;
  state.solveAbort = abort;
  state.solveId = body.id;
  $("solve").disabled = true;
  $("cancel").disabled = false;
  setVerdict("working", "solving…");
  setSentence("");
  try {
    const answer = await api(deduce ? "/api/deduce" : "/api/solve", body, { signal: abort.signal });
    if (generation !== state.generation) return;
    state.solved = answer;
    if (answer.status === "unique" && !deduce) state.solution = answer.solutions[0];
    if (state.mode === "solve") showSolved(answer);
  } catch (error) {
    if (!isAbort(error)) {
      setVerdict("error", "error");
      showError(error.message);
    }
  } finally {
    if (state.solveAbort === abort) {
      state.solveAbort = null;
      state.solveId = null;
      $("solve").disabled = false;
      $("cancel").disabled = true;
    }
  }
}

/** Cancels the solve under way: the server answers with what it had (`stop: cancelled`). */
function cancelSolve() {
  if (state.solveId) {
    api("/api/cancel", { id: state.solveId }).catch(() => {});
  }
}

const VERDICTS = {
  unique: ["good", "unique solution"],
  multiple: ["warn", "several solutions"],
  solved: ["warn", "a solution (uniqueness not decided)"],
  none: ["bad", "no solution"],
  unknown: ["bad", "no answer"],
  partial: ["warn", "partly solved by line solving"],
};

function showSolved(answer) {
  let [kind, words] = VERDICTS[answer.status] || ["bad", answer.status];
  if (answer.stop === "time-limit") words += " · timed out";
  if (answer.stop === "cancelled") words += " · cancelled";
  setVerdict(kind, `${words} · ${formatMs(answer.elapsed_ms)}`);
  setSentence(answer.message + (answer.note ? ` (${answer.note})` : ""));
  const pick = $("solution-pick");
  pick.hidden = answer.solutions.length < 2;
  if (answer.solutions.length > 1) {
    const select = $("solution-index");
    select.replaceChildren();
    answer.solutions.forEach((_, i) => {
      const option = el("option", { value: i });
      option.textContent = `${i + 1} of ${answer.solutions.length}`;
      select.append(option);
    });
  }
  showSolution(0);
}

function showSolution(i) {
  const answer = state.solved;
  if (!answer || !answer.solutions.length) {
    board.fill(UNKNOWN);
    board.mark();
    return;
  }
  board.setRows(answer.solutions[i]);
  const differ = answer.differing_cells || [];
  board.mark({ differ });
  $("legend").textContent = differ.length
    ? `The ${differ.length} outlined cells differ between the first two solutions.`
    : "";
}

function formatMs(ms) {
  if (ms < 1) return `${ms.toFixed(2)} ms`;
  if (ms < 1000) return `${ms.toFixed(1)} ms`;
  return `${(ms / 1000).toFixed(2)} s`;
}

function setVerdict(kind, text) {
  const box = $("verdict");
  box.className = `verdict ${kind}`;
  box.textContent = text;
}

function setSentence(text) {
  $("sentence").textContent = text;
}

// Play ----------------------------------------------------------------------------------------

async function enterPlay() {
  if (state.playGrid) board.setRows(state.playGrid);
  else state.playGrid = board.rows();
  clearHint();
  showMistakes();
  setSentence("Fill the cells the clues call for; cross the ones that stay empty.");
  if (!state.solution) {
    const generation = state.generation;
    try {
      const answer = await api("/api/solve", sourceBody({ timeout: 10 }));
      if (generation !== state.generation) return;
      if (answer.status === "unique") {
        state.solution = answer.solutions[0];
        if (!state.solved) state.solved = answer;
      } else if (state.mode === "play") {
        setSentence(`${answer.message}: mistakes are not counted, but hints still work.`);
      }
      showMistakes();
    } catch (error) {
      showError(error.message);
    }
  }
}

async function hint() {
  if (!state.puzzle) return;
  clearHint();
  setSentence("Thinking…");
  const generation = state.generation;
  try {
    const answer = await api("/api/hint", sourceBody({ grid: board.rows(), timeout: 10 }));
    if (generation !== state.generation || state.mode !== "play") return;
    setSentence(capitalise(answer.text));
    if (answer.mistake) {
      const cells = (answer.mistake.cells || []).map((c) => [c.row, c.col]);
      const lines = answer.mistake.line ? [answer.mistake.line] : [];
      board.mark({ wrong: cells }, lines);
      return;
    }
    if (answer.step) {
      state.hintStep = answer.step;
      board.mark({ changed: answer.step.cells.map(([r, c]) => [r, c]) }, stepLines(answer.step));
      $("apply-hint").disabled = answer.step.cells.length === 0;
    }
  } catch (error) {
    setSentence("");
    showError(error.message);
  }
}

function applyHint() {
  const step = state.hintStep;
  if (!step) return;
  for (const [r, c, v] of step.cells) board.set(r, c, v);
  state.playGrid = board.rows();
  clearHint();
  showMistakes();
}

function clearHint() {
  state.hintStep = null;
  $("apply-hint").disabled = true;
  if (state.mode === "play") board.mark();
}

function resetPlay() {
  board.fill(UNKNOWN);
  state.playGrid = board.rows();
  state.mistakes = 0;
  clearHint();
  showMistakes();
}

/** The lines a step comes from, to band them. */
function stepLines(step) {
  if (step.kind === "line" || (step.kind === "contradiction" && step.line)) {
    return [{ line: step.line, index: step.index }];
  }
  if (step.kind === "probe") return [step.contradiction];
  if (step.if_filled) return [step.if_filled, step.if_empty];
  return [];
}

function capitalise(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

// Understand ------------------------------------------------------------------------------------

async function enterExplain() {
  if (state.explained) return showStep(state.step);
  setSentence("Explaining…");
  $("step-count").textContent = "…";
  $("rating").textContent = "";
  const generation = state.generation;
  try {
    const answer = await api("/api/explain", sourceBody({ timeout: 20 }));
    if (generation !== state.generation) return;
    state.explained = answer;
    state.steps = answer.steps;
    state.step = 0;
    const range = $("step-range");
    range.max = answer.steps.length;
    let rating = `Difficulty: ${answer.rating.text}`;
    if (!answer.complete) rating += ` (stopped: ${answer.stop})`;
    if (answer.reason) rating += ` (${answer.reason})`;
    $("rating").textContent = rating;
    if (state.mode === "explain") showStep(0);
  } catch (error) {
    setSentence("");
    showError(error.message);
  }
}

/** Shows the grid after `n` steps, the n-th step's cells and line highlighted. */
function showStep(n) {
  const steps = state.steps;
  n = Math.max(0, Math.min(steps.length, n));
  state.step = n;
  const values = new Array(board.width * board.height).fill(UNKNOWN);
  for (let i = 0; i < n; i++) {
    for (const [r, c, v] of steps[i].cells) values[r * board.width + c] = v;
  }
  board.values = values;
  board.redraw();
  $("step-range").value = n;
  $("step-count").textContent = `${n} / ${steps.length}`;
  if (n === 0) {
    board.mark();
    setVerdict("", "");
    setSentence(steps.length ? "The empty grid. Step through the explanation with ▶, or press Play." : "Nothing to explain.");
  } else {
    const step = steps[n - 1];
    board.mark({ changed: step.cells.map(([r, c]) => [r, c]) }, stepLines(step));
    setVerdict(step.kind === "contradiction" ? "bad" : "", `step ${n}: ${step.kind}`);
    setSentence(capitalise(step.text));
  }
  $("step-prev").disabled = n === 0;
  $("step-first").disabled = n === 0;
  $("step-next").disabled = n === steps.length;
  $("step-last").disabled = n === steps.length;
}

function togglePlaying() {
  if (state.playing) return stopPlaying();
  if (state.step >= state.steps.length) showStep(0);
  $("step-play").textContent = "⏸ Pause";
  $("step-play").setAttribute("aria-label", "Pause");
  state.playing = setInterval(() => {
    if (state.step >= state.steps.length) return stopPlaying();
    showStep(state.step + 1);
  }, 450);
}

function stopPlaying() {
  if (state.playing) clearInterval(state.playing);
  state.playing = null;
  $("step-play").textContent = "▶ Play";
  $("step-play").setAttribute("aria-label", "Play the steps");
}

// Make ----------------------------------------------------------------------------------------

const BLACK_AND_WHITE = [
  { name: "white", rgb: "#ffffff", symbol: "." },
  { name: "black", rgb: "#000000", symbol: "#" },
];

/** The made puzzle as the board draws it: the server's last answer, or empty clues. */
function makePuzzleShape() {
  const { width, height, answer } = state.make;
  const title = $("make-title").value || "new puzzle";
  if (answer && answer.puzzle.width === width && answer.puzzle.height === height) {
    return { ...answer.puzzle, title };
  }
  return {
    width,
    height,
    title,
    palette: BLACK_AND_WHITE,
    rows: Array.from({ length: height }, () => []),
    columns: Array.from({ length: width }, () => []),
  };
}

function enterMake() {
  const make = state.make;
  if (!make.rows) make.rows = Array.from({ length: make.height }, () => ".".repeat(make.width));
  board.setPuzzle(makePuzzleShape());
  board.setEditable(true);
  board.setRows(make.rows);
  if (make.answer) showMade(make.answer);
  else checkPicture();
}

function newPicture() {
  const width = clamp(Number($("make-width").value) || 10, 1, 200);
  const height = clamp(Number($("make-height").value) || 10, 1, 200);
  $("make-width").value = width;
  $("make-height").value = height;
  state.make = { ...state.make, width, height, rows: Array.from({ length: height }, () => ".".repeat(width)), answer: null };
  enterMake();
}

function clamp(n, lo, hi) {
  return Math.max(lo, Math.min(hi, Math.round(n)));
}

function pictureChanged() {
  state.make.rows = board.rows().map((row) => row.replaceAll("?", "."));
  setVerdict("working", "checking…");
  clearTimeout(state.make.timer);
  state.make.timer = setTimeout(checkPicture, 250);
}

/** The live verdict: the previous check is aborted (which cancels it on the server). */
async function checkPicture() {
  const make = state.make;
  if (make.abort) make.abort.abort();
  const abort = new AbortController();
  make.abort = abort;
  setVerdict("working", "checking…");
  try {
    const answer = await api("/api/make", { picture: make.rows, timeout: 5 }, { signal: abort.signal });
    if (make.abort !== abort) return;
    make.answer = answer;
    if (state.mode === "make") showMade(answer);
  } catch (error) {
    if (!isAbort(error)) {
      setVerdict("error", "error");
      showError(error.message);
    }
  }
}

function showMade(answer) {
  const rows = state.make.rows;
  board.setClues({ ...answer.puzzle, title: $("make-title").value || "new puzzle" });
  const filled = rows.reduce((n, row) => n + [...row].filter((ch) => ch === "#").length, 0);
  if (answer.unique === true) {
    setVerdict("good", "unique: the clues give back this picture");
    setSentence(filled ? "Every solver who follows the clues ends with your picture." : "An empty picture: draw something.");
    board.mark();
    $("legend").textContent = "";
    return;
  }
  if (answer.unique === null) {
    setVerdict("warn", "uniqueness not decided in time");
    setSentence("The check ran out of time; try a smaller picture or draw on.");
    board.mark();
    return;
  }
  const s = answer.suggestions;
  setVerdict("warn", `not unique: ${answer.differing_cells.length} cells could go either way`);
  const parts = [];
  if (s.givens_verified) {
    const cells = s.givens.length === 1 ? "the cell with a dot" : `the ${s.givens.length} cells with dots`;
    parts.push(`revealing ${cells} as givens makes it unique`);
  }
  if (s.flips.length) parts.push(`or changing any one ringed cell does`);
  setSentence(parts.length ? capitalise(parts.join(", ")) + "." : "No single fix was found; change the outlined area.");
  board.mark({
    differ: answer.differing_cells,
    given: s.givens.map((g) => [g.row, g.col]),
    flip: s.flips,
  });
  $("legend").textContent = "Outlined: cells where two solutions differ. Green dot: a cell to reveal. Dotted ring: a cell to change.";
}

async function uploadPicture(file) {
  if (!file) return;
  const make = state.make;
  try {
    let width = make.width;
    let height = make.height;
    if (file.type.startsWith("image/")) {
      // Keep the image's proportions within the chosen width.
      const bitmap = await createImageBitmap(file).catch(() => null);
      if (bitmap) {
        height = clamp((width * bitmap.height) / bitmap.width, 1, 200);
        bitmap.close();
      }
    }
    const query = new URLSearchParams({
      width, height,
      threshold: $("make-threshold").value,
      invert: $("make-invert").checked,
    });
    const answer = await api(`/api/picture?${query}`, file);
    $("make-width").value = answer.width;
    $("make-height").value = answer.height;
    state.make = { ...make, width: answer.width, height: answer.height, rows: answer.picture, answer: null };
    enterMake();
  } catch (error) {
    showError(`Cannot use that picture: ${error.message}`);
  }
}

async function playMade() {
  const make = state.make;
  const title = $("make-title").value.trim();
  try {
    const answer = await api("/api/convert", {
      puzzle: make.rows.join("\n") + "\n",
      format: "picture",
      to: "non",
      title: title || "new puzzle",
    });
    await loadSource({ text: answer.text, format: "non", index: 0, attribution: "made on this page" });
    setMode("play");
  } catch (error) {
    showError(error.message);
  }
}

// Downloads -------------------------------------------------------------------------------------

/** The puzzle a download is of: the made picture in Make mode, the loaded puzzle otherwise. */
function downloadSource() {
  if (state.mode === "make") {
    const title = $("make-title").value.trim();
    return {
      body: { puzzle: state.make.rows.join("\n") + "\n", format: "picture" },
      title: title || "new puzzle",
    };
  }
  if (!state.source) return null;
  return { body: sourceBody(), title: state.puzzle.title || "puzzle" };
}

function fileName(title, extension) {
  const base = title.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "puzzle";
  return `${base}.${extension}`;
}

function save(blob, name) {
  const url = URL.createObjectURL(blob);
  const link = el("a", { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

async function downloadFile() {
  const source = downloadSource();
  if (!source) return showError("Load or draw a puzzle first.");
  const to = $("download-format").value;
  try {
    const body = { ...source.body, to };
    if (state.mode === "make") body.title = source.title;
    const answer = await api("/api/convert", body);
    const extension = answer.extension === "txt" ? `${answer.format}.txt` : answer.extension;
    save(new Blob([answer.text], { type: "text/plain" }), fileName(source.title, extension));
  } catch (error) {
    showError(error.message);
  }
}

async function downloadDrawing(kind, what) {
  const source = downloadSource();
  if (!source) return showError("Load or draw a puzzle first.");
  try {
    const blob = await api("/api/render", { ...source.body, kind, what, timeout: 20 }, { raw: true });
    save(blob, fileName(source.title + (what === "blank" ? "" : "-solved"), kind));
  } catch (error) {
    showError(error.message);
  }
}

// ---------------------------------------------------------------------------------------------
// Wiring

function selectedTool() {
  const checked = document.querySelector("input[name=tool]:checked");
  return checked ? checked.value : "fill";
}

async function start() {
  board.tool = selectedTool;
  for (const tab of document.querySelectorAll(".modes [role=tab]")) {
    tab.addEventListener("click", () => setMode(tab.dataset.mode));
    tab.addEventListener("keydown", (event) => {
      const tabs = [...document.querySelectorAll(".modes [role=tab]")];
      const i = tabs.indexOf(tab);
      const next = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
      if (next) {
        const target = tabs[(i + next + tabs.length) % tabs.length];
        target.focus();
        setMode(target.dataset.mode);
      }
    });
  }
  $("example").addEventListener("change", () => {
    const example = state.examples.find((e) => e.id === $("example").value);
    if (example) loadSource({ text: example.text, format: "non", index: 0, attribution: `${example.file}: ${example.attribution}` });
  });
  $("file").addEventListener("change", async () => {
    const file = $("file").files[0];
    if (!file) return;
    if (file.size > (state.info ? state.info.limits.max_body_bytes - 4096 : 1e6)) {
      return showError("That file is larger than the server accepts.");
    }
    loadSource({ text: await file.text(), format: "", index: 0, attribution: file.name });
  });
  $("load-paste").addEventListener("click", () =>
    loadSource({ text: $("paste").value, format: $("format").value, index: 0, attribution: "" }));
  $("index").addEventListener("change", () =>
    loadSource({ ...state.source, index: Number($("index").value) }));
  $("solve").addEventListener("click", solve);
  $("cancel").addEventListener("click", cancelSolve);
  $("solution-index").addEventListener("change", () => showSolution(Number($("solution-index").value)));
  $("hint").addEventListener("click", hint);
  $("apply-hint").addEventListener("click", applyHint);
  $("reset-play").addEventListener("click", resetPlay);
  $("step-first").addEventListener("click", () => { stopPlaying(); showStep(0); });
  $("step-prev").addEventListener("click", () => { stopPlaying(); showStep(state.step - 1); });
  $("step-next").addEventListener("click", () => { stopPlaying(); showStep(state.step + 1); });
  $("step-last").addEventListener("click", () => { stopPlaying(); showStep(state.steps.length); });
  $("step-play").addEventListener("click", togglePlaying);
  $("step-range").addEventListener("input", () => { stopPlaying(); showStep(Number($("step-range").value)); });
  $("make-new").addEventListener("click", newPicture);
  $("make-clear").addEventListener("click", () => {
    state.make.rows = state.make.rows.map((row) => ".".repeat(row.length));
    board.setRows(state.make.rows);
    pictureChanged();
  });
  $("make-image").addEventListener("change", () => uploadPicture($("make-image").files[0]));
  // A new threshold or inversion redraws the picture from the image last chosen.
  for (const id of ["make-threshold", "make-invert"]) {
    $(id).addEventListener("change", () => uploadPicture($("make-image").files[0]));
  }
  $("make-play").addEventListener("click", playMade);
  $("download-file").addEventListener("click", downloadFile);
  $("download-svg-blank").addEventListener("click", () => downloadDrawing("svg", "blank"));
  $("download-png-blank").addEventListener("click", () => downloadDrawing("png", "blank"));
  $("download-svg").addEventListener("click", () => downloadDrawing("svg", "solution"));
  $("download-png").addEventListener("click", () => downloadDrawing("png", "solution"));

  try {
    const [info, examples] = await Promise.all([api("/api/info"), api("/api/examples")]);
    state.info = info;
    state.examples = examples;
    for (const example of examples) {
      const option = el("option", { value: example.id });
      option.textContent = `${example.title}`;
      $("example").append(option);
    }
    for (const format of info.formats) {
      const option = el("option", { value: format.name });
      option.textContent = format.name;
      $("format").append(option.cloneNode(true));
      if (format.writable) $("download-format").append(option);
    }
    $("timeout").max = info.limits.max_time_s;
    $("solutions").max = info.limits.max_solutions;
  } catch (error) {
    showError(`The server does not answer: ${error.message}`);
  }
  setMode("solve");
  document.body.dataset.ready = "true";
}

start();

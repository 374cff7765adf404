// Play: the player fills and crosses cells, with undo and redo, a clock, and clues that grey
// when their line is done or turn red when it cannot be finished; mistakes are counted (and,
// when asked, marked on the cells) against the unique solution, and a hint shows the next step
// (or where the grid goes wrong). Every move is kept in this browser (store.js), per puzzle, so
// that a reload, or a visit the next day, goes on where the player was. A finished puzzle shows
// its picture alone, with its time and difficulty. "New puzzle" asks the API's `generate` for
// a fresh one (size, difficulty, colours) and plays it.

import { api } from "./api.js";
import { UNKNOWN, isHalf } from "./board.js";
import { $, capitalise, clockText, el, setSentence, setVerdict, showError } from "./dom.js";
import { stepLines } from "./explain.js";
import { History } from "./history.js";
import { done, fits } from "./lines.js";
import { registerMode, setMode } from "./modes.js";
import { puzzleKey, shareText } from "./share.js";
import { board, loadSource, sourceBody, state } from "./state.js";
import { readJSON, readRecord, forget, setCurrentKey, writeJSON, writeRecord } from "./store.js";
import { dayLabel } from "./today.js";

/** The Checks, each switchable and kept: what they are when the player has chosen nothing. */
const CHECKS = { done: true, clash: true, mistakes: false, clock: true };
const CHECKS_KEY = "nonogram.checks";

/** The game on the board: which puzzle, its steps, its clock, its mistakes. */
const game = {
  generation: -1,
  puzzle: null, // the puzzle (as parse gives it) this game is of
  source: null, // and where it came from
  key: null,
  text: null, // the puzzle as a link carries it, kept in the record
  history: new History(),
  elapsed: 0, // ms played before the clock's running stretch
  since: null, // performance.now() when the clock last started; null while it stands
  started: null, // Date.now() of the first move; null before it
  mistakes: 0,
  finished: false,
  difficulty: null,
  day: null, // YYYY-MM-DD for a puzzle of the day
  right: null, // the solution's palette index of each cell, when known
  ticker: null,
};

const checks = { ...CHECKS, ...readJSON(CHECKS_KEY, {}) };

/** Sets up the game of the loaded puzzle: the kept one, or a fresh one. */
function startGame() {
  const puzzle = state.puzzle;
  game.generation = state.generation;
  game.puzzle = puzzle;
  game.source = state.source;
  game.key = puzzleKey(puzzle);
  game.text = shareText(puzzle);
  game.right = null;
  game.since = null;
  const record = readRecord(game.key);
  const fitsBoard = record && record.grid.length === puzzle.height
    && record.grid.every((row) => [...row].length === puzzle.width);
  if (fitsBoard) {
    board.setRows(record.grid);
    game.history = History.from(record.history);
    game.elapsed = Number(record.elapsedMs) || 0;
    game.started = record.started || null;
    game.mistakes = Number(record.mistakes) || 0;
    game.finished = Boolean(record.solved);
    game.difficulty = record.difficulty || state.source.difficulty || null;
    game.day = record.day || state.source.day || null;
  } else {
    game.history = new History();
    game.elapsed = 0;
    game.started = null;
    game.mistakes = 0;
    game.finished = false;
    game.difficulty = state.source.difficulty || null;
    game.day = state.source.day || null;
  }
  state.playGrid = board.rows();
}

async function enterPlay() {
  if (game.generation !== state.generation) startGame();
  else board.setRows(state.playGrid);
  clearHint();
  showColours();
  showChecks();
  checkAll();
  showTitle();
  showMistakes();
  showUndo();
  if (game.finished) showFinished();
  else {
    $("finish").hidden = true;
    setSentence("Fill the cells the clues call for; cross the ones that stay empty.");
    runClock();
  }
  if (!state.solution) {
    const generation = state.generation;
    try {
      const answer = await api.solve(sourceBody({ timeout: 10 }));
      if (generation !== state.generation) return;
      if (answer.status === "unique") {
        state.solution = answer.solutions[0];
        if (!state.solved) state.solved = answer;
      } else if (state.mode === "play" && !game.finished) {
        setSentence(`${answer.message}: mistakes are not counted, but hints still work.`);
      }
    } catch (error) {
      showError(error.message);
    }
  }
  if (state.solution && !game.right && state.mode === "play") {
    game.right = Int8Array.from(state.solution.flatMap((row) => [...row].map((ch) => board.symbols.get(ch))));
    markMistakes();
    showMistakes();
  }
}

/** Another mode, or another puzzle: the clock stops and the game is kept. */
function leavePlay() {
  stopClock();
  save();
  $("finish").hidden = true;
  $("play-bar").classList.remove("over");
}

registerMode("play", { enter: enterPlay, leave: leavePlay, editable: true, drag: "line" });

// The clock ------------------------------------------------------------------------------------

/** Milliseconds played. */
function elapsed() {
  return game.elapsed + (game.since === null ? 0 : performance.now() - game.since);
}

/** Runs the clock while the game is under way, on the screen, in Play. */
function runClock() {
  const running = game.started && !game.finished && state.mode === "play" && !document.hidden;
  if (running && game.since === null) game.since = performance.now();
  if (!running) stopClock();
  clearInterval(game.ticker);
  game.ticker = running ? setInterval(showClock, 1000) : null;
  showClock();
}

function stopClock() {
  if (game.since !== null) game.elapsed += performance.now() - game.since;
  game.since = null;
  clearInterval(game.ticker);
  game.ticker = null;
}

function showClock() {
  const clock = $("clock");
  clock.hidden = !checks.clock;
  clock.textContent = clockText(elapsed());
}

// A hidden page stops the clock (a phone's tab in the background is not being played) and is
// kept, in case it is closed.
document.addEventListener("visibilitychange", () => {
  if (state.mode !== "play" || game.generation !== state.generation) return;
  if (document.hidden) {
    stopClock();
    save();
  } else {
    runClock();
  }
});
window.addEventListener("pagehide", () => {
  if (state.mode === "play" && game.generation === state.generation) save();
});

// Keeping the game ----------------------------------------------------------------------------

/** The save to come, after a move: moves in quick succession are written once. */
let saving = null;

/**
 * Keeps the game soon: a quarter of a second after the last move, off the moves' own frames
 * (a record is a few kilobytes of JSON), and at once when the page is hidden or left.
 */
function saveSoon() {
  clearTimeout(saving);
  saving = setTimeout(save, 250);
}

/**
 * Writes the game to the browser's storage, once it has begun, and while the board shows it in
 * Play (as it still does when another puzzle has just loaded: the old game is kept first).
 */
function save() {
  clearTimeout(saving);
  saving = null;
  if (!game.started || state.mode !== "play" || board.puzzle !== game.puzzle) return;
  const puzzle = game.puzzle;
  const grid = board.rows();
  const cells = grid.join("");
  const decided = [...cells].filter((ch) => ch !== "?").length;
  writeRecord(game.key, {
    v: 1,
    puzzle: game.text,
    title: puzzle.title || "",
    day: game.day,
    attribution: game.source.attribution || "",
    difficulty: game.difficulty,
    width: puzzle.width,
    height: puzzle.height,
    grid,
    history: game.history.toJSON(),
    elapsedMs: Math.round(elapsed()),
    mistakes: game.mistakes,
    solved: game.finished,
    started: game.started,
    updated: Date.now(),
    decided: cells.length ? decided / cells.length : 0,
  });
  setCurrentKey(game.key);
  // The list of puzzles kept (library.js) shows it.
  document.dispatchEvent(new Event("nonogram:saved"));
}

// Moves ---------------------------------------------------------------------------------------

/** The value a click with `tool` gives a cell that holds `current`. */
export function playTarget(current, tool) {
  switch (tool) {
    case "secondary":
    case "cross":
      return current === 0 ? UNKNOWN : 0;
    case "clear":
      return UNKNOWN;
    default: {
      const colour = fillColour();
      return current === colour ? UNKNOWN : colour;
    }
  }
}

/** The colour Fill paints: 1 (black) in black and white, else the one picked. */
function fillColour() {
  const pick = $("play-colour");
  return $("play-colour-row").hidden ? 1 : Number(pick.value) || 1;
}

/** Offers the puzzle's colours to fill with, when it has more than one. */
function showColours() {
  const palette = state.puzzle ? state.puzzle.palette : [];
  const row = $("play-colour-row");
  row.hidden = palette.length <= 2;
  if (row.hidden) return;
  const pick = $("play-colour");
  const before = pick.value;
  pick.replaceChildren();
  const triangles = Boolean(state.puzzle.triangles);
  // The keys that pick (pickByKey), said where a keyboard's user looks for them.
  if (triangles) {
    pick.setAttribute("aria-keyshortcuts", "1 2 3 4 5");
    pick.title = "Keys 1 to 5 pick: black, ◢, ◤, ◥, ◣";
  } else {
    pick.removeAttribute("aria-keyshortcuts");
    pick.removeAttribute("title");
  }
  palette.forEach((entry, i) => {
    if (i === 0) return;
    const option = el("option", { value: i });
    // A triangle puzzle's entries are black and the four half cells, each named by its shape.
    option.textContent = !triangles ? `${entry.name} (${entry.symbol})`
      : isHalf(state.puzzle, i) ? `${entry.symbol} half, ${entry.name.replace("-", " ")} black` : "■ black";
    pick.append(option);
  });
  if ([...pick.options].some((o) => o.value === before)) pick.value = before;
  showPickedColour();
}

/** The colour list wears the colour picked; a half cell is shown as its shape beside it. */
export function showPickedColour() {
  const pick = $("play-colour");
  const index = Number(pick.value);
  const entry = state.puzzle && state.puzzle.palette[index];
  const half = isHalf(state.puzzle, index);
  pick.style.setProperty("--swatch", !entry ? "transparent" : half || state.puzzle.triangles ? "var(--ink)" : entry.rgb);
  const shape = $("play-colour-shape");
  shape.className = half ? `swatch-shape cap h${index}` : "swatch-shape";
  shape.hidden = !half;
}

/**
 * In a triangle puzzle the keys 1 to 5 pick what Fill paints: black, then ◢ ◤ ◥ ◣ (the order
 * of the list); any other puzzle leaves them alone.
 */
export function pickByKey(key) {
  if (!state.puzzle || !state.puzzle.triangles || $("play-colour-row").hidden) return false;
  const index = Number(key);
  if (!Number.isInteger(index) || index < 1 || index >= state.puzzle.palette.length) return false;
  $("play-colour").value = String(index);
  showPickedColour();
  return true;
}

/** Lines whose cells changed since they were last checked: "row 3", "column 7". */
const dirty = new Set();

/**
 * A cell changed (during a stroke, an undo, a hint): its mark now, its two lines once the
 * event is handled (a drag's step changes many cells of one row: the row is checked once).
 */
export function played(r, c) {
  markMistake(r * board.width + c);
  if (!dirty.size) queueMicrotask(checkDirty);
  dirty.add(`row ${r}`);
  dirty.add(`column ${c}`);
}

function checkDirty() {
  const lines = [...dirty];
  dirty.clear();
  if (state.mode !== "play" || board.puzzle !== game.puzzle) return;
  for (const name of lines) {
    const [axis, index] = name.split(" ");
    checkLine(axis, Number(index));
  }
}

/** A stroke ended: one step to undo; mistakes counted; the game kept; finished? */
export function stroked(changes) {
  if (game.finished) return;
  game.history.push(changes);
  for (const [i, , after] of changes) {
    if (game.right && after !== UNKNOWN && after !== game.right[i]) {
      game.mistakes += 1;
      const cell = board.cells[i];
      cell.classList.add("wrong");
      setTimeout(() => cell.classList.remove("wrong"), 900);
    }
  }
  moved();
}

/** After any move: the grid kept, the clock started, and the end seen when it comes. */
function moved() {
  state.playGrid = board.rows();
  clearHint();
  if (!game.started) game.started = Date.now();
  if (solvedByPlayer()) {
    finish();
    save();
  } else {
    runClock();
    saveSoon();
  }
  showMistakes();
  showUndo();
}

/** Whether every line's cells are exactly its clue (a unique puzzle's solution, then). */
function solvedByPlayer() {
  const p = state.puzzle;
  if (!p) return false;
  for (let r = 0; r < p.height; r++) if (!done(line("row", r), p.rows[r])) return false;
  for (let c = 0; c < p.width; c++) if (!done(line("column", c), p.columns[c])) return false;
  return true;
}

function takeBack(changes, which) {
  for (let k = changes.length - 1; k >= 0; k--) {
    const [i, before, after] = changes[k];
    if (i < 0 || i >= board.values.length || board.isGiven(i)) continue;
    board.cells[i].classList.remove("wrong");
    board.put(i, which === "undo" ? before : after);
  }
}

export function undo() {
  if (game.finished || state.mode !== "play") return;
  const step = game.history.undo();
  if (step) {
    takeBack(step, "undo");
    moved();
  }
}

export function redo() {
  if (game.finished || state.mode !== "play") return;
  const step = game.history.redo();
  if (step) {
    takeBack(step, "redo");
    moved();
  }
}

function showUndo() {
  $("undo").disabled = game.finished || !game.history.canUndo();
  $("redo").disabled = game.finished || !game.history.canRedo();
}

/** Whether `target` edits text, where Ctrl-Z is its own undo. */
function editsText(target) {
  if (!target.closest) return false;
  if (target.closest("textarea, [contenteditable]")) return true;
  return target.tagName === "INPUT" && !["checkbox", "radio", "range", "button", "file"].includes(target.type);
}

// Ctrl-Z undoes, Ctrl-Shift-Z and Ctrl-Y redo (Cmd on a Mac), in Play, but not in a text
// field, where they are the field's own.
document.addEventListener("keydown", (event) => {
  if (state.mode === "play" && !event.ctrlKey && !event.metaKey && !event.altKey
      && !editsText(event.target) && !event.target.closest("select") && pickByKey(event.key)) {
    event.preventDefault();
    return;
  }
  if (state.mode !== "play" || !(event.ctrlKey || event.metaKey) || event.altKey) return;
  if (editsText(event.target)) return;
  const key = event.key.toLowerCase();
  if (key === "z" && !event.shiftKey) undo();
  else if ((key === "z" && event.shiftKey) || key === "y") redo();
  else return;
  event.preventDefault();
});

// Feedback ------------------------------------------------------------------------------------

/** Line `index` of `axis` as palette indexes. */
function line(axis, index) {
  const { width, height, values } = board;
  if (axis === "row") return values.slice(index * width, (index + 1) * width);
  const out = new Array(height);
  for (let r = 0; r < height; r++) out[r] = values[r * width + index];
  return out;
}

function checkLine(axis, index) {
  const clue = (axis === "row" ? state.puzzle.rows : state.puzzle.columns)[index];
  const cells = line(axis, index);
  let look = "";
  if (checks.done && done(cells, clue)) look = "done";
  else if (checks.clash && !fits(cells, clue)) look = "clash";
  board.setClueState(axis, index, look);
}

function checkAll() {
  for (let r = 0; r < board.height; r++) checkLine("row", r);
  for (let c = 0; c < board.width; c++) checkLine("column", c);
}

function markMistake(i) {
  const v = board.values[i];
  const wrong = checks.mistakes && !game.finished && game.right !== null && v !== UNKNOWN && v !== game.right[i];
  board.setWrong(i, wrong);
}

function markMistakes() {
  for (let i = 0; i < board.values.length; i++) markMistake(i);
}

/** The Checks' switches, as kept. */
function showChecks() {
  for (const [name, on] of Object.entries(checks)) $(`check-${name}`).checked = on;
}

/** A Check switched: kept, and the board shown with it. */
export function setCheck(name, on) {
  checks[name] = on;
  writeJSON(CHECKS_KEY, checks);
  if (state.mode !== "play" || !state.puzzle) return;
  checkAll();
  markMistakes();
  showClock();
}

function showMistakes() {
  let text = `Mistakes: ${game.mistakes}`;
  if (game.finished) text = `Solved, with ${game.mistakes} ${game.mistakes === 1 ? "mistake" : "mistakes"}!`;
  else if (!state.solution) text += " (counted once the puzzle is known to have one solution)";
  $("mistakes").textContent = text;
}

/** The puzzle's name above the board: today's, or its title, and its size. */
function showTitle() {
  const p = state.puzzle;
  const name = game.day ? dayLabel(game.day) : p.title || "Puzzle";
  setVerdict("", `${name} · ${p.width}×${p.height}`);
  document.title = `${p.title || name} · nonogram`;
}

// The end -------------------------------------------------------------------------------------

function finish() {
  game.finished = true;
  stopClock();
  markMistakes();
  showFinished();
  // What comes next, for the keys: the focus leaves the locked board for New puzzle.
  if (board.root.contains(document.activeElement)) $("finish-new").focus({ preventScroll: true });
}

/** The picture alone, its title, time and difficulty, and what to do next. */
function showFinished() {
  const p = state.puzzle;
  board.setFinished(true);
  $("play-bar").classList.add("over");
  board.setEditable(false);
  showUndo();
  $("hint").disabled = true;
  const box = $("finish");
  box.hidden = false;
  // A puzzle of the day is named by its day (its generated title only repeats its size).
  $("finish-what").textContent = [game.day ? dayLabel(game.day) : p.title, `${p.width}×${p.height}`]
    .filter(Boolean).join(" · ");
  $("finish-time").textContent = `Time ${clockText(elapsed())} · ${game.mistakes} ${game.mistakes === 1 ? "mistake" : "mistakes"}`;
  showDifficulty();
  setSentence("");
  showMistakes();
}

/** The difficulty, as Understand rates it: known for a generated puzzle, else asked once. */
async function showDifficulty() {
  const shown = $("finish-difficulty");
  if (game.difficulty) {
    shown.textContent = `Difficulty: ${game.difficulty}`;
    return;
  }
  shown.textContent = "Difficulty: rating…";
  const generation = state.generation;
  try {
    const answer = await api.explain(sourceBody({ timeout: 10 }));
    if (generation !== state.generation) return;
    game.difficulty = answer.complete ? answer.rating.text : null;
    shown.textContent = game.difficulty ? `Difficulty: ${game.difficulty}` : "";
    save();
  } catch {
    if (generation === state.generation) shown.textContent = "";
  }
}

// Hints ---------------------------------------------------------------------------------------

export async function hint() {
  if (!state.puzzle || game.finished) return;
  clearHint();
  setSentence("Thinking…");
  const generation = state.generation;
  try {
    const answer = await api.hint(sourceBody({ grid: board.rows(), timeout: 10 }));
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

/** The hint's cells, set: one step to undo. */
export function applyHint() {
  const step = state.hintStep;
  if (!step || game.finished) return;
  const changes = [];
  for (const [r, c, v] of step.cells) {
    const i = r * board.width + c;
    if (board.isGiven(i) || board.values[i] === v) continue;
    changes.push([i, board.values[i], v]);
    board.put(i, v);
  }
  if (changes.length) game.history.push(changes);
  moved();
}

function clearHint() {
  state.hintStep = null;
  $("apply-hint").disabled = true;
  $("hint").disabled = game.finished;
  if (state.mode === "play") board.mark();
}

/** A fresh start: every cell but the given ones blank, the clock and the count at zero. */
export function resetPlay() {
  if (!state.puzzle) return;
  board.fill(UNKNOWN);
  board.setFinished(false);
  board.setEditable(true);
  forget(game.key);
  Object.assign(game, { history: new History(), elapsed: 0, since: null, started: null, mistakes: 0, finished: false });
  state.playGrid = board.rows();
  $("finish").hidden = true;
  $("play-bar").classList.remove("over");
  clearHint();
  checkAll();
  markMistakes();
  showMistakes();
  showUndo();
  runClock();
  setSentence("Fill the cells the clues call for; cross the ones that stay empty.");
}

/**
 * Offers only the difficulties the generator delivers at the size and colours picked: one whose
 * smallest side (`info`'s `generate.smallest_side`, the library's own rule) is longer than the
 * grid's shorter side is disabled, with the reason in its title and in the line below the
 * list; a pick that becomes disabled moves to the hardest one left.
 */
export function fitDifficulties() {
  const sides = state.info?.generate?.smallest_side;
  if (!sides) return;
  const [width, height] = $("new-size").value.split("x").map(Number);
  const colours = Number($("new-colours").value);
  const select = $("new-difficulty");
  const reasons = [];
  for (const option of select.options) {
    const list = sides[option.value] || [1];
    const smallest = list[Math.min(colours, list.length) - 1];
    const fits = Math.min(width, height) >= smallest;
    const palette = colours > 1 ? `${colours}-colour` : "black-and-white";
    const reason = `${capitalise(option.value)} ${palette} puzzles need at least ${smallest}×${smallest}: smaller grids seldom have one.`;
    option.disabled = !fits;
    option.title = fits ? "" : reason;
    if (!fits) reasons.push(reason);
  }
  if (select.selectedOptions[0]?.disabled) {
    const left = [...select.options].filter((option) => !option.disabled);
    if (left.length) select.value = left[left.length - 1].value;
  }
  $("new-fit").textContent = reasons.join(" ");
}

/** Generates a puzzle of the size, difficulty and colours picked, and plays it. */
export async function newPuzzle() {
  const [width, height] = $("new-size").value.split("x").map(Number);
  const difficulty = $("new-difficulty").value;
  const colours = Number($("new-colours").value);
  // A fresh seed each time; it is in the puzzle's title, so the puzzle can be made again.
  const seed = crypto.getRandomValues(new Uint32Array(1))[0];
  const button = $("new-puzzle");
  button.disabled = true;
  setSentence(`Making a ${difficulty} ${width}×${height} puzzle…`);
  try {
    const answer = await api.generate({ width, height, difficulty, colours, seed, timeout: 30 });
    const loaded = await loadSource({
      text: answer.text,
      format: answer.format,
      index: 0,
      attribution: `generated on this page: ${answer.difficulty}`,
      difficulty: answer.difficulty,
    });
    if (loaded && state.mode !== "play") setMode("play");
  } catch (error) {
    setSentence("");
    showError(`No new puzzle: ${error.message}`);
  } finally {
    button.disabled = false;
  }
}

// Play: the player fills and crosses cells; mistakes are counted against the unique solution,
// and a hint shows the next step (or where the grid goes wrong). "New puzzle" asks the API's
// `generate` for a fresh one (size, difficulty, colours) and plays it.

import { api } from "./api.js";
import { UNKNOWN } from "./board.js";
import { $, capitalise, el, setSentence, showError } from "./dom.js";
import { stepLines } from "./explain.js";
import { setMode } from "./modes.js";
import { board, loadSource, sourceBody, state } from "./state.js";

export async function enterPlay() {
  if (state.playGrid) board.setRows(state.playGrid);
  else state.playGrid = board.rows();
  clearHint();
  showMistakes();
  showColours();
  setSentence("Fill the cells the clues call for; cross the ones that stay empty.");
  if (!state.solution) {
    const generation = state.generation;
    try {
      const answer = await api.solve(sourceBody({ timeout: 10 }));
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
  palette.forEach((entry, i) => {
    if (i === 0) return;
    const option = el("option", { value: i });
    option.textContent = `${entry.name} (${entry.symbol})`;
    pick.append(option);
  });
  if ([...pick.options].some((o) => o.value === before)) pick.value = before;
}

/** The player changed cell (r, c) to `value`: count a mistake if it is one. */
export function played(r, c, value) {
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
  // Unknown and crossed cells both count as empty.
  const background = state.puzzle.palette[0].symbol;
  const filled = (ch) => (ch === "?" ? background : ch);
  return state.playGrid.every((row, r) =>
    [...row].every((ch, c) => filled(ch) === [...state.solution[r]][c]));
}

export async function hint() {
  if (!state.puzzle) return;
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

export function applyHint() {
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

export function resetPlay() {
  board.fill(UNKNOWN);
  state.playGrid = board.rows();
  state.mistakes = 0;
  clearHint();
  showMistakes();
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
  showError("");
  setSentence(`Making a ${difficulty} ${width}×${height} puzzle…`);
  try {
    const answer = await api.generate({ width, height, difficulty, colours, seed, timeout: 30 });
    await loadSource({
      text: answer.text,
      format: answer.format,
      index: 0,
      attribution: `generated on this page: ${answer.difficulty}`,
    });
    if (state.mode !== "play") setMode("play");
  } catch (error) {
    setSentence("");
    showError(`No new puzzle: ${error.message}`);
  } finally {
    button.disabled = false;
  }
}

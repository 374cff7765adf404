// Play: the player fills and crosses cells; mistakes are counted against the unique solution,
// and a hint shows the next step (or where the grid goes wrong).

import { api } from "./api.js";
import { UNKNOWN } from "./board.js";
import { $, capitalise, setSentence, showError } from "./dom.js";
import { stepLines } from "./explain.js";
import { board, sourceBody, state } from "./state.js";

export async function enterPlay() {
  if (state.playGrid) board.setRows(state.playGrid);
  else state.playGrid = board.rows();
  clearHint();
  showMistakes();
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
    default:
      return current === 1 ? UNKNOWN : 1;
  }
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
  return state.playGrid.every((row, r) =>
    [...row].every((ch, c) => (ch === "#") === (state.solution[r][c] === "#")));
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

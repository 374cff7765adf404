// Understand: every step of the solving, one at a time, each with its sentence and its cells.

import { api } from "./api.js";
import { UNKNOWN } from "./board.js";
import { $, capitalise, setSentence, setVerdict, showError } from "./dom.js";
import { registerMode } from "./modes.js";
import { board, sourceBody, state } from "./state.js";

async function enterExplain() {
  if (state.explained) return showStep(state.step);
  setSentence("Explaining…");
  $("step-count").textContent = "…";
  $("rating").textContent = "";
  const generation = state.generation;
  try {
    const answer = await api.explain(sourceBody({ timeout: 20 }));
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
export function showStep(n) {
  const steps = state.steps;
  n = Math.max(0, Math.min(steps.length, n));
  state.step = n;
  const values = board.blank();
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
    const start = board.givens.some((g) => g !== UNKNOWN) ? "The grid with the puzzle's given cells" : "The empty grid";
    setSentence(steps.length ? `${start}. Step through the explanation with ▶, or press Play.` : "Nothing to explain.");
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

/** The lines a step comes from, to band them. */
export function stepLines(step) {
  if (step.kind === "line" || (step.kind === "contradiction" && step.line)) {
    return [{ line: step.line, index: step.index }];
  }
  if (step.kind === "probe") return [step.contradiction];
  if (step.if_filled) return [step.if_filled, step.if_empty];
  return [];
}

export function togglePlaying() {
  if (state.playing) return stopPlaying();
  if (state.step >= state.steps.length) showStep(0);
  $("step-play").textContent = "⏸ Pause";
  $("step-play").setAttribute("aria-label", "Pause");
  state.playing = setInterval(() => {
    if (state.step >= state.steps.length) return stopPlaying();
    showStep(state.step + 1);
  }, 450);
}

export function stopPlaying() {
  if (state.playing) clearInterval(state.playing);
  state.playing = null;
  $("step-play").textContent = "▶ Play";
  $("step-play").setAttribute("aria-label", "Play the steps");
}

registerMode("explain", { enter: enterExplain, leave: stopPlaying });

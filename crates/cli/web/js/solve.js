// Solve: the verdict, the solutions, where they differ; Cancel stops a solve at once.

import { api, inBrowser } from "./api.js";
import { UNKNOWN } from "./board.js";
import { $, el, formatMs, isAbort, setSentence, setVerdict, showError } from "./dom.js";
import { registerMode } from "./modes.js";
import { board, sourceBody, state } from "./state.js";

function enterSolve() {
  if (state.solved) showSolved(state.solved);
  else setSentence("Press Solve to solve the puzzle.");
}

registerMode("solve", { enter: enterSolve });

export async function solve() {
  if (!state.puzzle) return showError("Load a puzzle first.");
  cancelSolve();
  const deduce = $("deduce").checked;
  const body = sourceBody({
    timeout: Number($("timeout").value) || 10,
    name: state.puzzle.title || "page",
  });
  if (!deduce) {
    body.solutions = Number($("solutions").value) || 2;
    body.engine = $("engine").value;
  }
  const abort = new AbortController();
  const generation = state.generation;
  state.solveAbort = abort;
  $("solve").disabled = true;
  $("cancel").disabled = false;
  setSentence("");
  // A long solve says that it is working, and for how long.
  const started = performance.now();
  const tick = () => setVerdict("working", `solving… ${Math.floor((performance.now() - started) / 1000)} s`);
  tick();
  const ticker = setInterval(tick, 1000);
  try {
    const answer = await (deduce ? api.deduce : api.solve)(body, { signal: abort.signal });
    if (generation !== state.generation) return;
    state.solved = answer;
    if (answer.status === "unique" && !deduce) state.solution = answer.solutions[0];
    if (state.mode === "solve") showSolved(answer);
  } catch (error) {
    if (isAbort(error)) {
      if (generation === state.generation && state.mode === "solve") {
        setVerdict("", "cancelled");
        setSentence("The solve was cancelled.");
      }
    } else {
      setVerdict("error", "error");
      showError(error.message);
    }
  } finally {
    clearInterval(ticker);
    if (state.solveAbort === abort) {
      state.solveAbort = null;
      $("solve").disabled = false;
      $("cancel").disabled = true;
    }
  }
}

/**
 * Cancels the solve under way, at once: the server stops it when its request is aborted, and
 * in the browser its worker is terminated.
 */
export function cancelSolve() {
  if (state.solveAbort) state.solveAbort.abort();
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

export function showSolution(i) {
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

/** Fills the engine list from `info`: an engine this build lacks is shown, disabled, and said. */
export function showEngines(info) {
  for (const option of $("engine").options) {
    const missing = (info.unavailable_engines || []).includes(option.value);
    option.disabled = missing;
    if (missing) option.textContent = `${option.value} (not in this build)`;
  }
  const where = inBrowser
    ? "Solving runs in this browser (WebAssembly, one thread per solve): nothing is sent anywhere."
    : "Solving runs in the nonogram server on this computer, one thread per solve.";
  $("backend-info").textContent = where;
}

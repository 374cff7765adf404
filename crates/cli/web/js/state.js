// The page's state: the puzzle that solve, play and understand share, what each mode keeps,
// and the board they all draw on; and loading a puzzle into it.
//
// It knows no mode: a module that must act when a puzzle loads subscribes with `onLoad`, so
// that every mode may import this one and this one imports none of them (no import circle).

import { api } from "./api.js";
import { Board } from "./board.js";
import { $, el, showError } from "./dom.js";

export const state = {
  mode: "play",
  // Counts the puzzles loaded: an answer about an earlier puzzle is dropped.
  generation: 0,
  info: null,
  examples: [],
  // The puzzle solve, play and understand work on: its file text and how to read it.
  // `example` is the shipped example's id, `label` what Play calls the puzzle (today's), and
  // `difficulty` its rating when known (a generated puzzle's).
  source: null, // {text, format, index, attribution, example?, label?, difficulty?}
  puzzle: null, // as the API's parse gives it
  solved: null, // the last solve answer for this puzzle
  solveAbort: null,
  // Play (js/play.js keeps the rest of its game)
  playGrid: null,
  solution: null, // palette rows of the unique solution, when known
  hintStep: null,
  // Understand
  steps: [],
  step: 0,
  playing: null,
  explained: null,
  // Make
  // Make (js/studio.js keeps the picture, js/make.js the verdict): rows of palette symbols,
  // the palette, the colour and tool chosen, the aim ("any" or "easy"), the title.
  make: {
    width: 10, height: 10, rows: null, palette: null, colour: 1, tool: "pen", aim: "any", title: "",
    answer: null, abort: null,
  },
};

/** The board every mode draws on; app.js says what an edit does. */
export const board = new Board($("board"));

const loadListeners = [];

/** Calls `listener()` each time a puzzle has loaded, after the state holds it. */
export function onLoad(listener) {
  loadListeners.push(listener);
}

/** A request about the loaded puzzle, with `extra` fields. */
export function sourceBody(extra = {}) {
  return {
    puzzle: state.source.text,
    format: state.source.format,
    index: state.source.index,
    ...extra,
  };
}

/**
 * Reads `source` ({text, format, index, attribution, ...}) and makes it the page's puzzle;
 * resolves to whether it did (a failure is shown as the page's error, prefixed with `failure`).
 */
export async function loadSource(source, failure = "Cannot load the puzzle") {
  try {
    await readSource(source);
    return true;
  } catch (error) {
    showError(`${failure}: ${error.message}`);
    return false;
  }
}

/** As `loadSource`, but a failure is thrown (the API's error), not shown. */
export async function readSource(source) {
  const answer = await api.parse({
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
  state.steps = [];
  state.explained = null;
  // The example list shows the example loaded, and nothing for any other puzzle, so that
  // choosing an example again (after a paste, say) is a change and loads it.
  $("example").value = source.example || "";
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
  for (const listener of loadListeners) listener();
}

/** The formats that write a triangle puzzle (docs/formats.md): the others refuse it. */
const TRIANGLE_FORMATS = ["g", "json"];

function describePuzzle() {
  const p = state.puzzle;
  // A triangle puzzle's download is offered only in a format that holds its caps.
  const download = $("download-format");
  for (const option of download.options) {
    option.disabled = Boolean(p.triangles) && !TRIANGLE_FORMATS.includes(option.value);
  }
  if (download.selectedOptions[0] && download.selectedOptions[0].disabled) {
    // Remember the choice the triangle puzzle overrode, to give it back to the next puzzle.
    download.dataset.overridden = download.value;
    download.value = "json";
  } else if (!p.triangles && download.dataset.overridden && download.value === "json") {
    download.value = download.dataset.overridden;
  }
  if (!p.triangles) delete download.dataset.overridden;
  const parts = [`${p.width}×${p.height}`, `read as ${state.source.format}`];
  const given = (p.givens || []).reduce((n, row) => n + [...row].filter((ch) => ch !== "?").length, 0);
  if (given) parts.push(`${given} given ${given === 1 ? "cell" : "cells"} (framed)`);
  if (p.title) parts.unshift(p.title);
  if (p.author) parts.push(`by ${p.author}`);
  $("puzzle-info").textContent = parts.join(" · ");
  const credits = [];
  if (p.copyright) credits.push(p.copyright);
  if (p.license) credits.push(`licence: ${p.license}`);
  if (state.source.attribution) credits.push(state.source.attribution);
  $("attribution").textContent = credits.join(" · ");
}

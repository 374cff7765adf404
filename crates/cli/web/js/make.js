// Make: an author's studio (js/studio.js draws; this module judges). After every edit the
// picture goes to the API's `make` in a worker, the edit before it cancelled (its worker
// terminated), and the verdict comes back: unique or not, with the cells where two solutions
// differ outlined; the difficulty as Understand rates it; the cells line solving leaves
// undecided; and the disambiguation map, every one-cell change that decides more of them,
// drawn as a heat map on the cells and listed best first, each a button that makes the change
// (one undo step). Aiming at "easy" (line solving alone) marks the undecided cells: what keeps
// the picture from it. Publishing opens the puzzle in Play, or copies a link to it (its clues,
// never the picture).
//
// Given cells are suggested too when the puzzle file chosen for the download stores them
// (json, tatham), as `nonogram make --to` does.

import { api } from "./api.js";
import { $, capitalise, clamp, el, isAbort, setSentence, setVerdict, showError } from "./dom.js";
import { registerMode, setMode } from "./modes.js";
import { fragmentOf, maxFragment } from "./share.js";
import { board, loadSource, state } from "./state.js";
import {
  BLACK_AND_WHITE, changeCells, drawStudio, madeFile, MAX_SIDE, newCanvas, pictureShape, replacePicture,
  restoreStudio, saveStudio, whenEdited,
} from "./studio.js";

/** The most changes of the map listed (the heat map draws them all). */
const LISTED = 12;

function enterMake() {
  if (!state.make.rows) restoreStudio();
  $("make-width").value = state.make.width;
  $("make-height").value = state.make.height;
  drawStudio();
  if (state.make.answer) showMade(state.make.answer);
  else checkPicture();
}

registerMode("make", { enter: enterMake, ownBoard: true });
whenEdited(() => checkPicture());

/** Whether the palette is plain black and white (the API's make then takes `#` and `.`). */
function blackAndWhite(palette) {
  return palette.length === 2 && palette[0].rgb.toLowerCase() === "#ffffff"
    && palette[1].rgb.toLowerCase() === "#000000" && palette[0].symbol === "." && palette[1].symbol === "#";
}

/**
 * The live verdict: the check before is aborted (its worker stopped), and this one starts at
 * once. `performance` gets the mark `make-edit` and, when its verdict shows, the measure
 * `make-verdict` (the studio benchmark reads it).
 */
export async function checkPicture() {
  const make = state.make;
  if (make.abort) make.abort.abort();
  const abort = new AbortController();
  make.abort = abort;
  make.answer = null;
  performance.mark("make-edit");
  setVerdict("working", "checking…");
  const rows = make.rows;
  const palette = make.palette;
  try {
    const to = $("download-format").value || undefined;
    const request = { picture: rows, to, timeout: 10 };
    if (!blackAndWhite(palette)) request.palette = palette.map(({ name, rgb, symbol }) => ({ name, rgb, symbol }));
    if (make.title) request.title = make.title;
    const answer = await api.make(request, { signal: abort.signal });
    if (make.abort !== abort) return;
    make.abort = null;
    make.answer = { ...answer, rows };
    if (state.mode === "make") {
      showMade(make.answer);
      performance.measure("make-verdict", "make-edit");
    }
  } catch (error) {
    if (!isAbort(error) && make.abort === abort) {
      make.abort = null;
      setVerdict("error", "error");
      showError(error.message);
    }
  }
}

/** The verdict, the difficulty, the undecided cells and the map, on the page. */
function showMade(answer) {
  const { sentence, marks, legend } = answer.unique === false ? suggestionsShown(answer.suggestions) : { sentence: "", marks: {}, legend: "" };
  const undecided = answer.undecided || [];
  const easy = state.make.aim === "easy";
  const shown = { ...marks };
  if (answer.unique === false) shown.differ = answer.differing_cells;
  if (easy) shown.undecided = undecided;
  board.mark(shown);
  showHeat(answer);
  showDifficulty(answer);
  showAim(answer);
  const legends = [];
  if (answer.unique === true) {
    setVerdict("good", "unique: the clues give back this picture");
    const blank = answer.nearly_blank;
    const filled = answer.rows.reduce((n, row) => n + [...row].filter((ch) => ch !== state.make.palette[0].symbol).length, 0);
    if (!filled) setSentence("An empty picture: draw something.");
    else if (blank) {
      // Unique, and saying nothing: a dark or faint image, most likely.
      const how = blank.mostly === "filled" ? "nearly all filled" : "nearly empty";
      const help = blank.mostly === "filled"
        ? "From an image? Try Invert, or a lower darkness threshold."
        : "From an image? Try a higher darkness threshold, or Invert.";
      setSentence(`The picture is ${how} (${blank.filled} of ${blank.cells} cells filled): its clues say little. ${help}`);
    } else setSentence("Every solver who follows the clues ends with your picture.");
  } else if (answer.unique === null) {
    setVerdict("warn", "uniqueness not decided in time");
    setSentence("The check ran out of time; try a smaller picture or draw on.");
  } else {
    setVerdict("warn", `not unique: ${answer.differing_cells.length} cells could go either way`);
    setSentence(sentence);
    legends.push("Orange outline: cells where two solutions differ.", legend);
  }
  if (answer.map && answer.map.changes.length) legends.push("Warm tint: how much a change of that cell decides (see the list).");
  if (easy && undecided.length) legends.push("Hatched: cells line solving leaves undecided.");
  $("legend").textContent = legends.filter(Boolean).join(" ");
}

/** "Difficulty: …" and the undecided count, in the Make panel. */
function showDifficulty(answer) {
  const undecided = (answer.undecided || []).length;
  const cells = answer.width * answer.height;
  let text;
  // "easy: line-solvable in 3 sweeps", "medium: needs probing (2 probes)", "hard: needs search…"
  if (answer.unique === true && answer.level) text = `Difficulty: ${answer.level}: ${answer.rating}.`;
  else if (answer.unique === true) text = "Difficulty: not rated in time.";
  else text = "Difficulty: none yet (not unique).";
  text += undecided
    ? ` Line solving leaves ${undecided} of ${cells} cells undecided.`
    : " Line solving decides every cell.";
  $("make-difficulty").textContent = text;
}

/** For the "easy" aim: what keeps the picture from it, or that it is there. */
function showAim(answer) {
  const note = $("make-aim-note");
  if (state.make.aim !== "easy") {
    note.textContent = "";
    return;
  }
  const undecided = (answer.undecided || []).length;
  if (!undecided && answer.unique === true) note.textContent = "Easy: line solving alone gives this picture.";
  else if (!undecided) note.textContent = "Line solving decides every cell, but the check did not finish.";
  else {
    const best = answer.map && answer.map.changes[0];
    const hint = best ? ` The first change listed leaves ${best.undecided_after}.` : "";
    note.textContent = `Not easy yet: the ${undecided} hatched ${undecided === 1 ? "cell keeps" : "cells keep"} it from line solving.${hint}`;
  }
}

/** The map as a tint on the cells (each cell its best change's score) and as a ranked list. */
function showHeat(answer) {
  const list = $("make-map");
  const box = $("make-map-box");
  list.replaceChildren();
  const map = answer.map || { changes: [], complete: true };
  const changes = map.changes;
  const undecided = (answer.undecided || []).length;
  box.hidden = !changes.length && !undecided;
  const top = changes.length ? changes[0].score : 1;
  const heat = new Map();
  for (const change of changes) {
    const i = change.row * answer.width + change.col;
    heat.set(i, Math.max(heat.get(i) || 0, change.score / top));
  }
  board.setHeat(heat);
  const summary = $("make-map-summary");
  if (!undecided) summary.textContent = "";
  else if (!changes.length) {
    summary.textContent = `No one-cell change decides more of the ${undecided} undecided cells: change two or more.`;
  } else {
    const cut = map.complete ? "" : " (among the cells judged within the time limit)";
    summary.textContent = `${changes.length} one-cell ${changes.length === 1 ? "change decides" : "changes decide"} more of the ${undecided} undecided cells${cut}. The best first:`;
  }
  for (const change of changes.slice(0, LISTED)) {
    const item = el("li");
    const button = el("button", { type: "button", class: "suggestion" });
    button.textContent = `${changeWords(change)}: decides ${change.score} of ${undecided}`;
    button.dataset.row = change.row;
    button.dataset.col = change.col;
    button.addEventListener("click", () => applyChange(change, answer));
    item.append(button);
    list.append(item);
  }
}

/** "Change row 3 column 4 to filled", in the palette's words. */
function changeWords(change) {
  const palette = state.make.palette;
  let to;
  if (change.colour !== undefined) {
    const entry = palette.find((e) => e.symbol === change.colour);
    to = entry ? (entry === palette[0] ? "empty" : entry.name) : change.colour;
  } else to = change.filled ? "filled" : "empty";
  return `Change row ${change.row + 1} column ${change.col + 1} to ${to}`;
}

/** A change of the map made on the picture: one undo step, and a new verdict. */
export function applyChange(change, answer = state.make.answer) {
  const palette = state.make.palette;
  let value;
  if (change.colour !== undefined) value = palette.findIndex((e) => e.symbol === change.colour);
  else value = change.filled ? 1 : 0;
  if (value < 0 || !answer || answer.width !== board.width) return;
  const i = change.row * board.width + change.col;
  changeCells([[i, board.values[i], value]]);
}

/**
 * The fixes a verdict suggests, in words and as board marks: givens (present only when the
 * download format stores them), else single changes, else pairs of changes (the first pair
 * drawn, the others counted), as `nonogram make` reports them.
 */
function suggestionsShown(s) {
  const parts = [];
  const marks = {};
  const legend = [];
  const offered = Array.isArray(s.givens);
  if (offered && s.givens_verified) {
    const cells = s.givens.length === 1 ? "the cell with a dot" : `the ${s.givens.length} cells with dots`;
    parts.push(`revealing ${cells} as givens makes it unique`);
    marks.given = s.givens.map((g) => [g.row, g.col]);
    legend.push("Green dot: a cell to give.");
  }
  const or = parts.length ? "or " : "";
  if (s.flips.length) {
    parts.push(`${or}changing any one ringed cell does`);
    marks.flip = s.flips;
    legend.push("Dotted ring: a cell to change.");
  } else if ((s.flip_pairs || []).length) {
    const others = s.flip_pairs.length - 1;
    const more = others ? ` (${others} other ${others === 1 ? "pair" : "pairs"} would too)` : "";
    parts.push(`${or}changing both ringed cells together does, where no single change does${more}`);
    marks.pair = s.flip_pairs[0];
    legend.push("Dashed ring: two cells to change together.");
  }
  let sentence = parts.length
    ? capitalise(parts.join(", ")) + "."
    : "No change of one or two cells was found; change the outlined area.";
  if (offered && !s.givens_verified) sentence += " No set of given cells was found within the limits.";
  if (!offered) {
    const formats = (state.info?.formats || []).filter((f) => f.writable && f.givens).map((f) => f.name);
    const which = formats.length ? formats.join(" or ") : "a format that stores them";
    sentence += ` Given cells could fix it too: choose ${which} as the puzzle file to see them.`;
  }
  if (s.timed_out) sentence += " (The time limit cut the search for fixes short.)";
  return { sentence, marks, legend: legend.join(" ") };
}

// The controls -------------------------------------------------------------------------------

/** The size boxes' new grid, blank. */
export function newPicture() {
  const width = clamp(Number($("make-width").value) || 10, 1, MAX_SIDE);
  const height = clamp(Number($("make-height").value) || 10, 1, MAX_SIDE);
  $("make-width").value = width;
  $("make-height").value = height;
  newCanvas(width, height);
}

export function setAim(aim) {
  state.make.aim = aim === "easy" ? "easy" : "any";
  saveStudio();
  if (state.make.answer) showMade(state.make.answer);
}

export function setTitle(title) {
  state.make.title = title;
  saveStudio();
  board.setClues(pictureShape());
}

/** A picture from an image (scaled to the chosen width, its proportions kept) or a text file. */
export async function uploadPicture(file) {
  if (!file) return;
  try {
    const width = clamp(Number($("make-width").value) || state.make.width, 1, MAX_SIDE);
    let height = clamp(Number($("make-height").value) || state.make.height, 1, MAX_SIDE);
    if (file.type.startsWith("image/")) {
      const bitmap = await createImageBitmap(file).catch(() => null);
      if (bitmap) {
        height = clamp((width * bitmap.height) / bitmap.width, 1, MAX_SIDE);
        bitmap.close();
      }
    }
    const answer = await api.picture(file, {
      width,
      height,
      threshold: Number($("make-threshold").value),
      invert: $("make-invert").checked,
    });
    replacePicture(answer.picture, BLACK_AND_WHITE.map((e) => ({ ...e })));
  } catch (error) {
    showError(`Cannot use that picture: ${error.message}`);
  }
}

/** The drawing as a puzzle to play. */
export async function playMade() {
  if (await loadSource({ text: madeFile(false), format: "json", index: 0, attribution: "made on this page" })) {
    setMode("play");
  }
}

/** A link that opens the made puzzle in Play: shown, and copied when the browser lets it. */
export async function shareMade() {
  const fragment = fragmentOf(madeFile(false));
  const limit = state.info ? state.info.limits.max_body_bytes : 1024 * 1024;
  if (fragment.length > maxFragment(limit)) return showError(`This puzzle is too large for a link (over ${limit} bytes).`);
  const url = `${location.origin}${location.pathname}${location.search}#${fragment}`;
  const field = $("make-share-link");
  const note = $("make-share-note");
  $("make-share-box").hidden = false;
  field.value = url;
  note.textContent = "Anyone who opens this link plays this puzzle: its clues, never your picture.";
  try {
    await navigator.clipboard.writeText(url);
    note.textContent = "Link copied. Anyone who opens it plays this puzzle: its clues, never your picture.";
  } catch {
    field.focus();
    field.select();
  }
}

// Make: draw a picture (or start from an image) and see, as you draw, whether its clues have
// one solution, and if not, which cells would make them so. As `nonogram make --to FORMAT`, given
// cells are suggested only when the format chosen for the download stores them (json, tatham);
// otherwise changes to the picture: one cell, or when no single change does, a pair.

import { api } from "./api.js";
import { $, capitalise, clamp, isAbort, setSentence, setVerdict, showError } from "./dom.js";
import { registerMode, setMode } from "./modes.js";
import { board, loadSource, state } from "./state.js";

const BLACK_AND_WHITE = [
  { name: "white", rgb: "#ffffff", symbol: "." },
  { name: "black", rgb: "#000000", symbol: "#" },
];

/** The made puzzle as the board draws it: the last verdict's, or empty clues. */
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

registerMode("make", { enter: enterMake, ownBoard: true });

/** The value a click with `tool` gives a cell that holds `current`: paint or clear. */
export function makeTarget(current, tool) {
  if (tool === "secondary" || tool === "clear" || tool === "cross") return 0;
  return current === 1 ? 0 : 1;
}

export function newPicture() {
  const width = clamp(Number($("make-width").value) || 10, 1, 200);
  const height = clamp(Number($("make-height").value) || 10, 1, 200);
  $("make-width").value = width;
  $("make-height").value = height;
  state.make = { ...state.make, width, height, rows: Array.from({ length: height }, () => ".".repeat(width)), answer: null };
  enterMake();
}

export function clearPicture() {
  state.make.rows = state.make.rows.map((row) => ".".repeat(row.length));
  board.setRows(state.make.rows);
  pictureChanged();
}

/** The picture was drawn on: check it once the drawing pauses. */
export function pictureChanged() {
  state.make.rows = board.rows().map((row) => row.replaceAll("?", "."));
  setVerdict("working", "checking…");
  clearTimeout(state.make.timer);
  state.make.timer = setTimeout(checkPicture, 250);
}

/** The live verdict: the previous check is aborted (which stops it, wherever it runs). */
async function checkPicture() {
  const make = state.make;
  if (make.abort) make.abort.abort();
  const abort = new AbortController();
  make.abort = abort;
  setVerdict("working", "checking…");
  try {
    const to = $("download-format").value || undefined;
    const answer = await api.make({ picture: make.rows, to, timeout: 5 }, { signal: abort.signal });
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
    const blank = answer.nearly_blank;
    if (!filled) setSentence("An empty picture: draw something.");
    else if (blank) {
      // Unique, and saying nothing: a dark or faint image, most likely.
      const how = blank.mostly === "filled" ? "nearly all filled" : "nearly empty";
      const help = blank.mostly === "filled"
        ? "From an image? Try Invert, or a lower darkness threshold."
        : "From an image? Try a higher darkness threshold, or Invert.";
      setSentence(`The picture is ${how} (${blank.filled} of ${blank.cells} cells filled): its clues say little. ${help}`);
    } else setSentence("Every solver who follows the clues ends with your picture.");
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
  setVerdict("warn", `not unique: ${answer.differing_cells.length} cells could go either way`);
  const { sentence, marks, legend } = suggestionsShown(answer.suggestions);
  setSentence(sentence);
  board.mark({ differ: answer.differing_cells, ...marks });
  $("legend").textContent = `Outlined: cells where two solutions differ. ${legend}`;
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

/** A picture from an image (scaled to the chosen width, its proportions kept) or a text file. */
export async function uploadPicture(file) {
  if (!file) return;
  const make = state.make;
  try {
    let width = make.width;
    let height = make.height;
    if (file.type.startsWith("image/")) {
      const bitmap = await createImageBitmap(file).catch(() => null);
      if (bitmap) {
        height = clamp((width * bitmap.height) / bitmap.width, 1, 200);
        bitmap.close();
      }
    }
    const answer = await api.picture(file, {
      width,
      height,
      threshold: Number($("make-threshold").value),
      invert: $("make-invert").checked,
    });
    $("make-width").value = answer.width;
    $("make-height").value = answer.height;
    state.make = { ...make, width: answer.width, height: answer.height, rows: answer.picture, answer: null };
    enterMake();
  } catch (error) {
    showError(`Cannot use that picture: ${error.message}`);
  }
}

/** The drawing as a puzzle to play. */
export async function playMade() {
  const make = state.make;
  const title = $("make-title").value.trim();
  try {
    const answer = await api.convert({
      puzzle: make.rows.join("\n") + "\n",
      format: "picture",
      to: "non",
      title: title || "new puzzle",
    });
    if (await loadSource({ text: answer.text, format: "non", index: 0, attribution: "made on this page" })) {
      setMode("play");
    }
  } catch (error) {
    showError(error.message);
  }
}

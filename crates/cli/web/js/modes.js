// The four modes (solve, play, understand, make) as tabs over one board.
//
// Each mode registers itself here (`registerMode`), and app.js imports them all: this module
// knows none of them, so a mode may import it (to switch modes) without an import circle.

import { board, onLoad, state } from "./state.js";
import { $, setSentence, setVerdict } from "./dom.js";

/** name -> {enter, leave, ownBoard, editable}. */
const modes = new Map();

/**
 * Registers the mode `name`: `enter()` draws it (on the loaded puzzle, which the board shows
 * first, unless `ownBoard`: Make draws its own picture); `leave()` stops what it runs, when
 * another mode is chosen or another puzzle loads; `editable`: whether the board takes clicks;
 * `drag`: how a drag paints ("line", a straight run, or "free").
 */
export function registerMode(name, { enter, leave = () => {}, ownBoard = false, editable = false, drag = "free" }) {
  modes.set(name, { enter, leave, ownBoard, editable, drag });
}

/** Switches to `mode`: its tab, its controls, its board. */
export function setMode(mode) {
  const before = modes.get(state.mode);
  if (before) before.leave();
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
  enterMode(mode);
}

/** Draws the current mode afresh (after a new puzzle, or on switching to it). */
export function enterMode(mode) {
  const entry = modes.get(mode);
  setVerdict("", "");
  setSentence("");
  $("legend").textContent = "";
  board.setDrag(entry.drag);
  if (entry.ownBoard) return entry.enter();
  if (!state.puzzle) {
    $("board").replaceChildren();
    setSentence("Pick an example, open a file or paste a puzzle.");
    return;
  }
  board.setPuzzle(state.puzzle);
  board.setEditable(entry.editable);
  return entry.enter();
}

// A new puzzle: the mode shown draws it (Make keeps its picture, so the page goes to Solve).
onLoad(() => {
  if (state.mode === "make") return setMode("solve");
  modes.get(state.mode).leave();
  enterMode(state.mode);
});

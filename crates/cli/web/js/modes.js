// The four modes (solve, play, understand, make) as tabs over one board.

import { board, state } from "./state.js";
import { $, setSentence, setVerdict } from "./dom.js";
import { enterSolve } from "./solve.js";
import { enterPlay } from "./play.js";
import { enterExplain, stopPlaying } from "./explain.js";
import { enterMake } from "./make.js";

/** Switches to `mode`: its tab, its controls, its board. */
export function setMode(mode) {
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

/** Draws the current mode afresh (after a new puzzle, or on switching to it). */
export function enterMode(mode) {
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

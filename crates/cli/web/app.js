// The nonogram page: ES modules, no dependencies, no build step, nothing loaded from elsewhere.
//
// Everything the page says about a puzzle comes from the API (js/api.js: the local server, or
// the same library as WebAssembly in this browser); the page only draws it and keeps the
// player's grid. This module wires the controls to the modes and opens the first puzzle:
//
//   js/api.js       the transport: one function per operation
//   js/worker.js    the Web Worker that runs the WebAssembly (static site only)
//   js/state.js     the puzzle the modes share, and loading one
//   js/board.js     drawing the grid and its clues, and editing cells (strokes)
//   js/modes.js     the tabs; each mode registers itself there
//   js/solve.js, js/play.js, js/explain.js, js/make.js    one mode each
//   js/lines.js     whether a line is done, or can still be finished (Play's clues)
//   js/history.js   undo and redo
//   js/store.js     what the browser keeps: each puzzle's progress, the Checks
//   js/share.js     a puzzle in a link's fragment
//   js/today.js     today's puzzle: the rule that picks it from the date
//   js/library.js   where Play's puzzles come from: today's, a link, the puzzles kept
//   js/download.js  files and drawings to save
//   js/dom.js       small helpers
//
// The imports run one way (app.js -> modes -> state -> board, api, dom): no module imports one
// that imports it back. The static site also has sw.js, the service worker that keeps it
// working offline, and manifest.webmanifest, which makes it an app to install.

import { api, inBrowser, whenAnswered } from "./js/api.js";
import { $, el, setSentence, showError, succeeded } from "./js/dom.js";
import { downloadDrawing, downloadFile } from "./js/download.js";
import { showStep, stopPlaying, togglePlaying } from "./js/explain.js";
import { openFirst, openToday, share, showLibrary } from "./js/library.js";
import { clearPicture, makeTarget, newPicture, pictureChanged, playMade, uploadPicture } from "./js/make.js";
import { setMode } from "./js/modes.js";
import {
  applyHint, hint, newPuzzle, playTarget, played, redo, resetPlay, setCheck, showPickedColour, stroked, undo,
} from "./js/play.js";
import { cancelSolve, showEngines, showSolution, solve } from "./js/solve.js";
import { board, loadSource, state } from "./js/state.js";

// An answer that comes back clears an error shown before its request: it is out of date.
whenAnswered(succeeded);

// What an edit of the board means depends on the mode.
board.onEdit = {
  target: (current, tool) => (state.mode === "make" ? makeTarget(current, tool) : playTarget(current, tool)),
  changed: (r, c) => {
    if (state.mode === "make") pictureChanged();
    else if (state.mode === "play") played(r, c);
  },
  stroke: (changes) => {
    if (state.mode === "play") stroked(changes);
  },
};

function selectedTool() {
  const checked = document.querySelector("input[name=tool]:checked");
  return checked ? checked.value : "fill";
}

function wire() {
  board.tool = selectedTool;
  for (const tab of document.querySelectorAll(".modes [role=tab]")) {
    tab.addEventListener("click", () => setMode(tab.dataset.mode));
    tab.addEventListener("keydown", (event) => {
      const tabs = [...document.querySelectorAll(".modes [role=tab]")];
      const i = tabs.indexOf(tab);
      const next = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
      if (next) {
        const target = tabs[(i + next + tabs.length) % tabs.length];
        target.focus();
        setMode(target.dataset.mode);
      }
    });
  }
  $("example").addEventListener("change", () => {
    const example = state.examples.find((e) => e.id === $("example").value);
    if (example) {
      loadSource({
        text: example.text,
        format: example.format,
        index: 0,
        attribution: `${example.file}: ${example.attribution}`,
        example: example.id,
      });
    }
  });
  $("file").addEventListener("change", async () => {
    const file = $("file").files[0];
    if (!file) return;
    if (file.size > (state.info ? state.info.limits.max_body_bytes - 4096 : 1e6)) {
      return showError("That file is larger than the page accepts.");
    }
    loadSource({ text: await file.text(), format: "", index: 0, attribution: file.name });
  });
  $("load-paste").addEventListener("click", () =>
    loadSource({ text: $("paste").value, format: $("format").value, index: 0, attribution: "" }));
  $("index").addEventListener("change", () =>
    loadSource({ ...state.source, index: Number($("index").value) }));
  $("solve").addEventListener("click", solve);
  $("cancel").addEventListener("click", cancelSolve);
  $("solution-index").addEventListener("change", () => showSolution(Number($("solution-index").value)));
  $("hint").addEventListener("click", hint);
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("today").addEventListener("click", () => openToday());
  $("share").addEventListener("click", share);
  $("finish-share").addEventListener("click", share);
  $("finish-new").addEventListener("click", newPuzzle);
  $("play-colour").addEventListener("change", showPickedColour);
  for (const name of ["done", "clash", "mistakes", "clock"]) {
    $(`check-${name}`).addEventListener("change", () => setCheck(name, $(`check-${name}`).checked));
  }
  $("library").addEventListener("toggle", () => { if ($("library").open) showLibrary(); });
  $("apply-hint").addEventListener("click", applyHint);
  $("reset-play").addEventListener("click", resetPlay);
  $("new-puzzle").addEventListener("click", newPuzzle);
  $("step-first").addEventListener("click", () => { stopPlaying(); showStep(0); });
  $("step-prev").addEventListener("click", () => { stopPlaying(); showStep(state.step - 1); });
  $("step-next").addEventListener("click", () => { stopPlaying(); showStep(state.step + 1); });
  $("step-last").addEventListener("click", () => { stopPlaying(); showStep(state.steps.length); });
  $("step-play").addEventListener("click", togglePlaying);
  $("step-range").addEventListener("input", () => { stopPlaying(); showStep(Number($("step-range").value)); });
  $("make-new").addEventListener("click", newPicture);
  $("make-clear").addEventListener("click", clearPicture);
  $("make-image").addEventListener("change", () => uploadPicture($("make-image").files[0]));
  // A new threshold or inversion redraws the picture from the image last chosen.
  for (const id of ["make-threshold", "make-invert"]) {
    $(id).addEventListener("change", () => uploadPicture($("make-image").files[0]));
  }
  $("make-play").addEventListener("click", playMade);
  // Make suggests given cells only for a puzzle file that stores them: check again.
  $("download-format").addEventListener("change", () => { if (state.mode === "make") pictureChanged(); });
  $("download-file").addEventListener("click", downloadFile);
  $("download-svg-blank").addEventListener("click", () => downloadDrawing("svg", "blank"));
  $("download-png-blank").addEventListener("click", () => downloadDrawing("png", "blank"));
  $("download-svg").addEventListener("click", () => downloadDrawing("svg", "solution"));
  $("download-png").addEventListener("click", () => downloadDrawing("png", "solution"));
}

/** The static site keeps working offline: its service worker caches every file it needs. */
async function keepOffline() {
  if (!inBrowser || !("serviceWorker" in navigator)) return;
  try {
    await navigator.serviceWorker.register("sw.js");
    await navigator.serviceWorker.ready;
    document.body.dataset.offline = "ready";
  } catch (error) {
    // The page works without it (a host without HTTPS, a private window): only offline use is lost.
    console.warn("no offline copy of the page:", error);
  }
}

/** On a wide screen the folded controls start open; on a phone they stay out of the way. */
function unfold() {
  if (!matchMedia("(max-width: 760px)").matches) {
    for (const id of ["checks", "library"]) $(id).open = true;
  }
}

async function start() {
  wire();
  unfold();
  setMode("play");
  setSentence("Opening a puzzle…");
  try {
    const [info, examples] = await Promise.all([api.info(), api.examples()]);
    state.info = info;
    state.examples = examples;
    for (const example of examples) {
      const option = el("option", { value: example.id });
      option.textContent = `${example.title}`;
      $("example").append(option);
    }
    for (const format of info.formats) {
      const option = el("option", { value: format.name });
      option.textContent = format.name;
      $("format").append(option.cloneNode(true));
      if (format.writable) $("download-format").append(option);
    }
    $("timeout").max = info.limits.max_time_s;
    $("solutions").max = info.limits.max_solutions;
    showEngines(info);
    // The puzzle the page opens on: a link's, the one being played, or today's.
    await openFirst();
  } catch (error) {
    showError(inBrowser ? `The solver does not start: ${error.message}` : `The server does not answer: ${error.message}`);
  }
  document.body.dataset.ready = "true";
  // When the page became usable (its first puzzle drawn), for the benchmark of time to
  // interactive.
  performance.mark("nonogram-ready");
  keepOffline();
}

start();

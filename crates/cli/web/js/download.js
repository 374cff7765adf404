// Downloads: the puzzle (loaded or made) as a file in any writable format, drawn as SVG or
// PNG, blank to print or solved, or as a PDF to print (`nonogram render --output pdf`'s
// booklet: the puzzle blank, and its solution page if asked; the browser build prints it in
// WebAssembly too).

import { api } from "./api.js";
import { $, el, showError } from "./dom.js";
import { sourceBody, state } from "./state.js";
import { madeFile } from "./studio.js";

/** The puzzle a download is of: the made picture in Make mode, the loaded puzzle otherwise. */
function downloadSource() {
  if (state.mode === "make") {
    const title = $("make-title").value.trim();
    return {
      body: { puzzle: madeFile(), format: "json" },
      title: title || "new puzzle",
    };
  }
  if (!state.source) return null;
  return { body: sourceBody(), title: state.puzzle.title || "puzzle" };
}

function fileName(title, extension) {
  const base = title.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "puzzle";
  return `${base}.${extension}`;
}

function save(blob, name) {
  const url = URL.createObjectURL(blob);
  const link = el("a", { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

export async function downloadFile() {
  const source = downloadSource();
  if (!source) return showError("Load or draw a puzzle first.");
  const to = $("download-format").value;
  try {
    // A shared puzzle file does not give its answer away unless asked (`--no-solution` is the
    // command line's way); the picture format is nothing but the solution, so it always has it.
    const body = { ...source.body, to };
    if (!$("download-solution").checked && to !== "picture") body.solution = false;
    if (state.mode === "make") body.title = source.title;
    const answer = await api.convert(body);
    const extension = answer.extension === "txt" ? `${answer.format}.txt` : answer.extension;
    save(new Blob([answer.text], { type: "text/plain" }), fileName(source.title, extension));
  } catch (error) {
    showError(error.message);
  }
}

export async function downloadDrawing(kind, what) {
  const source = downloadSource();
  if (!source) return showError("Load or draw a puzzle first.");
  try {
    const blob = await api.render({ ...source.body, kind, what, timeout: 20 });
    save(blob, fileName(source.title + (what === "blank" ? "" : "-solved"), kind));
  } catch (error) {
    showError(error.message);
  }
}

/** The puzzle as a PDF on the chosen paper: blank, then (with `solutions`) its solution page. */
export async function downloadBooklet(solutions) {
  const source = downloadSource();
  if (!source) return showError("Load or draw a puzzle first.");
  try {
    const body = { ...source.body, paper: $("download-paper").value, solutions };
    // A loaded file may hold several puzzles: print the one on the board.
    if (body.index === undefined) body.index = 0;
    if (solutions) body.timeout = 20;
    const blob = await api.booklet(body);
    save(blob, fileName(source.title + (solutions ? "-with-solution" : ""), "pdf"));
  } catch (error) {
    showError(error.message);
  }
}

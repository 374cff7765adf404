// Downloads: the puzzle (loaded or made) as a file in any writable format, or drawn as SVG or
// PNG, blank to print or solved.

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

// A puzzle in a link: the address's fragment, `#p=` and the puzzle as our JSON format
// (docs/formats.md) in base64url. The fragment never leaves the browser (it is not sent to a
// server), so a link works on the static site with no server at all, and the puzzle is read
// by the same `parse` as a pasted one.
//
// Why JSON: of the formats we read, it alone holds colours, triangle caps and given cells,
// and a title;
// written as small as it goes (plain numbers for black and white, `"3r"` runs in colour), a
// 30×30 puzzle is about 1.5 kB of link. It carries the clues and never the solution: the text
// is written here from the clues the page shows, not from the file, which may hold a goal.
//
// A link is someone else's input: its fragment is checked for size before it is decoded, must
// be base64url of UTF-8, and is parsed only as JSON by the API, which refuses anything else in
// one sentence. Nothing of it is ever put into the page as HTML.

/** The fragment's key for a puzzle. */
const KEY = "p=";

/** The puzzle (as `parse` gives it) as the JSON text a link carries: clues, no solution. */
export function shareText(puzzle) {
  const palette = puzzle.palette;
  const plain = palette.length === 2
    && palette[0].rgb.toLowerCase() === "#ffffff" && palette[1].rgb.toLowerCase() === "#000000";
  const out = {};
  for (const key of ["title", "author", "copyright", "license"]) {
    if (puzzle[key]) out[key] = puzzle[key];
  }
  // A triangle puzzle says so instead of a palette, and writes a capped run as `.g` does, the
  // caps' diagonals around its number: `"/4\\"` (◢ and ◤ are `/`, ◥ and ◣ `\`).
  if (puzzle.triangles) out.triangles = true;
  else if (!plain) out.palette = palette.map(({ name, rgb, symbol }) => ({ name, rgb, symbol }));
  const names = new Set(palette.map((entry) => entry.name));
  const diagonal = (cap) => (cap === undefined ? "" : cap === 2 || cap === 3 ? "/" : "\\");
  const run = ({ length, colour, start, end }) => {
    if (puzzle.triangles) {
      return start === undefined && end === undefined ? length : `${diagonal(start)}${length}${diagonal(end)}`;
    }
    if (palette.length === 2) return length;
    const { name, symbol } = palette[colour];
    // "3r" reads r as a name first, then as a symbol: the symbol alone only where no name
    // and no digit can be mistaken for it.
    if (/^[^\d\s]$/.test(symbol) && (!names.has(symbol) || symbol === name)) return `${length}${symbol}`;
    return { length, colour: name };
  };
  out.rows = puzzle.rows.map((clue) => clue.map(run));
  out.columns = puzzle.columns.map((clue) => clue.map(run));
  if (puzzle.givens) {
    out.givens = plain
      ? puzzle.givens.map((row) => [...row].map((ch) => (ch === "?" ? "?" : ch === palette[0].symbol ? "." : "#")).join(""))
      : puzzle.givens;
  }
  return JSON.stringify(out);
}

/** The fragment (without `#`) that carries `text`. */
export function fragmentOf(text) {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return KEY + btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The longest fragment that can carry a puzzle of `maxBytes` bytes. */
export function maxFragment(maxBytes) {
  return KEY.length + Math.ceil(maxBytes / 3) * 4;
}

/**
 * The puzzle text a fragment (without `#`) carries; null for an empty fragment. Throws an
 * Error whose message is one sentence for a fragment that is not a puzzle link or is larger
 * than `maxBytes` of puzzle.
 */
export function textOfFragment(fragment, maxBytes) {
  if (!fragment) return null;
  if (!fragment.startsWith(KEY)) {
    throw new Error("the address has no puzzle after its #: a puzzle link ends in #p= and the puzzle");
  }
  if (fragment.length > maxFragment(maxBytes)) {
    throw new Error(`its puzzle is larger than the page accepts (${maxBytes} bytes)`);
  }
  const data = fragment.slice(KEY.length);
  if (!/^[A-Za-z0-9_-]*$/.test(data) || data.length % 4 === 1) {
    throw new Error("the link is damaged: its puzzle is not base64url");
  }
  const binary = atob(data.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new Error("the link is damaged: its puzzle is not UTF-8 text");
  }
}

/**
 * A short name for a puzzle by its clues, palette and givens (not its title, which does not
 * change the game): the key its progress is kept under. 53 bits of a string hash (cyrb53), so
 * two different puzzles practically never share one.
 */
export function puzzleKey(puzzle) {
  // A triangle run's caps after it (`4.1<2>5`); any other run as it always was, so that the
  // keys of games already kept stay the same.
  const caps = (run) => (run.start !== undefined ? `<${run.start}` : "") + (run.end !== undefined ? `>${run.end}` : "");
  const clue = (c) => c.map((run) => `${run.length}.${run.colour}${caps(run)}`).join(",");
  const text = [
    puzzle.width, puzzle.height,
    puzzle.palette.map((entry) => entry.rgb.toLowerCase()).join(","),
    puzzle.rows.map(clue).join("/"),
    puzzle.columns.map(clue).join("/"),
    (puzzle.givens || []).join("/"),
  ].join("|");
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

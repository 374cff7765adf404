// The studio's drawing, as plain functions of cells: the shapes its tools paint (a line, a
// rectangle, the region a flood fill covers), the canvas grown or cut on any side, and the
// palette's new entries. No page, no state: each takes what it works on and returns the result,
// so the browser tests can ask them directly.
//
// Cells are row-major indexes (`r * width + c`); a picture is rows of palette symbols.

/** The cells of a straight line from (r0, c0) to (r1, c1), both ends included (Bresenham). */
export function lineCells(width, [r0, c0], [r1, c1]) {
  const out = [];
  const dr = Math.abs(r1 - r0);
  const dc = Math.abs(c1 - c0);
  const sr = r0 < r1 ? 1 : -1;
  const sc = c0 < c1 ? 1 : -1;
  let err = dc - dr;
  let r = r0;
  let c = c0;
  for (;;) {
    out.push(r * width + c);
    if (r === r1 && c === c1) return out;
    const e2 = 2 * err;
    if (e2 > -dr) { err -= dr; c += sc; }
    if (e2 < dc) { err += dc; r += sr; }
  }
}

/** The cells of the rectangle with corners (r0, c0) and (r1, c1): its outline, or all of it. */
export function rectCells(width, [r0, c0], [r1, c1], filled = false) {
  const [top, bottom] = [Math.min(r0, r1), Math.max(r0, r1)];
  const [left, right] = [Math.min(c0, c1), Math.max(c0, c1)];
  const out = [];
  for (let r = top; r <= bottom; r++) {
    for (let c = left; c <= right; c++) {
      if (filled || r === top || r === bottom || c === left || c === right) out.push(r * width + c);
    }
  }
  return out;
}

/**
 * The region a flood fill from (r, c) covers: the cells of the same value as it joined to it
 * through their four sides (not corners, as paint programs do).
 */
export function floodCells(values, width, height, [r, c]) {
  const start = r * width + c;
  const value = values[start];
  const seen = new Uint8Array(values.length);
  const out = [];
  const stack = [start];
  seen[start] = 1;
  while (stack.length) {
    const i = stack.pop();
    out.push(i);
    const ir = Math.floor(i / width);
    const ic = i % width;
    const next = [];
    if (ir > 0) next.push(i - width);
    if (ir + 1 < height) next.push(i + width);
    if (ic > 0) next.push(i - 1);
    if (ic + 1 < width) next.push(i + 1);
    for (const j of next) {
      if (!seen[j] && values[j] === value) {
        seen[j] = 1;
        stack.push(j);
      }
    }
  }
  return out.sort((a, b) => a - b);
}

/**
 * The picture `rows` with a row or column added (`delta` 1, of the background `blank`) or
 * removed (`delta` -1) at `side` ("top", "bottom", "left" or "right"). The last row or column
 * is never removed: the picture is returned unchanged.
 */
export function resized(rows, side, delta, blank) {
  const width = rows[0].length;
  if (side === "top" || side === "bottom") {
    if (delta > 0) {
      const row = blank.repeat(width);
      return side === "top" ? [row, ...rows] : [...rows, row];
    }
    if (rows.length < 2) return rows;
    return side === "top" ? rows.slice(1) : rows.slice(0, -1);
  }
  if (delta > 0) return rows.map((row) => (side === "left" ? blank + row : row + blank));
  if (width < 2) return rows;
  return rows.map((row) => (side === "left" ? row.slice(1) : row.slice(0, -1)));
}

/** Colours a new palette entry starts as, with their names, in the order they are offered. */
const NAMED = [
  ["black", "#000000"], ["red", "#e53935"], ["blue", "#1e88e5"], ["green", "#43a047"],
  ["orange", "#fb8c00"], ["purple", "#8e24aa"], ["brown", "#795548"], ["yellow", "#fdd835"],
  ["grey", "#9e9e9e"], ["pink", "#ec407a"], ["teal", "#00897b"], ["navy", "#1a237e"],
  ["olive", "#827717"], ["maroon", "#880e4f"], ["cyan", "#00bcd4"], ["lime", "#c0ca33"],
];

/** The symbols new entries take, in order: letters a picture's text reads at a glance. */
const SYMBOLS = "#abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWYZ";

/**
 * A new entry for `palette` ([{name, rgb, symbol}], background first): the first named colour
 * it lacks, a symbol and a name no entry has. Null when the palette is full (`max` colours).
 */
export function newEntry(palette, max = 32) {
  if (palette.length - 1 >= max) return null;
  const names = new Set(palette.map((e) => e.name));
  const rgbs = new Set(palette.map((e) => e.rgb.toLowerCase()));
  const symbols = new Set(palette.map((e) => e.symbol));
  const symbol = [...SYMBOLS].find((s) => !symbols.has(s));
  if (!symbol) return null;
  const named = NAMED.find(([name, rgb]) => !names.has(name) && !rgbs.has(rgb));
  if (named) return { name: named[0], rgb: named[1], symbol };
  let k = palette.length;
  while (names.has(`colour ${k}`)) k += 1;
  return { name: `colour ${k}`, rgb: "#607d8b", symbol };
}

/**
 * The name entry `index` of `palette` takes when recoloured to `rgb`: the colour's own name when
 * it is one of ours, else its hex value (a name says what the colour is, in the clues a file
 * writes and in the map's list); with a number after it when another entry has that name.
 */
export function nameFor(palette, index, rgb) {
  const named = NAMED.find(([, value]) => value === rgb.toLowerCase());
  const base = named ? named[0] : rgb.toLowerCase();
  const taken = (name) => palette.some((e, i) => i !== index && e.name === name);
  let name = base;
  for (let k = 2; taken(name); k++) name = `${base} ${k}`;
  return name;
}

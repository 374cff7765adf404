// Undo and redo for Play: a list of steps, each the changes one action made ([cell index,
// value before, value after]: a stroke of the board, a hint applied). Undoing puts the
// befores back, redoing the afters; a new step forgets the steps undone.
//
// It is kept with the player's progress (store.js), so that Undo still works after a reload:
// `toJSON` and `History.from` give and take plain arrays. The oldest steps go past `LIMIT`,
// which keeps a long game's record small enough to write after every move (200 steps of a
// dozen cells are about 30 kB of JSON).

/** The most steps kept. */
export const LIMIT = 200;

export class History {
  constructor(done = [], undone = []) {
    this.done = done;
    this.undone = undone;
  }

  /** A history from what `toJSON` gave (anything malformed is dropped, not trusted). */
  static from(saved) {
    const steps = (list) => (Array.isArray(list) ? list.filter(isStep).slice(-LIMIT) : []);
    return new History(steps(saved && saved.done), steps(saved && saved.undone));
  }

  /** A new step (its changes); the steps undone are forgotten. */
  push(changes) {
    if (!changes.length) return;
    this.done.push(changes);
    if (this.done.length > LIMIT) this.done.shift();
    this.undone = [];
  }

  canUndo() { return this.done.length > 0; }

  canRedo() { return this.undone.length > 0; }

  /** The last step, moved to the undone ones: the changes to take back, or null. */
  undo() {
    const step = this.done.pop();
    if (!step) return null;
    this.undone.push(step);
    return step;
  }

  /** The last step undone, done again: the changes to make, or null. */
  redo() {
    const step = this.undone.pop();
    if (!step) return null;
    this.done.push(step);
    return step;
  }

  toJSON() {
    return { done: this.done, undone: this.undone };
  }
}

function isStep(step) {
  return Array.isArray(step) && step.every((change) =>
    Array.isArray(change) && change.length === 3 && change.every(Number.isInteger));
}

"""Solve, explain, make and draw nonograms (paint by numbers) with a fast engine.

Grids are NumPy arrays: a solution is ``uint8`` (0 and 1, or palette indices for colour
puzzles), a partial grid ``int8`` with -1 for unknown cells. Puzzles, results and deductions
draw themselves in Jupyter (``_repr_svg_``), as text (``str``), SVG and PNG.

>>> import nono
>>> puzzle = nono.Puzzle.from_picture("01110\\n11010\\n01110\\n00110\\n00111")
>>> puzzle.rows
[[3], [2, 1], [3], [2], [3]]
>>> result = puzzle.solve()
>>> result.status
'unique'

The engine is the ``nonogram`` command's (a Rust workspace): every format it reads
(:data:`FORMATS`), its solver (``unique``, ``multiple``, ``solved``, ``none`` or ``unknown``,
every solution checked against the clues), its explanations, puzzle maker and generator, and pattern sets.
The GIL is released while solving, and Ctrl-C stops a solve.
"""

from ._nono import (
    FORMATS,
    WRITABLE_FORMATS,
    Colour,
    Deduction,
    Explanation,
    Generated,
    Hint,
    InternalError,
    Made,
    ParseError,
    Patterns,
    Puzzle,
    Result,
    Solving,
    Step,
    __version__,
    booklet,
    generate,
    make,
    parse,
    parse_all,
    patterns,
    random_puzzles,
    read,
    read_all,
    solve_iter,
    solve_many,
)

__all__ = [
    "FORMATS",
    "WRITABLE_FORMATS",
    "Colour",
    "Deduction",
    "Explanation",
    "Generated",
    "Hint",
    "InternalError",
    "Made",
    "ParseError",
    "Patterns",
    "Puzzle",
    "Result",
    "Solving",
    "Step",
    "__version__",
    "booklet",
    "generate",
    "make",
    "parse",
    "parse_all",
    "patterns",
    "random_puzzles",
    "read",
    "read_all",
    "solve_iter",
    "solve_many",
]

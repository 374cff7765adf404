#' Puzzles: lists of row and column clues
#'
#' A puzzle is what the R `nonogram` package made it: a list of `row_clues` (top to bottom)
#' and `col_clues` (left to right), each a list of integer vectors, a clue's run lengths in
#' order; `0` (or `integer(0)`) is an empty line. Every function of this package takes such a
#' list, or a puzzle string (see [convert_puzzle_string_to_puzzle()]), and the puzzles it
#' returns are such lists, of class `nonogram_puzzle`, with the fields only some puzzles
#' have: `title`, `author`, `palette` (a colour puzzle's: a data frame of `name`, `rgb` and
#' `symbol`, the background first), `goal` (the picture its file or maker intended, a
#' matrix) and `givens` (cells the puzzle gives, a matrix with `NA` where none is given).
#'
#' In a colour puzzle each run is named by its colour: `c(red = 2, blue = 1)` is two red
#' cells, then one blue one (a gap between runs is needed only between runs of one colour).
#'
#' A triangle puzzle (Olsak's `.g` files with half cells) has `palette = "triangles"` and
#' character clues, each run as `.g` writes it: `"/4\\"` is a run of four cells whose first and
#' last are half cells, `"2"` two black cells (whole numbers are read as plain runs too). Its
#' grids hold 0 (empty), 1 (black) and 2 to 5 for the half cells black at the lower right, upper left, upper right
#' and lower left.
#'
#' `nonogram_puzzle()` makes a puzzle from clues; `as_puzzle()` checks a list (or reads a
#' puzzle string) and returns it in this form. Clues that no picture satisfies still make a
#' puzzle: solving it says why it has none. `with_givens()` gives a puzzle other given cells.
#'
#' @param row_clues,col_clues Lists of clues, each a vector of whole numbers (named by
#'   colour in a colour puzzle).
#' @param palette For a colour puzzle, a data frame (or list) of `name`, `rgb` (`#rrggbb`, a
#'   CSS colour name or `"r, g, b"`) and optionally `symbol` (one character each, `NA` to let
#'   the package choose), the background first; `"triangles"` for a triangle puzzle; `NULL` for
#'   black and white.
#' @param title A title, or `NULL`.
#' @param givens Cells the puzzle gives: a matrix of the puzzle's size, `NA` where no cell is
#'   given, else 0 and 1 (or palette indices); or text (rows of `#`, `.` and `?`). `NULL` for
#'   none. Every solution agrees with them.
#' @param x A puzzle: a list with `row_clues` and `col_clues`, or a puzzle string.
#' @param puzzle A puzzle, as `x`.
#' @return A puzzle (class `nonogram_puzzle`).
#' @examples
#' duck <- nonogram_puzzle(
#'   row_clues = list(3, c(2, 1), c(3, 2), c(2, 2), 6, c(1, 5), 6, 1, 2),
#'   col_clues = list(c(1, 2), c(3, 1), c(1, 5), c(7, 1), 5, 3, 4, 3)
#' )
#' duck
#' as_puzzle("1:1-1:1")
#' flag <- nonogram_puzzle(
#'   list(c(red = 2), c(red = 1, blue = 1)), list(c(red = 2), c(red = 1, blue = 1)),
#'   palette = data.frame(name = c("white", "red", "blue"), rgb = c("white", "red", "blue"))
#' )
#' flag$palette
#' @export
nonogram_puzzle <- function(row_clues, col_clues, palette = NULL, title = NULL, givens = NULL) {
  as_puzzle(list(
    row_clues = row_clues, col_clues = col_clues, palette = palette, title = title,
    givens = givens
  ))
}

#' @rdname nonogram_puzzle
#' @export
as_puzzle <- function(x) {
  .puzzle(.answer(rs_puzzle(.spec(x))))
}

#' @rdname nonogram_puzzle
#' @export
with_givens <- function(puzzle, givens) {
  spec <- .spec(puzzle)
  .puzzle(.answer(rs_with_givens(spec, .grid_value(givens, "givens"))))
}

#' @export
print.nonogram_puzzle <- function(x, ...) {
  if (!is.null(x$title)) cat(x$title, "\n", sep = "")
  cat(render_puzzle(x))
  invisible(x)
}

# A short description of a value for messages.
.describe <- function(x) {
  if (is.null(x)) return("NULL")
  if (is.function(x)) return("a function")
  if (is.data.frame(x)) return(sprintf("a data frame of %d rows", nrow(x)))
  if (is.list(x)) return(sprintf("a list of %d", length(x)))
  if (length(x) == 1 && is.atomic(x)) {
    return(if (is.character(x)) sprintf("\"%s\"", x) else format(x))
  }
  sprintf("%d %s", length(x), switch(typeof(x),
    double = "numbers", integer = "integers", logical = "logical values",
    character = "strings", raw = "bytes", typeof(x)
  ))
}

# Whole numbers as an integer vector, names kept; NA stays NA (the Rust half words the
# refusal). Anything else is a value error naming `what`.
.whole <- function(x, what, call = sys.call(-1)) {
  if (is.null(x)) return(integer(0))
  if (is.logical(x) && all(is.na(x))) storage.mode(x) <- "integer"
  if (!is.numeric(x) && !is.logical(x)) {
    .stop_value(sprintf("%s must hold whole numbers, not %s", what, .describe(x)), call)
  }
  if (is.double(x)) {
    bad <- !is.na(x) & (x != round(x) | abs(x) > .Machine$integer.max)
    if (any(bad)) {
      .stop_value(sprintf("%s holds %s: use whole numbers", what, format(x[bad][1])), call)
    }
  }
  structure(as.integer(x), names = names(x), dim = dim(x))
}

# A puzzle in the form the Rust half reads: clues as lists of integer vectors, the palette a
# list, grids integer matrices. A string is a puzzle string.
.spec <- function(puzzle, arg = "puzzle", call = sys.call(-1)) {
  if (is.character(puzzle) && length(puzzle) == 1 && !is.na(puzzle)) {
    return(.spec(convert_puzzle_string_to_puzzle(puzzle), arg, call))
  }
  if (!is.list(puzzle) || is.data.frame(puzzle)) {
    .stop_value(sprintf(
      "%s must be a puzzle (a list of row_clues and col_clues) or a puzzle string, not %s",
      arg, .describe(puzzle)
    ), call)
  }
  spec <- unclass(puzzle)
  for (axis in c("row_clues", "col_clues")) {
    clues <- spec[[axis]]
    if (is.null(clues)) {
      .stop_value(sprintf(
        "%s is a list with row_clues and col_clues; this one has no %s", arg, axis
      ), call)
    }
    # apply() gives a matrix (one column a line) when every clue has the same length, and a
    # vector when each has one run: the R package's puzzles can be either.
    if (is.matrix(clues)) {
      clues <- lapply(seq_len(ncol(clues)), function(j) clues[, j])
    } else if (is.atomic(clues)) {
      clues <- as.list(clues)
    }
    line <- if (axis == "row_clues") "row" else "column"
    triangles <- .is_triangles(spec$palette)
    spec[[axis]] <- lapply(seq_along(clues), function(i) {
      # A triangle puzzle's runs may be written as `.g` writes them, "/4\\".
      if (triangles && is.character(clues[[i]])) return(unname(clues[[i]]))
      .whole(clues[[i]], sprintf("the clue of %s %d", line, i), call)
    })
  }
  # A string names a palette ("triangles"); the Rust half says whether it knows it.
  if (!is.null(spec$palette) && !is.character(spec$palette)) {
    palette <- as.list(spec$palette)
    for (field in intersect(c("name", "rgb", "symbol"), names(palette))) {
      palette[[field]] <- as.character(palette[[field]])
    }
    spec$palette <- palette
  }
  if (!is.null(spec$goal)) spec$goal <- .grid_value(spec$goal, "the goal", call)
  if (!is.null(spec$givens)) spec$givens <- .grid_value(spec$givens, "givens", call)
  spec
}

# A grid for the Rust half: text (one string, or one string a row), or an integer matrix
# (logical and whole-number matrices are converted; NA stays unknown).
.grid_value <- function(grid, what, call = sys.call(-1)) {
  if (is.null(grid)) return(NULL)
  if (is.character(grid) && !is.matrix(grid)) {
    return(paste(grid, collapse = "\n"))
  }
  if (is.data.frame(grid)) grid <- as.matrix(grid)
  if (!is.matrix(grid)) {
    .stop_value(sprintf(
      "%s must be a matrix (rows by columns) or text, not %s", what, .describe(grid)
    ), call)
  }
  .whole(grid, what, call)
}

# Whether `palette` names the triangle palette.
.is_triangles <- function(palette) {
  is.character(palette) && length(palette) == 1 && identical(palette, "triangles")
}

# A puzzle from the Rust half: the class, and the palette as a data frame (a triangle
# puzzle's stays "triangles").
.puzzle <- function(x) {
  if (!is.null(x$palette) && !.is_triangles(x$palette)) {
    x$palette <- as.data.frame(x$palette, stringsAsFactors = FALSE)
  }
  structure(x, class = "nonogram_puzzle")
}

.puzzles <- function(xs) lapply(xs, .puzzle)

#' Puzzle strings, the R nonogram package's compact form
#'
#' A puzzle string holds a whole puzzle in one line: the row clues, a `-`, then the column
#' clues; clues are separated by `:` and the numbers of a clue by `,`. The duck is
#' `"3:2,1:3,2:2,2:6:1,5:6:1:2-1,2:3,1:1,5:7,1:5:3:4:3"`. An empty line is `0`.
#' `convert_puzzle_string_to_puzzle()` reads one (with the engine's reader of the `string`
#' format, which says where a malformed string goes wrong); `convert_puzzle_to_puzzle_string()`
#' writes one. Puzzle strings hold black-and-white clues only.
#'
#' @param puzzle_string A puzzle string.
#' @param puzzle A puzzle (see [nonogram_puzzle()]).
#' @return A puzzle, or a puzzle string.
#' @examples
#' duck <- convert_puzzle_string_to_puzzle(puzzle_string_examples[["duck"]])
#' duck$row_clues[[3]]
#' convert_puzzle_to_puzzle_string(duck)
#' @export
convert_puzzle_string_to_puzzle <- function(puzzle_string) {
  if (!is.character(puzzle_string) || length(puzzle_string) != 1 || is.na(puzzle_string)) {
    .stop_value(sprintf("puzzle_string must be one string, not %s", .describe(puzzle_string)))
  }
  parse_puzzle(puzzle_string, format = "string")
}

#' @rdname convert_puzzle_string_to_puzzle
#' @export
convert_puzzle_to_puzzle_string <- function(puzzle) {
  sub("\n$", "", format_puzzle(puzzle, format = "string"))
}

#' The R nonogram package's example puzzles
#'
#' Five puzzle strings from the R `nonogram` package (MIT licence): `R` (its logo, 25 by
#' 20), `duck` (8 by 9), `swan`, `squirrel` and `gchq` (the GCHQ Christmas card puzzle of
#' 2015, 25 by 25, without the cells the card gives).
#'
#' @format A named character vector of puzzle strings.
#' @examples
#' names(puzzle_string_examples)
#' solve_puzzle(puzzle_string_examples[["duck"]])$status
#' @export
puzzle_string_examples <- c(
  R = paste0(
    "7:13:17:11,7:3,3,3:3,2,10,2:2,2,11,2:3,2,12,1:3,1,4,5,1:3,1,4,4,1:3,1,4,4,1:",
    "2,2,11,1:3,2,10,2:6,9,2:11,6:10,5:15:6,5:4,5:4,5-4:8:10:3,3:3,5,3:2,2,5:3,2,5:",
    "5,4:4,3:5,4:4,15:4,15:4,15:4,15:3,3,3,2:4,3,3,1:3,3,6:3,4,7:3,15:2,8,6:3,6,6:",
    "2,4,1,3:2,1,2:2,2:7"
  ),
  duck = "3:2,1:3,2:2,2:6:1,5:6:1:2-1,2:3,1:1,5:7,1:5:3:4:3",
  swan = paste0(
    "2,10:1,1,9:3,9:3,9:1,2,2:3,2,1:3,1,2:2,5:2,3:2,4-2,6:1,5:5:4:2:1,2:6:5:4:4:4,1:",
    "4,1,1:4,3:4,4:4,5"
  ),
  squirrel = paste0(
    "6:3,2:2,1:1,2:3,1:3,3,1:7,3,1:7,5,1:2,4,2,1,1,1,1:2,3,2,1,1,1,1,1:3,2,1,3,1,1:",
    "2,2,1,3,3:2,2,1,1,5:2,2,1,3,1:2,1,1,1:2,2,2:2,7:3,7:3,2,2,1:10:8,1:4,4:3,3:2,2:",
    "3,3-3:5:3:6:13,5:19:4,6,1:3,3:2,6,6:3,7,7:2,2,2,4:1,9,9:2,2,5,4:1,6,3,2,1:",
    "1,2,4:1,7:1,2:2,6:3,2:11"
  ),
  gchq = paste0(
    "7,3,1,1,7:1,1,2,2,1,1:1,3,1,3,1,1,3,1:1,3,1,1,6,1,3,1:1,3,1,5,2,1,3,1:",
    "1,1,2,1,1:7,1,1,1,1,1,7:3,3:1,2,3,1,1,3,1,1,2:1,1,3,2,1,1:4,1,4,2,1,2:",
    "1,1,1,1,1,4,1,3:2,1,1,1,2,5:3,2,2,6,3,1:1,9,1,1,2,1:2,1,2,2,3,1:",
    "3,1,1,1,1,5,1:1,2,2,5:7,1,2,1,1,1,3:1,1,2,1,2,2,1:1,3,1,4,5,1:",
    "1,3,1,3,10,2:1,3,1,1,6,6:1,1,2,1,1,2:7,2,1,2,5-7,2,1,1,7:1,1,2,2,1,1:",
    "1,3,1,3,1,3,1,3,1:1,3,1,1,5,1,3,1:1,3,1,1,4,1,3,1:1,1,1,2,1,1:",
    "7,1,1,1,1,1,7:1,1,3:2,1,2,1,8,2,1:2,2,1,2,1,1,1,2:1,7,3,2,1:",
    "1,2,3,1,1,1,1,1:4,1,1,2,6:3,3,1,1,1,3,1:1,2,5,2,2:2,2,1,1,1,1,1,2,1:",
    "1,3,3,2,1,8,1:6,2,1:7,1,4,1,1,3:1,1,1,1,4:1,3,1,3,7,1:1,3,1,1,1,2,1,1,4:",
    "1,3,1,4,3,3:1,1,2,2,2,6,1:7,1,3,2,1,1"
  )
)

#' A puzzle from a picture
#'
#' `create_puzzle_from_matrix()` makes the puzzle whose solution is a picture, as the R
#' `nonogram` package's function of that name does, and keeps the picture as the puzzle's
#' `goal`. `create_clue_from_pattern()` is the clue of one line. Whether the picture is the
#' *only* solution of its clues is another question: [make_puzzle()] answers it.
#'
#' @param mat The picture: a matrix of 0 and 1 (or `TRUE` and `FALSE`), rows by columns; or of
#'   palette indices (0 the background) with `palette`; or its text (rows of `#` and `.`, `1`
#'   and `0`, or `X` and `_`: one string, or one string a row).
#' @param palette For a matrix of palette indices, the palette (see [nonogram_puzzle()]).
#' @param title A title, or `NULL`.
#' @param pattern One line of a picture: a vector of 0 and 1.
#' @return A puzzle; a clue (an integer vector, `0` for an empty line).
#' @examples
#' smile <- create_puzzle_from_matrix(rbind(
#'   c(0, 1, 0, 1, 0),
#'   c(0, 0, 0, 0, 0),
#'   c(1, 0, 0, 0, 1),
#'   c(0, 1, 1, 1, 0)
#' ))
#' smile$row_clues
#' create_clue_from_pattern(c(1, 1, 0, 1))
#' create_puzzle_from_matrix(c("#.#", ".#."))$col_clues
#' @export
create_puzzle_from_matrix <- function(mat, palette = NULL, title = NULL) {
  picture <- .picture_value(mat, "mat")
  .puzzle(.answer(rs_puzzle_from_picture(
    picture, NULL, 1, 128, FALSE, NULL, .palette_value(palette), title
  )))
}

#' @rdname create_puzzle_from_matrix
#' @export
create_clue_from_pattern <- function(pattern) {
  pattern <- .whole(pattern, "pattern")
  runs <- rle(pattern != 0)
  lengths <- runs$lengths[runs$values]
  if (length(lengths) == 0) 0L else lengths
}

# A palette for the Rust half: NULL, or a list of character columns.
.palette_value <- function(palette) {
  if (is.null(palette)) return(NULL)
  .spec(list(row_clues = list(), col_clues = list(), palette = palette))$palette
}

# A picture for the Rust half: a matrix (as integers), an array of pixels (integers from 0 to
# 255: doubles from 0 to 1, as png::readPNG gives them, are scaled), text or bytes.
.picture_value <- function(picture, what, call = sys.call(-1)) {
  if (is.raw(picture)) return(picture)
  if (is.character(picture) && !is.matrix(picture)) {
    if (length(picture) == 0) .stop_value(sprintf("%s is empty", what), call)
    return(paste(picture, collapse = "\n"))
  }
  if (is.array(picture) && length(dim(picture)) == 3) {
    if (is.double(picture) && all(picture >= 0 & picture <= 1, na.rm = TRUE)) {
      picture[] <- round(picture * 255)
    }
    return(.whole(picture, "the image", call))
  }
  .grid_value(picture, what, call)
}

#' Reading and writing puzzles in every format the command line reads
#'
#' `read_puzzle()` reads the first puzzle of a file (or the `index`-th), `read_puzzles()`
#' every puzzle of it (tournament files, `.non` bundles, XML puzzle sets and JSON arrays hold
#' several); `parse_puzzle()` and `parse_puzzles()` read text. The format is recognised from
#' the content, then the file's extension, as on the command line; `format` names it
#' ([puzzle_formats()] lists them). Text that is not a puzzle is a `nonogram_parse_error`
#' with its `file`, `line` and `column`.
#'
#' `format_puzzle()` writes a puzzle as the text of a format; `write_puzzle()` writes a file,
#' whole or not at all, in the format its extension names unless `format` says, and never
#' replaces an existing file unless `force = TRUE` (a `nonogram_file_exists_error`), as `-o`
#' does on the command line. `solution = FALSE` leaves the puzzle's solution (its `goal`,
#' which `non`, `xml` and `json` can carry) out, as `--no-solution` does. Given cells are kept
#' by `json` and `tatham`; the other formats refuse a puzzle that has some rather than drop
#' them.
#'
#' @param path A file's path.
#' @param text Text holding puzzles.
#' @param format A format's name or alias, or `NULL` to recognise it (reading) or take it from
#'   the extension (writing).
#' @param index Which puzzle of several, from 1.
#' @param puzzle A puzzle (see [nonogram_puzzle()]).
#' @param force Whether to replace an existing file.
#' @param solution Whether to write the puzzle's solution (its goal) where the format can.
#' @return A puzzle, a list of puzzles, the text, or (`write_puzzle()`) the path, invisibly.
#' @examples
#' path <- tempfile(fileext = ".non")
#' write_puzzle(puzzle_string_examples[["duck"]], path)
#' duck <- read_puzzle(path)
#' cat(format_puzzle(duck, "nin"))
#' parse_puzzle("2 2\n1\n1\n1\n1\n")$col_clues
#' try(parse_puzzle("width x"))
#' @export
read_puzzle <- function(path, format = NULL, index = 1) {
  .pick(read_puzzles(path, format), index, paste0(path, ": "))
}

#' @rdname read_puzzle
#' @export
read_puzzles <- function(path, format = NULL) {
  .puzzles(.answer(rs_read(path.expand(path), format)))
}

#' @rdname read_puzzle
#' @export
parse_puzzle <- function(text, format = NULL, index = 1) {
  .pick(parse_puzzles(text, format), index, "")
}

#' @rdname read_puzzle
#' @export
parse_puzzles <- function(text, format = NULL) {
  if (is.character(text) && length(text) > 1) text <- paste(text, collapse = "\n")
  .puzzles(.answer(rs_parse(text, format)))
}

.pick <- function(puzzles, index, source, call = sys.call(-1)) {
  total <- length(puzzles)
  if (!is.numeric(index) || length(index) != 1 || is.na(index) || index != round(index) ||
    index < 1 || index > total) {
    .stop_value(sprintf(
      "%sthere is no puzzle %s: the input holds %d puzzle%s", source, .describe(index), total,
      if (total == 1) "" else "s"
    ), call)
  }
  puzzles[[index]]
}

#' @rdname read_puzzle
#' @export
format_puzzle <- function(puzzle, format = "non", solution = TRUE) {
  .answer(rs_format(.spec(puzzle), format, solution))
}

#' @rdname read_puzzle
#' @export
write_puzzle <- function(puzzle, path, format = NULL, force = FALSE, solution = TRUE) {
  .answer(rs_write(.spec(puzzle), path.expand(path), format, force, solution))
  invisible(path)
}

#' The file formats
#'
#' Every format the package (and the command line) reads, and whether it writes it, holds
#' colour puzzles, several puzzles a file, or given cells.
#'
#' @return A data frame: `name`, `extension`, `writable`, `colour`, `many`, `givens`,
#'   `description`.
#' @examples
#' puzzle_formats()[, c("name", "extension", "writable")]
#' @export
puzzle_formats <- function() {
  as.data.frame(rs_formats(), stringsAsFactors = FALSE)
}

#' Random puzzles, the benchmarks'
#'
#' Each cell filled with probability `density` (with one of `colours` colours when that is
#' above 1). The same seed gives the same puzzles in every version, and the set of
#' `nonogram-bench random --seed S`.
#'
#' @param count How many.
#' @param width,height Their size, in cells.
#' @param density The chance that a cell is filled, from 0 to 1.
#' @param colours Colours besides the background (1: black and white).
#' @param seed A whole number.
#' @return A list of puzzles.
#' @examples
#' puzzles <- random_puzzles(3, 10, 10, seed = 1)
#' sapply(puzzles, function(p) solve_puzzle(p)$status)
#' @export
random_puzzles <- function(count, width, height, density = 0.5, colours = 1, seed = 0) {
  .puzzles(.answer(rs_random_puzzles(count, width, height, density, colours, seed)))
}

#' The given cells of GCHQ's Christmas card puzzle
#'
#' The 2015 card gave 22 black cells; `puzzle_string_examples[["gchq"]]` holds its clues alone,
#' which several pictures satisfy. `with_givens(puzzle_string_examples[["gchq"]],
#' gchq_givens())` is the card's puzzle, which has one solution.
#'
#' @return A 25 by 25 integer matrix: 1 where the card gives a black cell, else `NA`.
#' @examples
#' sum(gchq_givens(), na.rm = TRUE)
#' card <- with_givens(puzzle_string_examples[["gchq"]], gchq_givens())
#' solve_puzzle(card)$status
#' @export
gchq_givens <- function() {
  givens <- matrix(NA_integer_, 25, 25)
  cells <- list(
    `4` = c(4, 5, 13, 14, 22), `9` = c(7, 8, 11, 15, 16, 19), `17` = c(7, 12, 17, 21),
    `22` = c(4, 5, 10, 11, 16, 21, 22)
  )
  for (row in names(cells)) givens[as.integer(row), cells[[row]]] <- 1L
  givens
}

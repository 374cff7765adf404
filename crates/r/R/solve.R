#' Solve a puzzle, and prove what was found
#'
#' Solves a puzzle with the toolkit's engine and says what it proved, in the command line's
#' words: `status` is `"unique"` (exactly one solution), `"multiple"` (two or more: they
#' differ in `differing_cells`), `"solved"` (a solution, its uniqueness undecided: with
#' `solutions = 1`, or when a limit came first), `"none"` (no solution; `reason` says why when
#' it shows without searching) or `"unknown"` (a limit came before anything was proved).
#' `stop` says why the run ended: `"finished"`, `"solution-limit"`, `"time-limit"`,
#' `"cancelled"` or `"memory-limit"`. Every solution has been checked against the clues.
#'
#' Where the R `nonogram` package's `solve_puzzle()` returned the solution matrix, this one
#' returns a list that holds it as `solution` (`as.matrix()` gives it, and every function
#' that takes a solution takes the list too): the status is what tells a unique picture from
#' one of several.
#'
#' The engine runs on a thread of its own while R waits: Ctrl-C (or RStudio's stop button)
#' stops it within a few tens of milliseconds and is signalled as R's interrupt.
#'
#' @param puzzle A puzzle (see [nonogram_puzzle()]) or a puzzle string.
#' @param solutions How many solutions to look for, 1 to 10000: 2 (the default) proves a
#'   solution unique.
#' @param timeout A time limit in seconds, or `NULL` for none.
#' @param engine `"auto"` (search and learning together), `"search"`, `"learn"` or `"sat"`.
#' @param threads Threads this solve may use: 0 (one per core) or more; each runs a search in
#'   an order of its own, and the first to finish answers.
#' @param seed Reorders the learner's first decisions, reproducibly (0: its own order).
#' @param type `"integer"` for matrices of 0 and 1 (palette indices in colour), `"logical"`
#'   for `TRUE` and `FALSE` (black and white only).
#' @param verbose Whether to say what was found and how long it took, with [message()].
#' @return A `nonogram_result`: a list of `status`, `message` (the command line's status
#'   line), `stop`, `solution` (the first solution, or `NULL`), `solutions` (a list of
#'   matrices), `differing_cells` (a data frame of `row` and `col`, from 1, where the first
#'   two differ), `elapsed` (seconds), `engine` (the one that answered), `reason`, `stats`
#'   (counters of the work) and `puzzle`. Printing it draws the solution with its clues.
#' @examples
#' result <- solve_puzzle(puzzle_string_examples[["duck"]])
#' result$status
#' result$solution
#' solve_puzzle("1:1-1:1")[c("status", "differing_cells")]
#' solve_puzzle("1:1-1:1", type = "logical")$solutions
#' @export
solve_puzzle <- function(puzzle, solutions = 2, timeout = NULL, engine = "auto", threads = 0,
                         seed = 0, type = c("integer", "logical"), verbose = FALSE) {
  type <- .choice(type, c("integer", "logical"), "type")
  .flag(verbose, "verbose")
  spec <- .spec(puzzle)
  answer <- .answer(rs_solve(spec, solutions, timeout, engine, threads, seed))
  if (type == "logical") {
    if (!is.null(spec$palette)) {
      .stop_value("type = \"logical\" is for black-and-white puzzles; a colour puzzle's cells are palette indices")
    }
    answer$solutions <- lapply(answer$solutions, function(s) s == 1L)
  }
  # `[<-` with a list: a NULL solution stays a field (`$<-` would drop it).
  answer["solution"] <- list(if (length(answer$solutions)) answer$solutions[[1]] else NULL)
  answer$differing_cells <- .frame(answer$differing_cells)
  answer$puzzle <- .puzzle(.answer(rs_puzzle(spec)))
  result <- structure(
    answer[c(
      "status", "message", "stop", "solution", "solutions", "differing_cells", "elapsed",
      "engine", "reason", "stats", "puzzle"
    )],
    class = "nonogram_result"
  )
  if (verbose) {
    message(sprintf(
      "%s (%s engine, %.3f s)", result$message, result$engine, result$elapsed
    ))
  }
  result
}

#' @export
print.nonogram_result <- function(x, ...) {
  grid <- if (is.null(x$solution)) NULL else x$solution * 1L
  cat(render_puzzle(x$puzzle, grid, marked = x$differing_cells))
  cat(x$message, "\n", sep = "")
  invisible(x)
}

#' @export
as.matrix.nonogram_result <- function(x, ...) {
  if (is.null(x$solution)) {
    .stop_value(sprintf("the result has no solution (%s)", x$message))
  }
  x$solution
}

#' Line solving alone
#'
#' Solves lines one at a time against their clues, rows then columns, sweep after sweep, to a
#' fixpoint: the cells every solution shares that single lines reveal. This is the R
#' `nonogram` package's filtering of pattern sets ("keep doing this kind of filtering until
#' there are no more occurrences"), done without building the sets.
#'
#' @inheritParams solve_puzzle
#' @return A `nonogram_deduction`: a list of `grid` (an integer matrix, `NA` where a cell is
#'   unknown), `status` (`"unique"` when line solving completed the grid, which is then the one
#'   solution; `"none"` when it found the clues contradictory; `"partial"`), `message`, `stop`
#'   (`"finished"` or `"time-limit"`), `sweeps`, `unknown_after_sweep`, `unknown`, `reason`,
#'   `elapsed` and `puzzle`.
#' @examples
#' deduction <- deduce_puzzle(puzzle_string_examples[["duck"]])
#' deduction$unknown_after_sweep
#' deduce_puzzle(puzzle_string_examples[["gchq"]])$message
#' @export
deduce_puzzle <- function(puzzle, timeout = NULL) {
  spec <- .spec(puzzle)
  answer <- .answer(rs_deduce(spec, timeout))
  answer$puzzle <- .puzzle(.answer(rs_puzzle(spec)))
  structure(answer, class = "nonogram_deduction")
}

#' @export
print.nonogram_deduction <- function(x, ...) {
  grid <- if (x$status == "none") NULL else x$grid
  cat(render_puzzle(x$puzzle, grid))
  cat(x$message, "\n", sep = "")
  invisible(x)
}

#' Check a grid against the clues
#'
#' @inheritParams solve_puzzle
#' @param grid A complete grid: a matrix of 0 and 1 (or `TRUE` and `FALSE`, or palette
#'   indices), or text (rows of `#` and `.`); a `nonogram_result` gives its solution.
#' @return `TRUE` when the grid satisfies every clue, else `FALSE`.
#' @examples
#' duck <- puzzle_string_examples[["duck"]]
#' check_solution(duck, solve_puzzle(duck))
#' check_solution(duck, matrix(0, 9, 8))
#' @export
check_solution <- function(puzzle, grid) {
  .answer(rs_check(.spec(puzzle), .grid_value(.solution_of(grid), "the grid")))
}

# The grid of a value that may be a result.
.solution_of <- function(x) {
  if (inherits(x, "nonogram_result")) as.matrix(x) * 1L else x
}

# One of `choices` (the first by default, as match.arg), refused in the package's words.
.choice <- function(value, choices, name, call = sys.call(-1)) {
  if (identical(value, choices)) return(choices[[1]])
  if (!is.character(value) || length(value) != 1 || !(value %in% choices)) {
    .stop_value(sprintf(
      "%s must be one of %s, not %s", name,
      paste0("\"", choices, "\"", collapse = ", "), .describe(value)
    ), call)
  }
  value
}

.flag <- function(value, name, call = sys.call(-1)) {
  if (!is.logical(value) || length(value) != 1 || is.na(value)) {
    .stop_value(sprintf("%s must be TRUE or FALSE, not %s", name, .describe(value)), call)
  }
  value
}

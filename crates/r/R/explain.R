#' Explain a puzzle as steps a person can follow, and rate it
#'
#' The solving process as steps: a line's clue fixes cells (`kind` `"line"`), trying a value
#' in a cell contradicts so it takes the other (`"probe"`), neither decides anything and a
#' cell takes its value in a solution (`"guess"`), or the clues cannot be satisfied
#' (`"contradiction"`). The difficulty is rated as `nonogram explain` rates it:
#' `"line"` (line solving alone), `"probing"`, `"search"`, `"none"` (no solution) or
#' `"unfinished"` (the time limit came first).
#'
#' @inheritParams solve_puzzle
#' @return A `nonogram_explanation`: a list of `steps` (a data frame, one row a step:
#'   `step`, `kind`, `axis` and `index` of a line step's line, its `clue`, `row` and `col` of a
#'   probe's or guess's cell, and `text`, the sentence the command line prints), `cells` (a
#'   data frame, one row a cell a step decides: `step`, `row`, `col`, `value`), `narrowed`
#'   (colour puzzles: cells a step narrows without deciding them, with the palette indices
#'   left), `grid` (the grid reached, `NA` unknown), `difficulty`, `rating` (as the command
#'   line prints it), `sweeps`, `probes`, `decisions`, `stop`, `reason` and `puzzle`. Rows,
#'   columns and line numbers count from 1. Printing it prints what `nonogram explain` prints.
#' @examples
#' explanation <- explain_puzzle(puzzle_string_examples[["duck"]])
#' explanation$rating
#' head(explanation$steps[, c("step", "kind", "axis", "index", "clue")])
#' explanation
#' @export
explain_puzzle <- function(puzzle, timeout = NULL) {
  spec <- .spec(puzzle)
  answer <- .answer(rs_explain(spec, timeout))
  explanation <- c(.step_tables(answer$table), answer[c(
    "grid", "difficulty", "rating", "sweeps", "probes", "decisions", "stop", "reason"
  )])
  explanation$puzzle <- .puzzle(.answer(rs_puzzle(spec)))
  structure(explanation, class = "nonogram_explanation")
}

.step_tables <- function(table) {
  lapply(table, .frame)
}

#' @export
print.nonogram_explanation <- function(x, ...) {
  if (!is.null(x$reason)) {
    cat("no solution: ", x$reason, "\n", sep = "")
    return(invisible(x))
  }
  n <- nrow(x$steps)
  if (n) cat(sprintf("step %d: %s\n", x$steps$step, x$steps$text), sep = "")
  plural <- if (n == 1) "" else "s"
  if (x$stop == "time-limit") {
    cat(sprintf("timed out: the time limit ran out after %d step%s\n", n, plural))
  } else {
    cat(sprintf("difficulty: %s (%d step%s)\n", x$rating, n, plural))
  }
  invisible(x)
}

#' The next step from a partly solved grid, or what is wrong with it
#'
#' Checks a partly solved grid first. When the puzzle has one solution and the grid
#' disagrees with it, the answer names the wrong cells; when it has several and a line can no
#' longer be satisfied, that line; when it has none, the puzzle. Otherwise it is the next
#' step a person can take, or that the grid is complete. A hint cut short by its time limit is
#' a `nonogram_timeout_error`.
#'
#' @inheritParams solve_puzzle
#' @param grid The grid so far: a matrix with `NA` where a cell is unknown, else 0 and 1 (or
#'   palette indices); or text (rows of `#`, `.` and `?`, or the palette's characters).
#' @return A `nonogram_hint`: a list of `kind` (`"step"`, `"mistake"` or `"complete"`),
#'   `text` (one sentence, as the command line says it), `mistake` (`"cells"`, `"line"`,
#'   `"puzzle"` or `NULL`), `wrong_cells` (a data frame of `row`, `col`, `value` in the grid
#'   and `solution`), `line` (the line that can no longer be satisfied: `axis` and `index`)
#'   and `step` (the next step: `steps` and `cells` as [explain_puzzle()] gives them).
#' @examples
#' duck <- puzzle_string_examples[["duck"]]
#' hint_puzzle(duck, matrix(NA, 9, 8))$text
#' wrong <- solve_puzzle(duck)$solution
#' wrong[1, 1] <- 1
#' hint_puzzle(duck, wrong)$wrong_cells
#' @export
hint_puzzle <- function(puzzle, grid, timeout = NULL) {
  answer <- .answer(rs_hint(.spec(puzzle), .grid_value(.solution_of(grid), "the grid"), timeout))
  answer$wrong_cells <- .frame(answer$wrong_cells)
  if (!is.null(answer$step)) answer$step <- .step_tables(answer$step)[c("steps", "cells", "narrowed")]
  structure(answer, class = "nonogram_hint")
}

#' @export
print.nonogram_hint <- function(x, ...) {
  cat(x$text, "\n", sep = "")
  invisible(x)
}

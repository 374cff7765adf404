#' nonogramengine: the nonogram toolkit's engine for R
#'
#' Solve, explain, make, generate, read, write and draw nonograms with the toolkit's engine,
#' in the vocabulary of the R `nonogram` package: puzzles are lists of `row_clues` and
#' `col_clues`, [puzzle_string_examples], [convert_puzzle_string_to_puzzle()],
#' [create_pattern_set()], [create_matrix_plot()] and [solve_puzzle()] are there by those
#' names. Start with `vignette("nonogramengine")`.
#'
#' Errors are R conditions of class `nonogram_error` (and a class for each kind, see
#' [nonogram_conditions]) carrying the command line's one-line messages; long solves run on a
#' thread of their own and stop on Ctrl-C or RStudio's stop button.
#'
#' @keywords internal
"_PACKAGE"

#' Errors as R conditions
#'
#' Every error of the package is a condition of class `nonogram_error`, `error` and
#' `condition`, and of one class for its kind, so that `tryCatch()` can catch exactly what it
#' expects: `nonogram_parse_error` (text or a file that is not a puzzle: the condition has
#' `file`, `line` and `column`), `nonogram_value_error` (an argument out of range or of the
#' wrong shape), `nonogram_file_error` (a file that cannot be read or written),
#' `nonogram_file_exists_error` (a file that would be replaced without `force = TRUE`),
#' `nonogram_timeout_error` (a time limit ran out before there was anything to answer) and
#' `nonogram_internal_error` (a bug in the engine, caught before it took R down). The messages
#' are the command line's. Ctrl-C during a call stops the engine and is R's own interrupt.
#'
#' @name nonogram_conditions
#' @examples
#' tryCatch(parse_puzzle("width x"), nonogram_parse_error = function(e) c(e$line, e$column))
#' tryCatch(solve_puzzle("1-1", timeout = -1), nonogram_value_error = conditionMessage)
NULL

#' The package's version and its engine's
#'
#' @return The version of the Rust half (the workspace's), a string.
#' @examples
#' engine_version()
#' @export
engine_version <- function() rs_version()

# ggplot2's aes() reads `.data`, the pronoun of its data mask.
utils::globalVariables(".data")

#' Pattern sets: every way to place a clue in a line
#'
#' `create_pattern_set(clue, total_length)` is the R `nonogram` package's function: a matrix
#' with one row a pattern (1 filled, 0 empty) and one column a cell, every placement of the
#' clue's runs in a line of `total_length` cells, exactly. The rows come in that package's
#' order (`order = "grouped"`: the patterns leaving both end cells empty, then those filling
#' only the first, only the last, then both; leftmost placement first within each group), or
#' leftmost first (`order = "leftmost"`, the engine's).
#'
#' Sets grow fast: a clue of 1,1,2,1,1,2,1,1,1,1 in 35 cells has 1,961,256 patterns, which is
#' why the R package stopped at about 35 cells a side. `count_patterns()` counts a set exactly
#' without building it, however large (a dynamic programme over the line, not an
#' enumeration); `create_pattern_set()` refuses to build one of more than `max_cells` cells
#' (a `nonogram_value_error` that gives the count). `common_cells()` is what every pattern
#' shares, the step of line solving the R package's solver filtered with; `fill_shares()` the
#' share of patterns filling each cell.
#'
#' @param clue A clue: a vector of run lengths (`0` or `integer(0)` for an empty line).
#' @param total_length The line's length in cells (0 to the engine's longest line).
#' @param known Cells already known: a vector of 1, 0 and `NA` (unknown), or text of `#`, `.`
#'   and `?`; only the patterns that agree with them are kept. `NULL`: none known.
#' @param order `"grouped"` (the R package's order) or `"leftmost"`.
#' @param max_cells The largest matrix to build, in cells (default 1e8, 400 MB).
#' @param exact `count_patterns()`: `TRUE` returns the count as a string of decimal digits,
#'   exact however large; `FALSE` a number (exact up to 2^53).
#' @return `create_pattern_set()`: an integer matrix, one row a pattern. `count_patterns()`:
#'   a number or a string. `common_cells()`: an integer vector of 1, 0 and `NA` (the patterns
#'   differ), or `NULL` when no pattern agrees with `known`. `fill_shares()`: a numeric vector
#'   of shares from 0 to 1, or `NULL` for an empty set.
#' @examples
#' create_pattern_set(c(1, 2), 8)[c(1, 5, 11), ]
#' nrow(create_pattern_set(c(1, 1, 2, 1, 1, 2), 25))
#' count_patterns(c(1, 1, 2, 1, 1, 2, 1, 1, 1, 1), 35)
#' count_patterns(rep(1, 50), 200, exact = TRUE)
#' common_cells(c(3, 2), 8)
#' common_cells(c(1, 5), 9, known = c(NA, NA, 1, NA, NA, NA, NA, NA, NA))
#' round(fill_shares(c(2, 3), 8), 2)
#' try(create_pattern_set(rep(1, 30), 100))
#' @export
create_pattern_set <- function(clue, total_length, known = NULL, order = c("grouped", "leftmost"),
                               max_cells = 1e8) {
  order <- .choice(order, c("grouped", "leftmost"), "order")
  .answer(rs_pattern_set(
    .whole(clue, "clue"), total_length, .known_value(known), order, max_cells
  ))
}

#' @rdname create_pattern_set
#' @export
count_patterns <- function(clue, total_length, known = NULL, exact = FALSE) {
  .flag(exact, "exact")
  digits <- .answer(rs_count_patterns(.whole(clue, "clue"), total_length, .known_value(known)))
  if (exact) digits else as.numeric(digits)
}

#' @rdname create_pattern_set
#' @export
common_cells <- function(clue, total_length, known = NULL) {
  .answer(rs_common_cells(.whole(clue, "clue"), total_length, .known_value(known)))
}

#' @rdname create_pattern_set
#' @export
fill_shares <- function(clue, total_length, known = NULL) {
  .answer(rs_fill_shares(.whole(clue, "clue"), total_length, .known_value(known)))
}

.known_value <- function(known, call = sys.call(-1)) {
  if (is.null(known) || is.character(known)) return(known)
  .whole(known, "known", call)
}

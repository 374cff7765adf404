#' Generate a new puzzle, proved unique and rated
#'
#' Makes a new puzzle as `nonogram generate` does: its clues have one solution, proved by the
#' solver, and [explain_puzzle()] rates it as asked: `"easy"` (line solving alone), `"medium"`
#' (needs probing), `"hard"` (needs search) or `"any"`. The same `seed` and `index` give the
#' same puzzle; `seed = NULL` draws one from the clock, which the result's `seed` says. A
#' request the time limit cannot meet (a hard 5 by 5) is a `nonogram_timeout_error`.
#'
#' @param width,height The size, in cells.
#' @param difficulty `"easy"`, `"medium"`, `"hard"` or `"any"`.
#' @param colours Colours besides the background (1: black and white).
#' @param density The share of cells filled in the starting pictures (`NULL`: 0.55, and 0.4
#'   for hard).
#' @param style `"smooth"` (blobs), `"symmetric"` (mirrored left to right) or `"noise"`.
#' @param seed A whole number, or `NULL` for one from the clock.
#' @param index Which puzzle of the seed, from 0.
#' @param timeout Seconds (`NULL`: no limit).
#' @return A `nonogram_generated`: a list of `puzzle` (titled with its rating and seed, its
#'   solution as its goal), `solution`, `level`, `rating`, `seed`, `index`, `pictures` (how
#'   many were drawn) and `elapsed`.
#' @examples
#' made <- generate_puzzle(15, 15, difficulty = "medium", seed = 7)
#' made$puzzle$title
#' made$rating
#' @export
generate_puzzle <- function(width, height, difficulty = "easy", colours = 1, density = NULL,
                            style = "smooth", seed = NULL, index = 0, timeout = 30) {
  answer <- .answer(rs_generate(
    width, height, difficulty, colours, density, style, seed, index, timeout
  ))
  answer$puzzle <- .puzzle(answer$puzzle)
  structure(answer, class = "nonogram_generated")
}

#' @export
print.nonogram_generated <- function(x, ...) {
  cat(render_puzzle(x$puzzle, x$solution))
  cat(sprintf("%s (seed %s): %s\n", x$puzzle$title, format(x$seed, scientific = FALSE), x$rating))
  invisible(x)
}

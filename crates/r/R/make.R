#' Make a puzzle from a picture, and check that the picture is its only solution
#'
#' Does what `nonogram make` does: makes the puzzle whose solution is a picture, and solves
#' its clues to see whether the picture is their only solution. When it is not, it shows
#' where two solutions differ and suggests fixes, each checked by solving again: cells to give
#' away (`givens`, with `puzzle_with_givens`, the puzzle that gives them, to write as `json`
#' or `tatham`), single cells whose change makes the picture unique (`flips`) and, when no
#' single change works, pairs of changes (`flip_pairs`). `undecided` lists the cells line
#' solving leaves undecided, and `map` is the disambiguation map: every one-cell change of the
#' picture that leaves fewer of them, best first (a change with `undecided_after == 0` makes
#' the picture unique and easy). A unique picture is rated as [explain_puzzle()] rates it.
#'
#' @param picture The picture: a matrix of 0 and 1 (or `TRUE`/`FALSE`, or palette indices
#'   with `palette`), rows by columns; an image's pixels (an array of rows by columns by 3 or 4,
#'   from 0 to 255, or from 0 to 1 as `png::readPNG()` gives them); a picture's text (rows of
#'   `#` and `.`, `1` and `0`, or `X` and `_`); or a file's bytes (a raw vector). Leave it out
#'   and give `file` to read a file.
#' @param file A file to read instead: an image (PNG, JPEG, GIF, BMP) or a text picture.
#' @param colours Images: quantise to at most this many colours and a background (2 to 32);
#'   1 (the default) thresholds to black and white.
#' @param threshold Images in black and white: pixels darker than this luminance (0 to 255)
#'   are filled.
#' @param invert Whether to swap filled and empty cells.
#' @param size Images: `c(width, height)` in cells to scale down to first, averaging the
#'   pixels each cell covers; `NULL` keeps one cell a pixel.
#' @param palette For a matrix of palette indices, the palette (see [nonogram_puzzle()]).
#' @param title A title (a file's name gives one), or `NULL`.
#' @param timeout Seconds for the whole check, suggestions included (`NULL`: no limit).
#' @param threads Threads each solve may use (0: one per core; 1, the default, makes the same
#'   picture always get the same suggestions).
#' @param givens Whether to look for cells to give away.
#' @param map Whether to draw the disambiguation map.
#' @return A `nonogram_made`: a list of `puzzle`, `picture`, `status` (`"unique"`,
#'   `"multiple"`, or `"unknown"`/`"solved"` when the time ran out), `stop`, `unique`
#'   (`TRUE`, `FALSE` or `NA`), `differing_cells`, `givens`, `givens_verified`,
#'   `puzzle_with_givens`, `flips`, `flip_pairs`, `timed_out`, `rating`, `level` (`"easy"`,
#'   `"medium"` or `"hard"`), `undecided`, `map`, `map_complete` and `nearly_blank` (filled
#'   and all cells, when nearly every cell is one way: an image that needs `invert` or
#'   another `threshold`). Cells count from 1 and values are 0 and 1 (or palette indices).
#' @examples
#' made <- make_puzzle(diag(2))        # two diagonals: not unique
#' made$status
#' made$map
#' picture <- diag(2)
#' picture[made$map$row[1], made$map$col[1]] <- made$map$value[1]
#' make_puzzle(picture)$status
#' @export
make_puzzle <- function(picture = NULL, colours = 1, threshold = 128, invert = FALSE,
                        size = NULL, palette = NULL, title = NULL, timeout = 10, threads = 1,
                        givens = TRUE, map = TRUE, file = NULL) {
  sources <- .picture_source(picture, file)
  answer <- .answer(rs_make(
    sources$picture, sources$file, colours, threshold, invert, size, .palette_value(palette),
    title, timeout, threads, givens, map
  ))
  answer$puzzle <- .puzzle(answer$puzzle)
  if (!is.null(answer$puzzle_with_givens)) {
    answer$puzzle_with_givens <- .puzzle(answer$puzzle_with_givens)
  }
  for (field in c("differing_cells", "givens", "flips", "flip_pairs", "undecided", "map")) {
    answer[[field]] <- .frame(answer[[field]])
  }
  structure(answer, class = "nonogram_made")
}

.picture_source <- function(picture, file, call = sys.call(-1)) {
  if (is.null(picture) == is.null(file)) {
    .stop_value("give either a picture or a file (file = \"cat.png\")", call)
  }
  if (!is.null(file)) {
    if (!is.character(file) || length(file) != 1 || is.na(file)) {
      .stop_value(sprintf("file must be one path, not %s", .describe(file)), call)
    }
    return(list(picture = NULL, file = path.expand(file)))
  }
  list(picture = .picture_value(picture, "the picture", call), file = NULL)
}

#' @export
print.nonogram_made <- function(x, ...) {
  cat(render_puzzle(x$puzzle, x$picture, marked = x$differing_cells))
  verdict <- switch(x$status,
    unique = "the solution is unique: solving gives the picture back",
    multiple = sprintf(
      "not unique: two solutions differ in %d cells", nrow(x$differing_cells)
    ),
    sprintf("undecided: the time limit ran out (%s)", x$status)
  )
  cat(verdict, "\n", sep = "")
  if (!is.null(x$rating)) cat("difficulty: ", x$rating, "\n", sep = "")
  invisible(x)
}

#' A puzzle from an image
#'
#' Reads an image (or a text picture) as `nonogram make` does and makes the puzzle whose
#' solution it is, the picture kept as its `goal`: pixels are thresholded on luminance, or
#' quantised to a few colours with `colours`, after scaling down to `size` if given.
#'
#' @param image A file's path (PNG, JPEG, GIF, BMP, or a text picture), a file's bytes (a raw
#'   vector), or an array of pixels (rows by columns by 3 or 4, from 0 to 255, or from 0 to 1
#'   as `png::readPNG()` gives them).
#' @inheritParams make_puzzle
#' @return A puzzle.
#' @examples
#' pixels <- array(1, c(4, 4, 3))     # white...
#' pixels[2:3, 2:3, ] <- 0           # ...with a black square
#' create_puzzle_from_image(pixels)$row_clues
#' @export
create_puzzle_from_image <- function(image, colours = 1, threshold = 128, invert = FALSE,
                                     size = NULL, title = NULL) {
  file <- NULL
  if (is.character(image)) {
    file <- image
    image <- NULL
  }
  sources <- .picture_source(image, file)
  .puzzle(.answer(rs_puzzle_from_picture(
    sources$picture, sources$file, colours, threshold, invert, size, NULL, title
  )))
}

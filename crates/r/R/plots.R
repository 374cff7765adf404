#' Draw a puzzle as text, SVG or PNG
#'
#' The command line's drawings: `format = "text"` in its three layouts (`style` `"book"`,
#' with `unicode` blocks if asked, `"notebook"` or `"haskell"`), `"svg"` (a string) or
#' `"png"` (a raw vector, to write with [writeBin()]); with `grid` in the cells (a solution,
#' or a partial grid with `NA` unknown; `NULL` draws the blank puzzle) and the `marked` cells
#' framed (where two solutions differ). Printing a puzzle or a result prints its text drawing.
#'
#' @inheritParams solve_puzzle
#' @param grid What to draw in the cells: a matrix (`NA` unknown), text, a `nonogram_result`,
#'   or `NULL`.
#' @param format `"text"`, `"svg"` or `"png"`.
#' @param style For text: `"book"`, `"notebook"` or `"haskell"`.
#' @param unicode For the book style: block characters instead of `#` and `.`.
#' @param cell For SVG and PNG: pixels a cell, 8 to 200.
#' @param marked Cells to frame: a data frame of `row` and `col`, from 1.
#' @return A string (text, SVG) or a raw vector (PNG).
#' @examples
#' duck <- puzzle_string_examples[["duck"]]
#' cat(render_puzzle(duck, solve_puzzle(duck)))
#' cat(render_puzzle(duck, style = "haskell"))
#' png <- render_puzzle(duck, solve_puzzle(duck), format = "png")
#' length(png)
#' @export
render_puzzle <- function(puzzle, grid = NULL, format = c("text", "svg", "png"),
                          style = c("book", "notebook", "haskell"), unicode = FALSE, cell = 20,
                          marked = NULL) {
  format <- .choice(format, c("text", "svg", "png"), "format")
  style <- .choice(style, c("book", "notebook", "haskell"), "style")
  if (!is.null(marked)) {
    marked <- list(row = .whole(marked$row, "marked$row"), col = .whole(marked$col, "marked$col"))
  }
  .answer(rs_render(
    .spec(puzzle), .grid_value(.solution_of(grid), "the grid"), format, style, unicode, cell,
    marked
  ))
}

# Whether plots are drawn with ggplot2 (installed, and not turned off for tests).
.use_ggplot <- function() {
  isTRUE(getOption("nonogramengine.ggplot2", TRUE)) &&
    requireNamespace("ggplot2", quietly = TRUE)
}

# A plot drawn with base graphics when printed, as a ggplot object is: the fallback when
# ggplot2 is not installed.
.base_plot <- function(draw, what) {
  structure(list(draw = draw, what = what), class = "nonogram_base_plot")
}

#' @export
print.nonogram_base_plot <- function(x, ...) {
  x$draw()
  invisible(x)
}

#' @export
plot.nonogram_base_plot <- function(x, ...) print(x, ...)

# The cells of a matrix as a data frame: row, col (from 1) and value.
.cells <- function(mat) {
  data.frame(
    row = as.vector(row(mat)), col = as.vector(col(mat)), value = as.vector(mat)
  )
}

#' Plot a matrix: a pattern set, a solution, any grid of 0 and 1
#'
#' The R `nonogram` package's `create_matrix_plot()`: one tile a cell, filled cells dark,
#' with `row_spacing` and `col_spacing` as gaps between rows and columns (a pattern set reads
#' best with gaps between its rows, one row a pattern). `NA` cells (unknown) are grey. A
#' ggplot2 object when ggplot2 is installed (add layers, or print it to draw it), else a plot
#' drawn with base graphics when printed.
#'
#' @param mat A matrix of 0 and 1 (or logical; `NA` unknown), rows by columns.
#' @param row_spacing,col_spacing Gaps between rows and between columns, as a share of a cell
#'   (0 to 0.9).
#' @param fill The colour of filled cells.
#' @return A ggplot object, or a `nonogram_base_plot`.
#' @examples
#' pattern_set <- create_pattern_set(c(2, 3), 8)
#' create_matrix_plot(pattern_set, row_spacing = 0.3)
#' create_matrix_plot(t(create_pattern_set(c(1, 2), 9)), col_spacing = 0.45)
#' @export
create_matrix_plot <- function(mat, row_spacing = 0, col_spacing = 0, fill = "black") {
  if (is.logical(mat)) mat <- mat * 1L
  mat <- .grid_value(mat, "mat")
  for (spacing in list(list(row_spacing, "row_spacing"), list(col_spacing, "col_spacing"))) {
    value <- spacing[[1]]
    if (!is.numeric(value) || length(value) != 1 || is.na(value) || value < 0 || value > 0.9) {
      .stop_value(sprintf("%s must be one number from 0 to 0.9, not %s", spacing[[2]], .describe(value)))
    }
  }
  cells <- .cells(mat)
  width <- 1 - col_spacing
  height <- 1 - row_spacing
  colour <- ifelse(is.na(cells$value), "grey70", ifelse(cells$value != 0, fill, "white"))
  if (.use_ggplot()) {
    cells$colour <- colour
    return(ggplot2::ggplot(cells, ggplot2::aes(x = .data$col, y = .data$row)) +
      ggplot2::geom_tile(
        ggplot2::aes(fill = .data$colour),
        width = width, height = height, colour = "grey50"
      ) +
      ggplot2::scale_fill_identity() +
      ggplot2::scale_y_reverse() +
      ggplot2::coord_equal() +
      ggplot2::theme_void())
  }
  .base_plot(function() {
    graphics::plot.new()
    graphics::plot.window(
      xlim = c(0.5, ncol(mat) + 0.5), ylim = c(nrow(mat) + 0.5, 0.5), asp = 1
    )
    graphics::rect(
      cells$col - width / 2, cells$row - height / 2, cells$col + width / 2,
      cells$row + height / 2,
      col = colour, border = "grey50"
    )
  }, "matrix")
}

#' Plot a puzzle with its clues, and its solution
#'
#' The puzzle's grid with its clues beside the rows and above the columns, and `solution` (or
#' any grid: `NA` cells are left blank) in its cells; colour puzzles in their palette's
#' colours. A ggplot2 object when ggplot2 is installed, else a base graphics plot drawn when
#' printed. `plot()` on a puzzle, a result, a deduction or a made puzzle draws it. A plot's
#' cells are whole tiles, so a triangle puzzle is refused: [render_puzzle()] draws its half
#' cells (SVG or PNG).
#'
#' @inheritParams solve_puzzle
#' @param solution What to draw in the cells: a matrix, a `nonogram_result`, or `NULL`.
#' @param show_clues Whether to draw the clues.
#' @param x A puzzle or a result.
#' @param ... Unused.
#' @return A ggplot object, or a `nonogram_base_plot`.
#' @examples
#' duck <- puzzle_string_examples[["duck"]]
#' create_puzzle_plot(duck, solve_puzzle(duck))
#' plot(solve_puzzle(duck))
#' @export
create_puzzle_plot <- function(puzzle, solution = NULL, show_clues = TRUE) {
  puzzle <- as_puzzle(puzzle)
  height <- length(puzzle$row_clues)
  width <- length(puzzle$col_clues)
  grid <- if (is.null(solution)) {
    matrix(NA_integer_, height, width)
  } else {
    .grid_value(.solution_of(solution), "the solution")
  }
  if (!identical(dim(grid), c(height, width))) {
    .stop_value(sprintf(
      "the solution is %d rows by %d columns but the puzzle is %d by %d",
      nrow(grid), ncol(grid), height, width
    ))
  }
  if (.is_triangles(puzzle$palette)) {
    .stop_value(paste(
      "create_puzzle_plot() draws whole cells; a triangle puzzle's half cells are drawn by",
      "render_puzzle(puzzle, grid, format = \"svg\") or format = \"png\""
    ))
  }
  colours <- if (is.null(puzzle$palette)) c("white", "black") else puzzle$palette$rgb
  cells <- .cells(grid)
  cells$colour <- ifelse(is.na(cells$value), "white", colours[pmax(cells$value, 0) + 1])
  clue_text <- function(clue) paste(clue, collapse = " ")
  rows <- data.frame(
    x = 0.3, y = seq_len(height),
    label = vapply(puzzle$row_clues, clue_text, "")
  )
  cols <- data.frame(
    x = seq_len(width), y = 0.3,
    label = vapply(puzzle$col_clues, function(c) paste(c, collapse = "\n"), "")
  )
  if (.use_ggplot()) {
    plot <- ggplot2::ggplot(cells, ggplot2::aes(x = .data$col, y = .data$row)) +
      ggplot2::geom_tile(ggplot2::aes(fill = .data$colour), colour = "grey60") +
      ggplot2::scale_fill_identity() +
      ggplot2::scale_y_reverse() +
      ggplot2::coord_equal(clip = "off") +
      ggplot2::theme_void() +
      ggplot2::theme(plot.margin = ggplot2::margin(60, 10, 10, 80))
    if (show_clues) {
      plot <- plot +
        ggplot2::geom_text(
          data = rows, ggplot2::aes(x = .data$x, y = .data$y, label = .data$label),
          hjust = 1, size = 3
        ) +
        ggplot2::geom_text(
          data = cols, ggplot2::aes(x = .data$x, y = .data$y, label = .data$label),
          vjust = 0, size = 3, lineheight = 0.9
        )
    }
    return(plot)
  }
  .base_plot(function() {
    margin <- if (show_clues) max(3, width / 3) else 0
    graphics::plot.new()
    graphics::plot.window(
      xlim = c(0.5 - margin, width + 0.5), ylim = c(height + 0.5, 0.5 - margin), asp = 1
    )
    graphics::rect(
      cells$col - 0.5, cells$row - 0.5, cells$col + 0.5, cells$row + 0.5,
      col = cells$colour, border = "grey60"
    )
    if (show_clues) {
      graphics::text(rows$x, rows$y, rows$label, adj = c(1, 0.5), cex = 0.6)
      graphics::text(cols$x, cols$y, cols$label, adj = c(0.5, 0), cex = 0.6)
    }
  }, "puzzle")
}

#' @rdname create_puzzle_plot
#' @export
plot.nonogram_puzzle <- function(x, ...) print(create_puzzle_plot(x))

#' @rdname create_puzzle_plot
#' @export
plot.nonogram_result <- function(x, ...) print(create_puzzle_plot(x$puzzle, x$solution))

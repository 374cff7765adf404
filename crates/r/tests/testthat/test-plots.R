test_that("plots are ggplot objects with ggplot2, and base graphics without", {
  set <- create_pattern_set(c(2, 3), 8)
  duck <- puzzle_string_examples[["duck"]]
  # scripts/test-r installs ggplot2: its absence is a failure here, not a skip.
  expect_true(requireNamespace("ggplot2", quietly = TRUE))
  p <- create_matrix_plot(set, row_spacing = 0.3)
  expect_s3_class(p, "ggplot")
  expect_identical(nrow(p$data), length(set))
  q <- create_puzzle_plot(duck, solve_puzzle(duck))
  expect_s3_class(q, "ggplot")
  path <- tempfile(fileext = ".png")
  on.exit(unlink(path))
  grDevices::png(path)
  print(p)
  print(q)
  grDevices::dev.off()
  expect_gt(file.size(path), 0)
})

test_that("without ggplot2 the plots are drawn with base graphics", {
  old <- options(nonogramengine.ggplot2 = FALSE)
  on.exit(options(old))
  p <- create_matrix_plot(create_pattern_set(c(1, 2), 9), col_spacing = 0.45)
  expect_s3_class(p, "nonogram_base_plot")
  q <- create_puzzle_plot(puzzle_string_examples[["duck"]])
  expect_s3_class(q, "nonogram_base_plot")
  path <- tempfile(fileext = ".png")
  on.exit(unlink(path), add = TRUE)
  grDevices::png(path)
  print(p)
  print(q)
  grDevices::dev.off()
  expect_gt(file.size(path), 0)
  expect_error(create_matrix_plot(diag(2), row_spacing = 2), "row_spacing", class = "nonogram_value_error")
})

test_that("text, SVG and PNG drawings", {
  duck <- puzzle_string_examples[["duck"]]
  expect_match(render_puzzle(duck, format = "svg"), "^<svg|<\\?xml")
  png <- render_puzzle(duck, solve_puzzle(duck), format = "png")
  expect_identical(png[2:4], charToRaw("PNG"))
  expect_match(render_puzzle(duck, style = "haskell"), "\\|")
})

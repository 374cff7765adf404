test_that("explain gives the steps as a data frame and rates the puzzle", {
  e <- explain_puzzle(puzzle_string_examples[["duck"]])
  expect_s3_class(e, "nonogram_explanation")
  expect_s3_class(e$steps, "data.frame")
  expect_true(all(c("step", "kind", "text") %in% names(e$steps)))
  expect_gt(nrow(e$steps), 0)
  expect_true(all(e$steps$kind %in% c("line", "probe", "guess", "contradiction")))
  expect_identical(e$difficulty, "line")
  expect_false(anyNA(e$grid))
  expect_true(check_solution(puzzle_string_examples[["duck"]], e$grid))
  out <- capture.output(print(e))
  expect_match(out[length(out)], "^difficulty: ")
})

test_that("a hint is the next step, or names the wrong cells", {
  duck <- puzzle_string_examples[["duck"]]
  h <- hint_puzzle(duck, matrix(NA, 9, 8))
  expect_identical(h$kind, "step")
  expect_true(nzchar(h$text))
  solution <- solve_puzzle(duck)$solution
  expect_identical(hint_puzzle(duck, solution)$kind, "complete")
  wrong <- solution
  wrong[1, 1] <- 1L
  h <- hint_puzzle(duck, wrong)
  expect_identical(h$kind, "mistake")
  expect_identical(h$wrong_cells$row, 1L)
  expect_identical(h$wrong_cells$col, 1L)
  expect_error(hint_puzzle(duck, matrix(NA, 2, 2)), "9 by 8", class = "nonogram_value_error")
})

test_that("make checks uniqueness and suggests fixes", {
  made <- make_puzzle(diag(2))
  expect_identical(made$status, "multiple")
  expect_false(made$unique)
  expect_gt(nrow(made$map), 0)
  duck <- solve_puzzle(puzzle_string_examples[["duck"]])$solution
  made <- make_puzzle(duck)
  expect_identical(made$status, "unique")
  expect_identical(made$puzzle$goal, duck)
  expect_error(make_puzzle(), "give either a picture or a file", class = "nonogram_value_error")
})

test_that("an image's pixels and a PNG file become puzzles", {
  pixels <- array(1, c(4, 4, 3))
  pixels[2:3, 2:3, ] <- 0
  p <- create_puzzle_from_image(pixels)
  expect_identical(p$row_clues, list(0L, 2L, 2L, 0L))
  path <- tempfile(fileext = ".png")
  on.exit(unlink(path))
  writeBin(render_puzzle("1-1", matrix(1L, 1, 1), format = "png"), path)
  from_file <- make_puzzle(file = path, timeout = 5)
  expect_s3_class(from_file$puzzle, "nonogram_puzzle")
  expect_error(create_puzzle_from_image(file.path(tempdir(), "none.png")), class = "nonogram_file_error")
})

test_that("generated puzzles are unique, rated, and reproducible", {
  a <- generate_puzzle(10, 10, difficulty = "easy", seed = 3)
  b <- generate_puzzle(10, 10, difficulty = "easy", seed = 3)
  expect_identical(a$puzzle, b$puzzle)
  expect_identical(a$level, "easy")
  expect_identical(solve_puzzle(a$puzzle)$status, "unique")
  expect_identical(solve_puzzle(a$puzzle)$solution, a$solution)
})

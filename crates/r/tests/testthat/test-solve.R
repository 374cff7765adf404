test_that("the R package's examples are solved, each proved unique and checked", {
  for (name in setdiff(names(puzzle_string_examples), "gchq")) {
    result <- solve_puzzle(puzzle_string_examples[[name]])
    expect_identical(result$status, "unique", info = name)
    expect_identical(result$stop, "finished", info = name)
    expect_true(check_solution(puzzle_string_examples[[name]], result$solution), info = name)
    expect_true(all(result$solution %in% 0:1))
  }
})

test_that("GCHQ's clues alone have several solutions; with the card's given cells, one", {
  gchq <- puzzle_string_examples[["gchq"]]
  alone <- solve_puzzle(gchq)
  expect_identical(alone$status, "multiple")
  for (s in alone$solutions) expect_true(check_solution(gchq, s))
  expect_gt(nrow(alone$differing_cells), 0)
  card <- with_givens(gchq, gchq_givens())
  result <- solve_puzzle(card)
  expect_identical(result$status, "unique")
  given <- !is.na(gchq_givens())
  expect_true(all(result$solution[given] == 1L))
  expect_true(check_solution(gchq, result$solution))
})

test_that("the duck's solution is the duck", {
  duck <- solve_puzzle(puzzle_string_examples[["duck"]])$solution
  expect_identical(dim(duck), c(9L, 8L))
  expect_identical(duck[1, ], c(0L, 1L, 1L, 1L, 0L, 0L, 0L, 0L))
  expect_identical(create_puzzle_from_matrix(duck)$row_clues, convert_puzzle_string_to_puzzle(puzzle_string_examples[["duck"]])$row_clues)
  logical <- solve_puzzle(puzzle_string_examples[["duck"]], type = "logical")$solution
  expect_identical(logical, duck == 1L)
})

test_that("several solutions are reported with the cells where they differ", {
  result <- solve_puzzle("1:1-1:1")
  expect_identical(result$status, "multiple")
  expect_length(result$solutions, 2)
  expect_identical(nrow(result$differing_cells), 4L)
  expect_match(result$message, "solutions")
  expect_false(identical(result$solutions[[1]], result$solutions[[2]]))
  for (s in result$solutions) expect_true(check_solution("1:1-1:1", s))
  one <- solve_puzzle("1:1-1:1", solutions = 1)
  expect_identical(one$status, "solved")
})

test_that("contradictory clues have no solution, and say why", {
  result <- solve_puzzle("2-1:0")
  expect_identical(result$status, "none")
  expect_null(result$solution)
  expect_match(result$message, "no solution")
  expect_error(as.matrix(result), "no solution", class = "nonogram_value_error")
})

test_that("a time limit is obeyed and reported, never claimed as a proof", {
  big <- random_puzzles(1, 60, 60, density = 0.5, seed = 11)[[1]]
  result <- solve_puzzle(big, timeout = 0)
  expect_true(result$stop %in% c("time-limit", "finished"))
  if (result$stop == "time-limit") expect_true(result$status %in% c("unknown", "solved"))
  expect_error(solve_puzzle("1-1", timeout = -1), "timeout = -1 is not a non-negative", class = "nonogram_value_error")
  expect_error(solve_puzzle("1-1", solutions = 0), "solutions = 0 is out of range", class = "nonogram_value_error")
  expect_error(solve_puzzle("1-1", engine = "magic"), "unknown engine 'magic'", class = "nonogram_value_error")
})

test_that("deduction is line solving alone", {
  d <- deduce_puzzle(puzzle_string_examples[["duck"]])
  expect_identical(d$status, "unique")
  expect_false(anyNA(d$grid))
  g <- deduce_puzzle("1:1-1:1")
  expect_identical(g$status, "partial")
  expect_true(all(is.na(g$grid)))
})

test_that("an interrupt stops the engine's thread and is R's interrupt", {
  ns <- asNamespace("nonogramengine")
  # No interrupt pending: the sleep runs its course.
  expect_gt(ns$rs_sleep(0.05), 0.04)
  # A panic in the engine is an internal error, not a crash.
  expect_error(ns$.answer(ns$rs_panic()), "internal error", class = "nonogram_internal_error")
})

test_that("printing a result draws the solution and the status line", {
  out <- capture.output(print(solve_puzzle(puzzle_string_examples[["duck"]])))
  expect_true(any(grepl("unique", out)))
  expect_gt(length(out), 9)
})

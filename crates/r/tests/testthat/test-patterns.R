test_that("pattern sets are exact, in the R package's order", {
  set <- create_pattern_set(c(1, 2), 8)
  expect_true(is.integer(set) && is.matrix(set))
  expect_identical(dim(set), c(15L, 8L))
  expect_identical(anyDuplicated(apply(set, 1, paste, collapse = "")), 0L)
  for (i in seq_len(nrow(set))) {
    expect_identical(create_clue_from_pattern(set[i, ]), c(1L, 2L))
  }
  # Grouped: both ends empty first, then first filled, last filled, both.
  group <- set[, 1] + 2 * set[, 8]
  expect_false(is.unsorted(group))
  leftmost <- create_pattern_set(c(1, 2), 8, order = "leftmost")
  expect_identical(leftmost[1, ], c(1L, 0L, 1L, 1L, 0L, 0L, 0L, 0L))
  expect_setequal(apply(leftmost, 1, paste, collapse = ""), apply(set, 1, paste, collapse = ""))
  expect_identical(nrow(create_pattern_set(c(1, 1, 2, 1, 1, 2), 25)), 18564L)
  expect_identical(nrow(create_pattern_set(c(1, 2), 9)), 21L)
  expect_identical(create_pattern_set(0, 3), matrix(0L, 1, 3))
})

test_that("counts are exact without building the set", {
  expect_identical(count_patterns(c(1, 1, 2, 1, 1, 2, 1, 1, 1, 1), 35), 1961256)
  expect_identical(count_patterns(c(1, 1, 2, 1, 1, 2), 25), 18564)
  expect_identical(count_patterns(rep(1, 50), 200, exact = TRUE), as.character(gmp_choose(151, 50)))
  expect_error(create_pattern_set(rep(1, 30), 100), "count them with count_patterns", class = "nonogram_value_error")
  expect_identical(count_patterns(c(5, 5), 4), 0)
  expect_error(create_pattern_set(c(1, 0, 1), 5), "runs are 1 cell or longer", class = "nonogram_value_error")
})

test_that("common cells and shares follow from the set", {
  expect_identical(common_cells(c(3, 2), 8), c(NA, NA, 1L, NA, NA, NA, NA, NA))
  known <- c(NA, NA, 1L, NA, NA, NA, NA, NA, NA)
  expect_identical(count_patterns(c(1, 5), 9, known = known), 2)
  expect_identical(nrow(create_pattern_set(c(1, 5), 9, known = known)), 2L)
  shares <- fill_shares(c(2, 3), 8)
  set <- create_pattern_set(c(2, 3), 8)
  expect_equal(shares, colMeans(set))
  expect_null(common_cells(c(2), 3, known = "#.#"))
})

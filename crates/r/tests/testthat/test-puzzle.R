duck_string <- "3:2,1:3,2:2,2:6:1,5:6:1:2-1,2:3,1:1,5:7,1:5:3:4:3"

test_that("puzzle strings are read as the R nonogram package's lists, and written back", {
  duck <- convert_puzzle_string_to_puzzle(duck_string)
  expect_s3_class(duck, "nonogram_puzzle")
  expect_identical(duck$row_clues, list(3L, 2:1, 3:2, c(2L, 2L), 6L, c(1L, 5L), 6L, 1L, 2L))
  expect_identical(duck$col_clues, list(1:2, c(3L, 1L), c(1L, 5L), c(7L, 1L), 5L, 3L, 4L, 3L))
  expect_identical(convert_puzzle_to_puzzle_string(duck), duck_string)
  for (name in names(puzzle_string_examples)) {
    p <- convert_puzzle_string_to_puzzle(puzzle_string_examples[[name]])
    expect_identical(convert_puzzle_to_puzzle_string(p), puzzle_string_examples[[name]], info = name)
  }
  expect_identical(names(puzzle_string_examples), c("R", "duck", "swan", "squirrel", "gchq"))
})

test_that("a puzzle made from clue vectors is the one its string makes", {
  duck <- nonogram_puzzle(
    row_clues = list(3, c(2, 1), c(3, 2), c(2, 2), 6, c(1, 5), 6, 1, 2),
    col_clues = list(c(1, 2), c(3, 1), c(1, 5), c(7, 1), 5, 3, 4, 3)
  )
  expect_identical(convert_puzzle_to_puzzle_string(duck), duck_string)
  # The R package's own puzzle list, unclassed, is taken as it is.
  plain <- list(row_clues = unclass(duck)$row_clues, col_clues = unclass(duck)$col_clues)
  expect_identical(solve_puzzle(plain)$status, "unique")
})

test_that("bad puzzles are value or parse errors with one-line messages", {
  expect_error(as_puzzle(list(row_clues = list(1))), "has no col_clues", class = "nonogram_value_error")
  expect_error(as_puzzle(42), "must be a puzzle", class = "nonogram_value_error")
  expect_error(nonogram_puzzle(list(c(1, -2)), list(1)), "row 1", class = "nonogram_value_error")
  expect_error(nonogram_puzzle(list(1.5), list(1)), "whole numbers", class = "nonogram_value_error")
  err <- tryCatch(convert_puzzle_string_to_puzzle("1,x-1"), error = identity)
  expect_s3_class(err, "nonogram_parse_error")
  expect_s3_class(err, "nonogram_error")
  expect_false(grepl("\n", conditionMessage(err)))
  expect_true(is.numeric(err$line) && is.numeric(err$column))
})

test_that("every writable format round-trips the duck, and every format is listed", {
  formats <- puzzle_formats()
  expect_true(all(c("name", "extension", "writable") %in% names(formats)))
  expect_gt(nrow(formats), 8)
  # With its picture as its goal, for the formats that write the picture itself.
  duck <- create_puzzle_from_matrix(solve_puzzle(duck_string)$solution)
  for (format in formats$name[formats$writable]) {
    text <- format_puzzle(duck, format)
    back <- parse_puzzle(text, format = format)
    expect_identical(back$row_clues, duck$row_clues, info = format)
    expect_identical(back$col_clues, duck$col_clues, info = format)
  }
  expect_error(format_puzzle(duck, "nope"), "unknown format 'nope' \\(writable formats: ", class = "nonogram_value_error")
  expect_error(parse_puzzle("3", format = "nope"), "unknown format 'nope' \\(known formats: ", class = "nonogram_value_error")
})

test_that("files are written whole, never replaced without force, and read back", {
  path <- tempfile(fileext = ".non")
  on.exit(unlink(path))
  write_puzzle(duck_string, path)
  expect_identical(convert_puzzle_to_puzzle_string(read_puzzle(path)), duck_string)
  expect_error(write_puzzle(duck_string, path), "already exists", class = "nonogram_file_exists_error")
  write_puzzle(duck_string, path, force = TRUE)
  expect_length(read_puzzles(path), 1)
  expect_error(read_puzzle(path, index = 2), "there is no puzzle 2", class = "nonogram_value_error")
  expect_error(read_puzzle(file.path(tempdir(), "missing.non")), class = "nonogram_file_error")
  bad <- tempfile(fileext = ".non")
  on.exit(unlink(bad), add = TRUE)
  writeLines(c("width 2", "height x"), bad)
  err <- tryCatch(read_puzzle(bad), error = identity)
  expect_s3_class(err, "nonogram_parse_error")
  expect_identical(err$file, bad)
  expect_true(startsWith(conditionMessage(err), paste0(bad, ":2:")))
})

test_that("random puzzles are reproducible", {
  a <- random_puzzles(3, 10, 8, seed = 4)
  b <- random_puzzles(3, 10, 8, seed = 4)
  expect_identical(a, b)
  expect_length(a[[1]]$row_clues, 8)
  expect_length(a[[1]]$col_clues, 10)
})

test_that("a colour puzzle keeps its palette and colour-named runs", {
  flag <- nonogram_puzzle(
    list(c(red = 2), c(red = 1, blue = 1)), list(c(red = 2), c(red = 1, blue = 1)),
    palette = data.frame(name = c("white", "red", "blue"), rgb = c("white", "red", "blue"))
  )
  expect_s3_class(flag$palette, "data.frame")
  expect_identical(flag$row_clues[[2]], c(red = 1L, blue = 1L))
  result <- solve_puzzle(flag)
  expect_identical(result$status, "unique")
  expect_identical(result$solution, rbind(c(1L, 1L), c(1L, 2L)))
  expect_error(solve_puzzle(flag, type = "logical"), "black-and-white", class = "nonogram_value_error")
})

test_that("triangle puzzles keep their half cells: character clues and the triangles palette", {
  # A 3 x 3 picture: half cells at the corners, `◢#◣ / ##. / ◥#◤`.
  tri <- nonogram_puzzle(
    list("/3\\", 2, "\\3/"), list("/3\\", 3, c("\\1", "1/")),
    palette = "triangles"
  )
  expect_identical(tri$palette, "triangles")
  expect_identical(tri$row_clues, list("/3\\", "2", "\\3/"))
  expect_identical(tri$col_clues, list("/3\\", "3", c("\\1", "1/")))
  result <- solve_puzzle(tri)
  expect_identical(result$status, "unique")
  expect_identical(result$solution, matrix(c(2L, 1L, 5L, 1L, 1L, 0L, 4L, 1L, 3L), 3, byrow = TRUE))
  # Through Olsak's .g, the one format that holds the caps, and back.
  again <- parse_puzzle(format_puzzle(tri, "g"), "g")
  expect_identical(again$row_clues, tri$row_clues)
  expect_identical(again$col_clues, tri$col_clues)
  expect_error(format_puzzle(tri, "non"), class = "nonogram_error")
  # The explanation writes the clues with their caps.
  steps <- explain_puzzle(tri)
  expect_true("/3\\" %in% steps$steps$clue)
  expect_match(render_puzzle(tri, result, format = "svg"), "<svg")
  expect_error(create_puzzle_plot(tri), "render_puzzle", class = "nonogram_value_error")
  # A matrix of the palette's indices makes the same puzzle, its clues read with their caps.
  made <- create_puzzle_from_matrix(result$solution, palette = "triangles")
  expect_identical(made$row_clues, tri$row_clues)
  expect_identical(made$col_clues, tri$col_clues)
  expect_error(
    nonogram_puzzle(list("/x"), list(1), palette = "triangles"),
    "row 1 has the run \"/x\"", class = "nonogram_value_error"
  )
  expect_error(
    nonogram_puzzle(list(1), list(1), palette = "hexagons"),
    "\"triangles\"", class = "nonogram_value_error"
  )
})

# The .Call entry points of the Rust half (src/rust), one R function each, registered by
# extendr_module! in src/rust/src/lib.rs under the names wrap__<function>. Written by hand in the
# form rextendr::document() generates, so that building the package needs neither rextendr nor
# a build of the library first; a test (tests/testthat/test-wrappers.R) checks that the two
# lists agree, function by function and argument by argument.
#
# Every one of them answers a value or a "nonogram_failure" (see R/conditions.R): they are
# internal, called by the documented functions around them.

#' @useDynLib nonogramengine, .registration = TRUE
NULL

rs_version <- function() .Call(wrap__rs_version)
rs_panic <- function() .Call(wrap__rs_panic)
rs_sleep <- function(seconds) .Call(wrap__rs_sleep, seconds)
rs_puzzle <- function(puzzle) .Call(wrap__rs_puzzle, puzzle)
rs_with_givens <- function(puzzle, givens) .Call(wrap__rs_with_givens, puzzle, givens)
rs_read <- function(path, format) .Call(wrap__rs_read, path, format)
rs_parse <- function(text, format) .Call(wrap__rs_parse, text, format)
rs_format <- function(puzzle, format, solution) .Call(wrap__rs_format, puzzle, format, solution)
rs_write <- function(puzzle, path, format, force, solution) .Call(wrap__rs_write, puzzle, path, format, force, solution)
rs_formats <- function() .Call(wrap__rs_formats)
rs_random_puzzles <- function(count, width, height, density, colours, seed) .Call(wrap__rs_random_puzzles, count, width, height, density, colours, seed)
rs_solve <- function(puzzle, solutions, timeout, engine, threads, seed) .Call(wrap__rs_solve, puzzle, solutions, timeout, engine, threads, seed)
rs_deduce <- function(puzzle, timeout) .Call(wrap__rs_deduce, puzzle, timeout)
rs_check <- function(puzzle, grid) .Call(wrap__rs_check, puzzle, grid)
rs_explain <- function(puzzle, timeout) .Call(wrap__rs_explain, puzzle, timeout)
rs_hint <- function(puzzle, grid, timeout) .Call(wrap__rs_hint, puzzle, grid, timeout)
rs_puzzle_from_picture <- function(picture, file, colours, threshold, invert, size, palette, title) .Call(wrap__rs_puzzle_from_picture, picture, file, colours, threshold, invert, size, palette, title)
rs_make <- function(picture, file, colours, threshold, invert, size, palette, title, timeout, threads, givens, map) .Call(wrap__rs_make, picture, file, colours, threshold, invert, size, palette, title, timeout, threads, givens, map)
rs_generate <- function(width, height, difficulty, colours, density, style, seed, index, timeout) .Call(wrap__rs_generate, width, height, difficulty, colours, density, style, seed, index, timeout)
rs_count_patterns <- function(clue, total_length, known) .Call(wrap__rs_count_patterns, clue, total_length, known)
rs_pattern_set <- function(clue, total_length, known, order, max_cells) .Call(wrap__rs_pattern_set, clue, total_length, known, order, max_cells)
rs_common_cells <- function(clue, total_length, known) .Call(wrap__rs_common_cells, clue, total_length, known)
rs_fill_shares <- function(clue, total_length, known) .Call(wrap__rs_fill_shares, clue, total_length, known)
rs_render <- function(puzzle, grid, format, style, unicode, cell, marked) .Call(wrap__rs_render, puzzle, grid, format, style, unicode, cell, marked)

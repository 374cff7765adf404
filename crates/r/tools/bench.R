# Times for docs/r.md: the R nonogram package's examples and GCHQ solved through the package,
# and the overhead of a call over the engine. Medians of repeated runs (the machine is noisy).
#   R_LIBS=target/r-lib Rscript crates/r/tools/bench.R
library(nonogramengine)

median_time <- function(f, times) {
  f()  # warm: the worker thread is started by the first call
  elapsed <- vapply(seq_len(times), function(i) {
    start <- proc.time()[["elapsed"]]
    f()
    proc.time()[["elapsed"]] - start
  }, 0)
  stats::median(elapsed)
}

cat("| puzzle | size | status | median time of solve_puzzle() | engine's own time |\n")
cat("| --- | --- | --- | --- | --- |\n")
puzzles <- as.list(puzzle_string_examples)
puzzles$gchq_card <- with_givens(puzzle_string_examples[["gchq"]], gchq_givens())
for (name in names(puzzles)) {
  p <- as_puzzle(puzzles[[name]])
  result <- solve_puzzle(p)
  t <- median_time(function() for (i in 1:20) solve_puzzle(p), 11) / 20
  engine <- stats::median(replicate(21, solve_puzzle(p)$elapsed))
  cat(sprintf(
    "| %s | %d x %d | %s | %.2f ms | %.2f ms |\n", name, length(p$col_clues), length(p$row_clues),
    result$status, t * 1000, engine * 1000
  ))
}

# Overhead: a call that does almost nothing in the engine, repeated.
ns <- asNamespace("nonogramengine")
n <- 2000
one <- as_puzzle("1-1")
per_call <- function(f) median_time(function() for (i in seq_len(n)) f(), 5) / n * 1e6
cat(sprintf("\nrs_version() (a bare .Call): %.1f us a call\n", per_call(ns$rs_version)))
cat(sprintf("rs_sleep(0) (a round trip to the worker thread): %.1f us a call\n",
            per_call(function() ns$rs_sleep(0))))
cat(sprintf("solve_puzzle(<1x1 puzzle>): %.1f us a call\n", per_call(function() solve_puzzle(one))))
cat(sprintf("solve_puzzle(<1x1 puzzle>, threads = 1): %.1f us a call\n",
            per_call(function() solve_puzzle(one, threads = 1))))
cat(sprintf("rs_solve(<1x1 puzzle>, threads = 1), no R around it: %.1f us a call\n",
            per_call(function() ns$rs_solve(unclass(one), 2, NULL, "auto", 1, 0))))
cat(sprintf("count_patterns(c(1, 2), 9): %.1f us a call\n", per_call(function() count_patterns(c(1, 2), 9))))

# Ctrl-C for real: a child R session (interactive, as a terminal's or RStudio's is) solves a
# puzzle that takes far longer than this test, and is sent SIGINT, what Ctrl-C sends, once the
# solve is under way. The solve must end at once as R's interrupt (not a crash, not an error),
# and the engine's thread must be free for the next call: were the solve still running there,
# the next one would wait for it.
test_that("SIGINT stops a long solve at once, as R's interrupt, and the engine is free after", {
  skip_on_os("windows") # no SIGINT to send there
  dir <- tempfile("interrupt")
  dir.create(dir)
  on.exit(unlink(dir, recursive = TRUE), add = TRUE)
  path <- function(name) file.path(dir, name)
  writeLines(c(
    "library(nonogramengine)",
    # The tail set's 40 x 40 #230 (testdata/tail/random-40x40-d0.5-s4-230.non; the benchmark
    # counts from 0): one thread does not prove it unique in a minute (BENCHMARKS.md).
    "p <- random_puzzles(231, 40, 40, seed = 4)[[231]]",
    sprintf("writeLines(as.character(Sys.getpid()), %s)", deparse(path("pid"))),
    "answer <- tryCatch({",
    sprintf("  file.create(%s)", deparse(path("solving"))),
    "  r <- solve_puzzle(p, threads = 1, timeout = 300)",
    "  paste('finished:', r$status)",
    "}, interrupt = function(c) 'interrupt', error = function(e) conditionMessage(e))",
    sprintf("writeLines(answer, %s)", deparse(path("answer"))),
    "again <- system.time(duck <- solve_puzzle(puzzle_string_examples[['duck']]))[['elapsed']]",
    sprintf("writeLines(c(duck$status, again), %s)", deparse(path("again"))),
    "quit(save = 'no')"
  ), path("child.R"))

  wait_for <- function(name, seconds) {
    limit <- Sys.time() + seconds
    while (!file.exists(path(name)) && Sys.time() < limit) Sys.sleep(0.01)
    file.exists(path(name))
  }
  # Interactive (which `R -f` is not: it reads the script as a console's input), as a terminal's
  # session is; R_LIBS: the child loads the package from the library this one loaded it from.
  system2(
    file.path(R.home("bin"), "R"), c("--interactive", "--vanilla", "--no-echo"),
    stdin = path("child.R"), stdout = path("log"), stderr = path("log"), wait = FALSE,
    env = paste0("R_LIBS=", paste(.libPaths(), collapse = .Platform$path.sep))
  )
  expect_true(wait_for("solving", 60), info = paste(readLines(path("log")), collapse = "\n"))
  pid <- as.integer(readLines(path("pid")))
  on.exit(tools::pskill(pid, tools::SIGKILL), add = TRUE) # never left running if this fails
  Sys.sleep(1) # well into the solve
  expect_false(file.exists(path("answer")))
  sent <- Sys.time()
  expect_true(tools::pskill(pid, tools::SIGINT))
  expect_true(wait_for("answer", 30), info = paste(readLines(path("log")), collapse = "\n"))
  took <- as.numeric(difftime(Sys.time(), sent, units = "secs"))
  expect_identical(readLines(path("answer")), "interrupt")
  # Tens of milliseconds on a quiet machine (the engine polls its flag every few hundred
  # microseconds, R's thread every 20 ms); the margin is for a loaded one.
  expect_lt(took, 5)
  expect_true(wait_for("again", 30), info = paste(readLines(path("log")), collapse = "\n"))
  again <- readLines(path("again"))
  expect_identical(again[[1]], "unique")
  expect_lt(as.numeric(again[[2]]), 5)
})

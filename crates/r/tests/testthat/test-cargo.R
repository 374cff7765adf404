# The Rust half is a workspace of its own (src/rust/Cargo.toml says why): it must state the
# repository's [workspace.package] and [workspace.lints], and lock every crate it shares with the
# repository at the repository's version. Run from crates/r/tests/testthat (scripts/test-r).
# About the repository, not the package: left out of the tarball (.Rbuildignore), so that
# `R CMD check` of a tarball runs the package's own tests only.
repo <- normalizePath(file.path(getwd(), "..", "..", "..", ".."), mustWork = FALSE)

locked <- function(path) {
  lines <- readLines(path)
  names <- sub('^name = "(.*)"$', "\\1", lines[grep("^name = ", lines)])
  versions <- sub('^version = "(.*)"$', "\\1", lines[grep("^name = ", lines) + 1])
  split(versions, names)
}

section <- function(path, header) {
  lines <- readLines(path)
  start <- which(lines == header)
  stopifnot(length(start) == 1)
  rest <- lines[-seq_len(start)]
  end <- which(grepl("^\\[", rest))[1]
  body <- rest[seq_len(if (is.na(end)) length(rest) else end - 1)]
  body[nzchar(body) & !grepl("^#", body)]
}

test_that("the package's Cargo.lock agrees with the repository's on every shared crate", {
  ours <- locked(file.path(repo, "crates", "r", "src", "rust", "Cargo.lock"))
  theirs <- locked(file.path(repo, "Cargo.lock"))
  shared <- intersect(names(ours), names(theirs))
  expect_gt(length(shared), 20)
  for (name in shared) {
    # The repository may lock two versions of a crate (for different dependents); each one
    # the package locks must be one of them.
    expect_true(all(ours[[name]] %in% theirs[[name]]), info = name)
  }
})

test_that("the package's workspace states the repository's package fields and lints", {
  ours <- file.path(repo, "crates", "r", "src", "rust", "Cargo.toml")
  theirs <- file.path(repo, "Cargo.toml")
  for (header in c("[workspace.package]", "[workspace.lints.rust]", "[workspace.lints.clippy]")) {
    expect_identical(section(ours, header), section(theirs, header), info = header)
  }
})

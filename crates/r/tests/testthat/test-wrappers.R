# R/extendr-wrappers.R is written by hand in rextendr's form: it must declare exactly the
# functions, with exactly the arguments, that the Rust half registers.
test_that("the wrappers agree with the functions the Rust half registers", {
  ns <- asNamespace("nonogramengine")
  generated <- .Call(ns$wrap__make_nonogramengine_wrappers, TRUE, "nonogramengine")
  code <- parse(text = generated)
  declared <- list()
  for (expr in code) {
    if (is.call(expr) && identical(expr[[1]], as.name("<-")) && is.call(expr[[3]]) &&
      identical(expr[[3]][[1]], as.name("function"))) {
      declared[as.character(expr[[2]])] <- list(names(expr[[3]][[2]]))
    }
  }
  expect_gt(length(declared), 20)
  for (name in names(declared)) {
    expect_true(exists(name, envir = ns, inherits = FALSE), info = name)
    expect_identical(names(formals(get(name, envir = ns))), declared[[name]], info = name)
  }
  ours <- grep("^rs_", ls(ns, all.names = TRUE), value = TRUE)
  expect_setequal(ours, names(declared))
})

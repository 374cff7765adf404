# Errors as R conditions, with the command line's one-line messages.
#
# The Rust half never raises an R error (a longjmp over Rust frames would skip their
# destructors): it answers a failure as a value, a list of class "nonogram_failure", and
# .answer() below raises it here, once the Rust frames are gone. Each kind of failure is a
# condition class, so that a caller can catch exactly what it expects:
#
#   nonogram_parse_error        text or a file that is not a puzzle (with file, line, column)
#   nonogram_value_error        an argument out of range or of the wrong shape
#   nonogram_file_error         a file that cannot be read or written (with file)
#   nonogram_file_exists_error  a file that exists and was not to be replaced
#   nonogram_timeout_error      a time limit that ran out before there was anything to answer
#   nonogram_internal_error     a bug in the engine (a Rust panic), caught before it took R down
#
# All of them are "nonogram_error", "error" and "condition" too. Ctrl-C (or RStudio's stop
# button) during a call stops the engine and is signalled as R's own interrupt.

.condition_classes <- list(
  parse = c("nonogram_parse_error", "nonogram_error"),
  value = c("nonogram_value_error", "nonogram_error"),
  file = c("nonogram_file_error", "nonogram_error"),
  exists = c("nonogram_file_exists_error", "nonogram_file_error", "nonogram_error"),
  timeout = c("nonogram_timeout_error", "nonogram_error"),
  internal = c("nonogram_internal_error", "nonogram_error")
)

# A condition of the package's classes. `call` is the user's call that failed.
.nonogram_error <- function(kind, message, call = NULL, ...) {
  structure(
    class = c(.condition_classes[[kind]], "error", "condition"),
    list(message = message, call = call, ...)
  )
}

# Raises a value error from R code (type checks made before the Rust half is called).
.stop_value <- function(message, call = sys.call(-1)) {
  stop(.nonogram_error("value", message, call = call))
}

# The Rust half's answer: its value, or its failure raised as a condition of the user's call.
.answer <- function(value, call = sys.call(-1)) {
  if (!inherits(value, "nonogram_failure")) {
    return(value)
  }
  if (identical(value$kind, "interrupted")) {
    .interrupt()
  }
  fields <- list()
  for (name in c("file", "line", "column")) {
    if (!is.null(value[[name]])) fields[[name]] <- value[[name]]
  }
  # quote = TRUE: the call is a language object, to keep, not to evaluate again.
  stop(do.call(
    .nonogram_error, c(list(value$kind, value$message, call = call), fields),
    quote = TRUE
  ))
}

# R's answer to Ctrl-C, signalled anew once the engine has stopped: an "interrupt" condition
# (which tryCatch(interrupt = ) and withCallingHandlers() see), then back to the top level,
# as R does when nothing handles it.
.interrupt <- function() {
  signalCondition(structure(class = c("interrupt", "condition"), list(message = "", call = NULL)))
  invokeRestart("abort")
}

# A data frame of the Rust half's named list of equal-length columns, without
# as.data.frame()'s checks and name mangling (half the cost of a small solve otherwise).
.frame <- function(columns) {
  n <- if (length(columns)) length(columns[[1]]) else 0L
  structure(columns, class = "data.frame", row.names = .set_row_names(n))
}

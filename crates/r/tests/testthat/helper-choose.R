# choose(n, k) exactly, as decimal digits (R's choose() is a double): the count of placements
# of k single cells in a line, to check count_patterns() past 2^53.
gmp_choose <- function(n, k) {
  digits <- 1L  # little-endian base-10 digits of the running product
  times <- function(d, m) {
    carry <- 0
    for (i in seq_along(d)) {
      v <- d[i] * m + carry
      d[i] <- v %% 10
      carry <- v %/% 10
    }
    while (carry > 0) {
      d <- c(d, carry %% 10)
      carry <- carry %/% 10
    }
    d
  }
  divide <- function(d, m) {
    rem <- 0
    for (i in rev(seq_along(d))) {
      v <- rem * 10 + d[i]
      d[i] <- v %/% m
      rem <- v %% m
    }
    stopifnot(rem == 0)
    while (length(d) > 1 && d[length(d)] == 0) d <- d[-length(d)]
    d
  }
  for (i in seq_len(k)) {
    digits <- divide(times(digits, n - k + i), i)
  }
  paste(rev(digits), collapse = "")
}

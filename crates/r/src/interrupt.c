/* Whether the user has asked R to stop (Ctrl-C in a terminal, the stop button in RStudio),
 * for the Rust half's wait loop (src/rust/src/run.rs), which calls it from R's thread while
 * the engine works on another.
 *
 * R_CheckUserInterrupt answers an interrupt by unwinding R's stack with a longjmp, which must
 * never cross Rust frames (their destructors would be skipped). R_ToplevelExec runs it in a
 * context of its own that catches the jump and returns FALSE: the interrupt is then consumed,
 * the Rust side stops the engine and returns, and the package's R code signals the interrupt
 * anew (R/conditions.R). This is how RcppThread's isInterrupted() checks, and extendr offers
 * no equivalent. */
#include <Rinternals.h>
#include <R_ext/Utils.h>

static void check_interrupt(void *unused) {
    (void) unused;
    R_CheckUserInterrupt();
}

int nonogramengine_interrupt_pending(void) {
    return R_ToplevelExec(check_interrupt, NULL) == FALSE;
}

#!/usr/bin/env bash
# Runs every benchmark of the sessions' log (docs/benchmarks-history.md), ours beside nonogrid
# when it is installed (`cargo install nonogrid --features xml,sat`), and beside nonosolve and
# hugi when NONOGRAM_BENCH_NONOSOLVE and NONOGRAM_BENCH_HUGI name their binaries (built by you,
# outside the repository; see crates/bench/src/peer.rs). Usage:
#
#   scripts/bench.sh [--quick] [CORPUS_DIR]
#
# CORPUS_DIR defaults to ../shared/puzzles beside the repository. --quick keeps every set but
# shortens the long ones (1,000 random puzzles instead of 5,000, every tenth tournament puzzle,
# the first tournament set only, the tail set without its 40×40 puzzles), so the whole run
# takes minutes instead of hours. The figures and plot of BENCHMARKS.md's report come from
# scripts/bench-report instead.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
quick=false
if [[ "${1:-}" == "--quick" ]]; then quick=true; shift; fi
corpus="${1:-../shared/puzzles}"
cargo build --release -q -p nonogram-bench -p nonogram-cli
bench=target/release/nonogram-bench
peer=()
if command -v nonogrid >/dev/null; then peer=(--peer nonogrid); else echo "(nonogrid not found)"; fi
for name in nonosolve hugi; do
  var="NONOGRAM_BENCH_${name^^}"
  if [[ -n "${!var:-}" ]]; then peer+=(--peer "$name"); fi
done

echo "## line solver"
$bench lines
echo "## survey, uniqueness, 1 thread"
$bench corpus "${peer[@]}" --threads 1 --timeout 30 "$corpus/survey"
echo "## survey, uniqueness, 2 threads"
$bench corpus --threads 2 --timeout 30 "$corpus/survey"
echo "## random 30x30, uniqueness, 2 jobs"
if $quick; then count=1000; else count=5000; fi
$bench random --count "$count" --seed 1 --jobs 2 --threads 1 --timeout 30 "${peer[@]}" --peer-sample 100
echo "## the tail set (testdata/tail), uniqueness, 1 and 2 threads"
if $quick; then tail=(testdata/tail/random-3[05]x*); else tail=(testdata/tail); fi
# A limit every puzzle of the set meets on one thread (the slowest took 136 s), so that the two
# totals compare whole runs: a puzzle stopped at the limit on both would hide the difference.
# The peers, which give up on many of these, get 60 s each.
$bench corpus --threads 1 --timeout 400 "${tail[@]}"
$bench corpus --threads 2 --timeout 400 "${tail[@]}"
if [[ ${#peer[@]} -gt 0 ]]; then
  $bench corpus --threads 1 --timeout 60 "${peer[@]}" "${tail[@]}"
fi
echo "## random 150x150 (lines past 128 cells), 1 thread"
if $quick; then sample=1; else sample=4; fi
$bench random --count 4 --size 150 --density 0.6 --jobs 1 --threads 1 --timeout 60 "${peer[@]}" --peer-sample "$sample"
echo "## tournament sets, first solution, 1 thread"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for set in "$corpus"/tournament/*.txt; do
  [[ "$set" == *solutions* ]] && continue
  if $quick; then
    awk '/^\$/{n++} n%10==0' "$set" > "$tmp/$(basename "$set")"
    $bench corpus --quiet --solutions 1 --threads 1 --timeout 20 "${peer[@]}" "$tmp/$(basename "$set")"
    break
  fi
  $bench corpus --quiet --solutions 1 --threads 1 --timeout 60 "${peer[@]}" "$set"
done
echo "## batch scaling (a tenth of the first tournament set)"
first=$(ls "$corpus"/tournament/*.txt | grep -v solutions | head -n 1)
for jobs in 1 2; do
  start=$(date +%s.%N)
  target/release/nonogram batch --jobs "$jobs" --solutions 1 --timeout 20 --no-progress --shard 10/10 "$first" > /dev/null 2>&1 || true
  echo "jobs $jobs: $(awk "BEGIN { print $(date +%s.%N) - $start }") s"
done

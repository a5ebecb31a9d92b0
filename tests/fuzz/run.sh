#!/bin/sh
# run.sh - run the libFuzzer targets of a --enable-fuzzing build.
#
#   run.sh [-t SECONDS] [-j JOBS] [-b BINDIR] [-w WORKDIR] [TARGET...]
#
# Each target (ndjson, yaml, time; default all) runs for SECONDS (default
# 60) from its seed corpus and regression inputs in this directory; new
# inputs go to WORKDIR/corpus/TARGET, crashes to WORKDIR/crash-TARGET-*.
# JOBS targets run at once (default 1). Exit 1 if any target found a
# crash, leak, timeout or broken invariant: add the input to
# regress/TARGET/ once it is fixed.
set -eu

src=$(cd "$(dirname "$0")" && pwd)
secs=60 jobs=1 bin=. work=fuzz-work
while getopts t:j:b:w: c; do
	case $c in
	t) secs=$OPTARG ;;
	j) jobs=$OPTARG ;;
	b) bin=$OPTARG ;;
	w) work=$OPTARG ;;
	*) echo "usage: run.sh [-t SECONDS] [-j JOBS] [-b BINDIR] [-w WORKDIR] [TARGET...]" >&2
	   exit 64 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] || set -- $(cd "$src/corpus" && ls)

mkdir -p "$work"
work=$(cd "$work" && pwd)
for t; do
	[ -x "$bin/fuzz_$t" ] || { echo "run.sh: no target '$bin/fuzz_$t'" >&2; exit 66; }
	mkdir -p "$work/corpus/$t"
done

# One target: the fuzzer's own output goes to WORKDIR/TARGET.log; the
# target's stderr (every error message it prints) is closed.
one() {
	t=$1
	echo "fuzz_$t: ${secs}s, log $work/$t.log"
	set -- "$work/corpus/$t" "$src/corpus/$t"
	[ ! -d "$src/regress/$t" ] || set -- "$@" "$src/regress/$t"
	[ ! -f "$src/dict/$t.dict" ] || set -- -dict="$src/dict/$t.dict" "$@"
	if "$bin/fuzz_$t" -max_total_time="$secs" -timeout=10 \
	    -rss_limit_mb=2048 -malloc_limit_mb=1024 -close_fd_mask=2 \
	    -print_final_stats=1 -artifact_prefix="$work/crash-$t-" "$@" \
	    >"$work/$t.log" 2>&1; then
		sed -n 's/^stat::number_of_executed_units: */  runs: /p' "$work/$t.log"
		echo "fuzz_$t: no findings"
	else
		echo "fuzz_$t: FOUND A PROBLEM:"
		grep -E 'ERROR|invariant|SUMMARY|Test unit written' "$work/$t.log" | head -20
		return 1
	fi
}

if [ "$jobs" -le 1 ]; then
	rc=0
	for t; do one "$t" || rc=1; done
	exit $rc
fi
# Parallel: this script once per target, at most JOBS at a time.
printf '%s\n' "$@" | xargs -P "$jobs" -n 1 sh "$0" -t "$secs" -b "$bin" -w "$work"

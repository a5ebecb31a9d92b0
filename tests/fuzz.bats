#!/usr/bin/env bats
# fuzz.bats - replay every fuzz target's seed corpus and every input that
# ever made it crash (tests/fuzz/regress/TARGET/) through the same code.
# A crash, sanitizer report or broken invariant aborts the target.

load test_helper

FUZZ="$TOP_SRCDIR/tests/fuzz"

replay() {
	local t=$1 files=()
	for f in "$FUZZ/corpus/$t"/* "$FUZZ/regress/$t"/*; do
		[[ -f $f ]] && files+=("$f")
	done
	[[ ${#files[@]} -gt 0 ]] || fail "no inputs for fuzz_$t"
	# PK_VALGRIND: 'make check-valgrind' runs the targets under valgrind
	run --separate-stderr ${PK_VALGRIND:-} "$TOP_BUILDDIR/tests/fuzz/fuzz_$t" "${files[@]}"
	[[ $status -eq 0 && $stderr != *"invariant failed"* ]] ||
		fail "fuzz_$t: status $status: $(tail -40 <<<"$stderr")"
}

@test "fuzz_ndjson replays its corpus and regressions" {
	replay ndjson
}

@test "fuzz_yaml replays its corpus and regressions" {
	replay yaml
}

@test "fuzz_time replays its corpus and regressions" {
	replay time
}

@test "fuzz_history replays its corpus and regressions" {
	replay history
}

@test "fuzz_events replays its corpus and regressions" {
	replay events
}

@test "fuzz_resources replays its corpus and regressions" {
	replay resources
}

@test "fuzz_placeconf replays its corpus and regressions" {
	replay placeconf
}

@test "fuzz_plscan replays its corpus and regressions" {
	replay plscan
}

@test "fuzz_plnames replays its corpus and regressions" {
	replay plnames
}

@test "fuzz_goregexp replays its corpus and regressions" {
	replay goregexp
}

@test "fuzz_b64 replays its corpus and regressions" {
	replay b64
}

@test "fuzz_gunzip replays its corpus and regressions" {
	replay gunzip
}

@test "fuzz_kcm replays its corpus and regressions" {
	replay kcm
}

@test "fuzz_kobj replays its corpus and regressions" {
	replay kobj
}

@test "fuzz_kpod replays its corpus and regressions" {
	replay kpod
}

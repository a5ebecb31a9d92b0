#!/usr/bin/env bats
# plprop.bats - placement properties on random configurations and
# applications (tests/prop/plprop.c): explain agrees with place, and every
# placed queue is a leaf the user may submit to. PLPROP_N and PLPROP_SEED
# pick the number of configurations and the seed.

load test_helper

# 'make check' tries 100 configurations, 'make check-long' 1000.
@test "placement properties hold for random configurations and applications" {
	local n=100
	[[ -z ${PK_LONG:-} ]] || n=1000
	n=${PLPROP_N:-$n}
	[[ -z ${PK_VALGRIND:-} ]] || n=20	# every placectl run is under valgrind
	run --separate-stderr "$TOP_BUILDDIR/tests/prop/plprop" -n "$n" \
		-s "${PLPROP_SEED:-1}" "$BATS_TEST_TMPDIR"
	[[ $status -eq 0 ]] || fail "$stderr"
	echo "# $output" >&3
}

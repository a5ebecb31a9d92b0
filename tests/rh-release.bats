#!/usr/bin/env bats
# rh-release.bats - rh-release where a transcript cannot do: properties
# over generated histories (a release undoes the requests it cancels),
# and an output directory without write permission. The cases that are
# a command and what it prints are in tests/cases/rh-release.t.

load test_helper

NOW=1795000001000

setup() { T=$BATS_TEST_TMPDIR; }

@test "generated histories: requesting n then releasing n gives the history back" {
	local s r
	for s in 1 2 3; do
		gen_history "$s" $((s * 9)) 3 $((NOW - 1000)) > "$T/h.json"
		rh-load --now $NOW "$T/h.json" > "$T/base"
		for r in 0 1 2; do
			rh-request -r $r -n $((s * 5)) --now $NOW "$T/h.json" |
				rh-release -r $r -n $((s * 5)) --now $NOW > "$T/back"
			cmp "$T/base" "$T/back"
			# releasing fewer leaves the newest requests cancelled first
			rh-request -r $r -n 4 --now $NOW "$T/h.json" |
				rh-release -r $r -n 1 --now $NOW |
				rh-release -r $r -n 3 --now $NOW | cmp "$T/base" -
		done
	done
}

@test "-o into a directory it may not write: exit 73, the file as it was" {
	[[ $(id -u) -ne 0 ]] || skip "root writes into a directory of mode 555"
	gen_history 1 5 2 $((NOW - 1000)) > "$T/h.json"
	mkdir "$T/ro"
	echo before > "$T/ro/out.json"
	chmod 555 "$T/ro"
	run rh-release -r 0 -n 1 --now $NOW -o "$T/ro/out.json" "$T/h.json"
	assert_failure 73
	assert_output --partial "cannot create"
	assert_equal "$(cat "$T/ro/out.json")" before
	chmod 755 "$T/ro"
}

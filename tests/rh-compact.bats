#!/usr/bin/env bats
# rh-compact.bats - rh-compact: options, behaviour and errors.

load test_helper

@test "rh-compact --help names every option of the synopsis" {
	run -0 rh-compact --help
	assert_line --index 0 --regexp '^usage: rh-compact '
}

#!/usr/bin/env bats
# rh-request.bats - rh-request: options, behaviour and errors.

load test_helper

@test "rh-request --help names every option of the synopsis" {
	run -0 rh-request --help
	assert_line --index 0 --regexp '^usage: rh-request '
}

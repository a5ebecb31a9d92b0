#!/usr/bin/env bats
# rh-load.bats - rh-load: options, behaviour and errors.

load test_helper

@test "rh-load --help names every option of the synopsis" {
	run -0 rh-load --help
	assert_line --index 0 --regexp '^usage: rh-load '
}

#!/usr/bin/env bats
# rh-release.bats - rh-release: options, behaviour and errors.

load test_helper

@test "rh-release --help names every option of the synopsis" {
	run -0 rh-release --help
	assert_line --index 0 --regexp '^usage: rh-release '
}

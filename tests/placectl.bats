#!/usr/bin/env bats
# placectl.bats - placectl: options, behaviour and errors.

load test_helper

@test "placectl --help names every option of the synopsis" {
	run -0 placectl --help
	assert_line --index 0 --regexp '^usage: placectl '
}

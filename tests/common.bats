#!/usr/bin/env bats
# common.bats - the conventions every tool shares (README): --help,
# --version, usage errors, exit statuses, stdout failures.

load test_helper

TOOLS="placectl rh-load rh-request rh-release rh-compact"

@test "exit statuses in exitcode.h are the sysexits(3) values README lists" {
	assert_equal "$EXIT_OK $EXIT_DIFFER $EXIT_USAGE $EXIT_DATAERR $EXIT_NOINPUT" "0 1 64 65 66"
	assert_equal "$EXIT_CANTCREAT $EXIT_IOERR $EXIT_TEMPFAIL $EXIT_CONFIG" "73 74 75 78"
}

@test "every man page lists every exit status" {
	for t in $TOOLS; do
		for code in $EXIT_USAGE $EXIT_DATAERR $EXIT_NOINPUT $EXIT_OSERR \
		    $EXIT_CANTCREAT $EXIT_IOERR $EXIT_TEMPFAIL $EXIT_CONFIG; do
			grep -qx ".It $code" "$TOP_SRCDIR/man/$t.1" ||
				fail "man/$t.1 does not list exit status $code"
		done
	done
}

@test "--help prints usage on stdout and exits 0" {
	for t in $TOOLS; do
		run --separate-stderr "$t" --help
		assert_success
		assert_line --index 0 --regexp "^usage: $t "
		assert_equal "$stderr" ""
	done
}

@test "--version prints the tool and package version" {
	for t in $TOOLS; do
		run --separate-stderr "$t" --version
		assert_success
		assert_output --regexp "^$t \(placekit\) [0-9]+\.[0-9]+\.[0-9]+$"
	done
}

@test "an unknown option is a usage error: one line, the hint, exit 64" {
	for t in $TOOLS; do
		run --separate-stderr "$t" --no-such-option
		assert_failure "$EXIT_USAGE"
		assert_output ""
		assert_stderr "$t: option '--no-such-option' is unknown
Try '$t --help'."
	done
}

@test "an option without its value is a usage error" {
	for t in rh-load rh-request rh-release rh-compact; do
		run --separate-stderr "$t" --now
		assert_failure "$EXIT_USAGE"
		assert_stderr "$t: option '--now' needs a value
Try '$t --help'."
	done
}

@test "a bad --now or duration value names the option" {
	run --separate-stderr rh-load --now yesterday
	assert_failure "$EXIT_USAGE"
	assert_stderr_partial "rh-load: --now: 'yesterday' is not a time"
	run --separate-stderr rh-compact --max-age 7x
	assert_failure "$EXIT_USAGE"
	assert_stderr_partial "rh-compact: --max-age: '7x' is not a duration"
}

@test "--help to a full device is an I/O error" {
	for t in $TOOLS; do
		run --separate-stderr bash -c "'$t' --help >/dev/full"
		assert_failure "$EXIT_IOERR"
		assert_stderr "$t: write error: No space left on device"
	done
}

@test "--help into a pipe nobody reads is quiet and successful" {
	for t in $TOOLS; do
		run --separate-stderr closed_pipe "$t" --help
		assert_success
		assert_stderr ""
	done
}

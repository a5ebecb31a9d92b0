#!/usr/bin/env bats
# placectl-compat.bats - --compat: the releases it knows, PLACECTL_COMPAT,
# and the behaviour of each release, case by case (tests/data/compat/).

load test_helper

PD="$DATA/placement"

@test "--compat takes every release, a line, a leading v and latest" {
	for v in 0.10 0.11 0.12 1.0 1.1 1.2 1.3 1.4 1.5 1.6 1.7 1.8 latest \
	    0.10.0 0.11.0 0.12.1 0.12.2 1.0.0 1.1.0 1.2.0 1.3.0 1.4.0 1.5.0 \
	    1.5.1 1.5.2 1.6.0 1.6.1 1.6.2 1.6.3 1.7.0 1.8.0 v1.5.2 v0.10; do
		run --separate-stderr placectl check --compat "$v" -c "$PD/seed-tag.yaml"
		assert_success
	done
	for v in 0.12.0 1.9 1.5.3 2.0 1 1. v vlatest '' 1.5.2.1 1.5x; do
		run --separate-stderr placectl check --compat "$v" -c "$PD/seed-tag.yaml"
		assert_failure "$EXIT_USAGE"
		assert_stderr_partial "--compat: unknown YuniKorn version '$v'; known are 0.10.0 "
	done
}

@test "--compat picks the release: a line is its last release" {
	printf 'partitions:\n  - name: default\n    queues:\n      - name: root\n        queues:\n          - name: "a:b"\n' \
	    > "$BATS_TEST_TMPDIR/q.yaml"
	for v in 1.5 1.5.2 v1.5.0; do
		run -78 placectl check -q --compat "$v" -c "$BATS_TEST_TMPDIR/q.yaml"
	done
	for v in 1.6 1.6.0 1.7 latest; do
		run -0 placectl check -q --compat "$v" -c "$BATS_TEST_TMPDIR/q.yaml"
	done
}

@test "PLACECTL_COMPAT sets the default; --compat wins; a bad value is a usage error" {
	printf 'partitions:\n  - name: default\n    queues:\n      - name: root\n        queues:\n          - name: "a:b"\n' \
	    > "$BATS_TEST_TMPDIR/q.yaml"
	run -78 placectl check -q -c "$BATS_TEST_TMPDIR/q.yaml"
	PLACECTL_COMPAT=1.6 run -0 placectl check -q -c "$BATS_TEST_TMPDIR/q.yaml"
	PLACECTL_COMPAT= run -78 placectl check -q -c "$BATS_TEST_TMPDIR/q.yaml"
	PLACECTL_COMPAT=1.6 run -78 placectl check -q --compat 0.10 -c "$BATS_TEST_TMPDIR/q.yaml"
	PLACECTL_COMPAT=1.6.9 run --separate-stderr placectl check -c "$BATS_TEST_TMPDIR/q.yaml"
	assert_failure "$EXIT_USAGE"
	assert_stderr_partial "placectl: PLACECTL_COMPAT: unknown YuniKorn version '1.6.9'; known are"
	PLACECTL_COMPAT=1.6.9 run -78 placectl check -q --compat 0.10 -c "$BATS_TEST_TMPDIR/q.yaml"
}

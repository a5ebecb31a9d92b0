#!/usr/bin/env bats
# placectl-regexp.bats - a filter's regular expression decides as the
# scheduler's Go regexp does: Unicode classes folded as Go folds them, a
# surrogate escape Go takes, and expressions a backtracking matcher would
# give up on, on long names: every application placed, none dropped.
# tests/data/regexp/place-*/: config.yaml, apps.ndjson, and want (what
# placectl place -q writes, then "exit STATUS": YuniKorn 1.8.0's own
# decisions).

load test_helper

@test "filters' expressions place as YuniKorn's Go regexp does" {
	local d n=0
	for d in "$DATA"/regexp/place-*/; do
		run --separate-stderr placectl place -q -c "$d/config.yaml" \
		    "$d/apps.ndjson"
		printf '%s\nexit %s\n' "$output" "$status" |
		    sed '/^$/d' > "$BATS_TEST_TMPDIR/got"
		cmp -s "$BATS_TEST_TMPDIR/got" "$d/want" ||
		    fail "$(basename "$d"):
$(diff "$BATS_TEST_TMPDIR/got" "$d/want")"
		n=$((n + 1))
	done
	((n == 2)) || fail "$n cases"
}

@test "an expression that backtracks on a long name still answers: the application is placed" {
	local user
	user=$(printf 'a%.0s' {1..5000})
	printf '{"app":"x","user":"%sd","groups":["0"],"queue":""}\n' "$user" \
	    > "$BATS_TEST_TMPDIR/apps"
	run -0 --separate-stderr placectl place -q \
	    -c "$DATA/regexp/place-backtrack/config.yaml" "$BATS_TEST_TMPDIR/apps"
	assert_output --partial '"placement":{"queue":"root.other","rule":4'
	assert_stderr ""
}

@test "check: an expression is anchored when every branch begins with ^, as the compiled expression says" {
	local f=$BATS_TEST_TMPDIR/q.yaml
	printf '%s\n' 'partitions:' '  - name: default' '    placementrules:' \
	    '      - {name: fixed, value: root.a, filter: {users: ["^a|b"]}}' \
	    '      - {name: fixed, value: root.a, filter: {users: ["^dev|^ml"]}}' \
	    '      - {name: fixed, value: root.a, filter: {groups: ["(?i)^x"]}}' \
	    '    queues: [{name: root, submitacl: "*", queues: [{name: a}]}]' > "$f"
	run -0 --separate-stderr placectl check -c "$f"
	assert_stderr "placectl: $f:4:55: warning: rule 0: the regular expression '^a|b' is not anchored: it matches anywhere inside a user name (write ^...$ to match whole names)"
}

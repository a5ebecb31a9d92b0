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

# The behaviour of each release, case by case: tests/data/compat/CASE/ has
# config.yaml and apps.ndjson, and for each release it names, want.RELEASE
# (what placectl place --compat RELEASE writes, then "exit STATUS"; taken
# from YuniKorn's own code at that release) and maybe stderr.RELEASE (a
# line its standard error must hold). The releases of a case are the
# neighbours where one behaviour changes, and both sides of it.
@test "each release behaves as that YuniKorn release does, case by case" {
	local d w v rc got want err n=0 T=$BATS_TEST_TMPDIR
	# one process a case: the comparing is bash's own
	for d in "$DATA"/compat/*/; do
		for w in "$d"want.*; do
			v=${w##*/want.}
			rc=0
			placectl place --compat "$v" -c "$d/config.yaml" \
			    "$d/apps.ndjson" >"$T/got" 2>"$T/err" || rc=$?
			got=$(<"$T/got")
			got="${got:+$got$'\n'}exit $rc"
			want=$(<"$w")
			[[ $got == "$want" ]] || fail "$(basename "$d") --compat $v:
$(diff <(echo "$got") "$w")"
			if [[ -f $d/stderr.$v ]]; then
				err=$(<"$T/err") want=$(<"$d/stderr.$v")
				[[ $err == *"$want"* ]] ||
				    fail "$(basename "$d") --compat $v: stderr lacks '$want': $err"
			fi
			n=$((n + 1))
		done
	done
	((n >= 50)) || fail "only $n cases"
}

# reload V CONF2 LINE1 LINE2: place LINE1 with q.yaml, reload CONF2 on
# SIGHUP, place LINE2; the two output lines in $BATS_TEST_TMPDIR/out
reload() {
	local v=$1 pid
	rm -f "$BATS_TEST_TMPDIR/in" "$BATS_TEST_TMPDIR/out"
	mkfifo "$BATS_TEST_TMPDIR/in"
	placectl place --compat "$v" -c "$BATS_TEST_TMPDIR/q.yaml" \
	    "$BATS_TEST_TMPDIR/in" > "$BATS_TEST_TMPDIR/out" \
	    2> "$BATS_TEST_TMPDIR/err" 3>&- &
	pid=$!
	exec 5> "$BATS_TEST_TMPDIR/in"
	echo "$3" >&5
	wait_lines "$BATS_TEST_TMPDIR/out" 1
	cp "$2" "$BATS_TEST_TMPDIR/q.yaml"
	kill -HUP $pid
	echo "$4" >&5
	wait_lines "$BATS_TEST_TMPDIR/out" 2
	exec 5>&-
	wait $pid
}

@test "1.7 skips a draining queue; 1.6 places in it" {
	printf 'partitions:\n  - queues: [{name: root, submitacl: "*", queues: [{name: old}, {name: new}]}]\n    placementrules: [{name: provided}]\n' \
	    > "$BATS_TEST_TMPDIR/gone.yaml"
	printf 'partitions:\n  - queues: [{name: root, submitacl: "*", queues: [{name: new}]}]\n    placementrules: [{name: provided}]\n' \
	    > "$BATS_TEST_TMPDIR/later.yaml"
	for v in 1.6 1.7; do
		cp "$BATS_TEST_TMPDIR/gone.yaml" "$BATS_TEST_TMPDIR/q.yaml"
		reload $v "$BATS_TEST_TMPDIR/later.yaml" \
		    '{"app":"a1","user":"u","queue":"root.old"}' \
		    '{"app":"a2","user":"u","queue":"root.old"}'
		run cat "$BATS_TEST_TMPDIR/out"
		assert_line --index 0 --partial '"placement":{"queue":"root.old","rule":0'
		if [[ $v == 1.6 ]]; then
			assert_line --index 1 --partial '"placement":{"queue":"root.old","rule":0'
		else
			assert_line --index 1 --partial '"rejected":"failed to place application a2: application rejected: no placement rule matched"'
		fi
	done
}

@test "a reload with rules that fail to build: taken before 1.4 while placement is off, else refused" {
	printf 'partitions:\n  - queues: [{name: root, submitacl: "*", queues: [{name: a}, {name: b}]}]\n' \
	    > "$BATS_TEST_TMPDIR/norules.yaml"
	printf 'partitions:\n  - queues: [{name: root, submitacl: "*", queues: [{name: a}]}]\n    placementrules: [{name: nosuch}]\n' \
	    > "$BATS_TEST_TMPDIR/broken.yaml"
	for v in 1.3 1.4; do
		cp "$BATS_TEST_TMPDIR/norules.yaml" "$BATS_TEST_TMPDIR/q.yaml"
		reload $v "$BATS_TEST_TMPDIR/broken.yaml" \
		    '{"app":"a1","user":"u","queue":"root.b"}' \
		    '{"app":"a2","user":"u","queue":"root.b"}'
		run cat "$BATS_TEST_TMPDIR/out"
		assert_line --index 0 --partial '"placement":{"queue":"root.b","rule'
		run cat "$BATS_TEST_TMPDIR/err"
		if [[ $v == 1.3 ]]; then	# root.b gone, kept draining
			refute_output --partial "not reloaded"
		else			# the implicit provided rule stays
			assert_output --partial "not reloaded"
		fi
	done
}

@test "1.8's os resolver uses this machine's user database; ldap is as without a resolver, with a warning" {
	local g
	g=$(id -gn nobody) || skip "no user nobody here"
	[[ $g != nobody ]] || skip "nobody's group is nobody here"
	printf 'partitions:\n  - usergroupresolver: {type: os}\n    queues: [{name: root, submitacl: "*"}]\n    placementrules: [{name: user, create: true, filter: {groups: ["%s"]}}]\n' \
	    "$g" > "$BATS_TEST_TMPDIR/q.yaml"
	run -0 placectl place --compat 1.8 -c "$BATS_TEST_TMPDIR/q.yaml" <<-'EOF'
	{"app":"o1","user":"nobody"}
	{"app":"o2","user":"no-such-user-here"}
	{"app":"o3","user":"no-such-user-here"}
	{"app":"o4","user":"no-such-user-here","groups":["x"]}
	{"app":"o5","user":"no-such-user-here"}
	EOF
	assert_line --index 0 --partial '"placement":{"queue":"root.nobody","rule":0,"rule_name":"user"'
	assert_line --index 1 --partial '"placement":{"rejected":"user: unknown user no-such-user-here"}'
	assert_line --index 2 --partial '"placement":{"rejected":"user resolution failed, cached data returned: 0001-01-01 00:00:00 +0000 UTC"}'
	assert_line --index 3 --partial '"placement":{"rejected":"failed to place application o4: application rejected: no placement rule matched"}'
	assert_line --index 4 --partial '"placement":{"rejected":"failed to place application o5: application rejected: no placement rule matched"}'
	sed -i 's/type: os/type: ldap/' "$BATS_TEST_TMPDIR/q.yaml"
	run --separate-stderr placectl place --compat 1.8 -c "$BATS_TEST_TMPDIR/q.yaml" <<<'{"app":"l1","user":"nobody"}'
	assert_success
	assert_output --partial '"rejected":"failed to place application l1: application rejected: no placement rule matched"'
	assert_stderr_partial "warning: usergroupresolver 'ldap' cannot be reproduced offline"
	run -0 placectl check -q --compat 1.8 -c "$BATS_TEST_TMPDIR/q.yaml"
	assert_output --partial "0 errors, 1 warning"
}

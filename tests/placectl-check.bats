#!/usr/bin/env bats
# placectl-check.bats - placectl check, diff and tree.

load test_helper

PD="$DATA/placement"

# config: write $BATS_TEST_TMPDIR/q.yaml, partition default, from the
# partition's members on stdin
config() {
	{ echo 'partitions:'; echo '  - name: default'; sed 's/^/    /'; } \
	    > "$BATS_TEST_TMPDIR/q.yaml"
}

@test "check: a good configuration, its summary, exit 0" {
	run --separate-stderr placectl check -c "$PD/seed-tag.yaml"
	assert_success
	assert_output "$PD/seed-tag.yaml: partition 'default': 1 queues, 1 rules, 0 errors, 0 warnings"
	assert_stderr ""
}

@test "check: every error with FILE:LINE:COL, exit 78" {
	f=$BATS_TEST_TMPDIR/q.yaml
	cat > "$f" <<-'YAML'
	partitions:
	  - name: default
	    queues:
	      - name: root
	        submitacl: "a b c"
	        queues:
	          - name: ok
	          - name: OK
	          - name: bad.name
	          - name: x
	            parent: maybe
	            queues: oops
	    placementrules:
	      - name: "#bad"
	      - name: fixed
	        value: root.ok
	        parent:
	          name: user
	      - name: provided
	        filter:
	          type: sometimes
	          groups: ["not a group"]
	      - name: tag
	  - name: DEFAULT
	    queues: []
	YAML
	run --separate-stderr placectl check -c "$f"
	assert_failure "$EXIT_CONFIG"
	assert_stderr "placectl: $f:11:21: 'parent' must be true or false, not 'maybe'
placectl: $f:12:21: 'queues' must be a sequence of queues, not a scalar
placectl: $f:5:20: multiple spaces found in ACL: 'a b c'
placectl: $f:8:19: duplicate child name found with name 'OK', level 1
placectl: $f:9:19: invalid queue name 'bad.name', a name must only have alphanumeric characters, - or _, and be no longer than 64 characters
placectl: $f:14:15: invalid rule name '#bad', a name must be a valid identifier
placectl: $f:21:17: invalid rule filter type 'sometimes', filter type must be either '', allow or deny
placectl: $f:22:20: invalid rule filter group list is not a proper list or regexp: 'not a group' is neither a valid group name nor a regular expression
placectl: $f:24:11: duplicate partition name found with name 'default'
placectl: $f:14:15: unknown rule name specified '#bad', failing placement rule config
placectl: $f:16:16: cannot have a fixed queue rule with a qualified queue name ('root.ok') and a parent rule
placectl: $f:23:15: a tag queue rule must have a tag name set"
	assert_output "$f: partition 'default': 5 queues, 4 rules, 12 errors, 0 warnings"
}

@test "check: YAML errors and limits are configuration errors" {
	printf 'partitions:\n  - name: [unclosed\n' > "$BATS_TEST_TMPDIR/q.yaml"
	run --separate-stderr placectl check -c "$BATS_TEST_TMPDIR/q.yaml"
	assert_failure "$EXIT_CONFIG"
	assert_stderr_partial "$BATS_TEST_TMPDIR/q.yaml:3:1: YAML:"
	printf 'a: &a [x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\n' > "$BATS_TEST_TMPDIR/q.yaml"
	run --separate-stderr placectl check -c "$BATS_TEST_TMPDIR/q.yaml"
	assert_failure "$EXIT_CONFIG"
	printf 'partitions: 3\n' > "$BATS_TEST_TMPDIR/q.yaml"
	run --separate-stderr placectl check -c "$BATS_TEST_TMPDIR/q.yaml"
	assert_failure "$EXIT_CONFIG"
	assert_stderr_partial "'partitions' must be a sequence, not a scalar"
	: > "$BATS_TEST_TMPDIR/empty.yaml"
	run --separate-stderr placectl check -c "$BATS_TEST_TMPDIR/empty.yaml"
	assert_failure "$EXIT_CONFIG"
	assert_stderr_partial "no partition 'default' in the configuration"
}

@test "check: invalid UTF-8 in the configuration is a configuration error with its position" {
	f=$BATS_TEST_TMPDIR/q.yaml
	for bad in '\xc0\xaf' '\xed\xa0\x80' '\xf4\x90\x80\x80' '\xff'; do
		printf '%b' 'partitions:\n  - name: default\n    queues:\n      - name: root\n        submitacl: "\xc3\xa9a'"$bad"'b"\n' > "$f"
		run --separate-stderr placectl check -c "$f"
		assert_failure "$EXIT_CONFIG"
		assert_stderr_partial "placectl: $f:5:23: invalid YAML input: "
	done
}

@test "check: YAML the scheduler reads: merge keys, 1.1 booleans, quoted strings" {
	cat > "$BATS_TEST_TMPDIR/q.yaml" <<-'YAML'
	base: &base {create: yes}
	partitions:
	  - name: default
	    queues: [{name: root, submitacl: "*"}]
	    placementrules:
	      - <<: *base
	        name: user
	YAML
	run --separate-stderr placectl check -c "$BATS_TEST_TMPDIR/q.yaml"
	assert_failure "$EXIT_CONFIG"
	assert_stderr "placectl: $BATS_TEST_TMPDIR/q.yaml:1:1: unknown key 'base' in the configuration"
	config <<-'YAML'
	queues: [{name: root, submitacl: "*"}]
	placementrules:
	  - &r {name: user, create: On}
	  - <<: *r
	    create: "true"
	YAML
	run --separate-stderr placectl check -c "$BATS_TEST_TMPDIR/q.yaml"
	assert_failure "$EXIT_CONFIG"
	assert_stderr "placectl: $BATS_TEST_TMPDIR/q.yaml:7:17: 'create' must be true or false, not 'true'"
}

@test "check: the 1.7 static-path check and name rules, per --compat" {
	config <<-'YAML'
	queues:
	  - name: root
	    submitacl: "*"
	    queues:
	      - name: users
	        parent: true
	placementrules:
	  - name: fixed
	    value: root.users
	  - name: fixed
	    value: nothere
	  - name: fixed
	    value: "bad!name"
	    create: true
	YAML
	run -0 placectl check -q -c "$BATS_TEST_TMPDIR/q.yaml"
	run --separate-stderr placectl check --compat 1.7 -c "$BATS_TEST_TMPDIR/q.yaml"
	assert_failure "$EXIT_CONFIG"
	f=$BATS_TEST_TMPDIR/q.yaml
	assert_stderr "placectl: $f:10:9: placement rule no. #0 (fixed) references a queue (root.users) which is not a leaf
placectl: $f:12:9: placement rule no. #1 (fixed) references non-existing queues (root.nothere) and create is 'false'
placectl: $f:15:16: invalid queue name 'bad!name', a name must only have alphanumeric characters, -, _, :, #, / or @, and be no longer than 64 characters"
}

@test "check: the traps, as warnings; -q silences them" {
	run --separate-stderr placectl check -c "$PD/traps.yaml"
	assert_success
	assert_output "$PD/traps.yaml: partition 'default': 6 queues, 11 rules, 0 errors, 16 warnings"
	for w in "filter type 'DENY' is not 'deny'" "'user[0-1]' is not anchored" \
	    "'machine\$' is a regular expression" "'svc-*' is not a valid user name and is dropped" \
	    "'bad group' is not a valid group name and is dropped" \
	    "a deny filter without users or groups denies everyone" \
	    "'system:authenticated' is not a valid group name for an ACL and is ignored" \
	    "'*' is a wildcard only as a whole list" \
	    "queue 'root.production' has its own ACL but a queue above it lets everyone submit" \
	    "'root.parent' is a parent queue" "'root.nothere' does not exist and create is false" \
	    "would be created below the leaf 'root.leafq'" "the test rule is a testing aid" \
	    "rule 10 can never be reached: rule 9 places every application"; do
		assert_stderr_partial "$w"
	done
	run --separate-stderr placectl check -q -c "$PD/traps.yaml"
	assert_success
	assert_stderr ""
}

@test "check: the documentation's parent list form, and no ACL anywhere" {
	run --separate-stderr placectl check -c "$PD/seed-complex.yaml"
	assert_success
	assert_stderr_partial "rule 0: 'parent' is written as a list: the scheduler reads one rule there"
	run --separate-stderr placectl check -c "$PD/seed-production.yaml"
	assert_success
	assert_stderr ""
	printf 'partitions:\n  - queues: [{name: a}]\n' > "$BATS_TEST_TMPDIR/q.yaml"
	run --separate-stderr placectl check -c "$BATS_TEST_TMPDIR/q.yaml"
	assert_success
	assert_stderr "placectl: $BATS_TEST_TMPDIR/q.yaml:2:5: warning: no queue has a submitacl or adminacl that lets anyone in: every application is rejected"
}

@test "diff: only the applications placed differently, both placements, exit 1" {
	printf '%s\n' '{"app":1,"user":"john"}' '{"app":2,"user":"alice"}' > "$BATS_TEST_TMPDIR/apps"
	run --separate-stderr placectl diff -c "$PD/seed-production.yaml" -c "$PD/seed-production-open.yaml" "$BATS_TEST_TMPDIR/apps"
	assert_failure "$EXIT_DIFFER"
	assert_output '{"app":2,"user":"alice","placement":{"old":{"rejected":"application rejected: no placement rule matched"},"new":{"queue":"root.production","rule":0,"rule_name":"fixed","created":[]}}}'
	assert_stderr "placectl: 1 of 2 applications placed differently"
	run --separate-stderr placectl diff -q -c "$PD/seed-tag.yaml" -c "$PD/seed-tag.yaml" "$BATS_TEST_TMPDIR/apps"
	assert_success
	assert_output ""
	assert_stderr ""
}

@test "diff: each configuration keeps its own created queues" {
	printf '%s\n' '{"user":"a","queue":"q1","tags":{"namespace":"n"}}' \
	    '{"user":"a","queue":"q1","tags":{"namespace":"n"}}' > "$BATS_TEST_TMPDIR/apps"
	run --separate-stderr placectl diff -c "$PD/seed-tag.yaml" -c "$PD/seed-provided.yaml" "$BATS_TEST_TMPDIR/apps"
	assert_failure "$EXIT_DIFFER"
	assert_line --index 0 --partial '"old":{"queue":"root.n","rule":0,"rule_name":"tag","created":["root.n"]},"new":{"queue":"root.a.q1","rule":0,"rule_name":"provided","created":["root.a","root.a.q1"]}'
	assert_line --index 1 --partial '"old":{"queue":"root.n","rule":0,"rule_name":"tag","created":[]},"new":{"queue":"root.a.q1","rule":0,"rule_name":"provided","created":[]}'
}

@test "diff: --compat applies to both; bad configurations are exit 78" {
	printf '%s\n' '{"user":"a"}' > "$BATS_TEST_TMPDIR/apps"
	run --separate-stderr placectl diff --compat 1.7 -c "$PD/seed-tag.yaml" -c "$BATS_TEST_TMPDIR/none.yaml" "$BATS_TEST_TMPDIR/apps"
	assert_failure "$EXIT_NOINPUT"
	printf 'partitions: [{queues: [{name: root}], placementrules: [{name: x}]}]\n' > "$BATS_TEST_TMPDIR/bad.yaml"
	run --separate-stderr placectl diff -c "$PD/seed-tag.yaml" -c "$BATS_TEST_TMPDIR/bad.yaml" "$BATS_TEST_TMPDIR/apps"
	assert_failure "$EXIT_CONFIG"
}

@test "tree: the queue tree, with ACLs, and counts of placed applications" {
	run --separate-stderr placectl tree -c "$PD/traps.yaml" </dev/null
	assert_success
	assert_output 'root (parent) submitacl="*" apps=0
  production (leaf) submitacl="john,bob" apps=0
  k8s (leaf) submitacl=" system:authenticated" apps=0
  ops (leaf) adminacl="*,alice" apps=0
  parent (parent) apps=0
  leafq (leaf) apps=0'
	printf '%s\n' '{"user":"a","tags":{"namespace":"x"}}' '{"user":"b","tags":{"namespace":"x"}}' \
	    '{"user":"c","tags":{"namespace":"y"}}' '{"user":"d"}' > "$BATS_TEST_TMPDIR/apps"
	run -0 placectl tree -c "$PD/seed-tag.yaml" "$BATS_TEST_TMPDIR/apps"
	assert_output 'root (parent) submitacl="*" apps=3
  x (leaf, dynamic) apps=2
  y (leaf, dynamic) apps=1'
	run -0 placectl tree -c "$PD/seed-tag.yaml" < "$BATS_TEST_TMPDIR/apps"
	assert_line --index 1 '  x (leaf, dynamic) apps=2'
}

@test "tree --dot: Graphviz" {
	printf '%s\n' '{"user":"a","tags":{"namespace":"x\"y"}}' '{"user":"a","tags":{"namespace":"z"}}' > "$BATS_TEST_TMPDIR/apps"
	run -0 placectl tree --dot -c "$PD/seed-tag.yaml" "$BATS_TEST_TMPDIR/apps"
	assert_output 'digraph queues {
	node [shape=box, fontname="monospace"];
	"root" [label="root\nparent\nsubmit: *\napps: 1"];
	"root.z" [label="z\nleaf\napps: 1", style=dashed];
	"root" -> "root.z";
}'
}

@test "tree and check: control characters in names and ACLs are shown escaped" {
	printf 'partitions:\n  - name: default\n    queues:\n      - name: root\n        submitacl: "a\\e[31m,\\nb"\n' > "$BATS_TEST_TMPDIR/q.yaml"
	run --separate-stderr placectl tree -c "$BATS_TEST_TMPDIR/q.yaml" < /dev/null
	assert_success
	assert_output 'root (parent) submitacl="a\u001b[31m,\nb" apps=0'
	run --separate-stderr placectl tree --dot -c "$BATS_TEST_TMPDIR/q.yaml" < /dev/null
	assert_success
	assert_line --index 2 '	"root" [label="root\nparent\nsubmit: a\\x1b[31m,\nb\napps: 0"];'
	run --separate-stderr placectl check -p "$(printf 'x\033y')" -c "$BATS_TEST_TMPDIR/q.yaml"
	assert_failure "$EXIT_CONFIG"
	assert_output "$BATS_TEST_TMPDIR/q.yaml: partition 'x\x1by': 0 queues, 0 rules, 1 error, 0 warnings"
	assert_stderr "placectl: $BATS_TEST_TMPDIR/q.yaml: no partition 'x\x1by' in the configuration"
}

@test "tree: a bad application is exit 65 and no tree, unless --keep-going" {
	printf '%s\n' '{"user":"a","tags":{"namespace":"x"}}' 'x' > "$BATS_TEST_TMPDIR/apps"
	run --separate-stderr placectl tree -c "$PD/seed-tag.yaml" "$BATS_TEST_TMPDIR/apps"
	assert_failure "$EXIT_DATAERR"
	assert_output ""
	run --separate-stderr placectl tree --keep-going -c "$PD/seed-tag.yaml" "$BATS_TEST_TMPDIR/apps"
	assert_failure "$EXIT_DATAERR"
	assert_line --index 1 '  x (leaf, dynamic) apps=1'
}

@test "check: a 100,000-name ACL of invalid names costs little and says so in few lines" {
	awk 'BEGIN {
		printf "partitions:\n  - name: default\n    queues:\n      - name: root\n        submitacl: \""
		for (i = 0; i < 100000; i++)
			printf "%s9user%05d", i ? "," : "", i
		printf "\"\n        queues:\n          - name: a\n"
	}' >"$BATS_TEST_TMPDIR/big.yaml"
	run --separate-stderr placectl check -c "$BATS_TEST_TMPDIR/big.yaml"
	assert_success
	# ten names one by one, one line for the rest, one for nobody getting in
	assert_equal "$(wc -l <<<"$stderr")" 12
	assert_stderr_partial "submitacl '9user00000,9user00001,9user00002,9user00003,9user00004,9user...' (1099999 bytes): 99990 more names are not valid user names for an ACL and are ignored"
	(( ${#stderr} < 4000 )) || fail "the ACL text is repeated in the warnings"
}

@test "check: control characters in a configuration's text are escaped in warnings" {
	printf 'partitions:\n  - name: default\n    queues:\n      - name: root\n        submitacl: "bob,\\e[31mx\\nz"\n' \
		>"$BATS_TEST_TMPDIR/ctl.yaml"
	run --separate-stderr placectl check -c "$BATS_TEST_TMPDIR/ctl.yaml"
	assert_success
	assert_stderr_partial "'\\x1b[31mx\\nz' is not a valid user name for an ACL and is ignored"
	[[ $stderr != *$'\e'* && $(wc -l <<<"$stderr") -eq $(grep -c '^placectl: ' <<<"$stderr") ]] ||
		fail "a raw control character reached the terminal"
	printf 'partitions:\n  - name: default\n    queues:\n      - name: root\n        submitacl: "a\\tb \\e[31mx"\n' \
		>"$BATS_TEST_TMPDIR/ctl.yaml"
	run --separate-stderr placectl check -c "$BATS_TEST_TMPDIR/ctl.yaml"
	assert_failure "$EXIT_CONFIG"
	assert_stderr_partial "multiple spaces found in ACL: 'a\\tb \\x1b[31mx'"
	[[ $stderr != *$'\e'* && $(wc -l <<<"$stderr") -eq $(grep -c '^placectl: ' <<<"$stderr") ]] ||
		fail "a raw control character reached the terminal"
}

@test "a NUL inside a configuration string is a configuration error naming it" {
	printf 'partitions:\n  - name: default\n    placementrules:\n      - name: fixed\n        value: "ab\\0c"\n    queues:\n      - name: root\n        submitacl: "*"\n' \
		>"$BATS_TEST_TMPDIR/nul.yaml"
	for c in 0.10 1.7; do
		run --separate-stderr placectl check --compat $c -c "$BATS_TEST_TMPDIR/nul.yaml"
		assert_failure "$EXIT_CONFIG"
		assert_stderr_partial "nul.yaml:5:16: a string holds a NUL character (\\0)"
		run --separate-stderr placectl tree --compat $c -c "$BATS_TEST_TMPDIR/nul.yaml"
		assert_failure "$EXIT_CONFIG"
		assert_output ""
	done
}

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
	assert_output "$PD/seed-tag.yaml: partition 'default': 1 queue, 1 rule, 0 errors, 0 warnings (YuniKorn 0.10.0)"
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
	assert_stderr "placectl: $f:11:21: cannot unmarshal !!str \`maybe\` into bool
placectl: $f:12:21: cannot unmarshal !!str \`oops\` into []configs.QueueConfig
placectl: $f:5:20: multiple spaces found in ACL: 'a b c'
placectl: $f:8:19: duplicate child name found with name OK, level 1
placectl: $f:9:19: invalid child name bad.name, a name must only have alphanumeric characters, - or _, and be no longer than 64 characters
placectl: $f:14:15: invalid rule name #bad, a name must be a valid identifier
placectl: $f:21:17: invalid rule filter type sometimes, filter type  must be either '', allow or deny
placectl: $f:22:20: invalid rule filter group list is not a proper list or regexp: [not a group]
placectl: $f:24:11: multiple default partitions defined
placectl: $f:14:15: warning: the placement rules do not build; YuniKorn loads the configuration with placement off: unknown rule name specified #bad, failing placement rule config
placectl: $f:16:16: warning: the placement rules do not build; YuniKorn loads the configuration with placement off: cannot have a fixed queue rule with a qualified queue name ('root.ok') and a parent rule
placectl: $f:23:15: warning: the placement rules do not build; YuniKorn loads the configuration with placement off: a tag queue rule must have a tag name set
placectl: $f:24:11: warning: partition 'default' is given again: YuniKorn before 0.12 takes it as an update of the first one (placectl uses the first)"
	assert_output "$f: partition 'default': 5 queues, 4 rules, 9 errors, 4 warnings (YuniKorn 0.10.0)"
	run --separate-stderr placectl check --compat 1.8 -c "$f"
	assert_failure "$EXIT_CONFIG"
	assert_line --index 0 --partial "9 errors"
	assert_stderr_partial "placectl: $f:8:19: duplicate child name found with name 'OK', level 1
placectl: $f:9:19: invalid queue name, max 64 characters consisting of alphanumeric characters and '-', '_', '#', '@', '/', ':' allowed"
	assert_stderr_partial "placectl: $f:24:11: duplicate partition name found with name default"
}

@test "check: YAML errors and limits are configuration errors" {
	printf 'partitions:\n  - name: [unclosed\n' > "$BATS_TEST_TMPDIR/q.yaml"
	run --separate-stderr placectl check -c "$BATS_TEST_TMPDIR/q.yaml"
	assert_failure "$EXIT_CONFIG"
	assert_stderr "placectl: $BATS_TEST_TMPDIR/q.yaml:3:1: yaml: did not find expected ',' or ']'"
	printf 'a: &a [x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\n' > "$BATS_TEST_TMPDIR/q.yaml"
	run --separate-stderr placectl check -c "$BATS_TEST_TMPDIR/q.yaml"
	assert_failure "$EXIT_CONFIG"
	printf 'partitions: 3\n' > "$BATS_TEST_TMPDIR/q.yaml"
	run --separate-stderr placectl check -c "$BATS_TEST_TMPDIR/q.yaml"
	assert_failure "$EXIT_CONFIG"
	assert_stderr "placectl: $BATS_TEST_TMPDIR/q.yaml:1:13: cannot unmarshal !!int \`3\` into []configs.PartitionConfig"
	: > "$BATS_TEST_TMPDIR/empty.yaml"
	run --separate-stderr placectl check -c "$BATS_TEST_TMPDIR/empty.yaml"
	assert_success
	assert_output "$BATS_TEST_TMPDIR/empty.yaml: no partition, 0 errors, 0 warnings (YuniKorn 0.10.0)"
	run --separate-stderr placectl check --compat 1.2 -c "$BATS_TEST_TMPDIR/empty.yaml"
	assert_success
	assert_output "$BATS_TEST_TMPDIR/empty.yaml: partition 'default': 1 queue, 1 rule, 0 errors, 1 warning (YuniKorn 1.2.0)"
	assert_stderr "placectl: $BATS_TEST_TMPDIR/empty.yaml: warning: an empty configuration: YuniKorn uses its built-in one (partition default, a root queue everyone may submit to, a tag rule on namespace that creates queues)"
	run --separate-stderr placectl place -c "$BATS_TEST_TMPDIR/empty.yaml" </dev/null
	assert_failure "$EXIT_CONFIG"
	assert_stderr "placectl: $BATS_TEST_TMPDIR/empty.yaml: no partition 'default' in the configuration"
}

@test "check: invalid UTF-8 in the configuration is a configuration error with its position" {
	f=$BATS_TEST_TMPDIR/q.yaml
	for bad in '\xc0\xaf' '\xed\xa0\x80' '\xf4\x90\x80\x80' '\xff'; do
		printf '%b' 'partitions:\n  - name: default\n    queues:\n      - name: root\n        submitacl: "\xc3\xa9a'"$bad"'b"\n' > "$f"
		run --separate-stderr placectl check -c "$f"
		assert_failure "$EXIT_CONFIG"
		assert_stderr_partial "placectl: $f:5:23: yaml: "
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
	assert_stderr "placectl: $BATS_TEST_TMPDIR/q.yaml:1:1: field base not found in type configs.SchedulerConfig"
	config <<-'YAML'
	queues: [{name: root, submitacl: "*"}]
	placementrules:
	  - &r {name: user, create: On}
	  - <<: *r
	    create: "true"
	YAML
	run --separate-stderr placectl check -c "$BATS_TEST_TMPDIR/q.yaml"
	assert_failure "$EXIT_CONFIG"
	assert_stderr "placectl: $BATS_TEST_TMPDIR/q.yaml:7:17: cannot unmarshal !!str \`true\` into bool"
}

@test "check: the static-path check and name rules, per --compat" {
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
placectl: $f:15:16: warning: the placement rules do not build; YuniKorn loads the configuration, then rejects every application: invalid queue name, max 64 characters consisting of alphanumeric characters and '-', '_', '#', '@', '/', ':' allowed"
	run --separate-stderr placectl check --compat 1.3 -c "$BATS_TEST_TMPDIR/q.yaml"
	assert_failure "$EXIT_CONFIG"
	assert_stderr "placectl: $f:12:9: placement rule no. #1 (fixed) references non-existing queues (root.nothere) and create is 'false'"
	printf 'partitions:\n  - queues: [{name: root, queues: [{name: leaf}]}]\n    placementrules: [{name: fixed, value: leaf}]\n' > "$f"
	run --separate-stderr placectl check --compat 1.3 -c "$f"
	assert_failure "$EXIT_CONFIG"
	assert_stderr "placectl: $f:3:22: placement rule no. #0 (fixed) references a queue (root.leaf) which is a leaf"
	run -0 placectl check -q --compat 1.4 -c "$f"
}

@test "check: the traps, as warnings; -q silences them" {
	run --separate-stderr placectl check -c "$PD/traps.yaml"
	assert_success
	assert_output "$PD/traps.yaml: partition 'default': 6 queues, 11 rules, 0 errors, 16 warnings (YuniKorn 0.10.0)"
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

@test "check: the documentation's parent list form is refused, and no ACL anywhere" {
	run -0 placectl check -q -c "$PD/seed-complex.yaml"
	config <<-'YAML'
	queues: [{name: root, submitacl: "*", queues: [{name: users, parent: true}]}]
	placementrules:
	  - name: user
	    create: true
	    parent:
	      - name: fixed
	        value: users
	YAML
	run --separate-stderr placectl check -c "$BATS_TEST_TMPDIR/q.yaml"
	assert_failure "$EXIT_CONFIG"
	assert_stderr "placectl: $BATS_TEST_TMPDIR/q.yaml:8:11: cannot unmarshal !!seq into configs.PlacementRule"
	run --separate-stderr placectl check -c "$PD/seed-production.yaml"
	assert_success
	assert_stderr ""
	printf 'partitions:\n  - queues: [{name: a}]\n' > "$BATS_TEST_TMPDIR/q.yaml"
	run --separate-stderr placectl check -c "$BATS_TEST_TMPDIR/q.yaml"
	assert_success
	assert_stderr "placectl: $BATS_TEST_TMPDIR/q.yaml:2:5: warning: no queue has a submitacl or adminacl that lets anyone in: every application is rejected"
}

@test "diff: only the applications placed differently, both placements, exit 1" {
	printf '%s\n' '{"app":"1","user":"john"}' '{"app":"2","user":"alice"}' > "$BATS_TEST_TMPDIR/apps"
	run --separate-stderr placectl diff -c "$PD/seed-production.yaml" -c "$PD/seed-production-open.yaml" "$BATS_TEST_TMPDIR/apps"
	assert_failure "$EXIT_DIFFER"
	assert_output '{"app":"2","user":"alice","placement":{"old":{"rejected":"failed to place application 2: application rejected: no placment rule matched"},"new":{"queue":"root.production","rule":0,"rule_name":"fixed","created":[]}}}'
	assert_stderr "placectl: 1 of 2 applications placed differently (YuniKorn 0.10.0)"
	run --separate-stderr placectl diff -q -c "$PD/seed-tag.yaml" -c "$PD/seed-tag.yaml" "$BATS_TEST_TMPDIR/apps"
	assert_success
	assert_output ""
	assert_stderr ""
}

@test "diff: each configuration keeps its own created queues" {
	printf '%s\n' '{"app":"a","user":"a","queue":"q1","tags":{"namespace":"n"}}' \
	    '{"app":"a","user":"a","queue":"q1","tags":{"namespace":"n"}}' > "$BATS_TEST_TMPDIR/apps"
	run --separate-stderr placectl diff -c "$PD/seed-tag.yaml" -c "$PD/seed-provided.yaml" "$BATS_TEST_TMPDIR/apps"
	assert_failure "$EXIT_DIFFER"
	assert_line --index 0 --partial '"old":{"queue":"root.n","rule":0,"rule_name":"tag","created":["root.n"]},"new":{"queue":"root.a.q1","rule":0,"rule_name":"provided","created":["root.a","root.a.q1"]}'
	assert_line --index 1 --partial '"old":{"queue":"root.n","rule":0,"rule_name":"tag","created":[]},"new":{"queue":"root.a.q1","rule":0,"rule_name":"provided","created":[]}'
}

@test "diff: --compat applies to both; bad configurations are exit 78" {
	printf '%s\n' '{"app":"a","user":"a"}' > "$BATS_TEST_TMPDIR/apps"
	run --separate-stderr placectl diff --compat 1.7 -c "$PD/seed-tag.yaml" -c "$BATS_TEST_TMPDIR/none.yaml" "$BATS_TEST_TMPDIR/apps"
	assert_failure "$EXIT_NOINPUT"
	printf 'partitions: [{queues: [{name: root}], placementrules: [{name: 1x}]}]\n' > "$BATS_TEST_TMPDIR/bad.yaml"
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
  leafq (leaf) apps=0
(rejected) apps=0'
	printf '%s\n' '{"app":"a","user":"a","tags":{"namespace":"x"}}' '{"app":"a","user":"b","tags":{"namespace":"x"}}' \
	    '{"app":"a","user":"c","tags":{"namespace":"y"}}' '{"app":"a","user":"d"}' > "$BATS_TEST_TMPDIR/apps"
	run -0 placectl tree -c "$PD/seed-tag.yaml" "$BATS_TEST_TMPDIR/apps"
	assert_output 'root (parent) submitacl="*" apps=3
  x (leaf, dynamic) apps=2
  y (leaf, dynamic) apps=1
(rejected) apps=1'
	run -0 placectl tree -c "$PD/seed-tag.yaml" < "$BATS_TEST_TMPDIR/apps"
	assert_line --index 1 '  x (leaf, dynamic) apps=2'
}

@test "tree --dot: Graphviz" {
	printf '%s\n' '{"app":"a","user":"a","tags":{"namespace":"x\"y"}}' '{"app":"a","user":"a","tags":{"namespace":"z"}}' > "$BATS_TEST_TMPDIR/apps"
	run -0 placectl tree --dot -c "$PD/seed-tag.yaml" "$BATS_TEST_TMPDIR/apps"
	assert_output 'digraph queues {
	node [shape=box, fontname="monospace"];
	"root" [label="root\nparent\nsubmit: *\napps: 1"];
	"root.z" [label="z\nleaf\napps: 1", style=dashed];
	"root" -> "root.z";
	"(rejected)" [label="rejected\napps: 1", shape=note];
}'
}

@test "tree and check: control characters in names and ACLs are shown escaped" {
	printf 'partitions:\n  - name: default\n    queues:\n      - name: root\n        submitacl: "a\\e[31m,\\nb"\n' > "$BATS_TEST_TMPDIR/q.yaml"
	run --separate-stderr placectl tree -c "$BATS_TEST_TMPDIR/q.yaml" < /dev/null
	assert_success
	assert_output 'root (parent) submitacl="a\u001b[31m,\nb" apps=0
(rejected) apps=0'
	run --separate-stderr placectl tree --dot -c "$BATS_TEST_TMPDIR/q.yaml" < /dev/null
	assert_success
	assert_line --index 2 '	"root" [label="root\nparent\nsubmit: a\\x1b[31m,\nb\napps: 0"];'
	run --separate-stderr placectl check -p "$(printf 'x\033y')" -c "$BATS_TEST_TMPDIR/q.yaml"
	assert_failure "$EXIT_CONFIG"
	assert_output "$BATS_TEST_TMPDIR/q.yaml: no partition 'x\x1by', 1 error, 0 warnings (YuniKorn 0.10.0)"
	assert_stderr "placectl: $BATS_TEST_TMPDIR/q.yaml: no partition 'x\x1by' in the configuration"
}

@test "tree: a bad application is exit 65 and no tree, unless --keep-going" {
	printf '%s\n' '{"app":"a","user":"a","tags":{"namespace":"x"}}' 'x' > "$BATS_TEST_TMPDIR/apps"
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

@test "check: an empty partition name is default; a state dump file is judged, never made" {
	printf 'partitions:\n  - name: ""\n    queues: [{name: root, submitacl: "*"}]\n    placementrules: [{name: provided, create: true}]\n' > "$BATS_TEST_TMPDIR/q.yaml"
	run -0 bash -c "echo '{\"app\":\"a1\",\"user\":\"a\",\"queue\":\"root.x\"}' | placectl place -c '$BATS_TEST_TMPDIR/q.yaml'"
	assert_output --partial '"placement":{"queue":"root.x"'
	run -0 placectl check -c "$BATS_TEST_TMPDIR/q.yaml"
	assert_output --partial "partition 'default'"
	mkdir "$BATS_TEST_TMPDIR/d"
	printf 'partitions:\n  - statedumpfilepath: %s\n    queues: [{name: root}]\n' "$BATS_TEST_TMPDIR/d/sub/state.txt" > "$BATS_TEST_TMPDIR/q.yaml"
	run -0 placectl check -q --compat 1.0 -c "$BATS_TEST_TMPDIR/q.yaml"
	[ ! -e "$BATS_TEST_TMPDIR/d/sub" ]
	printf 'x' > "$BATS_TEST_TMPDIR/d/file"
	printf 'partitions:\n  - statedumpfilepath: %s\n    queues: [{name: root}]\n' "$BATS_TEST_TMPDIR/d/file/state.txt" > "$BATS_TEST_TMPDIR/q.yaml"
	run --separate-stderr placectl check --compat 1.1 -c "$BATS_TEST_TMPDIR/q.yaml"
	assert_failure "$EXIT_CONFIG"
	assert_stderr "placectl: $BATS_TEST_TMPDIR/q.yaml:2:24: mkdir $BATS_TEST_TMPDIR/d/file: not a directory"
	[ "$(cat "$BATS_TEST_TMPDIR/d/file")" = x ]
	run -0 placectl check -q --compat 1.2 -c "$BATS_TEST_TMPDIR/q.yaml"
	run --separate-stderr placectl check --compat 1.5 -c "$BATS_TEST_TMPDIR/q.yaml"
	assert_failure "$EXIT_CONFIG"
	assert_stderr "placectl: $BATS_TEST_TMPDIR/q.yaml:2:5: field statedumpfilepath not found in type configs.PartitionConfig"
}

@test "check: the first error printed is YuniKorn's; the rest follow in its order" {
	config <<-'YAML'
	queues:
	  - name: root
	    queues:
	      - name: a
	        resources: {guaranteed: {memory: 10}, max: {memory: 1}}
	placementrules:
	  - name: "1bad"
	limits:
	  - limit: l
	    users: ["9bad"]
	    maxapplications: 1
	YAML
	f=$BATS_TEST_TMPDIR/q.yaml
	run --separate-stderr placectl check -q --compat 1.4 -c "$f"
	assert_failure "$EXIT_CONFIG"
	assert_stderr "placectl: $f:7:37: guaranteed resource map[memory:10] is larger than maximum resource map[memory:1] for queue a
placectl: $f:9:15: invalid rule name 1bad, a name must be a valid identifier
placectl: $f:12:17: invalid limit user name '9bad' in limit definition"
	run --separate-stderr placectl check -q --compat 1.5 -c "$f"
	assert_failure "$EXIT_CONFIG"
	assert_stderr "placectl: $f:12:17: invalid limit user name '9bad' in limit definition
placectl: $f:7:37: guaranteed resource map[memory:10] is larger than maximum resource map[memory:1] for queue a
placectl: $f:9:15: invalid rule name 1bad, a name must be a valid identifier"
	run --separate-stderr placectl check --compat 0.10 -c "$f"
	assert_stderr_partial "guaranteed resource is larger than maximum resource for queue a"
}

@test "check: an application.sort.policy the scheduler does not know is a warning" {
	f=$DATA/validator/keys-properties-1.yaml
	run --separate-stderr placectl check --compat 1.8 -c "$f"
	assert_success
	assert_stderr_partial "placectl: $f:9:36: warning: queue 'root': application.sort.policy 'nonsense' is not a policy (fifo, fair, stateaware): the scheduler logs it and sorts the applications of a leaf queue fifo"
}

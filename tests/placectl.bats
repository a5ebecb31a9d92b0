#!/usr/bin/env bats
# placectl.bats - placectl place and explain: options, output, bad input,
# -o, -j, SIGHUP reload, answering each line at once.

load test_helper

PD="$DATA/placement"

# config: write $BATS_TEST_TMPDIR/q.yaml, partition default, from the
# partition's members on stdin
config() {
	{ echo 'partitions:'; echo '  - name: default'; sed 's/^/    /'; } \
	    > "$BATS_TEST_TMPDIR/q.yaml"
}

# apps LINE...: write the applications to $BATS_TEST_TMPDIR/apps.ndjson
apps() {
	printf '%s\n' "$@" > "$BATS_TEST_TMPDIR/apps.ndjson"
}

@test "placectl --help names every option of the synopsis" {
	run -0 placectl --help
	assert_line --index 0 --regexp '^usage: placectl '
	for o in --config --partition --compat --jobs --keep-going --dot --output --quiet; do
		assert_output --partial -- "$o"
	done
}

@test "usage errors: subcommand, -c, --compat, -j, operands" {
	run --separate-stderr placectl
	assert_failure "$EXIT_USAGE"
	assert_stderr_partial "missing subcommand"
	run --separate-stderr placectl frobnicate
	assert_failure "$EXIT_USAGE"
	assert_stderr_partial "unknown subcommand 'frobnicate'"
	run --separate-stderr placectl place
	assert_failure "$EXIT_USAGE"
	assert_stderr_partial "missing -c FILE"
	run --separate-stderr placectl diff -c "$PD/seed-tag.yaml"
	assert_failure "$EXIT_USAGE"
	assert_stderr_partial "diff needs -c OLD -c NEW"
	run --separate-stderr placectl place --compat 2.0 -c "$PD/seed-tag.yaml"
	assert_failure "$EXIT_USAGE"
	assert_stderr "placectl: --compat: unknown YuniKorn version '2.0'; known are 0.10.0 0.11.0 0.12.1 0.12.2 1.0.0 1.1.0 1.2.0 1.3.0 1.4.0 1.5.0 1.5.1 1.5.2 1.6.0 1.6.1 1.6.2 1.6.3 1.7.0 1.8.0, a line such as 1.5 (its last release) and latest (1.8.0)
Try 'placectl --help'."
	run --separate-stderr placectl place -j 0 -c "$PD/seed-tag.yaml"
	assert_failure "$EXIT_USAGE"
	PLACECTL_JOBS=sometimes run --separate-stderr placectl place -j 2 -c "$PD/seed-tag.yaml"
	assert_failure "$EXIT_USAGE"
	assert_stderr "placectl: PLACECTL_JOBS: 'sometimes' is not auto, measure or always
Try 'placectl --help'."
	run --separate-stderr placectl check -c "$PD/seed-tag.yaml" extra
	assert_failure "$EXIT_USAGE"
	assert_stderr_partial "unexpected operand 'extra'"
	run --separate-stderr placectl place --dot -c "$PD/seed-tag.yaml"
	assert_failure "$EXIT_USAGE"
	run --separate-stderr placectl -c x place
	assert_failure "$EXIT_USAGE"
	assert_stderr_partial "options go after the subcommand"
}

@test "place echoes each object and adds its placement, keys in order" {
	apps '{"app":"a1","user":"developer","queue":"my_special_queue"}' \
	    '{"app":"a2","user":"developer","queue":"root.dev_queue","n":1}'
	run --separate-stderr placectl place -c "$PD/seed-provided.yaml" "$BATS_TEST_TMPDIR/apps.ndjson"
	assert_success
	assert_line --index 0 '{"app":"a1","user":"developer","queue":"my_special_queue","placement":{"queue":"root.developer.my_special_queue","rule":0,"rule_name":"provided","created":["root.developer","root.developer.my_special_queue"]}}'
	assert_line --index 1 '{"app":"a2","user":"developer","queue":"root.dev_queue","n":1,"placement":{"queue":"root.dev_queue","rule":0,"rule_name":"provided","created":["root.dev_queue"]}}'
	assert_stderr ""
}

@test "place reads stdin and keeps the input bytes as they are" {
	run --separate-stderr bash -c "printf '%s\n' '{\"app\":\"a\", \"user\" : \"x\",\"big\":18446744073709551615,\"f\":1.50 }' '{\"app\":\"b\"}' |
	    placectl place -c '$PD/seed-tag.yaml' -"
	assert_success
	assert_line --index 0 '{"app":"a", "user" : "x","big":18446744073709551615,"f":1.50 ,"placement":{"rejected":"failed to place application a: application rejected: no placment rule matched"}}'
	assert_line --index 1 '{"app":"b","placement":{"rejected":"empty user cannot resolve"}}'
}

@test "an object that already has a placement is written again without it" {
	apps '{"app":"a","placement":"old","user":"developer","tags":{"namespace":"ns1"}}'
	run -0 placectl place -c "$PD/seed-tag.yaml" "$BATS_TEST_TMPDIR/apps.ndjson"
	assert_output '{"app":"a","user":"developer","tags":{"namespace":"ns1"},"placement":{"queue":"root.ns1","rule":0,"rule_name":"tag","created":["root.ns1"]}}'
}

@test "queues created by one application exist for the next" {
	apps '{"app":"a","user":"developer","tags":{"namespace":"team1"}}' \
	    '{"app":"a","user":"other","tags":{"namespace":"TEAM1"}}'
	run -0 placectl place -c "$PD/seed-tag.yaml" "$BATS_TEST_TMPDIR/apps.ndjson"
	assert_line --index 0 --partial '"placement":{"queue":"root.team1","rule":0,"rule_name":"tag","created":["root.team1"]}'
	assert_line --index 1 --partial '"placement":{"queue":"root.team1","rule":0,"rule_name":"tag","created":[]}'
}

@test "missing or empty groups mean the user's own name as its group" {
	config <<-'YAML'
	queues:
	  - name: root
	    submitacl: " alice"
	    queues:
	      - name: a
	placementrules:
	  - name: fixed
	    value: root.a
	YAML
	apps '{"app":"a","user":"alice"}' '{"app":"a","user":"alice","groups":[]}' '{"app":"a","user":"alice","groups":["staff"]}'
	run -0 placectl place -c "$BATS_TEST_TMPDIR/q.yaml" "$BATS_TEST_TMPDIR/apps.ndjson"
	assert_line --index 0 --partial '"queue":"root.a"'
	assert_line --index 1 --partial '"queue":"root.a"'
	assert_line --index 2 --partial '"rejected"'
}

@test "explain adds the trace of every rule tried" {
	apps '{"app":"a1","user":"bob","groups":["bob"],"tags":{"namespace":"testapp"}}'
	run -0 placectl explain -c "$PD/seed-complex.yaml" "$BATS_TEST_TMPDIR/apps.ndjson"
	assert_output '{"app":"a1","user":"bob","groups":["bob"],"tags":{"namespace":"testapp"},"placement":{"queue":"root.default","rule":2,"rule_name":"fixed","created":[],"trace":[{"rule":0,"name":"user","result":null,"skipped":"filter"},{"rule":1,"name":"tag","result":null,"skipped":"parent rule: filter"},{"rule":2,"name":"fixed","result":"root.default"}]}}'
}

@test "explain: missing queues, ACLs, parent queues and errors in the trace" {
	config <<-'YAML'
	queues:
	  - name: root
	    queues:
	      - name: closed
	        submitacl: nobody
	      - name: parent
	        parent: true
	        submitacl: "*"
	      - name: leaf
	        submitacl: "*"
	placementrules:
	  - name: provided
	  - name: fixed
	    value: root.closed
	  - name: fixed
	    value: root.parent
	  - name: user
	    parent:
	      name: fixed
	      value: root.leaf
	YAML
	apps '{"app":"a","user":"u","queue":"nothere"}'
	run -0 placectl explain -c "$BATS_TEST_TMPDIR/q.yaml" "$BATS_TEST_TMPDIR/apps.ndjson"
	assert_output --partial '"placement":{"rejected":"failed to place application a: parent rule returned a leaf queue: root.leaf","trace":[{"rule":0,"name":"provided","result":"root.nothere","skipped":"missing queue"},{"rule":1,"name":"fixed","result":"root.closed","skipped":"acl"},{"rule":2,"name":"fixed","result":"root.parent","skipped":"parent queue"},{"rule":3,"name":"user","result":null,"error":"parent rule returned a leaf queue: root.leaf"}]}}'
}

@test "--compat 1.7: recovery rule and the root.default fallback in the trace" {
	config <<-'YAML'
	queues:
	  - name: root
	    submitacl: "*"
	    queues:
	      - name: default
	placementrules:
	  - name: provided
	YAML
	apps '{"app":"a1","user":"u","queue":"nothere"}' \
	    '{"app":"a2","user":"u","queue":"nothere","tags":{"application.create.force":"true"}}'
	run -0 placectl explain --compat 1.7 -c "$BATS_TEST_TMPDIR/q.yaml" "$BATS_TEST_TMPDIR/apps.ndjson"
	assert_line --index 0 --partial '"placement":{"queue":"root.default","rule":2,"rule_name":"default","created":[],"trace":[{"rule":0,"name":"provided","result":"root.nothere","skipped":"missing queue"},{"rule":1,"name":"recovery","result":null,"skipped":"not forced"},{"rule":2,"name":"default","result":"root.default"}]}'
	assert_line --index 1 --partial '"placement":{"queue":"root.@recovery@","rule":1,"rule_name":"recovery","created":["root.@recovery@"]'
	run -0 placectl place -c "$BATS_TEST_TMPDIR/q.yaml" "$BATS_TEST_TMPDIR/apps.ndjson"
	assert_line --index 0 --partial '"rejected":"failed to place application a1: application rejected: no placment rule matched"'
	assert_line --index 1 --partial '"rejected"'
}

@test "no rules: 0.10 uses the submitted queue as it is, 1.7 an implicit provided rule" {
	config <<-'YAML'
	queues:
	  - name: root
	    submitacl: "*"
	    queues:
	      - name: default
	YAML
	apps '{"app":"a1","user":"u","queue":"root.default"}' '{"app":"a2","user":"u","queue":"default"}' '{"app":"a3","user":"u","queue":"ROOT"}'
	run -0 placectl place -c "$BATS_TEST_TMPDIR/q.yaml" "$BATS_TEST_TMPDIR/apps.ndjson"
	assert_line --index 0 --partial '"placement":{"queue":"root.default","rule":null,"rule_name":null,"created":[]}'
	assert_line --index 1 --partial '"rejected":"application '"'"'a2'"'"' rejected, cannot create queue '"'"'default'"'"' without placement rules"'
	assert_line --index 2 --partial '"rejected":"failed to find queue ROOT for application a3"'
	run -0 placectl place --compat 1.7 -c "$BATS_TEST_TMPDIR/q.yaml" "$BATS_TEST_TMPDIR/apps.ndjson"
	assert_line --index 0 --partial '"placement":{"queue":"root.default","rule":0,"rule_name":"provided","created":[]}'
	assert_line --index 1 --partial '"placement":{"queue":"root.default","rule":0,"rule_name":"provided","created":[]}'
}

@test "1.7 name checks: a bad generated name is an error that stops placement" {
	apps '{"app":"b","user":"bad!user","tags":{"namespace":"ok"}}'
	config <<-'YAML'
	queues:
	  - name: root
	    submitacl: "*"
	placementrules:
	  - name: user
	    create: true
	  - name: tag
	    value: namespace
	    create: true
	YAML
	run -0 placectl place --compat 1.7 -c "$BATS_TEST_TMPDIR/q.yaml" "$BATS_TEST_TMPDIR/apps.ndjson"
	assert_output --partial '"placement":{"rejected":"failed to place application b: invalid queue name, max 64 characters consisting of alphanumeric characters and '"'"'-'"'"', '"'"'_'"'"', '"'"'#'"'"', '"'"'@'"'"', '"'"'/'"'"', '"'"':'"'"' allowed"}'
	run -0 placectl place -c "$BATS_TEST_TMPDIR/q.yaml" "$BATS_TEST_TMPDIR/apps.ndjson"
	assert_output --partial '"placement":{"rejected":"failed to create rule based queue root.bad!user for application b"}'
	run -0 placectl place --compat 1.5 -c "$BATS_TEST_TMPDIR/q.yaml" "$BATS_TEST_TMPDIR/apps.ndjson"
	assert_output --partial '"placement":{"rejected":"failed to create rule based queue root.bad!user for application b"}'

}

@test "a bad application stops at its line: exit 65, nothing written for it" {
	apps '{"app":"a","user":"a","tags":{"namespace":"x"}}' '{"app":"a","user":["a"]}' '{"app":"a","user":"c","tags":{"namespace":"y"}}'
	run --separate-stderr placectl place -c "$PD/seed-tag.yaml" "$BATS_TEST_TMPDIR/apps.ndjson"
	assert_failure "$EXIT_DATAERR"
	assert_output --partial '"root.x"'
	assert_equal "$(printf '%s\n' "$output" | wc -l)" 1
	assert_stderr "placectl: $BATS_TEST_TMPDIR/apps.ndjson:2:1: 'user' must be a string"
}

@test "every kind of bad application names its line" {
	printf '%s\n' '{"app":"a","user":"a","groups":"g"}' '{"app":"a","user":"a","groups":[1]}' \
	    '{"app":"a","user":"a","queue":7}' '{"app":"a","user":"a","tags":[]}' '{"app":"a","user":"a","tags":{"k":1}}' \
	    '[1]' '{"app":"a","user":' '{"app":"a","user":"a"} x' '{"app":"a","user":"a\u0000"}' > "$BATS_TEST_TMPDIR/bad.ndjson"
	run --separate-stderr placectl place --keep-going -c "$PD/seed-tag.yaml" "$BATS_TEST_TMPDIR/bad.ndjson"
	assert_failure "$EXIT_DATAERR"
	f=$BATS_TEST_TMPDIR/bad.ndjson
	assert_stderr "placectl: $f:1:1: 'groups' must be an array of strings
placectl: $f:2:1: 'groups' must be an array of strings
placectl: $f:3:1: 'queue' must be a string
placectl: $f:4:1: 'tags' must be an object of strings
placectl: $f:5:1: tag values must be strings
placectl: $f:6:1: expected a JSON object
placectl: $f:7:19: unexpected end of line: the input is one JSON object per line (pretty-printed JSON spans lines: 'jq -c .' writes one line each); 'placectl pods' reads what 'kubectl get pods -o json' prints
placectl: $f:8:24: trailing data after the object
placectl: 8 bad applications skipped"
	assert_line --index 0 --partial '"user":"a\u0000"'
}

@test "invalid UTF-8 in any field is a bad application, with its position, with or without -j" {
	f=$BATS_TEST_TMPDIR/u8.ndjson
	# overlong '/', an encoded surrogate, past U+10FFFF, a stray byte; a
	# plain line the fast path reads, then valid UTF-8 json-c reads
	printf '%b\n' '{"user":"a","applicationID":"x\xc0\xaf","app":"a1"}' \
	    '{"user":"a\xed\xa0\x80","tags":{"namespace":"x"},"app":"a2"}' \
	    '{"user":"a","tags":{"namespace":"\xf4\x90\x80\x80"},"app":"a3"}' \
	    '{"user":"a","groups":["\x80"],"app":"a4"}' \
	    '{"user":"b","tags":{"namespace":"x"},"app":"a5"}' \
	    '{"user":"\xc3\xa9","tags":{"namespace":"y"},"app":"a6"}' > "$f"
	for j in 1:auto 2:auto 2:always; do
		PLACECTL_JOBS=${j#*:} run --separate-stderr placectl place -j ${j%:*} --keep-going -c "$PD/seed-tag.yaml" "$f"
		assert_failure "$EXIT_DATAERR"
		assert_stderr "placectl: $f:1:31: invalid UTF-8 in string
placectl: $f:2:11: invalid UTF-8 in string
placectl: $f:3:34: invalid UTF-8 in string
placectl: $f:4:24: invalid UTF-8 in string
placectl: 4 bad applications skipped"
		assert_equal "${#lines[@]}" 2
		assert_line --index 0 --partial '"root.x"'
		assert_line --index 1 --partial '"root.y"'
		# every byte written is UTF-8
		run iconv -f UTF-8 -t UTF-8 <<< "$output"
		assert_success
	done
}

@test "--keep-going places the good ones and exits 65 with the count" {
	apps '{"app":"a","user":"a","tags":{"namespace":"x"}}' 'nope' '{"app":"a","user":"c","tags":{"namespace":"y"}}'
	run --separate-stderr placectl place --keep-going -c "$PD/seed-tag.yaml" "$BATS_TEST_TMPDIR/apps.ndjson"
	assert_failure "$EXIT_DATAERR"
	assert_line --index 0 --partial '"root.x"'
	assert_line --index 1 --partial '"root.y"'
	assert_stderr "placectl: $BATS_TEST_TMPDIR/apps.ndjson:2:1: expected a JSON object
placectl: 1 bad application skipped"
}

@test "a missing input is exit 66, a missing configuration too" {
	run --separate-stderr placectl place -c "$PD/seed-tag.yaml" "$BATS_TEST_TMPDIR/none"
	assert_failure "$EXIT_NOINPUT"
	assert_stderr "placectl: cannot open '$BATS_TEST_TMPDIR/none': No such file or directory"
	run --separate-stderr placectl place -c "$BATS_TEST_TMPDIR/none.yaml"
	assert_failure "$EXIT_NOINPUT"
}

@test "a bad configuration is exit 78 with every error" {
	config <<-'YAML'
	queues:
	  - name: root
	    colour: red
	placementrules:
	  - name: nosuch
	  - name: tag
	YAML
	run --separate-stderr placectl place -c "$BATS_TEST_TMPDIR/q.yaml" </dev/null
	assert_failure "$EXIT_CONFIG"
	assert_output ""
	f=$BATS_TEST_TMPDIR/q.yaml
	assert_stderr "placectl: $f:5:9: field colour not found in type configs.QueueConfig
placectl: $f:7:15: warning: the placement rules do not build; YuniKorn loads the configuration with placement off: unknown rule name specified nosuch, failing placement rule config
placectl: $f:8:15: warning: the placement rules do not build; YuniKorn loads the configuration with placement off: a tag queue rule must have a tag name set"
}

@test "rules that fail to build: placement off before 1.4, everything rejected from 1.4" {
	config <<-'YAML'
	queues:
	  - name: root
	    submitacl: "*"
	    queues: [{name: a}]
	placementrules:
	  - name: nosuch
	YAML
	apps '{"app":"x","user":"u","queue":"root.a"}' '{"app":"y","user":"u","queue":"root.b"}'
	f=$BATS_TEST_TMPDIR/q.yaml
	run --separate-stderr placectl place --compat 1.3 -c "$f" "$BATS_TEST_TMPDIR/apps.ndjson"
	assert_success
	assert_line -n 0 --partial '"placement":{"queue":"root.a","rule":null,"rule_name":null,"created":[]}'
	assert_line -n 1 --partial '"placement":{"rejected":'
	assert_stderr "placectl: $f:8:15: warning: the placement rules do not build; YuniKorn loads the configuration with placement off: unknown rule name specified nosuch, failing placement rule config"
	run --separate-stderr placectl place --compat 1.4 -c "$f" "$BATS_TEST_TMPDIR/apps.ndjson"
	assert_success
	refute_output --partial '"queue":"root.a","rule"'
	assert_stderr "placectl: $f:8:15: warning: the placement rules do not build; YuniKorn loads the configuration, then rejects every application: unknown rule name specified nosuch, failing placement rule config"
	run -0 placectl check -q --compat 1.4 -c "$f"
	assert_output "$f: partition 'default': 2 queues, 1 rule, 0 errors, 1 warning (YuniKorn 1.4.0)"
}

@test "-p picks the partition; an unknown one is a configuration error" {
	cat > "$BATS_TEST_TMPDIR/q.yaml" <<-'YAML'
	partitions:
	  - name: default
	    queues: [{name: root, submitacl: "*"}]
	    placementrules: [{name: fixed, value: root.a, create: true}]
	  - name: gpu
	    queues: [{name: root, submitacl: "*"}]
	    placementrules: [{name: fixed, value: root.b, create: true}]
	YAML
	apps '{"app":"a","user":"u"}'
	run -0 placectl place -p gpu -c "$BATS_TEST_TMPDIR/q.yaml" "$BATS_TEST_TMPDIR/apps.ndjson"
	assert_output --partial '"queue":"root.b"'
	run -0 placectl place -c "$BATS_TEST_TMPDIR/q.yaml" "$BATS_TEST_TMPDIR/apps.ndjson"
	assert_output --partial '"queue":"root.a"'
	run --separate-stderr placectl place -p cpu -c "$BATS_TEST_TMPDIR/q.yaml" "$BATS_TEST_TMPDIR/apps.ndjson"
	assert_failure "$EXIT_CONFIG"
	assert_stderr "placectl: $BATS_TEST_TMPDIR/q.yaml: no partition 'cpu' in the configuration"
}

@test "-o writes atomically and leaves the file alone on failure" {
	apps '{"app":"a","user":"a","tags":{"namespace":"x"}}'
	run -0 placectl place -c "$PD/seed-tag.yaml" -o "$BATS_TEST_TMPDIR/out" "$BATS_TEST_TMPDIR/apps.ndjson"
	assert_output ""
	run grep -c '"root.x"' "$BATS_TEST_TMPDIR/out"
	assert_output 1
	echo keep > "$BATS_TEST_TMPDIR/out"
	apps '{"app":"a","user":"a","tags":{"namespace":"x"}}' 'bad'
	run -65 placectl place -c "$PD/seed-tag.yaml" -o "$BATS_TEST_TMPDIR/out" "$BATS_TEST_TMPDIR/apps.ndjson"
	assert_equal "$(cat "$BATS_TEST_TMPDIR/out")" keep
	run -73 placectl place -c "$PD/seed-tag.yaml" -o "$BATS_TEST_TMPDIR/no/dir/out" "$BATS_TEST_TMPDIR/apps.ndjson"
}

@test "-j N writes exactly what -j 1 writes, errors in order, however the threads share the work" {
	awk 'BEGIN { for (i = 1; i <= 3000; i++) {
		printf "{\"app\":%d,\"user\":\"u%d\",\"groups\":[\"g%d\"],\"tags\":{\"namespace\":\"ns%d\"}}\n",
		    i, i % 17, i % 5, i % 40
		if (i % 997 == 0)
			print "{\"app\":\"a\",\"user\":1}"
	} }' > "$BATS_TEST_TMPDIR/many.ndjson"
	placectl place --keep-going -c "$PD/seed-tag.yaml" "$BATS_TEST_TMPDIR/many.ndjson" \
	    > "$BATS_TEST_TMPDIR/j1" 2> "$BATS_TEST_TMPDIR/e1" || true
	# always: every thread from the first line (the batches); auto and
	# measure: alone until the machine leaves a core (a line at a time)
	for m in always measure auto; do
		for j in 2 3 8; do
			PLACECTL_JOBS=$m placectl place -j $j --keep-going -c "$PD/seed-tag.yaml" "$BATS_TEST_TMPDIR/many.ndjson" \
			    > "$BATS_TEST_TMPDIR/jn" 2> "$BATS_TEST_TMPDIR/en" || true
			cmp "$BATS_TEST_TMPDIR/j1" "$BATS_TEST_TMPDIR/jn"
			cmp "$BATS_TEST_TMPDIR/e1" "$BATS_TEST_TMPDIR/en"
		done
		PLACECTL_JOBS=$m run --separate-stderr placectl place -j 2 -c "$PD/seed-tag.yaml" "$BATS_TEST_TMPDIR/many.ndjson"
		assert_failure "$EXIT_DATAERR"
		assert_equal "$(printf '%s\n' "$output" | wc -l)" 997
	done
	run grep -c 'bad application' "$BATS_TEST_TMPDIR/e1"
	assert_output 1
}

@test "-j N on a stream long enough to measure itself (helpers, then alone): the same output" {
	# 120000 lines, some 15 MB: past the two probe windows of 4 MB, the
	# first placed with the helpers, the second alone, each after a
	# ring's worth of batches (PLACECTL_JOBS=measure: whatever else the
	# machine runs; auto: maybe alone all along)
	awk 'BEGIN { for (i = 1; i <= 120000; i++) {
		printf "{\"app\":\"application-%d\",\"user\":\"user%d\",\"groups\":[\"g%d\",\"team-%d\"],\"tags\":{\"namespace\":\"ns%d\"}}\n",
		    i, i % 113, i % 5, i % 7, i % 40
		if (i % 9973 == 0)
			print "{\"app\":\"a\",\"user\":1}"
	} }' > "$BATS_TEST_TMPDIR/long.ndjson"
	placectl place --keep-going -c "$PD/seed-tag.yaml" "$BATS_TEST_TMPDIR/long.ndjson" \
	    > "$BATS_TEST_TMPDIR/j1" 2> "$BATS_TEST_TMPDIR/e1" || true
	for j in 2:measure 4:measure 2:auto; do
		PLACECTL_JOBS=${j#*:} placectl place -j ${j%:*} --keep-going -c "$PD/seed-tag.yaml" "$BATS_TEST_TMPDIR/long.ndjson" \
		    > "$BATS_TEST_TMPDIR/jn" 2> "$BATS_TEST_TMPDIR/en" || true
		cmp "$BATS_TEST_TMPDIR/j1" "$BATS_TEST_TMPDIR/jn"
		cmp "$BATS_TEST_TMPDIR/e1" "$BATS_TEST_TMPDIR/en"
	done
	assert_equal "$(wc -l < "$BATS_TEST_TMPDIR/j1")" 120000
	run grep -c 'bad application' "$BATS_TEST_TMPDIR/e1"
	assert_output 1
}

@test "the fast path reads what json-c reads: escapes, non-ASCII, duplicates, nesting" {
	config <<-'EOF'
	placementrules:
	  - name: tag
	    value: namespace
	    create: true
	    parent:
	      name: fixed
	      value: ns
	queues:
	  - name: root
	    submitacl: '*'
	    queues:
	      - name: ns
	        parent: true
	EOF
	# each pair: a line the fast path reads, then one only json-c reads
	apps '{"app":"a","user":"bob","tags":{"namespace":"dev"}}' \
	    '{"app":"a","user":"b\u006fb","tags":{"namespace":"d\u0065v"}}' \
	    '{"app":"a","user":"ann","tags":{"namespace":"caf"}}' \
	    '{"app":"a","user":"ann","tags":{"namespace":"caf\u00e9"}}' \
	    '{"app":"a","user":"x","tags":{"namespace":"prod"},"n":1}' \
	    '{"app":"a","user":"x","tags":{"namespace":"test"},"tags":{"namespace":"prod"},"n":1.5,"m":{"a":[1]}}'
	run -0 placectl place -c "$BATS_TEST_TMPDIR/q.yaml" "$BATS_TEST_TMPDIR/apps.ndjson"
	assert_line --index 0 --partial '"placement":{"queue":"root.ns.dev","rule":0,"rule_name":"tag","created":["root.ns.dev"]}}'
	assert_line --index 1 --partial '"placement":{"queue":"root.ns.dev","rule":0,"rule_name":"tag","created":[]}}'
	assert_line --index 2 --partial '"placement":{"queue":"root.ns.caf","rule":0,"rule_name":"tag","created":["root.ns.caf"]}}'
	assert_line --index 3 --partial '"rejected":"failed to create rule based queue root.ns.café for application a"'
	assert_line --index 4 --partial '"placement":{"queue":"root.ns.prod","rule":0,"rule_name":"tag","created":["root.ns.prod"]}}'
	assert_line --index 5 '{"app":"a","user":"x","tags":{"namespace":"test"},"tags":{"namespace":"prod"},"n":1.5,"m":{"a":[1]},"placement":{"queue":"root.ns.prod","rule":0,"rule_name":"tag","created":[]}}'
	run -0 placectl place -j 2 -c "$BATS_TEST_TMPDIR/q.yaml" "$BATS_TEST_TMPDIR/apps.ndjson"
	assert_line --index 1 --partial '"placement":{"queue":"root.ns.dev","rule":0,"rule_name":"tag","created":[]}}'
	assert_line --index 5 --partial '"placement":{"queue":"root.ns.prod","rule":0,"rule_name":"tag","created":[]}}'
}

@test "each line is answered at once, before more input comes (tail -f)" {
	for j in 1:auto 2:auto 2:always; do
		rm -f "$BATS_TEST_TMPDIR/in" "$BATS_TEST_TMPDIR/out"
		mkfifo "$BATS_TEST_TMPDIR/in"
		PLACECTL_JOBS=${j#*:} placectl place -j ${j%:*} -c "$PD/seed-tag.yaml" "$BATS_TEST_TMPDIR/in" \
		    > "$BATS_TEST_TMPDIR/out" 3>&- &
		exec 5> "$BATS_TEST_TMPDIR/in"
		echo '{"app":"a","user":"a","tags":{"namespace":"one"}}' >&5
		wait_lines "$BATS_TEST_TMPDIR/out" 1
		echo '{"app":"a","user":"a","tags":{"namespace":"two"}}' >&5
		wait_lines "$BATS_TEST_TMPDIR/out" 2
		exec 5>&-
		wait $!
	done
}

@test "SIGHUP re-reads the configuration; a broken one is ignored" {
	cp_fixture "$PD/seed-tag.yaml" "$BATS_TEST_TMPDIR/q.yaml"
	mkfifo "$BATS_TEST_TMPDIR/in"
	placectl place -c "$BATS_TEST_TMPDIR/q.yaml" "$BATS_TEST_TMPDIR/in" \
	    > "$BATS_TEST_TMPDIR/out" 2> "$BATS_TEST_TMPDIR/err" 3>&- &
	pid=$!
	exec 5> "$BATS_TEST_TMPDIR/in"
	echo '{"app":"a","user":"a","tags":{"namespace":"one"}}' >&5
	wait_lines "$BATS_TEST_TMPDIR/out" 1
	cp_fixture "$PD/seed-fixed.yaml" "$BATS_TEST_TMPDIR/q.yaml"
	kill -HUP $pid
	echo '{"app":"a","user":"a","tags":{"namespace":"two"}}' >&5
	wait_lines "$BATS_TEST_TMPDIR/out" 2
	printf 'partitions:\n  - queues: [{name: root}]\n    placementrules: [{name: bogus}]\n' > "$BATS_TEST_TMPDIR/q.yaml"
	kill -HUP $pid
	echo '{"app":"a","user":"a","tags":{"namespace":"three"}}' >&5
	wait_lines "$BATS_TEST_TMPDIR/out" 3
	exec 5>&-
	wait $pid
	run cat "$BATS_TEST_TMPDIR/out"
	assert_line --index 0 --partial '"queue":"root.one","rule":0,"rule_name":"tag"'
	assert_line --index 1 --partial '"queue":"root.last_resort","rule":0,"rule_name":"fixed"'
	assert_line --index 2 --partial '"queue":"root.last_resort","rule":0,"rule_name":"fixed"'
	run cat "$BATS_TEST_TMPDIR/err"
	assert_line --index 0 --partial "unknown rule name specified bogus"
	assert_line --index 1 "placectl: warning: configuration '$BATS_TEST_TMPDIR/q.yaml' not reloaded: the previous configuration stays"
}

@test "SIGHUP while the configuration loads: no death, and the configuration is read again" {
	# the configuration is a FIFO: placectl is loading it (it has it
	# open) from the moment our open returns until we close it
	mkfifo "$BATS_TEST_TMPDIR/q.yaml"
	apps '{"app":"a","user":"a","tags":{"namespace":"one"}}'
	for j in 1 2; do
		placectl place -j $j -c "$BATS_TEST_TMPDIR/q.yaml" "$BATS_TEST_TMPDIR/apps.ndjson" \
		    > "$BATS_TEST_TMPDIR/out" 2> "$BATS_TEST_TMPDIR/err" 3>&- &
		pid=$!
		exec 5> "$BATS_TEST_TMPDIR/q.yaml"
		head -c 40 "$PD/seed-tag.yaml" >&5
		kill -HUP $pid
		tail -c +41 "$PD/seed-tag.yaml" >&5
		exec 5>&-
		# the signal is not lost: the file is read again before the
		# first application; a FIFO still, it is refused (a reload
		# waits for no writer), and the first configuration stays
		rc=0
		wait $pid || rc=$?
		assert_equal "$rc" 0
		assert_equal "$(cat "$BATS_TEST_TMPDIR/err")" "placectl: $BATS_TEST_TMPDIR/q.yaml: a FIFO, not a regular file: a reload reads regular files only (this one could wait for a writer, or never end)
placectl: warning: configuration '$BATS_TEST_TMPDIR/q.yaml' not reloaded: the previous configuration stays"
		run cat "$BATS_TEST_TMPDIR/out"
		assert_output --partial '"queue":"root.one","rule":0,"rule_name":"tag"'
	done
}

@test "a reader that goes away ends placectl quietly" {
	awk 'BEGIN { for (i = 0; i < 20000; i++) print "{\"app\":\"a\",\"user\":\"u\",\"tags\":{\"namespace\":\"n\"}}" }' > "$BATS_TEST_TMPDIR/many.ndjson"
	for j in 1:auto 2:auto 2:always; do
		PLACECTL_JOBS=${j#*:} run --separate-stderr closed_pipe placectl place -j ${j%:*} -c "$PD/seed-tag.yaml" "$BATS_TEST_TMPDIR/many.ndjson"
		assert_success
		assert_stderr ""
	done
	run --separate-stderr bash -c "placectl place -c '$PD/seed-tag.yaml' '$BATS_TEST_TMPDIR/many.ndjson' >/dev/full"
	assert_failure "$EXIT_IOERR"
	assert_stderr "placectl: write error: No space left on device"
}

@test "diff whose reader goes away: quiet success, no partial count shown as the total" {
	awk 'BEGIN { for (i = 1; i <= 20000; i++) printf "{\"app\":\"a%d\",\"user\":\"u\",\"tags\":{\"namespace\":\"n%d\"}}\n", i, i }' > "$BATS_TEST_TMPDIR/many.ndjson"
	for j in 1:auto 2:auto 2:always; do
		PLACECTL_JOBS=${j#*:} run --separate-stderr closed_pipe placectl diff -j ${j%:*} -c "$PD/seed-tag.yaml" -c "$PD/seed-fixed.yaml" "$BATS_TEST_TMPDIR/many.ndjson"
		assert_success
		assert_stderr ""
	done
	# with its reader there, the count is the input's
	run --separate-stderr placectl diff -c "$PD/seed-tag.yaml" -c "$PD/seed-fixed.yaml" "$BATS_TEST_TMPDIR/many.ndjson"
	assert_failure 1
	assert_stderr "placectl: 20000 of 20000 applications placed differently (YuniKorn 0.10.0)"
}

@test "a UTF-8 byte order mark is named" {
	printf '\357\273\277{"user":"a","tags":{"namespace":"x"}}\n' > "$BATS_TEST_TMPDIR/bom.ndjson"
	run --separate-stderr placectl place -c "$PD/seed-tag.yaml" "$BATS_TEST_TMPDIR/bom.ndjson"
	assert_failure "$EXIT_DATAERR"
	assert_stderr "placectl: $BATS_TEST_TMPDIR/bom.ndjson:1:1: expected a JSON object, not a UTF-8 byte order mark (BOM)"
}

@test "a regular expression is refused if Go's regexp would refuse it" {
	for re in '(?=x)' 'a\1' 'a*+' 'x{1001}' '\Z' '(?>a)' '(*UCP)^\w+$' \
	    '(*SKIP)(*FAIL)' '\p{Xan}' '[[:<:]]'; do
		cat > "$BATS_TEST_TMPDIR/q.yaml" <<-YAML
		partitions:
		  - queues: [{name: root, submitacl: "*"}]
		    placementrules:
		      - name: user
		        filter:
		          users: ['$re']
		YAML
		run --separate-stderr placectl check -c "$BATS_TEST_TMPDIR/q.yaml"
		assert_failure "$EXIT_CONFIG"
		assert_stderr_partial "invalid rule filter user list is not a proper list or regexp"
	done
}

@test "queues are created at most 1000 levels below root" {
	config <<-'YAML'
	queues: [{name: root, submitacl: "*"}]
	placementrules: [{name: provided, create: true}]
	YAML
	# The lines are 1 MB long: they are written and compared whole, by
	# awk and cmp (a pattern or a regular expression repeated 1000 times
	# takes bash seconds on them).
	awk -v apps="$BATS_TEST_TMPDIR/apps.ndjson" '
	function deep(s, n,  p, i) { p = "root"; for (i = 0; i < n; i++) p = p "." s; return p }
	BEGIN {
		printf "{\"app\":\"a\",\"user\":\"u\",\"queue\":\"%s\"}\n", deep("q", 1000) > apps
		printf "{\"app\":\"b\",\"user\":\"u\",\"queue\":\"%s\"}\n", deep("r", 1001) > apps
		printf "{\"app\":\"a\",\"user\":\"u\",\"queue\":\"%s\",\"placement\":{\"queue\":\"%s\",\"rule\":0,\"rule_name\":\"provided\",\"created\":[", deep("q", 1000), deep("q", 1000)
		for (i = 1; i <= 1000; i++)
			printf "%s\"%s\"", (i > 1 ? "," : ""), deep("q", i)
		printf "]}}\n"
		printf "{\"app\":\"b\",\"user\":\"u\",\"queue\":\"%s\",\"placement\":{\"rejected\":\"failed to create rule based queue %s for application b\\nqueue path deeper than 1000 levels\"}}\n", deep("r", 1001), deep("r", 1001)
	}' > "$BATS_TEST_TMPDIR/want"
	placectl place --compat 1.6 -c "$BATS_TEST_TMPDIR/q.yaml" "$BATS_TEST_TMPDIR/apps.ndjson" \
	    > "$BATS_TEST_TMPDIR/out"
	cmp "$BATS_TEST_TMPDIR/want" "$BATS_TEST_TMPDIR/out"
}

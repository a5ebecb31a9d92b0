#!/usr/bin/env bats
# placectl-seed.bats - every example of the placement-rules documentation
# (the seed documents 003 and 004), under both --compat levels. The
# configurations are tests/data/placement/seed-*.yaml.

load test_helper

PD="$DATA/placement"

# place CONFIG COMPAT LINE...: placements only, one per line
place() {
	local conf=$1 compat=$2
	shift 2
	printf '%s\n' "$@" | placectl place --compat "$compat" -c "$PD/$conf" |
	    sed 's/.*"placement"://; s/}$//'
}

# nomatch COMPAT: the manager's reason when no rule placed the application
nomatch() {
	case $1 in
	0.10) echo 'application rejected: no placment rule matched' ;;
	*) echo 'application rejected: no placement rule matched' ;;
	esac
}

@test "provided rule: the user's queue as parent; a qualified queue skips it" {
	for c in 0.10 1.7; do
		run -0 place seed-provided.yaml $c \
		    '{"app":"a","user":"developer","queue":"my_special_queue"}' \
		    '{"app":"a","user":"developer","queue":"root.dev_queue"}'
		assert_line --index 0 '{"queue":"root.developer.my_special_queue","rule":0,"rule_name":"provided","created":["root.developer","root.developer.my_special_queue"]}'
		assert_line --index 1 '{"queue":"root.dev_queue","rule":0,"rule_name":"provided","created":["root.dev_queue"]}'
	done
}

@test "user rule: dots become _dot_; a missing queue is not created" {
	for c in 0.10 1.7; do
		run -0 place seed-user.yaml $c '{"app":"a","user":"finance.test"}' '{"app":"a","user":"developer"}'
		assert_line --index 0 '{"queue":"root.finance_dot_test","rule":0,"rule_name":"user","created":[]}'
		assert_line --index 1 "{\"rejected\":\"failed to place application a: $(nomatch $c)\"}"
	done
}

@test "fixed rule: always the configured queue" {
	for c in 0.10 1.7; do
		run -0 place seed-fixed.yaml $c '{"app":"a","user":"developer","queue":"my_special_queue"}'
		assert_output '{"queue":"root.last_resort","rule":0,"rule_name":"fixed","created":[]}'
	done
}

@test "tag rule: the namespace, created; no tag, no match" {
	run -0 place seed-tag.yaml 0.10 \
	    '{"app":"a","user":"developer","queue":"my_special_queue","tags":{"namespace":"default"}}' \
	    '{"app":"a","user":"developer","tags":{"namespace":"testing"}}' \
	    '{"app":"a","user":"developer"}'
	assert_line --index 0 '{"queue":"root.default","rule":0,"rule_name":"tag","created":["root.default"]}'
	assert_line --index 1 '{"queue":"root.testing","rule":0,"rule_name":"tag","created":["root.testing"]}'
	assert_line --index 2 "{\"rejected\":\"failed to place application a: $(nomatch 0.10)\"}"
	# 1.7 falls back to root.default, which the first application created
	run -0 place seed-tag.yaml 1.7 \
	    '{"app":"a","user":"developer","queue":"my_special_queue","tags":{"namespace":"default"}}' \
	    '{"app":"a","user":"developer"}'
	assert_line --index 1 '{"queue":"root.default","rule":2,"rule_name":"default","created":[]}'
}

@test "complex example 1: john in rule 2, sarah in rule 1, bob in rule 3" {
	for c in 0.10 1.7; do
		run -0 place seed-complex.yaml $c \
		    '{"app":"a","user":"john","tags":{"namespace":"testing"}}' \
		    '{"app":"a","user":"sarah","groups":["sarah","test_app","dev_app"],"tags":{"namespace":"newapp"}}' \
		    '{"app":"a","user":"bob","groups":["bob"],"tags":{"namespace":"testapp"}}'
		assert_line --index 0 '{"queue":"root.namespaces.testing","rule":1,"rule_name":"tag","created":["root.namespaces.testing"]}'
		assert_line --index 1 '{"queue":"root.newapp.sarah","rule":0,"rule_name":"user","created":["root.newapp.sarah"]}'
		assert_line --index 2 '{"queue":"root.default","rule":2,"rule_name":"fixed","created":[]}'
	done
}

@test "complex example 2: john and bob in production; ACLs only widen downwards" {
	for c in 0.10 1.7; do
		run -0 place seed-production.yaml $c '{"app":"a","user":"john"}' '{"app":"a","user":"bob"}' '{"app":"a","user":"alice"}'
		assert_line --index 0 '{"queue":"root.production","rule":0,"rule_name":"fixed","created":[]}'
		assert_line --index 1 '{"queue":"root.production","rule":0,"rule_name":"fixed","created":[]}'
		assert_line --index 2 "{\"rejected\":\"failed to place application a: $(nomatch $c)\"}"
		run -0 place seed-production-open.yaml $c '{"app":"a","user":"alice"}'
		assert_output '{"queue":"root.production","rule":0,"rule_name":"fixed","created":[]}'
	done
}

@test "a rule set with an error never becomes active: the configuration loads with placement off" {
	printf 'partitions:\n  - queues: [{name: root, submitacl: "*", queues: [{name: a}]}]\n    placementrules: [{name: nosuch}]\n' \
	    > "$BATS_TEST_TMPDIR/bad.yaml"
	run --separate-stderr placectl place -c "$BATS_TEST_TMPDIR/bad.yaml" <<<'{"app":"a","user":"u","queue":"root.a"}'
	assert_success
	assert_output --partial '"placement":{"queue":"root.a","rule":null,"rule_name":null,"created":[]}'
	assert_stderr "placectl: $BATS_TEST_TMPDIR/bad.yaml:3:29: warning: the placement rules do not build; YuniKorn loads the configuration with placement off: unknown rule name specified nosuch, failing placement rule config"
	run --separate-stderr placectl place --compat 1.4 -c "$BATS_TEST_TMPDIR/bad.yaml" </dev/null
	assert_success
	assert_stderr_partial "YuniKorn loads the configuration, then rejects every application: unknown rule name"
}

@test "rule names are not case sensitive; dot replacement applies to tags too" {
	printf 'partitions:\n  - queues: [{name: root, submitacl: "*"}]\n    placementrules: [{name: TAG, value: NameSpace, create: true}]\n' \
	    > "$BATS_TEST_TMPDIR/q.yaml"
	run -0 bash -c "echo '{\"app\":\"a\",\"user\":\"u\",\"tags\":{\"namespace\":\"a.b\"}}' | placectl place -c '$BATS_TEST_TMPDIR/q.yaml'"
	assert_output --partial '"placement":{"queue":"root.a_dot_b","rule":0,"rule_name":"tag","created":["root.a_dot_b"]}'
}

#!/usr/bin/env bats
# robust.bats - what an adversary may hand the tools: links out of a
# history directory, setuid saves and hard links, YAML alias bombs, gzip
# bombs spread over many entries, role maps in any order, a configuration
# path that is no longer a regular file, Helm's numbers, a full output.

load test_helper

NS=org.apache.slider.server.avro
NOW=2026-11-22T10:00:00Z
NEW=rolehistory-000001a202b2c500.json	# the name of NOW
RDATA="$DATA/robust"

setup() {
	T=$BATS_TEST_TMPDIR
	SHARED=
}

teardown() {
	[[ -z $SHARED ]] || { chmod -R u+rwX "$SHARED"; rm -rf "$SHARED"; }
	pk_teardown
}

# save SAVED HOST: a valid persisted save of one entry on HOST.
save() {
	printf '{"entry":{"%s.RoleHistoryHeader":{"version":1,"saved":%s,"savedx":"%x","savedate":"d","roles":1}}}\n' \
	    "$NS" "$1" "$1"
	printf '{"entry":{"%s.NodeEntryRecord":{"host":"%s","role":0,"active":true,"last_used":0}}}\n' \
	    "$NS" "$2"
	printf '{"entry":{"%s.RoleHistoryFooter":{"count":1}}}\n' "$NS"
}

# shared_dir: a temporary directory that the user nobody can reach (the
# test's own lies under a private one), in $SHARED; skips when there is
# no such user or no runuser.
shared_dir() {
	[[ $(id -u) -eq 0 ]] || skip "needs root to act for two users"
	command -v runuser >/dev/null || skip "no runuser to act as another user"
	id nobody >/dev/null 2>&1 || skip "no user 'nobody' to act as"
	SHARED=$(mktemp -d "${TMPDIR:-/tmp}/placekit-robust.XXXXXX")
	chmod 711 "$SHARED"
	runuser -u nobody -- test -x "$SHARED" ||
		skip "nobody cannot reach a directory made in ${TMPDIR:-/tmp}"
}

# --- history directories as root ---

@test "a directory compacted as root: a symbolic link out of it is skipped, never copied" {
	shared_dir
	S=$SHARED
	# root's save, readable by all but in a directory only root enters
	mkdir -m 700 "$S/private"
	save 1700000000000 secret-host >"$S/private/rolehistory-0000018bcfe56800.json"
	chmod 644 "$S/private/rolehistory-0000018bcfe56800.json"
	run runuser -u nobody -- cat "$S/private/rolehistory-0000018bcfe56800.json"
	assert_failure
	# nobody's history directory: a save of its own and a newer link
	mkdir -m 755 "$S/h"
	save 1600000000000 own-host >"$S/h/rolehistory-00000174876e8000.json"
	chmod 600 "$S/h/rolehistory-00000174876e8000.json"
	ln -s ../private/rolehistory-0000018bcfe56800.json \
	    "$S/h/rolehistory-0000018bcfe56800.json"
	chown -h -R nobody: "$S/h"
	run --separate-stderr rh-compact --now $NOW --max-age 0 "$S/h"
	assert_success
	assert_stderr "rh-compact: $S/h/rolehistory-0000018bcfe56800.json: warning: skipping this file: a symbolic link is never followed in a history directory"
	# the new save is nobody's own, made of its own save alone
	assert_equal "$(stat -c '%U %a' "$S/h/$NEW")" "nobody 600"
	run runuser -u nobody -- cat "$S/h/$NEW"
	assert_success
	assert_output --partial '"host":"own-host"'
	refute_output --partial secret-host
	# the link is not a candidate: not deleted either
	assert_equal "$(readlink "$S/h/rolehistory-0000018bcfe56800.json")" \
	    ../private/rolehistory-0000018bcfe56800.json
	# a reader skips it too, with the same words
	run --separate-stderr rh-load --now $NOW "$S/h"
	assert_success
	assert_stderr "rh-load: $S/h/rolehistory-0000018bcfe56800.json: warning: skipping this file: a symbolic link is never followed in a history directory"
	refute_output --partial secret-host
}

@test "-i: a new save has no setuid or setgid bit; a hard link keeps the old content, and a warning says so" {
	save 1600000000000 h1 >"$T/f.json"
	chmod 6750 "$T/f.json"
	ln "$T/f.json" "$T/twin.json"
	before=$(cat "$T/f.json")
	run --separate-stderr rh-compact --now $NOW --max-age 0 -i "$T/f.json"
	assert_success
	assert_stderr "rh-compact: warning: '$T/f.json' has 1 other hard link: the new file replaces this name only, the other keeps the old content"
	assert_equal "$(stat -c %a "$T/f.json")" 750
	assert_equal "$(cat "$T/twin.json")" "$before"
	assert_equal "$(stat -c %h "$T/f.json")" 1
	run grep -c NodeEntryRecord "$T/f.json"
	assert_output 1
}

# --- YAML aliases: the scheduler's rule ---

# bomb LEN: an alias bomb of about 8 KB plus LEN: a queue with a property
# of LEN bytes, then 5 levels of queues of 10 aliases each of the level
# below (100000 copies of the first, the scheduler refuses it).
bomb() {
	awk -v len="$1" 'BEGIN {
		for (s = "x"; length(s) < len; s = s s)
			;
		s = substr(s, 1, len)
		print "partitions:\n  - name: default\n    queues:\n      - name: root"
		print "        submitacl: \"*\"\n        queues:"
		print "          - &q0 {name: a, properties: {k: \"" s "\"}}"
		for (l = 1; l <= 5; l++) {
			items = "*q" (l - 1)
			for (i = 1; i < 10; i++)
				items = items ", *q" (l - 1)
			print "          - &q" l " {name: n" l ", queues: [" items "]}"
		}
	}'
}

@test "aliases: each release's verdict at the edge of the scheduler's rule, as its scheduler gave it" {
	local file rel want got n=0
	while read -r file rel want; do
		[[ $file == \#* ]] && continue
		got=taken
		placectl check --compat "$rel" -c "$RDATA/alias/$file" 2>&1 |
			grep -q 'yaml: document contains excessive aliasing' && got=refused
		[[ $got == "$want" ]] || fail "$file with --compat $rel: $got, YuniKorn $want it"
		n=$((n + 1))
	done <"$RDATA/alias/verdicts"
	assert_equal "$n" 40
}

@test "aliases: a bomb of 11 KB is refused at once in the scheduler's words, and nothing more is said" {
	bomb 2500 >"$T/b.yaml"
	run --separate-stderr placectl check -c "$T/b.yaml"
	assert_failure "$EXIT_CONFIG"
	assert_stderr "placectl: $T/b.yaml:7:13: yaml: document contains excessive aliasing"
	assert_output "$T/b.yaml: no partition, 1 error, 0 warnings (YuniKorn 0.10.0)"
	echo '{"app":"a1","user":"sue","groups":[],"queue":"","tags":{}}' >"$T/app"
	run --separate-stderr placectl place -c "$T/b.yaml" "$T/app"
	assert_failure "$EXIT_CONFIG"
	assert_stderr "placectl: $T/b.yaml:7:13: yaml: document contains excessive aliasing"
	# its queue of 100 KB: refused in the same words, not for its text
	bomb 100000 >"$T/b.yaml"
	run --separate-stderr placectl check --compat 1.3 -c "$T/b.yaml"
	assert_failure "$EXIT_CONFIG"
	assert_stderr "placectl: $T/b.yaml:7:13: yaml: document contains excessive aliasing"
}

@test "aliases: more than 64 MiB of text through aliases is placekit's limit, said as such" {
	# 70 queues share a property of 1 MiB: the scheduler takes it
	{
		printf 'partitions:\n  - name: default\n    queues:\n      - name: root\n'
		printf '        submitacl: "*"\n'
		printf '        properties: {k: &big "%s"}\n        queues:\n' \
		    "$(head -c 1048576 /dev/zero | tr '\0' x)"
		for i in $(seq 70); do
			printf '          - {name: q%d, properties: {k: *big}}\n' "$i"
		done
	} >"$T/t.yaml"
	run --separate-stderr placectl check -c "$T/t.yaml"
	assert_failure "$EXIT_CONFIG"
	assert_stderr "placectl: $T/t.yaml:6:25: aliases expand to more than 64 MiB of text: placekit's limit (Go's yaml shares it)"
	# 60 are under the limit
	sed -i '/name: q6[1-9]\|name: q70/d' "$T/t.yaml"
	run --separate-stderr placectl check -c "$T/t.yaml"
	assert_success
	assert_output "$T/t.yaml: partition 'default': 61 queues, 0 rules, 0 errors, 0 warnings (YuniKorn 0.10.0)"
}

# --- binaryData: only the entry read is decompressed ---

@test "binaryData: only the entries read are decompressed; gzip bombs in the others cost nothing" {
	local bomb good i
	bomb=$(head -c 17000000 /dev/zero | gzip -9 | base64 -w 0)
	good=$(printf 'partitions:\n  - name: default\n    queues:\n      - name: root\n        submitacl: "*"\n' |
		gzip | base64 -w 0)
	{
		printf 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: yunikorn-configs\n'
		printf 'binaryData:\n'
		for i in $(seq 8); do
			printf '  e%d.yaml.gz: %s\n' "$i" "$bomb"
		done
		printf '  queues.yaml.gz: %s\n' "$good"
	} >"$T/cm.yaml"
	run --separate-stderr placectl check --compat 1.7 -c "$T/cm.yaml"
	assert_success
	assert_stderr ""
	assert_output "$T/cm.yaml: yunikorn-configs/queues.yaml.gz: partition 'default': 1 queue, 0 rules, 0 errors, 0 warnings (YuniKorn 1.7.0)"
	# the one read is, within the budget
	sed -i "s|^  queues.yaml.gz: .*|  queues.yaml.gz: $bomb|" "$T/cm.yaml"
	run --separate-stderr placectl check --compat 1.7 -c "$T/cm.yaml"
	assert_failure "$EXIT_CONFIG"
	assert_stderr "placectl: $T/cm.yaml:14:19: binaryData 'queues.yaml.gz' of 'yunikorn-configs': decompressed size over the limit of 16 MiB"
}

# --- a reload reads a regular file only ---

@test "SIGHUP: a configuration that became a FIFO or a directory is refused, saying so; placing goes on" {
	local q=$T/q.yaml
	cp_fixture "$DATA/placement/seed-tag.yaml" "$q"
	mkfifo "$T/in"
	placectl place -c "$q" "$T/in" >"$T/out" 2>"$T/err" 3>&- &
	pid=$!
	exec 5>"$T/in"
	echo '{"app":"a","user":"a","tags":{"namespace":"one"}}' >&5
	wait_lines "$T/out" 1
	rm "$q" && mkfifo "$q"
	kill -HUP $pid
	echo '{"app":"a","user":"a","tags":{"namespace":"two"}}' >&5
	wait_lines "$T/out" 2
	rm "$q" && mkdir "$q"
	kill -HUP $pid
	echo '{"app":"a","user":"a","tags":{"namespace":"three"}}' >&5
	wait_lines "$T/out" 3
	exec 5>&-
	wait $pid
	run cat "$T/out"
	assert_line --index 1 --partial '"queue":"root.two","rule":0,"rule_name":"tag"'
	assert_line --index 2 --partial '"queue":"root.three","rule":0,"rule_name":"tag"'
	run cat "$T/err"
	assert_output "placectl: $q: a FIFO, not a regular file: a reload reads regular files only (this one could wait for a writer, or never end)
placectl: warning: configuration '$q' not reloaded: the previous configuration stays
placectl: $q: a directory, not a configuration file
placectl: warning: configuration '$q' not reloaded: the previous configuration stays"
}

@test "a configuration that is a directory is refused as such, not read as YAML" {
	mkdir "$T/q.yaml"
	run --separate-stderr placectl check -c "$T/q.yaml"
	assert_failure "$EXIT_NOINPUT"
	assert_stderr "placectl: $T/q.yaml: a directory, not a configuration file"
	# a FIFO is read once, as it comes
	mkfifo "$T/f.yaml"
	cat "$DATA/placement/seed-tag.yaml" >"$T/f.yaml" &
	run --separate-stderr placectl check -c "$T/f.yaml"
	assert_success
	wait
}

# --- Helm values: read as Helm reads them ---

@test "Helm values: each value is the text Helm's quote makes of it (numbers as Go prints a float64)" {
	local v want n=0
	while IFS=$'\t' read -r v want; do
		[[ $v == \#* ]] && continue
		printf 'yunikornDefaults:\n  service.policyGroup: %s\n  "%s.yaml": |\n    partitions:\n      - name: default\n        queues:\n          - name: root\n            submitacl: "*"\n' \
		    "$v" "$want" >"$T/values.yaml"
		run --separate-stderr placectl check --compat 1.8 -c "$T/values.yaml"
		[[ $status -eq 0 && $output == "$T/values.yaml: yunikorn-defaults/$want.yaml: partition 'default'"* ]] ||
			fail "value '$v': Helm makes it '$want'; placectl: $status $output $stderr"
		n=$((n + 1))
	done <"$RDATA/helm/values"
	assert_equal "$n" 53
	# JSON, and so Helm, has no NaN or infinity
	printf 'yunikornDefaults:\n  service.policyGroup: .inf\n' >"$T/values.yaml"
	run --separate-stderr placectl check --compat 1.8 -c "$T/values.yaml"
	assert_failure "$EXIT_CONFIG"
	assert_stderr "placectl: $T/values.yaml:2:24: Helm value yunikornDefaults 'service.policyGroup' is .inf: Helm cannot read it (JSON has no NaN or infinity)"
}

# --- counts are of what was written ---

@test "diff and place -v to a full disk: the write error and status 74, no count of what was not written" {
	for i in $(seq 9); do
		printf '{"app":"a%d","user":"u","tags":{"namespace":"n%d"}}\n' "$i" "$i"
	done >"$T/apps"
	run --separate-stderr bash -c 'placectl diff -c "$1" -c "$2" "$3" >/dev/full' _ \
	    "$DATA/placement/seed-tag.yaml" "$DATA/placement/seed-fixed.yaml" "$T/apps"
	assert_failure "$EXIT_IOERR"
	assert_stderr "placectl: write error: No space left on device"
	run --separate-stderr placectl diff -o /dev/full -c "$DATA/placement/seed-tag.yaml" \
	    -c "$DATA/placement/seed-fixed.yaml" "$T/apps"
	assert_failure "$EXIT_IOERR"
	assert_stderr "placectl: cannot write '/dev/full': No space left on device"
	# written, they are counted
	run --separate-stderr placectl diff -c "$DATA/placement/seed-tag.yaml" \
	    -c "$DATA/placement/seed-fixed.yaml" "$T/apps"
	assert_failure "$EXIT_DIFFER"
	assert_stderr "placectl: 9 of 9 applications placed differently (YuniKorn 0.10.0)"
	# place -v's counts the same
	run --separate-stderr bash -c 'placectl place -v -c "$1" "$2" >/dev/full' _ \
	    "$DATA/placement/seed-tag.yaml" "$T/apps"
	assert_failure "$EXIT_IOERR"
	assert_stderr "placectl: write error: No space left on device"
}

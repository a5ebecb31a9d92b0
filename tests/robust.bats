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

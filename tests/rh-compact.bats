#!/usr/bin/env bats
# rh-compact.bats - rh-compact: filter mode, -i, directory mode (lock,
# choice, write, purge), failures.

load test_helper

NS=org.apache.slider.server.avro
CDATA="$DATA/compact"
NOW=2026-11-22T10:00:00Z
NOWMS=1795341600000
H=3600000
NEW=rolehistory-000001a202b2c500.json	# the name of NOW

setup() {
	T=$BATS_TEST_TMPDIR
	SHARED=
}

teardown() {
	touch "$T/go" 2>/dev/null || :	# let a lock holder go
	[[ -z $SHARED ]] || rm -rf "$SHARED"
	pk_teardown
}

# sh -c "$HOLD" _ DIR: say DIR/held, then hold on until DIR/go appears
# (at most 60 s, so that a test that fails early never hangs the run).
HOLD='touch "$1/held"; n=0; while [ ! -e "$1/go" ] && [ $n -lt 1200 ]; do
	n=$((n + 1)); sleep 0.05; done'

# name MS: the history file name of a save at MS.
name() {
	printf 'rolehistory-%016x.json' "$1"
}

# save SAVED ["HOST ROLE ACTIVE LAST_USED"]...: a valid persisted save.
save() {
	local t=$1 n=0 e host role active used
	shift
	printf '{"entry":{"%s.RoleHistoryHeader":{"version":1,"saved":%s,"savedx":"%x","savedate":"d","roles":2}}}\n' \
	    "$NS" "$t" "$t"
	for e in "$@"; do
		read -r host role active used <<<"$e"
		printf '{"entry":{"%s.NodeEntryRecord":{"host":"%s","role":%s,"active":%s,"last_used":%s}}}\n' \
		    "$NS" "$host" "$role" "$active" "$used"
		n=$((n + 1))
	done
	printf '{"entry":{"%s.RoleHistoryFooter":{"count":%s}}}' "$NS" "$n"
}

# hist DIR KIND:HOURS...: a history directory; each file is named HOURS
# before NOW (negative: after) and is a valid save (v), empty (e) or
# broken (b). A valid save at HOURS holds one entry used then, on host
# hHOURS.
hist() {
	local d=$1 spec kind h t
	shift
	mkdir -p "$d"
	for spec in "$@"; do
		kind=${spec%%:*}
		h=${spec#*:}
		t=$((NOWMS - h * H))
		case $kind in
		v) save "$t" "h$h 0 false $t" >"$d/$(name "$t")" ;;
		e) : >"$d/$(name "$t")" ;;
		b) echo '{broken' >"$d/$(name "$t")" ;;
		esac
	done
}

# at HOURS: the file name HOURS before NOW.
at() {
	name $((NOWMS - $1 * H))
}

# files DIR: the names in DIR, one line.
files() {
	ls -A "$1" | tr '\n' ' ' | sed 's/ $//'
}

# snapshot DIR: names, sizes and contents.
snapshot() {
	(cd "$1" && ls -la --time-style=+ . | awk '{ print $1, $5, $NF }' &&
	    find . -type f -exec cksum {} + | sort)
}

@test "--help names every option of the synopsis" {
	run -0 rh-compact --help
	assert_line --index 0 --regexp '^usage: rh-compact '
	for o in -i -n -q -v --dry-run --keep --max-age --now --wait -o; do
		assert_output --partial -- " $o"
	done
}

# --- filter mode ---

@test "a state stream loses toolkit records, counters, old entries and empty nodes" {
	run --separate-stderr rh-compact --now $NOW "$CDATA/state.ndjson"
	assert_success
	assert_stderr ""
	assert_output "$(cat "$CDATA/state.want")"
	# in use (live 2) though old: kept, still active; exactly at the
	# cutoff: kept; only requested and starting, never released
	# (last_used 0): not in use, not active as Slider writes it, gone
	assert_line "{\"entry\":{\"$NS.NodeEntryRecord\":{\"host\":\"h2\",\"role\":1,\"active\":true,\"last_used\":1790000000000}}}"
	assert_line "{\"entry\":{\"$NS.NodeEntryRecord\":{\"host\":\"h3\",\"role\":1,\"active\":false,\"last_used\":1794736800000}}}"
	refute_output --partial '"h5"'
	refute_output --partial '"h4"'
	refute_output --partial 'placekit'
	assert_line --index 6 "{\"entry\":{\"$NS.RoleHistoryFooter\":{\"count\":4}}}"
	# --max-age 0 keeps it, as it was written
	run -0 rh-compact --now $NOW --max-age 0 "$CDATA/state.ndjson"
	assert_line "{\"entry\":{\"$NS.NodeEntryRecord\":{\"host\":\"h5\",\"role\":2,\"active\":false,\"last_used\":0}}}"
}

@test "duplicates (the last wins), pretty-printing; old entries and last_used 0 go" {
	run --separate-stderr rh-compact --now $NOW "$CDATA/dups.json"
	assert_success
	assert_stderr ""
	assert_output "$(cat "$CDATA/dups.want")"
	assert_equal "${#lines[@]}" 4
}

@test "the output is strictly valid for Slider, and compacting it again changes nothing" {
	for f in "$CDATA/state.ndjson" "$CDATA/dups.json" \
	    "$EXAMPLES/history/rolehistory-000001a201692e00.json"; do
		rh-compact --now $NOW -o "$T/once.json" "$f"
		run --separate-stderr rh-load --strict --now $NOW "$T/once.json"
		assert_success
		assert_stderr ""
		rh-compact --now $NOW -o "$T/twice.json" "$T/once.json"
		cmp "$T/once.json" "$T/twice.json"
	done
}

@test "a state stream from rh-load and events compacts to what Slider reads" {
	rh-load -R "$EXAMPLES/resources.json" --now $NOW \
	    --events "$EXAMPLES/events.ndjson" "$EXAMPLES/history" >"$T/state"
	run --separate-stderr bash -c 'rh-compact --now "$1" <"$2" |
	    rh-load --strict --now "$1" --format table' _ $NOW "$T/state"
	assert_success
	assert_stderr ""
	assert_line --index 0 --regexp '^history saved 2026-11-22T10:00:00Z \(1795341600000\): [0-9]+ hosts, [0-9]+ entries, 4 roles, 0 containers$'
}

@test "--max-age counts back from --now, not from the save; 0 keeps all" {
	# a was used 1795300000000, 20 minutes before the 6h cutoff from now
	run --separate-stderr rh-compact --now $NOW --max-age 6h "$CDATA/dups.json"
	assert_success
	refute_output --partial '"host":"a"'
	refute_output --partial '"host":"d"'
	assert_line --index 2 "{\"entry\":{\"$NS.RoleHistoryFooter\":{\"count\":0}}}"
	# rh-load counts from the save (6h before now): a stays there
	run --separate-stderr rh-load --now $NOW --max-age 6h "$CDATA/dups.json"
	assert_line --partial '"host":"a"'
	run --separate-stderr rh-compact --now $NOW --max-age 0 "$CDATA/dups.json"
	assert_success
	assert_line --index 2 "{\"entry\":{\"$NS.NodeEntryRecord\":{\"host\":\"a\",\"role\":0,\"active\":false,\"last_used\":1795300000000}}}"
	assert_line --index 3 "{\"entry\":{\"$NS.NodeEntryRecord\":{\"host\":\"b\",\"role\":1,\"active\":false,\"last_used\":1790000000000}}}"
	assert_line --index 6 "{\"entry\":{\"$NS.NodeEntryRecord\":{\"host\":\"d\",\"role\":1,\"active\":false,\"last_used\":0}}}"
	assert_line --index 7 "{\"entry\":{\"$NS.RoleHistoryFooter\":{\"count\":5}}}"
}

@test "stdin, a file, -o FILE and a directory read with -o give the same bytes" {
	rh-compact --now $NOW "$CDATA/dups.json" >"$T/a"
	rh-compact --now $NOW - <"$CDATA/dups.json" >"$T/b"
	rh-compact --now $NOW <"$CDATA/dups.json" >"$T/c"
	rh-compact --now $NOW -o "$T/d" "$CDATA/dups.json"
	cmp "$T/a" "$T/b"
	cmp "$T/a" "$T/c"
	cmp "$T/a" "$T/d"
	# a directory with -o is only read: newest loadable save, no purge
	cp_fixture "$EXAMPLES/history" "$T/h"
	before=$(snapshot "$T/h")
	rh-compact --now $NOW -o "$T/e" "$EXAMPLES/history/rolehistory-000001a201692e00.json"
	run --separate-stderr rh-compact --now $NOW -o "$T/f" "$T/h"
	assert_success
	assert_stderr ""
	cmp "$T/e" "$T/f"
	assert_equal "$(snapshot "$T/h")" "$before"
}

@test "a directory read with -o and nothing loadable: an empty save, a warning" {
	hist "$T/h" e:1 b:2
	run --separate-stderr rh-compact -v --now $NOW -o "$T/out" "$T/h"
	assert_success
	assert_stderr "rh-compact: $T/h/$(at 1): warning: skipping this file: it is empty
rh-compact: $T/h/$(at 2):1:2: warning: skipping this file: not JSON as Slider's parser reads it; Slider: \"Unexpected character ('b' (code 98)): was expecting double-quote to start field name  at [Source: ...; line: 1, column: 3]\"
rh-compact: $T/h: warning: no loadable history: an empty save
rh-compact: write $T/out (0 entries)"
	assert_equal "$(sed -n '3,$p' "$T/out")" "{\"entry\":{\"$NS.RoleHistoryFooter\":{\"count\":0}}}"
	assert_equal "$(files "$T/h")" "$(at 2) $(at 1)"
}

@test "-i rewrites the file in place, atomically, keeping its mode" {
	T=$T/w
	mkdir "$T"
	cp_fixture "$CDATA/dups.json" "$T/f.json"
	chmod 640 "$T/f.json"
	run --separate-stderr rh-compact --now $NOW -i "$T/f.json"
	assert_success
	assert_output ""
	assert_stderr ""
	assert_equal "$(cat "$T/f.json")" "$(cat "$CDATA/dups.want")"
	assert_equal "$(stat -c %a "$T/f.json")" 640
	assert_equal "$(files "$T")" "f.json"
	# through a symbolic link: the file it names is rewritten
	cp_fixture "$CDATA/state.ndjson" "$T/s.json"
	ln -s s.json "$T/link.json"
	rh-compact --now $NOW -i "$T/link.json"
	assert_equal "$(readlink "$T/link.json")" s.json
	assert_equal "$(cat "$T/s.json")" "$(cat "$CDATA/state.want")"
}

@test "-i and -o as root leave the file to its owner and group, with its mode" {
	[[ $(id -u) -eq 0 ]] || skip "only root can hand a file to another user"
	T=$T/w
	mkdir "$T"
	cp "$CDATA/dups.json" "$T/f.json"
	chown 65534:65534 "$T/f.json"
	chmod 600 "$T/f.json"
	run --separate-stderr rh-compact --now $NOW -i "$T/f.json"
	assert_success
	assert_equal "$(stat -c '%u:%g %a' "$T/f.json")" "65534:65534 600"
	echo previous >"$T/o.json"
	chown 65534:65534 "$T/o.json"
	chmod 640 "$T/o.json"
	rh-compact --now $NOW -o "$T/o.json" "$CDATA/dups.json"
	assert_equal "$(stat -c '%u:%g %a' "$T/o.json")" "65534:65534 640"
	assert_equal "$(cat "$T/o.json")" "$(cat "$CDATA/dups.want")"
}

@test "-i by a user who cannot keep the file's group: written, and a warning says so" {
	[[ $(id -u) -eq 0 ]] || skip "needs root to set up a file of a group its owner is not in"
	# a directory the other user can reach (the test's own is private)
	T=$(mktemp -d /tmp/rh-compact-owner.XXXXXX)
	SHARED=$T
	chmod 777 "$T"
	cp "$CDATA/dups.json" "$T/f.json"
	chown 65534:0 "$T/f.json"
	chmod 640 "$T/f.json"
	run --separate-stderr runuser -u nobody -- "$(command -v rh-compact)" --now $NOW -i "$T/f.json"
	assert_success
	assert_stderr_partial "rh-compact: warning: '$T/f.json' cannot keep its owner and group (65534:0)"
	assert_equal "$(stat -c '%u %a' "$T/f.json")" "65534 640"
	assert_equal "$(cat "$T/f.json")" "$(cat "$CDATA/dups.want")"
}

@test "-i --dry-run and -v say what is done; --dry-run changes nothing" {
	cp_fixture "$CDATA/dups.json" "$T/f.json"
	run --separate-stderr rh-compact --now $NOW -n -i "$T/f.json"
	assert_success
	assert_output "write $T/f.json (1 entry)"
	assert_stderr ""
	cmp "$CDATA/dups.json" "$T/f.json"
	run --separate-stderr rh-compact --now $NOW --dry-run "$CDATA/dups.json"
	assert_output "write - (1 entry)"
	run --separate-stderr rh-compact --now $NOW -v -i "$T/f.json"
	assert_success
	assert_output ""
	assert_stderr "rh-compact: load $T/f.json
rh-compact: write $T/f.json (1 entry)"
	cmp "$CDATA/dups.want" "$T/f.json"
}

@test "a broken file is 65 and -i leaves it as it was; a missing one is 66" {
	T=$T/w
	mkdir "$T"
	printf '{"entry":{"%s.RoleHistoryHeader":{"version":1,"saved":1}}}\n{broken\n' "$NS" >"$T/b.json"
	cp "$T/b.json" "$T/orig"
	run --separate-stderr rh-compact --now $NOW -i "$T/b.json"
	assert_failure "$EXIT_DATAERR"
	assert_stderr "rh-compact: $T/b.json:2:2: quoted object property name expected"
	cmp "$T/orig" "$T/b.json"
	assert_equal "$(files "$T")" "b.json orig"
	run --separate-stderr rh-compact --now $NOW "$T/none.json"
	assert_failure "$EXIT_NOINPUT"
	assert_stderr_partial "$T/none.json"
	assert_output ""
	: >"$T/empty.json"
	run --separate-stderr rh-compact --now $NOW -i "$T/empty.json"
	assert_failure "$EXIT_DATAERR"
	assert_stderr "rh-compact: $T/empty.json: no history: the input is empty"
}

@test "a record cut short: 65 saying where it begins; -i leaves the file; a directory skips it" {
	cp_fixture "$DATA/cut/line.json" "$T/line.json"
	cp "$T/line.json" "$T/orig"
	run --separate-stderr rh-compact --now $NOW -i "$T/line.json"
	assert_failure "$EXIT_DATAERR"
	assert_stderr "rh-compact: $T/line.json:4:1: this record is not closed: it runs into the record at 5:1 (a line cut short?)"
	cmp "$T/orig" "$T/line.json"
	run --separate-stderr rh-compact --now $NOW "$DATA/cut/end.json"
	assert_failure "$EXIT_DATAERR"
	assert_stderr "rh-compact: $DATA/cut/end.json:10:80: unexpected end of file: the record that starts at 10:1 is not closed"
	# in a directory the damaged newest save is skipped, never deleted
	mkdir "$T/h"
	cp_fixture "$EXAMPLES/history/rolehistory-000001a1fd8c6900.json" "$T/h/"
	cp_fixture "$DATA/cut/swallow.json" "$T/h/rolehistory-000001a201692e00.json"
	run --separate-stderr rh-compact --now $NOW --dry-run "$T/h"
	assert_success
	assert_stderr "rh-compact: $T/h/rolehistory-000001a201692e00.json:7:1: warning: skipping this file: not JSON as Slider's parser reads it; Slider: \"Unexpected character ('{' (code 123)): was expecting comma to separate OBJECT entries  at [Source: ...; line: 7, column: 2]\""
	assert_line --index 0 "load $T/h/rolehistory-000001a1fd8c6900.json"
	refute_output --partial "delete $T/h/rolehistory-000001a201692e00.json"
}

@test "usage errors: -i with stdin, a directory or -o; --keep and --wait off a directory" {
	mkdir "$T/d"
	cp_fixture "$CDATA/dups.json" "$T/f.json"
	run --separate-stderr rh-compact -i
	assert_failure "$EXIT_USAGE"
	assert_stderr "rh-compact: -i needs a FILE, not standard input
Try 'rh-compact --help'."
	run --separate-stderr rh-compact -i -
	assert_failure "$EXIT_USAGE"
	run --separate-stderr rh-compact -i "$T/d"
	assert_failure "$EXIT_USAGE"
	assert_stderr "rh-compact: -i rewrites a file: '$T/d' is a directory (a directory is compacted without -i)
Try 'rh-compact --help'."
	run --separate-stderr rh-compact -i -o "$T/o" "$T/f.json"
	assert_failure "$EXIT_USAGE"
	assert_stderr "rh-compact: -i and -o cannot be used together
Try 'rh-compact --help'."
	run --separate-stderr rh-compact --keep 2 "$T/f.json"
	assert_failure "$EXIT_USAGE"
	assert_stderr "rh-compact: --keep applies to a history directory compacted in place
Try 'rh-compact --help'."
	run --separate-stderr rh-compact --wait -o "$T/o" "$T/d"
	assert_failure "$EXIT_USAGE"
	assert_stderr_partial "rh-compact: --wait applies to a history directory"
	run --separate-stderr rh-compact --keep 0 "$T/d"
	assert_failure "$EXIT_USAGE"
	assert_stderr_partial "rh-compact: --keep: "
	run --separate-stderr rh-compact "$T/d" "$T/f.json"
	assert_failure "$EXIT_USAGE"
	assert_stderr_partial "one history at most"
	assert_equal "$(files "$T/d")" ""
	cmp "$CDATA/dups.json" "$T/f.json"
}

@test "--keep or --wait on a directory that is not there: cannot open it, 66" {
	for o in "--keep 2" --wait "--keep 2 --wait -n"; do
		run --separate-stderr rh-compact $o --now $NOW "$T/none"
		assert_failure "$EXIT_NOINPUT"
		assert_output ""
		assert_stderr "rh-compact: cannot open '$T/none': No such file or directory"
	done
	[ ! -e "$T/none" ]
	# with -o, or from standard input, they are still usage errors
	run --separate-stderr rh-compact --keep 2 -o "$T/o" "$T/none"
	assert_failure "$EXIT_USAGE"
	assert_stderr_partial "rh-compact: --keep applies to a history directory"
	run --separate-stderr rh-compact --wait </dev/null
	assert_failure "$EXIT_USAGE"
	assert_stderr_partial "rh-compact: --wait applies to a history directory"
	[ ! -e "$T/o" ]
}

# --- directory mode ---

@test "a directory: the newest save compacted under the name of now, the older ones deleted" {
	cp_fixture "$EXAMPLES/history" "$T/h"
	rh-compact --now $NOW "$EXAMPLES/history/rolehistory-000001a201692e00.json" >"$T/want"
	run --separate-stderr rh-compact -v --now $NOW "$T/h"
	assert_success
	assert_output ""
	assert_stderr "rh-compact: load $T/h/rolehistory-000001a201692e00.json
rh-compact: write $T/h/$NEW (8 entries)
rh-compact: delete $T/h/rolehistory-000001a1fd8c6900.json
rh-compact: delete $T/h/rolehistory-000001a201692e00.json"
	assert_equal "$(files "$T/h")" "$NEW"
	cmp "$T/want" "$T/h/$NEW"
	run --separate-stderr rh-load --strict --now $NOW "$T/h"
	assert_success
	assert_stderr ""
	# quiet without -v; a trailing slash names the files with one
	cp_fixture "$EXAMPLES/history" "$T/g"
	run --separate-stderr rh-compact --now $NOW "$T/g/"
	assert_success
	assert_output ""
	assert_stderr ""
	assert_equal "$(files "$T/g")" "$NEW"
}

@test "the new save takes the mode of the save it was computed from, not the umask's" {
	hist "$T/h" v:1 v:2
	chmod 600 "$T/h/$(at 1)"
	chmod 644 "$T/h/$(at 2)"
	run -0 bash -c 'umask 022 && rh-compact --now "$1" "$2"' _ $NOW "$T/h"
	assert_equal "$(files "$T/h")" "$NEW"
	assert_equal "$(stat -c %a "$T/h/$NEW")" 600
}

@test "as root, the new save keeps the owner and group of the save it was computed from" {
	[[ $(id -u) -eq 0 ]] || skip "only root can hand a file to another user"
	hist "$T/h" v:1 v:2
	chown 65534:65534 "$T/h/$(at 1)"
	chmod 600 "$T/h/$(at 1)"
	run --separate-stderr rh-compact --now $NOW "$T/h"
	assert_success
	assert_stderr ""
	assert_equal "$(files "$T/h")" "$NEW"
	assert_equal "$(stat -c '%u:%g %a' "$T/h/$NEW")" "65534:65534 600"
}

@test "leftover temporary files of killed runs go; young, held and other ones stay" {
	hist "$T/h" v:1
	local old=$(date -d '1 hour ago' +%Y%m%d%H%M.%S) t
	for t in .$(at 1).aB3xY9 .$(at 9).Q1w2E3 .rolehistory-x.json.zzzzzz; do
		echo partial >"$T/h/$t"
		touch -t "$old" "$T/h/$t"
	done
	# young: a writer may be starting up
	echo partial >"$T/h/.$(at 1).young1"
	# held: a writer that locks its temporary file while it writes
	echo partial >"$T/h/.$(at 1).held99"
	touch -t "$old" "$T/h/.$(at 1).held99"
	flock "$T/h/.$(at 1).held99" sh -c "$HOLD" _ "$T" 3>&- &
	local holder=$!
	# not ours: another prefix, a name that is not of the pattern, a directory
	for t in .other.json.abcdef .$(at 1).toolong7 .$(at 1).ab-def; do
		echo x >"$T/h/$t"
		touch -t "$old" "$T/h/$t"
	done
	mkdir "$T/h/.$(at 1).subdir"
	touch -t "$old" "$T/h/.$(at 1).subdir"
	wait_file "$T/held"
	# a dry run removes nothing
	run -0 rh-compact -n --now $NOW "$T/h"
	assert_equal "$(ls -A "$T/h" | wc -l)" 10
	run --separate-stderr rh-compact -v --now $NOW "$T/h"
	touch "$T/go"
	wait $holder
	assert_success
	assert_stderr "rh-compact: load $T/h/$(at 1)
rh-compact: clean $T/h (3 leftover temporary files)
rh-compact: write $T/h/$NEW (1 entry)
rh-compact: delete $T/h/$(at 1)"
	assert_equal "$(files "$T/h")" ".other.json.abcdef .$(at 1).ab-def .$(at 1).held99 .$(at 1).subdir .$(at 1).toolong7 .$(at 1).young1 $NEW"
}

@test "--dry-run prints the plan and changes nothing" {
	hist "$T/h" v:1 v:2 e:3 b:4
	before=$(snapshot "$T/h")
	run --separate-stderr rh-compact --dry-run --now $NOW "$T/h"
	assert_success
	assert_stderr ""
	assert_output "load $T/h/$(at 1)
write $T/h/$NEW (1 entry)
delete $T/h/$(at 4)
delete $T/h/$(at 3)
delete $T/h/$(at 2)
delete $T/h/$(at 1)"
	assert_equal "$(snapshot "$T/h")" "$before"
	# and what it says is what it then does
	plan=$output
	run --separate-stderr rh-compact -v --now $NOW "$T/h"
	assert_success
	assert_equal "$stderr" "$(sed 's/^/rh-compact: /' <<<"$plan")"
	assert_equal "$(files "$T/h")" "$NEW"
}

@test "--keep N: the new save counts first; broken and empty files between kept saves stay" {
	hist "$T/h" v:1 b:2 v:3 e:4 v:5 v:6
	run --separate-stderr rh-compact --keep 3 --now $NOW "$T/h"
	assert_success
	assert_stderr ""
	assert_equal "$(files "$T/h")" "$(at 3) $(at 2) $(at 1) $NEW"
	hist "$T/k" v:1 b:2 v:3 e:4 v:5 v:6
	rh-compact --keep 2 --now $NOW "$T/k"
	assert_equal "$(files "$T/k")" "$(at 1) $NEW"
	hist "$T/m" v:1 b:2 v:3
	rh-compact --keep 10 --now $NOW "$T/m"
	assert_equal "$(files "$T/m")" "$(at 3) $(at 2) $(at 1) $NEW"
}

@test "broken and empty files newer than the loaded save are skipped with a warning, never deleted" {
	hist "$T/h" e:1 b:2 v:3 v:4 b:5 e:6
	run --separate-stderr rh-compact --now $NOW "$T/h"
	assert_success
	assert_stderr "rh-compact: $T/h/$(at 1): warning: skipping this file: it is empty
rh-compact: $T/h/$(at 2):1:2: warning: skipping this file: not JSON as Slider's parser reads it; Slider: \"Unexpected character ('b' (code 98)): was expecting double-quote to start field name  at [Source: ...; line: 1, column: 3]\""
	assert_equal "$(files "$T/h")" "$(at 2) $(at 1) $NEW"
	# the entry of the save at 3 hours, written under the name of now
	assert_equal "$(sed -n 3p "$T/h/$NEW")" \
	    "{\"entry\":{\"$NS.NodeEntryRecord\":{\"host\":\"h3\",\"role\":0,\"active\":false,\"last_used\":$((NOWMS - 3 * H))}}}"
}

@test "clocks going backwards: a save named later than --now is loaded, kept and warned about" {
	hist "$T/h" v:-2 b:-1 v:3 e:4
	run --separate-stderr rh-compact -v --now $NOW "$T/h"
	assert_success
	assert_stderr "rh-compact: load $T/h/$(at -2)
rh-compact: $T/h/$(at -2): warning: this save is named later than --now: the new save '$NEW' sorts before it, Slider will load this one (the clock went backwards?)
rh-compact: write $T/h/$NEW (1 entry)
rh-compact: delete $T/h/$(at 4)
rh-compact: delete $T/h/$(at 3)"
	assert_equal "$(files "$T/h")" "$NEW $(at -1) $(at -2)"
	# a broken file later than now, the loaded one before now: kept too
	hist "$T/k" b:-1 v:3 v:4
	run --separate-stderr rh-compact -q --now $NOW "$T/k"
	assert_success
	assert_stderr ""
	assert_equal "$(files "$T/k")" "$NEW $(at -1)"
}

@test "the same --now twice: the new save replaces itself, the second run changes no byte" {
	hist "$T/h" v:1 v:2
	rh-compact --now $NOW "$T/h"
	cp "$T/h/$NEW" "$T/first"
	run --separate-stderr rh-compact -v --now $NOW "$T/h"
	assert_success
	assert_stderr "rh-compact: load $T/h/$NEW
rh-compact: write $T/h/$NEW (1 entry)"
	assert_equal "$(files "$T/h")" "$NEW"
	cmp "$T/first" "$T/h/$NEW"
}

@test "a file of the new save's name that was not loaded: 75, nothing changes" {
	hist "$T/h" v:1 v:2 e:0
	before=$(snapshot "$T/h")
	run --separate-stderr rh-compact --now $NOW "$T/h"
	assert_failure "$EXIT_TEMPFAIL"
	assert_stderr "rh-compact: $T/h/$NEW: warning: skipping this file: it is empty
rh-compact: $T/h/$NEW: a save of this very time exists and is not the one loaded: left alone, try again later"
	assert_equal "$(snapshot "$T/h")" "$before"
	# not a regular file: 73
	hist "$T/k" v:1
	mkdir "$T/k/$NEW"
	run --separate-stderr rh-compact --now $NOW "$T/k"
	assert_failure "$EXIT_CANTCREAT"
	assert_stderr "rh-compact: $T/k/$NEW: cannot create the new save: a file of that name is in the way"
	assert_equal "$(files "$T/k")" "$(at 1) $NEW"
}

@test "nothing loadable: a warning, status 0, nothing changes" {
	hist "$T/h" e:1 b:2
	echo other >"$T/h/notes.txt"
	before=$(snapshot "$T/h")
	run --separate-stderr rh-compact --now $NOW "$T/h"
	assert_success
	assert_output ""
	assert_stderr "rh-compact: $T/h/$(at 1): warning: skipping this file: it is empty
rh-compact: $T/h/$(at 2):1:2: warning: skipping this file: not JSON as Slider's parser reads it; Slider: \"Unexpected character ('b' (code 98)): was expecting double-quote to start field name  at [Source: ...; line: 1, column: 3]\"
rh-compact: $T/h: warning: no loadable history: nothing to compact, nothing changed"
	assert_equal "$(snapshot "$T/h")" "$before"
	mkdir "$T/empty"
	run --separate-stderr rh-compact -q --now $NOW "$T/empty"
	assert_success
	assert_stderr ""
	assert_equal "$(files "$T/empty")" ""
	run --separate-stderr rh-compact --now $NOW "$T/none"
	assert_failure "$EXIT_NOINPUT"
}

@test "a held lock (flock DIR): 75 and nothing changes; --wait waits for it" {
	hist "$T/h" v:1 v:2
	before=$(snapshot "$T/h")
	# hold the lock until told to let go
	flock "$T/h" sh -c "$HOLD" _ "$T" 3>&- &
	local holder=$!
	wait_file "$T/held"
	run --separate-stderr rh-compact --now $NOW "$T/h"
	assert_failure "$EXIT_TEMPFAIL"
	assert_stderr "rh-compact: $T/h: history directory is locked by another process (--wait waits for it)"
	assert_equal "$(snapshot "$T/h")" "$before"
	rh-compact --wait --now $NOW "$T/h" 2>"$T/err" 3>&- &
	local waiter=$!
	sleep 0.5
	kill -0 $waiter
	assert_equal "$(snapshot "$T/h")" "$before"
	touch "$T/go"
	wait $holder
	wait $waiter
	assert_equal "$(cat "$T/err")" ""
	assert_equal "$(files "$T/h")" "$NEW"
}

@test "readers lock the directory shared: they wait for flock DIR and the job, not for flock -s" {
	hist "$T/h" v:1 v:2
	want=$(rh-load --now $NOW "$T/h/$(at 1)")
	flock "$T/h" sh -c "$HOLD" _ "$T" 3>&- &
	local holder=$!
	wait_file "$T/held"
	rh-load --now $NOW "$T/h" >"$T/out" 2>"$T/err" 3>&- &
	local reader=$!
	sleep 0.5
	kill -0 $reader
	assert_equal "$(cat "$T/out")" ""
	touch "$T/go"
	wait $holder
	wait $reader
	assert_equal "$(cat "$T/err")" ""
	assert_equal "$(cat "$T/out")" "$want"
	# a shared lock held: readers go on, the job is 75
	run -0 flock -s "$T/h" rh-load --now $NOW "$T/h"
	assert_output "$want"
	run -0 flock -s "$T/h" rh-compact --now $NOW -o - "$T/h"
	run --separate-stderr flock -s "$T/h" rh-compact --now $NOW "$T/h"
	assert_failure "$EXIT_TEMPFAIL"
	assert_stderr "rh-compact: $T/h: history directory is locked by another process (--wait waits for it)"
}

# race SECS DIR WRITER...: every reader, in turn, reads DIR for SECS
# seconds while WRITER runs in a loop; each run must print a save with
# its one entry, or fail with 75 (the files kept changing) without
# output. Prints the runs, the failures and the 75s to $T/race.
race() {
	local secs=$1 d=$2 end runs=0 bad=0 busy=0 out rc i=0
	shift 2
	local readers=("rh-load --max-age 0 $d" "rh-request -r 0 -n 0 $d"
	    "rh-release -r 0 -n 0 $d" "rh-compact --max-age 0 -o - $d")
	end=$((SECONDS + secs))
	(while [ $SECONDS -lt $end ]; do "$@"; done) 3>&- &
	local writer=$!
	while [ $SECONDS -lt $end ]; do
		rc=0
		out=$(${readers[i]} 2>>"$T/errs") || rc=$?
		if [[ $rc -eq $EXIT_TEMPFAIL && -z $out ]]; then
			busy=$((busy + 1))
		elif [[ $rc -ne 0 || $out != *'"host":"h1"'* ]]; then
			bad=$((bad + 1))
			echo "status $rc from ${readers[i]}" >>"$T/errs"
		fi
		runs=$((runs + 1)) i=$(((i + 1) % 4))
	done
	wait $writer
	echo "$runs runs, $bad without the save ($busy busy)" >"$T/race"
}

# junk DIR: 3000 other files, so that a listing takes long enough to race.
junk() {
	(cd "$1" && seq -f 'other-%g' 3000 | xargs touch)
}

@test "readers racing the job in a loop always get the save, never an empty history" {
	mkdir "$T/h"
	save $((NOWMS - H)) "h1 0 false $((NOWMS - H))" >"$T/h/$(at 1)"
	junk "$T/h"
	# a new name each run (the clock's --now): rename, then delete the old
	race 5 "$T/h" rh-compact -q --wait --max-age 0 "$T/h"
	cat "$T/race" >&3
	assert_equal "$(cat "$T/errs")" ""
	assert_equal "$(sed 's/.*runs, //' "$T/race")" "0 without the save (0 busy)"
}

@test "readers racing an application that saves and purges unlocked get a save" {
	mkdir "$T/h"
	save $((NOWMS - H)) "h1 0 false $((NOWMS - H))" >"$T/save"
	cp "$T/save" "$T/h/$(name 1)"
	junk "$T/h"
	# as Slider: a new save under a new name, then the older one deleted
	app() {
		perl -e '($d, $save, $secs) = @ARGV; $end = time + $secs;
			open(S, "<", $save) or die; local $/; $s = <S>;
			for ($n = 1; time < $end; $n++) {
				open(F, ">", "$d/.new") or die; print F $s; close F;
				rename("$d/.new", sprintf("%s/rolehistory-%016x.json",
				    $d, $n + 1)) or die;
				unlink(sprintf("%s/rolehistory-%016x.json", $d, $n));
			}' "$T/h" "$T/save" 1
	}
	race 3 "$T/h" app
	cat "$T/race" >&3
	assert_equal "$(grep -v 'kept changing' "$T/errs" || :)" ""
	assert_equal "$(sed 's/.*runs, \([0-9]*\) .*/\1/' "$T/race")" 0
}

@test "an unwritable directory: 73, nothing changes" {
	hist "$T/h" v:1 v:2
	chmod 555 "$T/h"
	before=$(snapshot "$T/h")
	local as=()
	if [ "$(id -u)" -eq 0 ]; then
		# root writes anyway: run as nobody, if nobody can reach the tool
		command -v setpriv >/dev/null || skip "root, and no setpriv to drop privileges"
		as=(setpriv --reuid=65534 --regid=65534 --clear-groups)
		"${as[@]}" rh-compact --version >/dev/null 2>&1 ||
			skip "root, and nobody cannot run the tool from this build tree"
		local p=$T
		while [ "$p" != / ]; do
			[ -x "$p" ] && "${as[@]}" test -x "$p" || chmod o+x "$p"
			p=$(dirname "$p")
		done
	fi
	run --separate-stderr "${as[@]}" rh-compact --now $NOW "$T/h"
	assert_failure "$EXIT_CANTCREAT"
	assert_stderr "rh-compact: cannot create '$T/h/$NEW': Permission denied"
	assert_equal "$(snapshot "$T/h")" "$before"
	# -o into a directory nobody can write, root included
	run --separate-stderr rh-compact --now $NOW -o /proc/rh-compact.json "$T/h"
	assert_failure "$EXIT_CANTCREAT"
	assert_stderr_partial "rh-compact: cannot create '/proc/rh-compact.json': "
}

# --- failures while writing ---

@test "-o /dev/full is 74" {
	run --separate-stderr rh-compact --now $NOW -o /dev/full "$CDATA/dups.json"
	assert_failure "$EXIT_IOERR"
	assert_stderr "rh-compact: cannot write '/dev/full': No space left on device"
	run --separate-stderr bash -c 'rh-compact --now "$1" "$2" >/dev/full' _ $NOW "$CDATA/dups.json"
	assert_failure "$EXIT_IOERR"
	assert_stderr "rh-compact: write error: No space left on device"
	run --separate-stderr bash -c 'rh-compact -n --now "$1" "$2" >/dev/full' _ $NOW "$EXAMPLES/history"
	assert_failure "$EXIT_IOERR"
}

# big HOSTS FILE: a save of HOSTS hosts x 4 roles, all recent.
big() {
	awk -v ns=$NS -v t=$((NOWMS - H)) -v n="$1" 'BEGIN {
		printf "{\"entry\":{\"%s.RoleHistoryHeader\":{\"version\":1,\"saved\":%s,\"savedx\":\"x\",\"savedate\":\"d\",\"roles\":4}}}\n", ns, t
		for (i = 0; i < n; i++) for (r = 0; r < 4; r++)
			printf "{\"entry\":{\"%s.NodeEntryRecord\":{\"host\":\"host%05d.example.com\",\"role\":%d,\"active\":false,\"last_used\":%s}}}\n", ns, i, r, t
		printf "{\"entry\":{\"%s.RoleHistoryFooter\":{\"count\":%d}}}", ns, n * 4
	}' >"$2"
}

@test "a file size limit hit mid-write (ulimit -f) is 74; -i and the directory stay intact" {
	T=$T/w
	mkdir "$T"
	big 2000 "$T/f.json"
	cp "$T/f.json" "$T/orig"
	[ "$(stat -c %s "$T/f.json")" -gt 400000 ]
	run --separate-stderr bash -c 'ulimit -f 128 && rh-compact -i --now "$1" "$2"' _ $NOW "$T/f.json"
	assert_failure "$EXIT_IOERR"
	assert_stderr "rh-compact: cannot write '$T/f.json': File too large"
	cmp "$T/orig" "$T/f.json"
	assert_equal "$(files "$T")" "f.json orig"
	mkdir "$T/h"
	cp "$T/f.json" "$T/h/$(at 1)"
	hist "$T/h" v:2
	before=$(snapshot "$T/h")
	run --separate-stderr bash -c 'ulimit -f 128 && rh-compact --now "$1" "$2"' _ $NOW "$T/h"
	assert_failure "$EXIT_IOERR"
	assert_stderr "rh-compact: cannot write '$T/h/$NEW': File too large"
	assert_equal "$(snapshot "$T/h")" "$before"
}

# shim: SO = LD_PRELOAD for tests/inject's shim, sanitizer runtime first.
shim() {
	local so=$TOP_BUILDDIR/tests/inject/libinject.so asan
	# the valgrind wrappers set LD_PRELOAD themselves
	[ -z "${PK_VALGRIND:-}" ] || skip "not under valgrind"
	[ -e "$so" ] || skip "tests/inject/libinject.so is not built"
	if grep -q '^SAN_CFLAGS = .*-fsanitize' "$TOP_BUILDDIR/Makefile"; then
		asan=$(ldd "$TOP_BUILDDIR/cmd/rh-compact" | awk '/libasan/ { print $3 }')
		[ -z "$asan" ] || so="$asan $so"
	fi
	SO=$so
}

@test "a deletion that fails is 74 after the new save is durable; the rest is deleted" {
	shim
	hist "$T/h" v:1 v:2 v:3
	run --separate-stderr env LD_PRELOAD="$SO" INJECT_FN=unlink \
	    INJECT_PATH="*/$(at 2)" rh-compact -v --now $NOW "$T/h"
	assert_failure "$EXIT_IOERR"
	assert_stderr "rh-compact: load $T/h/$(at 1)
rh-compact: write $T/h/$NEW (1 entry)
rh-compact: delete $T/h/$(at 3)
rh-compact: $T/h/$(at 2): cannot delete: Input/output error
rh-compact: delete $T/h/$(at 1)"
	assert_equal "$(files "$T/h")" "$(at 2) $NEW"
	# the next run finishes the job
	run --separate-stderr rh-compact --now $NOW "$T/h"
	assert_success
	assert_equal "$(files "$T/h")" "$NEW"
}

@test "a read error in the directory stops the job: 74, nothing changes" {
	shim
	hist "$T/h" v:1 v:2
	before=$(snapshot "$T/h")
	run --separate-stderr env LD_PRELOAD="$SO" INJECT_FN=read \
	    INJECT_PATH="*/$(at 1)" rh-compact --now $NOW "$T/h"
	assert_failure "$EXIT_IOERR"
	assert_stderr "rh-compact: $T/h/$(at 1): warning: skipping this file: read error: Input/output error
rh-compact: $T/h/$(at 1): a file that cannot be read is not a broken one: stopping, nothing was changed"
	assert_equal "$(snapshot "$T/h")" "$before"
	# in a file --keep looks at
	run --separate-stderr env LD_PRELOAD="$SO" INJECT_FN=read \
	    INJECT_PATH="*/$(at 2)" rh-compact --keep 3 --now $NOW "$T/h"
	assert_failure "$EXIT_IOERR"
	assert_stderr "rh-compact: $T/h/$(at 2): cannot read this file: nothing was changed"
	assert_equal "$(snapshot "$T/h")" "$before"
}

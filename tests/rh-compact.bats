#!/usr/bin/env bats
# rh-compact.bats - rh-compact where a transcript cannot do: owners and
# other users, the directory lock and its holders, races, unwritable
# directories, file size limits, injected failures. The cases that are a
# command and what it prints are in tests/cases/rh-compact.t.

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

# --- owners ---

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
	as_nobody rh-compact
	# a directory the other user can reach (the test's own is private)
	T=$(mktemp -d /tmp/rh-compact-owner.XXXXXX)
	SHARED=$T
	chmod 777 "$T"
	cp "$CDATA/dups.json" "$T/f.json"
	chown "$(id -u nobody):0" "$T/f.json"
	chmod 640 "$T/f.json"
	run --separate-stderr "${AS_NOBODY[@]}" rh-compact --now $NOW -i "$T/f.json"
	[[ $status -eq 0 ]] || fail "status $status: $stderr"
	assert_stderr_partial "rh-compact: warning: '$T/f.json' cannot keep its owner and group ($(id -u nobody):0)"
	assert_equal "$(stat -c '%u %a' "$T/f.json")" "$(id -u nobody) 640"
	assert_equal "$(cat "$T/f.json")" "$(cat "$CDATA/dups.want")"
}

# --- directory mode ---

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
	long_test
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
	long_test
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
		# root writes anyway: run as nobody, who must reach $T/h
		as_nobody rh-compact
		as=("${AS_NOBODY[@]}")
		local p=$T
		while [ "$p" != / ]; do
			"${as[@]}" test -x "$p" || chmod o+x "$p"
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

#!/usr/bin/env bats
# inject.bats - failure injection (tests/inject/inject.c, an LD_PRELOAD
# shim): failing and short writes, a full disk, fsync, close and rename
# failures, read errors, allocation failure, a file size limit. Every tool
# must report the error with the right exit status, and whatever it was
# writing (-o FILE, -i FILE, a history directory) must be left exactly as
# it was.
#
# The tools are a table: one row_NAME function per way a tool writes a
# file, called with the target and with $PRE (the injection) in front of
# the tool. A row whose plain run fails is a tool not built yet: it is
# named on the TAP stream and left out. Add a row when a tool gains an
# output.

load test_helper

NOW=2026-11-22T10:00:00Z
PATH="$TOP_BUILDDIR/tests/inject:$PATH"

# inject VAR=VALUE...: the next row runs with the shim and these settings,
# exported by pre in the subshell of 'run', which then becomes the tool
# (no env process): call a row after inject only through 'run'.
inject() {
	INJ=(LD_PRELOAD="$PRELOAD" "$@")
	PRE=(pre)
}
pre() {
	export "${INJ[@]}"
	exec "$@"
}

# The rows. $1 is the file or directory written; prep_NAME (if defined)
# puts its previous content there, otherwise it holds "previous".
row_pk_echo() { "${PRE[@]}" pk-echo -o "$1" "$IN"; }
row_placectl_place() {
	"${PRE[@]}" placectl place -c "$EXAMPLES/queues.yaml" -o "$1" "$EXAMPLES/apps.ndjson"
}
row_placectl_explain() {
	"${PRE[@]}" placectl explain -c "$EXAMPLES/queues.yaml" -o "$1" "$EXAMPLES/apps.ndjson"
}
row_rh_load() {
	"${PRE[@]}" rh-load -R "$EXAMPLES/resources.json" --now $NOW \
		--events "$EXAMPLES/events.ndjson" -o "$1" "$EXAMPLES/history"
}
row_rh_request() {
	"${PRE[@]}" rh-request -r regionserver -n 2 --now $NOW -o "$1" "$STATE"
}
row_rh_release() {
	"${PRE[@]}" rh-release -r regionserver -n 1 --now $NOW -o "$1" "$STATE"
}
row_rh_compact() { "${PRE[@]}" rh-compact --now $NOW -o "$1" "$EXAMPLES/history"; }
row_rh_compact_i() { "${PRE[@]}" rh-compact --now $NOW -i "$1"; }
prep_rh_compact_i() { cp_fixture "$EXAMPLES/history/$(ls "$EXAMPLES/history" | tail -1)" "$1"; }
row_rh_compact_dir() { "${PRE[@]}" rh-compact --now $NOW "$1"; }
prep_rh_compact_dir() { cp_fixture "$EXAMPLES/history" "$1"; }

# 'make check-long' runs every row; 'make check' one per way of writing
# a file: the base library's atomic file (pk_echo), a tool's -o through
# its output (placectl_place, rh_load), rewriting in place
# (rh_compact_i) and a history directory (rh_compact_dir).
if [[ -n ${PK_LONG:-} ]]; then
	ROWS="pk_echo placectl_place placectl_explain rh_load rh_request
rh_release rh_compact rh_compact_i rh_compact_dir"
else
	ROWS="pk_echo placectl_place rh_load rh_compact_i rh_compact_dir"
fi

prep() {
	if declare -F "prep_$1" >/dev/null; then
		"prep_$1" "$2"
	else
		echo previous >"$2"
	fi
}

setup_file() {
	local so=$TOP_BUILDDIR/tests/inject/libinject.so asan r out

	[[ -z ${PK_VALGRIND:-} ]] || return 0
	# A sanitizer runtime must come first, and replaces malloc itself.
	export SANITIZED=
	if grep -q '^SAN_CFLAGS = .*-fsanitize' "$TOP_BUILDDIR/Makefile"; then
		SANITIZED=1
		asan=$(ldd "$TOP_BUILDDIR/tests/inject/pk-echo" |
			awk '/libasan/ { print $3 }')
		[[ -z $asan ]] || so="$asan $so"
	fi
	export PRELOAD=$so
	# pk-echo's input: 3000 lines, about 200 KiB, so writes come in pieces
	export IN=$BATS_FILE_TMPDIR/in.ndjson
	awk 'BEGIN { for (i = 0; i < 3000; i++)
		printf "{\"host\":\"host%05d.example.com\",\"role\":%d,\"active\":true,\"last_used\":1795330000000,\"pad\":\"%s\"}\n",
		    i, i % 7, "................................................" }' >"$IN"
	# a state stream for rh-request and rh-release, when rh-load works
	export STATE=$BATS_FILE_TMPDIR/state.ndjson
	rh-load -R "$EXAMPLES/resources.json" --now $NOW "$EXAMPLES/history" \
		>"$STATE" 2>/dev/null || : >"$STATE"
	# the rows that work today, each with its plain result in want.ROW
	PRE=()
	export WORKING=
	for r in $ROWS; do
		out=$BATS_FILE_TMPDIR/plain.$r/out
		mkdir -p "${out%/*}"
		prep "$r" "$out"
		if "row_$r" "$out" >/dev/null 2>&1; then
			WORKING="$WORKING $r"
			cp -R "$out" "$BATS_FILE_TMPDIR/want.$r"
		else
			echo "# inject.bats: row $r left out: its plain run fails" >&3
		fi
	done
}

setup() {
	# valgrind puts its own malloc first; the failure paths are checked
	# in the plain and the sanitizer builds
	[[ -z ${PK_VALGRIND:-} ]] || skip "not under valgrind"
	PRE=()
	NRUN=0
	[[ -n $WORKING ]] || fail "no row works"
}

# The temporary files of atomicfile.c: .NAME.XXXXXX
TMPNAME='(^|/)\.[^/]+\.[A-Za-z0-9]{6}$'

# snapshot PATH: everything about PATH and its directory that must not
# change: names (a leftover temporary file shows), sizes and contents.
snapshot() {
	find "${1%/*}" -type d -printf 'dir %P\n' -o -exec cksum {} + | sort
}

# expect_intact ROW STATUS MESSAGE VAR=VALUE...: inject, run the row, and
# check the status, that stderr has MESSAGE and the target is as it was.
expect_intact() {
	local r=$1 want=$2 msg=$3 out before
	shift 3
	out=$BATS_TEST_TMPDIR/run.$((++NRUN))/out
	mkdir "${out%/*}"
	prep "$r" "$out"
	before=$(snapshot "$out")
	inject "$@"
	run --separate-stderr "row_$r" "$out"
	PRE=()
	[[ $status -eq $want ]] ||
		fail "row $r with $*: status $status, not $want; stderr: $stderr"
	[[ $stderr == *"$msg"* ]] ||
		fail "row $r with $*: stderr lacks '$msg': $stderr"
	assert_equal "$(snapshot "$out")" "$before"
}

# expect_same ROW VAR=VALUE...: the injection does no harm: the row
# succeeds and writes what its plain run wrote.
expect_same() {
	local r=$1 out
	shift
	out=$BATS_TEST_TMPDIR/run.$((++NRUN))/out
	mkdir "${out%/*}"
	prep "$r" "$out"
	inject "$@"
	run --separate-stderr "row_$r" "$out"
	PRE=()
	[[ $status -eq 0 ]] || fail "row $r with $*: status $status; stderr: $stderr"
	diff -r "$BATS_FILE_TMPDIR/want.$r" "$out" ||
		fail "row $r with $*: the output differs from the plain run"
}

@test "the shim is loaded and does nothing unless asked" {
	inject INJECT_FN=
	run --separate-stderr "${PRE[@]}" pk-echo "$IN"
	assert_success
	assert_equal "$output" "$(cat "$IN")"
	inject INJECT_FN=write INJECT_FD=1 INJECT_LOG=1
	run --separate-stderr "${PRE[@]}" pk-echo "$IN"
	assert_failure "$EXIT_IOERR"
	assert_stderr_partial "inject: write(1"
}

@test "a full disk (ENOSPC) leaves the previous file as it was" {
	for r in $WORKING; do
		expect_intact "$r" "$EXIT_IOERR" "No space left on device" \
			INJECT_FN=write INJECT_ERRNO=ENOSPC INJECT_PATH='*/.*'
	done
}

@test "a write failing mid-file leaves the previous file as it was" {
	for n in 1 2 3; do
		expect_intact pk_echo "$EXIT_IOERR" "Input/output error" \
			INJECT_FN=write INJECT_AFTER=$n INJECT_PATH='*/.out.*'
	done
}

@test "fsync, close and rename failures leave the previous file as it was" {
	for r in $WORKING; do
		expect_intact "$r" "$EXIT_IOERR" "cannot sync" \
			INJECT_FN=fsync INJECT_PATH='*/.*'
		expect_intact "$r" "$EXIT_IOERR" "Input/output error" \
			INJECT_FN=close INJECT_PATH='*/.*'
		expect_intact "$r" "$EXIT_IOERR" "cannot rename" \
			INJECT_FN=rename INJECT_ERRNO=EXDEV
	done
}

# Writes of at most 7 bytes and reads of 3 in 'make check-long'; of 61
# and 29 in 'make check', where pk-echo's 200 KiB take fewer calls.
@test "short writes and reads, and EINTR, change nothing in the output" {
	local w=61 rd=29
	[[ -z ${PK_LONG:-} ]] || w=7 rd=3
	for r in $WORKING; do
		expect_same "$r" INJECT_FN=write INJECT_SHORT=$w
		expect_same "$r" INJECT_FN=read INJECT_SHORT=$rd
		expect_same "$r" INJECT_FN=write INJECT_ERRNO=EINTR INJECT_TIMES=3
		expect_same "$r" INJECT_FN=read INJECT_ERRNO=EINTR INJECT_TIMES=3
	done
}

@test "a read error is an I/O error" {
	for r in $WORKING; do
		expect_intact "$r" "$EXIT_IOERR" "read error: Input/output error" \
			INJECT_FN=read
	done
	expect_intact pk_echo "$EXIT_IOERR" "in.ndjson: read error: Input/output error" \
		INJECT_FN=read INJECT_AFTER=2 INJECT_PATH='*/in.ndjson'
}

# json-c 0.16 itself crashes when some of its allocations fail (a NULL
# key from strdup goes on to strlen), so allocations json-c makes are
# spared; its failures that come back to us are covered by ndjson.c's
# ENOMEM check. 'make check' fails a few allocations of each row, from
# the first one on, each four times further; 'make check-long' walks all
# of them, every one at first, then more sparsely (one in 17 at 256).
@test "allocation failure anywhere is 'out of memory', status 71, nothing written" {
	[[ -z $SANITIZED ]] || skip "a sanitizer runtime replaces malloc"
	for r in $WORKING; do
		local n=0 runs=0
		# fail allocation n, for growing n, until a run makes no more
		# than n; a run that survives a failed allocation must succeed
		# with the full output
		while :; do
			local out=$BATS_TEST_TMPDIR/run.$((++NRUN))/out before
			mkdir "${out%/*}"
			prep "$r" "$out"
			before=$(snapshot "$out")
			inject INJECT_FN=malloc INJECT_AFTER=$n INJECT_TIMES=1 \
				INJECT_SPARE=libjson-c INJECT_LOG=1
			run --separate-stderr "row_$r" "$out"
			PRE=()
			[[ $stderr == *"inject: "* ]] || break
			if [[ $status -eq 0 ]]; then
				diff -r "$BATS_FILE_TMPDIR/want.$r" "$out" ||
					fail "row $r, allocation $n failing: success, but the output differs"
			else
				[[ $status -eq $EXIT_OSERR && $stderr == *": out of memory" ]] ||
					fail "row $r, allocation $n failing: status $status, stderr: $stderr
(an ENOMEM from the C library, as from opendir, fopen or realpath, must
end in xoom(): status 71)"
				# exit(71) leaves the temporary file, never the target
				assert_equal "$(snapshot "$out" | grep -Ev "$TMPNAME")" \
					"$(grep -Ev "$TMPNAME" <<<"$before")"
			fi
			if [[ -n ${PK_LONG:-} ]]; then
				n=$((n + 1 + n / 16))
			else
				n=$((4 * n + 1))
			fi
			runs=$((runs + 1))
		done
		assert_success
		diff -r "$BATS_FILE_TMPDIR/want.$r" "$out" ||
			fail "row $r: the output differs from the plain run"
		echo "# inject.bats: row $r: $runs of $n allocations failed in turn" >&3
	done
}

@test "stdout: a failing write, /dev/full and a closed pipe" {
	inject INJECT_FN=write INJECT_FD=1
	run --separate-stderr "${PRE[@]}" pk-echo "$IN"
	assert_failure "$EXIT_IOERR"
	assert_stderr "pk-echo: write error: Input/output error"
	run --separate-stderr bash -c 'pk-echo "$1" >/dev/full' _ "$IN"
	assert_failure "$EXIT_IOERR"
	assert_stderr "pk-echo: write error: No space left on device"
	run --separate-stderr pk-echo -o /dev/full "$IN"
	assert_failure "$EXIT_IOERR"
	assert_stderr "pk-echo: cannot write '/dev/full': No space left on device"
	run --separate-stderr closed_pipe pk-echo "$IN"
	assert_success
	assert_equal "$stderr" ""
}

@test "a file size limit (ulimit -f) is an I/O error, not a signal" {
	local out=$BATS_TEST_TMPDIR/out
	echo previous >"$out"
	run --separate-stderr bash -c 'ulimit -f 64 && pk-echo -o "$1" "$2"' _ "$out" "$IN"
	assert_failure "$EXIT_IOERR"
	assert_stderr_partial "File too large"
	assert_equal "$(cat "$out")" previous
	assert_equal "$(ls -a "$BATS_TEST_TMPDIR" | grep -c '^\.out\.')" 0
	run --separate-stderr bash -c 'ulimit -f 64 && pk-echo "$2" >"$1"' _ "$out" "$IN"
	assert_failure "$EXIT_IOERR"
	assert_stderr "pk-echo: write error: File too large"
}

@test "a directory sync failing after the rename: written, and the message says so" {
	local d=$BATS_TEST_TMPDIR/syncdir
	mkdir -p "$d"
	echo previous >"$d/out"
	inject INJECT_FN=fsync INJECT_PATH="$d"
	run --separate-stderr row_pk_echo "$d/out"
	assert_failure "$EXIT_IOERR"
	assert_stderr_partial "'$d/out' written, but its directory could not be synced"
	cmp -s "$IN" "$d/out" || fail "the new content is not in place"
}

@test "messages name the destination as given, not the file a symlink points to" {
	local d=$BATS_TEST_TMPDIR/linkdir
	mkdir -p "$d/real"
	echo previous >"$d/real/out"
	ln -s real/out "$d/link"
	inject INJECT_FN=rename INJECT_ERRNO=EXDEV
	run --separate-stderr row_pk_echo "$d/link"
	assert_failure "$EXIT_IOERR"
	assert_stderr_partial "to '$d/link': Invalid cross-device link"
	assert_equal "$(cat "$d/real/out")" previous
}

# test_helper.bash - loaded by every bats suite: assertions, paths, helpers.
# Tools are found on PATH (the build tree's cmd/ comes first, see Makefile.am).

bats_require_minimum_version 1.5.0

# This file is read again for every test, so what it does costs once per
# test: it starts no process (a process is what a test costs most, and
# far more on some machines). pk_load LIBRARY sources the library's
# src/*.bash itself: its load.bash runs dirname once per file, fifteen
# processes per test for bats-assert and bats-support.
pk_load() {
	local dir f
	local -a dirs
	IFS=: read -ra dirs <<<"${BATS_LIB_PATH:-/usr/lib/bats}"
	for dir in "${dirs[@]}"; do
		[[ -f $dir/$1/load.bash && -d $dir/$1/src ]] || continue
		for f in "$dir/$1"/src/*.bash; do
			source "$f" || return
		done
		return 0
	done
	bats_load_library "$1"
}
pk_load bats-support
pk_load bats-assert

: "${TOP_SRCDIR:=$(cd "$BATS_TEST_DIRNAME/.." && pwd)}"
DATA="$TOP_SRCDIR/tests/data"
EXAMPLES="$TOP_SRCDIR/examples"
export LC_ALL=C

# Exit statuses, read from the one header that defines them, once per
# suite (the first reading exports them to the tests).
if [[ -z ${PK_EXITCODES:-} ]]; then
	PK_EXITCODES=$(sed -n 's/^[[:space:]]*\(EXIT_[A-Z]*\) = \([0-9]*\).*/\1=\2/p' \
		"$TOP_SRCDIR/common/base/exitcode.h")
	export PK_EXITCODES
fi
eval "$PK_EXITCODES"

# assert_stderr TEXT / assert_stderr_partial TEXT: bats-assert 2.1 has neither.
assert_stderr() {
	assert_equal "$stderr" "$1"
}
assert_stderr_partial() {
	[[ $stderr == *"$1"* ]] || fail "stderr does not contain '$1'
stderr: $stderr"
}

# cp_fixture SRC... DEST: copy fixtures (cp -R) and make the copies
# writable by their owner. Under 'make distcheck' the source tree is
# read-only and cp keeps the modes, so a plain copy could not be rewritten,
# purged or even removed by an unprivileged user (root ignores modes).
cp_fixture() {
	cp -R "$@" && chmod -R u+w "${@: -1}"
}

# Every test's and file's temporary directory is made writable again when
# it ends, passed or failed, so that bats can remove it even after a test
# took write permission away (chmod 555 DIR). A suite that defines its own
# teardown or teardown_file calls these from it.
pk_teardown() {
	[[ -z ${BATS_TEST_TMPDIR:-} ]] || chmod -R u+rwX "$BATS_TEST_TMPDIR" 2>/dev/null || :
	[[ -z ${PK_NOBODY_DIR:-} ]] || rm -rf "$PK_NOBODY_DIR"
}
pk_teardown_file() {
	[[ -z ${BATS_FILE_TMPDIR:-} ]] || chmod -R u+rwX "$BATS_FILE_TMPDIR" 2>/dev/null || :
}
teardown() { pk_teardown; }
teardown_file() { pk_teardown_file; }

# as_nobody TOOL...: for a test, run as root, that runs tools as the user
# nobody through "${AS_NOBODY[@]}" TOOL .... The tools are copied to a
# directory of their own under /tmp, first on PATH: the build tree may
# be where nobody cannot go (a checkout in root's home, mode 700). Skips,
# saying why, when this cannot be done; pk_teardown removes the copies.
# The files the tools work on must be where nobody can reach them too.
as_nobody() {
	local t uid gid
	[[ $(id -u) -eq 0 ]] || skip "needs root to run a tool as another user"
	[[ -z ${PK_VALGRIND:-} ]] || skip "the tools are valgrind's wrappers here"
	uid=$(id -u nobody 2>/dev/null) && gid=$(id -g nobody) ||
		skip "no user nobody here"
	command -v setpriv >/dev/null ||
		skip "no setpriv (util-linux) to run a tool as nobody"
	PK_NOBODY_DIR=$(mktemp -d /tmp/placekit-nobody.XXXXXX)
	chmod 755 "$PK_NOBODY_DIR"
	for t; do
		cp "$(command -v "$t")" "$PK_NOBODY_DIR/" || fail "cannot copy $t"
	done
	PATH=$PK_NOBODY_DIR:$PATH
	AS_NOBODY=(setpriv "--reuid=$uid" "--regid=$gid" --clear-groups)
	run "${AS_NOBODY[@]}" "$PK_NOBODY_DIR/$1" --version
	[[ $status -eq 0 ]] ||
		skip "nobody cannot run $PK_NOBODY_DIR/$1 (/tmp mounted noexec?): $output"
}

# closed_pipe CMD...: run CMD with stdout a pipe whose reader is gone.
closed_pipe() {
	perl -e 'pipe(R, W) or die; close R; open(STDOUT, ">&", \*W) or die;
		close W; exec @ARGV or die' -- "$@"
}

# wait_file FILE: wait (at most 10 s) until FILE exists
wait_file() {
	local i
	for i in $(seq 200); do
		[ -e "$1" ] && return 0
		sleep 0.05
	done
	fail "$1 did not appear within 10 s"
}

# wait_lines FILE N: wait (at most 10 s) until FILE has N lines
wait_lines() {
	local i
	for i in $(seq 100); do
		[ -f "$1" ] && [ "$(wc -l < "$1")" -ge "$2" ] && return 0
		sleep 0.1
	done
	fail "$1 did not get $2 lines: $(cat "$1" 2>/dev/null)"
}

# long_test: the test is a long stress or injection run. 'make check'
# skips it, saying so; 'make check-long' (PK_LONG=1) runs it.
long_test() {
	[[ -n ${PK_LONG:-} ]] || skip "a long run: 'make check-long' runs it"
}

# gen_history SEED HOSTS ROLES SAVED: a Slider save of HOSTS x ROLES
# entries (hosts node000...), saved at SAVED (ms), none in use, last uses
# spread over the week before (drawn in seconds: mawk's rand has few
# bits; printed with %.0f: its %d stops at 2^31)
gen_history() {
	awk -v seed="$1" -v hosts="$2" -v roles="$3" -v saved="$4" \
	    -v savedx="$(printf %x "$4")" '
	BEGIN {
		srand(seed)
		ns = "org.apache.slider.server.avro"
		printf "{\"entry\":{\"%s.RoleHistoryHeader\":{\"version\":1,\"saved\":%.0f,\"savedx\":\"%s\",\"savedate\":\"18 Nov 2026 11:06:40 GMT\",\"roles\":%d}}}\n", ns, saved, savedx, roles
		for (h = 0; h < hosts; h++)
			for (r = 0; r < roles; r++)
				printf "{\"entry\":{\"%s.NodeEntryRecord\":{\"host\":\"node%03d\",\"role\":%d,\"active\":false,\"last_used\":%.0f}}}\n",
				    ns, h, r, saved - int(rand() * 604800) * 1000
		printf "{\"entry\":{\"%s.RoleHistoryFooter\":{\"count\":%d}}}\n", ns, hosts * roles
	}'
}

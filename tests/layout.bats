#!/usr/bin/env bats
# layout.bats - the shape of the library holds: three folders, each
# compiled with only the headers it may see, every module with a header of
# its own, and no circle of includes. (HACKING, "The library".)

load test_helper

setup() {
	LIB=$TOP_SRCDIR/common
	# the compiler and flags the build uses (Makefile.am passes them)
	: "${PK_CC:=cc}"
}

# try_include SIDE HEADER: compile a file including HEADER with the
# include paths of SIDE (base, history or placement) only.
try_include() {
	local inc="-I$LIB/base"
	[[ $1 == base ]] || inc="$inc -I$LIB/$1"
	printf '#include "%s"\nint pk_layout_probe;\n' "$2" >"$BATS_TEST_TMPDIR/probe.c"
	# shellcheck disable=SC2086
	$PK_CC -std=c11 -fsyntax-only $PK_DEP_CFLAGS -include "$TOP_BUILDDIR/config.h" \
	    $inc "$BATS_TEST_TMPDIR/probe.c"
}

@test "a header of the other side does not compile: history cannot include placement, nor placement history" {
	run -0 try_include history rolehistory.h
	run -0 try_include placement partition.h
	run ! try_include history partition.h
	assert_output --partial "partition.h"
	run ! try_include placement rolehistory.h
	assert_output --partial "rolehistory.h"
	run ! try_include base rolehistory.h
	run ! try_include base manager.h
}

@test "every header of a folder compiles with that folder's include paths alone" {
	local side h inc probes
	for side in base history placement; do
		# a probe file per header, all compiled by one compiler run
		probes=()
		mkdir -p "$BATS_TEST_TMPDIR/$side"
		for h in "$LIB/$side"/*.h; do
			h=${h##*/}
			printf '#include "%s"\nint pk_layout_probe;\n' "$h" \
			    >"$BATS_TEST_TMPDIR/$side/${h%.h}.c"
			probes+=("$BATS_TEST_TMPDIR/$side/${h%.h}.c")
		done
		inc="-I$LIB/base"
		[[ $side == base ]] || inc="$inc -I$LIB/$side"
		# shellcheck disable=SC2086
		run $PK_CC -std=c11 -fsyntax-only $PK_DEP_CFLAGS \
		    -include "$TOP_BUILDDIR/config.h" $inc "${probes[@]}"
		[[ $status -eq 0 ]] ||
			fail "a header of $side/ does not compile on its own (probe NAME.c includes NAME.h): $output"
	done
}

@test "every .c file in common/ has a header of its own" {
	local c missing=
	for c in "$LIB"/*/*.c; do
		[[ -f ${c%.c}.h ]] || missing="$missing ${c#"$LIB"/}"
	done
	[[ -z $missing ]] || fail "no header of their own:$missing"
}

@test "no file in common/ is at the top: each is in base, history or placement" {
	run find "$LIB" -maxdepth 1 -type f -name '*.[ch]'
	assert_output ""
}

@test "no circle of includes among the library's files" {
	# edges FILE -> HEADER for every quoted include, then a depth-first
	# search for a header reachable from itself
	run awk '
	FNR == 1 { f = FILENAME; sub(/.*\//, "", f) }
	/^#include "/ { h = $2; gsub(/"/, "", h); e[f] = e[f] " " h }
	function dfs(n, path,   i, k, m) {
		if (state[n] == 1) { print "circle: " path " " n; bad = 1; return }
		if (state[n] == 2) return
		state[n] = 1
		k = split(e[n], m, " ")
		for (i = 1; i <= k; i++) dfs(m[i], path " " n)
		state[n] = 2
	}
	END { for (n in e) dfs(n, ""); exit bad }' "$LIB"/*/*.[ch]
	assert_success
	assert_output ""
}

@test "HACKING lists each folder's files bottom up: a file calls only files listed above it" {
	local objs= o src
	# the objects of today's sources (a build directory may keep one of
	# a file since removed)
	for o in "$TOP_BUILDDIR"/common/*/*.o; do
		src=${o##*/} src=${src#*-} src=${o%/*}/${src%.o}.c
		[ -f "$LIB/${src#"$TOP_BUILDDIR"/common/}" ] && objs="$objs $o"
	done
	[ -n "$objs" ] || skip "no object files in $TOP_BUILDDIR/common"
	# the order: the file names of HACKING's "base/", "history/" and
	# "placement/" sections, one indented line each
	# shellcheck disable=SC2086
	run awk '
	FNR == NR {
		if ($0 ~ /^-+$/) {	# a heading: one of the three, or another
			side = prev ~ /^(base|history|placement)\/ - / ? prev : ""
			sub(/\/.*/, "", side)
		}
		prev = $0
		if (side != "" && $0 ~ /^    [a-z]/ && $1 !~ /\.h$/) pos[side "/" $1] = ++n
		next
	}
	{
		f = $1; sub(/:$/, "", f); sub(/\.o$/, "", f); sub(/-[^\/]*$/, "", f)
		o = $1; sub(/:$/, "", o); sub(/\.o$/, "", o); sub(/.*-/, "", o)
		m = f; sub(/\/[^\/]*$/, "", m); sub(/.*\//, "", m)
		file = m "/" o
		if (!(file in pos)) { print "not in HACKING: " file; bad = 1; next }
		if ($3 == "U") use[file] = use[file] " " $2
		else if ($3 ~ /^[TDBR]$/) def[$2] = file
	}
	END {
		for (f in use) {
			k = split(use[f], s, " ")
			for (i = 1; i <= k; i++) {
				g = def[s[i]]
				if (g == "" || g == f) continue
				split(f, a, "/"); split(g, b, "/")
				if ((a[1] == b[1] || b[1] != "base") && pos[g] > pos[f]) {
					print f " calls " s[i] " of " g ", listed below it"; bad = 1
				}
			}
		}
		exit bad
	}' "$TOP_SRCDIR/HACKING" <(nm -A -P $objs)
	assert_success
	assert_output ""
}

#!/usr/bin/env bats
# readme.bats - README says what is true: every command of its examples
# runs and prints what README shows, the files it names exist, and it
# cites nothing outside the repository.
#
# README's examples are blocks indented by four spaces. In them a line
# starting with '$ ' is a command and the lines under it, up to the next
# command or the end of the block, are what it prints (stdout and stderr
# as they come). A line '...' stands for any number of lines, '...' inside
# a line for any text. The commands run in order, in one shell (so 'cd'
# and 'export' carry over), in a copy of the top of the tree: examples/
# copied, cmd/ the tools just built, and PATH without them until README
# puts them there. Each must exit with 0 (README shows a failure with
# '; echo "exit status $?"').
#
# Blocks without '$ ' are not run here: getting the tree and the two
# commands that install and test (apt-get; .ci/run runs the second), the
# list of tools, the Performance table (checked below for its format).

load test_helper
load transcript

README=$TOP_SRCDIR/README

# readme_commands DIR: split README's examples into DIR/N.cmd and
# DIR/N.want, N = 1, 2, ...; prints the number of commands.
readme_commands() {
	awk -v dir="$1" '
	function flush() {
		if (!incmd) return
		incmd = 0
		while (nw > 0 && want[nw] == "") nw--
		for (i = 1; i <= nw; i++) print want[i] > (dir "/" n ".want")
		if (nw == 0) printf "" > (dir "/" n ".want")
		close(dir "/" n ".want")
		nw = 0
	}
	/^    \$ / {
		flush()
		n++
		print substr($0, 7) > (dir "/" n ".cmd")
		close(dir "/" n ".cmd")
		incmd = 1
		next
	}
	incmd && /^    / { want[++nw] = substr($0, 5); next }
	incmd && /^$/ { want[++nw] = ""; next }
	{ flush() }
	END { flush(); print n }
	' "$README"
}

@test "README: every command of the examples runs and prints what README shows" {
	local W=$BATS_TEST_TMPDIR/top C=$BATS_TEST_TMPDIR/cmds n i bin dirs d
	local fails=0 report=
	mkdir -p "$W" "$C"
	cp_fixture "$EXAMPLES" "$W/examples"
	bin=$TOP_BUILDDIR/cmd
	[[ -z ${PK_VALGRIND:-} ]] || bin=$TOP_BUILDDIR/tests/valgrind
	ln -s "$bin" "$W/cmd"
	n=$(readme_commands "$C")
	((n >= 15)) || fail "README: only $n commands found"
	# the shell that runs them: PATH without the tools, one file per command
	dirs=
	IFS=: read -r -a parts <<<"$PATH"
	for d in "${parts[@]}"; do
		[[ $d == "$TOP_BUILDDIR/cmd" || $d == "$TOP_BUILDDIR/tests/valgrind" ]] ||
			dirs=${dirs:+$dirs:}$d
	done
	{
		echo 'cd "$1" || exit 1'
		for ((i = 1; i <= n; i++)); do
			printf '{ eval "$(cat "$2/%d.cmd")"; } >"$2/%d.got" 2>&1 </dev/null; echo $? >"$2/%d.rc"\n' \
			    "$i" "$i" "$i"
		done
	} >"$C/run.bash"
	run env PATH="$dirs" bash --noprofile --norc "$C/run.bash" "$W" "$C"
	assert_success
	for ((i = 1; i <= n; i++)); do
		mapfile -t WANT <"$C/$i.want"
		mapfile -t GOT <"$C/$i.got"
		if [[ $(cat "$C/$i.rc") != 0 ]] || ! tr_match 0 0; then
			fails=$((fails + 1))
			report+="
\$ $(cat "$C/$i.cmd")
exit status $(cat "$C/$i.rc"); README shows:
$(cat "$C/$i.want")
it prints:
$(cat "$C/$i.got")
"
		fi
	done
	((fails == 0)) || fail "README: $fails of $n commands differ:$report"
	# the tour cleans up after itself
	assert_equal "$(cd "$W/examples" && find . | LC_ALL=C sort)" \
	    "$(cd "$EXAMPLES" && find . | LC_ALL=C sort)"
}

@test "README: the matcher takes '...' for lines and for text, nothing else" {
	WANT=(a ... d) GOT=(a b c d)
	tr_match 0 0
	GOT=(a d)
	tr_match 0 0
	GOT=(a b c)
	run -1 tr_match 0 0
	WANT=('{"x":1,...,"z":3}') GOT=('{"x":1,"y":2,"z":3}')
	tr_match 0 0
	GOT=('{"x":1,"y":2,"z":4}')
	run -1 tr_match 0 0
	WANT=('a*[b]?') GOT=('a*[b]?')
	tr_match 0 0
	GOT=('aX[b]?')
	run -1 tr_match 0 0
	WANT=(a) GOT=(a b)
	run -1 tr_match 0 0
}

@test "README: the files it names under examples/ exist" {
	local f n=0
	for f in $(grep -o 'examples/[A-Za-z0-9._/-]*[A-Za-z0-9_]' "$README" | sort -u); do
		[[ -e $TOP_SRCDIR/$f ]] || fail "README names $f, which does not exist"
		n=$((n + 1))
	done
	((n >= 3))
	[[ -f $TOP_SRCDIR/LICENSE ]]
	grep -q 'Apache License' "$TOP_SRCDIR/LICENSE"
}

@test "README, HACKING, examples and the tests cite nothing outside the repository" {
	local f files=("$README" "$TOP_SRCDIR/HACKING" "$TOP_SRCDIR/tests/test_helper.bash"
	    "$TOP_SRCDIR/tests/transcript.sh" "$TOP_SRCDIR/tests/transcript.bash")
	for f in "$TOP_SRCDIR"/tests/*.bats "$TOP_SRCDIR"/tests/cases/*.t \
	    "$TOP_SRCDIR"/examples/*; do
		# this file names what it looks for
		[[ -f $f && $f != */readme.bats ]] && files+=("$f")
	done
	run -1 grep -n -E '\.\./shared|SPEC|§|research/' "${files[@]}"
	assert_output ""
}

@test "README: the Performance table has the columns 'make bench' prints" {
	local want got
	want=$(awk -v apps=1 -v small=1 -v hosts=100 -v roles=1 -v jobs=1 \
	    -v many=1 -f "$TOP_SRCDIR/bench/report.awk" /dev/null | head -n 1)
	got=$(awk '/^Performance$/ { p = 1 } p && /^    tool / { sub(/^    /, ""); print; exit }' "$README")
	[[ -n $got ]] || fail "README: no table under Performance"
	# the whole header, or the header without its last columns
	[[ $want == "$got"* ]] || fail "README's table header: '$got'
make bench prints: '$want'"
}

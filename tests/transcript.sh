#!/bin/bash
# transcript.sh [--record] FILE.t - run a transcript of commands and
# compare what each prints with what the file shows; TAP on stdout, a
# test a command. 'make check' runs every tests/cases/*.t this way
# (T_LOG_COMPILER). With --record, print the file with what each command
# printed in place of what it shows, to read through before keeping it.
#
# The format (HACKING, Tests): a line '  $ COMMAND' (two spaces) is a
# command, '  > MORE' continues it; the lines under it indented by two
# spaces are what it prints, standard output and error as they come (a
# blank line inside is part of it; trailing ones, shown or printed, are
# not), and a last line '  [N]' its exit status when not 0. '...' stands
# for any lines or any text (tests/transcript.bash). Any other line is a
# comment.
#
# The commands run in order in one bash (cd and variables carry over),
# in an empty temporary directory, standard input /dev/null, with the
# tools on PATH and DATA (tests/data), EXAMPLES, TOP_SRCDIR, TOP_BUILDDIR
# and the EXIT_* statuses set; cp_fixture copies fixtures writable. The
# directory is removed at the end, whatever the commands did to it.

set -u
: "${TOP_SRCDIR:=$(cd "$(dirname "$0")/.." && pwd)}"
record=
[[ $1 != --record ]] || { record=1; shift; }
file=$1
export LC_ALL=C DATA=$TOP_SRCDIR/tests/data EXAMPLES=$TOP_SRCDIR/examples \
	TOP_SRCDIR
# shellcheck source=tests/transcript.bash
. "$TOP_SRCDIR/tests/transcript.bash" || exit 99

tmp=$(mktemp -d "${TMPDIR:-/tmp}/transcript.XXXXXX") || exit 99
trap 'chmod -R u+rwX "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT
C=$tmp/cmds
mkdir "$C" "$tmp/work" || exit 99

# The file split into C/N.cmd, C/N.want, C/N.status and C/N.line; the
# number of commands on stdout.
n=$(awk -v dir="$C" '
function flush(  i, st) {
	if (!incmd)
		return
	while (nw > 0 && want[nw] == "")
		nw--
	st = 0
	if (nw > 0 && want[nw] ~ /^\[[0-9]+\]$/) {
		st = substr(want[nw], 2, length(want[nw]) - 2)
		nw--
	}
	printf "" > (dir "/" n ".want")
	for (i = 1; i <= nw; i++)
		print want[i] > (dir "/" n ".want")
	close(dir "/" n ".want")
	print st > (dir "/" n ".status"); close(dir "/" n ".status")
	print line > (dir "/" n ".line"); close(dir "/" n ".line")
	close(dir "/" n ".cmd")
	incmd = 0
	nw = 0
}
/^  \$ / { flush(); n++; line = FNR; incmd = 1
	print substr($0, 5) > (dir "/" n ".cmd"); next }
incmd && /^  > / && nw == 0 { print substr($0, 5) > (dir "/" n ".cmd"); next }
incmd && /^  / { want[++nw] = substr($0, 3); next }
incmd && /^$/ { want[++nw] = ""; next }
{ flush() }
END { flush(); print n + 0 }
' "$file") || exit 99
if [[ $n -eq 0 ]]; then
	echo "1..0 # SKIP $file: no command"
	exit 0
fi

# The shell that runs them, one line a command.
{
	cat <<-'EOF'
	cd "$1" || exit 1
	C=$2
	cp_fixture() { cp -R "$@" && chmod -R u+w "${@: -1}"; }
	EOF
	sed -n 's/^[[:space:]]*\(EXIT_[A-Z]*\) = \([0-9]*\).*/\1=\2/p' \
	    "$TOP_SRCDIR/common/base/exitcode.h"
	for ((i = 1; i <= n; i++)); do
		printf '{ eval "$(<"$C/%d.cmd")"; } >"$C/%d.got" 2>&1 </dev/null; echo $? >"$C/%d.rc"\n' \
		    "$i" "$i" "$i"
	done
} >"$C/run.bash"
bash --noprofile --norc "$C/run.bash" "$tmp/work" "$C" </dev/null

if [[ -n $record ]]; then
	awk -v dir="$C" '
	function put(  f, line, blank) {
		f = dir "/" n ".got"
		blank = 0
		while ((getline line < f) > 0)
			if (line == "")
				blank++
			else {
				for (; blank > 0; blank--)
					print "  "
				print "  " line
			}
		close(f)
		f = dir "/" n ".rc"
		if ((getline line < f) > 0 && line != "0")
			print "  [" line "]"
		close(f)
	}
	/^  \$ / { if (incmd) put(); n++; incmd = 1; out = 0; print; next }
	incmd && /^  > / && !out { print; next }
	incmd && (/^  / || /^$/) { out = 1; if (/^$/) blanks = blanks "\n"; next }
	{ if (incmd) { put(); printf "%s", blanks }; incmd = 0; blanks = ""; print }
	END { if (incmd) { put(); printf "%s", blanks } }' "$file"
	exit 0
fi

echo "1..$n"
for ((i = 1; i <= n; i++)); do
	cmd=$(<"$C/$i.cmd")
	name="${file##*/}:$(<"$C/$i.line"): \$ ${cmd%%$'\n'*}"
	rc=missing want_rc=$(<"$C/$i.status")
	[[ -f $C/$i.rc ]] && rc=$(<"$C/$i.rc")
	mapfile -t WANT <"$C/$i.want"
	GOT=()
	[[ -f $C/$i.got ]] && mapfile -t GOT <"$C/$i.got"
	while ((${#GOT[@]} > 0)) && [[ -z ${GOT[-1]} ]]; do
		unset 'GOT[-1]'
	done
	if [[ $rc == "$want_rc" ]] && tr_match 0 0; then
		echo "ok $i - $name"
		continue
	fi
	echo "not ok $i - $name"
	{
		echo "exit status $rc (shown: $want_rc); shown:"
		cat "$C/$i.want"
		echo "printed:"
		[[ -f $C/$i.got ]] && cat "$C/$i.got"
	} | sed 's/^/#   /'
done

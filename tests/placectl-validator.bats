#!/usr/bin/env bats
# placectl-validator.bats - placectl check against YuniKorn's own verdict on
# every configuration in tests/data/validator, for every release: the same
# verdict, and the first message printed is the one YuniKorn gives.

load test_helper

VD="$DATA/validator"

# The releases the verdicts were taken from.
RELEASES="0.10.0 0.11.0 0.12.2 1.0.0 1.1.0 1.2.0 1.3.0 1.4.0 1.5.0 1.5.1 1.5.2 1.6.0 1.6.3 1.7.0 1.8.0"

# Every file's expected outcome for every release, one line each:
# FILE<TAB>RELEASE<TAB>OK, or the message as placectl prints it after
# FILE:LINE:COL (a go-yaml list's first item, the position taking the
# place of "line N: ").
expectations() {
	awk -v releases="$RELEASES" '
	function num(r,  p) { split(r, p, "."); return p[1] * 10000 + p[2] * 100 + p[3] }
	BEGIN { nr = split(releases, rel, " ") }
	FNR == 1 { name = FILENAME; sub(/.*\//, "", name) }
	/^# versions: / {
		line = substr($0, 13)
		a = line; sub(/\.\..*/, "", a)
		b = line; sub(/^[^.]*\.[^.]*\.[^.]*\.\./, "", b); sub(/ .*/, "", b)
		e = line; sub(/^[^ ]* expect: /, "", e)
		if (e != "OK") {
			sub(/^ERROR /, "", e)
			gsub(/\\"/, "\"", e)
			gsub(/\\\\/, "\\", e)
			if (e ~ /^yaml: unmarshal errors:\\n  line [0-9]+: /) {
				sub(/^yaml: unmarshal errors:\\n  line [0-9]+: /, "", e)
				sub(/\\n  line [0-9]+: .*/, "", e)
			} else if (e ~ /^yaml: line [0-9]+: /)
				sub(/^yaml: line [0-9]+: /, "yaml: ", e)
		}
		for (i = 1; i <= nr; i++)
			if (num(a) <= num(rel[i]) && num(rel[i]) <= num(b))
				print name "\t" rel[i] "\t" e
	}' "$VD"/*.yaml
}

# Run every file as every release; print the ones that differ.
check_all() {
	local f r want err rc first bad=0
	while IFS=$'\t' read -r f r want; do
		rc=0
		err=$(placectl check -q --compat "$r" -c "$VD/$f" 2>&1 >/dev/null) ||
		    rc=$?
		first=
		while IFS= read -r line; do
			case $line in
			*": warning: "*) continue ;;
			esac
			first=${line#placectl: "$VD/$f":}
			first=${first#*[0-9]: }
			break
		done <<< "$err"
		if [ "$want" = OK ]; then
			[ "$rc" -eq 0 ] && continue
		elif [ "$rc" -eq "$EXIT_CONFIG" ] && [ "$first" = "$want" ]; then
			continue
		fi
		echo "$f as $r: want '$want', got status $rc '$first'"
		bad=$((bad + 1))
	done
	echo "$bad differ"
	[ "$bad" -eq 0 ]
}

@test "every release reads the cases as YuniKorn does: verdict and first message" {
	expectations > "$BATS_TEST_TMPDIR/expect"
	run check_all < "$BATS_TEST_TMPDIR/expect"
	assert_success
	assert_output "0 differ"
}

@test "the cases cover every release" {
	run bash -c "ls '$VD'/*.yaml | wc -l"
	[ "$output" -ge 183 ]
	expectations > "$BATS_TEST_TMPDIR/expect"
	run bash -c "wc -l < '$BATS_TEST_TMPDIR/expect'"
	[ "$output" -eq $(( $(ls "$VD"/*.yaml | wc -l) * 15 )) ]
}

#!/usr/bin/env bats
# rh-request.bats - rh-request where a transcript cannot do: properties
# over generated histories (how many requests, which hosts, planned at
# once or in steps), and an output directory without write permission.
# The cases that are a command and what it prints are in
# tests/cases/rh-request.t.

load test_helper

NOW=1795000001000

setup() { T=$BATS_TEST_TMPDIR; }

# hosts FILE: the hosts of FILE's placed requests, one per line
hosts() {
	grep -o '"kind":"placed","host":"[^"]*"' "$1" | sed 's/.*"host":"//; s/"$//'
}

@test "generated histories: n requests, placed on distinct hosts of the role, most recently used first" {
	local s r n u
	for s in 1 2 3 4; do
		gen_history "$s" $((s * 7)) 3 $((NOW - 1000)) > "$T/h.json"
		for r in 0 1 2; do
			n=$((s * 4))
			rh-request -r $r -n $n --now $NOW --emit requests "$T/h.json" > "$T/req"
			assert_equal "$(grep -c '"role":'$r, "$T/req")" $n
			hosts "$T/req" > "$T/placed"
			assert_equal "$(sort -u "$T/placed" | wc -l)" "$(wc -l < "$T/placed")"
			# each placed host has an entry for the role, and the
			# hosts go most recently used first
			awk -v r=$r 'FNR == NR { want[$0] = FNR; np = FNR; next }
			    {
				match($0, /"host":"[^"]*"/); h = substr($0, RSTART + 8, RLENGTH - 9)
				if (!(h in want) || $0 !~ "\"role\":" r ",") next
				u = $0
				sub(/.*"last_used":/, "", u); sub(/}.*/, "", u)
				used[want[h]] = u
			    }
			    END { for (i = 1; i <= np; i++) if (i in used) print used[i] }' \
			    "$T/placed" "$T/h.json" > "$T/used"
			assert_equal "$(grep -c . "$T/used")" "$(wc -l < "$T/placed")"
			sort -rn -c "$T/used"
			# the rest are open requests, as many as hosts ran out
			u=$(grep -c "\"role\":$r," "$T/h.json") || :
			[[ $(wc -l < "$T/placed") -eq $((n < u ? n : u)) ]]
		done
	done
}

@test "planned in steps or at once: the same requests" {
	gen_history 5 20 3 $((NOW - 1000)) > "$T/h.json"
	rh-request -r 1 -n 9 --now $NOW --emit requests "$T/h.json" > "$T/once"
	{
		rh-request -r 1 -n 4 --now $NOW --emit requests "$T/h.json"
		rh-request -r 1 -n 4 --now $NOW "$T/h.json" |
			rh-request -r 1 -n 5 --now $NOW --emit requests
	} | cmp - "$T/once"
}

@test "-o into a directory it may not write: exit 73, the file as it was" {
	[[ $(id -u) -ne 0 ]] || skip "root writes into a directory of mode 555"
	gen_history 1 5 2 $((NOW - 1000)) > "$T/h.json"
	mkdir "$T/ro"
	echo before > "$T/ro/out.json"
	chmod 555 "$T/ro"
	run rh-request -r 0 -n 1 --now $NOW -o "$T/ro/out.json" "$T/h.json"
	assert_failure 73
	assert_output --partial "cannot create"
	assert_equal "$(cat "$T/ro/out.json")" before
	chmod 755 "$T/ro"
}

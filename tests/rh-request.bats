#!/usr/bin/env bats
# rh-request.bats - rh-request: options, behaviour and errors. "Case N"
# numbers a behaviour of Apache Slider's role history that a test checks,
# taken from Slider's own tests and code.
# tests/data/reqrel/f5.json is fixture F5 in a MOCK3 history (roles as
# placekit.Role records: role0 default, role1 strict, role2 anywhere).

load test_helper

NS=org.apache.slider.server.avro
F5="$DATA/reqrel/f5.json"
NOW=5000
NOLOC=1073741824

# Records of a state stream, one per line.
hdr() {	# SAVED [ROLES]
	printf '{"entry":{"%s.RoleHistoryHeader":{"version":1,"saved":%s,"savedx":"%x","savedate":"1 Jan 1970 00:00:01 GMT","roles":%s}}}\n' \
	    "$NS" "$1" "$1" "${2:-3}"
}
ent() {	# HOST ROLE ACTIVE LAST_USED [EXTRA-FIELDS]
	printf '{"entry":{"%s.NodeEntryRecord":{"host":"%s","role":%s,"active":%s,"last_used":%s%s}}}\n' \
	    "$NS" "$1" "$2" "$3" "$4" "${5:+,$5}"
}
foot() {	# COUNT
	printf '{"entry":{"%s.RoleHistoryFooter":{"count":%s}}}\n' "$NS" "$1"
}
pk() {	# TYPE FIELDS
	printf '{"entry":{"placekit.%s":{%s}}}\n' "$1" "$2"
}
role() {	# NAME ID POLICY THRESHOLD ESCALATE_MS [LABEL]
	pk Role "\"name\":\"$1\",\"id\":$2,\"desired\":0,\"policy\":$3,\"failure_threshold\":$4,\"escalate_ms\":$5${6:+,\"label\":\"$6\"}"
}
# The request records rh-request prints.
placed() {	# ROLE HOST ISSUED DEADLINE
	pk Request "\"role\":$1,\"kind\":\"placed\",\"host\":\"$2\",\"priority\":$1,\"issued\":$3,\"deadline\":$4"
}
open() {	# ROLE ISSUED [LABEL]
	pk Request "\"role\":$1,\"kind\":\"open\"${3:+,\"label\":\"$3\"},\"priority\":$(($1 + NOLOC)),\"issued\":$2"
}

# F5 with role0's definition replaced: THRESHOLD ESCALATE_MS [POLICY]
f5_role0() {
	sed "s/\"name\":\"role0\",\"id\":0,\"desired\":0,\"policy\":0,\"failure_threshold\":2,\"escalate_ms\":1000/\"name\":\"role0\",\"id\":0,\"desired\":0,\"policy\":${3:-0},\"failure_threshold\":$1,\"escalate_ms\":$2/" "$F5"
}

setup() {
	T=$BATS_TEST_TMPDIR
}

@test "rh-request --help names every option of the synopsis" {
	run -0 rh-request --help
	assert_line --index 0 --regexp '^usage: rh-request '
	for o in -q -r -n --escalate --now --emit -o; do
		assert_output --partial "$o"
	done
}

# --- choosing nodes (section D, cases 24-30) ---

@test "testFind1NodeR0: one instance goes to age3 (case 24)" {
	run --separate-stderr rh-request -r role0 -n 1 --now $NOW --emit requests "$F5"
	assert_success
	assert_stderr ""
	assert_output "$(placed 0 'age3-[0,0,0]' 5000 6000)"
}

@test "testFind2NodeR0: two instances, two nodes: age3 then age2 (case 25)" {
	run -0 rh-request -r role0 -n 2 --now $NOW --emit requests "$F5"
	assert_output "$(placed 0 'age3-[0,0,0]' 5000 6000)
$(placed 0 'age2-[0,0,0]' 5000 6000)"
}

@test "testFind3NodeR0ReturnsNull: the third instance is an open request (case 26)" {
	run -0 rh-request -r role0 -n 3 --now $NOW --emit requests "$F5"
	assert_output "$(placed 0 'age3-[0,0,0]' 5000 6000)
$(placed 0 'age2-[0,0,0]' 5000 6000)
$(open 0 5000)"
}

@test "testFindNodesOneEntry: a role whose only entry is live gets open requests (case 27)" {
	# T2: role 2 with the default policy
	sed 's/"id":2,"desired":0,"policy":2/"id":2,"desired":0,"policy":0/' "$F5" > "$T/t2.json"
	run -0 rh-request -r 2 -n 4 --now $NOW --emit requests "$T/t2.json"
	assert_output "$(open 2 5000)
$(open 2 5000)
$(open 2 5000)
$(open 2 5000)"
}

@test "testFindNodesIndependent: requests of one role leave another's list alone (case 28)" {
	sed 's/"id":2,"desired":0,"policy":2/"id":2,"desired":0,"policy":0/' "$F5" > "$T/t2.json"
	rh-request -r 0 -n 2 --now $NOW "$T/t2.json" > "$T/s1.json"
	run -0 rh-request -r 2 -n 3 --now $NOW --emit requests "$T/s1.json"
	assert_output "$(open 2 5000)
$(open 2 5000)
$(open 2 5000)"
	run -0 rh-request -r 2 -n 3 --now $NOW "$T/s1.json"
	assert_line "$(placed 0 'age3-[0,0,0]' 5000 6000)"
	assert_line "$(placed 0 'age2-[0,0,0]' 5000 6000)"
}

@test "testFindNodesFallsBackWhenUsed: busy nodes give an open request and stay listed (case 29)" {
	sed -e 's/"host":"age2-\[0,0,0\]","role":0,"active":false/"host":"age2-[0,0,0]","role":0,"active":true/' \
	    -e 's/"host":"age3-\[0,0,0\]","role":0,"active":false/"host":"age3-[0,0,0]","role":0,"active":true/' \
	    "$F5" > "$T/busy.json"
	run -0 rh-request -r role0 -n 1 --now $NOW --emit requests "$T/busy.json"
	assert_output "$(open 0 5000)"
	# the entries are untouched: once idle again, both are listed
	run -0 rh-request -r role0 -n 1 --now $NOW "$T/busy.json"
	assert_output "$(sed '$d' "$T/busy.json")
$(open 0 5000)
$(foot 6)"
}

@test "testFindNodesSkipsFailingNode: a node over the threshold is skipped (case 30)" {
	# failed_recently 2 on age2: within threshold 3, over threshold 1
	f5_role0 3 1000 | sed 's/"host":"age2-\[0,0,0\]","role":0,"active":false,"last_used":2/&,"failed":2,"failed_recently":2/' > "$T/t3.json"
	run -0 rh-request -r role0 -n 2 --now $NOW --emit requests "$T/t3.json"
	assert_output "$(placed 0 'age3-[0,0,0]' 5000 6000)
$(placed 0 'age2-[0,0,0]' 5000 6000)"
	f5_role0 1 1000 | sed 's/"host":"age2-\[0,0,0\]","role":0,"active":false,"last_used":2/&,"failed":2,"failed_recently":2/' > "$T/t1.json"
	run -0 rh-request -r role0 -n 2 --now $NOW --emit requests "$T/t1.json"
	assert_output "$(placed 0 'age3-[0,0,0]' 5000 6000)
$(open 0 5000)"
}

@test "testFindNodesSkipsFailingNode, discriminating: failing age3 makes age2 the choice (case 30)" {
	f5_role0 1 1000 | sed 's/"host":"age3-\[0,0,0\]","role":0,"active":false,"last_used":3/&,"failed":2,"failed_recently":2/' > "$T/t.json"
	run -0 rh-request -r role0 -n 1 --now $NOW --emit requests "$T/t.json"
	assert_output "$(placed 0 'age2-[0,0,0]' 5000 6000)"
	# age3 stays available: it was skipped, not taken
	run -0 bash -c "rh-request -r role0 -n 1 --now $NOW '$T/t.json' | rh-load --format lists -"
	assert_line --index 0 "0 role0: age3-[0,0,0]"
}

# --- request tracking (section E, cases 31-40) ---

@test "testRequestedNodeOffList: the requested host leaves the available list (cases 31, 32, 35, 36)" {
	run -0 rh-load --format lists "$F5"
	assert_line --index 0 "0 role0: age3-[0,0,0] age2-[0,0,0]"
	run -0 bash -c "rh-request -r role0 -n 1 --now $NOW '$F5' | rh-load --format lists -"
	assert_line --index 0 "0 role0: age2-[0,0,0]"
	run -0 rh-request -r role0 -n 1 --now $NOW "$F5"
	assert_line "$(placed 0 'age3-[0,0,0]' 5000 6000)"
	[ "$(grep -c placekit.Request <<<"$output")" -eq 1 ]
}

@test "never a host with an outstanding placed request for the role" {
	rh-request -r role0 -n 1 --now $NOW "$F5" > "$T/s1.json"
	run -0 rh-request -r role0 -n 2 --now 7000 --emit requests "$T/s1.json"
	assert_output "$(placed 0 'age2-[0,0,0]' 7000 8000)
$(open 0 7000)"
	# another role's placed request on the host does not count
	{ hdr 1000; ent h1 0 false 5; ent h1 1 false 5; pk Request '"role":1,"kind":"placed","host":"h1","priority":1,"issued":1,"deadline":2'; foot 2; } > "$T/o.json"
	run -0 rh-request -r 0 -n 1 --now $NOW --emit requests "$T/o.json"
	assert_output "$(placed 0 h1 5000 35000)"
}

@test "testRequestedNodeOffListWithFailures: all over the threshold, then one reset (case 33)" {
	f5_role0 3 1000 | sed -e 's/"host":"age3-\[0,0,0\]","role":0,"active":false,"last_used":3/&,"failed":4,"failed_recently":4/' \
	    -e 's/"host":"age2-\[0,0,0\]","role":0,"active":false,"last_used":2/&,"failed":4,"failed_recently":4/' > "$T/t.json"
	run -0 rh-request -r role0 -n 1 --now $NOW --emit requests "$T/t.json"
	assert_output "$(open 0 5000)"
	sed 's/"last_used":3,"failed":4,"failed_recently":4/"last_used":3,"failed":4/' "$T/t.json" > "$T/r.json"
	run -0 rh-request -r role0 -n 1 --now $NOW --emit requests "$T/r.json"
	assert_output "$(placed 0 'age3-[0,0,0]' 5000 6000)"
}

@test "testStrictPlacementIgnoresFailures: strict roles take failing nodes (case 34)" {
	{ hdr 1000; role role0 0 0 2 1000; role role1 1 1 2 1000
	  for h in 'age1-[4,0,0]:1' 'age2-[2,0,1]:2' 'age2-[0,0,0]:2' 'age3-[0,0,0]:3' 'age4-[1,0,0]:4'; do
		ent "${h%:*}" 0 false "${h##*:}" '"failed":4,"failed_recently":4'
		ent "${h%:*}" 1 false 0 '"failed":4,"failed_recently":4'
	  done | sort; foot 10; } > "$T/t.json"
	run -0 rh-request -r role0 -n 1 --now $NOW --emit requests "$T/t.json"
	assert_output "$(open 0 5000)"
	run -0 rh-request -r role1 -n 2 --now $NOW --emit requests "$T/t.json"
	# all r1 entries tie at last_used 0: host names break the tie
	assert_output "$(placed 1 'age1-[4,0,0]' 5000 6000)
$(placed 1 'age2-[0,0,0]' 5000 6000)"
}

@test "a negative threshold puts every node over it, except for strict roles (case 125)" {
	f5_role0 -1 1000 > "$T/t.json"
	run -0 rh-request -r role0 -n 1 --now $NOW --emit requests "$T/t.json"
	assert_output "$(open 0 5000)"
	f5_role0 -1 1000 1 > "$T/s.json"
	run -0 rh-request -r role0 -n 1 --now $NOW --emit requests "$T/s.json"
	assert_output "$(placed 0 'age3-[0,0,0]' 5000 6000)"
}

@test "offline nodes are skipped, except for strict roles" {
	{ hdr 1000; role r 0 0 3 30000; pk Node '"host":"a","state":"LOST"'
	  ent a 0 false 9; ent b 0 false 5; foot 2; } > "$T/t.json"
	run -0 rh-request -r r -n 1 --now $NOW --emit requests "$T/t.json"
	assert_output "$(placed 0 b 5000 35000)"
	sed 's/"policy":0/"policy":1/' "$T/t.json" > "$T/s.json"
	run -0 rh-request -r r -n 1 --now $NOW --emit requests "$T/s.json"
	assert_output "$(placed 0 a 5000 35000)"
	# DECOMMISSIONING is still online
	sed 's/LOST/DECOMMISSIONING/' "$T/t.json" > "$T/d.json"
	run -0 rh-request -r r -n 1 --now $NOW --emit requests "$T/d.json"
	assert_output "$(placed 0 a 5000 35000)"
}

@test "untrusted entries are not available (a failed start)" {
	{ hdr 1000; ent a 0 false 9 '"start_failed":1,"failed":1,"failed_recently":1,"untrusted":true'
	  ent b 0 false 5; foot 2; } > "$T/t.json"
	run -0 rh-request -r 0 -n 2 --now $NOW --emit requests "$T/t.json"
	assert_output "$(placed 0 b 5000 35000)
$(open 0 5000)"
}

@test "anywhere roles always get open requests" {
	run -0 rh-request -r role2 -n 2 --now $NOW --emit requests "$F5"
	assert_output "$(open 2 5000)
$(open 2 5000)"
}

@test "testCreateAndRelease: a strict role with no list asks anywhere, then for its host (case 55)" {
	run -0 rh-request -r role1 -n 1 --now $NOW --emit requests "$F5"
	assert_output "$(open 1 5000)"
	# after a release on age3, the strict role asks for age3 again
	sed 's/"host":"age3-\[0,0,0\]","role":0,"active":false,"last_used":3}}}/&\n{"entry":{"'$NS'.NodeEntryRecord":{"host":"age3-[0,0,0]","role":1,"active":false,"last_used":4000}}}/' "$F5" |
	    sed 's/"count":6/"count":7/' > "$T/t.json"
	run -0 rh-request -r role1 -n 1 --now $NOW --emit requests "$T/t.json"
	assert_output "$(placed 1 'age3-[0,0,0]' 5000 6000)"
	# and never escalates it
	rh-request -r role1 -n 1 --now $NOW "$T/t.json" > "$T/s.json"
	run -0 rh-request --escalate --now 999999 --emit requests "$T/s.json"
	assert_output ""
}

@test "labels: placed requests carry none, open and escalated ones the role's (case 130)" {
	{ hdr 1000; role L0 0 0 3 30000 gpu; ent hA 0 false 5; foot 1; } > "$T/t.json"
	run -0 rh-request -r L0 -n 2 --now $NOW --emit requests "$T/t.json"
	assert_output "$(placed 0 hA 5000 35000)
$(open 0 5000 gpu)"
	rh-request -r L0 -n 1 --now $NOW "$T/t.json" > "$T/s.json"
	run -0 rh-request --escalate --now 35001 --emit requests "$T/s.json"
	assert_output "$(pk Request '"role":0,"kind":"escalated","label":"gpu","priority":1073741824,"issued":5000')"
}

@test "a persisted save is rebuilt before planning (the 3-role sample)" {
	# .86 was active at the save: last used then, first in role 2's list;
	# .85 was never released (last_used 0): the 7-day purge drops it
	run --separate-stderr rh-request -r 2 -n 2 --now 1500000000000 --emit requests \
	    "$DATA/slider-samples/history-v01-3-role.json"
	assert_success
	assert_stderr ""
	assert_output "$(placed 2 192.168.1.86 1500000000000 1500000030000)
$(open 2 1500000000000)"
	# roles by name come from the mapping
	run -0 rh-request -r slider-appmaster -n 1 --now 1 --emit requests \
	    "$DATA/slider-samples/history_v01b_1_role.json"
	assert_output "$(open 0 1)"
}

# --- requests answered: rh-request | rh-load --events (cases 37-39, 57, 59) ---
# F5 has 7 live role0 instances: with desired 0 every allocation would be
# surplus, so these use desired 20.

f5_wanted() {
	sed 's/"name":"role0","id":0,"desired":0/"name":"role0","id":0,"desired":20/' "$F5"
}

@test "testCompletedRequestDropsNode / testTwoRequests: allocations answer placed requests (cases 37, 38)" {
	rh-request -r role0 -n 2 --now 100 - < <(f5_wanted) > "$T/s.json"
	printf '%s\n' '{"event":"allocated","container":"c1","host":"age3-[0,0,0]","priority":0,"time":200}' > "$T/ev"
	run -0 rh-load -q --events "$T/ev" "$T/s.json"
	assert_line "$(placed 0 'age2-[0,0,0]' 100 1100)"
	refute_line "$(placed 0 'age3-[0,0,0]' 100 1100)"
	printf '%s\n' '{"event":"allocated","container":"c2","host":"age2-[0,0,0]","priority":0,"time":300}' >> "$T/ev"
	run -0 rh-load -q --events "$T/ev" "$T/s.json"
	refute_output --partial placekit.Request
}

@test "testThreeRequestsOneUnsatisified: the full allocation returns the unsatisfied host (case 39)" {
	{ hdr 0 1; role T0 0 0 3 30000; ent age2 0 false 2; ent age3 0 false 3; foot 2; } |
	    sed 's/"desired":0/"desired":3/' > "$T/t.json"
	rh-request -r T0 -n 3 --now 100 "$T/t.json" > "$T/s.json"
	run -0 grep -c placekit.Request "$T/s.json"
	assert_output 3
	printf '%s\n' \
	    '{"event":"allocated","container":"c1","host":"age3","priority":0,"time":200}' \
	    '{"event":"allocated","container":"c2","host":"three","priority":1073741824,"time":300}' \
	    '{"event":"allocated","container":"c3","host":"four","priority":0,"time":400}' > "$T/ev"
	run -0 rh-load --events "$T/ev" "$T/s.json"
	refute_output --partial placekit.Request
	run -0 rh-load --events "$T/ev" --format lists "$T/s.json"
	assert_output "0 T0: age2"
	# and the next request goes there
	run -0 bash -c "rh-load --events '$T/ev' '$T/s.json' | rh-request -r T0 -n 1 --now 500 --emit requests"
	assert_output "$(placed 0 age2 500 30500)"
}

@test "testStartFailed: a failed start does not bring the host back (case 57)" {
	rh-request -r role0 -n 1 --now 100 - < <(f5_wanted) > "$T/s.json"
	printf '%s\n' \
	    '{"event":"allocated","container":"c1","host":"age3-[0,0,0]","priority":0,"time":200}' \
	    '{"event":"start_failed","container":"c1","time":300}' > "$T/ev"
	run -0 bash -c "rh-load --events '$T/ev' '$T/s.json' | rh-request -r role0 -n 2 --now 400 --emit requests"
	assert_output "$(placed 0 'age2-[0,0,0]' 400 1400)
$(open 0 400)"
}

@test "testContainerFailed: a long-lived failure puts the host back at the head (case 59)" {
	rh-request -r role0 -n 1 --now 100 - < <(f5_wanted) > "$T/s.json"
	printf '%s\n' \
	    '{"event":"allocated","container":"c1","host":"age3-[0,0,0]","priority":0,"time":200}' \
	    '{"event":"started","container":"c1","time":300}' \
	    '{"event":"completed","container":"c1","exit_status":1,"time":3600300}' > "$T/ev"
	run -0 bash -c "rh-load --events '$T/ev' '$T/s.json' | rh-request -r role0 -n 2 --now 3600400 --emit requests"
	assert_output "$(placed 0 'age3-[0,0,0]' 3600400 3601400)
$(placed 0 'age2-[0,0,0]' 3600400 3601400)"
}

# --- escalation (section F, cases 46-50, 133) ---

@test "testIssuedEscalatedRequest: the deadline must be passed, strictly (cases 46, 133)" {
	{ hdr 0; role role0 0 0 2 1000; ent host1 0 false 0; foot 1; } > "$T/t.json"
	rh-request -r role0 -n 1 --now 0 "$T/t.json" > "$T/s.json"
	grep -qF "$(placed 0 host1 0 1000)" "$T/s.json"
	run -0 rh-request --escalate --now 1000 "$T/s.json"
	assert_output "$(cat "$T/s.json")"
	run -0 rh-request --escalate --now 1000 --emit requests "$T/s.json"
	assert_output ""
	run -0 rh-request --escalate --now 1001 --emit requests "$T/s.json"
	assert_output "$(pk Request '"role":0,"kind":"escalated","host":"host1","priority":1073741824,"issued":0')"
	# in the state, the placed request is gone and the host is available again
	run -0 rh-request --escalate --now 1001 "$T/s.json"
	refute_output --partial '"kind":"placed"'
	assert_line "$(pk Request '"role":0,"kind":"escalated","host":"host1","priority":1073741824,"issued":0')"
}

@test "testEscalation: each role's own timeout; strict, open and aa requests never escalate (case 48)" {
	{ hdr 0; role role0 0 0 2 1000; role role1 1 1 2 1000; role role2 2 0 2 2000
	  ent host1 0 false 0; ent host1 1 false 0; ent host1 2 false 0
	  pk Request '"role":0,"kind":"placed","host":"host1","priority":0,"issued":0,"deadline":1000'
	  pk Request '"role":0,"kind":"open","priority":1073741824,"issued":0'
	  pk Request '"role":1,"kind":"placed","host":"host1","priority":1,"issued":0,"deadline":1000'
	  pk Request '"role":2,"kind":"placed","host":"host1","priority":2,"issued":3000,"deadline":5000'
	  pk Request '"role":2,"kind":"aa","hosts":["host1"],"priority":2,"issued":0'
	  foot 3; } > "$T/s.json"
	run -0 rh-request --escalate --now 1500 --emit requests "$T/s.json"
	assert_output "$(pk Request '"role":0,"kind":"escalated","host":"host1","priority":1073741824,"issued":0')"
	rh-request --escalate --now 1500 "$T/s.json" > "$T/s2.json"
	run -0 rh-request --escalate --now 3000 --emit requests "$T/s2.json"
	assert_output ""
	run -0 rh-request --escalate --now 5500 --emit requests "$T/s2.json"
	assert_output "$(pk Request '"role":2,"kind":"escalated","host":"host1","priority":1073741826,"issued":3000')"
	run -0 rh-request --escalate --now 7000 "$T/s2.json"
	assert_line "$(pk Request '"role":1,"kind":"placed","host":"host1","priority":1,"issued":0,"deadline":1000')"
}

@test "testRequestLabelledPlacement / Unlabelled: the host goes only with a label (cases 49, 50)" {
	{ hdr 0; role role0 0 0 2 1000; role worker 5 0 2 1000 workers
	  ent host1 0 false 0; ent host1 5 false 0; foot 2; } > "$T/t.json"
	run -0 rh-request -r worker -n 1 --now 0 --emit requests "$T/t.json"
	assert_output "$(placed 5 host1 0 1000)"
	rh-request -r worker -n 1 --now 0 "$T/t.json" | rh-request -r role0 -n 1 --now 0 > "$T/s.json"
	run -0 rh-request --escalate --now 2000 --emit requests "$T/s.json"
	assert_output "$(pk Request '"role":0,"kind":"escalated","host":"host1","priority":1073741824,"issued":0')
$(pk Request '"role":5,"kind":"escalated","label":"workers","priority":1073741829,"issued":0')"
}

@test "escalated requests move to the end of the issue order" {
	{ hdr 0; role r 0 0 3 1000; ent a 0 false 0
	  pk Request '"role":0,"kind":"placed","host":"a","priority":0,"issued":0,"deadline":1000'
	  pk Request '"role":0,"kind":"open","priority":1073741824,"issued":500'
	  foot 1; } > "$T/s.json"
	run -0 rh-request --escalate --now 2000 "$T/s.json"
	assert_output "$(rh-load "$T/s.json" | grep -v placekit.Request | sed '$d')
$(pk Request '"role":0,"kind":"open","priority":1073741824,"issued":500')
$(pk Request '"role":0,"kind":"escalated","host":"a","priority":1073741824,"issued":0')
$(foot 1)"
}

# --- anti-affinity (section H, cases 63-71, 102-111) ---

aa3() {	# the AA3 roles, then nodes given as HOST:STATE:LABEL
	hdr 0
	pk Role '"name":"role0","id":0,"desired":0,"policy":0,"failure_threshold":2,"escalate_ms":1000'
	pk Role '"name":"role1","id":1,"desired":0,"policy":4,"failure_threshold":2,"escalate_ms":1000,"label":"gpu"'
	pk Role '"name":"role2","id":2,"desired":0,"policy":4,"failure_threshold":2,"escalate_ms":2000'
	for n in "$@"; do
		IFS=: read -r h s l <<<"$n"
		pk Node "\"host\":\"$h\",\"state\":\"$s\"${l:+,\"label\":\"$l\"}"
	done
}
aa() {	# ROLE HOST...
	local r=$1 hs=
	shift
	for h in "$@"; do hs="$hs${hs:+,}\"$h\""; done
	pk Request "\"role\":$r,\"kind\":\"aa\",\"hosts\":[$hs],\"priority\":$r,\"issued\":$NOW"
}

@test "testAllocateAANoLabel: one request naming every node, sorted (cases 63, 102)" {
	{ aa3 00000002:RUNNING 00000000:RUNNING 00000001:RUNNING; foot 0; } > "$T/t.json"
	run --separate-stderr rh-request -r role2 -n 1 --now $NOW --emit requests "$T/t.json"
	assert_success
	assert_stderr ""
	assert_output "$(aa 2 00000000 00000001 00000002)"
}

@test "testFindNodesInUnhealthyCluster: offline nodes are no candidates (case 64)" {
	{ aa3 1:UNHEALTHY 2:RUNNING 3:RUNNING; foot 0; } > "$T/t.json"
	run -0 rh-request -r role2 -n 1 --now $NOW --emit requests "$T/t.json"
	assert_output "$(aa 2 2 3)"
}

@test "testFindNoNodesWrongLabel: no node with the label, no request (case 65)" {
	{ aa3 1:RUNNING 2:RUNNING 3:RUNNING; foot 0; } > "$T/t.json"
	run --separate-stderr rh-request -r role1 -n 1 --now $NOW --emit requests "$T/t.json"
	assert_success
	assert_output ""
	assert_stderr "rh-request: warning: no known node can host role 'role1' (online, label 'gpu', no instance): no request issued"
	run -0 rh-request -q -r role1 -n 1 --now $NOW "$T/t.json"
	assert_output "$(rh-load "$T/t.json")"
}

@test "testFindSomeNodesSomeLabel / RightLabel / NoLabel: labels filter candidates (cases 66-68, 109)" {
	{ aa3 00000000:RUNNING:gpu 00000001:RUNNING:gpu 00000002:RUNNING; foot 0; } > "$T/t.json"
	run -0 rh-request -r role1 -n 1 --now $NOW --emit requests "$T/t.json"
	assert_output "$(aa 1 00000000 00000001)"
	# an unlabelled role takes labelled nodes too
	run -0 rh-request -r role2 -n 1 --now $NOW --emit requests "$T/t.json"
	assert_output "$(aa 2 00000000 00000001 00000002)"
}

@test "testFindNoNodesLifecycle: starting and live instances exclude a node, releasing frees it (cases 66, 70)" {
	{ aa3 1:RUNNING 2:RUNNING 3:RUNNING
	  ent 1 2 false 0 '"starting":1'; ent 2 2 true 0; ent 3 2 true 0 '"releasing":1'; foot 3; } > "$T/t.json"
	run -0 rh-request -r role2 -n 1 --now $NOW --emit requests "$T/t.json"
	assert_output "$(aa 2 3)"
}

@test "testFindNoNodesClusterRequested: requested instances exclude nodes (case 69)" {
	{ aa3 1:RUNNING 2:RUNNING 3:RUNNING
	  ent 1 1 false 0 '"requested":1'; ent 2 1 false 0 '"requested":1'; ent 3 1 false 0 '"requested":1'
	  ent 1 2 false 0 '"requested":1'; ent 2 2 false 0 '"requested":1'; ent 3 2 false 0 '"requested":1'
	  foot 6; } > "$T/t.json"
	run --separate-stderr rh-request -r role2 -n 1 --now $NOW --emit requests "$T/t.json"
	assert_success
	assert_output ""
	assert_stderr "rh-request: warning: no known node can host role 'role2' (online, any label, no instance): no request issued"
}

@test "testRolesIndependent: one role's instance leaves the other's candidates (case 71)" {
	{ aa3 1:RUNNING 2:UNHEALTHY 3:UNHEALTHY; ent 1 1 false 0 '"starting":1'; ent 1 2 false 0; foot 2; } > "$T/t.json"
	run -0 rh-request -q -r role1 -n 1 --now $NOW --emit requests "$T/t.json"
	assert_output ""
	run -0 rh-request -r role2 -n 1 --now $NOW --emit requests "$T/t.json"
	assert_output "$(aa 2 1)"
}

@test "testAskForTooMany: one aa request at a time, the rest left with a warning (cases 103, 105)" {
	{ aa3 00000000:RUNNING 00000001:RUNNING 00000002:RUNNING; foot 0; } > "$T/t.json"
	run --separate-stderr rh-request -r role2 -n 4 --now $NOW --emit requests "$T/t.json"
	assert_success
	assert_output "$(aa 2 00000000 00000001 00000002)"
	assert_stderr "rh-request: warning: role 'role2' is anti-affine: one request at a time, as Slider does; 3 more instances to request once it is answered"
	# with one outstanding, no second
	rh-request -q -r role2 -n 4 --now $NOW "$T/t.json" > "$T/s.json"
	run --separate-stderr rh-request -r role2 -n 1 --now $NOW --emit requests "$T/s.json"
	assert_success
	assert_output ""
	assert_stderr "rh-request: warning: role 'role2' is anti-affine and has an outstanding request: none issued (one at a time, as Slider does)"
}

@test "testAMRestart: a live instance's node is left out (case 108)" {
	{ aa3 00000000:RUNNING 00000001:RUNNING 00000002:RUNNING
	  ent 00000000 2 true 0
	  pk Container '"id":"c1","host":"00000000","role":2,"state":"live","since":1'; foot 1; } > "$T/t.json"
	run -0 rh-request -r role2 -n 1 --now $NOW --emit requests "$T/t.json"
	assert_output "$(aa 2 00000001 00000002)"
}

@test "testOvercapacityRecovery: an untrusted node is still a candidate (case 111)" {
	{ aa3 00000000:RUNNING; ent 00000000 2 false 0 '"failed":1,"failed_recently":1,"start_failed":1,"untrusted":true'; foot 1; } > "$T/t.json"
	run -0 rh-request -r role2 -n 1 --now $NOW --emit requests "$T/t.json"
	assert_output "$(aa 2 00000000)"
}

@test "aa candidates are the known nodes: node records and entries, any role" {
	{ aa3 n1:RUNNING; ent e1 0 false 0; ent e2 2 false 9
	  pk Request '"role":0,"kind":"placed","host":"r1","priority":0,"issued":0,"deadline":9'
	  foot 2; } > "$T/t.json"
	run -0 rh-request -r role2 -n 1 --now $NOW --emit requests "$T/t.json"
	assert_output "$(aa 2 e1 e2 n1)"
}

# --- the output ---

@test "the state: the input with this run's requests added, in stream order" {
	run -0 rh-request -r role0 -n 3 --now $NOW "$F5"
	assert_output "$(sed '$d' "$F5")
$(placed 0 'age3-[0,0,0]' 5000 6000)
$(placed 0 'age2-[0,0,0]' 5000 6000)
$(open 0 5000)
$(foot 6)"
	# --emit requests prints exactly the lines the state adds
	rh-request -r role0 -n 3 --now $NOW --emit requests "$F5" > "$T/emit"
	rh-request -r role0 -n 3 --now $NOW "$F5" | grep -F placekit.Request > "$T/state"
	cmp "$T/emit" "$T/state"
}

@test "requests come after the earlier ones of the role, by role" {
	rh-request -r role2 -n 1 --now 100 "$F5" | rh-request -r role0 -n 1 --now 200 |
	    rh-request -r role2 -n 1 --now 300 | rh-request -r role0 -n 1 --now 400 > "$T/s.json"
	run -0 grep -F placekit.Request "$T/s.json"
	assert_output "$(placed 0 'age3-[0,0,0]' 200 1200)
$(placed 0 'age2-[0,0,0]' 400 1400)
$(open 2 100)
$(open 2 300)"
}

@test "-n 0 is a valid no-op: the state comes back byte for byte" {
	run --separate-stderr rh-request -r role0 -n 0 --now $NOW "$F5"
	assert_success
	assert_stderr ""
	assert_output "$(cat "$F5")"
	run -0 rh-request -r role0 -n 0 --now $NOW --emit requests "$F5"
	assert_output ""
}

@test "the role by name or by id: the same plan" {
	run -0 rh-request -r role0 -n 2 --now $NOW "$F5"
	by_name=$output
	run -0 rh-request --role 0 --count 2 --now $NOW "$F5"
	assert_output "$by_name"
	# a name wins over an id
	{ hdr 0; role 1 0 0 3 1000; role x 1 0 3 1000; ent a 0 false 0; ent b 1 false 0; foot 2; } > "$T/t.json"
	run -0 rh-request -r 1 -n 1 --now 0 --emit requests "$T/t.json"
	assert_output "$(placed 0 a 0 1000)"
}

@test "input from stdin, '-', a file or a history directory" {
	run -0 rh-request -r role0 -n 2 --now $NOW "$F5"
	want=$output
	run -0 bash -c "rh-request -r role0 -n 2 --now $NOW < '$F5'"
	assert_output "$want"
	run -0 bash -c "rh-request -r role0 -n 2 --now $NOW - < '$F5'"
	assert_output "$want"
	# a history directory is read as Slider reads it: a persisted save
	mkdir "$T/hist"
	cp_fixture "$DATA/slider-samples/history-v01-3-role.json" "$T/hist/rolehistory-00000000000003e8.json"
	run -0 rh-request -r 1 -n 2 --now $NOW "$T/hist/rolehistory-00000000000003e8.json"
	want=$output
	run -0 rh-request -r 1 -n 2 --now $NOW "$T/hist"
	assert_output "$want"
	# a state stream there, newer, is one Slider skips
	cp_fixture "$F5" "$T/hist/rolehistory-00000000000003e9.json"
	run --separate-stderr rh-request -r 1 -n 2 --now $NOW "$T/hist"
	assert_success
	assert_output "$want"
	assert_stderr_partial "rolehistory-00000000000003e9.json:3:11: warning: skipping this file: 'placekit.Role' is a placekit record"
}

@test "fully deterministic: the same input gives the same bytes" {
	rh-request -r role0 -n 5 --now $NOW "$F5" > "$T/a"
	rh-request -r role0 -n 5 --now $NOW "$F5" > "$T/b"
	cmp "$T/a" "$T/b"
	# and the output is a state rh-load takes as it is
	rh-load "$T/a" | cmp - "$T/a"
}

@test "-o FILE writes atomically; a failed run leaves it as it was" {
	run -0 rh-request -r role0 -n 1 --now $NOW -o "$T/out.json" "$F5"
	assert_output ""
	grep -qF "$(placed 0 'age3-[0,0,0]' 5000 6000)" "$T/out.json"
	cp "$T/out.json" "$T/before"
	run rh-request -r nosuch -n 1 --now $NOW -o "$T/out.json" "$F5"
	assert_failure "$EXIT_DATAERR"
	cmp "$T/before" "$T/out.json"
	run rh-request -r role0 -n 1 --now $NOW -o "$T/nodir/out.json" "$F5"
	assert_failure "$EXIT_CANTCREAT"
}

@test "--now: ISO-8601 or milliseconds" {
	run -0 rh-request -r role0 -n 1 --now 1970-01-01T00:00:05Z --emit requests "$F5"
	assert_output "$(placed 0 'age3-[0,0,0]' 5000 6000)"
}

# --- errors ---

@test "a role not in the history is bad data, exit 65" {
	run --separate-stderr rh-request -r nosuch -n 1 --now $NOW "$F5"
	assert_failure "$EXIT_DATAERR"
	assert_output ""
	assert_stderr "rh-request: $F5: role 'nosuch' is not in the history (no such name or id)"
	run --separate-stderr bash -c "rh-request -r 7 -n 1 --now $NOW < '$F5'"
	assert_failure "$EXIT_DATAERR"
	assert_stderr "rh-request: <stdin>: role '7' is not in the history (no such name or id)"
}

@test "a bad -r or -n form is a usage error, exit 64" {
	for args in "-r role0 -n -1:-n: -1 is too small (at least 0)" \
	    "-r role0 -n x:-n: 'x' is not a number" \
	    "-r role0 -n 1.5:-n: '1.5' is not a number" \
	    "-r role0 -n 1000001:-n: 1000001 is too large (at most 1000000)" \
	    "-r role0:-r needs -n COUNT" \
	    "-n 1:-n needs -r ROLE" \
	    ":-r ROLE and -n COUNT, or --escalate, are needed" \
	    "--escalate -r role0:--escalate takes no -r or -n" \
	    "--escalate -n 1:--escalate takes no -r or -n" \
	    "-r role0 -n 1 --emit state,requests:--emit: 'state,requests' is not state or requests"; do
		run --separate-stderr rh-request ${args%%:*} --now $NOW "$F5"
		assert_failure "$EXIT_USAGE"
		assert_output ""
		assert_stderr "rh-request: ${args#*:}
Try 'rh-request --help'."
	done
	run --separate-stderr rh-request -r '' -n 1 "$F5"
	assert_failure "$EXIT_USAGE"
	assert_stderr "rh-request: -r: the role is empty
Try 'rh-request --help'."
	run --separate-stderr rh-request -r role0 -n 1 "$F5" "$F5"
	assert_failure "$EXIT_USAGE"
	assert_stderr_partial "one history at most"
}

@test "an inconsistent state (a container on a host with no entry) is bad data naming it" {
	{ hdr 0; ent a 0 false 0; pk Container '"id":"c9","host":"b","role":0,"state":"live","since":1'; foot 1; } > "$T/t.json"
	run --separate-stderr rh-request -r 0 -n 1 --now $NOW "$T/t.json"
	assert_failure "$EXIT_DATAERR"
	assert_output ""
	assert_stderr "rh-request: $T/t.json: inconsistent state: container 'c9' is on host 'b', which has no entry for role 0"
	run --separate-stderr rh-request --escalate --now $NOW "$T/t.json"
	assert_failure "$EXIT_DATAERR"
	# a surplus container counts in no entry: fine
	{ hdr 0; ent a 0 false 0; pk Container '"id":"c9","host":"b","role":0,"state":"releasing","since":1,"surplus":true'; foot 1; } > "$T/s.json"
	run -0 rh-request -r 0 -n 1 --now $NOW --emit requests "$T/s.json"
	assert_output "$(placed 0 a 5000 35000)"
}

@test "input errors: missing file 66, broken input 65, empty input 65" {
	run --separate-stderr rh-request -r 0 -n 1 "$T/nope.json"
	assert_failure "$EXIT_NOINPUT"
	printf '{broken' > "$T/b.json"
	run --separate-stderr rh-request -r 0 -n 1 "$T/b.json"
	assert_failure "$EXIT_DATAERR"
	assert_output ""
	run --separate-stderr rh-request -r 0 -n 1 /dev/null
	assert_failure "$EXIT_DATAERR"
	assert_stderr "rh-request: /dev/null: no history: the input is empty"
}

@test "a record cut short in the middle of the history is reported where it begins" {
	run --separate-stderr rh-request -r regionserver -n 1 --now 2026-11-22T10:00:00Z "$DATA/cut/line.json"
	assert_failure "$EXIT_DATAERR"
	assert_output ""
	assert_stderr "rh-request: $DATA/cut/line.json:4:1: this record is not closed: it runs into the record at 5:1 (a line cut short?)"
	run --separate-stderr rh-request -r regionserver -n 1 --now 2026-11-22T10:00:00Z "$DATA/cut/end.json"
	assert_stderr "rh-request: $DATA/cut/end.json:10:80: unexpected end of file: the record that starts at 10:1 is not closed"
}

@test "a full stdout is an I/O error; a closed pipe is quiet success" {
	run --separate-stderr bash -c "rh-request -r role0 -n 1 --now $NOW '$F5' > /dev/full"
	assert_failure "$EXIT_IOERR"
	run --separate-stderr closed_pipe rh-request -r role0 -n 1 --now $NOW "$F5"
	assert_success
	assert_stderr ""
}

@test "-q silences warnings, not errors" {
	{ aa3 1:RUNNING; foot 0; } > "$T/t.json"
	run --separate-stderr rh-request -q -r role2 -n 3 --now $NOW --emit requests "$T/t.json"
	assert_success
	assert_stderr ""
	assert_output "$(aa 2 1)"
	run --separate-stderr rh-request -q -r nosuch -n 3 --now $NOW "$T/t.json"
	assert_failure "$EXIT_DATAERR"
	assert_stderr_partial "role 'nosuch' is not in the history"
}

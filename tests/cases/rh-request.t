rh-request: choosing nodes, request tracking, escalation, anti-affinity,
the output and the errors. "Case N" numbers a behaviour of Apache
Slider's role history that a case checks, taken from Slider's own tests
and code. tests/data/reqrel/f5.json is fixture F5 in a MOCK3 history
(roles as placekit.Role records: role0 default, role1 strict, role2
anywhere).

  $ NS=org.apache.slider.server.avro F5=$DATA/reqrel/f5.json NOW=5000
  $ hdr() { printf '{"entry":{"%s.RoleHistoryHeader":{"version":1,"saved":%s,"savedx":"%x","savedate":"1 Jan 1970 00:00:01 GMT","roles":%s}}}\n' "$NS" "$1" "$1" "${2:-3}"; }
  $ ent() { printf '{"entry":{"%s.NodeEntryRecord":{"host":"%s","role":%s,"active":%s,"last_used":%s%s}}}\n' "$NS" "$1" "$2" "$3" "$4" "${5:+,$5}"; }
  $ foot() { printf '{"entry":{"%s.RoleHistoryFooter":{"count":%s}}}\n' "$NS" "$1"; }
  $ pk() { printf '{"entry":{"placekit.%s":{%s}}}\n' "$1" "$2"; }
  $ role() { pk Role "\"name\":\"$1\",\"id\":$2,\"desired\":0,\"policy\":$3,\"failure_threshold\":$4,\"escalate_ms\":$5${6:+,\"label\":\"$6\"}"; }
  $ f5_role0() { sed "s/\"name\":\"role0\",\"id\":0,\"desired\":0,\"policy\":0,\"failure_threshold\":2,\"escalate_ms\":1000/\"name\":\"role0\",\"id\":0,\"desired\":0,\"policy\":${3:-0},\"failure_threshold\":$1,\"escalate_ms\":$2/" "$F5"; }
  $ f5_wanted() { sed 's/"name":"role0","id":0,"desired":0/"name":"role0","id":0,"desired":20/' "$F5"; }

--help names every option of the synopsis:

  $ rh-request --help
  usage: rh-request [-q] (-r ROLE -n COUNT | --escalate) [--now T]
                    [--emit state|requests] [-o FILE] [FILE | -]
  
  Plan container requests for a role on a state stream.
  
    -q, --quiet             silence warnings
    -r, --role ROLE         role name or id
    -n, --count COUNT       instances wanted
        --escalate          relax placed requests past their deadline
        --now T             the current time
        --emit WHAT         state (default) or requests
    -o, --output FILE       write to FILE atomically
    -h, --help              show this help
        --version           show the version
  
  See rh-request(1).

Choosing nodes (section D, cases 24-30). testFind1NodeR0: one instance
goes to age3 (case 24); testFind2NodeR0: two, age3 then age2 (case 25);
testFind3NodeR0ReturnsNull: the third is an open request (case 26).

  $ rh-request -r role0 -n 1 --now $NOW --emit requests "$F5"
  {"entry":{"placekit.Request":{"role":0,"kind":"placed","host":"age3-[0,0,0]","priority":0,"issued":5000,"deadline":6000}}}
  $ rh-request -r role0 -n 2 --now $NOW --emit requests "$F5"
  {"entry":{"placekit.Request":{"role":0,"kind":"placed","host":"age3-[0,0,0]","priority":0,"issued":5000,"deadline":6000}}}
  {"entry":{"placekit.Request":{"role":0,"kind":"placed","host":"age2-[0,0,0]","priority":0,"issued":5000,"deadline":6000}}}
  $ rh-request -r role0 -n 3 --now $NOW --emit requests "$F5"
  {"entry":{"placekit.Request":{"role":0,"kind":"placed","host":"age3-[0,0,0]","priority":0,"issued":5000,"deadline":6000}}}
  {"entry":{"placekit.Request":{"role":0,"kind":"placed","host":"age2-[0,0,0]","priority":0,"issued":5000,"deadline":6000}}}
  {"entry":{"placekit.Request":{"role":0,"kind":"open","priority":1073741824,"issued":5000}}}

testFindNodesOneEntry: a role whose only entry is live gets open
requests (case 27); testFindNodesIndependent: requests of one role leave
another's list alone (case 28).

  $ sed 's/"id":2,"desired":0,"policy":2/"id":2,"desired":0,"policy":0/' "$F5" >t2.json
  $ rh-request -r 2 -n 4 --now $NOW --emit requests t2.json
  {"entry":{"placekit.Request":{"role":2,"kind":"open","priority":1073741826,"issued":5000}}}
  {"entry":{"placekit.Request":{"role":2,"kind":"open","priority":1073741826,"issued":5000}}}
  {"entry":{"placekit.Request":{"role":2,"kind":"open","priority":1073741826,"issued":5000}}}
  {"entry":{"placekit.Request":{"role":2,"kind":"open","priority":1073741826,"issued":5000}}}
  $ rh-request -r 0 -n 2 --now $NOW t2.json >s1.json
  $ rh-request -r 2 -n 3 --now $NOW --emit requests s1.json
  {"entry":{"placekit.Request":{"role":2,"kind":"open","priority":1073741826,"issued":5000}}}
  {"entry":{"placekit.Request":{"role":2,"kind":"open","priority":1073741826,"issued":5000}}}
  {"entry":{"placekit.Request":{"role":2,"kind":"open","priority":1073741826,"issued":5000}}}
  $ rh-request -r 2 -n 3 --now $NOW s1.json | grep placekit.Request
  {"entry":{"placekit.Request":{"role":0,"kind":"placed","host":"age3-[0,0,0]","priority":0,"issued":5000,"deadline":6000}}}
  {"entry":{"placekit.Request":{"role":0,"kind":"placed","host":"age2-[0,0,0]","priority":0,"issued":5000,"deadline":6000}}}
  {"entry":{"placekit.Request":{"role":2,"kind":"open","priority":1073741826,"issued":5000}}}
  {"entry":{"placekit.Request":{"role":2,"kind":"open","priority":1073741826,"issued":5000}}}
  {"entry":{"placekit.Request":{"role":2,"kind":"open","priority":1073741826,"issued":5000}}}

testFindNodesFallsBackWhenUsed: busy nodes give an open request and stay
listed (case 29): the entries are untouched, so once idle both are
listed again.

  $ sed -e 's/"host":"age2-\[0,0,0\]","role":0,"active":false/"host":"age2-[0,0,0]","role":0,"active":true/' -e 's/"host":"age3-\[0,0,0\]","role":0,"active":false/"host":"age3-[0,0,0]","role":0,"active":true/' "$F5" >busy.json
  $ rh-request -r role0 -n 1 --now $NOW --emit requests busy.json
  {"entry":{"placekit.Request":{"role":0,"kind":"open","priority":1073741824,"issued":5000}}}
  $ rh-request -r role0 -n 1 --now $NOW busy.json | diff busy.json -
  11a12
  > {"entry":{"placekit.Request":{"role":0,"kind":"open","priority":1073741824,"issued":5000}}}
  [1]

testFindNodesSkipsFailingNode: a node over the threshold is skipped
(case 30): failed_recently 2 on age2 is within threshold 3, over 1; a
failing age3 makes age2 the choice, and age3 stays available: skipped,
not taken.

  $ f5_role0 3 1000 | sed 's/"host":"age2-\[0,0,0\]","role":0,"active":false,"last_used":2/&,"failed":2,"failed_recently":2/' >t3.json
  $ rh-request -r role0 -n 2 --now $NOW --emit requests t3.json
  {"entry":{"placekit.Request":{"role":0,"kind":"placed","host":"age3-[0,0,0]","priority":0,"issued":5000,"deadline":6000}}}
  {"entry":{"placekit.Request":{"role":0,"kind":"placed","host":"age2-[0,0,0]","priority":0,"issued":5000,"deadline":6000}}}
  $ f5_role0 1 1000 | sed 's/"host":"age2-\[0,0,0\]","role":0,"active":false,"last_used":2/&,"failed":2,"failed_recently":2/' >t1.json
  $ rh-request -r role0 -n 2 --now $NOW --emit requests t1.json
  {"entry":{"placekit.Request":{"role":0,"kind":"placed","host":"age3-[0,0,0]","priority":0,"issued":5000,"deadline":6000}}}
  {"entry":{"placekit.Request":{"role":0,"kind":"open","priority":1073741824,"issued":5000}}}
  $ f5_role0 1 1000 | sed 's/"host":"age3-\[0,0,0\]","role":0,"active":false,"last_used":3/&,"failed":2,"failed_recently":2/' >t.json
  $ rh-request -r role0 -n 1 --now $NOW --emit requests t.json
  {"entry":{"placekit.Request":{"role":0,"kind":"placed","host":"age2-[0,0,0]","priority":0,"issued":5000,"deadline":6000}}}
  $ rh-request -r role0 -n 1 --now $NOW t.json | rh-load --format lists - | head -n 1
  0 role0: age3-[0,0,0]

Request tracking (section E, cases 31-40). testRequestedNodeOffList:
the requested host leaves the available list (cases 31, 32, 35, 36).

  $ rh-load --format lists "$F5" | head -n 1
  0 role0: age3-[0,0,0] age2-[0,0,0]
  $ rh-request -r role0 -n 1 --now $NOW "$F5" | rh-load --format lists - | head -n 1
  0 role0: age2-[0,0,0]
  $ rh-request -r role0 -n 1 --now $NOW "$F5" | grep placekit.Request
  {"entry":{"placekit.Request":{"role":0,"kind":"placed","host":"age3-[0,0,0]","priority":0,"issued":5000,"deadline":6000}}}

Never a host with an outstanding placed request for the role; another
role's placed request on the host does not count.

  $ rh-request -r role0 -n 1 --now $NOW "$F5" >s1.json
  $ rh-request -r role0 -n 2 --now 7000 --emit requests s1.json
  {"entry":{"placekit.Request":{"role":0,"kind":"placed","host":"age2-[0,0,0]","priority":0,"issued":7000,"deadline":8000}}}
  {"entry":{"placekit.Request":{"role":0,"kind":"open","priority":1073741824,"issued":7000}}}
  $ { hdr 1000; ent h1 0 false 5; ent h1 1 false 5; pk Request '"role":1,"kind":"placed","host":"h1","priority":1,"issued":1,"deadline":2'; foot 2; } >o.json
  $ rh-request -r 0 -n 1 --now $NOW --emit requests o.json
  {"entry":{"placekit.Request":{"role":0,"kind":"placed","host":"h1","priority":0,"issued":5000,"deadline":35000}}}

testRequestedNodeOffListWithFailures: all over the threshold, then one
reset (case 33).

  $ f5_role0 3 1000 | sed -e 's/"host":"age3-\[0,0,0\]","role":0,"active":false,"last_used":3/&,"failed":4,"failed_recently":4/' -e 's/"host":"age2-\[0,0,0\]","role":0,"active":false,"last_used":2/&,"failed":4,"failed_recently":4/' >t.json
  $ rh-request -r role0 -n 1 --now $NOW --emit requests t.json
  {"entry":{"placekit.Request":{"role":0,"kind":"open","priority":1073741824,"issued":5000}}}
  $ sed 's/"last_used":3,"failed":4,"failed_recently":4/"last_used":3,"failed":4/' t.json >r.json
  $ rh-request -r role0 -n 1 --now $NOW --emit requests r.json
  {"entry":{"placekit.Request":{"role":0,"kind":"placed","host":"age3-[0,0,0]","priority":0,"issued":5000,"deadline":6000}}}

testStrictPlacementIgnoresFailures: strict roles take failing nodes
(case 34); all role1 entries tie at last_used 0: host names break the
tie.

  $ { hdr 1000; role role0 0 0 2 1000; role role1 1 1 2 1000
  >   for h in 'age1-[4,0,0]:1' 'age2-[2,0,1]:2' 'age2-[0,0,0]:2' 'age3-[0,0,0]:3' 'age4-[1,0,0]:4'; do
  >     ent "${h%:*}" 0 false "${h##*:}" '"failed":4,"failed_recently":4'
  >     ent "${h%:*}" 1 false 0 '"failed":4,"failed_recently":4'
  >   done | sort; foot 10; } >t.json
  $ rh-request -r role0 -n 1 --now $NOW --emit requests t.json
  {"entry":{"placekit.Request":{"role":0,"kind":"open","priority":1073741824,"issued":5000}}}
  $ rh-request -r role1 -n 2 --now $NOW --emit requests t.json
  {"entry":{"placekit.Request":{"role":1,"kind":"placed","host":"age1-[4,0,0]","priority":1,"issued":5000,"deadline":6000}}}
  {"entry":{"placekit.Request":{"role":1,"kind":"placed","host":"age2-[0,0,0]","priority":1,"issued":5000,"deadline":6000}}}

A negative threshold puts every node over it, except for strict roles
(case 125).

  $ f5_role0 -1 1000 >t.json && rh-request -r role0 -n 1 --now $NOW --emit requests t.json
  {"entry":{"placekit.Request":{"role":0,"kind":"open","priority":1073741824,"issued":5000}}}
  $ f5_role0 -1 1000 1 >s.json && rh-request -r role0 -n 1 --now $NOW --emit requests s.json
  {"entry":{"placekit.Request":{"role":0,"kind":"placed","host":"age3-[0,0,0]","priority":0,"issued":5000,"deadline":6000}}}

Offline nodes are skipped, except for strict roles; DECOMMISSIONING is
still online.

  $ { hdr 1000; role r 0 0 3 30000; pk Node '"host":"a","state":"LOST"'; ent a 0 false 9; ent b 0 false 5; foot 2; } >t.json
  $ rh-request -r r -n 1 --now $NOW --emit requests t.json
  {"entry":{"placekit.Request":{"role":0,"kind":"placed","host":"b","priority":0,"issued":5000,"deadline":35000}}}
  $ sed 's/"policy":0/"policy":1/' t.json >s.json && rh-request -r r -n 1 --now $NOW --emit requests s.json
  {"entry":{"placekit.Request":{"role":0,"kind":"placed","host":"a","priority":0,"issued":5000,"deadline":35000}}}
  $ sed 's/LOST/DECOMMISSIONING/' t.json >d.json && rh-request -r r -n 1 --now $NOW --emit requests d.json
  {"entry":{"placekit.Request":{"role":0,"kind":"placed","host":"a","priority":0,"issued":5000,"deadline":35000}}}

Untrusted entries (a failed start) are not available; anywhere roles
always get open requests.

  $ { hdr 1000; ent a 0 false 9 '"start_failed":1,"failed":1,"failed_recently":1,"untrusted":true'; ent b 0 false 5; foot 2; } >t.json
  $ rh-request -r 0 -n 2 --now $NOW --emit requests t.json
  {"entry":{"placekit.Request":{"role":0,"kind":"placed","host":"b","priority":0,"issued":5000,"deadline":35000}}}
  {"entry":{"placekit.Request":{"role":0,"kind":"open","priority":1073741824,"issued":5000}}}
  $ rh-request -r role2 -n 2 --now $NOW --emit requests "$F5"
  {"entry":{"placekit.Request":{"role":2,"kind":"open","priority":1073741826,"issued":5000}}}
  {"entry":{"placekit.Request":{"role":2,"kind":"open","priority":1073741826,"issued":5000}}}

testCreateAndRelease: a strict role with no list asks anywhere, then,
after a release on age3, for age3 again, and never escalates it (case
55).

  $ rh-request -r role1 -n 1 --now $NOW --emit requests "$F5"
  {"entry":{"placekit.Request":{"role":1,"kind":"open","priority":1073741825,"issued":5000}}}
  $ sed 's/"host":"age3-\[0,0,0\]","role":0,"active":false,"last_used":3}}}/&\n{"entry":{"'$NS'.NodeEntryRecord":{"host":"age3-[0,0,0]","role":1,"active":false,"last_used":4000}}}/' "$F5" | sed 's/"count":6/"count":7/' >t.json
  $ rh-request -r role1 -n 1 --now $NOW --emit requests t.json
  {"entry":{"placekit.Request":{"role":1,"kind":"placed","host":"age3-[0,0,0]","priority":1,"issued":5000,"deadline":6000}}}
  $ rh-request -r role1 -n 1 --now $NOW t.json >s.json
  $ rh-request --escalate --now 999999 --emit requests s.json

Labels: placed requests carry none, open and escalated ones the role's
(case 130).

  $ { hdr 1000; role L0 0 0 3 30000 gpu; ent hA 0 false 5; foot 1; } >t.json
  $ rh-request -r L0 -n 2 --now $NOW --emit requests t.json
  {"entry":{"placekit.Request":{"role":0,"kind":"placed","host":"hA","priority":0,"issued":5000,"deadline":35000}}}
  {"entry":{"placekit.Request":{"role":0,"kind":"open","label":"gpu","priority":1073741824,"issued":5000}}}
  $ rh-request -r L0 -n 1 --now $NOW t.json >s.json
  $ rh-request --escalate --now 35001 --emit requests s.json
  {"entry":{"placekit.Request":{"role":0,"kind":"escalated","label":"gpu","priority":1073741824,"issued":5000}}}

A persisted save is rebuilt before planning (the 3-role sample): .86
was active at the save, last used then, first in role 2's list; .85 was
never released (last_used 0), and the 7-day purge drops it. Roles by
name come from the mapping.

  $ rh-request -r 2 -n 2 --now 1500000000000 --emit requests "$DATA/slider-samples/history-v01-3-role.json"
  {"entry":{"placekit.Request":{"role":2,"kind":"placed","host":"192.168.1.86","priority":2,"issued":1500000000000,"deadline":1500000030000}}}
  {"entry":{"placekit.Request":{"role":2,"kind":"open","priority":1073741826,"issued":1500000000000}}}
  $ rh-request -r slider-appmaster -n 1 --now 1 --emit requests "$DATA/slider-samples/history_v01b_1_role.json"
  {"entry":{"placekit.Request":{"role":0,"kind":"open","priority":1073741824,"issued":1}}}

Requests answered: rh-request | rh-load --events (cases 37-39, 57, 59).
F5 has 7 live role0 instances: with desired 0 every allocation would be
surplus, so these use desired 20 (f5_wanted).
testCompletedRequestDropsNode / testTwoRequests: allocations answer
placed requests (cases 37, 38).

  $ f5_wanted | rh-request -r role0 -n 2 --now 100 - >s.json
  $ echo '{"event":"allocated","container":"c1","host":"age3-[0,0,0]","priority":0,"time":200}' >ev
  $ rh-load -q --events ev s.json | grep placekit.Request
  {"entry":{"placekit.Request":{"role":0,"kind":"placed","host":"age2-[0,0,0]","priority":0,"issued":100,"deadline":1100}}}
  $ echo '{"event":"allocated","container":"c2","host":"age2-[0,0,0]","priority":0,"time":300}' >>ev
  $ rh-load -q --events ev s.json | grep -c placekit.Request
  0
  [1]

testThreeRequestsOneUnsatisified: the full allocation returns the
unsatisfied host, and the next request goes there (case 39).

  $ { hdr 0 1; role T0 0 0 3 30000; ent age2 0 false 2; ent age3 0 false 3; foot 2; } | sed 's/"desired":0/"desired":3/' >t.json
  $ rh-request -r T0 -n 3 --now 100 t.json >s.json && grep -c placekit.Request s.json
  3
  $ printf '%s\n' '{"event":"allocated","container":"c1","host":"age3","priority":0,"time":200}' '{"event":"allocated","container":"c2","host":"three","priority":1073741824,"time":300}' '{"event":"allocated","container":"c3","host":"four","priority":0,"time":400}' >ev
  $ rh-load --events ev s.json | grep -c placekit.Request
  0
  [1]
  $ rh-load --events ev --format lists s.json
  0 T0: age2
  $ rh-load --events ev s.json | rh-request -r T0 -n 1 --now 500 --emit requests
  {"entry":{"placekit.Request":{"role":0,"kind":"placed","host":"age2","priority":0,"issued":500,"deadline":30500}}}

testStartFailed: a failed start does not bring the host back (case 57);
testContainerFailed: a long-lived failure puts the host back at the
head (case 59).

  $ f5_wanted | rh-request -r role0 -n 1 --now 100 - >s.json
  $ printf '%s\n' '{"event":"allocated","container":"c1","host":"age3-[0,0,0]","priority":0,"time":200}' '{"event":"start_failed","container":"c1","time":300}' >ev
  $ rh-load --events ev s.json | rh-request -r role0 -n 2 --now 400 --emit requests
  {"entry":{"placekit.Request":{"role":0,"kind":"placed","host":"age2-[0,0,0]","priority":0,"issued":400,"deadline":1400}}}
  {"entry":{"placekit.Request":{"role":0,"kind":"open","priority":1073741824,"issued":400}}}
  $ printf '%s\n' '{"event":"allocated","container":"c1","host":"age3-[0,0,0]","priority":0,"time":200}' '{"event":"started","container":"c1","time":300}' '{"event":"completed","container":"c1","exit_status":1,"time":3600300}' >ev
  $ rh-load --events ev s.json | rh-request -r role0 -n 2 --now 3600400 --emit requests
  {"entry":{"placekit.Request":{"role":0,"kind":"placed","host":"age3-[0,0,0]","priority":0,"issued":3600400,"deadline":3601400}}}
  {"entry":{"placekit.Request":{"role":0,"kind":"placed","host":"age2-[0,0,0]","priority":0,"issued":3600400,"deadline":3601400}}}

Escalation (section F, cases 46-50, 133). testIssuedEscalatedRequest:
the deadline must be passed, strictly (cases 46, 133); in the state the
placed request is gone and the host is available again.

  $ { hdr 0; role role0 0 0 2 1000; ent host1 0 false 0; foot 1; } >t.json
  $ rh-request -r role0 -n 1 --now 0 t.json >s.json && grep placekit.Request s.json
  {"entry":{"placekit.Request":{"role":0,"kind":"placed","host":"host1","priority":0,"issued":0,"deadline":1000}}}
  $ rh-request --escalate --now 1000 s.json | diff s.json -
  $ rh-request --escalate --now 1000 --emit requests s.json
  $ rh-request --escalate --now 1001 --emit requests s.json
  {"entry":{"placekit.Request":{"role":0,"kind":"escalated","host":"host1","priority":1073741824,"issued":0}}}
  $ rh-request --escalate --now 1001 s.json | grep placekit.Request
  {"entry":{"placekit.Request":{"role":0,"kind":"escalated","host":"host1","priority":1073741824,"issued":0}}}

testEscalation: each role's own timeout; strict, open and aa requests
never escalate (case 48).

  $ { hdr 0; role role0 0 0 2 1000; role role1 1 1 2 1000; role role2 2 0 2 2000
  >   ent host1 0 false 0; ent host1 1 false 0; ent host1 2 false 0
  >   pk Request '"role":0,"kind":"placed","host":"host1","priority":0,"issued":0,"deadline":1000'
  >   pk Request '"role":0,"kind":"open","priority":1073741824,"issued":0'
  >   pk Request '"role":1,"kind":"placed","host":"host1","priority":1,"issued":0,"deadline":1000'
  >   pk Request '"role":2,"kind":"placed","host":"host1","priority":2,"issued":3000,"deadline":5000'
  >   pk Request '"role":2,"kind":"aa","hosts":["host1"],"priority":2,"issued":0'
  >   foot 3; } >s.json
  $ rh-request --escalate --now 1500 --emit requests s.json
  {"entry":{"placekit.Request":{"role":0,"kind":"escalated","host":"host1","priority":1073741824,"issued":0}}}
  $ rh-request --escalate --now 1500 s.json >s2.json
  $ rh-request --escalate --now 3000 --emit requests s2.json
  $ rh-request --escalate --now 5500 --emit requests s2.json
  {"entry":{"placekit.Request":{"role":2,"kind":"escalated","host":"host1","priority":1073741826,"issued":3000}}}
  $ rh-request --escalate --now 7000 s2.json | grep '"role":1,"kind"'
  {"entry":{"placekit.Request":{"role":1,"kind":"placed","host":"host1","priority":1,"issued":0,"deadline":1000}}}

testRequestLabelledPlacement / Unlabelled: the host goes only with a
label (cases 49, 50).

  $ { hdr 0; role role0 0 0 2 1000; role worker 5 0 2 1000 workers; ent host1 0 false 0; ent host1 5 false 0; foot 2; } >t.json
  $ rh-request -r worker -n 1 --now 0 --emit requests t.json
  {"entry":{"placekit.Request":{"role":5,"kind":"placed","host":"host1","priority":5,"issued":0,"deadline":1000}}}
  $ rh-request -r worker -n 1 --now 0 t.json | rh-request -r role0 -n 1 --now 0 >s.json
  $ rh-request --escalate --now 2000 --emit requests s.json
  {"entry":{"placekit.Request":{"role":0,"kind":"escalated","host":"host1","priority":1073741824,"issued":0}}}
  {"entry":{"placekit.Request":{"role":5,"kind":"escalated","label":"workers","priority":1073741829,"issued":0}}}

Escalated requests move to the end of the issue order.

  $ { hdr 0; role r 0 0 3 1000; ent a 0 false 0
  >   pk Request '"role":0,"kind":"placed","host":"a","priority":0,"issued":0,"deadline":1000'
  >   pk Request '"role":0,"kind":"open","priority":1073741824,"issued":500'
  >   foot 1; } >s.json
  $ rh-request --escalate --now 2000 s.json
  {"entry":{"org.apache.slider.server.avro.RoleHistoryHeader":{"version":1,"saved":0,"savedx":"0","savedate":"1 Jan 1970 00:00:01 GMT","roles":3}}}
  {"entry":{"org.apache.slider.server.avro.RoleHistoryMapping":{"rolemap":{"r":0}}}}
  {"entry":{"placekit.Role":{"name":"r","id":0,"desired":0,"policy":0,"failure_threshold":3,"escalate_ms":1000}}}
  {"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"a","role":0,"active":false,"last_used":0}}}
  {"entry":{"placekit.Request":{"role":0,"kind":"open","priority":1073741824,"issued":500}}}
  {"entry":{"placekit.Request":{"role":0,"kind":"escalated","host":"a","priority":1073741824,"issued":0}}}
  {"entry":{"org.apache.slider.server.avro.RoleHistoryFooter":{"count":1}}}

Anti-affinity (section H, cases 63-71, 102-111): aa3 makes the AA3 roles
and nodes HOST:STATE:LABEL.

  $ aa3() { hdr 0
  >   pk Role '"name":"role0","id":0,"desired":0,"policy":0,"failure_threshold":2,"escalate_ms":1000'
  >   pk Role '"name":"role1","id":1,"desired":0,"policy":4,"failure_threshold":2,"escalate_ms":1000,"label":"gpu"'
  >   pk Role '"name":"role2","id":2,"desired":0,"policy":4,"failure_threshold":2,"escalate_ms":2000'
  >   for n in "$@"; do IFS=: read -r h s l <<<"$n"; pk Node "\"host\":\"$h\",\"state\":\"$s\"${l:+,\"label\":\"$l\"}"; done; }

testAllocateAANoLabel: one request naming every node, sorted (cases 63,
102); testFindNodesInUnhealthyCluster: offline nodes are no candidates
(case 64); testFindNoNodesWrongLabel: no node with the label, no request
(case 65).

  $ { aa3 00000002:RUNNING 00000000:RUNNING 00000001:RUNNING; foot 0; } >t.json
  $ rh-request -r role2 -n 1 --now $NOW --emit requests t.json
  {"entry":{"placekit.Request":{"role":2,"kind":"aa","hosts":["00000000","00000001","00000002"],"priority":2,"issued":5000}}}
  $ { aa3 1:UNHEALTHY 2:RUNNING 3:RUNNING; foot 0; } >t.json
  $ rh-request -r role2 -n 1 --now $NOW --emit requests t.json
  {"entry":{"placekit.Request":{"role":2,"kind":"aa","hosts":["2","3"],"priority":2,"issued":5000}}}
  $ { aa3 1:RUNNING 2:RUNNING 3:RUNNING; foot 0; } >t.json
  $ rh-request -r role1 -n 1 --now $NOW --emit requests t.json
  rh-request: warning: no known node can host role 'role1' (online, label 'gpu', no instance): no request issued
  $ rh-request -q -r role1 -n 1 --now $NOW t.json | diff - <(rh-load t.json)

testFindSomeNodesSomeLabel / RightLabel / NoLabel: labels filter
candidates; an unlabelled role takes labelled nodes too (cases 66-68,
109).

  $ { aa3 00000000:RUNNING:gpu 00000001:RUNNING:gpu 00000002:RUNNING; foot 0; } >t.json
  $ rh-request -r role1 -n 1 --now $NOW --emit requests t.json
  {"entry":{"placekit.Request":{"role":1,"kind":"aa","hosts":["00000000","00000001"],"priority":1,"issued":5000}}}
  $ rh-request -r role2 -n 1 --now $NOW --emit requests t.json
  {"entry":{"placekit.Request":{"role":2,"kind":"aa","hosts":["00000000","00000001","00000002"],"priority":2,"issued":5000}}}

testFindNoNodesLifecycle: starting and live instances exclude a node,
releasing frees it (cases 66, 70); testFindNoNodesClusterRequested:
requested instances exclude nodes (case 69); testRolesIndependent: one
role's instance leaves the other's candidates (case 71).

  $ { aa3 1:RUNNING 2:RUNNING 3:RUNNING; ent 1 2 false 0 '"starting":1'; ent 2 2 true 0; ent 3 2 true 0 '"releasing":1'; foot 3; } >t.json
  $ rh-request -r role2 -n 1 --now $NOW --emit requests t.json
  {"entry":{"placekit.Request":{"role":2,"kind":"aa","hosts":["3"],"priority":2,"issued":5000}}}
  $ { aa3 1:RUNNING 2:RUNNING 3:RUNNING
  >   for h in 1 2 3; do ent $h 1 false 0 '"requested":1'; done
  >   for h in 1 2 3; do ent $h 2 false 0 '"requested":1'; done; foot 6; } >t.json
  $ rh-request -r role2 -n 1 --now $NOW --emit requests t.json
  rh-request: warning: no known node can host role 'role2' (online, any label, no instance): no request issued
  $ { aa3 1:RUNNING 2:UNHEALTHY 3:UNHEALTHY; ent 1 1 false 0 '"starting":1'; ent 1 2 false 0; foot 2; } >t.json
  $ rh-request -q -r role1 -n 1 --now $NOW --emit requests t.json
  $ rh-request -r role2 -n 1 --now $NOW --emit requests t.json
  {"entry":{"placekit.Request":{"role":2,"kind":"aa","hosts":["1"],"priority":2,"issued":5000}}}

testAskForTooMany: one aa request at a time, the rest left with a
warning; with one outstanding, no second (cases 103, 105).

  $ { aa3 00000000:RUNNING 00000001:RUNNING 00000002:RUNNING; foot 0; } >t.json
  $ rh-request -r role2 -n 4 --now $NOW --emit requests t.json
  rh-request: warning: role 'role2' is anti-affine: one request at a time, as Slider does; 3 more instances to request once it is answered
  {"entry":{"placekit.Request":{"role":2,"kind":"aa","hosts":["00000000","00000001","00000002"],"priority":2,"issued":5000}}}
  $ rh-request -q -r role2 -n 4 --now $NOW t.json >s.json
  $ rh-request -r role2 -n 1 --now $NOW --emit requests s.json
  rh-request: warning: role 'role2' is anti-affine and has an outstanding request: none issued (one at a time, as Slider does)

testAMRestart: a live instance's node is left out (case 108);
testOvercapacityRecovery: an untrusted node is still a candidate (case
111); aa candidates are the known nodes: node records and entries, any
role.

  $ { aa3 00000000:RUNNING 00000001:RUNNING 00000002:RUNNING; ent 00000000 2 true 0; pk Container '"id":"c1","host":"00000000","role":2,"state":"live","since":1'; foot 1; } >t.json
  $ rh-request -r role2 -n 1 --now $NOW --emit requests t.json
  {"entry":{"placekit.Request":{"role":2,"kind":"aa","hosts":["00000001","00000002"],"priority":2,"issued":5000}}}
  $ { aa3 00000000:RUNNING; ent 00000000 2 false 0 '"failed":1,"failed_recently":1,"start_failed":1,"untrusted":true'; foot 1; } >t.json
  $ rh-request -r role2 -n 1 --now $NOW --emit requests t.json
  {"entry":{"placekit.Request":{"role":2,"kind":"aa","hosts":["00000000"],"priority":2,"issued":5000}}}
  $ { aa3 n1:RUNNING; ent e1 0 false 0; ent e2 2 false 9; pk Request '"role":0,"kind":"placed","host":"r1","priority":0,"issued":0,"deadline":9'; foot 2; } >t.json
  $ rh-request -r role2 -n 1 --now $NOW --emit requests t.json
  {"entry":{"placekit.Request":{"role":2,"kind":"aa","hosts":["e1","e2","n1"],"priority":2,"issued":5000}}}

The output. The state: the input with this run's requests added, in
stream order; --emit requests prints exactly the lines the state adds.

  $ rh-request -r role0 -n 3 --now $NOW "$F5" | diff "$F5" -
  11a12,14
  > {"entry":{"placekit.Request":{"role":0,"kind":"placed","host":"age3-[0,0,0]","priority":0,"issued":5000,"deadline":6000}}}
  > {"entry":{"placekit.Request":{"role":0,"kind":"placed","host":"age2-[0,0,0]","priority":0,"issued":5000,"deadline":6000}}}
  > {"entry":{"placekit.Request":{"role":0,"kind":"open","priority":1073741824,"issued":5000}}}
  [1]
  $ rh-request -r role0 -n 3 --now $NOW --emit requests "$F5" >emit
  $ rh-request -r role0 -n 3 --now $NOW "$F5" | grep -F placekit.Request | cmp emit -

Requests come after the earlier ones of the role, by role.

  $ rh-request -r role2 -n 1 --now 100 "$F5" | rh-request -r role0 -n 1 --now 200 | rh-request -r role2 -n 1 --now 300 | rh-request -r role0 -n 1 --now 400 | grep -F placekit.Request
  {"entry":{"placekit.Request":{"role":0,"kind":"placed","host":"age3-[0,0,0]","priority":0,"issued":200,"deadline":1200}}}
  {"entry":{"placekit.Request":{"role":0,"kind":"placed","host":"age2-[0,0,0]","priority":0,"issued":400,"deadline":1400}}}
  {"entry":{"placekit.Request":{"role":2,"kind":"open","priority":1073741826,"issued":100}}}
  {"entry":{"placekit.Request":{"role":2,"kind":"open","priority":1073741826,"issued":300}}}

-n 0 is a valid no-op: the state comes back byte for byte.

  $ rh-request -r role0 -n 0 --now $NOW "$F5" | cmp "$F5" -
  $ rh-request -r role0 -n 0 --now $NOW --emit requests "$F5"

The role by name or by id: the same plan; a name wins over an id.

  $ rh-request -r role0 -n 2 --now $NOW "$F5" >by-name
  $ rh-request --role 0 --count 2 --now $NOW "$F5" | cmp by-name -
  $ { hdr 0; role 1 0 0 3 1000; role x 1 0 3 1000; ent a 0 false 0; ent b 1 false 0; foot 2; } >t.json
  $ rh-request -r 1 -n 1 --now 0 --emit requests t.json
  {"entry":{"placekit.Request":{"role":0,"kind":"placed","host":"a","priority":0,"issued":0,"deadline":1000}}}

Input from stdin, '-', a file or a history directory; fully
deterministic; the output a state rh-load takes as it is.

  $ rh-request -r role0 -n 2 --now $NOW <"$F5" | cmp by-name -
  $ rh-request -r role0 -n 2 --now $NOW - <"$F5" | cmp by-name -
  $ rh-request -r role0 -n 5 --now $NOW "$F5" >a && rh-request -r role0 -n 5 --now $NOW "$F5" | cmp a -
  $ rh-load a | cmp - a

A history directory is read as Slider reads it: a persisted save; a
state stream there, newer, is a file Slider skips.

  $ mkdir hist && cp_fixture "$DATA/slider-samples/history-v01-3-role.json" hist/rolehistory-00000000000003e8.json
  $ rh-request -r 1 -n 2 --now $NOW hist/rolehistory-00000000000003e8.json >by-file
  $ rh-request -r 1 -n 2 --now $NOW hist | cmp by-file -
  $ cp_fixture "$F5" hist/rolehistory-00000000000003e9.json && rh-request -r 1 -n 2 --now $NOW hist | cmp by-file -
  rh-request: hist/rolehistory-00000000000003e9.json:3:11: warning: skipping this file: 'placekit.Role' is a placekit record, not one of Slider's; Slider: "Unknown union branch placekit.Role"

-o FILE writes atomically; a failed run leaves it as it was. --now takes
ISO-8601 or milliseconds.

  $ rh-request -r role0 -n 1 --now $NOW -o out.json "$F5" && grep -c placekit.Request out.json
  1
  $ cp out.json before && rh-request -r nosuch -n 1 --now $NOW -o out.json "$F5" 2>/dev/null
  [65]
  $ cmp before out.json && rh-request -r role0 -n 1 --now $NOW -o nodir/out.json "$F5"
  rh-request: cannot create 'nodir/out.json': No such file or directory
  [73]
  $ rh-request -r role0 -n 1 --now 1970-01-01T00:00:05Z --emit requests "$F5"
  {"entry":{"placekit.Request":{"role":0,"kind":"placed","host":"age3-[0,0,0]","priority":0,"issued":5000,"deadline":6000}}}

Errors. A role not in the history is bad data, exit 65.

  $ rh-request -r nosuch -n 1 --now $NOW "$F5"
  rh-request: .../f5.json: role 'nosuch' is not in the history; its roles are 0 role0, 1 role1, 2 role2
  [65]
  $ rh-request -r 7 -n 1 --now $NOW <"$F5"
  rh-request: <stdin>: role '7' is not in the history; its roles are 0 role0, 1 role1, 2 role2
  [65]

A bad -r or -n form is a usage error, exit 64.

  $ rh-request -r role0 -n -1 "$F5"
  rh-request: -n: -1 is too small (at least 0)
  Try 'rh-request --help'.
  [64]
  $ rh-request -r role0 -n x "$F5"
  rh-request: -n: 'x' is not a number
  Try 'rh-request --help'.
  [64]
  $ rh-request -r role0 -n 1.5 "$F5"
  rh-request: -n: '1.5' is not a number
  Try 'rh-request --help'.
  [64]
  $ rh-request -r role0 -n 1000001 "$F5"
  rh-request: -n: 1000001 is too large (at most 1000000)
  Try 'rh-request --help'.
  [64]
  $ rh-request -r role0 "$F5"
  rh-request: -r needs -n COUNT
  Try 'rh-request --help'.
  [64]
  $ rh-request -n 1 "$F5"
  rh-request: -n needs -r ROLE
  Try 'rh-request --help'.
  [64]
  $ rh-request "$F5"
  rh-request: -r ROLE and -n COUNT, or --escalate, are needed
  Try 'rh-request --help'.
  [64]
  $ rh-request --escalate -r role0 "$F5"
  rh-request: --escalate takes no -r or -n
  Try 'rh-request --help'.
  [64]
  $ rh-request --escalate -n 1 "$F5"
  rh-request: --escalate takes no -r or -n
  Try 'rh-request --help'.
  [64]
  $ rh-request -r role0 -n 1 --emit state,requests "$F5"
  rh-request: --emit: 'state,requests' is not state or requests
  Try 'rh-request --help'.
  [64]
  $ rh-request -r '' -n 1 "$F5"
  rh-request: -r: the role is empty
  Try 'rh-request --help'.
  [64]
  $ rh-request -r role0 -n 1 "$F5" "$F5"
  rh-request: one history at most: '.../f5.json' is extra
  Try 'rh-request --help'.
  [64]

An inconsistent state (a container on a host with no entry) is bad data
naming it; a surplus container counts in no entry: fine.

  $ { hdr 0; ent a 0 false 0; pk Container '"id":"c9","host":"b","role":0,"state":"live","since":1'; foot 1; } >t.json
  $ rh-request -r 0 -n 1 --now $NOW t.json
  rh-request: t.json: inconsistent state: container 'c9' is on host 'b', which has no entry for role 0
  [65]
  $ rh-request --escalate --now $NOW t.json
  rh-request: t.json: inconsistent state: container 'c9' is on host 'b', which has no entry for role 0
  [65]
  $ { hdr 0; ent a 0 false 0; pk Container '"id":"c9","host":"b","role":0,"state":"releasing","since":1,"surplus":true'; foot 1; } >s.json
  $ rh-request -r 0 -n 1 --now $NOW --emit requests s.json
  {"entry":{"placekit.Request":{"role":0,"kind":"placed","host":"a","priority":0,"issued":5000,"deadline":35000}}}

Input errors: missing file 66, broken input 65, empty input 65; a record
cut short is reported where it begins.

  $ rh-request -r 0 -n 1 nope.json
  rh-request: cannot open 'nope.json': No such file or directory
  [66]
  $ printf '{broken' >b.json && rh-request -r 0 -n 1 b.json
  rh-request: b.json:1:2: quoted object property name expected
  [65]
  $ rh-request -r 0 -n 1 /dev/null
  rh-request: /dev/null: no history: the input is empty
  [65]
  $ (cd "$DATA" && exec rh-request -r regionserver -n 1 --now 2026-11-22T10:00:00Z cut/line.json)
  rh-request: cut/line.json:4:1: this record is not closed: it runs into the record at 5:1 (a line cut short?)
  [65]
  $ (cd "$DATA" && exec rh-request -r regionserver -n 1 --now 2026-11-22T10:00:00Z cut/end.json)
  rh-request: cut/end.json:10:80: unexpected end of file: the record that starts at 10:1 is not closed
  [65]

A full stdout is an I/O error; a closed pipe is quiet success (the
reader gone before the first write).

  $ rh-request -r role0 -n 1 --now $NOW "$F5" >/dev/full
  rh-request: write error: No space left on device
  [74]
  $ perl -e 'pipe(R, W) or die; close R; open(STDOUT, ">&", \*W) or die; close W; exec @ARGV or die' -- rh-request -r role0 -n 1 --now $NOW "$F5"

-q silences warnings, not errors.

  $ { aa3 1:RUNNING; foot 0; } >t.json
  $ rh-request -q -r role2 -n 3 --now $NOW --emit requests t.json
  {"entry":{"placekit.Request":{"role":2,"kind":"aa","hosts":["1"],"priority":2,"issued":5000}}}
  $ rh-request -q -r nosuch -n 3 --now $NOW t.json
  rh-request: t.json: role 'nosuch' is not in the history; its roles are 0 role0, 1 role1, 2 role2
  [65]

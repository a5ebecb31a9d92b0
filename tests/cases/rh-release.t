rh-release: Slider's release table, cancelling requests first, the
output and the errors, and the rh-load | rh-request | rh-release |
rh-compact pipelines. "Case N" numbers a behaviour of Apache Slider's
role history that a case checks, taken from Slider's own tests and code.
tests/data/reqrel/release-table.json: role worker (0) live on a4 (4
containers), a2 (2), a1 (1), idle on a0; role master (1) on a4.

  $ NS=org.apache.slider.server.avro TABLE=$DATA/reqrel/release-table.json F5=$DATA/reqrel/f5.json NOW=9000
  $ hdr() { printf '{"entry":{"%s.RoleHistoryHeader":{"version":1,"saved":%s,"savedx":"%x","savedate":"1 Jan 1970 00:00:01 GMT","roles":%s}}}\n' "$NS" "$1" "$1" "${2:-3}"; }
  $ ent() { printf '{"entry":{"%s.NodeEntryRecord":{"host":"%s","role":%s,"active":%s,"last_used":%s%s}}}\n' "$NS" "$1" "$2" "$3" "$4" "${5:+,$5}"; }
  $ foot() { printf '{"entry":{"%s.RoleHistoryFooter":{"count":%s}}}\n' "$NS" "$1"; }
  $ pk() { printf '{"entry":{"placekit.%s":{%s}}}\n' "$1" "$2"; }
  $ ctr() { pk Container "\"id\":\"$1\",\"host\":\"$2\",\"role\":$3,\"state\":\"$4\",\"since\":$5"; }

--help names every option of the synopsis:

  $ rh-release --help
  usage: rh-release [-q] -r ROLE -n COUNT [--now T] [--emit state|releases]
                    [-o FILE] [FILE | -]
  
  Plan a shrink of a role on a state stream: cancel requests, release
  containers.
  
    -q, --quiet             silence warnings
    -r, --role ROLE         role name or id
    -n, --count COUNT       instances to remove
        --now T             the current time
        --emit WHAT         state (default) or releases
    -o, --output FILE       write to FILE atomically
    -h, --help              show this help
        --version           show the version
  
  See rh-release(1).

Slider's release table, how many containers go from which host: a4=4,
a2=2, a1=1, a0=0; shrinks of 1 to 8, the hosts in order.

  $ for n in 1 2 3 4 5 6 7 8; do printf '%s:' $n; rh-release -q -r worker -n $n --now $NOW --emit releases "$TABLE" | sed 's/.*"host":"\([^"]*\)".*/ \1/' | tr -d '\n'; echo; done
  1: a4
  2: a4 a4
  3: a4 a4 a4
  4: a4 a4 a4 a2
  5: a4 a4 a4 a2 a1
  6: a4 a4 a4 a2 a1 a4
  7: a4 a4 a4 a2 a1 a4 a2
  8: a4 a4 a4 a2 a1 a4 a2

The containers, newest first on a node, and why; the state: containers
releasing since now, the entries count them.

  $ rh-release -r worker -n 8 --now $NOW --emit releases "$TABLE"
  rh-release: warning: role 'worker': 7 of 8 instances removed (0 requests cancelled, 7 containers released): no other outstanding request or live container
  {"entry":{"placekit.Release":{"id":"a4-4","host":"a4","role":0,"reason":"multi-instance"}}}
  {"entry":{"placekit.Release":{"id":"a4-3","host":"a4","role":0,"reason":"multi-instance"}}}
  {"entry":{"placekit.Release":{"id":"a4-2","host":"a4","role":0,"reason":"multi-instance"}}}
  {"entry":{"placekit.Release":{"id":"a2-2","host":"a2","role":0,"reason":"multi-instance"}}}
  {"entry":{"placekit.Release":{"id":"a1-1","host":"a1","role":0,"reason":"one-per-node"}}}
  {"entry":{"placekit.Release":{"id":"a4-1","host":"a4","role":0,"reason":"one-per-node"}}}
  {"entry":{"placekit.Release":{"id":"a2-1","host":"a2","role":0,"reason":"one-per-node"}}}
  $ rh-release -r worker -n 5 --now $NOW "$TABLE" | diff "$TABLE" -
  6,8c6,8
  < {"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"a1","role":0,"active":true,"last_used":50}}}
  < {"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"a2","role":0,"active":true,"last_used":50,"live":2}}}
  < {"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"a4","role":0,"active":true,"last_used":50,"live":4}}}
  ---
  > {"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"a1","role":0,"active":true,"last_used":50,"releasing":1}}}
  > {"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"a2","role":0,"active":true,"last_used":50,"live":2,"releasing":1}}}
  > {"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"a4","role":0,"active":true,"last_used":50,"live":4,"releasing":3}}}
  10c10
  < {"entry":{"placekit.Container":{"id":"a1-1","host":"a1","role":0,"state":"live","since":100}}}
  ---
  > {"entry":{"placekit.Container":{"id":"a1-1","host":"a1","role":0,"state":"releasing","since":9000}}}
  12c12
  < {"entry":{"placekit.Container":{"id":"a2-2","host":"a2","role":0,"state":"live","since":200}}}
  ---
  > {"entry":{"placekit.Container":{"id":"a2-2","host":"a2","role":0,"state":"releasing","since":9000}}}
  14,16c14,16
  < {"entry":{"placekit.Container":{"id":"a4-2","host":"a4","role":0,"state":"live","since":200}}}
  < {"entry":{"placekit.Container":{"id":"a4-3","host":"a4","role":0,"state":"live","since":300}}}
  < {"entry":{"placekit.Container":{"id":"a4-4","host":"a4","role":0,"state":"live","since":400}}}
  ---
  > {"entry":{"placekit.Container":{"id":"a4-2","host":"a4","role":0,"state":"releasing","since":9000}}}
  > {"entry":{"placekit.Container":{"id":"a4-3","host":"a4","role":0,"state":"releasing","since":9000}}}
  > {"entry":{"placekit.Container":{"id":"a4-4","host":"a4","role":0,"state":"releasing","since":9000}}}
  [1]

A second shrink continues where the first left off: active now a2=2,
a4=2 (a tie: host names), a1=1.

  $ rh-release -r worker -n 2 --now $NOW "$TABLE" >s.json
  $ rh-release -r worker -n 3 --now $NOW --emit releases s.json
  {"entry":{"placekit.Release":{"id":"a2-2","host":"a2","role":0,"reason":"multi-instance"}}}
  {"entry":{"placekit.Release":{"id":"a4-2","host":"a4","role":0,"reason":"multi-instance"}}}
  {"entry":{"placekit.Release":{"id":"a1-1","host":"a1","role":0,"reason":"one-per-node"}}}

Equal counts: host names decide; equal times: the greater id goes first.

  $ { hdr 0 1; ent b 0 true 0 '"live":2'; ent a 0 true 0 '"live":2'; ctr x1 b 0 live 5; ctr x2 b 0 live 5; ctr y1 a 0 live 7; ctr y2 a 0 live 6; foot 2; } >t.json
  $ rh-release -r 0 -n 4 --now $NOW --emit releases t.json
  {"entry":{"placekit.Release":{"id":"y1","host":"a","role":0,"reason":"multi-instance"}}}
  {"entry":{"placekit.Release":{"id":"x2","host":"b","role":0,"reason":"multi-instance"}}}
  {"entry":{"placekit.Release":{"id":"y2","host":"a","role":0,"reason":"one-per-node"}}}
  {"entry":{"placekit.Release":{"id":"x1","host":"b","role":0,"reason":"one-per-node"}}}

Only live containers are released: not releasing, allocated, starting
or surplus ones.

  $ { hdr 0 1; ent a 0 true 0 '"starting":2,"live":2,"releasing":1'
  >   ctr c1 a 0 releasing 9; ctr c2 a 0 allocated 8; ctr c3 a 0 starting 7; ctr c4 a 0 live 1
  >   pk Container '"id":"c5","host":"a","role":0,"state":"releasing","since":9,"surplus":true'; foot 1; } >t.json
  $ rh-release -r 0 -n 3 --now $NOW --emit releases t.json
  rh-release: warning: role '0': 1 of 3 instances removed (0 requests cancelled, 1 container released): no other outstanding request or live container
  {"entry":{"placekit.Release":{"id":"c4","host":"a","role":0,"reason":"one-per-node"}}}

Entries counting more instances than the state has containers: a
warning, which -q silences.

  $ { hdr 0 1; ent a 0 true 0 '"live":3'; ctr c1 a 0 live 1; foot 1; } >t.json
  $ rh-release -r 0 -n 2 --now $NOW --emit releases t.json
  rh-release: warning: role '0': 1 of 2 instances removed (0 requests cancelled, 1 container released): no other outstanding request or live container
  rh-release: warning: role '0': the entries count 3 active instances but the state holds 1 live container; only containers can be released
  {"entry":{"placekit.Release":{"id":"c1","host":"a","role":0,"reason":"one-per-node"}}}
  $ rh-release -q -r 0 -n 2 --now $NOW --emit releases t.json
  {"entry":{"placekit.Release":{"id":"c1","host":"a","role":0,"reason":"one-per-node"}}}

Cancelling requests first (cases 113-115, 127).
testRequestThenCancelOps: outstanding requests are cancelled before
anything is released: one placed request (a0, the only idle host) and
four open ones (case 113).

  $ rh-request -r worker -n 5 --now 100 "$TABLE" >s.json
  $ rh-release -r worker -n 2 --now $NOW --emit releases s.json
  {"entry":{"placekit.Cancel":{"role":0,"kind":"open","priority":1073741824,"issued":100}}}
  {"entry":{"placekit.Cancel":{"role":0,"kind":"open","priority":1073741824,"issued":100}}}
  $ rh-release -r worker -n 2 --now $NOW s.json | grep -c -e placekit.Request -e '"state":"releasing"'
  3
  $ rh-release -r worker -n 5 --now $NOW --emit releases s.json
  {"entry":{"placekit.Cancel":{"role":0,"kind":"open","priority":1073741824,"issued":100}}}
  {"entry":{"placekit.Cancel":{"role":0,"kind":"open","priority":1073741824,"issued":100}}}
  {"entry":{"placekit.Cancel":{"role":0,"kind":"open","priority":1073741824,"issued":100}}}
  {"entry":{"placekit.Cancel":{"role":0,"kind":"open","priority":1073741824,"issued":100}}}
  {"entry":{"placekit.Cancel":{"role":0,"kind":"placed","host":"a0","priority":0,"issued":100,"deadline":30100}}}

testCancelAllOutstandingRequests: open ones first, oldest first, then
placed ones newest first (case 114).

  $ { hdr 0 1; ent a 0 false 5; ent b 0 false 4; ent c 0 false 3
  >   pk Request '"role":0,"kind":"placed","host":"a","priority":0,"issued":10,"deadline":99'
  >   pk Request '"role":0,"kind":"open","priority":1073741824,"issued":20'
  >   pk Request '"role":0,"kind":"placed","host":"b","priority":0,"issued":30,"deadline":99'
  >   pk Request '"role":0,"kind":"escalated","host":"c","priority":1073741824,"issued":5'
  >   pk Request '"role":0,"kind":"open","priority":1073741824,"issued":50'; foot 3; } >s.json
  $ rh-release -r 0 -n 5 --now $NOW --emit releases s.json
  {"entry":{"placekit.Cancel":{"role":0,"kind":"open","priority":1073741824,"issued":20}}}
  {"entry":{"placekit.Cancel":{"role":0,"kind":"escalated","host":"c","priority":1073741824,"issued":5}}}
  {"entry":{"placekit.Cancel":{"role":0,"kind":"open","priority":1073741824,"issued":50}}}
  {"entry":{"placekit.Cancel":{"role":0,"kind":"placed","host":"b","priority":0,"issued":30,"deadline":99}}}
  {"entry":{"placekit.Cancel":{"role":0,"kind":"placed","host":"a","priority":0,"issued":10,"deadline":99}}}
  $ rh-release -r 0 -n 5 --now $NOW s.json | grep -c placekit.Request
  0
  [1]

testFlexDownOutstandingRequests: 2 cancels and 1 release for a shrink
of 3 (case 115).

  $ { hdr 0 1; ent 00000000 0 true 0 '"live":2'; ctr c1 00000000 0 live 1; ctr c2 00000000 0 live 2
  >   pk Request '"role":0,"kind":"open","priority":1073741824,"issued":1'
  >   pk Request '"role":0,"kind":"open","priority":1073741824,"issued":1'; foot 1; } >s.json
  $ rh-release -r 0 -n 3 --now $NOW --emit releases s.json
  {"entry":{"placekit.Cancel":{"role":0,"kind":"open","priority":1073741824,"issued":1}}}
  {"entry":{"placekit.Cancel":{"role":0,"kind":"open","priority":1073741824,"issued":1}}}
  {"entry":{"placekit.Release":{"id":"c2","host":"00000000","role":0,"reason":"multi-instance"}}}
  $ rh-release -r 0 -n 3 --now $NOW s.json | grep NodeEntryRecord
  {"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"00000000","role":0,"active":true,"last_used":0,"live":2,"releasing":1}}}

An anti-affinity role's outstanding request is cancelled too; a
cancelled placed request's host is available again (unlike Slider, case
127); other roles' requests and containers are left alone.

  $ { hdr 0 1; pk Role '"name":"aa","id":0,"desired":0,"policy":4,"failure_threshold":3,"escalate_ms":1000'; pk Node '"host":"n1","state":"RUNNING"'; foot 0; } >t.json
  $ rh-request -r aa -n 1 --now 7 t.json | rh-release -r aa -n 1 --now $NOW --emit releases
  {"entry":{"placekit.Cancel":{"role":0,"kind":"aa","hosts":["n1"],"priority":0,"issued":7}}}
  $ rh-request -r role0 -n 1 --now 100 "$F5" >s.json && rh-load --format lists s.json | head -n 1
  0 role0: age2-[0,0,0]
  $ rh-release -r role0 -n 1 --now $NOW s.json | rh-load --format lists - | head -n 1
  0 role0: age3-[0,0,0] age2-[0,0,0]
  $ rh-request -r master -n 1 --now 100 "$TABLE" >s.json
  $ rh-release -r worker -n 1 --now $NOW --emit releases s.json
  {"entry":{"placekit.Release":{"id":"a4-4","host":"a4","role":0,"reason":"multi-instance"}}}
  $ rh-release -r master -n 2 --now $NOW --emit releases s.json
  {"entry":{"placekit.Cancel":{"role":1,"kind":"open","priority":1073741825,"issued":100}}}
  {"entry":{"placekit.Release":{"id":"m-1","host":"a4","role":1,"reason":"one-per-node"}}}

Output and options. -n 0 is a valid no-op: the state comes back byte
for byte. The role by name or id, input from a file, stdin or '-': the
same bytes, which rh-load takes as they are.

  $ rh-release -r worker -n 0 --now $NOW "$TABLE" | cmp "$TABLE" -
  $ rh-release -r worker -n 0 --now $NOW --emit releases "$TABLE"
  $ rh-release -r worker -n 3 --now $NOW "$TABLE" >want
  $ rh-release --role 0 --count 3 --now $NOW "$TABLE" | cmp want -
  $ rh-release -r worker -n 3 --now $NOW <"$TABLE" | cmp want -
  $ rh-release -r worker -n 3 --now $NOW - <"$TABLE" | cmp want -
  $ rh-load want | cmp want -

--now takes ISO-8601 or milliseconds; -o FILE writes atomically and a
failed run leaves it as it was.

  $ rh-release -r worker -n 1 --now 1970-01-01T00:00:09Z "$TABLE" | grep '"id":"a4-4"'
  {"entry":{"placekit.Container":{"id":"a4-4","host":"a4","role":0,"state":"releasing","since":9000}}}
  $ rh-release -r worker -n 1 --now $NOW -o out.json "$TABLE" && grep '"id":"a4-4"' out.json
  {"entry":{"placekit.Container":{"id":"a4-4","host":"a4","role":0,"state":"releasing","since":9000}}}
  $ cp out.json before && rh-release -r nosuch -n 1 --now $NOW -o out.json "$TABLE" 2>/dev/null
  [65]
  $ cmp before out.json && rh-release -r worker -n 1 --now $NOW -o nodir/out.json "$TABLE"
  rh-release: cannot create 'nodir/out.json': No such file or directory
  [73]

Errors. A role not in the history is bad data, exit 65; a bad -r or -n
form is a usage error, exit 64.

  $ cd "$DATA/reqrel"
  $ rh-release -r nosuch -n 1 --now $NOW release-table.json
  rh-release: release-table.json: role 'nosuch' is not in the history; its roles are 0 worker, 1 master
  [65]
  $ rh-release -r 2 -n 1 --now $NOW release-table.json
  rh-release: release-table.json: role '2' is not in the history; its roles are 0 worker, 1 master
  [65]
  $ rh-release -r worker -n -3 release-table.json
  rh-release: -n: -3 is too small (at least 0)
  Try 'rh-release --help'.
  [64]
  $ rh-release -r worker -n three release-table.json
  rh-release: -n: 'three' is not a number
  Try 'rh-release --help'.
  [64]
  $ rh-release -r worker -n 2000000 release-table.json
  rh-release: -n: 2000000 is too large (at most 1000000)
  Try 'rh-release --help'.
  [64]
  $ rh-release -r worker release-table.json
  rh-release: -r needs -n COUNT
  Try 'rh-release --help'.
  [64]
  $ rh-release -n 1 release-table.json
  rh-release: -n needs -r ROLE
  Try 'rh-release --help'.
  [64]
  $ rh-release release-table.json
  rh-release: -r ROLE and -n COUNT are needed
  Try 'rh-release --help'.
  [64]
  $ rh-release -r worker -n 1 --emit requests release-table.json
  rh-release: --emit: 'requests' is not state or releases
  Try 'rh-release --help'.
  [64]
  $ rh-release --escalate -r worker -n 1 release-table.json
  rh-release: option '--escalate' is unknown
  Try 'rh-release --help'.
  [64]
  $ rh-release -r '' -n 1 release-table.json
  rh-release: -r: the role is empty
  Try 'rh-release --help'.
  [64]
  $ cd "$OLDPWD"

An inconsistent state (a container on a host with no entry) is bad data
naming it; input errors: missing file 66, broken input 65; a full
stdout 74; a closed pipe quiet; a record cut short is reported where it
begins.

  $ { hdr 0 1; ent a 0 true 0; ctr c1 a 0 live 1; ctr c2 b 0 live 2; foot 1; } >t.json
  $ rh-release -r 0 -n 1 --now $NOW t.json
  rh-release: t.json: inconsistent state: container 'c2' is on host 'b', which has no entry for role 0
  [65]
  $ rh-release -r 0 -n 1 nope.json
  rh-release: cannot open 'nope.json': No such file or directory
  [66]
  $ printf '{"entry":' >b.json && rh-release -r 0 -n 1 b.json
  rh-release: b.json:1:10: unexpected end of file: the record that starts at 1:1 is not closed
  [65]
  $ rh-release -r worker -n 1 --now $NOW "$TABLE" >/dev/full
  rh-release: write error: No space left on device
  [74]
  $ perl -e 'pipe(R, W) or die; close R; open(STDOUT, ">&", \*W) or die; close W; exec @ARGV or die' -- rh-release -r worker -n 1 --now $NOW "$TABLE"
  $ (cd "$DATA" && exec rh-release -r regionserver -n 1 --now 2026-11-22T10:00:00Z cut/swallow.json)
  rh-release: cut/swallow.json:6:1: this record is not closed: it runs into the record at 7:1 (a line cut short?)
  [65]
  $ rh-release -r regionserver -n 1 <"$DATA/cut/line.json"
  rh-release: <stdin>:4:1: this record is not closed: it runs into the record at 5:1 (a line cut short?)
  [65]

Pipelines. rh-load | rh-request | rh-release: two more instances start
on age3 and age2 (7 are live, 9 desired), then a shrink by one: both are
single-instance nodes, age2 sorts first. An entry whose instances are
all being released is available (Slider's isAvailable, case 70); the
release completes: the entry is idle, last used then.

  $ sed 's/"name":"role0","id":0,"desired":0/"name":"role0","id":0,"desired":9/' "$F5" >f5.json
  $ printf '%s\n' '{"event":"allocated","container":"c1","host":"age3-[0,0,0]","priority":0,"time":5100}' '{"event":"allocated","container":"c2","host":"age2-[0,0,0]","priority":0,"time":5200}' '{"event":"started","container":"c1","time":5300}' '{"event":"started","container":"c2","time":5400}' >ev1
  $ rh-load f5.json | rh-request -r role0 -n 2 --now 5000 | rh-load --events ev1 - | rh-release -r role0 -n 1 --now 6000 >s.json
  $ grep -F -e placekit.Container -e placekit.Request -e '"host":"age2-[0,0,0]","role":0' s.json
  {"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"age2-[0,0,0]","role":0,"active":true,"last_used":2,"releasing":1}}}
  {"entry":{"placekit.Container":{"id":"c1","host":"age3-[0,0,0]","role":0,"state":"live","since":5300}}}
  {"entry":{"placekit.Container":{"id":"c2","host":"age2-[0,0,0]","role":0,"state":"releasing","since":6000}}}
  $ rh-load --format lists s.json | head -n 1
  0 role0: age2-[0,0,0]
  $ echo '{"event":"completed","container":"c2","exit_status":-105,"time":7000}' >ev2
  $ rh-load --events ev2 s.json | grep -F -e '"host":"age2-[0,0,0]","role":0' -e '"id":"c2"'
  {"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"age2-[0,0,0]","role":0,"active":false,"last_used":7000}}}

rh-load | rh-request | rh-release | rh-compact, end to end: .85 is
role0's only host: a placed request and an open one; the shrink cancels
the open one; what rh-compact makes of it Slider reads.

  $ rh-load -R "$DATA/history/mock3.json" --now 1500000000000 --max-age 0 "$DATA/slider-samples/history-v01-3-role.json" | rh-request -r role0 -n 2 --now 1500000000000 | rh-release -r role0 -n 1 --now 1500000001000 >s.json
  $ grep -F placekit.Request s.json
  {"entry":{"placekit.Request":{"role":0,"kind":"placed","host":"192.168.1.85","priority":0,"issued":1500000000000,"deadline":1500000001000}}}
  $ rh-compact --now 1500000002000 - <s.json >c.json && grep -c placekit. c.json
  0
  [1]
  $ rh-load --strict --max-age 0 --now 1500000002000 c.json >/dev/null

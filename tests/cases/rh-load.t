rh-load: Slider's samples, the rebuild, file variants, --strict, errors,
records cut short, history directories, state streams, events, the views
and the options. "Case N" numbers a behaviour of Apache Slider's role
history that a case checks, taken from Slider's own tests and code.

  $ SAMPLES=$DATA/slider-samples HIST=$DATA/history CUT=$DATA/cut NS=org.apache.slider.server.avro NOW=1500000000000
  $ hdr() { printf '{"entry":{"%s.RoleHistoryHeader":{"version":1,"saved":%s,"savedx":"%x","savedate":"1 Jan 1970 00:00:01 GMT","roles":%s}}}\n' "$NS" "$1" "$1" "${2:-3}"; }
  $ map() { printf '{"entry":{"%s.RoleHistoryMapping":{"rolemap":%s}}}\n' "$NS" "$1"; }
  $ ent() { printf '{"entry":{"%s.NodeEntryRecord":{"host":"%s","role":%s,"active":%s,"last_used":%s%s}}}\n' "$NS" "$1" "$2" "$3" "$4" "${5:+,$5}"; }
  $ foot() { printf '{"entry":{"%s.RoleHistoryFooter":{"count":%s}}}\n' "$NS" "$1"; }
  $ pk() { printf '{"entry":{"placekit.%s":{%s}}}\n' "$1" "$2"; }
  $ cd "$DATA" && SAMPLES=slider-samples HIST=history CUT=cut

Slider's three sample files (cases 8-11). The 3-role sample against
MOCK3: nothing discarded, Slider's rebuild at restart; Slider purges
nothing, and --max-age 0 does as it does; the design's purge (7 days by
default) drops the entries never released.

  $ rh-load -R $HIST/mock3.json --now $NOW --max-age 0 --format lists $SAMPLES/history-v01-3-role.json
  0 role0: 192.168.1.85
  1 role1: 192.168.1.85
  2 role2: 192.168.1.86 192.168.1.85
  $ rh-load -R $HIST/mock3.json --now $NOW --max-age 0 $SAMPLES/history-v01-3-role.json
  {"entry":{"org.apache.slider.server.avro.RoleHistoryHeader":{"version":1,"saved":1415296260647,"savedx":"149863b1a27","savedate":"6 Nov 2014 17:51:00 GMT","roles":3}}}
  {"entry":{"org.apache.slider.server.avro.RoleHistoryMapping":{"rolemap":{"role0":0,"role1":1,"role2":2}}}}
  {"entry":{"placekit.Role":{"name":"role0","id":0,"desired":4,"policy":0,"failure_threshold":2,"escalate_ms":1000}}}
  {"entry":{"placekit.Role":{"name":"role1","id":1,"desired":4,"policy":1,"failure_threshold":2,"escalate_ms":1000}}}
  {"entry":{"placekit.Role":{"name":"role2","id":2,"desired":4,"policy":2,"failure_threshold":2,"escalate_ms":2000}}}
  {"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"192.168.1.85","role":0,"active":false,"last_used":0}}}
  {"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"192.168.1.85","role":1,"active":false,"last_used":0}}}
  {"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"192.168.1.85","role":2,"active":false,"last_used":0}}}
  {"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"192.168.1.86","role":2,"active":false,"last_used":1415296260647}}}
  {"entry":{"org.apache.slider.server.avro.RoleHistoryFooter":{"count":4}}}
  $ rh-load -R $HIST/mock3.json --now $NOW --format lists $SAMPLES/history-v01-3-role.json
  0 role0:
  1 role1:
  2 role2: 192.168.1.86

Against MOCK3 plus role3: nothing discarded, a role-count warning, r3
empty. The 6-role sample against MOCK3: 3 discarded, only .85 left (case
9); against roles 0-6: nothing discarded, .86 used at the save.

  $ rh-load -R $HIST/mock3-role3.json --now $NOW --format lists $SAMPLES/history-v01-3-role.json
  rh-load: slider-samples/history-v01-3-role.json: warning: the history was saved with 3 roles, 4 are defined
  0 role0:
  1 role1:
  2 role2: 192.168.1.86
  3 role3:
  $ rh-load -R $HIST/mock3.json --now $NOW --max-age 0 --format lists $SAMPLES/history-v01-6-role.json
  rh-load: slider-samples/history-v01-6-role.json: warning: 3 entries of unknown roles discarded (role 4, 5, 6)
  rh-load: slider-samples/history-v01-6-role.json: warning: the history was saved with 6 roles, 3 are defined
  0 role0: 192.168.1.85
  1 role1: 192.168.1.85
  2 role2: 192.168.1.85
  $ rh-load -q -R $HIST/mock3.json --now $NOW --format table $SAMPLES/history-v01-6-role.json
  history saved 2014-11-06T17:51:00.647Z (1415296260647): 0 hosts, 0 entries, 3 roles, 0 containers
  3 entries of unknown roles were discarded
  
  HOST  ROLE   LIVE START  REQ  REL FAILED RECENT SFAIL PREEMPT  LAST USED                AVAILABLE
  $ rh-load -q -R $HIST/seven.json --now $NOW --format lists $SAMPLES/history-v01-6-role.json
  0 role0:
  1 role1:
  2 role2:
  3 role3:
  4 role4: 192.168.1.86
  5 role5: 192.168.1.86
  6 role6: 192.168.1.86
  $ rh-load -q -R $HIST/seven.json --now $NOW $SAMPLES/history-v01-6-role.json | grep '"role":5'
  {"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"192.168.1.86","role":5,"active":false,"last_used":1415296260647}}}

The pretty-printed v01b sample: one entry, its mapping, no discard (case
11); without roles, the mapping names them. Every sample passes
--strict (Slider reads them all).

  $ rh-load -R $HIST/mock3.json --now $NOW --format lists $SAMPLES/history_v01b_1_role.json
  rh-load: slider-samples/history_v01b_1_role.json: warning: the history was saved with 2 roles, 3 are defined
  0 role0:
  1 role1: 192.168.56.1
  2 role2:
  $ rh-load --now $NOW $SAMPLES/history_v01b_1_role.json
  {"entry":{"org.apache.slider.server.avro.RoleHistoryHeader":{"version":1,"saved":1450435691617,"savedx":"151b4b44461","savedate":"18 Dec 2015 10:48:11 GMT","roles":2}}}
  {"entry":{"org.apache.slider.server.avro.RoleHistoryMapping":{"rolemap":{"slider-appmaster":0,"echo":1}}}}
  {"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"192.168.56.1","role":1,"active":false,"last_used":1450435691617}}}
  {"entry":{"org.apache.slider.server.avro.RoleHistoryFooter":{"count":1}}}
  $ for f in $SAMPLES/*; do rh-load --strict --now $NOW "$f" >/dev/null || echo "$f: refused"; done
  $ cd "$OLDPWD"

The rebuild (cases 2-4, 123, 124). Active entries are used at the save;
every counter restarts at 0 (case 3).

  $ { hdr 4096; map '{"role0":0,"role1":1,"role2":2}'; ent localhost 0 false 16; ent localhost 1 true 32; ent rack1server5 1 true 0; foot 3; } >h.json
  $ rh-load -R "$DATA/$HIST/mock3.json" --now $NOW h.json
  {"entry":{"org.apache.slider.server.avro.RoleHistoryHeader":{"version":1,"saved":4096,"savedx":"1000","savedate":"1 Jan 1970 00:00:01 GMT","roles":3}}}
  {"entry":{"org.apache.slider.server.avro.RoleHistoryMapping":{"rolemap":{"role0":0,"role1":1,"role2":2}}}}
  {"entry":{"placekit.Role":{"name":"role0","id":0,"desired":4,"policy":0,"failure_threshold":2,"escalate_ms":1000}}}
  {"entry":{"placekit.Role":{"name":"role1","id":1,"desired":4,"policy":1,"failure_threshold":2,"escalate_ms":1000}}}
  {"entry":{"placekit.Role":{"name":"role2","id":2,"desired":4,"policy":2,"failure_threshold":2,"escalate_ms":2000}}}
  {"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"localhost","role":0,"active":false,"last_used":16}}}
  {"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"localhost","role":1,"active":false,"last_used":4096}}}
  {"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"rack1server5","role":1,"active":false,"last_used":4096}}}
  {"entry":{"org.apache.slider.server.avro.RoleHistoryFooter":{"count":3}}}
  $ rh-load -R "$DATA/$HIST/mock3.json" --now $NOW --format lists h.json
  0 role0: localhost
  1 role1: localhost rack1server5
  2 role2:

A duplicate (host, role) record: the last one wins (case 123); a role id
past the header's count is kept when the role is known (case 124).

  $ { hdr 1000; ent h1 0 false 5; ent h1 0 false 9; foot 2; } >h.json && rh-load --now $NOW h.json
  {"entry":{"org.apache.slider.server.avro.RoleHistoryHeader":{"version":1,"saved":1000,"savedx":"3e8","savedate":"1 Jan 1970 00:00:01 GMT","roles":3}}}
  {"entry":{"org.apache.slider.server.avro.RoleHistoryMapping":{"rolemap":{}}}}
  {"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"h1","role":0,"active":false,"last_used":9}}}
  {"entry":{"org.apache.slider.server.avro.RoleHistoryFooter":{"count":1}}}
  $ { hdr 1000 4; ent h 6 false 7; foot 1; } >h.json
  $ printf '%s\n' '{"components":{"a":{"yarn.role.priority":"0"},"b":{"yarn.role.priority":"1"},' ' "c":{"yarn.role.priority":"2"},"dynamic-6":{"yarn.role.priority":"6"}}}' >r.json
  $ rh-load -R r.json --now $NOW --format lists h.json
  0 a:
  1 b:
  2 c:
  6 dynamic-6: h

--max-age drops entries older than the save minus the age, last_used 0
too; 0 keeps all. Nodes left without entries are dropped.

  $ day=86400000
  $ { hdr $((20 * day)); ent old 0 false $((12 * day)); ent recent 0 false $((14 * day)); ent never 0 false 0; ent busy 0 true $((1 * day)); ent busy0 0 true 0; foot 5; } >h.json
  $ for a in "" "--max-age 1w1d" "--max-age 0" "--max-age 1h"; do rh-load --now $NOW $a --format lists h.json; done
  0 -: busy busy0 recent
  0 -: busy busy0 recent old
  0 -: busy busy0 recent old never
  0 -: busy busy0
  $ { hdr $((20 * day)); ent gone 0 false 5000; ent gone 1 false 6000; ent kept 0 false $((19 * day)); foot 3; } >h.json && rh-load --now $NOW h.json
  {"entry":{"org.apache.slider.server.avro.RoleHistoryHeader":{"version":1,"saved":1728000000,"savedx":"66ff3000","savedate":"1 Jan 1970 00:00:01 GMT","roles":3}}}
  {"entry":{"org.apache.slider.server.avro.RoleHistoryMapping":{"rolemap":{}}}}
  {"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"kept","role":0,"active":false,"last_used":1641600000}}}
  {"entry":{"org.apache.slider.server.avro.RoleHistoryFooter":{"count":1}}}

Roles unknown to -R are discarded and counted; a mapping that disagrees
with the roles: entries are remapped by name; one that agrees: ids are
used as they are.

  $ { hdr 1000; ent h1 0 false 5; ent h1 7 false 5; ent h2 9 false 5; ent h3 7 false 1; foot 4; } >h.json
  $ rh-load -R "$DATA/$HIST/mock3.json" --now $NOW h.json
  rh-load: h.json: warning: 3 entries of unknown roles discarded (role 7, 9)
  {"entry":{"org.apache.slider.server.avro.RoleHistoryHeader":{"version":1,"saved":1000,"savedx":"3e8","savedate":"1 Jan 1970 00:00:01 GMT","roles":3}}}
  {"entry":{"org.apache.slider.server.avro.RoleHistoryMapping":{"rolemap":{"role0":0,"role1":1,"role2":2}}}}
  {"entry":{"placekit.Role":{"name":"role0","id":0,"desired":4,"policy":0,"failure_threshold":2,"escalate_ms":1000}}}
  {"entry":{"placekit.Role":{"name":"role1","id":1,"desired":4,"policy":1,"failure_threshold":2,"escalate_ms":1000}}}
  {"entry":{"placekit.Role":{"name":"role2","id":2,"desired":4,"policy":2,"failure_threshold":2,"escalate_ms":2000}}}
  {"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"h1","role":0,"active":false,"last_used":5}}}
  {"entry":{"org.apache.slider.server.avro.RoleHistoryFooter":{"count":1}}}
  $ { hdr 1000 3; map '{"role0":0,"role1":2,"role2":1,"gone":5}'; ent h1 1 false 11; ent h1 2 false 22; ent h2 5 false 55; ent h3 8 false 88; foot 4; } >h.json
  $ rh-load -R "$DATA/$HIST/mock3.json" --now $NOW h.json
  rh-load: h.json: warning: the file's role mapping and the roles disagree ('role1' is 2 in the file, 1 in the roles): entries remapped by name
  rh-load: h.json: warning: 2 entries of unknown roles discarded
  {"entry":{"org.apache.slider.server.avro.RoleHistoryHeader":{"version":1,"saved":1000,"savedx":"3e8","savedate":"1 Jan 1970 00:00:01 GMT","roles":3}}}
  {"entry":{"org.apache.slider.server.avro.RoleHistoryMapping":{"rolemap":{"role0":0,"role1":1,"role2":2}}}}
  {"entry":{"placekit.Role":{"name":"role0","id":0,"desired":4,"policy":0,"failure_threshold":2,"escalate_ms":1000}}}
  {"entry":{"placekit.Role":{"name":"role1","id":1,"desired":4,"policy":1,"failure_threshold":2,"escalate_ms":1000}}}
  {"entry":{"placekit.Role":{"name":"role2","id":2,"desired":4,"policy":2,"failure_threshold":2,"escalate_ms":2000}}}
  {"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"h1","role":1,"active":false,"last_used":22}}}
  {"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"h1","role":2,"active":false,"last_used":11}}}
  {"entry":{"org.apache.slider.server.avro.RoleHistoryFooter":{"count":2}}}
  $ { hdr 1000 3; map '{"role0":0,"other":1}'; ent h1 1 false 11; foot 1; } >h.json
  $ rh-load -R "$DATA/$HIST/mock3.json" --now $NOW h.json | grep NodeEntryRecord
  {"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"h1","role":1,"active":false,"last_used":11}}}

File variants. Saves glued together: the first is the history, as Slider
reads it; what follows its footer is not read, with a warning (case
117), a second save without its footer too.

  $ { hdr 1000; ent h1 0 false 5; foot 1 | tr -d '\n'; hdr 2000; ent h2 0 false 6; foot 1; } >h.json && rh-load --now $NOW h.json
  rh-load: h.json:3:74: warning: the input goes on after the RoleHistoryFooter: not read, as Slider does not read it
  {"entry":{"org.apache.slider.server.avro.RoleHistoryHeader":{"version":1,"saved":1000,"savedx":"3e8","savedate":"1 Jan 1970 00:00:01 GMT","roles":3}}}
  {"entry":{"org.apache.slider.server.avro.RoleHistoryMapping":{"rolemap":{}}}}
  {"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"h1","role":0,"active":false,"last_used":5}}}
  {"entry":{"org.apache.slider.server.avro.RoleHistoryFooter":{"count":1}}}
  $ { hdr 1000; ent h1 0 false 5; foot 1 | tr -d '\n'; hdr 2000; ent h2 0 false 6; } >h.json && rh-load --now $NOW h.json
  rh-load: h.json:3:74: warning: the input goes on after the RoleHistoryFooter: not read, as Slider does not read it
  {"entry":{"org.apache.slider.server.avro.RoleHistoryHeader":{"version":1,"saved":1000,"savedx":"3e8","savedate":"1 Jan 1970 00:00:01 GMT","roles":3}}}
  {"entry":{"org.apache.slider.server.avro.RoleHistoryMapping":{"rolemap":{}}}}
  {"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"h1","role":0,"active":false,"last_used":5}}}
  {"entry":{"org.apache.slider.server.avro.RoleHistoryFooter":{"count":1}}}

The design document's examples load: no savedate, saves glued.

  $ printf '%s\n' '{"entry":{"org.apache.slider.server.avro.RoleHistoryHeader":{"version":1,"saved":1384183475949,"savedx":"14247c3aeed","roles":3}}}' '{"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"192.168.1.85","role":1,"active":true,"last_used":0}}}' '{"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"192.168.1.85","role":2,"active":false,"last_used":0}}}' '{"entry":{"org.apache.slider.server.avro.RoleHistoryFooter":{"count":2}}}{"entry":{"org.apache.slider.server.avro.RoleHistoryHeader":{"version":1,"saved":1384183476010,"savedx":"14247c3af2a","roles":3}}}' '{"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"192.168.1.85","role":1,"active":true,"last_used":0}}}' '{"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"192.168.1.85","role":2,"active":true,"last_used":0}}}' '{"entry":{"org.apache.slider.server.avro.RoleHistoryFooter":{"count":2}}}' >doc.json
  $ rh-load -q --now $NOW doc.json
  {"entry":{"org.apache.slider.server.avro.RoleHistoryHeader":{"version":1,"saved":1384183475949,"savedx":"14247c3aeed","savedate":"11 Nov 2013 15:24:35 GMT","roles":3}}}
  {"entry":{"org.apache.slider.server.avro.RoleHistoryMapping":{"rolemap":{}}}}
  {"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"192.168.1.85","role":1,"active":false,"last_used":1384183475949}}}
  {"entry":{"org.apache.slider.server.avro.RoleHistoryFooter":{"count":1}}}

A footer count that does not match: accepted with a warning, also under
--strict (case 121); reordered fields and pretty-printing are accepted,
also under --strict (case 120); a duplicate mapping: the first is kept.

  $ { hdr 1000; ent h1 0 false 5; foot 5; } >h.json && rh-load --now $NOW h.json && rh-load --strict --now $NOW h.json | tail -n 1
  rh-load: h.json:3:70: warning: the footer counts 5 entries, the save has 1
  {"entry":{"org.apache.slider.server.avro.RoleHistoryHeader":{"version":1,"saved":1000,"savedx":"3e8","savedate":"1 Jan 1970 00:00:01 GMT","roles":3}}}
  {"entry":{"org.apache.slider.server.avro.RoleHistoryMapping":{"rolemap":{}}}}
  {"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"h1","role":0,"active":false,"last_used":5}}}
  {"entry":{"org.apache.slider.server.avro.RoleHistoryFooter":{"count":1}}}
  rh-load: h.json:3:70: warning: the footer counts 5 entries, the save has 1
  {"entry":{"org.apache.slider.server.avro.RoleHistoryFooter":{"count":1}}}
  $ printf '%s\n' "{\"entry\":{\"$NS.RoleHistoryHeader\":{\"roles\":3,\"savedate\":\"d\",\"savedx\":\"3e8\",\"saved\":1000,\"version\":1}}}" '{ "entry" : {' "    \"$NS.NodeEntryRecord\" : { \"last_used\" : 5, \"active\" : false," '        "role" : 0, "host" : "h1" } } }' "{\"entry\":{\"$NS.RoleHistoryFooter\":{\"count\":1}}}" >h.json
  $ rh-load --strict --now $NOW h.json | grep NodeEntryRecord
  {"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"h1","role":0,"active":false,"last_used":5}}}
  $ { hdr 1000; map '{"a":0}'; map '{"b":0}'; ent h1 0 false 5; foot 1; } >h.json && rh-load --now $NOW h.json | sed -n 2p
  rh-load: h.json:3:1: warning: a second RoleHistoryMapping ignored: the first is kept
  {"entry":{"org.apache.slider.server.avro.RoleHistoryMapping":{"rolemap":{"a":0}}}}

Unknown fields are ignored with one warning, and one that Slider refuses
the file; --strict refuses them.

  $ { hdr 1000; ent h1 0 false 5 '"color":"red"'; ent h2 0 false 5 '"color":"blue"'; foot 2; } >h.json
  $ rh-load --now $NOW h.json >/dev/null
  rh-load: h.json:2:110: warning: unknown field 'color' in NodeEntryRecord ignored
  rh-load: h.json:2:110: warning: read, but Slider refuses this file: unknown field 'color' in NodeEntryRecord; Slider: "Expected record-end. Got FIELD_NAME"
  $ rh-load --strict --now $NOW h.json
  rh-load: h.json:2:110: unknown field 'color' in NodeEntryRecord; Slider: "Expected record-end. Got FIELD_NAME"
  [65]

Before a field Slider reads, an unknown one is kept aside, then named;
the last field missing, Slider reads the record's end as it.

  $ { hdr 1000; ent h1 0 false 5; foot 1; } | sed 's/"host"/"color":"red","host"/' >o.json && rh-load --strict o.json
  rh-load: o.json:2:59: fields unknown to Slider, or given twice, in NodeEntryRecord; Slider: "Expected Unknown fields: [color]. Got END_OBJECT"
  [65]
  $ { hdr 1000; ent h1 0 false 5; foot 1; } | sed 's/,"last_used":5//' >l.json && rh-load --strict l.json
  rh-load: l.json:2:95: NodeEntryRecord has no 'last_used'; Slider: "Expected long. Got END_OBJECT"
  [65]

--strict says why Slider would refuse a file: a header without savedate
(case 120); the version, the first record, a second header, placekit
records; wrong types in Slider's decoder's words. Records after the
footer within Slider's 4,000-byte read-ahead it does not read: a
warning, with or without --strict; past it, Slider refuses the file. A
fraction in an integer field is truncated, as Slider does.

  $ { printf '{"entry":{"%s.RoleHistoryHeader":{"version":1,"saved":1000,"savedx":"3e8","roles":3}}}\n' "$NS"; ent h1 0 false 5; foot 1; } >h.json
  $ rh-load --now $NOW h.json >/dev/null && rh-load --strict --now $NOW h.json
  rh-load: h.json:1:61: warning: read, but Slider refuses this file: RoleHistoryHeader has no 'savedate'; Slider: "Expected field name not found: savedate"
  rh-load: h.json:1:61: RoleHistoryHeader has no 'savedate'; Slider: "Expected field name not found: savedate"
  [65]
  $ { printf '{"entry":{"%s.RoleHistoryHeader":{"version":2,"saved":1000,"savedx":"3e8","savedate":"d","roles":3}}}\n' "$NS"; foot 0; } >v.json
  $ rh-load --strict v.json
  rh-load: v.json:1:72: version 2 is not 1; Slider: "Can't read role file version 0002 -need 0001"
  [65]
  $ rh-load v.json
  rh-load: v.json:1:72: version 2 is not 1
  [65]
  $ { ent h1 0 false 5; hdr 1000; foot 1; } >first.json && rh-load --strict first.json
  rh-load: first.json:1:1: the first record is not a RoleHistoryHeader; Slider: "Role History Header not found at start of file"
  [65]
  $ { hdr 1000; ent h1 0 false 5; hdr 2000; foot 1; } >dup.json && rh-load --strict dup.json
  rh-load: dup.json:3:1: a second RoleHistoryHeader before the footer; Slider: "Duplicate Role History Header found"
  [65]
  $ { hdr 1000; ent h1 0 false 5; foot 1; ent h2 0 false 5; } >trail.json && rh-load --strict trail.json
  rh-load: trail.json:4:1: warning: the input goes on after the RoleHistoryFooter: not read, as Slider does not read it
  {"entry":{"org.apache.slider.server.avro.RoleHistoryHeader":{"version":1,"saved":1000,"savedx":"3e8","savedate":"1 Jan 1970 00:00:01 GMT","roles":3}}}
  {"entry":{"org.apache.slider.server.avro.RoleHistoryMapping":{"rolemap":{}}}}
  {"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"h1","role":0,"active":false,"last_used":5}}}
  {"entry":{"org.apache.slider.server.avro.RoleHistoryFooter":{"count":1}}}
  $ rh-load --now $NOW trail.json >/dev/null
  rh-load: trail.json:4:1: warning: the input goes on after the RoleHistoryFooter: not read, as Slider does not read it
  $ { hdr 1000; ent h1 0 false 5; foot 1; printf '%4000s\n'; ent h2 0 false 5; } >trail.json && rh-load --strict trail.json
  rh-load: trail.json:5:1: the input goes on after the RoleHistoryFooter, past the 4,000-byte block Slider's parser read it in; Slider: "File footer reached before end of file -after 1 records"
  [65]
  $ rh-load --now $NOW trail.json >/dev/null
  rh-load: trail.json:5:1: warning: the input goes on after the RoleHistoryFooter: not read, and Slider refuses the file for it; Slider: "File footer reached before end of file -after 1 records"
  $ { hdr 1000; ent h1 1.9 false 5.5; foot 1; } >f.json && rh-load --strict --max-age 0 f.json | grep NodeEntryRecord
  {"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"h1","role":1,"active":false,"last_used":5}}}
  $ rh-load --strict nothing.json
  rh-load: cannot open 'nothing.json': No such file or directory
  [66]
  $ { hdr 1000; pk Role '"name":"a","id":0'; foot 0; } >pk.json && rh-load --strict pk.json
  rh-load: pk.json:2:11: 'placekit.Role' is a placekit record, not one of Slider's; Slider: "Unknown union branch placekit.Role"
  [65]
  $ { hdr 1000; ent h1 '"0"' false 5; foot 1; } >h.json && rh-load --strict h.json
  rh-load: h.json:2:79: 'role' must be an integer, not a string; Slider: "Expected int. Got VALUE_STRING"
  [65]
  $ { hdr 1000; ent h1 0 1 5; foot 1; } >b.json && rh-load b.json
  rh-load: b.json:2:90: 'active' must be true or false, not an integer
  [65]
  $ { hdr 1000; ent h1 3000000000 false 5; foot 1; } >r.json && rh-load --strict r.json
  rh-load: r.json:2:79: 'role' is out of range for int; Slider: "Numeric value (3000000000) out of range of int  at [Source: ...; line: 2, column: 89]"
  [65]

An unknown record type is refused (case 119).

  $ { hdr 1000; printf '{"entry":{"%s.Future":{}}}\n' "$NS"; foot 0; } >h.json
  $ rh-load h.json
  rh-load: h.json:2:11: unknown record type 'org.apache.slider.server.avro.Future'
  [65]
  $ rh-load --strict h.json
  rh-load: h.json:2:11: unknown record type 'org.apache.slider.server.avro.Future'; Slider: "Unknown union branch org.apache.slider.server.avro.Future"
  [65]

A missing footer, a broken file, a line that begins with a byte that is
not UTF-8 (that line, with or without --strict), an empty file, an entry
of two keys, a line without one, a missing field, a missing file: exit
65 (66) naming the place.

  $ { hdr 1000; ent h1 0 false 5; } >nofoot.json && rh-load nofoot.json
  rh-load: nofoot.json:1:1: the input ends before the RoleHistoryFooter of the save begun here
  [65]
  $ printf '{broken:true}' >broken.json && rh-load broken.json
  rh-load: broken.json:1:2: quoted object property name expected
  [65]
  $ { hdr 1000; ent h1 0 false 5; printf '\373'; ent h2 0 false 5 | cut -c2-; foot 2; } >u8.json && rh-load u8.json
  rh-load: u8.json:3:1: expected a JSON object
  [65]
  $ rh-load --strict u8.json
  rh-load: u8.json:3:1: not JSON as Slider's parser reads it; Slider: "Unexpected character ('û' (code 251)): expected a valid value (number, String, array, object, 'true', 'false' or 'null')  at [Source: ...; line: 3, column: 2]"
  [65]
  $ : >empty.json && rh-load empty.json
  rh-load: empty.json: no history: the input is empty
  [65]
  $ printf '{"entry":{"a":{},"b":{}}}\n' >two.json && rh-load two.json
  rh-load: two.json:1:10: 'entry' must be an object with one key, the record type
  [65]
  $ printf '{"record":1}\n' >no.json && rh-load no.json
  rh-load: no.json:1:1: not a history record: no 'entry'
  [65]
  $ { hdr 1000; ent h1 0 false; } | sed 's/,"last_used":}/}/' >miss.json && rh-load miss.json
  rh-load: miss.json:2:59: NodeEntryRecord has no 'last_used'
  [65]
  $ rh-load missing.json
  rh-load: cannot open 'missing.json': No such file or directory
  [66]

A record cut short is reported where it begins, not at the end of the
file (tests/data/cut: the second save of examples/history damaged three
ways): a line cut short, a record that swallows the lines after it, the
file ending inside a record; standard input too; a record broken before
its cut is reported where it breaks. --strict refuses where Slider's
parser stops, in its words (the position in them Jackson's: at the end
of the input, its column grows by the length of the last block it read);
a record Slider refuses for its type before the cut, for that.

  $ cd "$DATA"
  $ rh-load --now $NOW $CUT/line.json
  rh-load: cut/line.json:4:1: this record is not closed: it runs into the record at 5:1 (a line cut short?)
  [65]
  $ rh-load --now $NOW $CUT/swallow.json
  rh-load: cut/swallow.json:6:1: this record is not closed: it runs into the record at 7:1 (a line cut short?)
  [65]
  $ rh-load --now $NOW $CUT/end.json
  rh-load: cut/end.json:10:80: unexpected end of file: the record that starts at 10:1 is not closed
  [65]
  $ rh-load --now $NOW <$CUT/line.json
  rh-load: <stdin>:4:1: this record is not closed: it runs into the record at 5:1 (a line cut short?)
  [65]
  $ rh-load --strict $CUT/line.json
  rh-load: cut/line.json:4:75: not JSON as Slider's parser reads it; Slider: "Illegal unquoted character ((CTRL-CHAR, code 10)): has to be escaped using backslash to be included in string value  at [Source: ...; line: 4, column: 76]"
  [65]
  $ rh-load --strict $CUT/swallow.json
  rh-load: cut/swallow.json:7:1: not JSON as Slider's parser reads it; Slider: "Unexpected character ('{' (code 123)): was expecting comma to separate OBJECT entries  at [Source: ...; line: 7, column: 2]"
  [65]
  $ rh-load --strict $CUT/end.json
  rh-load: cut/end.json:10:80: not JSON as Slider's parser reads it; Slider: "Unexpected end-of-input in VALUE_STRING  at [Source: ...; line: 10, column: 1380]"
  [65]
  $ cd "$OLDPWD"
  $ { hdr 1000; printf '{"entry" {\n'; ent h1 0 false 5; foot 1; } >b.json && rh-load b.json
  rh-load: b.json:2:10: object property name separator ':' expected
  [65]
  $ { hdr 1000; printf '{"entry":{"%s.NodeEntryRecord":{\n  "host": "h1",\n  "role": 0' "$NS"; } >p.json && rh-load --strict p.json
  rh-load: p.json:4:12: not JSON as Slider's parser reads it; Slider: "Unexpected end-of-input: expected close marker for OBJECT (from [Source: ...; line: 2, column: 10])  at [Source: ...; line: 4, column: 726]"
  [65]
  $ { hdr 1000; printf '{"entry":{"placekit.Container":{"id":"c\n'; ent h1 0 false 5; foot 1; } >pk.json && rh-load --strict pk.json
  rh-load: pk.json:2:11: 'placekit.Container' is a placekit record, not one of Slider's; Slider: "Unknown union branch placekit.Container"
  [65]

In a directory a file with a record cut short is skipped, saying where.

  $ mkdir c && cp_fixture "$EXAMPLES/history/rolehistory-000001a1fd8c6900.json" c/ && cp_fixture "$DATA/cut/line.json" c/rolehistory-000001a201692e00.json
  $ rh-load --strict --now $NOW c | head -n 1
  rh-load: c/rolehistory-000001a201692e00.json:4:75: warning: skipping this file: not JSON as Slider's parser reads it; Slider: "Illegal unquoted character ((CTRL-CHAR, code 10)): has to be escaped using backslash to be included in string value  at [Source: ...; line: 4, column: 76]"
  {"entry":{"org.apache.slider.server.avro.RoleHistoryHeader":{"version":1,"saved":1795255200000,"savedx":"1a1fd8c6900","savedate":"21 Nov 2026 10:00:00 GMT","roles":4}}}

History directories (cases 6, 7, 15, 118, 122, 132). The newest
loadable save wins; empty and broken ones are skipped; nothing is
deleted; a trailing slash names the files with one.

  $ mkdir d && { hdr 0; foot 0; } >d/rolehistory-0000000000000000.json
  $ { hdr 1; ent localhost 0 false 61453; foot 1; } >d/rolehistory-0000000000000001.json
  $ : >d/rolehistory-0000000000000003.json && printf '{broken:true}' >d/rolehistory-0000000000000002.json
  $ printf 'hello, world' >d/file.json && mkdir d/rolehistory-0000000000000009.json
  $ rh-load --now $NOW d
  rh-load: d/rolehistory-0000000000000003.json: warning: skipping this file: it is empty
  rh-load: d/rolehistory-0000000000000002.json:1:2: warning: skipping this file: not JSON as Slider's parser reads it; Slider: "Unexpected character ('b' (code 98)): was expecting double-quote to start field name  at [Source: ...; line: 1, column: 3]"
  {"entry":{"org.apache.slider.server.avro.RoleHistoryHeader":{"version":1,"saved":1,"savedx":"1","savedate":"1 Jan 1970 00:00:01 GMT","roles":3}}}
  {"entry":{"org.apache.slider.server.avro.RoleHistoryMapping":{"rolemap":{}}}}
  {"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"localhost","role":0,"active":false,"last_used":61453}}}
  {"entry":{"org.apache.slider.server.avro.RoleHistoryFooter":{"count":1}}}
  $ rh-load --now $NOW d/ 2>&1 >/dev/null | head -n 1
  rh-load: d/rolehistory-0000000000000003.json: warning: skipping this file: it is empty
  $ ls d
  file.json
  rolehistory-0000000000000000.json
  rolehistory-0000000000000001.json
  rolehistory-0000000000000002.json
  rolehistory-0000000000000003.json
  rolehistory-0000000000000009.json

A newer file without footer is skipped; a valid empty newer save wins
(cases 118, 122); names are compared as names, so rolehistory-zzz.json
comes first (case 132); under --strict refused files are skipped with
Slider's reason.

  $ mkdir he && { hdr 1; ent h1 0 false 5; foot 1; } >he/rolehistory-0000000000000001.json
  $ { hdr 3; ent h3 0 false 5; } >he/rolehistory-0000000000000003.json
  $ rh-load --now $NOW he | grep NodeEntryRecord
  rh-load: he/rolehistory-0000000000000003.json:3:1: warning: skipping this file: the input ends before the RoleHistoryFooter; Slider: "End of file reached after 1 records"
  {"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"h1","role":0,"active":false,"last_used":5}}}
  $ { hdr 2; foot 0; } >he/rolehistory-0000000000000002.json && rh-load -q --now $NOW he
  {"entry":{"org.apache.slider.server.avro.RoleHistoryHeader":{"version":1,"saved":2,"savedx":"2","savedate":"1 Jan 1970 00:00:01 GMT","roles":3}}}
  {"entry":{"org.apache.slider.server.avro.RoleHistoryMapping":{"rolemap":{}}}}
  {"entry":{"org.apache.slider.server.avro.RoleHistoryFooter":{"count":0}}}
  $ mkdir hz && { hdr 1000; ent old 0 false 5; foot 1; } >hz/rolehistory-00000000000003e8.json && { hdr 2000; ent zzz 0 false 5; foot 1; } >hz/rolehistory-zzz.json
  $ rh-load --now $NOW hz | grep NodeEntryRecord
  {"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"zzz","role":0,"active":false,"last_used":5}}}
  $ mkdir hs && { hdr 1; ent h1 0 false 5; foot 1; } >hs/rolehistory-0000000000000001.json && { hdr 2; pk Node '"host":"h2"'; foot 0; } >hs/rolehistory-0000000000000002.json
  $ rh-load --strict --now $NOW hs | grep NodeEntryRecord
  rh-load: hs/rolehistory-0000000000000002.json:2:11: warning: skipping this file: 'placekit.Node' is a placekit record, not one of Slider's; Slider: "Unknown union branch placekit.Node"
  {"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"h1","role":0,"active":false,"last_used":5}}}

A directory with nothing loadable: an empty history saved now
(bootstrap, case 1); one that is not there: 66.

  $ mkdir empty && rh-load -R "$DATA/$HIST/mock3.json" --now 1000 empty
  rh-load: empty: warning: no loadable history: starting empty
  {"entry":{"org.apache.slider.server.avro.RoleHistoryHeader":{"version":1,"saved":1000,"savedx":"3e8","savedate":"1 Jan 1970 00:00:01 GMT","roles":3}}}
  {"entry":{"org.apache.slider.server.avro.RoleHistoryMapping":{"rolemap":{"role0":0,"role1":1,"role2":2}}}}
  {"entry":{"placekit.Role":{"name":"role0","id":0,"desired":4,"policy":0,"failure_threshold":2,"escalate_ms":1000}}}
  {"entry":{"placekit.Role":{"name":"role1","id":1,"desired":4,"policy":1,"failure_threshold":2,"escalate_ms":1000}}}
  {"entry":{"placekit.Role":{"name":"role2","id":2,"desired":4,"policy":2,"failure_threshold":2,"escalate_ms":2000}}}
  {"entry":{"org.apache.slider.server.avro.RoleHistoryFooter":{"count":0}}}
  $ rh-load no-such-dir/
  rh-load: cannot open 'no-such-dir/': No such file or directory
  [66]

State streams. One is taken as it is: rh-load x | rh-load - changes
nothing; one with nothing in flight is a valid persisted history;
counters, roles, nodes, containers and requests round trip.

  $ rh-load -R "$EXAMPLES/resources.json" --now 2026-11-22T10:00:00Z --events "$EXAMPLES/events.ndjson" "$EXAMPLES/history" >s1
  $ rh-load --now 2026-11-22T12:00:00Z - <s1 | cmp s1 -
  $ rh-load --now $NOW "$DATA/$SAMPLES/history-v01-6-role.json" >p1 && rh-load --now $NOW p1 | cmp - p1
  $ rh-load --now $NOW "$DATA/$SAMPLES/history_v01b_1_role.json" >s && rh-load --strict --now $NOW s >/dev/null
  $ { hdr 1000 2; map '{"web":0,"db":1}'
  >   pk Role '"name":"web","id":0,"desired":2,"policy":4,"failure_threshold":-1,"escalate_ms":5000,"label":"gpu"'
  >   pk Role '"name":"db","id":1,"desired":0,"policy":0,"failure_threshold":3,"escalate_ms":30000'
  >   pk Node '"host":"h1","state":"LOST"'; pk Node '"host":"h2","state":"RUNNING","label":"gpu"'
  >   ent h1 0 true 900 '"starting":1,"live":2,"releasing":1,"failed":4,"failed_recently":3,"start_failed":2,"preempted":1'
  >   ent h2 1 false 800 '"untrusted":true'
  >   pk Container '"id":"c1","host":"h1","role":0,"state":"live","since":700'
  >   pk Container '"id":"c2","host":"h1","role":0,"state":"releasing","since":710,"surplus":true'
  >   pk Request '"role":0,"kind":"aa","hosts":["h1","h2"],"priority":0,"issued":950'
  >   pk Request '"role":1,"kind":"placed","host":"h2","priority":1,"issued":960,"deadline":990'
  >   pk Request '"role":1,"kind":"escalated","host":"h2","label":"x","priority":1073741825,"issued":970'
  >   foot 2; } >s.json
  $ rh-load --now $NOW s.json | cmp s.json -

One whose only counter was on a record a later one replaced is still
written as a state stream: its first entry carries its live count, and
read again nothing is rebuilt or dropped as old.

  $ { hdr 1000000000000 2; map '{"web":0,"db":1}'; ent h1 0 false 1 '"failed":1'; ent h1 0 false 1; ent h2 1 true 900; foot 3; } >r.json
  $ rh-load --now $NOW r.json | tee r2.json
  {"entry":{"org.apache.slider.server.avro.RoleHistoryHeader":{"version":1,"saved":1000000000000,"savedx":"e8d4a51000","savedate":"1 Jan 1970 00:00:01 GMT","roles":2}}}
  {"entry":{"org.apache.slider.server.avro.RoleHistoryMapping":{"rolemap":{"web":0,"db":1}}}}
  {"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"h1","role":0,"active":false,"last_used":1,"live":0}}}
  {"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"h2","role":1,"active":true,"last_used":900}}}
  {"entry":{"org.apache.slider.server.avro.RoleHistoryFooter":{"count":2}}}
  $ rh-load --now $NOW r2.json | cmp r2.json -

State records: bad values are refused with their position.

  $ { hdr 1000; pk Container '"id":"c1","host":"h1","role":0,"state":"sleeping","since":7'; foot 0; } >a.json && rh-load a.json
  rh-load: a.json:2:72: 'sleeping' is not a container state (allocated, starting, live, releasing)
  [65]
  $ { hdr 1000; pk Request '"role":0,"kind":"placed","issued":1,"deadline":2'; foot 0; } >b.json && rh-load b.json
  rh-load: b.json:2:1: a placed request needs a 'host'
  [65]
  $ { hdr 1000; ent h1 0 false 5 '"live":-1'; foot 1; } >c.json && rh-load c.json
  rh-load: c.json:2:117: 'live' must not be negative
  [65]
  $ { hdr 1000; pk Node '"host":"h1","state":"running"'; foot 0; } >d.json && rh-load d.json
  rh-load: d.json:2:48: 'running' is not a YARN node state
  [65]
  $ { hdr 1000; pk Role '"name":"a","id":0'; pk Role '"name":"a","id":1'; foot 0; } >e.json && rh-load e.json
  rh-load: e.json:3:1: role 'a' (id 1) is defined twice
  [65]

The stream's roles define which entries are kept; -R replaces them.
--max-age on a state stream: a warning, nothing dropped.

  $ { hdr 1000 1; pk Role '"name":"a","id":0'; ent h1 0 false 5; ent h1 4 false 5; foot 2; } >s.json
  $ rh-load --now $NOW s.json >/dev/null
  rh-load: s.json: warning: 1 entry of unknown roles discarded (role 4)
  $ rh-load -R "$DATA/$HIST/mock3.json" --now $NOW s.json | grep placekit.Role
  rh-load: s.json:2:1: warning: placekit.Role records ignored: the roles given (-R) replace them
  rh-load: s.json: warning: 1 entry of unknown roles discarded (role 4)
  rh-load: s.json: warning: the history was saved with 1 role, 3 are defined
  {"entry":{"placekit.Role":{"name":"role0","id":0,"desired":4,"policy":0,"failure_threshold":2,"escalate_ms":1000}}}
  {"entry":{"placekit.Role":{"name":"role1","id":1,"desired":4,"policy":1,"failure_threshold":2,"escalate_ms":1000}}}
  {"entry":{"placekit.Role":{"name":"role2","id":2,"desired":4,"policy":2,"failure_threshold":2,"escalate_ms":2000}}}
  $ { hdr 100000000000 1; ent h1 0 false 5 '"failed":1'; foot 1; } >s.json && rh-load --max-age 1d --now $NOW s.json | grep NodeEntryRecord
  rh-load: s.json: warning: --max-age applies to persisted saves, not to a state stream
  {"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"h1","role":0,"active":false,"last_used":5,"failed":1}}}

Events: outstanding requests, container lifecycle, outcomes. f5 is a
MOCK3 state with fixture F5's idle hosts (list[0] = [age3, age2]);
entry HOST ROLE is that entry of the state on standard input.

  $ { hdr 1000; map '{"role0":0,"role1":1,"role2":2}'; ent age2 0 false 2; ent age3 0 false 3; foot 2; } >f5.json
  $ entry() { grep -F "NodeEntryRecord\":{\"host\":\"$1\",\"role\":$2,"; }
  $ ev() { rh-load -R "$DATA/$HIST/mock3.json" --now $NOW --events ev "$@" f5.json; }

A start failure keeps the host off the list (cases 57, 58); a long-lived
failure puts the host back at the head (cases 59, 97).

  $ printf '%s\n' '{"event":"allocated","container":"c1","host":"age3","priority":0,"time":10}' '{"event":"start_failed","container":"c1","time":20}' >ev
  $ ev | entry age3 0 && ev -q --format lists | head -n 1
  {"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"age3","role":0,"active":false,"last_used":3,"failed":1,"failed_recently":1,"start_failed":1,"untrusted":true}}}
  0 role0: age2
  $ printf '%s\n' '{"event":"allocated","container":"c1","host":"age2","role":0,"time":10}' '{"event":"started","container":"c1","time":20}' '{"event":"completed","container":"c1","exit_status":1,"time":3600020}' >ev
  $ ev | entry age2 0 && ev --format lists | head -n 1
  {"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"age2","role":0,"active":false,"last_used":3600020,"failed":1,"failed_recently":1}}}
  0 role0: age2 age3

A short-lived failure is a start failure whatever the exit (cases 96,
129), also one that never started; 60 s exactly is long-lived.

  $ for how in '"exit_status":1' '"exit_status":-100' '"outcome":"preempted"'; do
  >   printf '%s\n' '{"event":"allocated","container":"c1","host":"age2","role":0,"time":10}' '{"event":"started","container":"c1","time":20}' "{\"event\":\"completed\",\"container\":\"c1\",$how,\"time\":59999}" >ev
  >   ev | entry age2 0; done
  {"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"age2","role":0,"active":false,"last_used":2,"failed":1,"failed_recently":1,"start_failed":1,"untrusted":true}}}
  {"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"age2","role":0,"active":false,"last_used":2,"failed":1,"failed_recently":1,"start_failed":1,"untrusted":true}}}
  {"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"age2","role":0,"active":false,"last_used":2,"failed":1,"failed_recently":1,"start_failed":1,"untrusted":true}}}
  $ printf '%s\n' '{"event":"allocated","container":"c1","host":"age2","role":0,"time":10}' '{"event":"completed","container":"c1","exit_status":-100,"time":900000}' >ev && ev | entry age2 0
  {"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"age2","role":0,"active":false,"last_used":2,"failed":1,"failed_recently":1,"start_failed":1,"untrusted":true}}}
  $ printf '%s\n' '{"event":"allocated","container":"c1","host":"age2","role":0,"time":10}' '{"event":"started","container":"c1","time":20}' '{"event":"completed","container":"c1","exit_status":1,"time":60020}' >ev && ev | entry age2 0
  {"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"age2","role":0,"active":false,"last_used":60020,"failed":1,"failed_recently":1}}}

Exit statuses and outcomes map to counters as Slider's ContainerOutcome
does (cases 76-80, 86): the counters each completion leaves.

  $ for c in '"exit_status":0' '"exit_status":-100' '"exit_status":-105' '"exit_status":-106' '"exit_status":-107' '"exit_status":-103' '"exit_status":-104' '"exit_status":-101' '"exit_status":-102' '"exit_status":1' '"exit_status":2' '"exit_status":-1000' '"outcome":"completed"' '"outcome":"limits_exceeded"' '"outcome":"failed"' '"outcome":"node_failure"' '"outcome":"preempted"'; do
  >   printf '%s\n' '{"event":"allocated","container":"c1","host":"age2","role":0,"time":10}' '{"event":"started","container":"c1","time":20}' "{\"event\":\"completed\",\"container\":\"c1\",$c,\"time\":100020}" >ev
  >   ev | entry age2 0 | sed "s|.*\"last_used\":100020|$c|; s|}}}\$||"; done
  "exit_status":0
  "exit_status":-100
  "exit_status":-105
  "exit_status":-106
  "exit_status":-107
  "exit_status":-103
  "exit_status":-104
  "exit_status":-101,"failed":1,"failed_recently":1
  "exit_status":-102,"preempted":1
  "exit_status":1,"failed":1,"failed_recently":1
  "exit_status":2,"failed":1,"failed_recently":1
  "exit_status":-1000,"failed":1,"failed_recently":1
  "outcome":"completed"
  "outcome":"limits_exceeded"
  "outcome":"failed","failed":1,"failed_recently":1
  "outcome":"node_failure","failed":1,"failed_recently":1
  "outcome":"preempted","preempted":1

A released container completes as a release, whatever its exit.

  $ { hdr 1000; map '{"role0":0,"role1":1,"role2":2}'; ent h1 0 true 5 '"live":2,"releasing":1'
  >   pk Container '"id":"c1","host":"h1","role":0,"state":"releasing","since":900'
  >   pk Container '"id":"c2","host":"h1","role":0,"state":"live","since":800'; foot 1; } >s.json
  $ echo '{"event":"completed","container":"c1","exit_status":-102,"time":5000}' >e
  $ rh-load -R "$DATA/$HIST/mock3.json" --now $NOW --events e s.json | entry h1 0
  {"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"h1","role":0,"active":true,"last_used":5}}}
  $ echo '{"event":"completed","container":"c2","exit_status":0,"time":100000}' >>e
  $ rh-load -R "$DATA/$HIST/mock3.json" --now $NOW --events e s.json | entry h1 0
  {"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"h1","role":0,"active":false,"last_used":100000}}}

Allocations match placed, then aa, then the oldest open request (cases
37, 39): an unlocated container on another host takes the open request;
a placed priority on an unrequested host matches nothing, and the role,
now fully allocated, loses its remaining requests (case 39); an aa
request listing the host.

  $ { hdr 1000; map '{"role0":0,"role1":1,"role2":2}'
  >   pk Role '"name":"role0","id":0,"desired":3'; pk Role '"name":"role1","id":1,"desired":5'
  >   ent age2 0 false 2; ent age3 0 false 3
  >   pk Request '"role":0,"kind":"placed","host":"age3","priority":0,"issued":100,"deadline":1100'
  >   pk Request '"role":0,"kind":"placed","host":"age2","priority":0,"issued":101,"deadline":1101'
  >   pk Request '"role":0,"kind":"open","priority":1073741824,"issued":102'
  >   pk Request '"role":1,"kind":"aa","hosts":["h7","h8"],"priority":1,"issued":103'
  >   pk Request '"role":1,"kind":"open","priority":1073741825,"issued":104'; foot 2; } >s.json
  $ al() { rh-load --now $NOW --events e "$@" s.json; }
  $ echo '{"event":"allocated","container":"c1","host":"age3","priority":0}' >e && al | grep -e placekit.Request -e placekit.Container
  {"entry":{"placekit.Container":{"id":"c1","host":"age3","role":0,"state":"allocated","since":1500000000000}}}
  {"entry":{"placekit.Request":{"role":0,"kind":"placed","host":"age2","priority":0,"issued":101,"deadline":1101}}}
  {"entry":{"placekit.Request":{"role":0,"kind":"open","priority":1073741824,"issued":102}}}
  {"entry":{"placekit.Request":{"role":1,"kind":"aa","hosts":["h7","h8"],"priority":1,"issued":103}}}
  {"entry":{"placekit.Request":{"role":1,"kind":"open","priority":1073741825,"issued":104}}}
  $ echo '{"event":"allocated","container":"c2","host":"three","priority":1073741824}' >>e && al | grep -e placekit.Request -e placekit.Container
  {"entry":{"placekit.Container":{"id":"c1","host":"age3","role":0,"state":"allocated","since":1500000000000}}}
  {"entry":{"placekit.Container":{"id":"c2","host":"three","role":0,"state":"allocated","since":1500000000000}}}
  {"entry":{"placekit.Request":{"role":0,"kind":"placed","host":"age2","priority":0,"issued":101,"deadline":1101}}}
  {"entry":{"placekit.Request":{"role":1,"kind":"aa","hosts":["h7","h8"],"priority":1,"issued":103}}}
  {"entry":{"placekit.Request":{"role":1,"kind":"open","priority":1073741825,"issued":104}}}
  $ echo '{"event":"allocated","container":"c3","host":"four","priority":0}' >>e && al | grep -e placekit.Request
  {"entry":{"placekit.Request":{"role":1,"kind":"aa","hosts":["h7","h8"],"priority":1,"issued":103}}}
  {"entry":{"placekit.Request":{"role":1,"kind":"open","priority":1073741825,"issued":104}}}
  $ al --format lists | head -n 1
  0 role0: age2
  $ echo '{"event":"allocated","container":"c4","host":"h8","role":1}' >>e && al | grep -e placekit.Request -e '"id":"c4"' -e '"host":"h8","role":1,'
  {"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"h8","role":1,"active":false,"last_used":0,"starting":1}}}
  {"entry":{"placekit.Container":{"id":"c4","host":"h8","role":1,"state":"allocated","since":1500000000000}}}
  {"entry":{"placekit.Request":{"role":1,"kind":"open","priority":1073741825,"issued":104}}}

An allocation beyond desired is surplus, released and not counted (case
107); live containers after an AM restart, last used now (case 101).

  $ { hdr 1000; pk Role '"name":"r","id":0,"desired":1'; foot 0; } >s.json
  $ printf '%s\n' '{"event":"allocated","container":"c1","host":"h1","role":0,"time":10}' '{"event":"allocated","container":"c2","host":"h2","role":0,"time":11}' >e
  $ al | grep -e '"h2"' -e '"c2"'
  {"entry":{"placekit.Container":{"id":"c2","host":"h2","role":0,"state":"releasing","since":11,"surplus":true}}}
  $ echo '{"event":"completed","container":"c2","exit_status":-105,"time":20}' >>e && al | grep -c -e '"c2"' -e '"h2"'
  0
  [1]
  $ printf '%s\n' '{"event":"live","container":"c1","host":"00000000","role":0}' '{"event":"live","container":"c2","host":"00000000","role":1}' '{"event":"live","container":"c3","host":"00000000","role":1}' >ev
  $ ev | entry 00000000 1 && ev --format lists | head -n 1
  {"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"00000000","role":1,"active":true,"last_used":1500000000000,"live":2}}}
  0 role0: age3 age2

Node reports create and update nodes; a changed cluster drops aa
requests (case 62): a node going offline is no change for
anti-affinity, coming back is, and so is a new node, even one that is
down, and a label change.

  $ { hdr 1000; ent age3 0 false 3; pk Request '"role":2,"kind":"aa","hosts":["age3"],"priority":2,"issued":5'; foot 1; } >s.json
  $ echo '{"event":"node","host":"age3","state":"LOST"}' >e && al | grep placekit
  {"entry":{"placekit.Node":{"host":"age3","state":"LOST"}}}
  {"entry":{"placekit.Request":{"role":2,"kind":"aa","hosts":["age3"],"priority":2,"issued":5}}}
  $ echo '{"event":"node","host":"age3","state":"RUNNING"}' >>e && al | grep placekit
  {"entry":{"placekit.Node":{"host":"age3","state":"RUNNING"}}}
  $ echo '{"event":"node","host":"newhost","state":"LOST","label":"gpu"}' >e && al | grep placekit
  {"entry":{"placekit.Node":{"host":"newhost","state":"LOST","label":"gpu"}}}
  $ echo '{"event":"node","host":"age3","state":"RUNNING","label":"gpu"}' >e && al | grep placekit
  {"entry":{"placekit.Node":{"host":"age3","state":"RUNNING","label":"gpu"}}}
  $ echo '{"event":"node","host":"newhost","state":"LOST","label":"gpu"}' >e && al --format table | grep newhost
  newhost  (no entries) node LOST, label gpu

Events and --reset-failures clear failed_recently only.

  $ { hdr 1000; ent h1 0 false 5 '"failed":4,"failed_recently":3'; foot 1; } >s.json
  $ rh-load --now $NOW --reset-failures s.json | entry h1 0
  {"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"h1","role":0,"active":false,"last_used":5,"failed":4}}}
  $ echo '{"event":"reset_failures"}' >e && al | entry h1 0
  {"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"h1","role":0,"active":false,"last_used":5,"failed":4}}}

Unknown containers are ignored with a warning; bad events stop with 65,
naming where.

  $ echo '{"event":"started","container":"nope"}' >ev && ev >/dev/null
  rh-load: ev:1:32: warning: start of unknown container 'nope' ignored
  $ for e in '{"event":"exploded"}' '{"event":"alloc"}' '{"kind":"started"}' '{"event":"started"}' '{"event":"started","container":"c","exit_status":1}' '{"event":"completed","container":"c"}' '{"event":"completed","container":"c","outcome":"ok"}' '{"event":"allocated","container":"c","host":"h"}' '{"event":"allocated","container":"c","host":"h","role":9}' '{"event":"allocated","container":"c","host":"h","role":"0"}' '{"event":"allocated","container":"c","host":"h","role":1,"priority":0}' '{"event":"node","host":"h","state":"up"}' '{"event":"started","container":"c","time":"noon"}' 'not json'; do
  >   printf '%s\n' '{"event":"reset_failures"}' "$e" >ev; ev; echo "status $?"; done
  rh-load: ev:2:10: unknown event 'exploded'; known are node, allocated, started, start_failed, completed, live and reset_failures
  status 65
  rh-load: ev:2:10: unknown event 'alloc' (did you mean 'allocated'?)
  status 65
  rh-load: ev:2:1: an event needs "event": its kind as a string
  status 65
  rh-load: ev:2:1: a 'started' event needs 'container'
  status 65
  rh-load: ev:2:36: unknown field 'exit_status' in a 'started' event
  status 65
  rh-load: ev:2:1: a 'completed' event needs one of 'exit_status' and 'outcome'
  status 65
  rh-load: ev:2:48: 'ok' is not an outcome (completed, failed, node_failure, preempted, limits_exceeded)
  status 65
  rh-load: ev:2:1: an allocation needs 'priority' or 'role'
  status 65
  rh-load: ev:2:56: unknown role 9
  status 65
  rh-load: ev:2:56: 'role' must be an integer, not a string
  status 65
  rh-load: ev:2:56: role 1 does not match priority 0
  status 65
  rh-load: ev:2:36: 'up' is not a YARN node state
  status 65
  rh-load: ev:2:43: 'time' must be milliseconds since the epoch, not a string
  status 65
  rh-load: ev:2:1: expected a JSON object
  status 65
  $ printf '%s\n' '{"event":"live","container":"c","host":"h","role":0}' '{"event":"live","container":"c","host":"h","role":0}' >ev && ev
  rh-load: ev:2:29: container 'c' is already known
  [65]
  $ rh-load --now $NOW --events none f5.json
  rh-load: cannot open 'none': No such file or directory
  [66]

UTF-8 in a save is decoded as Slider's parser decodes it: overlong forms
and encoded surrogates are characters; what it refuses, and invalid
UTF-8 in a record Slider refuses (read by placekit then), an event or
-R, is bad input with its position, fast path or not; valid UTF-8 goes
through as it is.

  $ for bad in '\xc0\xaf' '\xed\xa0\x80' '\xf4\x90\x80\x80' '\xe0\x80\xaf' '\x80'; do
  >   { hdr 1000; printf '%b\n' "{\"entry\":{\"$NS.NodeEntryRecord\":{\"host\":\"a${bad}b\",\"role\":0,\"active\":false,\"last_used\":2}}}"; foot 1; } >h.json; rh-load --now $NOW h.json
  >   { hdr 1000; printf '%b\n' "{\"entry\":{\"$NS.NodeEntryRecord\":{\"role\":0,\"host\":\"a${bad}b\",\"active\":false,\"last_used\":2,\"x\":1}}}"; foot 1; } >h.json; rh-load --now $NOW h.json; done
  {"entry":{"org.apache.slider.server.avro.RoleHistoryHeader":{"version":1,"saved":1000,"savedx":"3e8","savedate":"1 Jan 1970 00:00:01 GMT","roles":3}}}
  {"entry":{"org.apache.slider.server.avro.RoleHistoryMapping":{"rolemap":{}}}}
  {"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"a/b","role":0,"active":false,"last_used":2}}}
  {"entry":{"org.apache.slider.server.avro.RoleHistoryFooter":{"count":1}}}
  rh-load: h.json:2:78: invalid UTF-8 in string
  {"entry":{"org.apache.slider.server.avro.RoleHistoryHeader":{"version":1,"saved":1000,"savedx":"3e8","savedate":"1 Jan 1970 00:00:01 GMT","roles":3}}}
  {"entry":{"org.apache.slider.server.avro.RoleHistoryMapping":{"rolemap":{}}}}
  {"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"a\ud800b","role":0,"active":false,"last_used":2}}}
  {"entry":{"org.apache.slider.server.avro.RoleHistoryFooter":{"count":1}}}
  rh-load: h.json:2:78: invalid UTF-8 in string
  {"entry":{"org.apache.slider.server.avro.RoleHistoryHeader":{"version":1,"saved":1000,"savedx":"3e8","savedate":"1 Jan 1970 00:00:01 GMT","roles":3}}}
  {"entry":{"org.apache.slider.server.avro.RoleHistoryMapping":{"rolemap":{}}}}
  {"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"a\udc00\udc00b","role":0,"active":false,"last_used":2}}}
  {"entry":{"org.apache.slider.server.avro.RoleHistoryFooter":{"count":1}}}
  rh-load: h.json:2:78: invalid UTF-8 in string
  {"entry":{"org.apache.slider.server.avro.RoleHistoryHeader":{"version":1,"saved":1000,"savedx":"3e8","savedate":"1 Jan 1970 00:00:01 GMT","roles":3}}}
  {"entry":{"org.apache.slider.server.avro.RoleHistoryMapping":{"rolemap":{}}}}
  {"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"a/b","role":0,"active":false,"last_used":2}}}
  {"entry":{"org.apache.slider.server.avro.RoleHistoryFooter":{"count":1}}}
  rh-load: h.json:2:78: invalid UTF-8 in string
  rh-load: h.json:2:69: invalid UTF-8 in string
  rh-load: h.json:2:78: invalid UTF-8 in string
  [65]
  $ { hdr 1000; printf '%b\n' "{\"entry\":{\"$NS.NodeEntryRecord\":{\"host\":\"a\x80b\",\"role\":0,\"active\":false,\"last_used\":2}}}"; foot 1; } >h.json && rh-load --strict h.json
  rh-load: h.json:2:69: not JSON as Slider's parser reads it; Slider: "Invalid UTF-8 start byte 0x80  at [Source: ...; line: 2, column: 70]"
  [65]
  $ printf '%b\n' '{"event":"node","host":"h\xed\xa0\x80","state":"RUNNING"}' >ev && rh-load --now $NOW --events ev f5.json
  rh-load: ev:1:26: invalid UTF-8 in string
  [65]
  $ printf '%b\n' '{"schema":"x","metadata":{},"global":{},"components":{"r\xc0\xaf":{"yarn.role.priority":"1"}}}' >R.json && rh-load -R R.json --now $NOW f5.json
  rh-load: R.json:1:57: invalid UTF-8 in string
  [78]
  $ { hdr 1000; printf '%b\n' "{\"entry\":{\"$NS.NodeEntryRecord\":{\"host\":\"h\xc3\xa9\xf0\x9f\x98\x80\",\"role\":0,\"active\":false,\"last_used\":2}}}"; foot 1; } >h.json && rh-load --now $NOW h.json | grep -c "$(printf '"host":"h\xc3\xa9\xf0\x9f\x98\x80"')"
  1

Events and saves: a time outside 1970 to 9999 is bad input, never a
wrapped difference (near INT64_MIN and INT64_MAX, 'completed - started'
overflowed); the last millisecond of 9999 is a time; a save's container
and request times, and --now, too.

  $ printf '%s\n' '{"event":"allocated","container":"c1","host":"age2","role":0,"time":-9223372036854775807}' '{"event":"started","container":"c1","time":-9223372036854775807}' '{"event":"completed","container":"c1","exit_status":0,"time":9223372036854775807}' >ev && ev
  rh-load: ev:1:69: 'time' is out of range for a time (1970 to 9999)
  [65]
  $ echo '{"event":"started","container":"c1","time":253402300800000}' >ev && rh-load --now $NOW --events ev f5.json
  rh-load: ev:1:44: 'time' is out of range for a time (1970 to 9999)
  [65]
  $ printf '%s\n' '{"event":"allocated","container":"c1","host":"age2","role":0,"time":0}' '{"event":"started","container":"c1","time":0}' '{"event":"completed","container":"c1","exit_status":0,"time":253402300799999}' >ev && ev | entry age2 0
  {"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"age2","role":0,"active":false,"last_used":253402300799999}}}
  $ { hdr 1000; map '{"role0":0,"role1":1,"role2":2}'; pk Container '"id":"c","host":"h","role":0,"state":"live","since":-1'; foot 0; } >c.json && rh-load --now $NOW c.json
  rh-load: c.json:3:85: 'since' is out of range for a time (1970 to 9999)
  [65]
  $ { hdr 1000; map '{"role0":0,"role1":1,"role2":2}'; pk Request '"role":0,"kind":"placed","host":"h","issued":1,"deadline":9223372036854775807'; foot 0; } >q.json && rh-load --now $NOW q.json
  rh-load: q.json:3:89: 'deadline' is out of range for a time (1970 to 9999)
  [65]
  $ rh-load --now -1 f5.json
  rh-load: --now: '-1' is not a time (milliseconds since the epoch or ISO-8601 such as 2026-11-22T10:00:00Z, from 1970 to 9999)
  Try 'rh-load --help'.
  [64]
  $ rh-load --now 10000-01-01 f5.json
  rh-load: --now: '10000-01-01' is not a time (milliseconds since the epoch or ISO-8601 such as 2026-11-22T10:00:00Z, from 1970 to 9999)
  Try 'rh-load --help'.
  [64]

Views. --format table: counters, last use as a date, availability or
why not.

  $ { hdr 1795320000000 3; map '{"a":0,"b":1,"c":2}'
  >   pk Role '"name":"a","id":0,"failure_threshold":1'; pk Role '"name":"b","id":1'
  >   pk Node '"host":"h2","state":"UNHEALTHY"'
  >   ent h1 0 true 1795316400000 '"live":2'
  >   ent h1 1 false 0 '"untrusted":true,"failed":1,"failed_recently":1,"start_failed":1'
  >   ent h2 0 false 1795316400000; ent h3 0 false 1795302000000 '"failed_recently":2'; ent h4 1 false 1795302000000
  >   pk Request '"role":1,"kind":"placed","host":"h4","priority":1,"issued":1795320000000,"deadline":1795320030000'; foot 5; } >s.json
  $ rh-load --now $NOW --format table s.json
  history saved 2026-11-22T04:00:00Z (1795320000000): 4 hosts, 5 entries, 2 roles, 0 containers
  
  HOST  ROLE  LIVE START  REQ  REL FAILED RECENT SFAIL PREEMPT  LAST USED                AVAILABLE
  h1    a        2     0    0    0      0      0     0       0  2026-11-22T03:00:00Z     no: 2 live
  h1    b        0     0    0    0      1      1     1       0  never                    no: untrusted after a failed start
  h2    a        0     0    0    0      0      0     0       0  2026-11-22T03:00:00Z     yes, #1 (node UNHEALTHY)
        node UNHEALTHY
  h3    a        0     0    0    0      0      2     0       0  2026-11-21T23:00:00Z     yes, #2 (over the failure threshold 1)
  h4    b        0     0    0    0      0      0     0       0  2026-11-21T23:00:00Z     no: a placed request is outstanding
  
  requests:
    b  placed  h4  issued 2026-11-22T04:00:00Z, escalates after 2026-11-22T04:00:30Z

--format table and lists: control characters and invalid UTF-8 in names
are shown escaped, one line per row.

  $ { hdr 1000 1; map '{"r\u001b]0;x\u0007":0}'; pk Node '"host":"n\u001b[2J","state":"LOST","label":"l\nx"'
  >   ent 'a\u001b[31mb\nc' 0 false 1795316400000
  >   pk Container '"id":"c\r1","host":"h\t","role":0,"state":"live","since":1795316400000'; foot 1; } >h.json
  $ rh-load --now $NOW --format lists h.json
  0 r\x1b]0;x\x07: a\x1b[31mb\nc
  $ rh-load --now $NOW --format table h.json
  history saved 1970-01-01T00:00:01Z (1000): 3 hosts, 1 entry, 1 role, 1 container
  
  HOST           ROLE           LIVE START  REQ  REL FAILED RECENT SFAIL PREEMPT  LAST USED                AVAILABLE
  a\x1b[31mb\nc  r\x1b]0;x\x07     0     0    0    0      0      0     0       0  2026-11-22T03:00:00Z     yes, #1
  h\t            (no entries) node RUNNING
  n\x1b[2J       (no entries) node LOST, label l\nx
  
  containers:
    c\r1  h\t  r\x1b]0;x\x07  live since 2026-11-22T03:00:00Z
  $ rh-load --now $NOW --format table h.json | tr -d '\n' | grep -c "$(printf '[\033\r]')"
  0
  [1]

--format lists: each role's available list, most recent first, host as
tie-break.

  $ { hdr 5000; ent b 0 false 10; ent a 0 false 10; ent c 0 false 30; ent d 1 true 0; foot 4; } >h.json && rh-load --now $NOW --format lists h.json
  0 -: c a b
  1 -: d

Options and output. --help; usage errors: a bad --format, an extra
operand, a bad --max-age.

  $ rh-load --help
  usage: rh-load [-qv] [--strict] [--reset-failures] [-R resources.json] [--events FILE]
                 [--max-age DUR] [--now T] [--format state|table|lists] [-o FILE]
                 [FILE | DIR | -]
  
  Load a Slider role history (file, history directory or state stream),
  replay events, and print the state.
  
    -q, --quiet             silence warnings
    -v, --verbose           say which file of a directory is loaded
    -R, --resources FILE    role definitions from a Slider resources.json
        --events FILE       apply container and node events from FILE
        --reset-failures    reset recent failure counters
        --max-age DUR       drop entries older than DUR before the save (default 7d, 0 keeps all)
        --now T             the current time (ms since the epoch or ISO-8601)
        --strict            apply Slider's own acceptance rules
        --format FMT        state (default), table or lists
    -o, --output FILE       write to FILE atomically
    -h, --help              show this help
        --version           show the version
  
  See rh-load(1).
  $ rh-load --format json
  rh-load: --format: 'json' is not state, table or lists
  Try 'rh-load --help'.
  [64]
  $ rh-load a b
  rh-load: one history at most: 'b' is extra
  Try 'rh-load --help'.
  [64]
  $ rh-load --max-age -1d
  rh-load: --max-age: '-1d' is not a duration (like 500ms, 30s, 15m, 6h, 7d, 2w, or seconds)
  Try 'rh-load --help'.
  [64]

Standard input is read when no operand or '-' is given.

  $ rh-load --now $NOW <"$DATA/$SAMPLES/history_v01b_1_role.json" | grep -c '"host":"192.168.56.1"'
  1
  $ printf '{' | rh-load -
  rh-load: <stdin>:1:2: unexpected end of file: the record that starts at 1:1 is not closed
  [65]

-o writes atomically; on failure the destination is left as it was; a
full standard output is 74, a closed pipe a quiet success.

  $ rh-load --now $NOW -o out.json "$DATA/$SAMPLES/history_v01b_1_role.json" && grep -c . out.json
  4
  $ echo keep >keep.json && rh-load -o keep.json missing; cat keep.json
  rh-load: cannot open 'missing': No such file or directory
  keep
  $ rh-load -o no/dir/x.json "$DATA/$SAMPLES/history_v01b_1_role.json"
  rh-load: cannot create 'no/dir/x.json': No such file or directory
  [73]
  $ rh-load "$DATA/$SAMPLES/history_v01b_1_role.json" >/dev/full
  rh-load: write error: No space left on device
  [74]
  $ perl -e 'pipe(R, W) or die; close R; open(STDOUT, ">&", \*W) or die; close W; exec @ARGV or die' -- rh-load "$DATA/$SAMPLES/history_v01b_1_role.json"

-R errors are bad configuration (78) with their position.

  $ h=$DATA/$SAMPLES/history_v01b_1_role.json
  $ printf '{"components":{"a":{"yarn.role.priority":"1"},\n "b":{"yarn.role.priority":"1"}}}\n' >dup.json && rh-load -R dup.json "$h"
  rh-load: dup.json:2:28: components 'a' and 'b' have the same yarn.role.priority 1
  [78]
  $ printf '{"components":{"a":{"yarn.role.priority":"x1"}}}\n' >nan.json && rh-load -R nan.json "$h"
  rh-load: nan.json:1:42: yarn.role.priority: 'x1' is not a whole number
  [78]
  $ printf '{"components":{"a":{"yarn.component.instances":"1"}}}\n' >nop.json && rh-load -R nop.json "$h"
  rh-load: nop.json:1:20: component 'a' has no yarn.role.priority
  [78]
  $ printf '{"global":{"yarn.label.expression":"a&&b"},"components":{"a":{"yarn.role.priority":"1"}}}\n' >lab.json && rh-load -R lab.json "$h"
  rh-load: lab.json:1:36: yarn.label.expression: 'a&&b': a role takes one label, not an expression
  [78]
  $ printf '{"metadata":{}}\n' >none.json && rh-load -R none.json "$h"
  rh-load: none.json:1:1: no 'components' object: not a Slider resources.json
  [78]
  $ printf '{"components":{}} {}\n' >two.json && rh-load -R two.json "$h"
  rh-load: two.json:1:19: data after the resources object
  [78]
  $ rh-load -R absent.json "$h"
  rh-load: cannot open 'absent.json': No such file or directory
  [66]

-R: globals are inherited, slider-appmaster defaults to id 0 and one
instance.

  $ printf '%s\n' '{"global":{"yarn.node.failure.threshold":"-1","yarn.placement.escalate.seconds":"5",' '  "yarn.component.placement.policy":"1","yarn.label.expression":"ssd"},' ' "components":{"slider-appmaster":{"yarn.memory":"256"},' '  "w":{"yarn.role.priority":3,"yarn.component.instances":"2","yarn.label.expression":""}}}' >r.json
  $ { hdr 1000 0; foot 0; } >h.json && rh-load -R r.json --now $NOW h.json | grep placekit.Role
  rh-load: h.json: warning: the history was saved with 0 roles, 2 are defined
  {"entry":{"placekit.Role":{"name":"slider-appmaster","id":0,"desired":1,"policy":1,"failure_threshold":-1,"escalate_ms":5000,"label":"ssd"}}}
  {"entry":{"placekit.Role":{"name":"w","id":3,"desired":2,"policy":1,"failure_threshold":-1,"escalate_ms":5000}}}

The tools say what they did: which file of a directory rh-load loaded,
how many applications place and explain placed and rejected, the
rejected ones in tree's counts, why rh-release released nothing, and a
close name for an unknown one. Run by tests/transcript.sh (HACKING,
Tests).

  $ cd "$EXAMPLES"
  $ now=2026-11-22T10:00:00Z

rh-load -v names the file of a directory it loaded, and the table's
header says it too; for a file it says nothing more.

  $ rh-load -v -R resources.json --now $now --format table history | head -n 3
  rh-load: load history/rolehistory-000001a201692e00.json
  history saved 2026-11-22T04:00:00Z (1795320000000): 7 hosts, 8 entries, 4 roles, 0 containers
  loaded from history/rolehistory-000001a201692e00.json
  
  $ rh-load -v --format table history/rolehistory-000001a201692e00.json | head -n 2
  history saved 2026-11-22T04:00:00Z (1795320000000): 7 hosts, 8 entries, 4 roles, 0 containers
  
  $ mkdir "$OLDPWD/empty" && rh-load -v --now $now --format table "$OLDPWD/empty" | head -n 2
  rh-load: .../empty: warning: no loadable history: starting empty
  history saved 2026-11-22T10:00:00Z (1795341600000): 0 hosts, 0 entries, 0 roles, 0 containers
  nothing loadable in .../empty: started empty

place and explain -v count on standard error; -v is theirs alone.

  $ placectl place -v -c queues.yaml apps.ndjson >/dev/null
  placectl: 9 applications: 8 placed, 1 rejected; 3 queues created (YuniKorn 0.10.0)
  $ placectl explain --verbose -c queues.yaml <apps.ndjson | wc -l
  placectl: 9 applications: 8 placed, 1 rejected; 3 queues created (YuniKorn 0.10.0)
  9
  $ head -n 1 apps.ndjson | placectl place -v -c queues.yaml >/dev/null
  placectl: 1 application: 1 placed, 0 rejected; 1 queue created (YuniKorn 0.10.0)
  $ awk 'BEGIN { for (i = 0; i < 20000; i++) print "{\"app\":\"a\",\"user\":\"u\"}" }' >"$OLDPWD/many.ndjson"
  $ placectl place -v -c queues.yaml "$OLDPWD/many.ndjson" | head -n 1 >/dev/null
  $ placectl tree -v -c queues.yaml
  placectl: -v is for place, explain and pods
  Try 'placectl --help'.
  [64]

tree counts the applications placed in no queue.

  $ placectl tree -c queues.yaml <apps.ndjson | tail -n 2
      nightly (leaf) apps=1
  (rejected) apps=1
  $ placectl tree --dot -c queues.yaml <apps.ndjson | tail -n 2
  	"(rejected)" [label="rejected\napps: 1", shape=note];
  }

check's summary and the other counts in the singular.

  $ printf 'partitions:\n  - name: default\n    queues: [{name: root, submitacl: "*"}]\n    placementrules: [{name: provided}]\n' >"$OLDPWD/one.yaml"
  $ placectl check -c "$OLDPWD/one.yaml"
  .../one.yaml: partition 'default': 1 queue, 1 rule, 0 errors, 0 warnings (YuniKorn 0.10.0)

rh-release on a saved history: no containers, and why.

  $ rh-release -r regionserver -n 1 --now $now --emit releases history
  rh-release: warning: role 'regionserver': 0 of 1 instance removed (0 requests cancelled, 0 containers released): no other outstanding request or live container
  rh-release: warning: role 'regionserver': no container to release: the input has none (a saved history holds none; rh-load --events adds the live ones from the events since the save)
  $ rh-load -R resources.json --now $now --events events.ndjson history | rh-release -r regionserver -n 1 --now $now --emit releases
  {"entry":{"placekit.Release":{"id":"container_1795320000000_0001_01_000002","host":"host02.example.com","role":1,"reason":"one-per-node"}}}

Unknown names: the close one, or the known ones.

  $ rh-request -r regionservr -n 1 history
  rh-request: history: role 'regionservr' is not in the history (did you mean 'regionserver'?); its roles are 0 slider-appmaster, 1 regionserver, 2 master, 3 worker
  [65]
  $ rh-release -r 9 -n 1 history
  rh-release: history: role '9' is not in the history; its roles are 0 slider-appmaster, 1 regionserver, 2 master, 3 worker
  [65]
  $ echo '{"event":"alloc","container":"c"}' | rh-load --events - history >/dev/null
  rh-load: <stdin>:1:10: unknown event 'alloc' (did you mean 'allocated'?)
  [65]
  $ placectl explian -c queues.yaml
  placectl: unknown subcommand 'explian' (did you mean 'explain'?)
  Try 'placectl --help'.
  [64]
  $ rh-compact --kep 2 history
  rh-compact: option '--kep' is unknown (did you mean '--keep'?)
  Try 'rh-compact --help'.
  [64]
  $ rh-compact --max-age=1d --frobnicate history
  rh-compact: option '--frobnicate' is unknown
  Try 'rh-compact --help'.
  [64]

placectl's usage lines name every option.

  $ placectl --help | sed -n '1,/^$/p' | grep -c -- '--defaults FILE\] \[--policy-group NAME\]'
  6

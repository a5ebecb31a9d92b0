rh-compact: filter mode, -i, directory mode (the choice, the write, the
purge, --keep, --dry-run), usage and input errors. Locks, other users,
file size limits and injected failures are in tests/rh-compact.bats.

  $ NS=org.apache.slider.server.avro CDATA=$DATA/compact NOW=2026-11-22T10:00:00Z NOWMS=1795341600000 H=3600000
  $ NEW=rolehistory-000001a202b2c500.json
  $ name() { printf 'rolehistory-%016x.json' "$1"; }
  $ at() { name $((NOWMS - $1 * H)); }
  $ save() { local t=$1 n=0 e host role active used; shift
  >   printf '{"entry":{"%s.RoleHistoryHeader":{"version":1,"saved":%s,"savedx":"%x","savedate":"d","roles":2}}}\n' "$NS" "$t" "$t"
  >   for e; do read -r host role active used <<<"$e"
  >     printf '{"entry":{"%s.NodeEntryRecord":{"host":"%s","role":%s,"active":%s,"last_used":%s}}}\n' "$NS" "$host" "$role" "$active" "$used"; n=$((n + 1)); done
  >   printf '{"entry":{"%s.RoleHistoryFooter":{"count":%s}}}' "$NS" "$n"; }

hist DIR KIND:HOURS... makes a history directory: each file is named
HOURS before NOW (negative: after) and is a valid save (v) holding one
entry used then on host hHOURS, empty (e) or broken (b). files DIR lists
the names on one line; snap DIR is names, sizes and contents.

  $ hist() { local d=$1 spec kind h t; shift; mkdir -p "$d"
  >   for spec; do kind=${spec%%:*} h=${spec#*:} t=$((NOWMS - h * H))
  >     case $kind in
  >     v) save "$t" "h$h 0 false $t" >"$d/$(name "$t")" ;;
  >     e) : >"$d/$(name "$t")" ;;
  >     b) echo '{broken' >"$d/$(name "$t")" ;;
  >     esac; done; }
  $ files() { ls -A "$1" | tr '\n' ' ' | sed 's/ $//'; echo; }
  $ snap() { (cd "$1" && ls -la --time-style=+ . | awk '{ print $1, $5, $NF }' && find . -type f -exec cksum {} + | sort); }

--help names every option of the synopsis:

  $ rh-compact --help
  usage: rh-compact [-inqv] [--dry-run] [--keep N] [--max-age DUR] [--now T] [--wait]
                    [-o FILE] [FILE | DIR | -]
  
  Write a compact persisted role history; on a history directory, purge old saves.
  
    -i, --in-place          rewrite FILE in place, atomically
    -n, --dry-run           say what would be done, change nothing
    -q, --quiet             silence warnings
    -v, --verbose           a line per action
        --keep N            keep the N newest valid saves (default 1)
        --max-age DUR       drop entries older than DUR (default 7d, 0 keeps all)
        --now T             the current time
        --wait              wait for the directory lock instead of failing
    -o, --output FILE       write to FILE atomically
    -h, --help              show this help
        --version           show the version
  
  See rh-compact(1).

Filter mode. A state stream loses toolkit records, counters, old entries
and empty nodes: in use (live 2) though old, h2 is kept, still active;
h3, exactly at the cutoff, is kept; h5, only requested and starting,
never released (last_used 0), is not in use, not active as Slider
writes it, and goes. --max-age 0 keeps it, as it was written.

  $ rh-compact --now $NOW "$CDATA/state.ndjson" | cmp - "$CDATA/state.want" && cat "$CDATA/state.want"
  {"entry":{"org.apache.slider.server.avro.RoleHistoryHeader":{"version":1,"saved":1795341600000,"savedx":"1a202b2c500","savedate":"22 Nov 2026 10:00:00 GMT","roles":3}}}
  {"entry":{"org.apache.slider.server.avro.RoleHistoryMapping":{"rolemap":{"am":0,"rs":1,"wk":2}}}}
  {"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"h1","role":0,"active":true,"last_used":0}}}
  {"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"h1","role":1,"active":false,"last_used":1795316400000}}}
  {"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"h2","role":1,"active":true,"last_used":1790000000000}}}
  {"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"h3","role":1,"active":false,"last_used":1794736800000}}}
  {"entry":{"org.apache.slider.server.avro.RoleHistoryFooter":{"count":4}}}
  $ rh-compact --now $NOW --max-age 0 "$CDATA/state.ndjson" | grep '"h5"'
  {"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"h5","role":2,"active":false,"last_used":0}}}

Duplicates (the last wins), pretty-printing; old entries and last_used 0
go.

  $ rh-compact --now $NOW "$CDATA/dups.json" | cmp - "$CDATA/dups.want" && cat "$CDATA/dups.want"
  {"entry":{"org.apache.slider.server.avro.RoleHistoryHeader":{"version":1,"saved":1795341600000,"savedx":"1a202b2c500","savedate":"22 Nov 2026 10:00:00 GMT","roles":2}}}
  {"entry":{"org.apache.slider.server.avro.RoleHistoryMapping":{"rolemap":{}}}}
  {"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"a","role":0,"active":false,"last_used":1795300000000}}}
  {"entry":{"org.apache.slider.server.avro.RoleHistoryFooter":{"count":1}}}

The output is strictly valid for Slider, and compacting it again changes
nothing.

  $ for f in "$CDATA/state.ndjson" "$CDATA/dups.json" "$EXAMPLES/history/rolehistory-000001a201692e00.json"; do
  >   rh-compact --now $NOW -o once.json "$f" && rh-load --strict --now $NOW once.json >/dev/null &&
  >   rh-compact --now $NOW -o twice.json once.json && cmp once.json twice.json || echo "$f: differs"; done

A state stream from rh-load and events compacts to what Slider reads.

  $ rh-load -R "$EXAMPLES/resources.json" --now $NOW --events "$EXAMPLES/events.ndjson" "$EXAMPLES/history" >state
  $ rh-compact --now $NOW <state | rh-load --strict --now $NOW --format table | head -n 1
  history saved 2026-11-22T10:00:00Z (1795341600000): 7 hosts, 8 entries, 4 roles, 0 containers

--max-age counts back from --now, not from the save; 0 keeps all. Host a
was used 1795300000000, 20 minutes before the 6h cutoff from now; rh-load
counts from the save (6h before now), so a stays there.

  $ rh-compact --now $NOW --max-age 6h "$CDATA/dups.json"
  {"entry":{"org.apache.slider.server.avro.RoleHistoryHeader":{"version":1,"saved":1795341600000,"savedx":"1a202b2c500","savedate":"22 Nov 2026 10:00:00 GMT","roles":2}}}
  {"entry":{"org.apache.slider.server.avro.RoleHistoryMapping":{"rolemap":{}}}}
  {"entry":{"org.apache.slider.server.avro.RoleHistoryFooter":{"count":0}}}
  $ rh-load --now $NOW --max-age 6h "$CDATA/dups.json" | grep -c '"host":"a"'
  1
  $ rh-compact --now $NOW --max-age 0 "$CDATA/dups.json"
  {"entry":{"org.apache.slider.server.avro.RoleHistoryHeader":{"version":1,"saved":1795341600000,"savedx":"1a202b2c500","savedate":"22 Nov 2026 10:00:00 GMT","roles":2}}}
  {"entry":{"org.apache.slider.server.avro.RoleHistoryMapping":{"rolemap":{}}}}
  {"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"a","role":0,"active":false,"last_used":1795300000000}}}
  {"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"b","role":1,"active":false,"last_used":1790000000000}}}
  {"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"c","role":0,"active":false,"last_used":1794000000000}}}
  {"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"c","role":1,"active":false,"last_used":1794000000000}}}
  {"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"d","role":1,"active":false,"last_used":0}}}
  {"entry":{"org.apache.slider.server.avro.RoleHistoryFooter":{"count":5}}}

Standard input, a file, -o FILE and a directory read with -o give the
same bytes; a directory with -o is only read (the newest loadable save,
no purge).

  $ rh-compact --now $NOW "$CDATA/dups.json" >a
  $ rh-compact --now $NOW - <"$CDATA/dups.json" | cmp a -
  $ rh-compact --now $NOW <"$CDATA/dups.json" | cmp a -
  $ rh-compact --now $NOW -o d "$CDATA/dups.json" && cmp a d
  $ cp_fixture "$EXAMPLES/history" h && snap h >before
  $ rh-compact --now $NOW -o e "$EXAMPLES/history/rolehistory-000001a201692e00.json"
  $ rh-compact --now $NOW -o f h && cmp e f && snap h | cmp before -

A directory read with -o and nothing loadable: an empty save, a
warning.

  $ hist n e:1 b:2
  $ rh-compact -v --now $NOW -o out n
  rh-compact: n/rolehistory-000001a2027bd680.json: warning: skipping this file: it is empty
  rh-compact: n/rolehistory-000001a20244e800.json:1:2: warning: skipping this file: not JSON as Slider's parser reads it; Slider: "Unexpected character ('b' (code 98)): was expecting double-quote to start field name  at [Source: ...; line: 1, column: 3]"
  rh-compact: n: warning: no loadable history: an empty save
  rh-compact: write out (0 entries)
  $ sed -n '3,$p' out; echo; files n
  {"entry":{"org.apache.slider.server.avro.RoleHistoryFooter":{"count":0}}}
  
  rolehistory-000001a20244e800.json rolehistory-000001a2027bd680.json

-i rewrites the file in place, atomically, keeping its mode; through a
symbolic link, the file it names is rewritten.

  $ mkdir w && cp_fixture "$CDATA/dups.json" w/f.json && chmod 640 w/f.json
  $ rh-compact --now $NOW -i w/f.json && cmp w/f.json "$CDATA/dups.want" && stat -c %a w/f.json && files w
  640
  f.json
  $ cp_fixture "$CDATA/state.ndjson" w/s.json && ln -s s.json w/link.json
  $ rh-compact --now $NOW -i w/link.json && readlink w/link.json && cmp w/s.json "$CDATA/state.want"
  s.json

-i --dry-run and -v say what is done; --dry-run changes nothing.

  $ cp_fixture "$CDATA/dups.json" f.json
  $ rh-compact --now $NOW -n -i f.json && cmp "$CDATA/dups.json" f.json
  write f.json (1 entry)
  $ rh-compact --now $NOW --dry-run "$CDATA/dups.json"
  write - (1 entry)
  $ rh-compact --now $NOW -v -i f.json && cmp "$CDATA/dups.want" f.json
  rh-compact: load f.json
  rh-compact: write f.json (1 entry)

A broken file is 65 and -i leaves it as it was; a missing one is 66; an
empty one 65.

  $ mkdir b && printf '{"entry":{"%s.RoleHistoryHeader":{"version":1,"saved":1}}}\n{broken\n' "$NS" >b/b.json && cp b/b.json b/orig
  $ rh-compact --now $NOW -i b/b.json
  rh-compact: b/b.json:2:2: quoted object property name expected
  [65]
  $ cmp b/orig b/b.json && files b
  b.json orig
  $ rh-compact --now $NOW b/none.json
  rh-compact: cannot open 'b/none.json': No such file or directory
  [66]
  $ : >b/empty.json && rh-compact --now $NOW -i b/empty.json
  rh-compact: b/empty.json: no history: the input is empty
  [65]

A record cut short: 65 saying where it begins; -i leaves the file; in a
directory the damaged newest save is skipped, never deleted.

  $ cp_fixture "$DATA/cut/line.json" line.json && cp line.json orig
  $ rh-compact --now $NOW -i line.json
  rh-compact: line.json:4:1: this record is not closed: it runs into the record at 5:1 (a line cut short?)
  [65]
  $ cmp orig line.json && (cd "$DATA" && exec rh-compact --now $NOW cut/end.json)
  rh-compact: cut/end.json:10:80: unexpected end of file: the record that starts at 10:1 is not closed
  [65]
  $ mkdir c && cp_fixture "$EXAMPLES/history/rolehistory-000001a1fd8c6900.json" c/ && cp_fixture "$DATA/cut/swallow.json" c/rolehistory-000001a201692e00.json
  $ rh-compact --now $NOW --dry-run c
  rh-compact: c/rolehistory-000001a201692e00.json:7:1: warning: skipping this file: not JSON as Slider's parser reads it; Slider: "Unexpected character ('{' (code 123)): was expecting comma to separate OBJECT entries  at [Source: ...; line: 7, column: 2]"
  load c/rolehistory-000001a1fd8c6900.json
  write c/rolehistory-000001a202b2c500.json (6 entries)
  delete c/rolehistory-000001a1fd8c6900.json

Usage errors: -i with standard input, a directory or -o; --keep and
--wait off a directory; nothing is touched.

  $ mkdir dd && cp_fixture "$CDATA/dups.json" f.json
  $ rh-compact -i
  rh-compact: -i needs a FILE, not standard input
  Try 'rh-compact --help'.
  [64]
  $ rh-compact -i -
  rh-compact: -i needs a FILE, not standard input
  Try 'rh-compact --help'.
  [64]
  $ rh-compact -i dd
  rh-compact: -i rewrites a file: 'dd' is a directory (a directory is compacted without -i)
  Try 'rh-compact --help'.
  [64]
  $ rh-compact -i -o o f.json
  rh-compact: -i and -o cannot be used together
  Try 'rh-compact --help'.
  [64]
  $ rh-compact --keep 2 f.json
  rh-compact: --keep applies to a history directory compacted in place
  Try 'rh-compact --help'.
  [64]
  $ rh-compact --wait -o o dd
  rh-compact: --wait applies to a history directory compacted in place
  Try 'rh-compact --help'.
  [64]
  $ rh-compact --keep 0 dd
  rh-compact: --keep: 0 is too small (at least 1)
  Try 'rh-compact --help'.
  [64]
  $ rh-compact dd f.json
  rh-compact: one history at most: 'f.json' is extra
  Try 'rh-compact --help'.
  [64]
  $ files dd && cmp "$CDATA/dups.json" f.json

--keep or --wait on a directory that is not there: cannot open it, 66;
with -o, or from standard input, they are still usage errors.

  $ rh-compact --keep 2 --now $NOW none
  rh-compact: cannot open 'none': No such file or directory
  [66]
  $ rh-compact --wait --now $NOW none
  rh-compact: cannot open 'none': No such file or directory
  [66]
  $ rh-compact --keep 2 --wait -n --now $NOW none
  rh-compact: cannot open 'none': No such file or directory
  [66]
  $ rh-compact --keep 2 -o o none
  rh-compact: --keep applies to a history directory compacted in place
  Try 'rh-compact --help'.
  [64]
  $ rh-compact --wait </dev/null
  rh-compact: --wait applies to a history directory compacted in place
  Try 'rh-compact --help'.
  [64]
  $ ls -d none o
  ls: cannot access 'none': No such file or directory
  ls: cannot access 'o': No such file or directory
  [2]

-o /dev/full and a full standard output are 74.

  $ rh-compact --now $NOW -o /dev/full "$CDATA/dups.json"
  rh-compact: cannot write '/dev/full': No space left on device
  [74]
  $ rh-compact --now $NOW "$CDATA/dups.json" >/dev/full
  rh-compact: write error: No space left on device
  [74]
  $ rh-compact -n --now $NOW "$EXAMPLES/history" >/dev/full
  rh-compact: write error: No space left on device
  [74]

Directories. The newest save compacted under the name of now, the older
ones deleted; what Slider loads; quiet without -v; a trailing slash names
the files with one.

  $ rm -rf h && cp_fixture "$EXAMPLES/history" h
  $ rh-compact --now $NOW "$EXAMPLES/history/rolehistory-000001a201692e00.json" >want
  $ rh-compact -v --now $NOW h
  rh-compact: load h/rolehistory-000001a201692e00.json
  rh-compact: write h/rolehistory-000001a202b2c500.json (8 entries)
  rh-compact: delete h/rolehistory-000001a1fd8c6900.json
  rh-compact: delete h/rolehistory-000001a201692e00.json
  $ files h && cmp want h/$NEW && rh-load --strict --now $NOW h >/dev/null
  rolehistory-000001a202b2c500.json
  $ cp_fixture "$EXAMPLES/history" g && rh-compact --now $NOW g/ && files g
  rolehistory-000001a202b2c500.json

The new save takes the mode of the save it was computed from, not the
umask's.

  $ hist m v:1 v:2 && chmod 600 m/$(at 1) && chmod 644 m/$(at 2)
  $ (umask 022 && rh-compact --now $NOW m) && files m && stat -c %a m/$NEW
  rolehistory-000001a202b2c500.json
  600

--dry-run prints the plan and changes nothing; what it says is what it
then does.

  $ hist p v:1 v:2 e:3 b:4 && snap p >before
  $ rh-compact --dry-run --now $NOW p >plan && cat plan && snap p | cmp before -
  load p/rolehistory-000001a2027bd680.json
  write p/rolehistory-000001a202b2c500.json (1 entry)
  delete p/rolehistory-000001a201d70b00.json
  delete p/rolehistory-000001a2020df980.json
  delete p/rolehistory-000001a20244e800.json
  delete p/rolehistory-000001a2027bd680.json
  $ rh-compact -v --now $NOW p 2>&1 | sed 's/^rh-compact: //' | cmp plan - && files p
  rolehistory-000001a202b2c500.json

--keep N: the new save counts first; broken and empty files between kept
saves stay.

  $ hist k3 v:1 b:2 v:3 e:4 v:5 v:6 && rh-compact --keep 3 --now $NOW k3 && files k3
  rolehistory-000001a2020df980.json rolehistory-000001a20244e800.json rolehistory-000001a2027bd680.json rolehistory-000001a202b2c500.json
  $ hist k2 v:1 b:2 v:3 e:4 v:5 v:6 && rh-compact --keep 2 --now $NOW k2 && files k2
  rolehistory-000001a2027bd680.json rolehistory-000001a202b2c500.json
  $ hist k10 v:1 b:2 v:3 && rh-compact --keep 10 --now $NOW k10 && files k10
  rolehistory-000001a2020df980.json rolehistory-000001a20244e800.json rolehistory-000001a2027bd680.json rolehistory-000001a202b2c500.json

Broken and empty files newer than the loaded save are skipped with a
warning, never deleted; the new save holds the entry of the save at 3
hours, under the name of now.

  $ hist s e:1 b:2 v:3 v:4 b:5 e:6
  $ rh-compact --now $NOW s
  rh-compact: s/rolehistory-000001a2027bd680.json: warning: skipping this file: it is empty
  rh-compact: s/rolehistory-000001a20244e800.json:1:2: warning: skipping this file: not JSON as Slider's parser reads it; Slider: "Unexpected character ('b' (code 98)): was expecting double-quote to start field name  at [Source: ...; line: 1, column: 3]"
  $ files s && sed -n 3p s/$NEW
  rolehistory-000001a20244e800.json rolehistory-000001a2027bd680.json rolehistory-000001a202b2c500.json
  {"entry":{"org.apache.slider.server.avro.NodeEntryRecord":{"host":"h3","role":0,"active":false,"last_used":1795330800000}}}

Clocks going backwards: a save named later than --now is loaded, kept
and warned about; a broken file later than now, the loaded one before
now: kept too.

  $ hist cb v:-2 b:-1 v:3 e:4
  $ rh-compact -v --now $NOW cb
  rh-compact: load cb/rolehistory-000001a20320a200.json
  rh-compact: cb/rolehistory-000001a20320a200.json: warning: this save is named later than --now: the new save 'rolehistory-000001a202b2c500.json' sorts before it, Slider will load this one (the clock went backwards?)
  rh-compact: write cb/rolehistory-000001a202b2c500.json (1 entry)
  rh-compact: delete cb/rolehistory-000001a201d70b00.json
  rh-compact: delete cb/rolehistory-000001a2020df980.json
  $ files cb
  rolehistory-000001a202b2c500.json rolehistory-000001a202e9b380.json rolehistory-000001a20320a200.json
  $ hist ck b:-1 v:3 v:4 && rh-compact -q --now $NOW ck && files ck
  rolehistory-000001a202b2c500.json rolehistory-000001a202e9b380.json

The same --now twice: the new save replaces itself, the second run
changes no byte.

  $ hist tw v:1 v:2 && rh-compact --now $NOW tw && cp tw/$NEW first
  $ rh-compact -v --now $NOW tw
  rh-compact: load tw/rolehistory-000001a202b2c500.json
  rh-compact: write tw/rolehistory-000001a202b2c500.json (1 entry)
  $ files tw && cmp first tw/$NEW
  rolehistory-000001a202b2c500.json

A file of the new save's name that was not loaded: 75, nothing changes;
not a regular file: 73.

  $ hist nt v:1 v:2 e:0 && snap nt >before
  $ rh-compact --now $NOW nt
  rh-compact: nt/rolehistory-000001a202b2c500.json: warning: skipping this file: it is empty
  rh-compact: nt/rolehistory-000001a202b2c500.json: a save of this very time exists and is not the one loaded: left alone, try again later
  [75]
  $ snap nt | cmp before -
  $ hist nd v:1 && mkdir nd/$NEW
  $ rh-compact --now $NOW nd
  rh-compact: nd/rolehistory-000001a202b2c500.json: cannot create the new save: a file of that name is in the way
  [73]
  $ files nd
  rolehistory-000001a2027bd680.json rolehistory-000001a202b2c500.json

History files none of which loads: 65, even with -q and --dry-run,
nothing changed; no history file at all: a quiet success.

  $ hist nl e:1 b:2 && echo other >nl/notes.txt && snap nl >before
  $ rh-compact --now $NOW nl
  rh-compact: nl/rolehistory-000001a2027bd680.json: warning: skipping this file: it is empty
  rh-compact: nl/rolehistory-000001a20244e800.json:1:2: warning: skipping this file: not JSON as Slider's parser reads it; Slider: "Unexpected character ('b' (code 98)): was expecting double-quote to start field name  at [Source: ...; line: 1, column: 3]"
  rh-compact: nl: no loadable history: none of its 2 history files loads; nothing changed
  [65]
  $ rh-compact -q --dry-run --now $NOW nl
  rh-compact: nl: no loadable history: none of its 2 history files loads; nothing changed
  [65]
  $ snap nl | cmp before -
  $ mkdir empty && echo other >empty/notes.txt && rh-compact --now $NOW empty && files empty
  notes.txt

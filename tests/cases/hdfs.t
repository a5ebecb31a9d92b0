rh-compact-hdfs (examples/rh-compact-hdfs.in) compacts a Slider history
on HDFS as rh-compact compacts a local directory: here against a local
stand-in for the hdfs command (tests/hdfs-standin), which keeps HDFS's
rules for -put, -mv and -get.

  $ cp "$TOP_SRCDIR/tests/hdfs-standin" hdfs && chmod +x hdfs
  $ export HDFS=$PWD/hdfs HDFS_ROOT=$PWD/root RH_COMPACT=rh-compact
  $ job() { sh "$TOP_SRCDIR/examples/rh-compact-hdfs.in" "$@"; }
  $ now=2026-11-22T10:00:00Z H=/user/hbase/.slider/cluster/hbase1/history
  $ mkdir -p root${H%/*} && cp_fixture "$EXAMPLES/history" root$H

One save read with -cat, as Slider reads it:

  $ "$HDFS" dfs -cat $H/rolehistory-000001a201692e00.json | rh-load --format table - | head -n 1
  history saved 2026-11-22T04:00:00Z (1795320000000): 7 hosts, 8 entries, 4 roles, 0 containers

The plan, and nothing changed:

  $ job --dry-run --keep 2 --now $now $H
  load /user/hbase/.slider/cluster/hbase1/history/rolehistory-000001a201692e00.json
  write /user/hbase/.slider/cluster/hbase1/history/rolehistory-000001a202b2c500.json (8 entries)
  delete /user/hbase/.slider/cluster/hbase1/history/rolehistory-000001a1fd8c6900.json
  $ ls -A root$H
  rolehistory-000001a1fd8c6900.json
  rolehistory-000001a201692e00.json

The job: the same files as rh-compact leaves in a local copy, byte for
byte, and no temporary file behind.

  $ cp_fixture "$EXAMPLES/history" local && rh-compact -q --keep 2 --now $now local
  $ job -v --keep 2 --now $now $H
  rh-compact: load /user/hbase/.slider/cluster/hbase1/history/rolehistory-000001a201692e00.json
  rh-compact: write /user/hbase/.slider/cluster/hbase1/history/rolehistory-000001a202b2c500.json (8 entries)
  rh-compact: delete /user/hbase/.slider/cluster/hbase1/history/rolehistory-000001a1fd8c6900.json
  $ diff -r local root$H && ls -A root$H
  rolehistory-000001a201692e00.json
  rolehistory-000001a202b2c500.json

The application saved under the new save's name meanwhile: -mv does not
replace it; 75, nothing deleted, no temporary file left.

  $ rm -r root$H && cp_fixture "$EXAMPLES/history" root$H
  $ HDFS_STANDIN_BEFORE_MV="echo mine >root$H/rolehistory-000001a202b2c500.json" job -q --now $now $H
  rh-compact-hdfs: mv: `/user/hbase/.slider/cluster/hbase1/history/rolehistory-000001a202b2c500.json': File exists
  rh-compact-hdfs: /user/hbase/.slider/cluster/hbase1/history/rolehistory-000001a202b2c500.json: the new save's name is taken (the application saved in that millisecond?): nothing was deleted, try again later
  [75]
  $ ls -A root$H && cat root$H/rolehistory-000001a202b2c500.json
  rolehistory-000001a1fd8c6900.json
  rolehistory-000001a201692e00.json
  rolehistory-000001a202b2c500.json
  mine

A failing -put deletes nothing; a failing -rm comes after the new save
is in place, and the next run finishes.

  $ rm -r root$H && cp_fixture "$EXAMPLES/history" root$H
  $ HDFS_STANDIN_FAIL=-put job -q --now $now $H
  rh-compact-hdfs: put: Input/output error (injected)
  rh-compact-hdfs: /user/hbase/.slider/cluster/hbase1/history/rolehistory-000001a202b2c500.json: cannot put the new save; nothing was deleted
  [74]
  $ ls -A root$H
  rolehistory-000001a1fd8c6900.json
  rolehistory-000001a201692e00.json
  $ HDFS_STANDIN_FAIL=-rm job -q --now $now $H
  rh-compact-hdfs: rm: Input/output error (injected)
  rh-compact-hdfs: /user/hbase/.slider/cluster/hbase1/history: the new save is in place, but files older than it could not all be deleted (the next run deletes them)
  [74]
  $ job -q --now $now $H && ls -A root$H
  rolehistory-000001a202b2c500.json

History files none of which loads: rh-compact's 65, nothing changed;
no history file: nothing to do; no directory: 66.

  $ mkdir root/broken && echo '{x' >root/broken/rolehistory-0000000000000001.json
  $ job -q /broken
  rh-compact: /broken: no loadable history: its history file does not load; nothing changed
  [65]
  $ ls -A root/broken
  rolehistory-0000000000000001.json
  $ mkdir root/empty && echo x >root/empty/notes && job /empty
  $ job /nonesuch
  rh-compact-hdfs: ls: `/nonesuch': No such file or directory
  rh-compact-hdfs: /nonesuch: cannot list it
  [66]

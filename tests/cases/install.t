'make install' puts the cron and systemd examples and the HDFS job in
DOCDIR/examples with the installed path of rh-compact, and they work as
installed: cron runs the line with PATH=/usr/bin:/bin, where the tools
are not. The bash completion goes where bash-completion looks, under
each tool's name. Run from the build tree by tests/transcript.sh.

  $ mk() { env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s -C "$TOP_BUILDDIR" "$@" >/dev/null; }
  $ mk install prefix="$PWD/inst"
  $ cd inst && find . -type f | LC_ALL=C sort && cd ..
  ./bin/placectl
  ./bin/rh-compact
  ./bin/rh-load
  ./bin/rh-release
  ./bin/rh-request
  ./share/bash-completion/completions/placectl
  ./share/bash-completion/completions/rh-compact
  ./share/bash-completion/completions/rh-load
  ./share/bash-completion/completions/rh-release
  ./share/bash-completion/completions/rh-request
  ./share/doc/placekit/examples/rh-compact-hdfs
  ./share/doc/placekit/examples/rh-compact.cron
  ./share/doc/placekit/examples/rh-compact.service
  ./share/doc/placekit/examples/rh-compact.timer
  ./share/man/man1/placectl.1
  ./share/man/man1/rh-compact.1
  ./share/man/man1/rh-load.1
  ./share/man/man1/rh-release.1
  ./share/man/man1/rh-request.1
  $ ex=$PWD/inst/share/doc/placekit/examples
  $ grep -v '^#' $ex/rh-compact.cron
  17 3 * * * .../inst/bin/rh-compact -q --wait --keep 2 "$HOME/.slider/cluster/hbase1/history"
  $ grep -h '^ExecStart\|/placekit/' $ex/rh-compact.service $ex/rh-compact-hdfs
  # 'make install' puts it in .../inst/share/doc/placekit/examples with the installed path of
  ExecStart=.../inst/bin/rh-compact -v --wait --keep 2 ${HISTORY}
  # 'make install' puts it in .../inst/share/doc/placekit/examples with the installed path of
  $ test -x $ex/rh-compact-hdfs && grep '^RH_COMPACT=' $ex/rh-compact-hdfs
  RH_COMPACT=${RH_COMPACT:-.../inst/bin/rh-compact}

The cron line as cron runs it: /bin/sh, HOME, LOGNAME, SHELL and
PATH=/usr/bin:/bin. The history keeps the new save and the one loaded.

  $ mkdir -p home/.slider/cluster/hbase1 && cp_fixture "$EXAMPLES/history" home/.slider/cluster/hbase1/history
  $ cron() { env -i HOME="$PWD/home" LOGNAME=hbase SHELL=/bin/sh PATH=/usr/bin:/bin /bin/sh -c "$(grep -v '^#' $ex/rh-compact.cron | cut -d ' ' -f 6-)"; }
  $ cron && ls home/.slider/cluster/hbase1/history
  rolehistory-000001a201692e00.json
  rolehistory-....json
  $ rh-load -q --strict home/.slider/cluster/hbase1/history >/dev/null

A history gone bad is an error under -q, so cron mails it:

  $ rm home/.slider/cluster/hbase1/history/* && echo '{broken' >home/.slider/cluster/hbase1/history/rolehistory-0000000000000001.json
  $ cron
  rh-compact: .../history: no loadable history: its history file does not load; nothing changed
  [65]

The service's ExecStart, with systemd's %h and ${HISTORY}:

  $ cp_fixture "$EXAMPLES/history" home/h2
  $ start=$(sed -n 's/^ExecStart=//p' $ex/rh-compact.service)
  $ env -i PATH=/usr/bin:/bin HISTORY="$PWD/home/h2" /bin/sh -c "$start" 2>&1 | sed 's/rolehistory-[0-9a-f]*/rolehistory-HEX/'
  rh-compact: load .../home/h2/rolehistory-HEX.json
  rh-compact: write .../home/h2/rolehistory-HEX.json (...)
  rh-compact: delete .../home/h2/rolehistory-HEX.json

Staged for a package (DESTDIR): the paths are where the package puts
them, not the stage's.

  $ mk install DESTDIR="$PWD/stage"
  $ grep -rl "$PWD/stage" stage | wc -l
  0
  $ find stage -name rh-compact.cron | wc -l
  1

The completion installed completes as the tree's does:

  $ bash --norc -c 'source "$1"; COMP_WORDS=(placectl ex); COMP_CWORD=1; _placekit; echo "${COMPREPLY[@]}"' _ inst/share/bash-completion/completions/rh-load
  explain

'make uninstall' takes it all away:

  $ mk uninstall prefix="$PWD/inst"
  $ find inst -type f | wc -l
  0

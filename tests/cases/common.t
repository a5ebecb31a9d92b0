The conventions every tool shares (README): --help, --version, usage
errors, exit statuses, standard output failures.

  $ TOOLS="placectl rh-load rh-request rh-release rh-compact"

The exit statuses in exitcode.h are the sysexits(3) values README lists,
and every man page lists every one.

  $ echo $EXIT_OK $EXIT_DIFFER $EXIT_USAGE $EXIT_DATAERR $EXIT_NOINPUT $EXIT_CANTCREAT $EXIT_IOERR $EXIT_TEMPFAIL $EXIT_CONFIG
  0 1 64 65 66 73 74 75 78
  $ for t in $TOOLS; do for code in $EXIT_USAGE $EXIT_DATAERR $EXIT_NOINPUT $EXIT_OSERR $EXIT_CANTCREAT $EXIT_IOERR $EXIT_TEMPFAIL $EXIT_CONFIG; do
  >   grep -qx ".It $code" "$TOP_SRCDIR/man/$t.1" || echo "man/$t.1 does not list exit status $code"; done; done

--help prints the usage on standard output and exits 0; --version the
tool and the package's version.

  $ for t in $TOOLS; do $t --help 2>/dev/null | head -n 1; done
  usage: placectl place   [-qv] [--keep-going] [-j N] [--compat V] [-p PART]
  usage: rh-load [-qv] [--strict] [--reset-failures] [-R resources.json] [--events FILE]
  usage: rh-request [-q] (-r ROLE -n COUNT | --escalate) [--now T]
  usage: rh-release [-q] -r ROLE -n COUNT [--now T] [--emit state|releases]
  usage: rh-compact [-inqv] [--dry-run] [--keep N] [--max-age DUR] [--now T] [--wait]
  $ for t in $TOOLS; do $t --version; done
  placectl (placekit) ...
  rh-load (placekit) ...
  rh-request (placekit) ...
  rh-release (placekit) ...
  rh-compact (placekit) ...
  $ for t in $TOOLS; do $t --version | grep -cE "^$t \(placekit\) [0-9]+\.[0-9]+\.[0-9]+$"; done | uniq -c
        5 1

An unknown option, or one without its value, is a usage error: one
line, the hint, exit 64. A bad --now or duration names the option.

  $ for t in $TOOLS; do $t --no-such-option; echo "status $?"; done
  placectl: option '--no-such-option' is unknown
  Try 'placectl --help'.
  status 64
  rh-load: option '--no-such-option' is unknown
  Try 'rh-load --help'.
  status 64
  rh-request: option '--no-such-option' is unknown
  Try 'rh-request --help'.
  status 64
  rh-release: option '--no-such-option' is unknown
  Try 'rh-release --help'.
  status 64
  rh-compact: option '--no-such-option' is unknown
  Try 'rh-compact --help'.
  status 64
  $ for t in rh-load rh-request rh-release rh-compact; do $t --now; echo "status $?"; done
  rh-load: option '--now' needs a value
  Try 'rh-load --help'.
  status 64
  rh-request: option '--now' needs a value
  Try 'rh-request --help'.
  status 64
  rh-release: option '--now' needs a value
  Try 'rh-release --help'.
  status 64
  rh-compact: option '--now' needs a value
  Try 'rh-compact --help'.
  status 64
  $ rh-load --now yesterday
  rh-load: --now: 'yesterday' is not a time (milliseconds since the epoch or ISO-8601 such as 2026-11-22T10:00:00Z, from 1970 to 9999)
  Try 'rh-load --help'.
  [64]
  $ rh-compact --max-age 7x
  rh-compact: --max-age: '7x' is not a duration (like 500ms, 30s, 15m, 6h, 7d, 2w, or seconds)
  Try 'rh-compact --help'.
  [64]

--help to a full device is an I/O error; into a pipe nobody reads, a
quiet success.

  $ for t in $TOOLS; do $t --help >/dev/full; echo "status $?"; done
  placectl: write error: No space left on device
  status 74
  rh-load: write error: No space left on device
  status 74
  rh-request: write error: No space left on device
  status 74
  rh-release: write error: No space left on device
  status 74
  rh-compact: write error: No space left on device
  status 74
  $ for t in $TOOLS; do perl -e 'pipe(R, W) or die; close R; open(STDOUT, ">&", \*W) or die; close W; exec @ARGV or die' -- $t --help; echo "status $?"; done
  status 0
  status 0
  status 0
  status 0
  status 0

The bash completion (completion/placekit.bash): subcommands, each one's
options as its usage line names them, the words --format and --emit
take, the YuniKorn releases of --compat, the roles of the history on the
line, and files. c WORD... completes the last word.

  $ source "$TOP_SRCDIR/completion/placekit.bash"
  $ c() { COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _placekit; printf '%s\n' "${COMPREPLY[@]}"; }
  $ complete -p placectl rh-load rh-request rh-release rh-compact
  complete -F _placekit placectl
  complete -F _placekit rh-load
  complete -F _placekit rh-request
  complete -F _placekit rh-release
  complete -F _placekit rh-compact

  $ c placectl "" | tr '\n' ' '
  place explain check diff tree pods --help --version 
  $ c placectl e
  explain
  $ c placectl check -- | tr '\n' ' '
  --compat --config --defaults --help --output --partition --policy-group --quiet 
  $ c placectl place -- | tr '\n' ' '
  --compat --config --defaults --help --jobs --keep-going --output --partition --policy-group --quiet --verbose 
  $ c placectl pods --n
  --namespaces
  $ c placectl tree --d | tr '\n' ' '
  --defaults --dot 
  $ c placectl place --compat 1.6 | tr '\n' ' '
  1.6 1.6.0 1.6.1 1.6.2 1.6.3 
  $ c placectl diff --compat l
  latest
  $ c placectl place --compat 0 | tr '\n' ' '
  0.10 0.10.0 0.11 0.11.0 0.12 0.12.1 0.12.2 

  $ c rh-load --f
  --format
  $ c rh-load --format "" | tr '\n' ' '
  state table lists 
  $ c rh-request --emit r
  requests
  $ c rh-release --emit r
  releases
  $ c rh-compact --k
  --keep
  $ c rh-compact -- | tr '\n' ' '
  --dry-run --help --in-place --keep --max-age --now --output --quiet --verbose --version --wait 

Roles from the history on the line, by name and id:

  $ c rh-request "$EXAMPLES/history" -r reg
  regionserver
  $ c rh-release -n 1 "$EXAMPLES/history" -r "" | tr '\n' ' '
  0 slider-appmaster 1 regionserver 2 master 3 worker 
  $ c rh-release -r ""

Files, for the options that take one and the operand:

  $ mkdir d && touch d/queues.yaml d/apps.ndjson
  $ c placectl check -c d/q
  d/queues.yaml
  $ c placectl place -c d/queues.yaml d/a
  d/apps.ndjson
  $ c rh-load --events d/ | sort | tr '\n' ' '
  d/apps.ndjson d/queues.yaml 
  $ c rh-load --now ""

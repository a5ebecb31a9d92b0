An error inside a ConfigMap gives the position in the file first, then
the document's name and its own position. A literal block ('|') holds
the document line for line; any other value is where it begins.

  $ cm() { printf 'kind: ConfigMap\nmetadata:\n  name: yunikorn-configs\ndata:\n'; cat; }
  $ doc='partitions:\n  - name: default\n    queues: [{name: root, submitacl: "*"}]\n    placementrules: [{name: provided, create: maybe}]\n'

As kubectl writes it, four spaces in; the error is on the file's line 9:

  $ printf "  queues.yaml: |\n$(printf "$doc" | sed 's/^/    /')\n" | cm >lit.yaml
  $ sed -n 9p lit.yaml
          placementrules: [{name: provided, create: maybe}]
  $ placectl check -q --compat 1.7 -c lit.yaml
  placectl: lit.yaml:9:51: yunikorn-configs/queues.yaml:4:47: cannot unmarshal !!str `maybe` into bool
  lit.yaml: yunikorn-configs/queues.yaml: partition 'default': 1 queue, 1 rule, 1 error, 0 warnings (YuniKorn 1.7.0)
  [78]

Chomping, blank lines first and another indentation change nothing:

  $ printf "  queues.yaml: |-\n\n\n$(printf "$doc" | sed 's/^/      /')\n" | cm >blank.yaml
  $ placectl check -q --compat 1.7 -c blank.yaml 2>&1 | head -n 1
  placectl: blank.yaml:11:53: yunikorn-configs/queues.yaml:6:47: cannot unmarshal !!str `maybe` into bool

An indentation indicator, a folded block, a quoted string: where the value
begins (the indicator, the quote).

  $ printf "  queues.yaml: |2\n$(printf "$doc" | sed 's/^/    /')\n" | cm >ind.yaml
  $ placectl check -q --compat 1.7 -c ind.yaml 2>&1 | head -n 1
  placectl: ind.yaml:5:16: yunikorn-configs/queues.yaml:4:47: cannot unmarshal !!str `maybe` into bool
  $ printf '  queues.yaml: "%s"\n' "$(printf "$doc" | sed 's/"/\\"/g' | sed ':a;N;$!ba;s/\n/\\n/g')" | cm >quoted.yaml
  $ placectl check -q --compat 1.7 -c quoted.yaml 2>&1 | head -n 1
  placectl: quoted.yaml:5:16: yunikorn-configs/queues.yaml:4:47: cannot unmarshal !!str `maybe` into bool

binaryData, gzip or not: where the base64 begins.

  $ printf 'kind: ConfigMap\nmetadata:\n  name: yunikorn-configs\nbinaryData:\n  queues.yaml.gz: %s\n' "$(printf "$doc" | gzip | base64 -w0)" >bin.yaml
  $ placectl check -q --compat 1.7 -c bin.yaml 2>&1 | head -n 1
  placectl: bin.yaml:5:19: yunikorn-configs/queues.yaml.gz:4:47: cannot unmarshal !!str `maybe` into bool

A YAML syntax error, the document's last line; a message without a
position in the document:

  $ printf "  queues.yaml: |\n    partitions: [\n" | cm >syntax.yaml
  $ placectl check --compat 1.7 -c syntax.yaml
  placectl: syntax.yaml:7:5: yunikorn-configs/queues.yaml:2:1: yaml: did not find expected node content
  syntax.yaml: no partition, 1 error, 0 warnings (YuniKorn 1.7.0)
  [78]
  $ printf "  queues.yaml: |\n$(printf "$doc" | sed 's/maybe/true/; s/^/    /')\n" | cm >good.yaml
  $ placectl check -q --compat 1.7 -p other -c good.yaml
  placectl: good.yaml:5:16: yunikorn-configs/queues.yaml: no partition 'other' in the configuration
  good.yaml: yunikorn-configs/queues.yaml: no partition 'other', 1 error, 0 warnings (YuniKorn 1.7.0)
  [78]

Helm values: the chart writes the block as it is.

  $ printf "yunikornDefaults:\n  queues.yaml: |\n$(printf "$doc" | sed 's/^/    /')\n" >values.yaml
  $ placectl check -q --compat 1.7 -c values.yaml 2>&1 | head -n 1
  placectl: values.yaml:6:51: yunikorn-defaults/queues.yaml:4:47: cannot unmarshal !!str `maybe` into bool

A message is one line: the scheduler's line break after "configured
queue creation failed: " (1.6 and later) is not printed.

  $ printf 'partitions:\n  - name: default\n    queues:\n      - name: root\n        adminacl: "a  b"\n' >acl.yaml
  $ placectl check -q --compat 1.6 -c acl.yaml
  placectl: acl.yaml:5:19: configured queue creation failed: multiple spaces found in ACL: 'a  b'
  acl.yaml: partition 'default': 1 queue, 0 rules, 1 error, 0 warnings (YuniKorn 1.6.3)
  [78]

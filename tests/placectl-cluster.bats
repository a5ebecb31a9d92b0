#!/usr/bin/env bats
# placectl-cluster.bats - what a cluster holds, in: the queue configuration
# from ConfigMaps, Lists of them and Helm values (-c, --defaults,
# --policy-group); applications from pods (placectl pods), rule by rule
# and release by release; lines that are not applications.

load test_helper

CD="$DATA/cluster"
T=2024-05-01T10:00:

setup() {
	cd "$CD"		# messages name the fixtures as given
}

# pod NAME [KEY=VALUE...]: one pod on one line, as kubectl prints it.
# Keys: ns, uid, created (seconds after $T, 2 digits), labels, annots
# (JSON objects), sched, node, sa, phase, spec (more members of spec).
pod() {
	local name=$1 ns=default uid= created=00 labels='{}' annots='{}'
	local sched=yunikorn node= sa=default phase=Running spec=
	shift
	local "$@"
	printf '{"apiVersion":"v1","kind":"Pod","metadata":{"annotations":%s,"creationTimestamp":"%s%sZ","labels":%s,"name":"%s","namespace":"%s","uid":"%s"},"spec":{"containers":[{"image":"busybox","name":"c"}],"nodeName":"%s","schedulerName":"%s","serviceAccountName":"%s"%s},"status":{"phase":"%s"}}\n' \
	    "$annots" "$T" "$created" "$labels" "$name" "$ns" "${uid:-uid-$name}" \
	    "$node" "$sched" "$sa" "${spec:+,$spec}" "$phase"
}

# pods VERSION: the applications of $BATS_TEST_TMPDIR/pods as VERSION
pods() {
	run --separate-stderr placectl pods --compat "$1" "$BATS_TEST_TMPDIR/pods"
}

# ids VERSION...: for each release, "VERSION: app,app,..." of the pods
ids() {
	local v
	for v; do
		pods "$v"
		[ "$status" -eq 0 ] || fail "pods --compat $v: $status: $stderr"
		printf '%s: %s\n' "$v" "$(sed 's/^{"app":"\([^"]*\)".*/\1/' <<<"$output" |
		    paste -sd, -)"
	done
}

# field NAME VERSION...: "VERSION: value,value,..." of one string member
field() {
	local f=$1 v
	shift
	for v; do
		pods "$v"
		[ "$status" -eq 0 ] || fail "pods --compat $v: $status: $stderr"
		printf '%s: %s\n' "$v" "$(sed -n "s/.*\"$f\":\\(\"[^\"]*\"\\|\\[[^]]*\\]\\).*/\\1/p" \
		    <<<"$output" | paste -sd, -)"
	done
}

# ---- configuration -----------------------------------------------------

@test "a ConfigMap as written, kubectl get -o yaml and -o json: check says which key it read" {
	for f in configs-manifest.yaml configs-get.yaml configs-get.json; do
		run --separate-stderr placectl check --compat 1.7 -c "$f"
		assert_success
		assert_output "$f: yunikorn-configs/queues.yaml: partition 'default': 1 queue, 2 rules, 0 errors, 0 warnings (YuniKorn 1.7.0)"
		assert_stderr ""
	done
	run -0 placectl check -c configs-get.yaml
	assert_output "configs-get.yaml: yunikorn-configs/queues.yaml: partition 'default': 1 queue, 2 rules, 0 errors, 0 warnings (YuniKorn 0.10.0)"
}

@test "the last-applied-configuration annotation is not read" {
	printf '%s\n' '{"app":"a","user":"u","queue":"root.q"}' > "$BATS_TEST_TMPDIR/apps"
	run -0 placectl place --compat 1.7 -c configs-get.yaml "$BATS_TEST_TMPDIR/apps"
	assert_output --partial '"placement":{"queue":"root.q","rule":0,"rule_name":"provided","created":["root.q"]}'
}

@test "a data fragment and a data map alone are yunikorn-configs" {
	run -0 placectl check --compat 1.7 -c data-fragment.yaml
	assert_output "data-fragment.yaml: yunikorn-configs/queues.yaml: partition 'default': 1 queue, 1 rule, 0 errors, 0 warnings (YuniKorn 1.7.0)"
	run -0 placectl check --compat 1.7 -c data-map.json
	assert_output "data-map.json: yunikorn-configs/queues.yaml: partition 'default': 1 queue, 1 rule, 0 errors, 0 warnings (YuniKorn 1.7.0)"
}

@test "a List: yunikorn-configs wins over yunikorn-defaults, other ConfigMaps are skipped" {
	printf '%s\n' '{"app":"a","user":"alice","tags":{"namespace":"ns"}}' > "$BATS_TEST_TMPDIR/apps"
	run --separate-stderr placectl place --compat 1.7 -c ns-list.yaml "$BATS_TEST_TMPDIR/apps"
	assert_success
	assert_output --partial '"placement":{"queue":"root.alice","rule":0,"rule_name":"user"'
	assert_stderr ""
	run -0 placectl check --compat 1.7 -c ns-list.yaml
	assert_output "ns-list.yaml: yunikorn-configs/queues.yaml: partition 'default': 1 queue, 1 rule, 0 errors, 0 warnings (YuniKorn 1.7.0)"
}

@test "--defaults: the defaults' document unless the configs have one, key by key" {
	run -0 placectl check --compat 1.7 --defaults values.yaml -c configs-nokey.yaml
	assert_output "values.yaml: yunikorn-defaults/queues.yaml: partition 'default': 1 queue, 1 rule, 0 errors, 0 warnings (YuniKorn 1.7.0)"
	run -0 placectl check --compat 1.7 --defaults values.yaml -c configs-get.yaml
	assert_output "configs-get.yaml: yunikorn-configs/queues.yaml: partition 'default': 1 queue, 2 rules, 0 errors, 0 warnings (YuniKorn 1.7.0)"
	run --separate-stderr placectl check --compat 1.7 --defaults ns-list.yaml -c configs-nokey.yaml
	assert_success
	assert_output "ns-list.yaml: yunikorn-defaults/queues.yaml: partition 'default': 1 queue, 1 rule, 0 errors, 1 warning (YuniKorn 1.7.0)"
	assert_stderr "placectl: ns-list.yaml:18:3: warning: 'yunikorn-configs' skipped: --defaults reads 'yunikorn-defaults' only"
	run --separate-stderr placectl check --compat 1.7 --defaults values.yaml -c ns-list.yaml
	assert_failure "$EXIT_CONFIG"
	assert_stderr "placectl: values.yaml:2:1: yunikorn-defaults given twice: 'yunikorn-defaults' here and 'yunikorn-defaults' in ns-list.yaml"
	run --separate-stderr placectl check --compat 1.7 --defaults configs-manifest.yaml -c configs-nokey.yaml
	assert_success
	assert_output "configs-manifest.yaml: yunikorn-configs/queues.yaml: partition 'default': 1 queue, 2 rules, 0 errors, 0 warnings (YuniKorn 1.7.0)"
}

@test "--policy-group picks the key; service.policyGroup does when it is not given" {
	{
		echo 'data:'
		echo '  service.policyGroup: batch'
		echo '  batch.yaml: |'
		echo '    partitions: [{name: default, placementrules: [{name: user, create: true}], queues: [{name: root, submitacl: "*"}]}]'
		echo '  queues.yaml: |'
		echo '    partitions: [{name: default, queues: [{name: root}]}]'
	} > "$BATS_TEST_TMPDIR/cm.yaml"
	run -0 placectl check --compat 1.7 -c "$BATS_TEST_TMPDIR/cm.yaml"
	assert_output "$BATS_TEST_TMPDIR/cm.yaml: yunikorn-configs/batch.yaml: partition 'default': 1 queue, 1 rule, 0 errors, 0 warnings (YuniKorn 1.7.0)"
	run -0 placectl check --compat 1.7 --policy-group queues -c "$BATS_TEST_TMPDIR/cm.yaml"
	assert_output --partial "cm.yaml: yunikorn-configs/queues.yaml: partition 'default': 1 queue, 0 rules"
	run -0 placectl check --policy-group batch -c "$BATS_TEST_TMPDIR/cm.yaml"
	assert_output --partial "cm.yaml: yunikorn-configs/batch.yaml:"
	# before 1.2 the policy group is a command-line flag, never this key
	run -0 placectl check -c "$BATS_TEST_TMPDIR/cm.yaml"
	assert_output --partial "cm.yaml: yunikorn-configs/queues.yaml:"
}

@test "Helm values are rendered as the chart renders them" {
	run -0 placectl check --compat 1.7 -c values.yaml
	assert_output "values.yaml: yunikorn-defaults/queues.yaml: partition 'default': 1 queue, 1 rule, 0 errors, 0 warnings (YuniKorn 1.7.0)"
	run -0 placectl check --compat 1.7 -c defaults-rendered.yaml
	assert_output "defaults-rendered.yaml: yunikorn-defaults/queues.yaml: partition 'default': 1 queue, 1 rule, 0 errors, 0 warnings (YuniKorn 1.7.0)"
	# 1.1's chart puts 'configuration' into yunikorn-configs
	run --separate-stderr placectl check -c values-1.1.yaml
	assert_success
	assert_output "values-1.1.yaml: yunikorn-configs/queues.yaml: partition 'default': 1 queue, 1 rule, 0 errors, 0 warnings (YuniKorn 0.10.0)"
	run --separate-stderr placectl check -c values.yaml
	assert_success
	assert_output "values.yaml: the chart's default configuration: partition 'default': 1 queue, 1 rule, 0 errors, 1 warning (YuniKorn 0.10.0)"
	assert_stderr "placectl: values.yaml:11:3: warning: yunikornDefaults skipped: the chart of YuniKorn 0.10 does not read it"
	printf 'yunikornDefaults:\n  queues.yaml:\n    partitions: []\n' > "$BATS_TEST_TMPDIR/v.yaml"
	run --separate-stderr placectl check --compat 1.7 -c "$BATS_TEST_TMPDIR/v.yaml"
	assert_failure "$EXIT_CONFIG"
	assert_stderr_partial "v.yaml:3:5: Helm value yunikornDefaults 'queues.yaml' is a mapping: the chart writes it as Go text, not YAML"
}

@test "binaryData queues.yaml.gz: gzip inside Kubernetes' base64" {
	run --separate-stderr placectl check --compat 1.7 -c configs-gz.yaml
	assert_success
	assert_output "configs-gz.yaml: yunikorn-configs/queues.yaml.gz: partition 'default': 1 queue, 1 rule, 0 errors, 0 warnings (YuniKorn 1.7.0)"
	printf '%s\n' '{"app":"a","user":"u","queue":"root.q"}' > "$BATS_TEST_TMPDIR/apps"
	run -0 placectl place --compat 1.7 -c configs-gz.yaml "$BATS_TEST_TMPDIR/apps"
	assert_output --partial '"rule_name":"provided"'
	# 1.4's shape, base64 twice, is not what later releases read
	run --separate-stderr placectl check --compat 1.7 -c configs-gz-1.4.yaml
	assert_failure "$EXIT_CONFIG"
	assert_stderr "placectl: configs-gz-1.4.yaml:3:19: binaryData 'queues.yaml.gz' of 'yunikorn-configs': not gzip data (it is base64 of gzip inside the base64: only YuniKorn 1.4 wants that)"
	# before 1.2 the volume holds a file queues.yaml.gz, which is not read
	run --separate-stderr placectl check -c configs-gz.yaml
	assert_failure "$EXIT_CONFIG"
	assert_stderr_partial "no 'queues.yaml' in 'yunikorn-configs'"
}

@test "a gzip bomb is refused at the limit; broken base64 and gzip are exit 78, nothing written" {
	{
		echo 'binaryData:'
		printf '  queues.yaml.gz: '
		head -c 17000000 /dev/zero | gzip -c | base64 -w0
		echo
	} > "$BATS_TEST_TMPDIR/bomb.yaml"
	run --separate-stderr placectl check --compat 1.7 -c "$BATS_TEST_TMPDIR/bomb.yaml"
	assert_failure "$EXIT_CONFIG"
	assert_stderr "placectl: $BATS_TEST_TMPDIR/bomb.yaml:2:19: binaryData 'queues.yaml.gz' of 'yunikorn-configs': decompressed size over the limit of 16 MiB"
	run --separate-stderr placectl check --compat 1.7 -c configs-badb64.yaml
	assert_failure "$EXIT_CONFIG"
	assert_stderr "placectl: configs-badb64.yaml:3:19: binaryData 'queues.yaml.gz' of 'yunikorn-configs': illegal base64 data at input byte 32"
	printf '%s\n' '{"app":"a","user":"u"}' > "$BATS_TEST_TMPDIR/apps"
	echo keep > "$BATS_TEST_TMPDIR/out"
	run --separate-stderr placectl place --compat 1.7 -c configs-badgz.yaml -o "$BATS_TEST_TMPDIR/out" "$BATS_TEST_TMPDIR/apps"
	assert_failure "$EXIT_CONFIG"
	assert_stderr "placectl: configs-badgz.yaml:3:19: binaryData 'queues.yaml.gz' of 'yunikorn-configs': gzip: length error"
	assert_equal "$(cat "$BATS_TEST_TMPDIR/out")" keep
}

@test "no queues document: 1.7's built-in configuration with a warning, 0.10 an error" {
	run --separate-stderr placectl check --compat 1.7 -c configs-nokey.yaml
	assert_success
	assert_output "configs-nokey.yaml: built-in configuration: partition 'default': 1 queue, 1 rule, 0 errors, 1 warning (YuniKorn 1.7.0)"
	assert_stderr "placectl: configs-nokey.yaml: warning: no 'queues.yaml' in 'yunikorn-configs': YuniKorn 1.7 uses its built-in configuration"
	printf '%s\n' '{"app":"a","user":"u","tags":{"namespace":"dev"}}' > "$BATS_TEST_TMPDIR/apps"
	run -0 placectl place -q --compat 1.7 -c configs-nokey.yaml "$BATS_TEST_TMPDIR/apps"
	assert_output --partial '"placement":{"queue":"root.dev","rule":0,"rule_name":"tag","created":["root.dev"]}'
	run --separate-stderr placectl check -c configs-nokey.yaml
	assert_failure "$EXIT_CONFIG"
	assert_stderr "placectl: configs-nokey.yaml: no 'queues.yaml' in 'yunikorn-configs': YuniKorn 0.10 does not start without it (1.2 and later use a built-in configuration)"
	run --separate-stderr placectl check --compat 1.7 -c configs-bin.yaml
	assert_success
	assert_stderr "placectl: configs-bin.yaml: warning: binaryData 'queues.yaml.bin' of 'yunikorn-configs' empties 'queues.yaml' (only .gz entries are decompressed): YuniKorn 1.7 uses its built-in configuration"
}

@test "errors point into the file, then into the document at its own line and column, and name the key" {
	# a literal block ('|') is the document line for line; a JSON
	# string is where it begins
	for f in configs-error.yaml:12:21 configs-error.json:4:24; do
		run --separate-stderr placectl check --compat 1.7 -c "${f%%:*}"
		assert_failure "$EXIT_CONFIG"
		assert_stderr "placectl: $f: yunikorn-configs/queues.yaml:5:17: cannot unmarshal !!str \`yes please\` into bool"
		assert_output "${f%%:*}: yunikorn-configs/queues.yaml: partition 'default': 1 queue, 1 rule, 1 error, 0 warnings (YuniKorn 1.7.0)"
	done
}

@test "not ConfigMaps: a Secret, a List holding one, two yunikorn-configs, a mapping for a string" {
	printf 'apiVersion: v1\nkind: Secret\ndata: {}\n' > "$BATS_TEST_TMPDIR/s.yaml"
	run --separate-stderr placectl check --compat 1.7 -c "$BATS_TEST_TMPDIR/s.yaml"
	assert_failure "$EXIT_CONFIG"
	assert_stderr "placectl: $BATS_TEST_TMPDIR/s.yaml:2:7: a Secret, not a ConfigMap or a List of ConfigMaps"
	printf 'kind: List\nitems:\n- kind: ConfigMap\n  metadata: {name: yunikorn-configs}\n- kind: Secret\n' > "$BATS_TEST_TMPDIR/l.yaml"
	run --separate-stderr placectl check --compat 1.7 -c "$BATS_TEST_TMPDIR/l.yaml"
	assert_failure "$EXIT_CONFIG"
	assert_stderr "placectl: $BATS_TEST_TMPDIR/l.yaml:5:9: List item 2 is a Secret, not a ConfigMap"
	printf 'kind: List\nitems:\n- kind: ConfigMap\n  metadata: {name: yunikorn-configs, namespace: a}\n- kind: ConfigMap\n  metadata: {name: yunikorn-configs, namespace: b}\n' > "$BATS_TEST_TMPDIR/l.yaml"
	run --separate-stderr placectl check --compat 1.7 -c "$BATS_TEST_TMPDIR/l.yaml"
	assert_failure "$EXIT_CONFIG"
	assert_stderr "placectl: $BATS_TEST_TMPDIR/l.yaml:5:3: two ConfigMaps named 'yunikorn-configs' (namespaces 'a' and 'b'): give the List of one namespace"
	printf 'data:\n  queues.yaml:\n    partitions: []\n' > "$BATS_TEST_TMPDIR/m.yaml"
	run --separate-stderr placectl check --compat 1.7 -c "$BATS_TEST_TMPDIR/m.yaml"
	assert_failure "$EXIT_CONFIG"
	assert_stderr "placectl: $BATS_TEST_TMPDIR/m.yaml:3:5: data 'queues.yaml' of 'yunikorn-configs' must be a string, not a mapping"
	run --separate-stderr placectl check --compat 1.7 -c nothere.yaml
	assert_failure "$EXIT_NOINPUT"
	run --separate-stderr placectl check --compat 1.7 --defaults nothere.yaml -c configs-get.yaml
	assert_failure "$EXIT_NOINPUT"
}

@test "diff: the applications a ConfigMap change would move" {
	sed 's/- name: provided/- name: user/' configs-get.yaml > "$BATS_TEST_TMPDIR/proposed.yaml"
	printf '%s\n' '{"app":"a1","user":"u1","queue":"root.q"}' '{"app":"a2","user":"u2","tags":{"namespace":"n"}}' > "$BATS_TEST_TMPDIR/apps"
	run --separate-stderr placectl diff --compat 1.7 -c configs-get.yaml -c "$BATS_TEST_TMPDIR/proposed.yaml" "$BATS_TEST_TMPDIR/apps"
	assert_failure "$EXIT_DIFFER"
	assert_output '{"app":"a1","user":"u1","queue":"root.q","placement":{"old":{"queue":"root.q","rule":0,"rule_name":"provided","created":["root.q"]},"new":{"queue":"root.u1","rule":0,"rule_name":"user","created":["root.u1"]}}}
{"app":"a2","user":"u2","tags":{"namespace":"n"},"placement":{"old":{"queue":"root.n","rule":1,"rule_name":"tag","created":["root.n"]},"new":{"queue":"root.u2","rule":0,"rule_name":"user","created":["root.u2"]}}}'
	assert_stderr "placectl: 2 of 2 applications placed differently (YuniKorn 1.7.0)"
}

# ---- pods --------------------------------------------------------------

@test "pods: a List, one pod per line and a single pod give the same applications" {
	run -0 placectl pods --compat 1.8 pods.json
	local want=$output
	assert_equal "${#lines[@]}" 2
	run -0 placectl pods --compat 1.8 pods.ndjson
	assert_equal "$output" "$want"
	run -0 placectl pods --compat 1.8 - < pods.json
	assert_equal "$output" "$want"
	run -0 placectl pods --compat 1.8 pod-single.json
	assert_equal "$output" "${lines[0]}"
	assert_equal "$output" "$(head -1 <<<"$want")"
	# a PodList's items need no kind
	printf '{"kind":"PodList","items":[%s]}\n' "$(pod p labels='{"applicationId":"x"}')" |
	    sed 's/"kind":"Pod",//2' > "$BATS_TEST_TMPDIR/pods"
	pods 1.8
	assert_success
	assert_output --partial '{"app":"x",'
}

@test "pods: one pod as each release makes it (the namespace annotated)" {
	run -0 placectl pods --compat 1.8 --namespaces namespaces.json pods.json
	assert_output '{"app":"spark-123","user":"alice","groups":["data","system:authenticated"],"queue":"root.analytics","tags":{"namespace":"analytics","namespace.parentqueue":"root.data","application.create.force":"false","imagePullSecrets":"regcred","yunikorn.apache.org/task-groups":"","yunikorn.apache.org/schedulingPolicyParameters":"","yunikorn.apache.org/creationTime":"1714557600"}}
{"app":"yunikorn-default-autogen","user":"bob","groups":[],"queue":"","tags":{"namespace":"default","application.create.force":"true","yunikorn.apache.org/task-groups":"","yunikorn.apache.org/schedulingPolicyParameters":"","yunikorn.apache.org/creationTime":"1714557605"}}'
	run -0 placectl pods --compat 1.4 --namespaces namespaces.json pods.json
	assert_output '{"app":"yunikorn-default-autogen","user":"bob","groups":[],"queue":"root.sandbox","tags":{"namespace":"default","yunikorn.apache.org/task-groups":"","yunikorn.apache.org/schedulingPolicyParameters":"","yunikorn.apache.org/creationTime":"1714557605"}}
{"app":"spark-123","user":"alice","groups":["data","system:authenticated"],"queue":"root.analytics","tags":{"namespace":"analytics","namespace.parentqueue":"root.data","imagePullSecrets":"regcred","yunikorn.apache.org/task-groups":"","yunikorn.apache.org/schedulingPolicyParameters":""}}'
	run -0 --separate-stderr placectl pods --compat 1.1 --namespaces namespaces.json pods.json
	assert_output '{"app":"spark-123","user":"nobody","groups":[],"queue":"root.analytics","tags":{"namespace":"analytics","namespace.parentqueue":"root.data","yunikorn.apache.org/task-groups":"","yunikorn.apache.org/schedulingPolicyParameters":""}}'
	assert_stderr "placectl: warning: 1 pod carries the annotation yunikorn.apache.org/user.info, which YuniKorn 1.1.0 does not read (1.2.0 and later do): its user is the label yunikorn.apache.org/username, else nobody
placectl: warning: 1 pod has no application ID: YuniKorn 1.1.0 makes no application of it (1.4.0 and later make one)"
	run -0 --separate-stderr placectl pods --namespaces namespaces.json pods.json
	assert_output '{"app":"spark-123","user":"spark","groups":[],"queue":"root.analytics","tags":{"namespace":"analytics","namespace.parentqueue":"root.data"}}'
	assert_stderr "placectl: warning: 1 pod carries the annotation yunikorn.apache.org/user.info, which YuniKorn 0.10.0 does not read (1.2.0 and later do): its user is its service account
placectl: warning: 1 pod has no application ID: YuniKorn 0.10.0 makes no application of it (1.4.0 and later make one)"
}

@test "pods: only pods whose scheduler is yunikorn" {
	{
		pod a labels='{"applicationId":"a"}' sched=default-scheduler
		pod b labels='{"applicationId":"b"}' sched=Yunikorn
		pod c labels='{"applicationId":"c"}' sched=
		pod d labels='{"applicationId":"d"}'
	} > "$BATS_TEST_TMPDIR/pods"
	run ids 0.10 1.2 1.3 1.4 1.8
	assert_output '0.10: d
1.2: d
1.3: d
1.4: d
1.8: d'
}

@test "pods: application ID precedence, release by release" {
	local A='"yunikorn.apache.org/app-id"'
	{
		pod p1 created=01 annots="{$A:\"annot\"}" labels="{$A:\"canon\",\"applicationId\":\"appid\",\"spark-app-selector\":\"spark\"}"
		pod p2 created=02 labels="{$A:\"canon2\",\"applicationId\":\"appid2\",\"spark-app-selector\":\"spark2\"}"
		pod p3 created=03 labels='{"applicationId":"appid3","spark-app-selector":"spark3"}'
		pod p4 created=04 labels='{"spark-app-selector":"spark4"}'
	} > "$BATS_TEST_TMPDIR/pods"
	run ids 0.10 0.12 1.2 1.5 1.6 1.8
	assert_output '0.10: annot,appid2,appid3,spark4
0.12: annot,appid2,appid3,spark4
1.2: annot,appid2,appid3,spark4
1.5: annot,appid2,appid3,spark4
1.6: canon,canon2,appid3,spark4
1.8: canon,canon2,appid3,spark4'
}

@test "pods: an empty ID counts before 1.2, is skipped from 1.2" {
	{
		pod p1 created=01 annots='{"yunikorn.apache.org/app-id":""}' labels='{"applicationId":"x1"}'
		pod p2 created=02 labels='{"applicationId":"","spark-app-selector":"x2"}'
	} > "$BATS_TEST_TMPDIR/pods"
	run ids 0.11 1.1 1.2 1.8
	assert_output '0.11: 
1.1: 
1.2: x1,x2
1.8: x1,x2'
	pods 1.1
	assert_line --index 0 --partial '{"app":"","user":"nobody"'
	assert_equal "${#lines[@]}" 1
}

@test "pods: no ID: not an application before 1.4, generated from 1.4, 63 characters at most" {
	local long=ns-$(printf 'x%.0s' $(seq 50))
	{
		pod p1 created=01 ns=team-a
		pod p2 created=02 ns=team-a
		pod p3 created=03 ns="$long"
		pod p4 created=04 ns=
	} > "$BATS_TEST_TMPDIR/pods"
	run ids 1.2 1.3 1.4 1.8
	assert_output "1.2: 
1.3: 
1.4: yunikorn-team-a-autogen,yunikorn-$long-,yunikorn--autogen
1.8: yunikorn-team-a-autogen,yunikorn-$long-,yunikorn--autogen"
	pods 1.8
	assert_line --index 2 --partial '"tags":{"namespace":"default",'
}

@test "pods: an ID ending -uniqueautogen gets the pod's UID from 1.5" {
	pod p labels='{"applicationId":"team-a-uniqueautogen"}' uid=1b2c > "$BATS_TEST_TMPDIR/pods"
	run ids 1.4 1.5.0 1.8
	assert_output '1.4: team-a-uniqueautogen
1.5.0: team-a-1b2c
1.8: team-a-1b2c'
}

@test "pods: ignore-application is honoured by 1.3 only" {
	{
		pod p1 created=01 labels='{"applicationId":"x1"}' annots='{"yunikorn.apache.org/ignore-application":"true"}'
		pod p2 created=02 labels='{"applicationId":"x2"}' annots='{"yunikorn.apache.org/ignore-application":"yes"}'
		pod p3 created=03 labels='{"applicationId":"x3"}' annots='{"yunikorn.apache.org/ignore-application":"T"}'
	} > "$BATS_TEST_TMPDIR/pods"
	run ids 1.2 1.3 1.4 1.8
	assert_output '1.2: x1,x2,x3
1.3: x2
1.4: x1,x2,x3
1.8: x1,x2,x3'
}

@test "pods: the user, release by release" {
	local U='"yunikorn.apache.org/username"' I='"yunikorn.apache.org/user.info"'
	{
		pod p1 created=01 sa=spark labels="{\"applicationId\":\"1\",$U:\"bob\"}" annots="{$I:\"{\\\"user\\\":\\\"alice\\\",\\\"groups\\\":[\\\"g1\\\",\\\"g2\\\"]}\"}"
		pod p2 created=02 sa=web labels="{\"applicationId\":\"2\",$U:\"bob\"}"
		pod p3 created=03 sa= labels="{\"applicationId\":\"3\",$U:\"\"}"
		pod p4 created=04 labels='{"applicationId":"4"}'
	} > "$BATS_TEST_TMPDIR/pods"
	run field user 0.10 0.11 1.1 1.2 1.8
	assert_output '0.10: "spark","web","","default"
0.11: "bob","bob","","nobody"
1.1: "bob","bob","","nobody"
1.2: "alice","bob","nobody","nobody"
1.8: "alice","bob","nobody","nobody"'
	run field groups 1.1 1.8
	assert_output '1.1: [],[],[],[]
1.8: ["g1","g2"],[],[],[]'
}

@test "pods: user.info is read as Go reads it" {
	local I='"yunikorn.apache.org/user.info"'
	{
		pod p1 created=01 labels='{"applicationId":"1"}' annots="{$I:\"{\\\"USER\\\":\\\"al\\\",\\\"Groups\\\":[\\\"g\\\"],\\\"other\\\":1}\"}"
		pod p2 created=02 labels='{"applicationId":"2"}' annots="{$I:\"{\\\"user\\\":\\\"\\\",\\\"groups\\\":[\\\"g\\\"]}\"}"
		pod p3 created=03 labels='{"applicationId":"3","yunikorn.apache.org/username":"bob"}' annots="{$I:\"{\\\"user\\\":5}\"}"
		pod p4 created=04 labels='{"applicationId":"4","yunikorn.apache.org/username":"bob"}' annots="{$I:\"not json\"}"
		pod p5 created=05 labels='{"applicationId":"5","yunikorn.apache.org/username":"bob"}' annots="{$I:\"\"}"
		pod p6 created=06 labels='{"applicationId":"6"}' annots="{$I:\"{\\\"user\\\":\\\"a\\\",\\\"groups\\\":null}\"}"
		pod p7 created=07 labels='{"applicationId":"7"}' annots="{$I:\"{\\\"user\\\":\\\"a\\\",\\\"n\\\":NaN}\"}"
		pod p8 created=08 labels='{"applicationId":"8"}' annots="{$I:\" {\\\"user\\\":\\\"a\\\",\\\"n\\\":1e999} \"}"
	} > "$BATS_TEST_TMPDIR/pods"
	run field user 1.8
	assert_output '1.8: "al","nobody","nobody","nobody","bob","a","nobody","a"'
	run field groups 1.8
	assert_output '1.8: ["g"],["g"],[],[],[],[],[],[]'
}

@test "pods: the queue, release by release" {
	local Q='"yunikorn.apache.org/queue"'
	{
		pod p1 created=01 labels="{\"applicationId\":\"1\",$Q:\"canon\",\"queue\":\"label\"}" annots="{$Q:\"annot\"}"
		pod p2 created=02 labels='{"applicationId":"2","queue":"label"}' annots="{$Q:\"annot\"}"
		pod p3 created=03 labels='{"applicationId":"3"}' annots="{$Q:\"annot\"}"
		pod p4 created=04 labels='{"applicationId":"4","queue":""}' annots="{$Q:\"annot\"}"
		pod p5 created=05 labels='{"applicationId":"5"}'
	} > "$BATS_TEST_TMPDIR/pods"
	run field queue 0.10 0.12 1.0 1.1 1.2 1.4 1.5.0 1.5.1 1.5.2 1.6 1.8
	assert_output '0.10: "label","label","root.sandbox","","root.sandbox"
0.12: "label","label","root.sandbox","","root.sandbox"
1.0: "label","label","annot","","root.sandbox"
1.1: "label","label","annot","","root.sandbox"
1.2: "label","label","annot","annot","root.sandbox"
1.4: "label","label","annot","annot","root.sandbox"
1.5.0: "label","label","annot","annot","root.default"
1.5.1: "label","label","annot","annot","root.default"
1.5.2: "label","label","annot","annot",""
1.6: "canon","annot","annot","annot",""
1.8: "canon","annot","annot","annot",""'
}

@test "pods: the tags, release by release" {
	{
		pod p1 node=n1 labels='{"applicationId":"1","disableStateAware":"true"}' \
		    annots='{"yunikorn.apache.org/task-groups":"[]","yunikorn.apache.org/schedulingPolicyParameters":"gangSchedulingStyle=Hard"}' \
		    spec='"imagePullSecrets":[{"name":"a"},{"name":"b"}]'
	} > "$BATS_TEST_TMPDIR/pods"
	for v in 0.10 0.12 1.0 1.2 1.4 1.5.2 1.6 1.8; do
		pods $v
		assert_success
		printf '%s: %s\n' $v "$(sed 's/.*"tags"://' <<<"$output")"
	done > "$BATS_TEST_TMPDIR/got"
	run cat "$BATS_TEST_TMPDIR/got"
	assert_output '0.10: {"namespace":"default"}}
0.12: {"namespace":"default","application.stateaware.disable":"true"}}
1.0: {"namespace":"default","application.stateaware.disable":"true","yunikorn.apache.org/task-groups":"[]","yunikorn.apache.org/schedulingPolicyParameters":"gangSchedulingStyle=Hard","yunikorn.apache.org/creationTime":"1714557600"}}
1.2: {"namespace":"default","application.stateaware.disable":"true","imagePullSecrets":"a,b","yunikorn.apache.org/task-groups":"[]","yunikorn.apache.org/schedulingPolicyParameters":"gangSchedulingStyle=Hard","yunikorn.apache.org/creationTime":"1714557600"}}
1.4: {"namespace":"default","application.stateaware.disable":"true","imagePullSecrets":"a,b","yunikorn.apache.org/task-groups":"[]","yunikorn.apache.org/schedulingPolicyParameters":"gangSchedulingStyle=Hard","yunikorn.apache.org/creationTime":"1714557600"}}
1.5.2: {"namespace":"default","application.stateaware.disable":"true","imagePullSecrets":"a,b","yunikorn.apache.org/task-groups":"[]","yunikorn.apache.org/schedulingPolicyParameters":"gangSchedulingStyle=Hard","yunikorn.apache.org/creationTime":"1714557600"}}
1.6: {"namespace":"default","application.create.force":"true","imagePullSecrets":"a,b","yunikorn.apache.org/task-groups":"[]","yunikorn.apache.org/schedulingPolicyParameters":"gangSchedulingStyle=Hard","yunikorn.apache.org/creationTime":"1714557600"}}
1.8: {"namespace":"default","application.create.force":"true","imagePullSecrets":"a,b","yunikorn.apache.org/task-groups":"[]","yunikorn.apache.org/schedulingPolicyParameters":"gangSchedulingStyle=Hard","yunikorn.apache.org/creationTime":"1714557600"}}'
	# a pending pod: no creationTime before 1.5 (only recovered applications)
	pod p2 labels='{"applicationId":"2","disableStateAware":"no"}' > "$BATS_TEST_TMPDIR/pods"
	pods 1.4
	assert_output '{"app":"2","user":"nobody","groups":[],"queue":"root.sandbox","tags":{"namespace":"default","yunikorn.apache.org/task-groups":"","yunikorn.apache.org/schedulingPolicyParameters":""}}'
}

@test "pods: --namespaces gives namespace.parentqueue; a namespace not in the file is warned about" {
	{
		pod p1 created=01 ns=analytics labels='{"applicationId":"1"}'
		pod p2 created=02 labels='{"applicationId":"2"}'
		pod p3 created=03 ns=other labels='{"applicationId":"3"}'
		pod p4 created=04 ns=other labels='{"applicationId":"4"}'
	} > "$BATS_TEST_TMPDIR/pods"
	run --separate-stderr placectl pods --compat 1.2 --namespaces namespaces.json "$BATS_TEST_TMPDIR/pods"
	assert_success
	assert_line --index 0 --partial '"tags":{"namespace":"analytics","namespace.parentqueue":"root.data",'
	assert_line --index 1 --partial '"tags":{"namespace":"default","yunikorn'
	assert_stderr "placectl: $BATS_TEST_TMPDIR/pods:3:1: warning: namespace 'other' is not in 'namespaces.json': its applications get no namespace tags"
	run -0 placectl pods -q --compat 1.2 --namespaces namespaces.json "$BATS_TEST_TMPDIR/pods"
	run --separate-stderr placectl pods --compat 1.2 --namespaces pods.json "$BATS_TEST_TMPDIR/pods"
	assert_failure "$EXIT_DATAERR"
	assert_stderr "placectl: pods.json:4:9: List item 1 is a Pod, not a Namespace"
}

@test "pods: completed pods, release by release" {
	{
		pod p1 created=01 labels='{"applicationId":"1"}' phase=Succeeded node=n1
		pod p2 created=02 labels='{"applicationId":"2"}' phase=Failed
		pod p3 created=03 labels='{"applicationId":"3"}' phase=Pending
		pod p4 created=04 labels='{"applicationId":"4"}' phase=Unknown node=n1
	} > "$BATS_TEST_TMPDIR/pods"
	run ids 1.2 1.3 1.4 1.5 1.8
	assert_output '1.2: 1,4,2,3
1.3: 4,2,3
1.4: 4,2,3
1.5: 3,4
1.8: 3,4'
}

@test "pods: scheduling gates hold the application back from 1.7" {
	{
		pod p1 created=01 labels='{"applicationId":"1"}' spec='"schedulingGates":[{"name":"example.com/wait"}]'
		pod p2 created=02 labels='{"applicationId":"2"}' spec='"schedulingGates":[]'
		pod p3 created=03 labels='{"applicationId":"1"}' annots='{"yunikorn.apache.org/queue":"second"}'
	} > "$BATS_TEST_TMPDIR/pods"
	run ids 1.6 1.7 1.8
	assert_output '1.6: 1,2
1.7: 2,1
1.8: 2,1'
	pods 1.7
	assert_line --index 1 --partial '"queue":"second"'
}

@test "pods: the first pod of an application decides; the order is the scheduler's" {
	{
		pod web-b created=05 labels='{"applicationId":"web","queue":"second"}' node=n1
		pod web-a created=05 labels='{"applicationId":"web","queue":"first"}' node=n1
		pod batch created=03 labels='{"applicationId":"batch","queue":"b"}'
		pod older ns=aaa created=05 labels='{"applicationId":"other","queue":"o"}' node=n1
	} > "$BATS_TEST_TMPDIR/pods"
	pods 1.8
	assert_output '{"app":"batch","user":"nobody","groups":[],"queue":"b","tags":{"namespace":"default","application.create.force":"false","yunikorn.apache.org/task-groups":"","yunikorn.apache.org/schedulingPolicyParameters":"","yunikorn.apache.org/creationTime":"1714557603"}}
{"app":"other","user":"nobody","groups":[],"queue":"o","tags":{"namespace":"aaa","application.create.force":"true","yunikorn.apache.org/task-groups":"","yunikorn.apache.org/schedulingPolicyParameters":"","yunikorn.apache.org/creationTime":"1714557605"}}
{"app":"web","user":"nobody","groups":[],"queue":"first","tags":{"namespace":"default","application.create.force":"true","yunikorn.apache.org/task-groups":"","yunikorn.apache.org/schedulingPolicyParameters":"","yunikorn.apache.org/creationTime":"1714557605"}}'
	# up to 1.4 the scheduler recovers the applications of assigned pods first
	run ids 1.4 1.5
	assert_output '1.4: other,web,batch
1.5: batch,other,web'
}

@test "pods: bad input is exit 65 and nothing is written" {
	echo keep > "$BATS_TEST_TMPDIR/out"
	run --separate-stderr placectl pods --compat 1.8 -o "$BATS_TEST_TMPDIR/out" pods-bad.json
	assert_failure "$EXIT_DATAERR"
	assert_stderr "placectl: pods-bad.json:42:9: List item 2 is a Service, not a Pod"
	assert_equal "$(cat "$BATS_TEST_TMPDIR/out")" keep
	run --separate-stderr placectl pods --compat 1.8 pods-bad.json
	assert_output ""
	printf 'apiVersion: v1\nkind: Pod\n' > "$BATS_TEST_TMPDIR/pods"
	pods 1.8
	assert_failure "$EXIT_DATAERR"
	assert_stderr "placectl: $BATS_TEST_TMPDIR/pods:1:1: expected a JSON object (kubectl's -o json)"
	printf '{"kind":"List","items":[{"kind":"Pod","metadata":{"labels":{"a":1}}}]}' > "$BATS_TEST_TMPDIR/pods"
	pods 1.8
	assert_failure "$EXIT_DATAERR"
	assert_stderr "placectl: $BATS_TEST_TMPDIR/pods:1:25: 'metadata.labels' must be an object of strings"
	printf '{"kind":"List","items":[\n{"kind":"Pod"},\n{"kind":"Pod","x":NaN}]}' > "$BATS_TEST_TMPDIR/pods"
	pods 1.8
	assert_failure "$EXIT_DATAERR"
	assert_stderr "placectl: $BATS_TEST_TMPDIR/pods:3:19: NaN and Infinity are not JSON"
	printf '{"kind":"Pod","metadata":{"creationTimestamp":"May 1"}}' > "$BATS_TEST_TMPDIR/pods"
	pods 1.8
	assert_failure "$EXIT_DATAERR"
	printf '{"kind":"Deployment"}' > "$BATS_TEST_TMPDIR/pods"
	pods 1.8
	assert_failure "$EXIT_DATAERR"
	assert_stderr "placectl: $BATS_TEST_TMPDIR/pods:1:1: a Deployment, not a Pod or a List of Pods"
	run --separate-stderr placectl pods --compat 1.8 nothere.json
	assert_failure "$EXIT_NOINPUT"
}

@test "pods: usage errors" {
	run --separate-stderr placectl pods --compat 2.0 pods.json
	assert_failure "$EXIT_USAGE"
	assert_stderr_partial "--compat: unknown YuniKorn version '2.0'; known are 0.10.0 0.11.0"
	run --separate-stderr placectl pods -c configs-get.yaml pods.json
	assert_failure "$EXIT_USAGE"
	run --separate-stderr placectl pods pods.json pods.json
	assert_failure "$EXIT_USAGE"
	run --separate-stderr placectl place --namespaces namespaces.json -c configs-get.yaml
	assert_failure "$EXIT_USAGE"
	run --separate-stderr placectl place --compat 2.0 -c configs-get.yaml
	assert_failure "$EXIT_USAGE"
	assert_stderr_partial "--compat: unknown YuniKorn version '2.0'"
	run --separate-stderr placectl pods --defaults values.yaml pods.json
	assert_failure "$EXIT_USAGE"
	assert_stderr_partial "pods takes --compat, --namespaces, -o, -q and -v"
}

@test "pods to place: the applications of a cluster placed with its ConfigMap" {
	run -0 bash -c "placectl pods --compat 1.8 --namespaces namespaces.json pods.json |
	    placectl place -q --compat 1.7 -c configs-get.json"
	assert_line --index 0 --partial '"placement":{"queue":"root.analytics","rule":0,"rule_name":"provided","created":["root.analytics"]}'
	assert_line --index 1 --partial '"placement":{"queue":"root.default","rule":1,"rule_name":"tag","created":["root.default"]}'
}

# ---- not an application ------------------------------------------------

@test "a line without app is not an application: exit 65 at its line, or skipped with --keep-going" {
	printf '%s\n' '{"app":"a","user":"u","tags":{"namespace":"n"}}' '{"user":"u","tags":{"namespace":"n"}}' \
	    '{"app":null,"user":"u"}' > "$BATS_TEST_TMPDIR/apps"
	for j in 1 2; do
		run --separate-stderr placectl place -j $j -c "$DATA/placement/seed-tag.yaml" "$BATS_TEST_TMPDIR/apps"
		assert_failure "$EXIT_DATAERR"
		assert_stderr "placectl: $BATS_TEST_TMPDIR/apps:2:1: not an application: it has no 'app'"
		assert_equal "${#lines[@]}" 1
		run --separate-stderr placectl place -j $j --keep-going -c "$DATA/placement/seed-tag.yaml" "$BATS_TEST_TMPDIR/apps"
		assert_failure "$EXIT_DATAERR"
		assert_stderr "placectl: $BATS_TEST_TMPDIR/apps:2:1: not an application: it has no 'app'
placectl: $BATS_TEST_TMPDIR/apps:3:1: not an application: it has no 'app'
placectl: 2 bad applications skipped"
	done
	for sub in explain diff tree; do
		c=(-c "$DATA/placement/seed-tag.yaml")
		[ $sub = diff ] && c+=(-c "$DATA/placement/seed-tag.yaml")
		run --separate-stderr placectl $sub "${c[@]}" "$BATS_TEST_TMPDIR/apps"
		assert_failure "$EXIT_DATAERR"
		assert_stderr_partial "apps:2:1: not an application: it has no 'app'"
	done
}

@test "a YuniKorn REST application object is refused, saying why and what to do" {
	run --separate-stderr placectl place --keep-going -c configs-get.yaml rest-apps.ndjson
	assert_failure "$EXIT_DATAERR"
	assert_output ""
	assert_stderr "placectl: rest-apps.ndjson:1:1: a YuniKorn REST application object, not an application line: its 'queueName' is the queue the application was placed in, not the one it asked for, and it has no tags, so it cannot be placed again; make application lines from the pods with 'placectl pods'
placectl: rest-apps.ndjson:2:1: a YuniKorn REST application object, not an application line: its 'queueName' is the queue the application was placed in, not the one it asked for, and it has no tags, so it cannot be placed again; make application lines from the pods with 'placectl pods'
placectl: 2 bad applications skipped"
}

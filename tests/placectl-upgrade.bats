#!/usr/bin/env bats
# placectl-upgrade.bats - the release table (common/placement/compat.tab),
# change by change: every change of a switch has its case in
# tests/data/upgrade/SWITCH@RELEASE, where the release before and RELEASE
# behave differently, each as that release of YuniKorn does.

load test_helper

UD="$DATA/upgrade"
TAB="$TOP_SRCDIR/common/placement/compat.tab"

# changes: "RELEASE BEFORE SWITCH WORDS" for every change compat.tab
# lists, oldest first, then in its order: RELEASE the first of the class
# that made the change, BEFORE the last release of the class before
changes() {
	awk '$1 == "class" { first[$3] = $4; before[$3] = last; last = $NF
		order[$3] = ++nc }
	/^[a-z][a-z_0-9]*(:[a-z_0-9]+)?[ \t]/ &&
	    $1 !~ /^(class|prefix|flags|define)$/ { sw = $1 }
	/^\t[0-9][0-9.]*: / { c = $1; sub(/:$/, "", c); w = $0
		sub(/^\t[^ ]+ /, "", w); n++; key[n] = order[c]
		text[n] = first[c] " " before[c] " " sw " " w; next }
	/^\t    / { t = $0; sub(/^\t    /, "", t); text[n] = text[n] " " t }
	END { for (k = 1; k <= nc; k++) for (i = 1; i <= n; i++)
		if (key[i] == k) print text[i] }' "$TAB"
}

# cases: "SWITCH@RELEASE BEFORE", a case's name (a flag's ':' is '.') and
# the release it compares RELEASE with
cases() {
	changes | awk '{ s = $3; sub(/:/, ".", s); print s "@" $1, $2 }'
}

# reloaded OUT ERR CMD...: CMD with the applications of apps.ndjson on a
# FIFO as its input (its last operand): the first with config.yaml, the
# rest after config.yaml is replaced by later.yaml and reloaded (SIGHUP);
# standard output and error in OUT and ERR, the status in $s
reloaded() {
	local out=$1 err=$2 pid
	shift 2
	rm -f in
	mkfifo in
	"$@" in > "$out" 2> "$err" &
	pid=$!
	exec 5> in
	head -1 apps.ndjson >&5
	wait_lines "$out" 1
	cp later.yaml config.yaml
	kill -HUP $pid
	tail -n +2 apps.ndjson >&5
	exec 5>&-
	wait $pid && s=0 || s=$?
}

# run_case DIR V [BEFORE KIND]: the case's command under release V in a
# copy of the case ($BATS_TEST_TMPDIR/c), its standard output and "exit
# STATUS" in got.V, its standard error in err.V; with BEFORE and KIND, the
# command KIND (diff, explain, check or pods) from BEFORE to V, into
# got.KIND and err.KIND
run_case() {
	local d=$1 v=$2 b=${3:-} kind=${4:-} ns= s
	local o=got.${kind:-$v} e=err.${kind:-$v}
	rm -rf "$BATS_TEST_TMPDIR/c"
	cp_fixture "$d" "$BATS_TEST_TMPDIR/c"
	cd "$BATS_TEST_TMPDIR/c"
	[[ -f namespaces.json ]] && ns="--namespaces namespaces.json"
	local rel=(--compat "$v")
	[[ -z $b ]] || rel=(--compat "$b" --compat "$v")
	if [[ $kind == check ]]; then
		placectl check --compat "$b..$v" -c config.yaml > "$o" 2> "$e" &&
		    s=0 || s=$?
	elif [[ -f later.yaml ]]; then
		reloaded "$o" "$e" placectl "${kind:-place}" "${rel[@]}" -c config.yaml
	elif [[ -f pods.json ]]; then
		# shellcheck disable=SC2086
		placectl pods "${rel[@]}" $ns pods.json > "$o" 2> "$e" && s=0 ||
		    s=$?
	elif [[ -f apps.ndjson ]]; then
		placectl "${kind:-place}" "${rel[@]}" -c config.yaml apps.ndjson \
		    > "$o" 2> "$e" && s=0 || s=$?
	else
		placectl check "${rel[@]}" -c config.yaml > "$o" 2> "$e" && s=0 ||
		    s=$?
	fi
	echo "exit $s" >> "$o"
	cd - > /dev/null
}

# same_as DIR WANT STDERR GOT: got.GOT and err.GOT are the case's WANT
# and STDERR (none: an empty standard error)
same_as() {
	local c=$BATS_TEST_TMPDIR/c
	diff -u "$1/$2" "$c/got.$4" ||
		fail "${1##*/} $4: standard output differs"
	if [[ -f $1/$3 ]]; then
		diff -u "$1/$3" "$c/err.$4"
	else
		diff -u /dev/null "$c/err.$4"
	fi || fail "${1##*/} $4: standard error differs"
}

@test "every change of the release table has a case, and every case a change" {
	run cases
	assert_success
	(( ${#lines[@]} > 60 )) || fail "only ${#lines[@]} changes in compat.tab"
	diff -u <(cases | cut -d' ' -f1 | sort) \
	    <(cd "$UD" && printf '%s\n' */ | tr -d / | sort)
}

@test "each change: the releases before and after differ, each as YuniKorn" {
	local name before this n=0
	while read -r name before; do
		this=${name##*@}
		[[ -f $UD/$name/want.$before && -f $UD/$name/want.$this ]] ||
			fail "$name: no want.$before and want.$this"
		run_case "$UD/$name" "$before"
		same_as "$UD/$name" "want.$before" "stderr.$before" "$before"
		run_case "$UD/$name" "$this"
		same_as "$UD/$name" "want.$this" "stderr.$this" "$this"
		if cmp -s "$UD/$name/want.$before" "$UD/$name/want.$this" &&
		    cmp -s <(cat "$UD/$name/stderr.$before" 2>/dev/null) \
		    <(cat "$UD/$name/stderr.$this" 2>/dev/null); then
			fail "$name: $before and $this behave alike"
		fi
		n=$((n + 1))
	done < <(cases)
	(( n > 60 )) || fail "only $n cases"
}

# The upgrade's view of each change: the diff of its applications, or
# explain side by side when only a rejection's words change, check across
# the two releases for what a configuration is, pods for the shim; it
# shows the change, and names it with its release.
@test "each change: diff, explain, check or pods from the release before names it" {
	local name before this kind sw n=0
	while read -r name before; do
		this=${name##*@}
		sw=${name%@*}
		[[ $sw != pod_tags.* ]] || sw=pod_tags:${sw#pod_tags.}
		for kind in diff explain check pods; do
			[[ -f $UD/$name/$kind ]] && break
		done
		[[ -f $UD/$name/$kind ]] ||
			fail "$name: no diff, explain, check or pods"
		run_case "$UD/$name" "$this" "$before" "$kind"
		same_as "$UD/$name" "$kind" "$kind.stderr" "$kind"
		if [[ $kind == check ]]; then
			grep -q "^  \(by\|with\) $this $sw: " "$UD/$name/$kind"
		else
			grep -qF "\"release\":\"$this\",\"switch\":\"$sw\"" \
			    "$UD/$name/$kind"
		fi || fail "$name: $kind does not name $sw of $this"
		n=$((n + 1))
	done < <(cases)
	(( n > 60 )) || fail "only $n cases"
}

@test "the releases of one class move nothing, check the same, make the same pods" {
	local a b
	cd "$EXAMPLES"
	for a in 0.12.1:0.12.2 1.0.0:1.1.0 1.5.0:1.5.1 1.6.0:1.6.1 1.6.1:1.6.2 \
	    1.6.2:1.6.3; do
		b=${a#*:}
		a=${a%:*}
		run -0 --separate-stderr placectl diff --compat "$a" --compat "$b" \
		    -c queues.yaml apps.ndjson
		assert_output ""
		assert_stderr "placectl: 0 of 9 applications placed differently (YuniKorn $a to $b)"
		run -0 --separate-stderr placectl pods --compat "$a" --compat "$b" \
		    --namespaces cluster/namespaces.json cluster/pods.json
		assert_output ""
		run -0 placectl check --compat "$a..$b" -c cluster/proposed.yaml
		assert_equal "${#lines[@]}" 3
		assert_line --index 2 "cluster/proposed.yaml: YuniKorn $a to $b load it"
	done
}

@test "placectl(1) lists every change with its release and its words" {
	run changes
	(( ${#lines[@]} > 60 )) || fail "only ${#lines[@]} changes"
	# each ".It RELEASE Li SWITCH" with the lines of text after it
	diff -u <(changes | cut -d' ' -f1,3-) <(awk '
		/^\.It [0-9.]* Li / { if (t != "") print t; t = $2 " " $4; next }
		t != "" && /^\./ { print t; t = "" }
		t != "" { t = t " " $0 }' "$TOP_SRCDIR/man/placectl.1")
}

@test "pods: a queue label or annotation present but empty gives the shim's default from 1.2" {
	local v
	for v in 0.10:'"","","root.sandbox"' 1.1:'"","",""' \
	    1.2:'"root.sandbox","root.q","root.sandbox"' \
	    1.4:'"root.sandbox","root.q","root.sandbox"' \
	    1.5.1:'"root.default","root.q","root.default"' \
	    1.5.2:'"","root.q",""' 1.8:'"","root.q",""'; do
		run -0 placectl pods -q --compat "${v%%:*}" \
		    "$DATA/cluster/pods-empty-queue.json"
		assert_equal "$(sed 's/.*"queue":\("[^"]*"\).*/\1/' <<<"$output" |
		    paste -sd, -)" "${v#*:}"
	done
}

@test "diff across releases and configurations: the configuration is named when it moves an application too" {
	cp "$UD/fallback@1.5.2/config.yaml" "$BATS_TEST_TMPDIR/old.yaml"
	sed 's/submitacl: alice/submitacl: "*"/' "$BATS_TEST_TMPDIR/old.yaml" \
	    > "$BATS_TEST_TMPDIR/new.yaml"
	cd "$BATS_TEST_TMPDIR"
	run --separate-stderr placectl diff --compat 1.5.1 --compat 1.5.2 \
	    -c old.yaml -c new.yaml "$UD/fallback@1.5.2/apps.ndjson"
	assert_failure 1
	# d1: the fallback (1.5.2) takes it, then the new ACL lets bob in
	assert_line --index 0 '{"app":"d1","user":"bob","queue":"root.team","placement":{"old":{"rejected":"failed to place application d1: application rejected: no placement rule matched"},"new":{"queue":"root.team","rule":0,"rule_name":"provided","created":[]},"by":[{"release":"1.5.2","switch":"fallback","what":"after the last rule root.default, if it exists and is a leaf, takes an application no rule placed, without an ACL check"},{"configuration":"new.yaml"}]}}'
	# d3: the fallback alone
	assert_line --index 1 --partial '"app":"d3"'
	assert_line --index 1 --partial '"by":[{"release":"1.5.2","switch":"fallback",'
	refute_line --index 1 --partial configuration
	assert_equal "${#lines[@]}" 2
	assert_stderr "placectl: 2 of 3 applications placed differently (YuniKorn 1.5.1 to 1.5.2)"
}

@test "check names the release it judged by, and the releases that load what it refuses" {
	cd "$UD/quantity_units@1.0.0"
	run -78 --separate-stderr placectl check -q -c config.yaml
	assert_output "config.yaml: partition 'default': 2 queues, 0 rules, 1 error, 0 warnings (YuniKorn 0.10.0; 1.0.0 to 1.8.0 load it)"
	assert_stderr 'placectl: config.yaml:9:25: strconv.ParseInt: parsing "20Gi": invalid syntax'
	run -0 placectl check -q --compat 1.8 -c config.yaml
	assert_output "config.yaml: partition 'default': 2 queues, 0 rules, 0 errors, 1 warning (YuniKorn 1.8.0)"
	cd "$UD/resolver_key@1.8.0"
	run -78 --separate-stderr placectl check -q --compat 1.7 -c config.yaml
	assert_output "config.yaml: partition 'default': 1 queue, 1 rule, 1 error, 0 warnings (YuniKorn 1.7.0; 1.8.0 loads it)"
	cd "$UD/texts16@1.6.0"		# no release loads it: nothing to say
	run -78 --separate-stderr placectl check -q --compat 1.6 -c config.yaml
	assert_output "config.yaml: partition 'default': 3 queues, 0 rules, 1 error, 0 warnings (YuniKorn 1.6.3)"
}

@test "check across releases: a range, all, what changed where; usage errors" {
	cd "$UD/statedump@1.0.0"
	run -78 --separate-stderr placectl check --compat 1.4..1.5.0 -c config.yaml
	assert_output "config.yaml: partition 'default': 1 queue, 0 rules, 0 errors, 1 warning (YuniKorn 1.4.0)
config.yaml: partition 'default': 1 queue, 0 rules, 1 error, 0 warnings (YuniKorn 1.5.0)
  first error: config.yaml:3:5: field statedumpfilepath not found in type configs.PartitionConfig
  by 1.5.0 statedump: statedumpfilepath is no key any more
config.yaml: YuniKorn 1.4.0 loads it, 1.5.0 refuses it"
	assert_stderr ""	# each release's messages: check --compat R
	run -78 placectl check --compat all -c config.yaml
	assert_equal "${#lines[@]}" 26	# 18 releases, 7 lines of changes
	assert_line --index 25 "config.yaml: YuniKorn 1.2.0 to 1.4.0 load it, 0.10.0 to 1.1.0, 1.5.0 to 1.8.0 refuse it"
	# in a range a line is all its releases; A.. goes to the latest
	run -78 placectl check --compat 1.5..1.6 -c config.yaml
	assert_line --index 0 --partial "(YuniKorn 1.5.0)"
	assert_line --index 8 "config.yaml: YuniKorn 1.5.0 to 1.6.3 refuse it"
	run -78 placectl check --compat 1.7.. -c config.yaml
	assert_line --index 3 "config.yaml: YuniKorn 1.7.0 to 1.8.0 refuse it"
	for r in 1.6..1.5 1.5.x..1.6 all.. 1..2; do
		run --separate-stderr placectl check --compat "$r" -c config.yaml
		assert_failure "$EXIT_USAGE"
		assert_stderr_partial "placectl: --compat: "
	done
	run --separate-stderr placectl place --compat all -c config.yaml
	assert_failure "$EXIT_USAGE"
	assert_stderr_partial "unknown YuniKorn version 'all'"
	run --separate-stderr placectl check --compat 1.4 --compat 1.5 -c config.yaml
	assert_failure "$EXIT_USAGE"
	assert_stderr_partial "check takes one --compat"
	run --separate-stderr placectl diff --compat 1.4 --compat 1.5 --compat 1.6 -c config.yaml
	assert_failure "$EXIT_USAGE"
	assert_stderr_partial "too many --compat options"
	run --separate-stderr placectl diff --compat 1.4 -c config.yaml
	assert_failure "$EXIT_USAGE"
	assert_stderr_partial "diff needs -c OLD -c NEW, or -c FILE with --compat OLD --compat NEW"
}

@test "pods: warnings with counts for what the release does not read; -v says what it made and skipped" {
	cd "$DATA/cluster"
	run -0 --separate-stderr placectl pods -v --compat 1.3 pods.json
	assert_stderr "placectl: warning: 1 pod has no application ID: YuniKorn 1.3.0 makes no application of it (1.4.0 and later make one)
placectl: YuniKorn 1.3.0 makes 1 application of 3 pods; skipped: 1 not for yunikorn (spec.schedulerName), 1 without an application ID"
	run -0 --separate-stderr placectl pods -q -v --compat 1.8 pods.json
	assert_stderr "placectl: YuniKorn 1.8.0 makes 2 applications of 3 pods; skipped: 1 not for yunikorn (spec.schedulerName)"
	run -0 --separate-stderr placectl pods -q pods.json
	assert_stderr ""
	run --separate-stderr placectl pods -v --compat 1.4 --compat 1.5 pods.json
	assert_failure 1
	assert_stderr "placectl: YuniKorn 1.5.2 makes 2 applications of 3 pods; skipped: 1 not for yunikorn (spec.schedulerName)
placectl: 2 of 2 applications made differently (YuniKorn 1.4.0 to 1.5.2)"
	run --separate-stderr placectl check -v -c configs-get.yaml
	assert_failure "$EXIT_USAGE"
	assert_stderr_partial "-v is for place, explain and pods"
}

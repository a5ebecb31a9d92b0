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

# run_case DIR V: the case's command under release V in a copy of the case
# ($BATS_TEST_TMPDIR/c), its standard output and "exit STATUS" in got.V,
# its standard error in err.V
run_case() {
	local d=$1 v=$2 ns= pid
	rm -rf "$BATS_TEST_TMPDIR/c"
	cp_fixture "$d" "$BATS_TEST_TMPDIR/c"
	cd "$BATS_TEST_TMPDIR/c"
	[[ -f namespaces.json ]] && ns="--namespaces namespaces.json"
	if [[ -f later.yaml ]]; then
		# the first application with config.yaml, the rest after a
		# reload (SIGHUP) with later.yaml
		mkfifo in
		placectl place --compat "$v" -c config.yaml in > out 2> "err.$v" &
		pid=$!
		exec 5> in
		head -1 apps.ndjson >&5
		wait_lines out 1
		cp later.yaml config.yaml
		kill -HUP $pid
		tail -n +2 apps.ndjson >&5
		exec 5>&-
		wait $pid && s=0 || s=$?
		{ cat out; echo "exit $s"; } > "got.$v"
	elif [[ -f pods.json ]]; then
		# shellcheck disable=SC2086
		{ placectl pods --compat "$v" $ns pods.json && s=0 || s=$?
		  echo "exit $s"; } > "got.$v" 2> "err.$v"
	elif [[ -f apps.ndjson ]]; then
		{ placectl place --compat "$v" -c config.yaml apps.ndjson && s=0 ||
		  s=$?; echo "exit $s"; } > "got.$v" 2> "err.$v"
	else
		{ placectl check --compat "$v" -c config.yaml && s=0 || s=$?
		  echo "exit $s"; } > "got.$v" 2> "err.$v"
	fi
	cd - > /dev/null
}

# same_as_want DIR V: got.V and err.V are the case's want.V and stderr.V
# (none: an empty standard error)
same_as_want() {
	local c=$BATS_TEST_TMPDIR/c
	diff -u "$1/want.$2" "$c/got.$2" ||
		fail "${1##*/} --compat $2: standard output differs"
	if [[ -f $1/stderr.$2 ]]; then
		diff -u "$1/stderr.$2" "$c/err.$2"
	else
		diff -u /dev/null "$c/err.$2"
	fi || fail "${1##*/} --compat $2: standard error differs"
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
		same_as_want "$UD/$name" "$before"
		run_case "$UD/$name" "$this"
		same_as_want "$UD/$name" "$this"
		if cmp -s "$UD/$name/want.$before" "$UD/$name/want.$this" &&
		    cmp -s <(cat "$UD/$name/stderr.$before" 2>/dev/null) \
		    <(cat "$UD/$name/stderr.$this" 2>/dev/null); then
			fail "$name: $before and $this behave alike"
		fi
		n=$((n + 1))
	done < <(cases)
	(( n > 60 )) || fail "only $n cases"
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

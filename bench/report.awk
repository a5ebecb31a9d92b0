# bench/report.awk - the table of bench/run from its results.tsv:
#	KEY <tab> best wall ns or n/a <tab> peak KiB <tab> why n/a
#	    <tab> every wall ns, in the order run, comma-separated
# Variables: apps, small, users, hosts, roles, jobs, many, rmap, old (the
# earlier revision's name; see bench/run).
# Columns (README, "Performance"): seconds; vs floor: "spd" is floor
# time / tool time (higher is better), "time" is tool time / floor time
# (lower is better); vs jq: jq time / tool time; peak MiB; peak bytes per
# history entry; each performance target with PASS or MISS (n/a: not
# measured), and the targets missed at the end. Exits 1 when one was.

function have(k) { return (k in t) && t[k] != "n/a" }
function secs(k) { return t[k] / 1e9 }
function size(n) {
	if (n >= 1000000 && n % 1000000 == 0) return (n / 1000000) "M"
	if (n >= 1000 && n % 1000 == 0) return (n / 1000) "k"
	return n
}
function spd(base, k) {
	return have(base) && have(k) ? sprintf("%.2f spd", t[base] / t[k]) : "-"
}
function tim(base, k) {
	return have(base) && have(k) ? sprintf("%.2f time", t[k] / t[base]) : "-"
}
function mib(k) { return have(k) ? sprintf("%.1f", m[k] / 1024) : "-" }
function bpe(k, n) { return have(k) ? sprintf("%.0f", m[k] * 1024 / n) : "-" }

# check(NAME, VALUE or "", OP, LIMIT[, ROW]): one target, counted; the
# missed ones are listed at the end, named by their row.
function check(name, v, op, lim, row,   ok) {
	if (v == "") {
		nna++
		missed = missed "\n  " (row != "" ? row ": " : "") name " n/a"
		return name " n/a"
	}
	ok = op == ">=" ? v + 0 >= lim + 0 : v + 0 <= lim + 0
	if (ok) npass++
	else {
		nmiss++
		missed = sprintf("%s\n  %s%s %.2f %s %s", missed,
		    row != "" ? row ": " : "", name, v, op, lim)
	}
	return sprintf("%s %.2f %s %s %s", name, v, op, lim, ok ? "PASS" : "MISS")
}
function ratio(a, b) { return have(a) && have(b) ? t[a] / t[b] : "" }
# The median of a[i] / b[i] over the runs of a and b made side by side
# (the i-th of each): steadier than the ratio of the best when the two
# are close, as one fast or slow run moves it no more than any other.
function pmed(a, b,   na, nb, x, y, r, i, j, v) {
	if (!have(a) || !have(b))
		return ""
	na = split(all[a], x, ","); nb = split(all[b], y, ",")
	if (na != nb || na == 0)
		return ""
	for (i = 1; i <= na; i++) {	# an insertion sort: a handful
		v = x[i] / y[i]
		for (j = i - 1; j >= 1 && r[j] > v; j--)
			r[j + 1] = r[j]
		r[j + 1] = v
	}
	return na % 2 ? r[(na + 1) / 2] : (r[na / 2] + r[na / 2 + 1]) / 2
}
function mratio(a, b) {
	return have(a) && have(b) && m[b] > 0 ? m[a] / m[b] : ""
}
function scale(v, f) { return v == "" ? "" : v / f }
function usper(k, n) {
	return have(k) ? sprintf("%.2f us/entry", secs(k) * 1e6 / n) : ""
}

function row(label, k, vf, vj, b, target) {
	if (!have(k)) {
		printf "%-38s %7s  %s\n", label, "n/a", (k in why) ? why[k] : "not run"
		return
	}
	printf "%-38s %7.3f %10s %9s %8s %7s  %s\n", label, secs(k), vf, vj,
	    mib(k), b, target
}
# A row of -j 2 (key k2) with its target against -j 1 (key k1): the ratio
# of the best times, or with paired the median of the runs side by side.
function jobs2(label, k1, k2, lim, vj, paired,   c) {
	if (paired)
		c = check("spd vs -j 1, pairs", pmed(k1, k2), ">=", lim, label)
	else
		c = check("spd vs -j 1", ratio(k1, k2), ">=", lim, label)
	row(label, k2, spd("floor_apps", k2), vj ? spd("jq", k2) : "-", "-", c)
}
# A row of the shorter stream (key ks) with the target of memory flat in
# the length of the stream (key k, the longer).
function flat(label, k, ks) {
	row(label, ks, "-", "-", "-", check("MiB " size(apps) "/" size(small),
	    mratio(k, ks), "<=", 1.1, label))
}
function more(target) {
	if (target != "")
		printf "%-38s %7s %10s %9s %8s %7s  %s\n", "", "", "", "", "",
		    "", target
}

{ t[$1] = $2; m[$1] = $3; why[$1] = $4; all[$1] = $5 }

END {
	n1 = hosts / 100 * roles; n2 = hosts / 10 * roles; n3 = hosts * roles
	# the history floor: the faster of line and stream parsing
	fh = "floor_hist"
	if (have("floor_hist_s") && (!have(fh) || t["floor_hist_s"] < t[fh]))
		fh = "floor_hist_s"

	printf "%-38s %7s %10s %9s %8s %7s  %s\n", "tool", "secs",
	    "vs floor", "vs jq", "peak MiB", "B/entry", "target"

	print "-- " size(apps) " applications, bench/queues.yaml"
	row("floor (json-c, NDJSON)", "floor_apps", spd("floor_apps", "floor_apps"),
	    spd("floor_apps", "jq") == "-" ? "-" : spd("jq", "floor_apps"), "-", "")
	row("jq -c '. + {placement: null}'", "jq", spd("floor_apps", "jq"),
	    spd("jq", "jq"), "-", "")
	r = "placectl place -j 1"
	c1 = check("spd vs floor", ratio("floor_apps", "place1"), ">=", 3, r)
	c2 = check("spd vs jq", ratio("jq", "place1"), ">=", 4, r)
	row(r, "place1", spd("floor_apps", "place1"), spd("jq", "place1"), "-", c1)
	if (have("place1")) more(c2)
	if ("old_place1" in t)
		row("placectl place -j 1 (" old ")", "old_place1",
		    spd("floor_apps", "old_place1"), spd("jq", "old_place1"), "-",
		    "-j 1 spd vs it " spd("old_place1", "place1"))
	flat("placectl place -j 1 (" size(small) ")", "place1", "place1_small")
	jobs2("placectl place -j 2", "place1", "place2", 1, 1)
	row("placectl place -j " jobs, "placeN", spd("floor_apps", "placeN"),
	    spd("jq", "placeN"), "-", "spd vs -j 1 " spd("place1", "placeN"))

	print "-- " size(apps) " applications, bench/cheap.yaml (reading dominates)"
	row("placectl place -j 1 (cheap)", "cheap1", spd("floor_apps", "cheap1"),
	    spd("jq", "cheap1"), "-", "")
	jobs2("placectl place -j 2 (cheap)", "cheap1", "cheap2", 1, 1)

	print "-- " size(apps) " applications of " users " users, bench/users.yaml"
	r = "placectl place -j 1 (users)"
	c11 = ("old_users1" in t) ? check("spd vs " old,
	    ratio("old_users1", "users1"), ">=", 1, r) : ""
	row(r, "users1", spd("floor_apps", "users1"), spd("jq", "users1"), "-",
	    c11)
	if ("old_users1" in t)
		row("placectl place -j 1 (users, " old ")", "old_users1",
		    spd("floor_apps", "old_users1"), spd("jq", "old_users1"), "-",
		    "")
	flat("placectl place -j 1 (users, " size(small) ")", "users1",
	    "users1_small")
	jobs2("placectl place -j 2 (users)", "users1", "users2", 1, 1)

	# Beside a CPU-bound process no core is left for a helper, and -j 2
	# runs the code of -j 1 (no thread started: the same peak memory), so
	# "not slower" is measured on the runs made side by side (the median
	# of their ratios), to within what two runs of one command differ by
	# here; the row "2nd" shows that.
	print "-- the same beside a CPU-bound process (busy)"
	split("place queues cheap cheap users users", cf, " ")
	for (i = 1; i <= 5; i += 2) {
		row("placectl place -j 1 (" cf[i + 1] ", busy)", "busy_" cf[i] "1",
		    spd("floor_apps", "busy_" cf[i] "1"), "-", "-", "")
		jobs2("placectl place -j 2 (" cf[i + 1] ", busy)", "busy_" cf[i] "1",
		    "busy_" cf[i] "2", 0.98, 0, 1)
	}
	v = pmed("busy_users1", "busy_users1b")
	row("placectl place -j 1 (users, busy, 2nd)", "busy_users1b",
	    spd("floor_apps", "busy_users1b"), "-", "-",
	    "spd vs -j 1, pairs " (v == "" ? "n/a" : sprintf("%.2f spd", v)))

	print "-- history " hosts " hosts x " roles " roles = " size(n3) " entries"
	row("floor (json-c, lines)", "floor_hist", tim(fh, "floor_hist"), "-",
	    "-", fh == "floor_hist" ? "the floor" : "")
	row("floor -s (json-c, stream)", "floor_hist_s", tim(fh, "floor_hist_s"),
	    "-", "-", fh == "floor_hist_s" ? "the floor" : "")
	r = "rh-load --max-age 0"
	c5 = check("time vs floor", ratio("load", fh), "<=", 1.5, r)
	c6 = check("B/entry", have("load") ? m["load"] * 1024 / n3 : "", "<=", 200,
	    r)
	row("rh-load --max-age 0", "load", tim(fh, "load"), "-", bpe("load", n3), c5)
	if (have("load")) more(c6)
	if ("old_load" in t)
		row("rh-load --max-age 0 (" old ")", "old_load", tim(fh, "old_load"),
		    "-", bpe("old_load", n3), "time vs it " tim("old_load", "load"))
	row("rh-request -n 1", "req1", tim(fh, "req1"), "-", bpe("req1", n3), "")
	c7 = check("time vs -n 1", ratio("reqmany", "req1"), "<=", 1.3,
	    "rh-request -n " many)
	row("rh-request -n " many, "reqmany", tim(fh, "reqmany"), "-",
	    bpe("reqmany", n3), c7)
	row("rh-compact (7d)", "compact", tim(fh, "compact"), "-",
	    bpe("compact", n3), "")

	print "-- growth: rh-load --max-age 0 vs the line floor of the same file"
	row("rh-load " size(n1), "load_g1", tim("floor_g1", "load_g1"), "-",
	    bpe("load_g1", n1), usper("load_g1", n1))
	row("rh-load " size(n2), "load_g2", tim("floor_g2", "load_g2"), "-",
	    bpe("load_g2", n2), usper("load_g2", n2))
	row("rh-load " size(n3), "load", tim("floor_hist", "load"), "-",
	    bpe("load", n3), usper("load", n3))
	c8 = check("time/entry " size(n3) "/" size(n2),
	    scale(ratio("load", "load_g2"), n3 / n2), "<=", 1.5, "linear")
	c9 = check("B/entry " size(n3) "/" size(n2),
	    scale(mratio("load", "load_g2"), n3 / n2), "<=", 1.25, "linear")
	printf "%-38s %s\n", "linear (n log n: 1.2)", c8
	printf "%-38s %s\n", "", c9

	print "-- growth: a role mapping in descending id order, one host"
	row("rh-load " size(rmap / 4) " roles", "rmap_s", "-", "-", "-",
	    usper("rmap_s", rmap / 4))
	row("rh-load " size(rmap) " roles", "rmap", "-", "-", "-",
	    usper("rmap", rmap))
	c11 = check("time/role " size(rmap) "/" size(rmap / 4),
	    scale(ratio("rmap", "rmap_s"), 4), "<=", 1.5, "n log n")
	printf "%-38s %s\n", "n log n (quadratic: 4)", c11

	printf "\ntargets: %d PASS, %d MISS, %d n/a\n", npass, nmiss, nna
	if (nmiss + nna > 0)
		printf "not met:%s\n", missed
	else
		print "every target met"
	exit nmiss + nna > 0
}

# bench/report.awk - the table of bench/run from its results.tsv:
#	KEY <tab> best wall ns or n/a <tab> peak KiB <tab> why n/a
# Variables: apps, small, hosts, roles, jobs, many, rmap (see bench/run).
# Columns (README, "Performance"): seconds; vs floor: "spd" is floor
# time / tool time (higher is better), "time" is tool time / floor time
# (lower is better); vs jq: jq time / tool time; peak MiB; peak bytes per
# history entry; each performance target with PASS or MISS.

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

# check(NAME, VALUE or "", OP, LIMIT): one target, counted.
function check(name, v, op, lim,   ok) {
	if (v == "") {
		nna++
		return name " n/a"
	}
	ok = op == ">=" ? v + 0 >= lim + 0 : v + 0 <= lim + 0
	if (ok) npass++
	else nmiss++
	return sprintf("%s %.2f %s %s %s", name, v, op, lim, ok ? "PASS" : "MISS")
}
function ratio(a, b) { return have(a) && have(b) ? t[a] / t[b] : "" }
function mratio(a, b) {
	return have(a) && have(b) && m[b] > 0 ? m[a] / m[b] : ""
}
function scale(v, f) { return v == "" ? "" : v / f }
function usper(k, n) {
	return have(k) ? sprintf("%.2f us/entry", secs(k) * 1e6 / n) : ""
}

function row(label, k, vf, vj, b, target) {
	if (!have(k)) {
		printf "%-34s %7s  %s\n", label, "n/a", (k in why) ? why[k] : "not run"
		return
	}
	printf "%-34s %7.3f %10s %9s %8s %7s  %s\n", label, secs(k), vf, vj,
	    mib(k), b, target
}
function more(target) { if (target != "") printf "%-34s %7s %10s %9s %8s %7s  %s\n", "", "", "", "", "", "", target }

{ t[$1] = $2; m[$1] = $3; why[$1] = $4 }

END {
	n1 = hosts / 100 * roles; n2 = hosts / 10 * roles; n3 = hosts * roles
	# the history floor: the faster of line and stream parsing
	fh = "floor_hist"
	if (have("floor_hist_s") && (!have(fh) || t["floor_hist_s"] < t[fh]))
		fh = "floor_hist_s"

	printf "%-34s %7s %10s %9s %8s %7s  %s\n", "tool", "secs",
	    "vs floor", "vs jq", "peak MiB", "B/entry", "target"

	print "-- " size(apps) " applications, bench/queues.yaml"
	row("floor (json-c, NDJSON)", "floor_apps", spd("floor_apps", "floor_apps"),
	    spd("floor_apps", "jq") == "-" ? "-" : spd("jq", "floor_apps"), "-", "")
	row("jq -c '. + {placement: null}'", "jq", spd("floor_apps", "jq"),
	    spd("jq", "jq"), "-", "")
	c1 = check("spd vs floor", ratio("floor_apps", "place1"), ">=", 0.8)
	c2 = check("spd vs jq", ratio("jq", "place1"), ">=", 4)
	row("placectl place -j 1", "place1", spd("floor_apps", "place1"),
	    spd("jq", "place1"), "-", c1)
	if (have("place1")) more(c2)
	c3 = check("MiB " size(apps) "/" size(small),
	    mratio("place1", "place1_small"), "<=", 1.1)
	row("placectl place -j 1 (" size(small) ")", "place1_small", "-", "-",
	    "-", c3)
	c4 = check("spd vs -j 1", ratio("place1", "place2"), ">=", 1.3)
	row("placectl place -j 2", "place2", spd("floor_apps", "place2"),
	    spd("jq", "place2"), "-", c4)
	row("placectl place -j " jobs, "placeN", spd("floor_apps", "placeN"),
	    spd("jq", "placeN"), "-", "spd vs -j 1 " spd("place1", "placeN"))

	print "-- " size(apps) " applications, bench/cheap.yaml (reading dominates)"
	row("placectl place -j 1 (cheap)", "cheap1", spd("floor_apps", "cheap1"),
	    spd("jq", "cheap1"), "-", "")
	c10 = check("spd vs -j 1", ratio("cheap1", "cheap2"), ">=", 1)
	row("placectl place -j 2 (cheap)", "cheap2", spd("floor_apps", "cheap2"),
	    spd("jq", "cheap2"), "-", c10)

	print "-- history " hosts " hosts x " roles " roles = " size(n3) " entries"
	row("floor (json-c, lines)", "floor_hist", tim(fh, "floor_hist"), "-",
	    "-", fh == "floor_hist" ? "the floor" : "")
	row("floor -s (json-c, stream)", "floor_hist_s", tim(fh, "floor_hist_s"),
	    "-", "-", fh == "floor_hist_s" ? "the floor" : "")
	c5 = check("time vs floor", ratio("load", fh), "<=", 1.5)
	c6 = check("B/entry", have("load") ? m["load"] * 1024 / n3 : "", "<=", 200)
	row("rh-load --max-age 0", "load", tim(fh, "load"), "-", bpe("load", n3), c5)
	if (have("load")) more(c6)
	row("rh-request -n 1", "req1", tim(fh, "req1"), "-", bpe("req1", n3), "")
	c7 = check("time vs -n 1", ratio("reqmany", "req1"), "<=", 1.3)
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
	    scale(ratio("load", "load_g2"), n3 / n2), "<=", 1.5)
	c9 = check("B/entry " size(n3) "/" size(n2),
	    scale(mratio("load", "load_g2"), n3 / n2), "<=", 1.25)
	printf "%-34s %s\n", "linear (n log n: 1.2)", c8
	printf "%-34s %s\n", "", c9

	print "-- growth: a role mapping in descending id order, one host"
	row("rh-load " size(rmap / 4) " roles", "rmap_s", "-", "-", "-",
	    usper("rmap_s", rmap / 4))
	row("rh-load " size(rmap) " roles", "rmap", "-", "-", "-",
	    usper("rmap", rmap))
	c11 = check("time/role " size(rmap) "/" size(rmap / 4),
	    scale(ratio("rmap", "rmap_s"), 4), "<=", 1.5)
	printf "%-34s %s\n", "n log n (quadratic: 4)", c11

	printf "\ntargets: %d PASS, %d MISS, %d n/a\n", npass, nmiss, nna
}

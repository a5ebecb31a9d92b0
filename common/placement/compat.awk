# compat.awk - compat.tab into the C tables of compat.c (compat.h):
#
#	awk -f compat.awk compat.h compat.tab > compat.inc
#
# Reads struct pl_ver's members from compat.h and the release table from
# compat.tab (its first lines say how it is written), checks that the two
# agree and that every change of a switch has its words, and writes:
# pl_versions (a row per class, then for every change one row of the
# class before with that change alone and one of the class without it),
# pl_releases and pl_changes. A problem is "compat.awk: FILE:LINE:
# message" on standard error and exit status 1.

function fail(msg) {
	failat(FILENAME, FNR, msg)
}

function failat(f, l, msg) {
	printf "compat.awk: %s:%d: %s\n", f, l, msg > "/dev/stderr"
	bad = 1
	exit 1
}

function cstr(s) {
	gsub(/\\/, "\\\\", s)
	gsub(/"/, "\\\"", s)
	return "\"" s "\""
}

# The C text of value v (a token of switch j's line).
function cval(j, v,   m, t) {
	m = swmem[j]
	t = mtype[m]
	if (swflag[j] != "") {
		if (v != "0" && v != "1")
			fail("'" sw[j] "': a flag is 0 or 1, not '" v "'")
		return v
	}
	if (t == "const char *") {
		if (v in def)
			return def[v]
		if (v !~ /^"[^"\\]*"$/)
			fail("'" sw[j] "': '" v "' is no string and no defined word")
		return v
	}
	if (t == "unsigned char") {
		if (v !~ /^[0-9]+$/)
			fail("'" sw[j] "': '" v "' is not a number")
		return v
	}
	if (t ~ /^enum /) {
		if (v !~ /^[A-Z0-9_]+$/)
			fail("'" sw[j] "': '" v "' is no constant's name")
		return prefix[t] v
	}
	fail("'" sw[j] "': member '" m "' has a type compat.awk does not know")
}

# Member m's value in class c, with switch oj's value taken from class oc
# instead (oj 0: none).
function mval(m, c, oj, oc,   j, v, s) {
	s = ""
	for (j = 1; j <= ns; j++) {
		if (swmem[j] != m)
			continue
		v = val[j, j == oj ? oc : c]
		if (swflag[j] == "")
			return v
		if (v == "1")
			s = s (s == "" ? "" : " | ") flagpfx[m] toupper(swflag[j])
	}
	return s == "" ? "0" : s
}

# One row of pl_versions: class c, or with switch oj as in class oc.
function row(index_, c, oj, oc, comment,   i, m, line) {
	printf "\t/* %s */\n\t[%s] = {\n\t\t.name = %s,\n", comment, index_,
	    cstr(cname[c])
	for (i = 1; i <= nm; i++) {
		m = mem[i]
		if (m != "name")
			printf "\t\t.%s = %s,\n", m, mval(m, c, oj, oc)
	}
	printf "\t},\n"
}

# ---- compat.h: struct pl_ver's members and their types ----

BEGIN {
	member = "^\t(const char \\*|unsigned char |enum [a-z_0-9]+ )" \
	    "[a-z_0-9]+;"
}

FNR == 1 {
	file++
	if (file == 2)
		tab = FILENAME
}

file == 1 && /^struct pl_ver \{/ {
	instruct = 1
	next
}

file == 1 && instruct && /^\};/ {
	instruct = 0
	next
}

file == 1 && instruct && $0 ~ member {
	d = $0
	sub(/^\t/, "", d)
	sub(/;.*/, "", d)
	m = d
	sub(/.*[ *]/, "", m)
	t = substr(d, 1, length(d) - length(m))
	sub(/ $/, "", t)
	mem[++nm] = m
	mtype[m] = t
	if (t ~ /^enum / && !(t in prefix)) {
		p = t
		sub(/^enum /, "", p)
		prefix[t] = toupper(p) "_"
	}
	next
}

file == 1 {
	next
}

# ---- compat.tab ----

/^#/ || /^[ \t]*$/ {
	next
}

$1 == "class" {
	if (NF < 4)
		fail("a class needs its enum constant, its name and releases")
	cls[++nc] = $2
	cname[nc] = $3
	for (i = 4; i <= NF; i++) {
		if ($i in relclass)
			fail("release " $i " is in two classes")
		rel[++nrel] = $i
		relclass[$i] = nc
	}
	cidx[$3] = nc
	next
}

$1 == "prefix" {
	prefix["enum " $2] = $3
	next
}

$1 == "flags" {
	flagpfx[$2] = $3
	next
}

$1 == "define" {
	d = $0
	sub(/^define[ \t]+[^ \t]+[ \t]+/, "", d)
	def[$2] = d
	next
}

/^\t[0-9][0-9.]*: / {
	if (ns == 0)
		fail("words before the first switch")
	k = $1
	sub(/:$/, "", k)
	if (!(k in cidx))
		fail("'" k "' is no class's name")
	c = cidx[k]
	if ((ns, c) in words)
		fail("'" sw[ns] "' has words for " k " twice")
	w = $0
	sub(/^\t[^ ]+ /, "", w)
	words[ns, c] = w
	lastw = ns SUBSEP c
	next
}

/^\t    [^ ]/ {
	if (lastw == "")
		fail("a continued line without words before it")
	w = $0
	sub(/^\t    /, "", w)
	words[lastw] = words[lastw] " " w
	next
}

/^[a-z][a-z_0-9]*(:[a-z_0-9]+)?[ \t]/ {
	lastw = ""
	if (NF != nc + 1)
		fail("'" $1 "' has " NF - 1 " values for " nc " classes")
	j = ++ns
	sw[j] = $1
	if (seen[$1]++)
		fail("switch '" $1 "' twice")
	swmem[j] = $1
	swflag[j] = ""
	if (index($1, ":") > 0) {
		swmem[j] = substr($1, 1, index($1, ":") - 1)
		swflag[j] = substr($1, index($1, ":") + 1)
		if (!(swmem[j] in flagpfx))
			fail("'" swmem[j] "' is no flags member")
	}
	if (!(swmem[j] in mtype) || swmem[j] == "name")
		fail("'" swmem[j] "' is no switch of struct pl_ver")
	if ($2 == ".")
		fail("'" $1 "': the first class has no class before it")
	for (i = 1; i <= nc; i++)
		val[j, i] = $(i + 1) == "." ? val[j, i - 1] : cval(j, $(i + 1))
	line[j] = FNR
	next
}

{
	fail("a line compat.awk cannot read")
}

END {
	if (bad)
		exit 1
	if (nm == 0)
		failat(tab, 0, "no struct pl_ver in the header")
	for (i = 1; i <= nm; i++)
		if (mem[i] != "name" && !(mem[i] in seenmem)) {
			for (j = 1; j <= ns; j++)
				if (swmem[j] == mem[i])
					seenmem[mem[i]] = 1
			if (!(mem[i] in seenmem))
				failat(tab, 0, "struct pl_ver's '" mem[i] "' has no line")
		}
	# every change has words, and words are only for changes
	for (j = 1; j <= ns; j++)
		for (c = 1; c <= nc; c++) {
			changed = c > 1 && val[j, c] != val[j, c - 1]
			if (changed && !((j, c) in words))
				failat(tab, line[j], "'" sw[j] "' changes in " \
				    cname[c] " without words for it")
			if (!changed && ((j, c) in words))
				failat(tab, line[j], "'" sw[j] "' has words for " \
				    cname[c] ", where it does not change")
			if (changed)
				nchg++
		}

	print "/* compat.inc - made from compat.tab by compat.awk: do not edit */"
	print ""
	for (c = 1; c <= nc; c++)
		printf "_Static_assert(%s == %d, \"compat.tab: class %s\");\n",
		    cls[c], c - 1, cname[c]
	printf "_Static_assert(PL_NCOMPAT == %d, \"compat.tab: classes\");\n", nc
	print ""
	print "const struct pl_ver pl_versions[] = {"
	for (c = 1; c <= nc; c++)
		row(cls[c], c, 0, 0, cname[c] ": " rel_of(c))
	n = 0
	for (c = 2; c <= nc; c++)
		for (j = 1; j <= ns; j++)
			if (val[j, c] != val[j, c - 1]) {
				row("PL_NCOMPAT + " n, c - 1, j, c, cname[c - 1] \
				    " with " cname[c] "'s " sw[j])
				row("PL_NCOMPAT + " n + 1, c, j, c - 1, cname[c] \
				    " without its " sw[j])
				fwd[j, c] = n
				n += 2
			}
	print "};"
	printf "const size_t pl_nrows = %d;\n\n", nc + n
	print "const struct pl_release pl_releases[] = {"
	for (i = 1; i <= nrel; i++)
		printf "\t{ %s, %s },\n", cstr(rel[i]), cls[relclass[rel[i]]]
	print "};"
	printf "const size_t pl_nreleases = %d;\n\n", nrel
	print "const struct pl_change pl_changes[] = {"
	for (c = 2; c <= nc; c++)
		for (j = 1; j <= ns; j++)
			if (val[j, c] != val[j, c - 1])
				printf "\t{ %s, %s,\n\t    %s,\n\t    PL_NCOMPAT + %d, " \
				    "PL_NCOMPAT + %d, %d },\n", cstr(sw[j]), cls[c],
				    cstr(words[j, c]), fwd[j, c], fwd[j, c] + 1,
				    sw[j] ~ /^pod_/
	print "};"
	printf "const size_t pl_nchanges = %d;\n", nchg
}

function rel_of(c,   i, s) {
	s = ""
	for (i = 1; i <= nrel; i++)
		if (relclass[rel[i]] == c)
			s = s (s == "" ? "" : ", ") rel[i]
	return s
}

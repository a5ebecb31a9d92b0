#!/bin/sh
# manlint.sh - every man page passes 'mandoc -T lint' without warnings (TAP).
n=0 fail=0
for page in "$TOP_SRCDIR"/man/*.1; do
	n=$((n + 1))
	if out=$(mandoc -T lint -W warning "$page" 2>&1) && [ -z "$out" ]; then
		echo "ok $n - $(basename "$page")"
	else
		echo "not ok $n - $(basename "$page")"
		printf '%s\n' "$out" | sed 's/^/# /'
		fail=1
	fi
done
echo "1..$n"
exit $fail

#!/bin/sh
# demo.sh [EXAMPLES] - placekit's main jobs on the bundled example data.
set -eu
ex=${1:-examples}
now=2026-11-22T10:00:00Z
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
cd "$ex"

show() {
	printf '\n$ %s\n' "$1"
	sh -c "set -e; $1"
}

echo "== Placing applications with YuniKorn rules (queues.yaml, apps.ndjson)"
show "placectl place -c queues.yaml apps.ndjson"
show "placectl explain -c queues.yaml apps.ndjson | head -n 1"
show "placectl check -c queues.yaml"
show "placectl tree -c queues.yaml < apps.ndjson"

echo
echo "== Slider role history (history/, resources.json, events.ndjson)"
show "rh-load -R resources.json --now $now --format table history"
show "rh-load -R resources.json --now $now --events events.ndjson --format lists history"
show "rh-load -R resources.json --now $now history | rh-request -r regionserver -n 2 --now $now --emit requests"
show "rh-load -R resources.json --now $now --events events.ndjson history | rh-release -r regionserver -n 1 --now $now --emit releases"
cp -R history "$tmp/history"
show "rh-compact -v --now $now $tmp/history && ls $tmp/history"

# transcript.bash - the matcher of shown output, for tests/transcript.sh
# (the .t case files) and tests/readme.bats (README's examples): what a
# command prints against what is shown. A shown line '...' stands for any
# number of lines, '...' inside a line for any text; nothing else is
# special. It starts no process.

# tr_glob VAR LINE: LINE as a [[ == ]] pattern in VAR, '...' any text.
tr_glob() {
	local tr_g=$2
	tr_g=${tr_g//\\/\\\\}
	tr_g=${tr_g//\*/\\*}
	tr_g=${tr_g//\?/\\?}
	tr_g=${tr_g//\[/\\[}
	printf -v "$1" '%s' "${tr_g//.../*}"
}

# tr_match I J: WANT[I..] matches GOT[J..] (arrays of lines).
tr_match() {
	local i=$1 j=$2 k p
	while ((i < ${#WANT[@]})); do
		if [[ ${WANT[i]} == ... ]]; then
			for ((k = j; k <= ${#GOT[@]}; k++)); do
				tr_match $((i + 1)) $k && return 0
			done
			return 1
		fi
		((j < ${#GOT[@]})) || return 1
		tr_glob p "${WANT[i]}"
		# shellcheck disable=SC2053
		[[ ${GOT[j]} == $p ]] || return 1
		i=$((i + 1)) j=$((j + 1))
	done
	((j == ${#GOT[@]}))
}

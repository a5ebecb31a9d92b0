# placekit.bash - bash completion for placectl, rh-load, rh-request,
# rh-release and rh-compact. 'make install' puts it where bash-completion
# looks, under each tool's name; without bash-completion, source it from
# ~/.bashrc. It needs nothing of bash-completion's.
#
# The options, and the words some take (--format, --emit), are read from
# each tool's --help; the YuniKorn releases of --compat from placectl's
# own list; the roles of -r from the history on the line. Files are
# completed for the options that take one and for the operand.

# _placekit_help TOOL: the tool's --help, read once a shell.
_placekit_help() {
	local var=_placekit_help_${1//-/_}
	if [[ -z ${!var-} ]]; then
		printf -v "$var" '%s' "$("$1" --help 2>/dev/null)"
	fi
	printf '%s\n' "${!var}"
}

# _placekit_usage TOOL [SUB]: the usage lines (of placectl's SUB).
_placekit_usage() {
	_placekit_help "$1" | awk -v sub_="$2" '
	/^$/ { exit }
	/^(usage: |       )[a-z-]+ / {
		n = split($0, w, " ")
		on = sub_ == "" || (w[1] == "usage:" ? w[3] : w[2]) == sub_
	}
	on'
}

# _placekit_opts TOOL [SUB]: the long options of TOOL (of placectl's SUB,
# as its usage lines name them, short ones by their long names).
_placekit_opts() {
	_placekit_help "$1" | awk -v sub_="$2" '
	!body && /^$/ { body = 1; next }
	!body && /^(usage: |       )[a-z-]+ / {
		n = split($0, w, " ")
		on = sub_ == "" || (w[1] == "usage:" ? w[3] : w[2]) == sub_
	}
	!body && on {
		n = split($0, w, /[][ |()]+/)
		for (i = 1; i <= n; i++)
			if (w[i] ~ /^--[a-z]/)
				want[w[i]] = 1
			else if (w[i] ~ /^-[a-zA-Z]+$/)
				for (k = 2; k <= length(w[i]); k++)
					want["-" substr(w[i], k, 1)] = 1
	}
	body && /^ +-/ {
		short = ""
		if ($1 ~ /^-[a-zA-Z],$/) {
			short = substr($1, 1, 2)
			long = $2
		} else
			long = $1
		if (sub_ == "" || want[long] || (short != "" && want[short]))
			print long
	}
	END { print "--help" }' | sort -u
}

# _placekit_releases: what --compat takes, from placectl's own message.
_placekit_releases() {
	local msg v
	msg=$(placectl check --compat '?' -c /dev/null 2>&1)
	msg=${msg#*known are }
	msg=${msg%%,*}
	for v in $msg; do
		printf '%s\n%s\n' "$v" "${v%.*}"
	done | sort -u
	echo latest
}

# _placekit_roles TOOL WORDS...: the role names and ids of the history
# operand on the line (the first word that is not an option or a value).
_placekit_roles() {
	local tool=$1 w prev= hist=
	shift
	for w in "$@"; do
		case $prev in
		-r|--role|-n|--count|--now|--emit|--max-age|-o|--output) prev= ; continue ;;
		esac
		case $w in
		-?*) prev=$w ;;
		*) [[ -e $w ]] && hist=$w ;;
		esac
	done
	[[ -n $hist ]] || return 0
	rh-load -q --max-age 0 --format lists "$hist" 2>/dev/null |
		awk '{ sub(/:.*/, ""); print $1; if ($2 != "-") print $2 }'
}

_placekit() {
	local cur=${COMP_WORDS[COMP_CWORD]} prev= tool=${COMP_WORDS[0]##*/}
	local sub= words opts
	((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}
	COMPREPLY=()
	if [[ $tool == placectl ]]; then
		if ((COMP_CWORD == 1)); then
			words="place explain check diff tree pods --help --version"
			mapfile -t COMPREPLY < <(compgen -W "$words" -- "$cur")
			return
		fi
		sub=${COMP_WORDS[1]}
	fi
	case $prev in
	--compat)
		mapfile -t COMPREPLY < <(compgen -W "$(_placekit_releases)" -- "$cur")
		return ;;
	-r|--role)
		mapfile -t COMPREPLY < <(compgen -W \
		    "$(_placekit_roles "$tool" "${COMP_WORDS[@]:1}")" -- "$cur")
		return ;;
	--format|--emit)
		# the words of the usage line's "[--format a|b|c]"
		words=$(_placekit_usage "$tool" | grep -o -- "$prev [a-z|]*" |
		    head -n 1)
		words=${words#* }
		mapfile -t COMPREPLY < <(compgen -W "${words//|/ }" -- "$cur")
		return ;;
	-c|--config|--defaults|--namespaces|-o|--output|-R|--resources|--events)
		compopt -o filenames 2>/dev/null
		mapfile -t COMPREPLY < <(compgen -f -- "$cur")
		return ;;
	-p|--partition|--policy-group|-j|--jobs|-n|--count|--now|--max-age|--keep)
		return ;;
	esac
	if [[ $cur == -* ]]; then
		mapfile -t COMPREPLY < <(compgen -W "$(_placekit_opts "$tool" \
		    "$sub")" -- "$cur")
		return
	fi
	compopt -o filenames 2>/dev/null
	mapfile -t COMPREPLY < <(compgen -f -- "$cur")
}

complete -F _placekit placectl rh-load rh-request rh-release rh-compact

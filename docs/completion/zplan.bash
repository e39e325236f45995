# bash completion for zplan: commands, options, formats, rule ids.
# Installed by `make install` into share/bash-completion/completions/.
_zplan()
{
	local cur prev cmd i
	cur=${COMP_WORDS[COMP_CWORD]}
	prev=${COMP_WORDS[COMP_CWORD-1]}
	cmd=
	for ((i = 1; i < COMP_CWORD; i++)); do
		case ${COMP_WORDS[i]} in
		-*) ;;
		*) cmd=${COMP_WORDS[i]}; break ;;
		esac
	done
	if [[ -z $cmd ]]; then
		COMPREPLY=($(compgen -W "check capacity plan script diagram report
		    rules properties import diff help --help --version" -- "$cur"))
		return
	fi
	case $prev in
	--format)
		case $cmd in
		check | diff) COMPREPLY=($(compgen -W "text json sarif" -- "$cur")) ;;
		plan) COMPREPLY=($(compgen -W "yaml json" -- "$cur")) ;;
		*) COMPREPLY=($(compgen -W "text json" -- "$cur")) ;;
		esac
		return ;;
	--disable)
		COMPREPLY=($(compgen -W "$(zplan rules 2>/dev/null |
		    awk '{print $1}')" -- "$cur"))
		return ;;
	--policy)
		COMPREPLY=($(compgen -W "spares_per_pool= mirror_isolation=
		    ashift= max_raidz_width= platform= partitioning=
		    l2arc_ram_percent= fill_percent= disable= severity." \
		    -- "$cur"))
		compopt -o nospace 2>/dev/null
		return ;;
	--only)
		COMPREPLY=($(compgen -W "pools datasets shares mounts vdev-id" \
		    -- "$cur"))
		return ;;
	-o)
		compopt -o filenames 2>/dev/null
		COMPREPLY=($(compgen -f -- "$cur"))
		return ;;
	--host | --controller)
		return ;;
	esac
	if [[ $cur == -* ]]; then
		case $cmd in
		check) COMPREPLY=($(compgen -W "--format --strict --disable
		    --policy" -- "$cur")) ;;
		rules | properties)
			COMPREPLY=($(compgen -W "--format" -- "$cur")) ;;
		capacity | plan) COMPREPLY=($(compgen -W "--format --policy
		    --disable" -- "$cur")) ;;
		script) COMPREPLY=($(compgen -W "--host --only -o --dry-run
		    --policy --disable" -- "$cur")) ;;
		diagram) COMPREPLY=($(compgen -W "-o" -- "$cur")) ;;
		report) COMPREPLY=($(compgen -W "-o --policy --disable" \
		    -- "$cur")) ;;
		import) COMPREPLY=($(compgen -W "--controller" -- "$cur")) ;;
		diff) COMPREPLY=($(compgen -W "--format --host" -- "$cur")) ;;
		esac
		return
	fi
	case $cmd in
	help)
		COMPREPLY=($(compgen -W "check capacity plan script diagram
		    report rules properties import diff" -- "$cur")) ;;
	import)
		if [[ $prev == import ]]; then
			COMPREPLY=($(compgen -W "lsblk" -- "$cur"))
		else
			compopt -o filenames 2>/dev/null
			COMPREPLY=($(compgen -f -- "$cur"))
		fi ;;
	rules) ;;
	properties)
		COMPREPLY=($(compgen -W "$(zplan properties 2>/dev/null |
		    awk '/^NAME /{on=1; next} on && NF {print $1} !NF {on=0}')" \
		    -- "$cur")) ;;
	*)
		compopt -o filenames 2>/dev/null
		COMPREPLY=($(compgen -f -- "$cur")) ;;
	esac
}
complete -F _zplan zplan

# commit_note.sh is sourced by the comparison scripts (gpu_compare.sh,
# cpu_compare.sh); it defines write_commit_note.

# write_commit_note DIR FILE: writes to FILE what is measured: the commit of
# the checkout that holds DIR and whether the tree differs from it (every
# change counts, untracked files too), or "unknown" where there is no git
# or no checkout, and the date; then prints its first line, and a warning
# on standard error where the tree is not clean at a known commit.
write_commit_note() {
	local dir=$1 file=$2 rev changes
	{
		if command -v git >/dev/null && rev=$(git -C "$dir" rev-parse HEAD 2>/dev/null) && changes=$(git -C "$dir" status --porcelain 2>/dev/null); then
			if [ -z "$changes" ]; then
				echo "commit $rev clean"
			else
				echo "commit $rev dirty"
				echo "changes:"
				echo "$changes" | sed 's/^/  /'
			fi
		else
			echo "commit unknown"
		fi
		echo "date $(date -u +%Y-%m-%dT%H:%M:%SZ)"
	} >"$file"
	head -n 1 "$file"
	if ! grep -q '^commit [0-9a-f]* clean$' "$file"; then
		{
			echo "################################################################################"
			echo "# WARNING: the checkout is not a clean tree at a known commit ($file)."
			echo "# This run cannot be recorded in BENCHMARKS.md."
			echo "################################################################################"
		} >&2
	fi
}

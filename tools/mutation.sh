#!/usr/bin/env bash
# Mutation testing of one game's rules (issue #17): reproduces the mutmut run quoted in docs/mutation/<game>.md.
#
# Usage: tools/mutation.sh <game> [--jobs N] [--keep] [--tests "tests/test_a.py tests/test_b.py"]
#
#   <game>     a folder of arcade/games/ (grit, grass, cops_and_robbers, grenade, grisbi)
#   --jobs N   mutmut workers (default 2: this is a 2-core machine)
#   --keep     keep the scratch copy (to run `mutmut show <mutant>` / `mutmut browse` in it); its path is printed
#   --tests    the test files run against each mutant (default: tests/test_<game>.py)
#
# What it does: copies the repository's tracked and untracked-but-not-ignored files into a scratch directory (the
# repository itself is never touched: mutmut writes its mutants/ folder in the copy), adds a [tool.mutmut] section
# that mutates only the game's rules.py, state.py, cards.py and scoring.py (those that exist), runs `mutmut run`
# against the game's tests, then prints one line per module: mutants, killed, survived, other (timeout, suspicious,
# no tests...), the kill rate, and lists every mutant not killed.
#
# Run it inside a private network namespace, like every test run here:
#   unshare -n sh -c 'ip link set lo up && tools/mutation.sh grenade'
# Needs mutmut >= 3 (pip install -e .[mutation]). Not part of CI: one game takes minutes to an hour.
set -euo pipefail

usage() { sed -n '4,10p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
[ $# -ge 1 ] || usage
game=$1; shift
jobs=2; keep=0; tests=""
while [ $# -gt 0 ]; do
    case $1 in
        --jobs) jobs=$2; shift 2 ;;
        --keep) keep=1; shift ;;
        --tests) tests=$2; shift 2 ;;
        -h|--help) usage ;;
        *) echo "unknown argument: $1" >&2; usage ;;
    esac
done

repo=$(cd "$(dirname "$0")/.." && pwd)
gdir="arcade/games/$game"
[ -d "$repo/$gdir" ] || { echo "no game folder $gdir" >&2; exit 2; }
modules=()
for m in rules state cards scoring; do
    [ -f "$repo/$gdir/$m.py" ] && modules+=("$gdir/$m.py")
done
[ ${#modules[@]} -gt 0 ] || { echo "$gdir has no rules/state/cards/scoring module" >&2; exit 2; }
[ -n "$tests" ] || tests="tests/test_$game.py"
for t in $tests; do [ -f "$repo/$t" ] || { echo "no test file $t" >&2; exit 2; }; done

scratch=$(mktemp -d "${TMPDIR:-/tmp}/mutation-$game.XXXXXX")
cleanup() { if [ $keep -eq 0 ]; then rm -rf "$scratch"; fi; }
trap cleanup EXIT
(cd "$repo" && git ls-files -co --exclude-standard -z | tar --null -T - -cf - 2>/dev/null) | (cd "$scratch" && tar -xf -)
rm -rf "$scratch/mutants"

quote_list() { local out="" x; for x in "$@"; do out+="${out:+, }\"$x\""; done; printf '[%s]' "$out"; }
# shellcheck disable=SC2086
{
    echo
    echo "[tool.mutmut]"
    echo "source_paths = [\"arcade\"]"
    echo "also_copy = [\"netplay\", \"tests\"]"
    echo "only_mutate = $(quote_list "${modules[@]}")"
    echo "pytest_add_cli_args_test_selection = $(quote_list $tests)"
    echo "pytest_add_cli_args = [\"-p\", \"no:cacheprovider\", \"-x\", \"-q\"]"
    echo "use_git_change_detection = false"
} >> "$scratch/pyproject.toml"

echo "mutation run: $game, modules: ${modules[*]}, tests: $tests, jobs: $jobs"
echo "scratch copy: $scratch"
start=$(date +%s)
(cd "$scratch" && SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy mutmut run --max-children "$jobs" > mutmut.log 2>&1) || {
    echo "mutmut failed; last lines of its log:" >&2; tail -30 "$scratch/mutmut.log" >&2; exit 1; }
elapsed=$(( $(date +%s) - start ))

cd "$scratch"
python - "$elapsed" "${modules[@]}" <<'EOF'
import json
import sys
from collections import Counter
from pathlib import Path

from mutmut.stats import status_by_exit_code

elapsed, modules = int(sys.argv[1]), sys.argv[2:]
print(f"\n{'module':<36}{'mutants':>8}{'killed':>8}{'survived':>9}{'other':>7}{'killed %':>10}")
not_killed = []
total = Counter()
for mod in modules:
    meta = Path("mutants") / (mod + ".meta")
    codes = json.loads(meta.read_text())["exit_code_by_key"] if meta.exists() else {}
    c = Counter(status_by_exit_code[v] for v in codes.values())
    n = sum(c.values())
    other = n - c["killed"] - c["survived"]
    rate = f"{100 * c['killed'] / n:.1f}" if n else "-"
    print(f"{mod:<36}{n:>8}{c['killed']:>8}{c['survived']:>9}{other:>7}{rate:>10}")
    total.update(c)
    not_killed += [(k, status_by_exit_code[v]) for k, v in sorted(codes.items()) if status_by_exit_code[v] != "killed"]
n = sum(total.values())
if len(modules) > 1 and n:
    print(f"{'all':<36}{n:>8}{total['killed']:>8}{total['survived']:>9}{n - total['killed'] - total['survived']:>7}"
          f"{100 * total['killed'] / n:>10.1f}")
print(f"\n{len(not_killed)} not killed ({elapsed} s):")
for k, status in not_killed:
    print(f"  {status:<12} {k}")
EOF
if [ $keep -eq 1 ]; then echo "kept: cd $scratch && mutmut show <mutant>"; fi

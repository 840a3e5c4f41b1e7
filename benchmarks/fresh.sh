#!/usr/bin/env bash
# The headline speed figure: what a user gets from one fresh `./geomech run` (a new JVM, the whole command, kernels
# cached as after a first run), paired and alternating with the hand-written C of benchmarks/c/roofline.c on the same
# case. For each case and JDK, REPEATS pairs; each pair runs C, then geomech; reported: the median member-steps/s while
# stepping (geomech's summary.json, C's own count) and the median whole wall time (process start to exit), both as ratios
# to C's of the same pair (geomech with --statistics mean,max,msd, the backend's reductions alone, as the C loop reduces;
# run's default quantiles would add a sort or sketch per output). Prints the CPU model and its vector width first.
# Usage: benchmarks/fresh.sh [repeats]   (default 3)
# CASES overrides the cases: "members t_end method" entries separated by ';' (chaotic-nh, h = 0.05; the C program runs
# lobatto-nh:2 only, so other methods are timed against it as a reference point). JDKS: the java executables to compare,
# separated by spaces (default: every JDK 17 or later under /usr/lib/jvm with javac). BACKEND: default simd.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root="$here/.."
repeats=${1:-3}
backend=${BACKEND:-simd}
out=${OUT_DIR:-$here/target/fresh}
mkdir -p "$out"
command -v gcc >/dev/null || { echo "fresh: gcc is not installed" >&2; exit 2; }
gcc -O3 -march=native -fno-math-errno -fopenmp "$here/c/roofline.c" -o "$out/roofline" -lm
export OMP_WAIT_POLICY=${OMP_WAIT_POLICY:-PASSIVE}
cases=${CASES:-"10000 1000 lobatto-nh:2;100000 500 lobatto-nh:2;1000000 50 lobatto-nh:2;100000 50 lobatto-nh:2"}
jdks=${JDKS:-$(for r in /usr/lib/jvm/*/release; do h=$(dirname "$r"); v=$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$r");
  [ -n "$v" ] && [ "$v" -ge 17 ] && [ -x "$h/bin/javac" ] && readlink -f "$h/bin/java"; done | sort -u | tr '\n' ' ')}

width=$(grep -qw avx512f /proc/cpuinfo && echo "AVX-512, 8 doubles a vector" || (grep -qw avx2 /proc/cpuinfo && echo "AVX2, 4 doubles a vector" || echo "no AVX2"))
echo "machine: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) CPUs, $width; $(gcc --version | head -1); load $(cut -d' ' -f1-3 /proc/loadavg)"
# the launcher builds the jar on first use; build it now, and run every case once per JDK so that kernels are cached
(cd "$root" && ./geomech list >/dev/null 2>&1) || { echo "fresh: ./geomech does not start" >&2; exit 1; }
now() { date +%s.%N; }
median() { sort -g | awk '{a[NR] = $1} END {print (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2)}'; }
printf '| members | member-steps | method | JDK | C member-steps/s | C wall s | geomech member-steps/s | ratio to C | geomech wall s | wall / C wall |\n'
printf '| ---: | ---: | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |\n'
IFS=';' read -ra list <<<"$cases"
for c in "${list[@]}"; do
  read -r members tend method <<<"$c"
  steps=$(awk -v t="$tend" 'BEGIN {printf "%d", t / 0.05 + 0.5}')
  for j in $jdks; do
    version=$("$j" -version 2>&1 | head -1 | sed 's/.*version "\([^"]*\)".*/\1/')
    run=(env GEOMECH_JAVA="$j" "$root/geomech" run --model chaotic-nh --method "$method" --h 0.05 --t-end "$tend" --members "$members"
         --backend "$backend" --statistics mean,max,msd --json --no-plots --quiet --overwrite --out "$out/run")
    "${run[@]}" >/dev/null 2>"$out/err.txt" || { echo "fresh: geomech failed: $(tail -1 "$out/err.txt")" >&2; exit 1; }
    rm -f "$out"/pair-*.txt
    for ((r = 0; r < repeats; r++)); do
      t0=$(now); "$out/roofline" time chaotic "$members" "$tend" 0.05 >"$out/c.txt"; t1=$(now)
      sed -n 's/^member-steps\/s //p' "$out/c.txt" >>"$out/pair-c-speed.txt"
      awk -v a="$t0" -v b="$t1" 'BEGIN {print b - a}' >>"$out/pair-c-wall.txt"
      t0=$(now); "${run[@]}" >"$out/g.json" 2>"$out/err.txt"; t1=$(now)
      awk -v a="$t0" -v b="$t1" 'BEGIN {print b - a}' >>"$out/pair-g-wall.txt"
      sed -n 's/.*"member_steps_per_second" : \([0-9.eE+-]*\).*/\1/p' "$out/g.json" | head -1 >>"$out/pair-g-speed.txt"
    done
    paste "$out/pair-g-speed.txt" "$out/pair-c-speed.txt" | awk '{print $1 / $2}' >"$out/pair-speed-ratio.txt"
    paste "$out/pair-g-wall.txt" "$out/pair-c-wall.txt" | awk '{print $1 / $2}' >"$out/pair-wall-ratio.txt"
    printf '| %s | %.0e | %s | %s | %.3g | %.2f | %.3g | %.2f | %.2f | %.2f |\n' "$members" "$((members * steps))" "$method" "$version" \
      "$(median <"$out/pair-c-speed.txt")" "$(median <"$out/pair-c-wall.txt")" "$(median <"$out/pair-g-speed.txt")" \
      "$(median <"$out/pair-speed-ratio.txt")" "$(median <"$out/pair-g-wall.txt")" "$(median <"$out/pair-wall-ratio.txt")"
  done
done

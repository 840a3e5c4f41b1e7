#!/usr/bin/env bash
# The speed anchor (issue 8 item 1): builds benchmarks/c/roofline.c with gcc, measures the machine's fp64 peak in C,
# then runs each case on the hand-written C and on every backend through `geomech run --json` (same ensemble size,
# t_end, h = 0.05 and default output interval t_end/100, observers reduced at each output), one after the other,
# REPEATS times, and prints each backend's member-steps/s with its median ratio to the C run of the same round.
# Usage: benchmarks/roofline.sh [backends] [repeats]   (default simd,opencl,reference and 3; the reference only to 10^4)
# CASES overrides the cases: "model method c-model members t_end" entries separated by ';'.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root="$here/.."
backends=${1:-simd,opencl,reference}
repeats=${2:-3}
out=${OUT_DIR:-$here/target/roofline}
mkdir -p "$out"
# OpenMP threads sleep rather than spin between outputs (as the JVM's pool does): fair on a shared machine
export OMP_WAIT_POLICY=${OMP_WAIT_POLICY:-PASSIVE}
command -v gcc >/dev/null || { echo "roofline: gcc is not installed" >&2; exit 2; }
gcc -O3 -march=native -fno-math-errno -fopenmp "$here/c/roofline.c" -o "$out/roofline" -lm
"$root/geomech" list >/dev/null 2>&1
cases=${CASES:-"chaotic-nh lobatto-nh:2 chaotic 10000 20;chaotic-nh lobatto-nh:2 chaotic 100000 20;chaotic-nh lobatto-nh:2 chaotic 1000000 10;spherical-pendulum rattle rattle 10000 20;spherical-pendulum rattle rattle 1000000 10"}

echo "machine: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) CPUs, $(java -version 2>&1 | head -1)"
"$out/roofline" peak
"$out/roofline" flops | sed 's/^/C flops per member-step: /'
median() { sort -g | awk '{a[NR] = $1} END {print (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2)}'; }
printf '| model/method | members | backend | member-steps/s (median) | ratio to C (median of rounds) |\n| --- | ---: | --- | ---: | ---: |\n'
IFS=';' read -ra list <<<"$cases"
for c in "${list[@]}"; do
  read -r model method cmodel members tend <<<"$c"
  : >"$out/c.txt"
  for b in ${backends//,/ }; do : >"$out/$b.txt"; : >"$out/$b-ratio.txt"; done
  for ((r = 0; r < repeats; r++)); do
    cspeed=$("$out/roofline" time "$cmodel" "$members" "$tend" 0.05 | sed -n 's/^member-steps\/s //p')
    echo "$cspeed" >>"$out/c.txt"
    for b in ${backends//,/ }; do
      [ "$b" = reference ] && [ "$members" -gt 10000 ] && continue
      speed=$("$root/geomech" run --model "$model" --method "$method" --members "$members" --t-end "$tend" --h 0.05 \
        --backend "$b" --json --no-plots --quiet --out "$out/run-$b" 2>/dev/null | sed -n 's/^  "member_steps_per_second" : \(.*\),$/\1/p')
      echo "$speed" >>"$out/$b.txt"
      awk -v s="$speed" -v c="$cspeed" 'BEGIN {print s / c}' >>"$out/$b-ratio.txt"
    done
  done
  printf '| %s/%s | %s | C (gcc -O3 -march=native -fopenmp) | %.3g | 1 |\n' "$model" "$method" "$members" "$(median <"$out/c.txt")"
  for b in ${backends//,/ }; do
    [ -s "$out/$b.txt" ] || continue
    printf '| %s/%s | %s | %s | %.3g | %.3f |\n' "$model" "$method" "$members" "$b" "$(median <"$out/$b.txt")" "$(median <"$out/$b-ratio.txt")"
  done
done

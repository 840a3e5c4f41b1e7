#!/usr/bin/env bash
# The speed anchor: builds benchmarks/c/roofline.c with gcc, measures the machine's fp64 peak in C,
# then runs each case on the hand-written C (the best of three runs) and on every backend
# (org.geomech.bench.Throughput: whole runs as `geomech run` makes them, h = 0.05, outputs every t_end/100 with the
# observers reduced to mean, max and msd as `run --statistics mean,max,msd` reduces them, no quantiles; ROUNDS rounds
# in one JVM: "cold" is the first run, JIT warm-up included; each later round waits
# until the JIT is idle, then makes two runs back to back: "warm" is the best of the second runs, "after idle" the best
# of the first, which start on a machine that has slept), one after the other, REPEATS times, and prints each
# backend's member-steps/s and its median ratio to the C of the same round. Best of several on both sides: on two cores, a run that shares a
# core with anything else (a C2 compile of the code generator, the OS) takes up to twice as long, and that only ever
# slows a run down.
# Usage: benchmarks/roofline.sh [backends] [repeats]   (default simd,opencl,reference and 3; the reference only to 10^4;
# "numpy" is the NumPy-style baseline of benchmarks/numpy/baseline.py, chaotic-nh only, the best of three runs in every
# column)
# CASES overrides the cases: "model/method c-model members t_end" entries separated by ';'. GEOMECH_JAVA: the java
# executable (default: the launcher's, jvm.sh: the newest JDK under /usr/lib/jvm). ROUNDS: runs per JVM (default 8).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root="$here/.."
backends=${1:-simd,opencl,reference}
repeats=${2:-3}
rounds=${ROUNDS:-8}
out=${OUT_DIR:-$here/target/roofline}
source "$root/jvm.sh"
mkdir -p "$out/classes"
# OpenMP threads sleep rather than spin between outputs (as the JVM's pool does): fair on a shared machine
export OMP_WAIT_POLICY=${OMP_WAIT_POLICY:-PASSIVE}
command -v gcc >/dev/null || { echo "roofline: gcc is not installed" >&2; exit 2; }
gcc -O3 -march=native -fno-math-errno -fopenmp "$here/c/roofline.c" -o "$out/roofline" -lm
(cd "$root" && mvn -q -B -DskipTests package)
jar="$root/target/geomech.jar"
# the chosen JDK's javac, so that the classes run on its java
javac="$(dirname "$(readlink -f "$(command -v "$java")")")/javac"
[ -x "$javac" ] || javac=javac
"$javac" -nowarn -cp "$jar" -d "$out/classes" "$here"/src/main/java/org/geomech/bench/{Throughput,BenchmarkCase,RunArguments}.java
# the implicit steps (lobatto-nh:3, lobatto-holonomic:3) against the simplified-Newton C of roofline.c at 10^5 members
cases=${CASES:-"chaotic-nh/lobatto-nh:2 chaotic 10000 20;chaotic-nh/lobatto-nh:2 chaotic 100000 20;chaotic-nh/lobatto-nh:2 chaotic 1000000 10;spherical-pendulum/rattle rattle 10000 20;spherical-pendulum/rattle rattle 1000000 10;chaotic-nh/lobatto-nh:3 lobatto3 100000 2;spherical-pendulum/lobatto-holonomic:3 holonomic3 100000 2"}

echo "machine: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) CPUs; $("$java" -version 2>&1 | head -1); $(gcc --version | head -1)"
"$out/roofline" peak
"$out/roofline" flops | sed 's/^/C flops per member-step: /'
median() { sort -g | awk '{a[NR] = $1} END {print (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2)}'; }
best() { sort -g | tail -1; }
printf '| model/method | members | backend | cold member-steps/s | ratio to C | warm member-steps/s | ratio to C | after idle | ratio to C |\n'
printf '| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |\n'
IFS=';' read -ra list <<<"$cases"
for c in "${list[@]}"; do
  read -r case cmodel members tend <<<"$c"
  rm -f "$out"/*.txt
  for ((r = 0; r < repeats; r++)); do
    cspeed=$(for k in 1 2 3; do "$out/roofline" time "$cmodel" "$members" "$tend" 0.05 | sed -n 's/^member-steps\/s //p'; done | best)
    echo "$cspeed" >>"$out/c.txt"
    for b in ${backends//,/ }; do
      [ "$b" = reference ] && [ "$members" -gt 10000 ] && continue
      if [ "$b" = numpy ]; then
        [ "$cmodel" = chaotic ] || continue
        speed=$(for k in 1 2 3; do python3 "$here/numpy/baseline.py" "$members" "$tend" 0.05 | sed -n 's/^member-steps\/s //p'; done | best)
        for k in 1 2 3; do
          echo "$speed" >>"$out/$b-$k.txt"
          awk -v s="$speed" -v c="$cspeed" 'BEGIN {print s / c}' >>"$out/$b-$k-ratio.txt"
        done
        continue
      fi
      # a JVM that dies (a rare SIGSEGV, seen here once without an hs_err file; its report now goes where jvm.sh says) is
      # reported and run once more
      for attempt in 1 2; do
        LD_PRELOAD="$signal_chaining" "$java" "@$root/jvm.options" ${crash_options[@]+"${crash_options[@]}"} ${heap_options[@]+"${heap_options[@]}"} ${jit_options[@]+"${jit_options[@]}"} -cp "$jar:$out/classes" org.geomech.bench.Throughput "$case" "$b" "$members" "$tend" "$rounds" 2>"$out/stderr.txt" >"$out/rounds.txt" && break
        echo "roofline: $case $b $members: the JVM exited with $? (attempt $attempt): $(grep -v WARNING "$out/stderr.txt" | tail -1)" >&2
        ((attempt < 2)) || exit 1
      done
      for k in 1 2 3; do
        if ((k == 1)); then speed=$(sed -n 's/^round 1 member-steps\/s //p' "$out/rounds.txt")
        elif ((k == 2)); then speed=$(awk '$1 == "idle-round" && $3 == "member-steps/s" {print $4}' "$out/rounds.txt" | best)
        else speed=$(awk '$1 == "round" && $3 == "member-steps/s" && $2 >= 2 {print $4}' "$out/rounds.txt" | best); fi
        echo "$speed" >>"$out/$b-$k.txt"
        awk -v s="$speed" -v c="$cspeed" 'BEGIN {print s / c}' >>"$out/$b-$k-ratio.txt"
      done
    done
  done
  printf '| %s | %s | C (gcc -O3 -march=native -fopenmp) | %.3g | 1 | | | | |\n' "$case" "$members" "$(median <"$out/c.txt")"
  for b in ${backends//,/ }; do
    [ -s "$out/$b-1.txt" ] || continue
    printf '| %s | %s | %s | %.3g | %.3f | %.3g | %.3f | %.3g | %.3f |\n' "$case" "$members" "$b" "$(median <"$out/$b-1.txt")" \
      "$(median <"$out/$b-1-ratio.txt")" "$(median <"$out/$b-3.txt")" "$(median <"$out/$b-3-ratio.txt")" \
      "$(median <"$out/$b-2.txt")" "$(median <"$out/$b-2-ratio.txt")"
  done
done

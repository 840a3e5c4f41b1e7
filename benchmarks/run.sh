#!/usr/bin/env bash
# Runs the JMH suite and prints the RESULTS.md table (writes JSON and logs under target/results).
# Usage: benchmarks/run.sh [backends]   (default reference,simd,opencl)
# Ensemble sizes per backend: the reference to 10^4 (at 10^6 one lobatto-nh:3 step of the ensemble takes
# minutes), simd and opencl to 10^6.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
backends=${1:-reference,simd,opencl}
out=${OUT_DIR:-$here/target/results}
mkdir -p "$out"
(cd "$here/.." && mvn -q -B install -DskipTests)
(cd "$here" && mvn -q -B package)
jar="$here/target/benchmarks.jar"
# the launcher's JVM (jvm.sh: the newest JDK under /usr/lib/jvm, or GEOMECH_JAVA)
source "$here/../jvm.sh"
java=(env LD_PRELOAD="$signal_chaining" "$java" --add-modules jdk.incubator.vector)
"${java[@]}" -jar "$jar" PeakFlops -t 1 -rf json -rff "$out/peak-1.json" >"$out/peak-1.log" 2>&1
"${java[@]}" -jar "$jar" PeakFlops -t "$(nproc)" -rf json -rff "$out/peak-all.json" >"$out/peak-all.log" 2>&1
flops=() steps=()
for b in ${backends//,/ }; do
  "${java[@]}" -cp "$jar" org.geomech.bench.FlopsReport "$b" >"$out/flops-$b.txt" 2>/dev/null
  flops+=("$out/flops-$b.txt")
  members=100,10000,1000000
  [ "$b" = reference ] && members=100,10000
  "${java[@]}" -jar "$jar" EnsembleStep -p backend="$b" -p members="$members" -wi 1 -i 3 -w 2 -r 2 \
    -rf json -rff "$out/steps-$b.json" >"$out/steps-$b.log" 2>&1
  steps+=("$out/steps-$b.json")
done
# full against simplified Newton on implicit steps: throughput, iterations and LUs per member-step
"${java[@]}" -jar "$jar" NewtonBenchmark -wi 1 -i 3 -w 2 -r 2 -rf json -rff "$out/newton.json" >"$out/newton.log" 2>&1
grep "per member-step" "$out/newton.log" || true
"${java[@]}" -cp "$jar" org.geomech.bench.ResultsTable "$out/peak-1.json" "$out/peak-all.json" "${steps[@]}" -- "${flops[@]}"
# the hand-written C anchor and every backend's ratio to it, measured in the same run (benchmarks/roofline.sh)
"$here/roofline.sh" "$backends"

#!/usr/bin/env bash
# Runs the JMH suite and prints the RESULTS.md table. Usage: benchmarks/run.sh [backends] [members]
#   backends: comma list (default reference,simd,opencl), members: comma list (default 100,10000,1000000)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
backends=${1:-reference,simd,opencl}
members=${2:-100,10000,1000000}
out=${OUT_DIR:-$here/target/results}
mkdir -p "$out"
(cd "$here/.." && mvn -q -B install -DskipTests)
(cd "$here" && mvn -q -B package)
jar="$here/target/benchmarks.jar"
java=(java --add-modules jdk.incubator.vector)
"${java[@]}" -jar "$jar" PeakFlops -t 1 -rf json -rff "$out/peak-1.json" >"$out/peak-1.log" 2>&1
"${java[@]}" -jar "$jar" PeakFlops -t "$(nproc)" -rf json -rff "$out/peak-all.json" >"$out/peak-all.log" 2>&1
flops=()
for b in ${backends//,/ }; do
  "${java[@]}" -cp "$jar" org.geomech.bench.FlopsReport "$b" >"$out/flops-$b.txt" 2>/dev/null
  flops+=("$out/flops-$b.txt")
done
"${java[@]}" -jar "$jar" EnsembleStep -p backend="$backends" -p members="$members" -rf json -rff "$out/steps.json" | tee "$out/steps.log"
"${java[@]}" -cp "$jar" org.geomech.bench.ResultsTable "$out/steps.json" "$out/peak-1.json" "$out/peak-all.json" "${flops[@]}"

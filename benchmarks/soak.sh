#!/usr/bin/env bash
# RUNS fresh `geomech run`s of 10^6 chaotic-nh members on the simd backend, on the JVM and options of the
# launcher (jvm.sh, jvm.options, the crash options), each in a new JVM, counting their exit codes and the JVM crash reports
# (hs_err) they leave. Usage: benchmarks/soak.sh [RUNS] (default 300). Prints the CPU, the JVM and one summary line.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
runs=${1:-300}
(cd "$root" && mvn -q -B -DskipTests package) >&2
jar=$(mktemp --suffix=.jar)
cp "$root/target/geomech.jar" "$jar"   # a rebuild during the soak does not change what it runs
source "$root/jvm.sh"
crashes_before=$(find "$crash_folder" -maxdepth 1 -name "hs_err_pid*.log" 2>/dev/null | wc -l)
out=$(mktemp -d)
echo "CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(nproc) cores, $(grep -o 'avx512f\|avx2' /proc/cpuinfo | sort -u | tail -1)"
echo "JVM: $("$java" -version 2>&1 | head -1)"
declare -A exits=()
start=$(date +%s)
for ((k = 0; k < runs; k++)); do
  set +e
  "$java" "@$root/jvm.options" ${crash_options[@]+"${crash_options[@]}"} ${heap_options[@]+"${heap_options[@]}"} ${jit_options[@]+"${jit_options[@]}"} -jar "$jar" run --model chaotic-nh --method lobatto-nh:2 \
    --members 1000000 --h 0.05 --t-end 0.5 --backend simd --statistics mean,max,msd --quiet --no-plots --out "$out/run-$k" >/dev/null 2>"$out/err-$k"
  code=$?
  set -e
  exits[$code]=$(( ${exits[$code]:-0} + 1 ))
  [ "$code" -eq 0 ] && rm -rf "$out/run-$k" "$out/err-$k"
done
crashes=$(( $(find "$crash_folder" -maxdepth 1 -name "hs_err_pid*.log" 2>/dev/null | wc -l) - crashes_before ))
summary=""
for code in "${!exits[@]}"; do summary+=" exit $code: ${exits[$code]};"; done
echo "$runs runs in $(( $(date +%s) - start )) s:$summary JVM crash reports: $crashes (left runs in $out)"
rm -f "$jar"

#!/usr/bin/env bash
# On the lent GPU machine (device tool, carry [".gpu"]): fresh `geomech run` starts with every cache warm, as a user's
# second run has them (the simd initial states' generated classes, the driver's OpenCL binaries): each case runs once
# untimed, then REPEATS times (default 2) alternating without and with OPTION (default -XX:+UseTransparentHugePages).
# Cases: chaotic-nh lobatto-nh:2 on the GPU at 10^6 and 10^7 members, and a one-step simd run of 10^6 members on the
# host's cores (its start: JVM, model, state, initial states). SCALE divides the member counts (a dry run here on POCL:
# SCALE=100 DEVICE=1). $OUT gets starts.log.
set -uo pipefail
out=${OUT:-/tmp/geomech-gpu}
option=${OPTION:--XX:+UseTransparentHugePages}
repeats=${REPEATS:-2}
scale=${SCALE:-1}
device=${DEVICE:-0}
mkdir -p "$out"
exec > >(tee "$out/starts.log") 2>&1
source benchmarks/gpu/nvidia-opencl.sh
jre=$PWD/.gpu/jre
# members, t_end, backend, then the JVM option or nothing
start() {
  local t0 t1 rc flags=(--backend "$3")
  [ "$3" = opencl ] && flags+=(--device "$device")
  t0=$(date +%s.%N)
  env LD_PRELOAD="$jre/lib/libjsig.so" "$jre/bin/java" ${4:-} @jvm.options -Xss1g -Xmx48g -cp .gpu/geomech.jar org.geomech.cli.Main \
    run --model chaotic-nh --method lobatto-nh:2 --h 0.05 --t-end "$2" --members "$1" "${flags[@]}" \
    --statistics mean,max,msd --json --no-plots --quiet --overwrite --out "/tmp/starts-$3-$1" > /tmp/starts.json 2> /tmp/starts.err
  rc=$?; t1=$(date +%s.%N)
  echo "$3, members $1, t_end $2, ${4:-no option}: exit $rc, wall $(awk "BEGIN{printf \"%.2f\", $t1 - $t0}") s," \
    "$(grep -hE '"(startup_seconds|stepping_seconds)"' /tmp/starts.json | tr -d ' ' | sort -u | tr -d '\n')"
}
cat /sys/kernel/mm/transparent_hugepage/enabled 2>/dev/null
for c in "$((1000000 / scale)) 50 opencl" "$((10000000 / scale)) 5 opencl" "$((1000000 / scale)) 0.05 simd"; do
  set -- $c
  start "$1" "$2" "$3" > /dev/null   # fills the caches
  for rep in $(seq "$repeats"); do
    start "$1" "$2" "$3"
    start "$1" "$2" "$3" "$option"
  done
done

#!/usr/bin/env bash
# On the lent GPU machine (device tool, carry [".gpu"]): where a fresh 10^7-member `geomech run --backend opencl` spends
# its time before the first step, by async-profiler's wall clock (its libasyncProfiler.so copied to .gpu/ beforehand, from
# Maven Central's tools.profiler:async-profiler jar, linux-x64/). $OUT gets profile.log and the collapsed stacks.
set -uo pipefail
out=${OUT:-/tmp/geomech-gpu}
mkdir -p "$out"
exec > >(tee "$out/profile.log") 2>&1
source benchmarks/gpu/nvidia-opencl.sh
jre=$PWD/.gpu/jre
run() { # name members t_end [agent options]: one run on device 0, its JSON's timings
  local name=$1 members=$2 tend=$3 agent=${4:-}
  local t0 t1
  t0=$(date +%s.%N)
  env LD_PRELOAD="$jre/lib/libjsig.so" "$jre/bin/java" ${agent:+"-agentpath:$PWD/.gpu/libasyncProfiler.so=$agent"} \
    @jvm.options -Xss1g -Xmx48g -cp .gpu/geomech.jar org.geomech.cli.Main run --model chaotic-nh --method lobatto-nh:2 --h 0.05 \
    --t-end "$tend" --members "$members" --backend opencl --device 0 --statistics mean,max,msd --json --no-plots --quiet \
    --out "/tmp/$name" > "/tmp/$name.json" 2> "/tmp/$name.err"
  local rc=$?
  t1=$(date +%s.%N)
  echo "$name: exit $rc, wall $(awk "BEGIN{printf \"%.2f\", $t1 - $t0}") s, $(grep -hE '"(startup_seconds|stepping_seconds)"' "/tmp/$name.json" | tr -d ' ' | sort -u | tr -d '\n')"
  grep -v 'incubator modules' "/tmp/$name.err" | tail -2
}
scale=${SCALE:-1}   # divides the member counts (a dry run here on POCL: SCALE=100)
run warm-up $((1000000 / scale)) 5
run plain-1e7 $((10000000 / scale)) 5
run wall-1e7 $((10000000 / scale)) 5 "start,event=wall,interval=5ms,file=$out/wall-1e7.collapsed,collapsed"
run cpu-1e7 $((10000000 / scale)) 5 "start,event=itimer,interval=2ms,file=$out/cpu-1e7.collapsed,collapsed"
nproc

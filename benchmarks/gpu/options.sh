#!/usr/bin/env bash
# On the lent GPU machine (device tool, carry [".gpu"]): a JVM option against none, fresh 10^7-member `geomech run
# --backend opencl` commands alternating without and with it (OPTION, default -XX:+UseTransparentHugePages; REPEATS, default
# 3; SCALE divides the member count for a dry run here on POCL). $OUT gets options.log.
set -uo pipefail
out=${OUT:-/tmp/geomech-gpu}
option=${OPTION:--XX:+UseTransparentHugePages}
repeats=${REPEATS:-3}
members=$((10000000 / ${SCALE:-1}))
mkdir -p "$out"
exec > >(tee "$out/options.log") 2>&1
source benchmarks/gpu/nvidia-opencl.sh
cat /sys/kernel/mm/transparent_hugepage/enabled 2>/dev/null
jre=$PWD/.gpu/jre
for rep in $(seq 0 "$repeats"); do
  for with in "" "$option"; do
    t0=$(date +%s.%N)
    env LD_PRELOAD="$jre/lib/libjsig.so" "$jre/bin/java" $with @jvm.options -Xss1g -Xmx48g -cp .gpu/geomech.jar org.geomech.cli.Main \
      run --model chaotic-nh --method lobatto-nh:2 --h 0.05 --t-end 5 --members "$members" --backend opencl --device 0 \
      --statistics mean,max,msd --json --no-plots --quiet --out "/tmp/opt-$rep-${#with}" > /tmp/opt.json 2> /tmp/opt.err
    rc=$?; t1=$(date +%s.%N)
    # round 0 only warms the driver's kernel cache
    [ "$rep" -gt 0 ] && echo "${with:-none}: exit $rc, wall $(awk "BEGIN{printf \"%.2f\", $t1 - $t0}") s, $(grep -hE '"startup_seconds"' /tmp/opt.json | tr -d ' \n')"
  done
done

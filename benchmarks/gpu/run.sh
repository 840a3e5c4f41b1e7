#!/usr/bin/env bash
# On the lent GPU machine (device tool, carry [".gpu"]): finds the NVIDIA OpenCL driver, crosschecks the methods of
# every paper on the GPU against the CPU reference and times fresh `geomech run` commands on the GPU (flops per
# member-step are counted here, by benchmarks' FlopsReport: they do not depend on the device). Each part has its own
# time limit so that what finished comes back. $OUT gets gpu.log and details.tar.gz (every command's output): the
# device tool brings back 8 files at most.
#   MATCH  the `geomech devices` line to run on (default NVIDIA; a dry run here: MATCH=Portable)
#   SCALE  divides every member count (default 1; a dry run here: SCALE=100)
set -uo pipefail
out=${OUT:-/tmp/geomech-gpu}
match=${MATCH:-NVIDIA}
scale=${SCALE:-1}
work=$(mktemp -d)
mkdir -p "$out"
exec > >(tee "$out/gpu.log") 2>&1
trap 'tar -czf "$out/details.tar.gz" -C "$work" . 2>/dev/null' EXIT
trap 'exit 124' INT TERM
start=$SECONDS
stamp() { echo "== [$((SECONDS - start)) s] $*"; }

stamp "machine"
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv 2>/dev/null || true
nproc; grep -m1 "model name" /proc/cpuinfo

stamp "OpenCL pieces"
ls /usr/local/nvidia/lib64 /usr/local/cuda/lib64 /usr/lib/x86_64-linux-gnu 2>/dev/null | grep -i opencl || true
# the machine may hold only POCL's pocl.icd: NVIDIA's driver registered beside it
source benchmarks/gpu/nvidia-opencl.sh
jre=$PWD/.gpu/jre
java=(env "LD_PRELOAD=${LD_PRELOAD:-}" "$jre/bin/java" --add-modules jdk.incubator.vector -XX:-DontCompileHugeMethods -Xss1g -Xmx48g -XX:ErrorFile="$work/hs_err_%p.log")
geomech=("${java[@]}" -cp .gpu/geomech.jar org.geomech.cli.Main)

stamp "devices"
timeout 60 "${geomech[@]}" devices 2>&1 | tee "$work/devices.txt"
dev=$(awk -v m="$match" '$0 ~ m && $1 ~ /^[0-9]+$/ {print $1; exit}' "$work/devices.txt")
[ -n "$dev" ] || { echo "no $match OpenCL device: stopping"; exit 3; }

deadline=${DEADLINE:-420} # seconds into the script after which no further crosscheck starts
crosscheck() { # name model method limit [java options...]: one crosscheck of 4096 members against the CPU reference
  local name=$1 model=$2 method=$3 limit=$4; shift 4
  if [ $((SECONDS - start)) -gt "$deadline" ]; then echo "$model $method: skipped (past ${deadline} s)"; return; fi
  local t0=$SECONDS
  timeout "$limit" "${java[@]}" "$@" -cp .gpu/geomech.jar org.geomech.cli.Main crosscheck --model "$model" --method "$method" \
    --backends opencl --device "$dev" --members 4096 --no-plots --quiet --out "$work/$name" > "$work/$name.txt" 2>&1
  local rc=$?
  echo "$model $method: exit $rc in $((SECONDS - t0)) s; $(grep -hE '^opencl|agrees|DISAGREE|handler modified|in lib' "$work/$name.txt" | head -4 | tr '\n' ' ')"
}

# The session of 2026-11-27 09:22 saw every GPU process but the shortest die of SIGSEGV with no JVM crash report: the
# signature of a native library (an OpenCL compiler's LLVM) replacing the JVM's SIGSEGV handler, on which the JVM's own
# safepoint polls and null checks rely. POCL's LLVM does it too (seen with -Xcheck:jni). libjsig.so chains the handlers.
stamp "diagnosis: chaotic-nh lobatto-nh:3 without signal chaining (the crash of 09:22?), then -Xcheck:jni (who replaced the handler)"
crosscheck diag-plain chaotic-nh lobatto-nh:3 40
crosscheck diag-xcheck chaotic-nh lobatto-nh:3 40 -Xcheck:jni
# the JVM's own (not exported: libjsig warns in every other program that calls signal(), timeout and gcc among them)
java[1]="LD_PRELOAD=$jre/lib/libjsig.so"
geomech=("${java[@]}" -cp .gpu/geomech.jar org.geomech.cli.Main)
stamp "with signal chaining (LD_PRELOAD=libjsig.so) from here on: the timed method's crosscheck"
crosscheck cc-chaotic-nh-2 chaotic-nh lobatto-nh:2 90

stamp "fresh geomech run on the GPU (whole command)"
for r in "lobatto-nh:2 1000000 50" "lobatto-nh:2 10000000 5" "lobatto-nh:2 10000000 50" "lobatto-nh:3 1000000 5" \
         "lobatto-nh:2 100000 500"; do
  set -- $r
  members=$(($2 / scale)) name="run-${1//:/-}-$2-$3"
  t0=$(date +%s.%N)
  timeout 120 "${geomech[@]}" run --model chaotic-nh --method "$1" --h 0.05 --t-end "$3" --members "$members" --backend opencl \
    --device "$dev" --statistics mean,max,msd --json --no-plots --quiet --out "$work/$name" > "$work/$name.json" 2> "$work/$name.err"
  rc=$?; t1=$(date +%s.%N)
  echo "chaotic-nh $1 members $members t_end $3: exit $rc, wall $(awk "BEGIN{printf \"%.2f\", $t1 - $t0}") s," \
    "$(grep -hE '"(backend|member_steps|stepping_seconds|member_steps_per_second|wall_seconds|startup_seconds|count)"' "$work/$name.json" | tr -d ' ' | sort -u | tr -d '\n')"
  grep -v -e 'incubator modules' -e 'signal chaining was deprecated' "$work/$name.err" | tail -2
done

stamp "crosscheck of every paper's methods against the CPU reference (4096 members, 100 steps, 1e-12)"
# model, method and time limit in seconds (NVIDIA's compiler took over 60 s on vi:rk4's kernel); CROSSCHECKS: a subset
IFS=';' read -ra cases <<< "${CROSSCHECKS:-planar-pendulum rattle 60;nh-particle lobatto-nh:2 60;chaotic-nh lobatto-nh:3 60;spherical-pendulum lobatto-holonomic:3 60;turntable-ball lobatto-lie-nh:3 60;dipole-on-stick vrkmk:gauss2,2 60;tethered-satellites hbvm:2,2 60;double-pendulum vi:rk4 240}"
for c in "${cases[@]}"; do
  set -- $c
  crosscheck "cc-$1" "$1" "$2" "$3"
done

stamp "the host's CPU: simd (fresh run, whole command) against the C roofline, alternating, 10^6 members x 1e9 member-steps"
if command -v gcc >/dev/null && gcc -O3 -march=native -fno-math-errno -fopenmp benchmarks/c/roofline.c -o "$work/roofline" -lm; then
  if grep -q -m1 avx512f /proc/cpuinfo; then echo "AVX-512 (8 doubles a vector)"; else echo "AVX2 or less (4 doubles a vector)"; fi
  for rep in 1 2; do
    t0=$(date +%s.%N); "$work/roofline" time chaotic $((1000000 / scale)) 50 0.05 > "$work/c-$rep.txt"; t1=$(date +%s.%N)
    echo "C: wall $(awk "BEGIN{printf \"%.2f\", $t1 - $t0}") s, $(tr '\n' ' ' < "$work/c-$rep.txt")"
    t0=$(date +%s.%N)
    timeout 120 "${java[@]}" @jvm.options -cp .gpu/geomech.jar org.geomech.cli.Main run --model chaotic-nh --method lobatto-nh:2 \
      --h 0.05 --t-end 50 --members $((1000000 / scale)) --backend simd --statistics mean,max,msd --json --no-plots --quiet \
      --out "$work/simd-$rep" > "$work/simd-$rep.json" 2> "$work/simd-$rep.err"
    rc=$?; t1=$(date +%s.%N)
    echo "simd: exit $rc, wall $(awk "BEGIN{printf \"%.2f\", $t1 - $t0}") s," \
      "$(grep -hE '"(backend|member_steps_per_second|stepping_seconds|startup_seconds)"' "$work/simd-$rep.json" | tr -d ' ' | sort -u | tr -d '\n')"
  done
else
  echo "no gcc here: the host comparison is left out"
fi

stamp "the host's CPU: initial states of chaotic-nh (the run's default draws, sigma 0.001), simd, 10^7 members, three fills in one JVM (round 0: a fresh JVM's)"
timeout 150 "${java[@]}" @jvm.options -cp .gpu/geomech.jar:.gpu/bench org.geomech.bench.InitialStatesRate $((10000000 / scale)) 3 chaotic-nh lobatto-nh:2 simd 0.001 2>&1 \
  | grep -v -e 'incubator modules' -e 'signal chaining was deprecated'

stamp "done"

#!/usr/bin/env bash
# On the lent GPU machine (device tool, carry [".gpu"]): finds the NVIDIA OpenCL driver, crosschecks the methods of
# every paper on the GPU against the CPU reference and times fresh `geomech run`
# commands on the GPU (flops per member-step are counted here, by benchmarks' FlopsReport: they do not depend on the device). Each part has its own time limit so that what
# finished comes back. Results go to $OUT (the device tool brings them back).
set -uo pipefail
out=${OUT:-/tmp/geomech-gpu}
mkdir -p "$out"
exec > >(tee "$out/gpu.log") 2>&1
start=$SECONDS
stamp() { echo "== [$((SECONDS - start)) s] $*"; }

stamp "machine"
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv || true
python3 -c 'import torch; p = torch.cuda.get_device_properties(0); print("SMs", p.multi_processor_count)' 2>/dev/null || true
nproc; grep -m1 "model name" /proc/cpuinfo

stamp "OpenCL pieces"
ls /usr/local/nvidia/lib64 /usr/local/cuda/lib64 /usr/lib/x86_64-linux-gnu 2>/dev/null | grep -i opencl || true
# the machine may hold only POCL's pocl.icd: register NVIDIA's driver beside it
mkdir -p /etc/OpenCL/vendors
grep -qs nvidia /etc/OpenCL/vendors/* || echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=/usr/lib/x86_64-linux-gnu:/usr/local/nvidia/lib64:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
# NVIDIA's OpenCL compiler runs on the calling thread and crashes on a small stack
ulimit -s unlimited
java=(.gpu/jre/bin/java --add-modules jdk.incubator.vector -XX:-DontCompileHugeMethods -Xss1g -Xmx48g -XX:ErrorFile="$out/hs_err_%p.log")
geomech=("${java[@]}" -cp .gpu/geomech.jar org.geomech.cli.Main)

stamp "devices"
timeout 60 "${geomech[@]}" devices 2>&1 | tee "$out/devices.txt"
dev=$(awk '/NVIDIA/ {print $1; exit}' "$out/devices.txt")
[ -n "$dev" ] || { echo "no NVIDIA OpenCL device: stopping"; exit 3; }

stamp "crosscheck against the CPU reference (4096 members, 100 steps, 1e-12)"
for c in "planar-pendulum rattle" "nh-particle lobatto-nh:2" "chaotic-nh lobatto-nh:3" "spherical-pendulum lobatto-holonomic:3" \
         "tethered-satellites hbvm:2,2" "double-pendulum vi:rk4" "turntable-ball lobatto-lie-nh:3" "dipole-on-stick vrkmk:gauss2,2"; do
  set -- $c
  timeout 60 "${geomech[@]}" crosscheck --model "$1" --method "$2" --backends opencl --device "$dev" --members 4096 --no-plots --quiet \
    --out "$out/cc-$1" > "$out/cc-$1.txt" 2>&1
  echo "$1 $2: exit $?, $(grep -hE '^opencl|agrees|DISAGREE' "$out/cc-$1.txt" | tr '\n' ' ')"
done

stamp "fresh geomech run on the GPU (whole command)"
for r in "lobatto-nh:2 1000000 50" "lobatto-nh:2 10000000 5" "lobatto-nh:3 1000000 5" "lobatto-nh:2 100000 500"; do
  set -- $r
  t0=$(date +%s.%N)
  timeout 150 "${geomech[@]}" run --model chaotic-nh --method "$1" --h 0.05 --t-end "$3" --members "$2" --backend opencl --device "$dev" \
    --statistics mean,max,msd --json --no-plots --quiet --out "$out/run-${1//:/-}-$2" > "$out/run-${1//:/-}-$2.json" 2> "$out/run-${1//:/-}-$2.err"
  rc=$?; t1=$(date +%s.%N)
  echo "chaotic-nh $1 members $2 t_end $3: exit $rc, wall $(awk "BEGIN{printf \"%.2f\", $t1 - $t0}") s," \
    "$(grep -hE '"(member_steps|stepping_seconds|member_steps_per_second|failed)"' "$out/run-${1//:/-}-$2.json" | tr -d ' \n')"
  tail -2 "$out/run-${1//:/-}-$2.err"
done

stamp "done"

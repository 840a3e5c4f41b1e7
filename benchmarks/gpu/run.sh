#!/usr/bin/env bash
# On the lent GPU machine (device tool, carry [".gpu"]): finds the NVIDIA OpenCL driver, then runs the
# crosscheck of every spine method against the CPU reference and the ensemble-step benchmark on the GPU.
# Results go to $OUT (the device tool brings them back).
set -uo pipefail
out=${OUT:-/tmp/geomech-gpu}
mkdir -p "$out"
log="$out/gpu.log"
exec > >(tee "$log") 2>&1
echo "== machine"; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv || true
echo "== OpenCL pieces"
ls /usr/local/nvidia/lib64 /usr/local/cuda/lib64 /usr/lib/x86_64-linux-gnu 2>/dev/null | grep -i opencl || true
mkdir -p /etc/OpenCL/vendors
[ -n "$(ls /etc/OpenCL/vendors 2>/dev/null)" ] || echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
lib=$(find / -name 'libOpenCL.so*' -not -path '*/proc/*' 2>/dev/null | head -1)
mkdir -p /tmp/ocl && [ -n "$lib" ] && ln -sf "$lib" /tmp/ocl/libOpenCL.so
export LD_LIBRARY_PATH=/tmp/ocl:/usr/local/nvidia/lib64:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
java=(.gpu/jre/bin/java --add-modules jdk.incubator.vector -Xss16m -Djava.library.path=/tmp/ocl)
geomech=("${java[@]}" -cp .gpu/benchmarks.jar org.geomech.cli.Main)
echo "== devices"; "${geomech[@]}" devices
echo "== crosscheck against the CPU reference"
for case in "nh-particle lobatto-nh:2" "nh-particle lobatto-nh:3" "nh-particle lobatto-nh:4" "cvt lobatto-nh:3" \
            "planar-pendulum rattle" "planar-pendulum lobatto-holonomic:3" "spherical-pendulum rattle" \
            "spherical-pendulum lobatto-holonomic:2" "chaotic-nh lobatto-nh:3"; do
  set -- $case
  "${geomech[@]}" crosscheck --model "$1" --method "$2" --backends opencl --members 4096 --no-plots --quiet --out "$out/cc-$1-$2" | grep -E "^opencl|agrees|DISAGREE"
done
echo "== benchmark (opencl on the GPU)"
"${java[@]}" -jar .gpu/benchmarks.jar EnsembleStep -p backend=opencl -p members=10000,1000000,10000000 -wi 2 -i 3 \
  -rf json -rff "$out/steps-gpu.json" | tail -20

# Sourced by run.sh, profile.sh and options.sh: NVIDIA's OpenCL beside POCL's, on the GPU machine only (where nvidia-smi
# is; README.md says what that machine holds), the loader's folders on LD_LIBRARY_PATH, and the deep stack NVIDIA's OpenCL
# compiler needs on the calling thread.
if command -v nvidia-smi >/dev/null; then
  mkdir -p /etc/OpenCL/vendors
  grep -qs nvidia /etc/OpenCL/vendors/* || echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
fi
export LD_LIBRARY_PATH=/usr/lib/x86_64-linux-gnu:/usr/local/nvidia/lib64:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
ulimit -s unlimited

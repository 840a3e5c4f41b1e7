#!/usr/bin/env bash
# Here (no GPU needed): builds the jar and a small Java runtime into .gpu/ (git-ignored, about 50 MB of the device tool's
# 64 MiB) for the lent GPU machine, which has no Java (../shared/GPU.md); no java.desktop: the GPU run uses --no-plots;
# jdk.compiler and jdk.zipfs for the simd backend's kernels (javac reads geomech's classes from the jar), which run.sh
# times on the host's cores against the C roofline; the benchmarks' InitialStatesRate (a warm diagnostic of the initial
# states on the host's cores) compiled into .gpu/bench. Then call the device tool's run with carry [".gpu"] and
#   bash benchmarks/gpu/run.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
mvn -q -B -DskipTests package
rm -rf .gpu && mkdir -p .gpu
jlink --add-modules java.base,jdk.incubator.vector,java.logging,jdk.unsupported,java.xml,java.management,java.compiler,jdk.compiler,jdk.zipfs \
  --strip-debug --strip-native-debug-symbols=exclude-debuginfo-files --no-man-pages --no-header-files --compress=2 --output .gpu/jre
cp target/geomech.jar .gpu/
javac -d .gpu/bench -cp target/geomech.jar benchmarks/src/main/java/org/geomech/bench/InitialStatesRate.java
du -sh .gpu

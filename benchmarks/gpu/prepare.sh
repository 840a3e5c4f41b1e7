#!/usr/bin/env bash
# Here (no GPU needed): builds the jar and a small Java runtime into .gpu/ (git-ignored) for the lent GPU machine,
# which has no Java (../shared/GPU.md); no java.desktop or jdk.compiler: the GPU run uses opencl, no plots. Then call the device tool's run with carry [".gpu"] and
#   bash benchmarks/gpu/run.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
mvn -q -B -DskipTests package
(cd benchmarks && mvn -q -B install -f ../pom.xml -DskipTests >/dev/null && mvn -q -B package)
rm -rf .gpu && mkdir -p .gpu
jlink --add-modules java.base,jdk.incubator.vector,java.logging,jdk.unsupported,java.xml,java.management \
  --strip-debug --strip-native-debug-symbols=exclude-debuginfo-files --no-man-pages --no-header-files --compress=2 --output .gpu/jre
cp benchmarks/target/benchmarks.jar .gpu/    # holds geomech, its dependencies and JMH
du -sh .gpu

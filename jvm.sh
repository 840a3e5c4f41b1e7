# The JVM of every geomech run, sourced by the launcher (./geomech) and by benchmarks/roofline.sh, so that the
# benchmarks run the JVM users get: sets java to $GEOMECH_JAVA (a java executable) if set, else to the newest JDK (17
# or later, with javac) under /usr/lib/jvm, else to java on the PATH; major to its feature version (0 if unknown) and
# jdk_version to its full version (empty if unknown).
# The newest matters: from JDK 25 on the simd backend takes an explicit step through many outputs in one kernel call
# (SimdBackend.SPAN_CALLS). Measured in fresh runs with the launcher's archive and kernel warm-up (AMD EPYC Zen 4, AVX-512,
# a loaded machine, CPU time of the whole command): JDK 25 2.9 s against JDK 17's 3.4 s at 10^4 members x 2e8 member-steps
# of lobatto-nh:2 on chaotic-nh, both 6.4-7.6 s at 10^5 x 1e9.
java=${GEOMECH_JAVA:-}
major=0
if [ -z "$java" ]; then
  for release in /usr/lib/jvm/*/release; do
    [ -f "$release" ] || continue
    home=$(dirname "$release")
    version=$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$release")
    if [ -n "$version" ] && [ "$version" -ge 17 ] && [ "$version" -gt "$major" ] && [ -x "$home/bin/javac" ] && [ -x "$home/bin/java" ]; then
      major=$version
      java="$home/bin/java"
    fi
  done
  java=${java:-java}
fi
# the chosen JDK's full version (17.0.15): jdk_version, empty if unknown
jdk_version=
release="$(dirname "$(dirname "$(readlink -f "$(command -v "$java")" 2>/dev/null || printf '%s' "$java")")")/release"
if [ -f "$release" ]; then
  jdk_version=$(sed -n 's/^JAVA_VERSION="\([0-9._]*\)".*/\1/p' "$release")
  if [ "$major" -eq 0 ]; then major=$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$release"); fi
fi
# Where a JVM that crashes leaves its evidence: its report hs_err_pid<pid>.log, and replay_pid<pid>.log
# where the JIT compiler crashed, in ${XDG_CACHE_HOME:-~/.cache}/geomech/crash/ (the JVM prints the path on stderr); without a
# writable cache folder, the JVM's default: the current folder, else /tmp.
crash_folder="${XDG_CACHE_HOME:-$HOME/.cache}/geomech/crash"
crash_options=()
if mkdir -p "$crash_folder" 2>/dev/null && [ -w "$crash_folder" ]; then
  crash_options=("-XX:ErrorFile=$crash_folder/hs_err_pid%p.log" "-XX:ReplayDataFile=$crash_folder/replay_pid%p.log")
fi

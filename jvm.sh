# The JVM of every geomech run, sourced by the launcher (./geomech) and by benchmarks/roofline.sh, so that the
# benchmarks run the JVM users get: sets java to $GEOMECH_JAVA (a java executable) if set, else to the newest JDK (17
# or later, with javac) under /usr/lib/jvm, else to java on the PATH; java_home to its JDK's folder; major to its
# feature version (0 if unknown); jdk_version to its full version (empty if unknown); signal_chaining to the LD_PRELOAD
# its JVM needs (below).
# The newest matters: from JDK 25 on the simd backend takes an explicit step through many outputs in one kernel call
# (SimdBackend.SPAN_CALLS). Measured by benchmarks/fresh.sh (AMD EPYC Zen 4, AVX-512, a quiet machine, the whole command,
# two samples; benchmarks/RESULTS.md): at 10^4 members x 2e8 member-steps of lobatto-nh:2 on chaotic-nh JDK 25 takes
# 1.21-1.32 s against JDK 17's 1.44-1.60 s, at 10^5 x 1e9 2.63-3.04 s against 2.78-3.20 s. On an AMD EPYC Zen 5 (AVX-512,
# a loaded machine, 3 pairs each): 1.82 against 1.95 s, 2.88 against 2.96 s, and 4.19 against 4.63 s at 10^6 x 1e9.
# Not measured on AVX2 here.
# read_release_version FILE: JAVA_VERSION="17.0.15" of a JDK's release file into release_version, with bash alone (no forks)
read_release_version() {
  local line
  release_version=
  [ -f "$1" ] || return 0
  while IFS= read -r line || [ -n "$line" ]; do
    case $line in JAVA_VERSION=\"*) line=${line#JAVA_VERSION=\"}; release_version=${line%%\"*}; return 0;; esac
  done < "$1"
}
java=${GEOMECH_JAVA:-}
java_home=
major=0
jdk_version=
if [ -z "$java" ]; then
  for release in /usr/lib/jvm/*/release; do
    home=${release%/release}
    read_release_version "$release"
    version=${release_version%%[!0-9]*}
    if [ -n "$version" ] && [ "$version" -ge 17 ] && [ "$version" -gt "$major" ] && [ -x "$home/bin/javac" ] && [ -x "$home/bin/java" ]; then
      major=$version
      java="$home/bin/java"
      java_home=$home
      jdk_version=$release_version
    fi
  done
fi
# the chosen JDK's full version (17.0.15): jdk_version, empty if unknown (a java given or on the PATH: from its release file)
if [ -z "$jdk_version" ]; then
  java=${java:-java}
  java_home=$(dirname "$(dirname "$(readlink -f "$(command -v "$java")" 2>/dev/null || printf '%s' "$java")")")
  read_release_version "$java_home/release"
  jdk_version=$release_version
  if [ "$major" -eq 0 ]; then major=${jdk_version%%[!0-9]*}; major=${major:-0}; fi
fi
# Where a JVM that crashes leaves its evidence: its report hs_err_pid<pid>.log, and replay_pid<pid>.log
# where the JIT compiler crashed, in ${XDG_CACHE_HOME:-~/.cache}/geomech/crash/ (the JVM prints the path on stderr); without a
# writable cache folder, the JVM's default: the current folder, else /tmp.
crash_folder="${XDG_CACHE_HOME:-$HOME/.cache}/geomech/crash"
crash_options=()
if { [ -d "$crash_folder" ] || mkdir -p "$crash_folder" 2>/dev/null; } && [ -w "$crash_folder" ]; then
  crash_options=("-XX:ErrorFile=$crash_folder/hs_err_pid%p.log" "-XX:ReplayDataFile=$crash_folder/replay_pid%p.log")
fi
# C2 kept off the Vector API's own methods (jvm.directives, beside this file): a fresh run's step kernel runs in the slow
# tiers for a few hundred warm-up calls, whose calls of the Vector API's Java fallbacks made 61 of them hot enough for
# C2 (jvm.options has them profiled early, for the kernel's sake), and those compilations, which no run uses once the
# kernel's own C2 code is in place, held up the kernel's on 2 cores. Without them (JDK 25, AMD EPYC Zen 5, alternating
# fresh runs of lobatto-nh:2 on chaotic-nh; benchmarks/RESULTS.md): the whole command at 10^4 members x 2e8 member-steps
# 1.16-1.25 s against 1.31-1.40 s, at 10^5 x 1e9 2.26-2.40 s against 2.37-2.54 s, at 10^6 x 1e9 3.03-3.06 s against
# 3.17-3.32 s. The directives file needs -XX:+UnlockDiagnosticVMOptions, and the JVM reports loading it ("1 compiler
# directives added") on its own output, which -XX:+DisplayVMOutputToStderr sends to stderr, away from a command's
# results. jit_options: those options, empty where the file is missing.
case ${BASH_SOURCE[0]} in */*) jvm_folder=${BASH_SOURCE[0]%/*} ;; *) jvm_folder=$PWD ;; esac
[[ $jvm_folder == /* ]] || jvm_folder=$PWD/$jvm_folder
jit_options=()
if [ -f "$jvm_folder/jvm.directives" ]; then
  jit_options=(-XX:+UnlockDiagnosticVMOptions "-XX:CompilerDirectivesFile=$jvm_folder/jvm.directives" -XX:+DisplayVMOutputToStderr)
fi
# Transparent huge pages for the heap, where the kernel offers them (its setting, FILE, says [always] or [madvise]): a
# fresh JVM touches each page of the state and the young generation for the first time, and with 4 KiB pages each was a
# page fault (10^6 members of chaotic-nh, a 184 MB state: 0.6 s of CPU in the allocation alone). With 2 MiB pages the
# start of a one-step run of 10^6 members took 1.13-1.44 s against 1.80 s, and of 10^5 members x 1e9 member-steps
# 0.78-0.95 s against 0.89-1.10 s (JDK 25, AMD EPYC Zen 5, alternating; benchmarks/RESULTS.md). Where the kernel has
# none (never, or no such file) the option is left out: the JVM would print a warning on stdout. heap_options_for FILE
# sets heap_options to the options for that setting.
heap_options_for() {
  local setting=
  heap_options=()
  [ -r "$1" ] && read -r setting < "$1"
  case $setting in *"[always]"*|*"[madvise]"*) heap_options=(-XX:+UseTransparentHugePages) ;; esac
  return 0
}
heap_options_for /sys/kernel/mm/transparent_hugepage/enabled
# Signal chaining: OpenCL compilers built on LLVM (POCL's, NVIDIA's) install their own SIGSEGV, SIGBUS and SIGFPE
# handlers over the JVM's, which the JVM's safepoint polls and implicit null checks rely on; the next such signal then
# kills the JVM without a crash report (JDK 17 with POCL: crosscheck --model chaotic-nh --method lobatto-nh:3 --backends
# opencl died so every time; the H100 of 2026-11-27 likewise). The JDK's libjsig.so, preloaded, keeps the JVM's handlers
# first and chains the others behind them: signal_chaining is LD_PRELOAD's value with it (empty where the JDK has none).
signal_chaining=
if [ -f "$java_home/lib/libjsig.so" ]; then signal_chaining="$java_home/lib/libjsig.so${LD_PRELOAD:+:$LD_PRELOAD}"; fi

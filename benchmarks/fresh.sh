#!/usr/bin/env bash
# The headline speed figure: what a user gets from one fresh `./geomech run` (a new JVM, the whole command, kernels
# cached as after a first run), paired and alternating with the hand-written C of benchmarks/c/roofline.c on the same
# case. For each case, backend and JDK, REPEATS pairs; each pair runs C, then geomech; reported: the median member-steps/s
# while stepping (geomech's summary.json, C's own count) and the median whole wall time (process start to exit), both as
# ratios to C's of the same pair. Prints the CPU model, its vector width and its measured fp64 peak (roofline peak, the best of 5: FMA
# chains on all threads) first; every row also has geomech's flops per member-step (describe's parts of the step times
# the run's Newton iterations and Jacobian factorisations, from summary.json), its Gflop/s while stepping and their
# fraction of that peak (and C's, at geomech's flops for the same step), and the Newton solves per member-step of C and
# of geomech.
# Usage: benchmarks/fresh.sh [repeats]   (default 3)
# CASES overrides the cases: entries "members t_end method [model [backends [h]]]" separated by ';'; model default
# chaotic-nh, backends (comma-separated, one row each, e.g. simd,opencl) default $BACKEND or auto (the command without
# --backend, as a user runs it; the row names the backend it chose), h default 0.05. The
# C program for a case: chaotic-nh lobatto-nh:2 -> chaotic, chaotic-nh lobatto-nh:3 -> lobatto3, spherical-pendulum
# rattle -> rattle, spherical-pendulum lobatto-holonomic:3 -> holonomic3; any other case runs geomech alone (the C
# columns "-"); a case with C needs t_end / h a multiple of 100 (C makes 100 outputs of equal steps). Examples:
#   CASES="100000 50 lobatto-nh:3;100000 50 lobatto-holonomic:3 spherical-pendulum"                  the implicit ones
#   CASES="100000 5 lobatto-lie-nh:3 turntable-ball;100000 5 vrkmk:gauss2,2 dipole-on-stick"          the Lie group ones
#   CASES="10000 1000 lobatto-nh:2 chaotic-nh simd,opencl"                                            simd beside POCL
# JDKS: the java executables to compare, separated by spaces (default: every JDK 17 or later under /usr/lib/jvm with
# javac). The opencl backend needs an OpenCL platform (POCL on the CPU): set POCL_CACHE_DIR to a folder of your own.
# Runs pass --statistics mean,max,msd (the backend's reductions alone, as the C loop reduces; run's default also keeps
# q5, q50, q95, a sort or sketch per output), so that a run pays for nothing else.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root="$here/.."
repeats=${1:-3}
out=${OUT_DIR:-$here/target/fresh}
mkdir -p "$out"
command -v gcc >/dev/null || { echo "fresh: gcc is not installed" >&2; exit 2; }
gcc -O3 -march=native -fno-math-errno -fopenmp "$here/c/roofline.c" -o "$out/roofline" -lm
export OMP_WAIT_POLICY=${OMP_WAIT_POLICY:-PASSIVE}
cases=${CASES:-"10000 1000 lobatto-nh:2;100000 500 lobatto-nh:2;1000000 50 lobatto-nh:2;100000 50 lobatto-nh:2"}
jdks=${JDKS:-$(for r in /usr/lib/jvm/*/release; do h=$(dirname "$r"); v=$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$r");
  [ -n "$v" ] && [ "$v" -ge 17 ] && [ -x "$h/bin/javac" ] && readlink -f "$h/bin/java"; done | sort -u | tr '\n' ' ')}

# the C program of a model and method, or "-" where there is none
c_program() {
  case "$1 $2" in
    "chaotic-nh lobatto-nh:2") echo chaotic ;;
    "chaotic-nh lobatto-nh:3") echo lobatto3 ;;
    "spherical-pendulum rattle") echo rattle ;;
    "spherical-pendulum lobatto-holonomic:3") echo holonomic3 ;;
    *) echo - ;;
  esac
}

# the best of five measurements: another tenant's load on a shared host lowers a single one (it once halved it, and
# a run's Gflop/s came out at 1.48 of that "peak")
for k in 1 2 3 4 5; do "$out/roofline" peak; done >"$out/peak-all.txt"
best=$(sed -n 's/^peak-all Gflop\/s \([0-9.eE+-]*\).*/\1/p' "$out/peak-all.txt" | sort -g | tail -1)
grep -m1 -B1 -A1 "^peak-all Gflop/s $best" "$out/peak-all.txt" >"$out/peak.txt"
peak=$(sed -n 's/^peak-all Gflop\/s \([0-9.eE+-]*\).*/\1/p' "$out/peak.txt")
vector=$(sed -n 's/^vector-width \([0-9]*\).*/\1/p' "$out/peak.txt")
width=$(grep -qw avx512f /proc/cpuinfo && echo "AVX-512, 8 doubles a vector" || (grep -qw avx2 /proc/cpuinfo && echo "AVX2, 4 doubles a vector" || echo "no AVX2"))
echo "machine: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) CPUs, $width; $(gcc --version | head -1); load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "fp64 peak: $peak Gflop/s on $(nproc) threads, the best of 5 (FMA chains on $vector-double vectors; one thread: $(sed -n 's/^peak-1 Gflop\/s //p' "$out/peak.txt") Gflop/s)"
# the launcher builds the jar on first use; build it now, and run every case once per JDK so that kernels are cached
(cd "$root" && ./geomech list >/dev/null 2>&1) || { echo "fresh: ./geomech does not start" >&2; exit 1; }
now() { date +%s.%N; }
median() { sort -g | awk '{a[NR] = $1} END {if (NR == 0) print "-"; else print (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2)}'; }
# a number of summary.json (its first occurrence: the whole run's)
field() { sed -n "s/.*\"$1\" : \\([0-9.eE+-]*\\).*/\\1/p" "$2" | head -1; }
printf '| members | member-steps | method | JDK | C member-steps/s | C wall s | geomech member-steps/s | ratio to C | geomech wall s | wall / C wall'
printf ' | backend | flops / member-step | Gflop/s | of peak: geomech, C | Newton solves / member-step C, geomech |\n'
printf '| ---: | ---: | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: |\n'
IFS=';' read -ra list <<<"$cases"
for c in "${list[@]}"; do
  read -r members tend method model backends h <<<"$c"
  model=${model:-chaotic-nh} backends=${backends:-${BACKEND:-auto}} h=${h:-0.05}
  program=$(c_program "$model" "$method")
  steps=$(awk -v t="$tend" -v h="$h" 'BEGIN {printf "%d", t / h + 0.5}')
  # the C program makes 100 outputs of steps / 100 steps each (at least one): the same steps as geomech only when 100 divides them
  if [ "$program" != - ] && [ $((steps % 100)) -ne 0 ]; then
    echo "fresh: case '$c' has $steps steps; a case timed against C needs a multiple of 100 (t_end / h)" >&2; exit 2
  fi
  shown=$method
  [ "$model" = chaotic-nh ] || shown="$method on $model"
  # flops of the step's parts (describe): "G per member-step" for a straight-line step, else G + F x J + I x R
  (cd "$root" && ./geomech describe --model "$model" "$method" 2>/dev/null) >"$out/describe.txt" \
    || { echo "fresh: geomech describe --model $model $method failed" >&2; exit 1; }
  parts=$(sed -n 's/.*a member-step: \([0-9]*\) + factorisations x \([0-9]*\) + iterations x \([0-9]*\).*/\1 \2 \3/p' "$out/describe.txt")
  [ -n "$parts" ] || parts="$(sed -n 's/^  flops: *\([0-9]*\) per member-step.*/\1/p' "$out/describe.txt") 0 0"
  IFS=',' read -ra backendList <<<"$backends"
  for backend in "${backendList[@]}"; do
    for j in $jdks; do
      version=$("$j" -version 2>&1 | head -1 | sed 's/.*version "\([^"]*\)".*/\1/')
      chosen=(--backend "$backend")
      [ "$backend" = auto ] && chosen=()
      run=(env GEOMECH_JAVA="$j" "$root/geomech" run --model "$model" --method "$method" --h "$h" --t-end "$tend" --members "$members"
           ${chosen[@]+"${chosen[@]}"} --statistics mean,max,msd --json --no-plots --quiet --overwrite --out "$out/run")
      "${run[@]}" >/dev/null 2>"$out/err.txt" || { echo "fresh: geomech failed: $(tail -1 "$out/err.txt")" >&2; exit 1; }
      rm -f "$out"/pair-*.txt
      touch "$out/pair-c-speed.txt" "$out/pair-c-wall.txt" "$out/pair-c-solves.txt"
      for ((r = 0; r < repeats; r++)); do
        if [ "$program" != - ]; then
          t0=$(now); "$out/roofline" time "$program" "$members" "$tend" "$h" >"$out/c.txt"; t1=$(now)
          sed -n 's/^member-steps\/s //p' "$out/c.txt" >>"$out/pair-c-speed.txt"
          sed -n 's/^newton-solves\/member-step //p' "$out/c.txt" >>"$out/pair-c-solves.txt"
          awk -v a="$t0" -v b="$t1" 'BEGIN {print b - a}' >>"$out/pair-c-wall.txt"
        fi
        t0=$(now); "${run[@]}" >"$out/g.json" 2>"$out/err.txt" || { echo "fresh: geomech failed: $(tail -1 "$out/err.txt")" >&2; exit 1; }; t1=$(now)
        awk -v a="$t0" -v b="$t1" 'BEGIN {print b - a}' >>"$out/pair-g-wall.txt"
        field member_steps_per_second "$out/g.json" >>"$out/pair-g-speed.txt"
        # flops per member-step of this run: G + (factorisations x J + iterations x R) / member-steps
        awk -v p="$parts" -v m="$(field member_steps "$out/g.json")" -v i="$(field newton_iterations "$out/g.json")" \
            -v f="$(field jacobian_factorisations "$out/g.json")" \
            'BEGIN {split(p, a, " "); print a[1] + ((f == "" ? 0 : f) * a[2] + (i == "" ? 0 : i) * a[3]) / m; print (i == "" ? 0 : i) / m > "/dev/stderr"}' \
            >>"$out/pair-g-flops.txt" 2>>"$out/pair-g-solves.txt"
      done
      # the backend the runs took: auto's choice as summary.json names it (its last "backend", e.g. "simd on this CPU")
      ran=$backend
      [ "$backend" = auto ] && ran="auto: $(sed -n 's/.*"backend" : "\([^" ]*\).*/\1/p' "$out/g.json" | tail -1)"
      paste "$out/pair-g-speed.txt" "$out/pair-g-flops.txt" | awk '{print $1 * $2 * 1e-9}' >"$out/pair-g-gflops.txt"
      gflops=$(median <"$out/pair-g-gflops.txt")
      if [ "$program" != - ]; then
        paste "$out/pair-g-speed.txt" "$out/pair-c-speed.txt" | awk '{print $1 / $2}' >"$out/pair-speed-ratio.txt"
        paste "$out/pair-g-wall.txt" "$out/pair-c-wall.txt" | awk '{print $1 / $2}' >"$out/pair-wall-ratio.txt"
        cspeed=$(printf '%.3g' "$(median <"$out/pair-c-speed.txt")") cwall=$(printf '%.2f' "$(median <"$out/pair-c-wall.txt")")
        ratio=$(printf '%.2f' "$(median <"$out/pair-speed-ratio.txt")") wallratio=$(printf '%.2f' "$(median <"$out/pair-wall-ratio.txt")")
        csolves=$(median <"$out/pair-c-solves.txt")
        # C's fraction of the peak at geomech's flops for the same step
        cpeak=$(awk -v c="$(median <"$out/pair-c-speed.txt")" -v f="$(median <"$out/pair-g-flops.txt")" -v p="$peak" 'BEGIN {printf "%.3f", c * f * 1e-9 / p}')
      else
        cspeed=- cwall=- ratio=- wallratio=- csolves=- cpeak=-
      fi
      [ "$csolves" = - ] || csolves=$(printf '%.2f' "$csolves")
      printf '| %s | %.0e | %s | %s | %s | %s | %.3g | %s | %.2f | %s | %s | %.0f | %.3g | %.3f, %s | %s, %.2f |\n' "$members" "$((members * steps))" \
        "$shown" "$version" "$cspeed" "$cwall" "$(median <"$out/pair-g-speed.txt")" "$ratio" "$(median <"$out/pair-g-wall.txt")" "$wallratio" \
        "$ran" "$(median <"$out/pair-g-flops.txt")" "$gflops" "$(awk -v g="$gflops" -v p="$peak" 'BEGIN {print g / p}')" "$cpeak" \
        "$csolves" "$(median <"$out/pair-g-solves.txt")"
    done
  done
done

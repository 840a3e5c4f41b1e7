package org.geomech.bench;

import org.geomech.backend.Backend;
import org.geomech.engine.EnsembleRun;
import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.TimeGrid;

import java.lang.management.ManagementFactory;

/**
 * Member-steps per second of whole runs as `geomech run` makes them (h = 0.05, outputs every t_end/100, the
 * standard observers reduced at each output), repeated in one JVM. Usage: Throughput MODEL/METHOD BACKEND MEMBERS
 * T_END ROUNDS. Round 1 is the JVM's first run, the JIT's warm-up included ("cold"). Each later round starts once the
 * JIT is idle (jitIdle: on two cores a C2 compiler thread still working through the code generator's methods takes one
 * of them from the run for about the first two seconds of a JVM) and makes two runs back to back: the first, printed
 * as "idle-round", starts on a machine that has slept for 200 ms or more; the second, printed as "round", on one that
 * has just run, as a run of `geomech run` starts right after its code generation. roofline.sh takes the best of the
 * second runs as the warm figure and reports the first runs' too: at 10^4 members, runs of 10-12 ms, a run after the
 * idle wait was 5-10 % slower (chaotic-nh, lobatto-nh:2, simd, 2026-11-25: medians 2.72e8 and 2.99e8 against 2.94e8
 * and 3.08e8 for the run after it; the start, the first observers and the first batch each took about 0.1 ms longer).
 * Each run prints a second line, member-steps per second of the process's CPU time (all its threads, the JIT's
 * included).
 */
public final class Throughput {
    private static final long QUIET_MILLIS = 200, WAIT_MILLIS = 30_000;

    private Throughput() {}

    public static void main(String[] args) {
        RunArguments a = RunArguments.of(args);
        String model = a.model(), backend = a.backend();
        int members = a.members(), rounds = a.rounds();
        TimeGrid grid = a.grid();
        com.sun.management.OperatingSystemMXBean os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        for (int r = 0; r < rounds; r++) {
            BenchmarkCase c = new BenchmarkCase(model, members);
            Backend.Compiled compiled = c.compile(backend);
            if (r > 0) {
                jitIdle(os);
                EnsembleState copy = new EnsembleState(c.state.layout(), members);
                System.arraycopy(c.state.data(), 0, copy.data(), 0, copy.data().length);
                timed("idle-round", r, compiled, copy, c, grid, os);
            }
            timed("round", r, compiled, c.state, c, grid, os);
        }
    }

    /** One whole run of state, printed as `label r+1 member-steps/s X` and `label r+1 member-steps per CPU-second Y`. */
    private static void timed(String label, int r, Backend.Compiled compiled, EnsembleState state, BenchmarkCase c, TimeGrid grid,
                              com.sun.management.OperatingSystemMXBean os) {
        long cpu = os.getProcessCpuTime();
        EnsembleRun.Result result = EnsembleRun.run(compiled, state, c.simulation.params(BenchmarkCase.H), grid, null);
        double memberSteps = state.members() * (double) grid.steps();
        System.out.printf("%s %d member-steps/s %.4g%n", label, r + 1, memberSteps / result.seconds());
        System.out.printf("%s %d member-steps per CPU-second %.4g%n", label, r + 1, memberSteps / ((os.getProcessCpuTime() - cpu) * 1e-9));
    }

    /**
     * Waits until the process (the JIT's compiler threads, the collector) has used under a tenth of a core over
     * QUIET_MILLIS while this thread slept, or WAIT_MILLIS have passed.
     */
    private static void jitIdle(com.sun.management.OperatingSystemMXBean os) {
        long start = System.currentTimeMillis();
        while (System.currentTimeMillis() - start < WAIT_MILLIS) {
            long cpu = os.getProcessCpuTime(), wall = System.nanoTime();
            try {
                Thread.sleep(QUIET_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            if (os.getProcessCpuTime() - cpu < (System.nanoTime() - wall) / 10) return;
        }
    }
}

package org.geomech.bench;

import org.geomech.backend.Backend;
import org.geomech.ensemble.EnsembleRun;
import org.geomech.ensemble.TimeGrid;

import java.lang.management.ManagementFactory;

/**
 * Member-steps per second of whole runs as `geomech run` makes them (h = 0.05, outputs every t_end/100, the
 * standard observers reduced at each output), repeated in one JVM: the first round includes the JIT's warm-up;
 * roofline.sh takes the best of the others as the warm figure. Usage: Throughput MODEL/METHOD BACKEND MEMBERS T_END ROUNDS; prints two lines per round:
 * member-steps per second of wall time, then per second of the process's CPU time (all its threads, the JIT's
 * included), which a shared machine's load disturbs less. Rounds after the first start once the JIT is idle (jitIdle):
 * on two cores a C2 compiler thread still working through the code generator's methods takes one of them from the run
 * for about the first two seconds of a JVM (fifteen rounds at 10^4 members), so a fixed round number is not warm.
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
            if (r > 0) jitIdle(os);
            long cpu = os.getProcessCpuTime();
            EnsembleRun.Result result = EnsembleRun.run(compiled, c.state, c.simulation.params(BenchmarkCase.H), grid, null);
            double memberSteps = members * (double) grid.steps();
            System.out.printf("round %d member-steps/s %.4g%n", r + 1, memberSteps / result.seconds());
            System.out.printf("round %d member-steps per CPU-second %.4g%n", r + 1, memberSteps / ((os.getProcessCpuTime() - cpu) * 1e-9));
        }
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

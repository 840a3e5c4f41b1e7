package org.geomech.bench;

import org.geomech.backend.Backend;

/**
 * Flops per member-step of each benchmark case, counted from the generated code: guess + update, plus
 * (residual + Jacobian + LU) times the mean Newton iterations measured over 100 steps of 1000 members.
 * Prints "case flops newtonIterationsPerStep" lines for the results script.
 */
public final class FlopsReport {
    private FlopsReport() {}

    public static void main(String[] args) {
        String backend = args.length > 0 ? args[0] : "reference";
        for (String model : new String[]{"chaotic-nh/lobatto-nh:2", "chaotic-nh/lobatto-nh:3", "spherical-pendulum/rattle"}) {
            BenchmarkCase c = new BenchmarkCase(model, 1000);
            Backend.Compiled compiled = c.compile(backend);
            long[] flops = compiled.flopsPerStep();
            try (Backend.Run run = compiled.start(c.state, c.simulation.params(BenchmarkCase.H))) {
                run.advance(100);
                double iterations = run.newtonIterations() / (1000.0 * 100);
                System.out.printf("%s %.1f %.3f%n", model, flops[0] + flops[1] * iterations, iterations);
            }
        }
    }
}

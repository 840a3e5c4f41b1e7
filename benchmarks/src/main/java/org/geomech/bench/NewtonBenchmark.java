package org.geomech.bench;

import org.geomech.backend.Backend;
import org.geomech.engine.Backends;
import org.geomech.ensemble.Observers;
import org.geomech.solve.NewtonOptions;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.util.concurrent.TimeUnit;

/**
 * One step of an ensemble whose step is implicit, full against simplified Newton; member-steps
 * per second = ops/s x members. The tear-down prints the Newton iterations and LU factorisations per member-step.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"--add-modules", "jdk.incubator.vector", "-XX:-DontCompileHugeMethods", "-Xss16m", "-Xmx8g"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class NewtonBenchmark {
    @Param({"reference", "simd"})
    public String backend;

    @Param({"chaotic-nh/lobatto-nh:3", "spherical-pendulum/lobatto-holonomic:3"})
    public String model;

    @Param({"FULL", "SIMPLIFIED"})
    public NewtonOptions.Jacobian jacobian;

    @Param({"10000"})
    public int members;

    private Backend.Run run;
    private long steps;

    @Setup(Level.Trial)
    public void setUp() {
        BenchmarkCase c = new BenchmarkCase(model, members);
        NewtonOptions options = new NewtonOptions(NewtonOptions.DEFAULT.tolerance(), NewtonOptions.DEFAULT.maxIterations(), jacobian);
        run = Backends.named(backend).compile(c.simulation.step(), Observers.standard(c.system), options)
                .start(c.state, c.simulation.params(BenchmarkCase.H));
    }

    @Benchmark
    public void step() {
        run.advance(1);
        steps++;
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        double memberSteps = (double) steps * members;
        System.out.printf("%n%s %s %s: %.2f Newton iterations, %.2f LU factorisations per member-step%n", model, backend, jacobian,
                run.newtonIterations() / memberSteps, run.jacobianFactorisations() / memberSteps);
        run.close();
    }
}

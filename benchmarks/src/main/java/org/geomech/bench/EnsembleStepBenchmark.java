package org.geomech.bench;

import org.geomech.backend.Backend;
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

/** One step of a whole ensemble; member-steps per second = ops/s x members. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"--add-modules", "jdk.incubator.vector", "-XX:-DontCompileHugeMethods", "-Xss16m", "-Xmx16g"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class EnsembleStepBenchmark {
    @Param({"reference", "simd", "opencl"})
    public String backend;

    @Param({"chaotic-nh/lobatto-nh:2", "chaotic-nh/lobatto-nh:3", "spherical-pendulum/rattle"})
    public String model;

    @Param({"100", "10000", "1000000"})
    public int members;

    private Backend.Run run;

    @Setup(Level.Trial)
    public void setUp() {
        BenchmarkCase c = new BenchmarkCase(model, members);
        run = c.compile(backend).start(c.state, c.simulation.params(BenchmarkCase.H));
    }

    @Benchmark
    public void step() { run.advance(1); }

    @TearDown(Level.Trial)
    public void tearDown() { run.close(); }
}

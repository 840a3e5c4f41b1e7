package org.geomech.bench;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.VectorSpecies;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.util.concurrent.TimeUnit;

/**
 * The machine's fp64 peak as this JVM reaches it: fused multiply-adds on the widest double vectors,
 * 8 independent accumulators to hide the FMA latency. Flops per op = 2 x lanes; run with 1 thread and
 * with all cores.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"--add-modules", "jdk.incubator.vector"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class PeakFlopsBenchmark {
    static final VectorSpecies<Double> S = DoubleVector.SPECIES_PREFERRED;
    static final int ROUNDS = 1 << 16;

    /** Lanes of the preferred species: flops per FMA = 2 x LANES. */
    public static int lanes() { return S.length(); }

    private final double[] seed = new double[S.length()];

    @Benchmark
    @OperationsPerInvocation(8 * ROUNDS)
    public double fma() {
        DoubleVector m = DoubleVector.broadcast(S, 0.999999), c = DoubleVector.broadcast(S, 1e-7);
        DoubleVector a0 = DoubleVector.fromArray(S, seed, 0), a1 = a0.add(1), a2 = a0.add(2), a3 = a0.add(3),
                a4 = a0.add(4), a5 = a0.add(5), a6 = a0.add(6), a7 = a0.add(7);
        for (int i = 0; i < ROUNDS; i++) {
            a0 = a0.fma(m, c); a1 = a1.fma(m, c); a2 = a2.fma(m, c); a3 = a3.fma(m, c);
            a4 = a4.fma(m, c); a5 = a5.fma(m, c); a6 = a6.fma(m, c); a7 = a7.fma(m, c);
        }
        return a0.add(a1).add(a2).add(a3).add(a4).add(a5).add(a6).add(a7).reduceLanes(jdk.incubator.vector.VectorOperators.ADD);
    }
}

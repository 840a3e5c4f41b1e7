package org.geomech.backend.simd;

import org.geomech.ensemble.Observer;
import org.geomech.method.StepSystem;

import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.List;

/**
 * The child JVM of KernelProfilesTest: lobatto-nh:2's step kernel on chaotic-nh with a run's observers, warmed up as a
 * run warms it (KernelWarmup, until C2's code runs it), then called on one lane-block as a run calls it (outputs where
 * spans of outputs go in one call, SimdBackend.SPAN_CALLS, else steps and observe); prints "bytes a call N": what one
 * call allocates (C2's code with every vector in registers: none).
 */
final class KernelBoxingProbe {
    private KernelBoxingProbe() {}

    public static void main(String[] args) throws InterruptedException {
        WarmedUpKernel kernel = WarmedUpKernel.chaotic();
        StepSystem step = kernel.step();
        List<Observer> observers = kernel.observers();
        SimdPlan.Explicit plan = kernel.plan();
        int lanes = LaneStepper.LANES, size = step.state().size();
        double[] start = new double[size * lanes], data = new double[size * lanes], values = new double[2 * observers.size() * lanes];
        for (int c = 0; c < size; c++) Arrays.fill(start, c * lanes, (c + 1) * lanes, 0.5 * (1 + 0.01 * c));
        double[] params = new double[step.params().size()];
        Arrays.fill(params, 1);
        params[0] = 0.01;
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        int calls = 2000;
        long stepping = 0, observing = 0;
        for (int k = 0; k < 2 * calls; k++) {
            System.arraycopy(start, 0, data, 0, data.length);
            long b0 = threads.getCurrentThreadAllocatedBytes();
            if (plan.spanCalls()) plan.step().outputs(data, lanes, 0, params, 16, 2, values, 0, lanes);
            else plan.step().steps(data, lanes, 0, params, 16);
            long b1 = threads.getCurrentThreadAllocatedBytes();
            if (!plan.spanCalls()) plan.step().observe(data, lanes, 0, params, values, 0, lanes);
            long b2 = threads.getCurrentThreadAllocatedBytes();
            if (k >= calls) {
                stepping += b1 - b0;
                observing += b2 - b1;
            }
        }
        System.out.println("bytes a call " + stepping / calls + " observing " + observing / calls);
    }
}

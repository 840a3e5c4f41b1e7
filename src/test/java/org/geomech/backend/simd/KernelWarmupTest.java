package org.geomech.backend.simd;

import org.geomech.ensemble.Observer;
import org.geomech.ensemble.Observers;
import org.geomech.method.Methods;
import org.geomech.method.StepSystem;
import org.geomech.model.Library;
import org.geomech.model.MechanicalSystem;
import org.geomech.solve.NewtonOptions;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * KernelWarmup: an explicit step's kernel (lobatto-nh:2 on chaotic-nh) is warmed up once per kernel from its plan on,
 * on a start state the kernel accepts (its calls are counted only after a first accepted call), and the warm-up ends
 * within its time bound, at once when stopped (RATTLE on the spherical pendulum, through the group method).
 */
class KernelWarmupTest {
    @Test
    void anExplicitKernelIsWarmedUpOnceOnAStateItAccepts() throws InterruptedException {
        StepSystem step = Methods.parse("lobatto-nh:2").build(Library.system("chaotic-nh"));
        SimdPlan.Explicit plan = (SimdPlan.Explicit) SimdPlan.of(step, List.of(), NewtonOptions.DEFAULT, SimdBackend.SPAN_CALLS);
        assertNotNull(plan.warmup(), "the plan of an explicit step starts its kernel's warm-up");
        SimdPlan.Explicit again = (SimdPlan.Explicit) SimdPlan.of(step, List.of(), NewtonOptions.DEFAULT, SimdBackend.SPAN_CALLS);
        assertSame(plan.step(), again.step(), "one kernel per source in a JVM");
        assertSame(plan.warmup(), again.warmup(), "one warm-up per kernel");
        long start = System.nanoTime();
        int calls = plan.warmup().join();
        assertTrue(System.nanoTime() - start <= KernelWarmup.MAX_NANOS + TimeUnit.SECONDS.toNanos(5), "ends within its bound");
        assertTrue(calls >= 1, "chaotic-nh's steps from the first candidate state are finite, and the kernel ran on it: " + calls + " calls");
        // once over, stop and await return at once
        long t0 = System.nanoTime();
        plan.warmup().await(60_000);
        assertTrue(System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(5), "await of an ended warm-up returns at once");
    }

    @Test
    void theReductionIsWarmedUpBesideTheKernelUntilItIsFast() throws InterruptedException {
        // lobatto-nh:2 on chaotic-nh with its standard observers: LaneReduction.block on a block of the warm-up's own from
        // the kernel's loading on, until a call runs fast, its bound is spent or a run stopped it (another test's run of
        // the same kernel may have, in this JVM)
        MechanicalSystem sys = Library.system("chaotic-nh");
        StepSystem step = Methods.parse("lobatto-nh:2").build(sys);
        List<Observer> observers = Observers.standard(sys);
        SimdPlan.Explicit plan = (SimdPlan.Explicit) SimdPlan.of(step, observers, NewtonOptions.DEFAULT, SimdBackend.SPAN_CALLS);
        long start = System.nanoTime();
        plan.warmup().join();
        KernelWarmup w = plan.warmup();
        boolean boundSpent = w.reductionCalls() >= KernelWarmup.REDUCTION_MAX_CALLS || System.nanoTime() - start >= KernelWarmup.MAX_NANOS;
        assertTrue(w.reductionReady(), "over once its thread ended");
        assertTrue(w.reductionCalls() >= 1 || w.stopped(), "the reduction ran beside the kernel");
        assertTrue(w.reachedFastReduction() || boundSpent || w.stopped(), "it ends early only once the reduction is fast: " + w.reductionCalls() + " calls");
        assertTrue(w.reductionCalls() <= KernelWarmup.REDUCTION_MAX_CALLS, "within its bound of calls: " + w.reductionCalls());
        assertTrue(System.nanoTime() - start <= KernelWarmup.MAX_NANOS + TimeUnit.SECONDS.toNanos(5), "both end within the kernel's bound");
    }

    @Test
    void aStoppedWarmupEndsAtOnce() throws InterruptedException {
        // RATTLE on the spherical pendulum: a grouped kernel (SimdExplicitStepTest), warmed up through its group method
        StepSystem step = Methods.parse("rattle").build(Library.system("spherical-pendulum"));
        SimdPlan.Explicit plan = (SimdPlan.Explicit) SimdPlan.of(step, List.of(), NewtonOptions.DEFAULT, SimdBackend.SPAN_CALLS);
        assertTrue(plan.grouped(), "RATTLE's kernel has the group method");
        plan.warmup().stop();
        long t0 = System.nanoTime();
        plan.warmup().join();
        assertTrue(System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(5), "a stopped warm-up ends after the call it is in");
    }

    @Test
    void aReductionWarmupStoppedBeforeItWasFastIsNotSlow() throws InterruptedException {
        // the spherical pendulum's RATTLE with its standard observers (a kernel of its own): stopped at once, as a short
        // run's end stops it, its reduction is over but not found slow, so that the next run in this JVM (a slab, a
        // sweep's point) reduces with LaneReduction rather than the plain loops for its whole length
        MechanicalSystem sys = Library.system("spherical-pendulum");
        StepSystem step = Methods.parse("rattle").build(sys);
        SimdPlan.Explicit plan = (SimdPlan.Explicit) SimdPlan.of(step, Observers.standard(sys), NewtonOptions.DEFAULT, SimdBackend.SPAN_CALLS);
        KernelWarmup w = plan.warmup();
        w.stop();
        w.join();
        assertTrue(w.reductionReady(), "over once its thread ended");
        assertFalse(w.reductionSlow(), "stopped after " + w.reductionCalls() + " of at most " + KernelWarmup.REDUCTION_MAX_CALLS + " calls: not slow");
    }
}

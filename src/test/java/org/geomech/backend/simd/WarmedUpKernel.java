package org.geomech.backend.simd;

import org.geomech.ensemble.Observer;
import org.geomech.ensemble.Observers;
import org.geomech.method.Methods;
import org.geomech.method.StepSystem;
import org.geomech.model.Library;
import org.geomech.solve.NewtonOptions;

import java.util.List;
import java.util.Map;

/**
 * What the probe JVMs examine: lobatto-nh:2's step kernel on chaotic-nh with a run's observers (step: the step system
 * carrying them), its plan, and the plan's warm-up over (KernelWarmup: the kernel and LaneReduction, as a run warms them).
 */
record WarmedUpKernel(StepSystem step, List<Observer> observers, SimdPlan.Explicit plan) {
    static WarmedUpKernel chaotic() throws InterruptedException {
        StepSystem built = Methods.parse("lobatto-nh:2").build(Library.system("chaotic-nh"));
        List<Observer> observers = Observers.ofRun(built, Map.of());
        StepSystem step = Observers.carrying(built, observers);
        SimdPlan.Explicit plan = (SimdPlan.Explicit) SimdPlan.of(step, observers, NewtonOptions.DEFAULT, SimdBackend.SPAN_CALLS);
        plan.warmup().join();
        return new WarmedUpKernel(step, observers, plan);
    }
}

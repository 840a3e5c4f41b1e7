package org.geomech.engine;

import org.geomech.backend.Backend;
import org.geomech.backend.reference.ReferenceBackend;
import org.geomech.ensemble.InitialStates;
import org.geomech.ensemble.Observer;
import org.geomech.ensemble.Observers;
import org.geomech.ensemble.ResumeCheck;
import org.geomech.ensemble.StepSizes;
import org.geomech.ensemble.SweepPlan;
import org.geomech.method.Methods;
import org.geomech.method.StepSystem;
import org.geomech.model.Library;
import org.geomech.model.MechanicalSystem;
import org.geomech.solve.NewtonOptions;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Slabs on an executor are compiled where they run, not on the driver: a run whose driver backend refuses to compile gives
 * the flops per member-step the executor's compiled step counts, and bitwise the rows of the run held in this process.
 */
class ExecutorFlopsTest {
    // chaotic-nh (m = 3), lobatto-nh:2, 3000 perturbed members in slabs of 1024 (the last one short), h = 0.05 to t = 0.5
    private static RunSpec spec(Backend backend, SlabExecutor executor, java.util.function.IntFunction<SlabExecutor.Recipe> recipes) {
        MechanicalSystem sys = Library.system("chaotic-nh");
        double[] sigma = new double[sys.dimension()];
        Arrays.fill(sigma, 1e-2);
        SweepPlan plan = SweepPlan.of(sys, sys.parameterValues(), 3000);
        StepSystem perMember = SweepRun.step(Methods.parse("lobatto-nh:2").build(sys), plan);
        List<Observer> observers = Observers.ofRun(perMember, Map.of());
        return new RunSpec(plan, Observers.carrying(perMember, observers), backend, observers, NewtonOptions.DEFAULT, InitialStates.defaults(sys),
                new InitialStates.Perturbation(5, sigma, sigma), StepSizes.of(List.of(0.05)), 0.5, 0.1, new double[0], null, false, 0, null, null, null,
                executor, recipes, 0);
    }

    @Test
    void slabsOnAnExecutorBringTheirFlopsAndTheDriverCompilesNothing() {
        RunSpec here = spec(new ReferenceBackend(), null, null);
        Engine.Outcome expected = Engine.run(here, new Engine.Listener() {}, null, null);
        Backend refusing = new Backend() {
            @Override public String name() { return "reference"; }

            @Override
            public Compiled compile(StepSystem system, List<Observer> observers, NewtonOptions options) {
                throw new AssertionError("the driver compiled the step");
            }
        };
        SlabExecutor inProcess = new SlabExecutor() {
            @Override
            public boolean run(Recipe recipe, List<long[]> slabs, Returned returned) {
                Prepared p = recipe.prepare();
                for (long[] s : slabs) if (returned.stop(SlabRun.slab(p.compiled(), p.launch(), s[0], (int) s[1], p.keep()))) return false;
                return true;
            }

            @Override public long slabMembers(long members) { return 1024; }

            @Override public String describe() { return "slabs in this process"; }
        };
        Engine.Outcome distributed = Engine.run(spec(refusing, inProcess, stage -> () -> Engine.prepare(here, stage)), new Engine.Listener() {}, null, null);
        long[] counted = Engine.compile(new ReferenceBackend(), here.step(), here.observers(), here.newton()).flopsPerStep();
        assertArrayEquals(counted, distributed.flops(), "flops per member-step: the executor's compiled step's");
        assertArrayEquals(expected.flops(), distributed.flops());
        assertEquals(1, distributed.stages().size());
        assertArrayEquals(ResumeCheck.bits(expected.stages().get(0).run().rows()), ResumeCheck.bits(distributed.stages().get(0).run().rows()),
                "every row's statistics, bitwise");
    }
}

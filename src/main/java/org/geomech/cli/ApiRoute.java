package org.geomech.cli;

import org.geomech.api.Run;
import org.geomech.engine.SlabExecutor;
import org.geomech.io.Scenario;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.function.IntFunction;

/**
 * What the command line takes from api.Run beyond the API: a run of a resolved scenario (its file and flags), and its
 * launches on a slab executor (--spark). They name io and engine types, so Run keeps them package-private (the API's
 * signatures name only its own and the JDK's types); the command line reaches them through a private lookup.
 */
final class ApiRoute {
    private static final MethodHandle OF, DISTRIBUTED, PREPARE;

    static {
        try {
            MethodHandles.Lookup run = MethodHandles.privateLookupIn(Run.class, MethodHandles.lookup());
            OF = run.findStatic(Run.class, "of", MethodType.methodType(Run.class, Scenario.class));
            DISTRIBUTED = run.findVirtual(Run.class, "distributed", MethodType.methodType(Run.class, SlabExecutor.class, IntFunction.class));
            PREPARE = run.findVirtual(Run.class, "prepare", MethodType.methodType(SlabExecutor.Prepared.class, int.class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private ApiRoute() {}

    /** The run of a resolved scenario; stepSizes, device, trajectories and progress may still be set. */
    static Run of(Scenario scenario) {
        try {
            return (Run) OF.invokeExact(scenario);
        } catch (Throwable e) {
            throw unchecked(e);
        }
    }

    /** Has run's slabs run on executor, recipes rebuilding a step size's launch there (Run.distributed); returns run. */
    static Run distributed(Run run, SlabExecutor executor, IntFunction<SlabExecutor.Recipe> recipes) {
        try {
            return (Run) DISTRIBUTED.invokeExact(run, executor, recipes);
        } catch (Throwable e) {
            throw unchecked(e);
        }
    }

    /** Run's launch at step size stage, built in this JVM as a slab executor runs it (Run.prepare). */
    static SlabExecutor.Prepared prepare(Run run, int stage) {
        try {
            return (SlabExecutor.Prepared) PREPARE.invokeExact(run, stage);
        } catch (Throwable e) {
            throw unchecked(e);
        }
    }

    // What the API threw, as it threw it (InputException and every other unchecked exception or error pass unchanged)
    private static RuntimeException unchecked(Throwable e) {
        if (e instanceof RuntimeException r) return r;
        if (e instanceof Error err) throw err;
        return new IllegalStateException(e);
    }
}

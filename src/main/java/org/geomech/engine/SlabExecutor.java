package org.geomech.engine;

import org.geomech.backend.Backend;

import java.io.Serializable;
import java.util.List;

/**
 * Runs the slabs of a launch elsewhere than one after another in this process: on a Spark cluster (the spark module's
 * SparkSlabs, found through ServiceLoader as a Provider). Each slab is made and run by SlabRun.slab from a recipe that
 * rebuilds the launch in the JVM that runs it; the slabs come back one by one (the engine saves a checkpoint after each)
 * and are joined by SlabRun.combine, so the results are bitwise those of the launch run in this process. Its failed
 * members are retried there too (retry).
 */
public interface SlabExecutor {
    /** A launch rebuilt: its compiled step, the launch, what its slabs keep. */
    record Prepared(Backend.Compiled compiled, Launch launch, SlabRun.Keep keep) {}

    /** Rebuilds one step size's launch in the JVM that runs a slab of it; it travels to that JVM. */
    interface Recipe extends Serializable {
        /** The launch, rebuilt in this JVM. */
        Prepared prepare();
    }

    /** Finds an executor by the user's address of it (a Spark master URL: local[2], spark://host:7077). */
    interface Provider {
        /** The executor at address. */
        SlabExecutor connect(String address);
    }

    /** Hears of each slab as it comes back, on the thread that called run, one at a time; true asks the executor to stop. */
    interface Returned {
        /** Whether the executor stops after slab, just back. */
        boolean stop(SlabRun.Slab slab);
    }

    /**
     * Runs the slabs (first member, members) of the recipe's launch, in any order, handing each to returned as it comes
     * back; false where returned asked to stop before the last came back (the slabs still running are abandoned).
     */
    boolean run(Recipe recipe, List<long[]> slabs, Returned returned);

    /**
     * Runs the failed members of the recipe's launch again at up to halvings halvings of h (Retries.run) where the slabs
     * run, and returns them in the order of failures; by default in this process, side by side over its threads.
     */
    default List<Retries.Retried> retry(Recipe recipe, List<MemberFailure> failures, int halvings) {
        return Retries.run(recipe.prepare(), failures, halvings);
    }

    /** Members per slab of a launch of members where the user did not say: a few slabs per core of the cluster. */
    long slabMembers(long members);

    /** Where the slabs run, for the user ("spark local[2]"). */
    String describe();
}

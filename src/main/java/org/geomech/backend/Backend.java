package org.geomech.backend;

import org.geomech.ensemble.BlockConsistency;
import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.Observer;
import org.geomech.ensemble.Reduction;
import org.geomech.method.StepSystem;
import org.geomech.solve.NewtonOptions;

import java.util.List;

/** Turns a step system and observers into code that advances and observes an ensemble. */
public interface Backend {
    /** The backend's name: reference, simd or opencl. */
    String name();

    /** The backend and where it runs, for the user: e.g. "opencl on NVIDIA H100 (GPU, device 1)". */
    default String describe() { return name() + " on this CPU (" + Runtime.getRuntime().availableProcessors() + " threads)"; }

    /**
     * The projection of initial states over blocks of members this backend runs (equal, ==, to the member-by-member
     * ConsistentState and LieConsistentState), or null: member by member.
     */
    default BlockConsistency.Factory initialStates() { return null; }

    /** Compiles; InputException (exit 2) when this backend cannot run here, e.g. no OpenCL device. */
    Compiled compile(StepSystem system, List<Observer> observers, NewtonOptions options);

    /** A step system compiled for one backend. */
    interface Compiled {
        /** Starts a run on the ensemble (a device backend copies it over); params are h then the model parameters. */
        default Run start(EnsembleState state, double[] params) { return start(state, params, null); }

        /**
         * As above, where one tick of Run.advance is stepsPerTick[j] steps of member j (the step size per
         * member, carried in the state, each member's own number of steps per output interval); null: one step each.
         */
        Run start(EnsembleState state, double[] params, int[] stepsPerTick);

        /** Floating-point operations per member-step outside Newton (guess + update) and per Newton iteration (residual + Jacobian + LU). */
        long[] flopsPerStep();
    }

    /** One ensemble being advanced; the ensemble's host copy is current only after finish(). */
    interface Run extends AutoCloseable {
        /**
         * Advances every ok member by ticks ticks (steps, where every member takes one step per tick); a failing member is
         * marked with its absolute step number, counted in its own steps, and stops.
         */
        void advance(int ticks);

        /**
         * Observer statistics over the ok members, reduced where the members live, in fixed blocks
         * (Reduction.BLOCK) so the result does not depend on threads, chunks or work-group sizes. The first
         * call records every member's values as the initial values of the mean-square deviation.
         */
        Reduction.Result observe();

        /**
         * What observe() combines: the partial sums of every Reduction block in block order (Reduction.block's layout),
         * so that blocks observed apart (slabs of members, Spark partitions) combine bitwise as one run's.
         */
        double[] observeBlocks();

        /**
         * outputs outputs in turn, each advance(ticks) then observe(), the statistics of each with its block partials
         * (a backend may run them in one dispatch, with no host round trip per output); bitwise
         * what the calls in turn give, failures and step numbers included.
         */
        default Reduction.Result[] advanceObserving(int outputs, int ticks) {
            Reduction.Result[] out = new Reduction.Result[outputs];
            for (int r = 0; r < outputs; r++) {
                advance(ticks);
                out[r] = observe();
            }
            return out;
        }

        /**
         * The observer values the first observe() recorded, observer-major (o * members + j): the origins of the
         * mean-square deviation, which a checkpoint keeps; null before the first observe().
         */
        double[] initialValues();

        /**
         * Continues a run from a checkpoint, in place of the first observe(): the ensemble given to start() is the
         * state after steps ticks (failed members keep their step numbers), and initial is what initialValues()
         * returned then. The run goes on bitwise as if it had never stopped.
         */
        void resume(long steps, double[] initial);

        /** Newton iterations summed over members and steps, and the most one member needed in one step. */
        long newtonIterations();

        /** The most Newton iterations one member needed in one step. */
        int maxNewtonIterations();

        /** Jacobian evaluations with their LU factorisations, summed over members and steps (fewer than iterations under simplified Newton). */
        long jacobianFactorisations();

        /** Brings states and statuses back into the EnsembleState; may be called at any output time, and the run may go on. */
        void finish();

        @Override
        default void close() {}
    }
}

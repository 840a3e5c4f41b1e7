package org.geomech.engine;

import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.HeapBudget;
import org.geomech.method.StateLayout;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

/**
 * An ensemble's state allocated on a thread of its own from the moment a run knows its layout and members, while the
 * run still compiles its step: the JVM zeroes a new array on the thread that allocates it, and the first touch of 184 MB
 * (10^6 members of chaotic-nh) took that thread 0.13-0.23 s before the initial states could start (RESULTS.md).
 */
final class StateAhead {
    private final FutureTask<EnsembleState> allocation;

    /**
     * The state of members members allocated ahead, or null where it would take more than half the heap left: such a
     * state is allocated after the compilation (whose javac, on a kernel cache miss, needs heap of its own), as before.
     */
    static StateAhead of(StateLayout layout, int members) {
        return 2 * HeapBudget.bytes(layout.size(), members) > HeapBudget.left().available() ? null : new StateAhead(layout, members);
    }

    StateAhead(StateLayout layout, int members) {
        allocation = new FutureTask<>(() -> new EnsembleState(layout, members));
        Thread thread = new Thread(allocation, "geomech-state-allocation");
        thread.setDaemon(true);
        thread.start();
    }

    /** The state, once allocated; what its allocation threw (an ensemble too large, the heap exhausted) is thrown here. */
    EnsembleState get() {
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return allocation.get();
                } catch (InterruptedException e) {
                    interrupted = true;   // the allocation finishes on its own: wait for it, and keep the interrupt for the caller
                }
            }
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) throw r;
            if (e.getCause() instanceof Error r) throw r;
            throw new IllegalStateException(e.getCause());
        } finally {
            if (interrupted) Thread.currentThread().interrupt();
        }
    }
}

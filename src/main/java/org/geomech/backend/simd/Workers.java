package org.geomech.backend.simd;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The threads of every SIMD run in this JVM besides the calling ones, made when first needed and kept while in use (a
 * minute idle): a run starts no threads of its own (creating them cost a few per cent of a short run;
 * RESULTS.md, code measurements). A thread and a caller that would wait for the other spin for SPIN_NANOS first: a parked thread takes
 * longer to wake than a fork-join's work, and a run's fork-joins follow each other, and its threads finish a fork-join, within
 * microseconds. A thread that has run a task takes the next one handed over (HANDOFF) while it spins, then goes back to
 * the pool.
 */
final class Workers {
    private static final long SPIN_NANOS = 200_000;
    private static final ExecutorService POOL = Executors.newCachedThreadPool(new ThreadFactory() {
        private final AtomicInteger created = new AtomicInteger();

        @Override
        public Thread newThread(Runnable r) {
            Thread t = new Thread(r, "geomech-simd-" + created.incrementAndGet());
            t.setDaemon(true);
            return t;
        }
    });
    /** Tasks handed to the threads spinning after their last one. */
    private static final ConcurrentLinkedQueue<Runnable> HANDOFF = new ConcurrentLinkedQueue<>();
    /** Spinning threads that no task has been handed to: execute claims one, a thread that stops spinning withdraws one. */
    private static final AtomicInteger FREE = new AtomicInteger();

    private Workers() {}

    /**
     * Runs task on a thread of the pool: one spinning after its last task where one is free (claimed, then handed the
     * task; the claim given back if the task cannot be queued, so that no thread waits for it), else a waiting or new
     * one.
     */
    static void execute(FutureTask<?> task) {
        for (int free = FREE.get(); free > 0; free = FREE.get()) {
            if (FREE.compareAndSet(free, free - 1)) {
                try {
                    HANDOFF.offer(task);
                } catch (RuntimeException | Error e) {
                    FREE.incrementAndGet();
                    throw e;
                }
                return;
            }
        }
        POOL.execute(() -> {
            task.run();
            serve();
        });
    }

    /** Waits for f to be done, spinning at first. */
    static void await(Future<?> f) {
        for (long until = System.nanoTime() + SPIN_NANOS; !f.isDone() && System.nanoTime() < until; ) Thread.onSpinWait();
    }

    /**
     * Runs the tasks handed over while they come within SPIN_NANOS of each other; then withdraws from FREE, unless every
     * free thread has been claimed, in which case a task is on its way to one of them and it waits for that.
     */
    private static void serve() {
        FREE.incrementAndGet();
        for (long until = System.nanoTime() + SPIN_NANOS; ; ) {
            Runnable next = HANDOFF.poll();
            if (next != null) {
                next.run();
                FREE.incrementAndGet();
                until = System.nanoTime() + SPIN_NANOS;
            } else if (System.nanoTime() < until) {
                Thread.onSpinWait();
            } else {
                int free = FREE.get();
                if (free > 0 && FREE.compareAndSet(free, free - 1)) return;
                Thread.onSpinWait();
            }
        }
    }
}

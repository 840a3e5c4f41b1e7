package org.geomech.backend.simd;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Workers: every task runs once, whether handed to a spinning thread or to the pool, and none is lost in between. */
class WorkersTest {
    @Test
    void everyTaskRunsOnceFromOneCallerOrFromFourAtOnce() throws Exception {
        // back to back (each task handed to the thread spinning after the last), with pauses beyond the spin of 0.2 ms
        // (the pool's threads again), and four callers at once: a task claimed for a spinning thread that stops spinning
        // just then would never run, and its get would time out
        AtomicInteger runs = new AtomicInteger();
        for (int k = 0; k < 3000; k++) {
            FutureTask<Integer> task = new FutureTask<>(runs::incrementAndGet);
            Workers.execute(task);
            Workers.await(task);
            task.get(1, TimeUnit.MINUTES);
            if (k % 500 == 0) Thread.sleep(1);
        }
        assertEquals(3000, runs.get(), "one caller");
        List<Thread> callers = new ArrayList<>();
        List<Throwable> failures = new ArrayList<>();
        for (int c = 0; c < 4; c++) {
            Thread caller = new Thread(() -> {
                try {
                    for (int k = 0; k < 2000; k++) {
                        FutureTask<Integer> task = new FutureTask<>(runs::incrementAndGet);
                        Workers.execute(task);
                        task.get(1, TimeUnit.MINUTES);
                    }
                } catch (Exception e) {
                    synchronized (failures) {
                        failures.add(e);
                    }
                }
            });
            callers.add(caller);
            caller.start();
        }
        for (Thread caller : callers) caller.join();
        assertEquals(List.of(), failures, "no task lost");
        assertEquals(3000 + 4 * 2000, runs.get(), "four callers");
    }
}

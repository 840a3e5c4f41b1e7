package org.geomech.api;

import java.util.concurrent.Callable;
import java.util.concurrent.ForkJoinPool;

/** Runs a run in a fork-join pool of a given number of threads (the parallel streams of the fill, the retries and the reference backend run there). */
final class OnThreads {
    private OnThreads() {}

    static Results run(int threads, Callable<Results> run) throws Exception {
        ForkJoinPool pool = new ForkJoinPool(threads);
        try {
            return pool.submit(run).get();
        } finally {
            pool.shutdown();
        }
    }
}

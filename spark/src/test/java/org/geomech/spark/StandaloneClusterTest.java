package org.geomech.spark;

import org.apache.spark.ExecutorLostFailure;
import org.apache.spark.Success$;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerExecutorRemoved;
import org.apache.spark.scheduler.SparkListenerJobEnd;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.scheduler.SparkListenerTaskStart;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * geomech run --spark spark://127.0.0.1:PORT on a real standalone cluster (a master and two workers of one core each,
 * child JVMs on the loopback address), one worker killed with SIGKILL while the job runs: its executor's finished slabs
 * are kept, its running one is run again on the other worker, and the output folder is byte for byte that of the same
 * run in one process on the simd backend. The run: the unicycle on SE(2) (lobatto-lie-nh:2) with Iz drawn per member,
 * min, std and exact quantiles, trajectories and final states, in 8 slabs of one block.
 */
class StandaloneClusterTest {
    private static final Duration CLUSTER_UP = Duration.ofSeconds(90), JOB = Duration.ofSeconds(150);

    @TempDir
    Path dir;

    @Test
    @Timeout(value = 5, unit = TimeUnit.MINUTES)
    void aWorkerKilledMidJobChangesNoByteOfTheOutput() throws Exception {
        List<String> args = List.of("run", "--model", "unicycle", "--method", "lobatto-lie-nh:2", "--members", "8192",
                "--param", "Iz=uniform(0.4,0.6,seed=5)", "--statistics", "mean,msd,min,std,q10,q50,q90", "--quantiles", "exact",
                "--save-trajectories", "1,8191", "--save-final-states", "--h", "0.02", "--t-end", "0.5", "--output-interval", "0.125",
                "--backend", "simd", "--no-plots", "--quiet");
        Path here = dir.resolve("here"), cluster = dir.resolve("cluster");
        ExecutorService driver = Executors.newSingleThreadExecutor();
        try (StandaloneCluster spark = StandaloneCluster.start(dir.resolve("spark"), 2, 1, CLUSTER_UP)) {
            // the run in one process while the cluster's JVMs start
            Future<Integer> reference = driver.submit(() -> InProcess.geomech(args, "--out", here.toString()));
            JavaSparkContext context = connect(spark);
            try {
                assertEquals(spark.masterUrl(), context.master(), "the context geomech reuses is the cluster's");
                Job job = new Job();
                context.sc().addSparkListener(job);
                awaitExecutors(context, 2, spark);
                assertEquals(0, reference.get(JOB.toSeconds(), TimeUnit.SECONDS), "the run in one process");
                Future<Integer> run = driver.submit(() -> InProcess.geomech(args, "--out", cluster.toString(), "--spark", spark.masterUrl(),
                        "--members-in-memory", "1024"));
                String victim = job.awaitExecutorBusyAgain(run, spark);
                int worker = spark.workerOf(context.sc().applicationId(), victim);
                assertTrue(worker >= 0, "executor " + victim + " in no worker's work folder" + spark.logs());
                spark.killWorker(worker);
                int exit;
                try {
                    exit = run.get(JOB.toSeconds(), TimeUnit.SECONDS);
                } catch (TimeoutException e) {
                    throw new AssertionError("the job did not finish within " + JOB.toSeconds() + " s of the kill" + spark.logs(), e);
                }
                assertEquals(0, exit, "geomech run on the cluster" + spark.logs());
                job.awaitEnd();
                assertTrue(job.removedBeforeTheJobEnded(victim), "the driver lost executor " + victim + " before the job ended: " + job.events);
                assertTrue(job.lost.get() >= 1, "a task running on executor " + victim + " was lost with it and run again: " + job.events);
            } finally {
                context.stop();
            }
        } finally {
            driver.shutdownNow();
        }
        for (String f : List.of("timeseries.csv", "final-states.csv", "trajectories.csv"))
            assertArrayEquals(Files.readAllBytes(here.resolve(f)), Files.readAllBytes(cluster.resolve(f)), f + " byte for byte");
    }

    /**
     * The context geomech run --spark reuses (SparkSlabs.context), with the driver on the loopback address and the
     * executors given this module's classes (a folder here, so not shipped as a jar; the cluster's jars/ holds the rest).
     */
    private static JavaSparkContext connect(StandaloneCluster spark) throws Exception {
        Map<String, String> properties = Map.of("spark.driver.host", "127.0.0.1", "spark.driver.bindAddress", "127.0.0.1",
                "spark.executor.extraClassPath", Path.of(SparkSlabs.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString());
        properties.forEach(System::setProperty);
        try {
            return SparkSlabs.context(spark.masterUrl());
        } finally {
            properties.keySet().forEach(System::clearProperty);
        }
    }

    // Waits until the context has executors (the workers registered, the master gave the application one on each)
    private static void awaitExecutors(JavaSparkContext context, int executors, StandaloneCluster spark) throws InterruptedException {
        long deadline = System.nanoTime() + CLUSTER_UP.toNanos();
        while (context.sc().statusTracker().getExecutorInfos().length < executors + 1) {
            if (System.nanoTime() > deadline)
                fail("the standalone cluster gave no " + executors + " executors within " + CLUSTER_UP.toSeconds() + " s" + spark.logs());
            Thread.sleep(200);
        }
    }

    /** What the driver saw of the job: tasks running and finished per executor, tasks lost with an executor, and the order of events. */
    static final class Job extends SparkListener {
        final Map<String, AtomicInteger> running = new ConcurrentHashMap<>(), finished = new ConcurrentHashMap<>();
        final AtomicInteger lost = new AtomicInteger();
        final List<String> events = Collections.synchronizedList(new ArrayList<>());

        @Override
        public void onTaskStart(SparkListenerTaskStart e) {
            running.computeIfAbsent(e.taskInfo().executorId(), k -> new AtomicInteger()).incrementAndGet();
            events.add("task " + e.taskInfo().index() + " started on " + e.taskInfo().executorId());
        }

        @Override
        public void onTaskEnd(SparkListenerTaskEnd e) {
            String executor = e.taskInfo().executorId();
            running.get(executor).decrementAndGet();
            if (e.reason() == Success$.MODULE$) finished.computeIfAbsent(executor, k -> new AtomicInteger()).incrementAndGet();
            if (e.reason() instanceof ExecutorLostFailure) lost.incrementAndGet();
            events.add("task " + e.taskInfo().index() + " on " + executor + ": " + e.reason());
        }

        @Override
        public void onExecutorRemoved(SparkListenerExecutorRemoved e) { events.add("executor " + e.executorId() + " removed"); }

        @Override
        public void onJobEnd(SparkListenerJobEnd e) { events.add("job end"); }

        /** An executor that has finished a task and runs another: the one to kill. */
        String awaitExecutorBusyAgain(Future<Integer> run, StandaloneCluster spark) throws InterruptedException {
            long deadline = System.nanoTime() + JOB.toNanos();
            while (System.nanoTime() < deadline) {
                for (Map.Entry<String, AtomicInteger> e : finished.entrySet())
                    if (e.getValue().get() >= 1 && running.get(e.getKey()).get() >= 1) return e.getKey();
                if (run.isDone()) fail("the job ended before an executor finished a task and started another: " + events + spark.logs());
                Thread.sleep(20);
            }
            return fail("no executor finished a task and started another within " + JOB.toSeconds() + " s: " + events + spark.logs());
        }

        /** Waits until the job's end has come through the listener bus (events reach listeners a little after they happen). */
        void awaitEnd() throws InterruptedException {
            for (int k = 0; k < 500 && !events.contains("job end"); k++) Thread.sleep(20);
        }

        boolean removedBeforeTheJobEnded(String executor) {
            int removed = events.indexOf("executor " + executor + " removed"), end = events.indexOf("job end");
            return removed >= 0 && end > removed;
        }
    }
}

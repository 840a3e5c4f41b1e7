package org.geomech.backend.simd;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The explicit step kernel a command will run, loaded and warmed up before the command has built its step: a fresh
 * run's first steps wait for C2's code of the kernel (KernelWarmup), which takes about 0.35 s from the kernel's loading,
 * and the model, method and observers take about 0.25 s more to build before the kernel is known. A command that knows
 * its inputs early (geomech run: its arguments) names them by a key (anticipate); the kernel its last run with that key
 * confirmed (a forecast file in KernelCache's folder: the source's key, class name and warm-up arguments) is then loaded
 * from KernelCache and warmed up on a thread of its own. The run's own plan confirms it (the same instance, since
 * KernelCompiler keeps kernels by source key) or, where the inputs now give another kernel, ends its warm-up and
 * records the new one. Nothing computed depends on it: a wrong forecast only costs a core the time until the plan is
 * built, and one that no plan confirms within CONFIRM_MILLIS, or before its command ends, ends.
 */
final class KernelForecast {
    /** How long an anticipated warm-up runs without a plan confirming it (another backend ran, or a step without that kernel). */
    static final long CONFIRM_MILLIS = 3000;

    /** The open forecast of this JVM: from anticipate to its command's first explicit plan or end (null: none). */
    private static volatile KernelForecast current;

    /** The forecast file's name in KernelCache's folder (the key's hash), and how long it waits for a plan. */
    private final String key;
    private final long confirmMillis;
    private final Thread thread;
    private final CountDownLatch confirmed = new CountDownLatch(1);
    /** The kernel the forecast file named (null: none read yet). */
    private volatile Kernel anticipated;
    /** The anticipated kernel's warm-up, the kernel the plan confirmed, and whether the command ended (under this object's lock). */
    private KernelWarmup warmup;
    private Kernel planned;
    private boolean ended;

    private KernelForecast(String key, long confirmMillis) {
        this.key = key;
        this.confirmMillis = confirmMillis;
        this.thread = new Thread(this::warm, "geomech-kernel-forecast");
        thread.setDaemon(true);
    }

    /** A step kernel by its source's KernelCache key and class name, with the arguments its run calls it with. */
    record Kernel(String source, String className, KernelWarmup.Arguments calls) {
        String text() {
            return String.join("\n", source, className, Integer.toString(calls.stateSize()), Integer.toString(calls.params()),
                    Integer.toString(calls.observers()), Integer.toString(calls.flops()), Boolean.toString(calls.spanCalls()),
                    Boolean.toString(calls.grouped())) + "\n";
        }

        static Optional<Kernel> parse(String text) {
            String[] f = text.split("\n");
            try {
                return f.length != 8 ? Optional.empty() : Optional.of(new Kernel(f[0], f[1], new KernelWarmup.Arguments(Integer.parseInt(f[2]),
                        Integer.parseInt(f[3]), Integer.parseInt(f[4]), Integer.parseInt(f[5]), Boolean.parseBoolean(f[6]), Boolean.parseBoolean(f[7]))));
            } catch (NumberFormatException e) {
                return Optional.empty();
            }
        }
    }

    /**
     * The command about to run will run the step its inputs (named by key) gave last time, if any: its kernel is loaded
     * and warmed up from now on a daemon thread, until the command's plan confirms it or the command ends (end). Null
     * where another command's forecast is still open in this JVM, or kernels are not warmed up (SimdPlan.WARMUP).
     */
    static synchronized KernelForecast anticipate(String key) { return anticipate(key, CONFIRM_MILLIS); }

    /** As anticipate(key), with an anticipated warm-up that ends itself after confirmMillis unconfirmed. */
    static synchronized KernelForecast anticipate(String key, long confirmMillis) {
        if (current != null || !SimdPlan.WARMUP) return null;
        KernelForecast f = new KernelForecast(KernelCache.key("forecast\n" + key), confirmMillis);
        current = f;
        f.thread.start();
        return f;
    }

    /** The command has ended: its forecast is closed, and an anticipated warm-up that its plan never confirmed ends. */
    void end() {
        synchronized (KernelForecast.class) {
            if (current == this) current = null;
        }
        synchronized (this) {
            if (planned == null && warmup != null) warmup.cancel();
            ended = true;
        }
    }

    /** The forecast's own thread (tests: join it to see what it did). */
    Thread thread() { return thread; }

    /** The anticipated warm-up, null where there was none (no forecast, no cached class file, or the plan came first). */
    synchronized KernelWarmup warmup() { return warmup; }

    /**
     * The plan's kernel, loaded and about to be warmed up with these arguments: where a forecast warmed up another kernel
     * (or the same in another mode) its warm-up ends; the forecast of this JVM's key becomes this kernel.
     */
    static void confirm(Kernel planned, SimdStepKernel kernel) {
        KernelForecast f;
        synchronized (KernelForecast.class) {
            f = current;
            current = null;   // the command's first explicit kernel is its forecast
        }
        if (f == null) return;
        synchronized (f) {
            f.planned = planned;
            KernelWarmup w = f.warmup;
            if (w != null && !w.warms(kernel, planned.calls())) w.cancel();
        }
        f.confirmed.countDown();
        if (!planned.equals(f.anticipated)) KernelCache.write(f.key + ".forecast", planned.text().getBytes(StandardCharsets.UTF_8));
    }

    // The forecast's kernel loaded and warmed up, until a plan confirms it or CONFIRM_MILLIS pass
    private void warm() {
        Optional<Kernel> read;
        try {
            read = Kernel.parse(Files.readString(KernelCache.directory().resolve(key + ".forecast")));
        } catch (IOException e) {
            return;   // no forecast yet: the run records one
        }
        if (read.isEmpty()) return;
        Kernel k = read.get();
        anticipated = k;
        SimdStepKernel kernel;
        try {
            kernel = KernelCompiler.preload(k.source(), k.className());
        } catch (RuntimeException | LinkageError e) {
            return;   // a cached class file that is not the forecast's kernel, or one of an earlier build: the plan loads its own
        }
        if (kernel == null) return;
        synchronized (this) {
            if (ended || planned != null && !planned.equals(k)) return;   // the command ended, or its plan came first with another kernel
            warmup = KernelWarmup.of(kernel, k.calls());
        }
        try {
            if (!confirmed.await(confirmMillis, TimeUnit.MILLISECONDS)) end();
        } catch (InterruptedException e) {
            end();
        }
    }
}

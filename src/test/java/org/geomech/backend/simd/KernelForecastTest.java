package org.geomech.backend.simd;

import org.geomech.method.Methods;
import org.geomech.method.StepSystem;
import org.geomech.model.Library;
import org.geomech.solve.NewtonOptions;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A command's explicit step kernel is forecast from its inputs' key: the first command of a key records its plan's
 * kernel, the next one loads and warms up that kernel before its plan exists, and the plan then takes that very kernel
 * and warm-up; a forecast of another kernel, or one no plan confirms, ends its warm-up.
 */
class KernelForecastTest {
    private static StepSystem step(String model) { return Methods.parse("lobatto-nh:2").build(Library.system(model)); }

    // the plan of a step as SimdBackend.compile makes it (it confirms the open forecast)
    private static SimdPlan.Explicit plan(StepSystem step) {
        return (SimdPlan.Explicit) SimdPlan.of(step, List.of(), NewtonOptions.DEFAULT, SimdBackend.SPAN_CALLS);
    }

    private static String key() { return "test\n" + UUID.randomUUID(); }

    private static java.nio.file.Path forecastFile(String key) { return KernelCache.directory().resolve(KernelCache.key("forecast\n" + key) + ".forecast"); }

    // A next command of key: its forecast, open, once its thread has started a warm-up (asserted)
    private static KernelForecast next(String key, long confirmMillis) throws InterruptedException {
        KernelForecast f = KernelForecast.anticipate(key, confirmMillis);
        assertNotNull(anticipated(f), "the kernel was loaded from the cache and warmed up before the plan");
        return f;
    }

    // A next command of key whose forecast finds nothing to warm up: its thread ends without a warm-up
    private static void nothingWarmed(String key, String why) throws InterruptedException {
        KernelForecast f = KernelForecast.anticipate(key, 60_000);
        f.thread().join(30_000);
        assertFalse(f.thread().isAlive(), why + ": the forecast's thread ended");
        assertNull(f.warmup(), why + ": no warm-up");
        f.end();
    }

    // the forecast's warm-up, once its thread has started one (null where it ended without)
    private static KernelWarmup anticipated(KernelForecast f) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (f.warmup() == null && f.thread().isAlive() && System.nanoTime() < end) Thread.sleep(1);
        return f.warmup();
    }

    // The key's forecast recorded by a first command whose plan is of step; the plan's warm-up ended and forgotten, so that
    // the next warm-up of its kernel is a new one
    private static void recorded(String key, StepSystem step) throws InterruptedException {
        KernelForecast first = KernelForecast.anticipate(key, 60_000);
        assertNotNull(first, "no other forecast open");
        first.thread().join(30_000);
        assertNull(first.warmup(), "a key never run has no forecast");
        SimdPlan.Explicit plan = plan(step);
        first.end();
        plan.warmup().cancel();
        assertTrue(Files.isRegularFile(forecastFile(key)),
                "the plan recorded its kernel as the key's forecast");
    }

    @Test
    void theNextCommandOfAKeyWarmsUpTheKernelItsPlanThenTakes() throws Exception {
        String key = key();
        recorded(key, step("chaotic-nh"));
        KernelForecast next = next(key, 60_000);
        KernelWarmup early = next.warmup();
        SimdPlan.Explicit plan = plan(step("chaotic-nh"));
        next.end();
        assertSame(early, plan.warmup(), "the plan's warm-up is the one started before it");
        assertFalse(early.stopped(), "and goes on");
        assertTrue(early.warms(plan.step(), new KernelWarmup.Arguments(plan.stateSize(), step("chaotic-nh").params().size(), 0, plan.stepFlops(),
                SimdBackend.SPAN_CALLS, plan.grouped())), "of the plan's kernel instance, as the plan calls it");
    }

    @Test
    void aForecastOfAnotherKernelEndsItsWarmUpAndRecordsThePlansKernel() throws Exception {
        String key = key();
        recorded(key, step("cvt"));
        KernelForecast next = next(key, 60_000);
        KernelWarmup cvt = next.warmup();
        SimdPlan.Explicit particle = plan(step("nh-particle"));   // the key's inputs give another step now
        next.end();
        assertTrue(cvt.stopped(), "the warm-up of the kernel forecast ended");
        assertFalse(particle.warmup() == cvt, "the plan has a warm-up of its own kernel");
        assertEquals(KernelCache.key(StepKernelSource.of(step("nh-particle"), List.of(), LaneStepper.LANES).text()),
                KernelForecast.Kernel.parse(Files.readString(forecastFile(key))).orElseThrow().source(), "the forecast is now the plan's kernel");
    }

    @Test
    void aForecastNoPlanConfirmsEndsItsWarmUp() throws Exception {
        String key = key();
        recorded(key, step("chaotic-nh"));
        KernelForecast unconfirmed = next(key, 200);
        unconfirmed.thread().join(30_000);
        assertTrue(unconfirmed.warmup().stopped(), "ended 0.2 s after it started, no plan having confirmed it");

        KernelForecast ended = next(key, 60_000);
        ended.end();   // the command ended (another backend, or a step without this kernel)
        assertTrue(ended.warmup().stopped(), "ended with its command");
    }

    // a class file with every constant-pool name `from` renamed to `to` (of the same length)
    private static byte[] renamed(byte[] classFile, String from, String to) {
        byte[] f = from.getBytes(java.nio.charset.StandardCharsets.UTF_8), t = to.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        byte[] out = classFile.clone();
        int found = 0;
        for (int i = 0; i + f.length <= out.length; i++)
            if (java.util.Arrays.equals(out, i, i + f.length, f, 0, f.length)) {
                System.arraycopy(t, 0, out, i, t.length);
                found++;
            }
        assertTrue(found > 0, from + " is in the class file");
        return out;
    }

    @Test
    void aForecastOfAClassTheCacheDoesNotHoldIsDropped() throws Exception {
        String key = key();
        recorded(key, step("cvt"));
        KernelForecast.Kernel k = KernelForecast.Kernel.parse(Files.readString(forecastFile(key))).orElseThrow();
        // a class file that is no class (a cache written by something else)
        String garbage = KernelCache.key("not a class " + key);
        KernelCache.write(garbage + ".class", new byte[]{1, 2, 3});
        List<Throwable> uncaught = new java.util.concurrent.CopyOnWriteArrayList<>();
        Thread.UncaughtExceptionHandler before = Thread.getDefaultUncaughtExceptionHandler();
        Thread.setDefaultUncaughtExceptionHandler((t, e) -> uncaught.add(e));
        try {
            Files.writeString(forecastFile(key), new KernelForecast.Kernel(garbage, k.className(), k.calls()).text());
            nothingWarmed(key, "a class file that is no class");
            // the kernel's class file as an earlier build left it, before SimdStepKernel.outputs took its arguments of
            // today: it loads, and its outputs would throw AbstractMethodError at the warm-up's first call
            byte[] earlier = renamed(KernelCache.read(k.source()).orElseThrow(), "outputs", "outputz");
            String stale = KernelCache.key("an earlier build's kernel " + key);
            KernelCache.write(stale + ".class", earlier);
            Files.writeString(forecastFile(key), new KernelForecast.Kernel(stale, k.className(), k.calls()).text());
            nothingWarmed(key, "a class file of an earlier build, without a method of this build's SimdStepKernel");
        } finally {
            Thread.setDefaultUncaughtExceptionHandler(before);
        }
        assertEquals(List.of(), uncaught, "nothing escaped the forecast's thread (a stack trace on the user's terminal)");
        Files.writeString(forecastFile(key), new KernelForecast.Kernel(KernelCache.key("no such source " + key), k.className(), k.calls()).text());
        nothingWarmed(key, "a source whose class file the cache lacks");
        Files.writeString(forecastFile(key), "not a forecast\n");
        nothingWarmed(key, "an unreadable forecast");
    }
}

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
        assertTrue(Files.isRegularFile(KernelCache.directory().resolve(KernelCache.key("forecast\n" + key) + ".forecast")),
                "the plan recorded its kernel as the key's forecast");
    }

    @Test
    void theNextCommandOfAKeyWarmsUpTheKernelItsPlanThenTakes() throws Exception {
        String key = key();
        recorded(key, step("chaotic-nh"));
        KernelForecast next = KernelForecast.anticipate(key, 60_000);
        KernelWarmup early = anticipated(next);
        assertNotNull(early, "the kernel was loaded from the cache and warmed up before the plan");
        SimdPlan.Explicit plan = plan(step("chaotic-nh"));
        next.end();
        assertSame(early, plan.warmup(), "the plan's warm-up is the one started before it");
        assertFalse(early.stopped(), "and goes on");
        assertTrue(early.warms(plan.step(), plan.stateSize(), step("chaotic-nh").params().size(), 0, plan.stepFlops(), SimdBackend.SPAN_CALLS,
                plan.grouped()), "of the plan's kernel instance, as the plan calls it");
    }

    @Test
    void aForecastOfAnotherKernelEndsItsWarmUpAndRecordsThePlansKernel() throws Exception {
        String key = key();
        recorded(key, step("cvt"));
        KernelForecast next = KernelForecast.anticipate(key, 60_000);
        KernelWarmup cvt = anticipated(next);
        assertNotNull(cvt);
        SimdPlan.Explicit particle = plan(step("nh-particle"));   // the key's inputs give another step now
        next.end();
        assertTrue(cvt.stopped(), "the warm-up of the kernel forecast ended");
        assertFalse(particle.warmup() == cvt, "the plan has a warm-up of its own kernel");
        String recorded = Files.readString(KernelCache.directory().resolve(KernelCache.key("forecast\n" + key) + ".forecast"));
        assertEquals(KernelCache.key(StepKernelSource.of(step("nh-particle"), List.of(), LaneStepper.LANES).text()),
                KernelForecast.Kernel.parse(recorded).orElseThrow().source(), "the forecast is now the plan's kernel");
    }

    @Test
    void aForecastNoPlanConfirmsEndsItsWarmUp() throws Exception {
        String key = key();
        recorded(key, step("chaotic-nh"));
        KernelForecast unconfirmed = KernelForecast.anticipate(key, 200);
        KernelWarmup w = anticipated(unconfirmed);
        assertNotNull(w);
        unconfirmed.thread().join(30_000);
        assertTrue(w.stopped(), "ended 0.2 s after it started, no plan having confirmed it");

        KernelForecast ended = KernelForecast.anticipate(key, 60_000);
        KernelWarmup v = anticipated(ended);
        assertNotNull(v);
        ended.end();   // the command ended (another backend, or a step without this kernel)
        assertTrue(v.stopped(), "ended with its command");
    }

    @Test
    void aForecastOfAClassTheCacheDoesNotHoldIsDropped() throws Exception {
        String key = key();
        recorded(key, step("cvt"));
        java.nio.file.Path file = KernelCache.directory().resolve(KernelCache.key("forecast\n" + key) + ".forecast");
        KernelForecast.Kernel k = KernelForecast.Kernel.parse(Files.readString(file)).orElseThrow();
        // a class file that is no class (a cache written by something else), and a source whose class file the cache lacks
        String garbage = KernelCache.key("not a class " + key);
        KernelCache.write(garbage + ".class", new byte[]{1, 2, 3});
        List<Throwable> uncaught = new java.util.concurrent.CopyOnWriteArrayList<>();
        Thread.UncaughtExceptionHandler before = Thread.getDefaultUncaughtExceptionHandler();
        Thread.setDefaultUncaughtExceptionHandler((t, e) -> uncaught.add(e));
        try {
            dropped(key, file, garbage, k);
        } finally {
            Thread.setDefaultUncaughtExceptionHandler(before);
        }
        assertEquals(List.of(), uncaught, "nothing escaped the forecast's thread (a stack trace on the user's terminal)");
    }

    private static void dropped(String key, java.nio.file.Path file, String garbage, KernelForecast.Kernel k) throws Exception {
        for (KernelForecast.Kernel wrong : List.of(new KernelForecast.Kernel(garbage, k.className(), k.stateSize(), k.params(), k.observers(),
                k.flops(), k.spanCalls(), k.grouped()), new KernelForecast.Kernel(KernelCache.key("no such source " + key), k.className(),
                k.stateSize(), k.params(), k.observers(), k.flops(), k.spanCalls(), k.grouped()))) {
            Files.writeString(file, wrong.text());
            KernelForecast f = KernelForecast.anticipate(key, 60_000);
            f.thread().join(30_000);
            assertFalse(f.thread().isAlive(), "the forecast's thread ended without a warm-up");
            assertNull(f.warmup());
            f.end();
        }
        Files.writeString(file, "not a forecast\n");
        KernelForecast f = KernelForecast.anticipate(key, 60_000);
        f.thread().join(30_000);
        assertNull(f.warmup(), "an unreadable forecast is none");
        f.end();
    }
}

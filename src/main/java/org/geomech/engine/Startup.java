package org.geomech.engine;

import java.lang.management.ManagementFactory;
import java.util.OptionalDouble;

/** The time from the JVM's start to the first step of the first ensemble run (start-up cost). */
public final class Startup {
    private static volatile long firstStep;

    private Startup() {}

    /** Notes that a run is about to take its first step; only the first call of the process counts. */
    static void firstStep() {
        if (firstStep == 0) firstStep = System.currentTimeMillis();
    }

    /** Seconds from the JVM's start (JVM start-up, code generation, compilation included) to the first step, if one was taken. */
    public static OptionalDouble seconds() {
        long first = firstStep;
        return first == 0 ? OptionalDouble.empty() : OptionalDouble.of((first - ManagementFactory.getRuntimeMXBean().getStartTime()) * 1e-3);
    }
}

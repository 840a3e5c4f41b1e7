package org.geomech.expr;

import java.lang.management.ManagementFactory;

/**
 * Prints the bytes a call of StrictMath's sin or cos allocates once compiled: 20 rounds of 10^6 calls each on
 * arguments in [0, pi/2] (those of chaotic-nh's initial values, which reduce by pi/2), the last round's per call.
 */
public final class StrictTrigAllocationProbe {
    private StrictTrigAllocationProbe() {}

    public static void main(String[] args) {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        double sum = 0, perCall = 0;
        for (int round = 0; round < 20; round++) {
            long before = threads.getCurrentThreadAllocatedBytes();
            for (int i = 0; i < 1_000_000; i++) {
                double x = i * (Math.PI / 2 / 1_000_000);
                sum += StrictMath.cos(x) + StrictMath.sin(x);
            }
            perCall = (threads.getCurrentThreadAllocatedBytes() - before) / 2e6;
        }
        System.out.println("bytes a call " + perCall + " (sum " + sum + ")");
    }
}

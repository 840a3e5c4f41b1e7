package org.geomech.backend.simd;

import org.geomech.LaunchersJava;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The reduction's warm-up (KernelWarmup.REDUCTION_MEMBERS) takes every loop of LaneReduction.lanes, so that C2's code
 * of it stays in place through a run's partial last block: in a JVM of the launcher's JDK and options, after the
 * warm-up, the reductions of a 10^4-member run's blocks (the last of 784 members) leave no C2 code of LaneReduction.lanes
 * (-XX:+PrintCompilation: "made not entrant" at tier 4). With whole blocks alone in the warm-up, C2 compiled the loop
 * over single lane-blocks as a trap, the first partial block left C2's code, and a fresh 10^4-member run waited
 * 50-75 ms for the JIT's tiers again (benchmarks/RESULTS.md).
 */
class ReductionWarmupTest {
    @Test
    void aPartialLastBlockKeepsTheReductionsC2Code() throws IOException, InterruptedException {
        String said = LaunchersJava.probe(ReductionTrapProbe.class, "-XX:+PrintCompilation");
        int warmed = said.indexOf("warmed up, reduction fast true"), reduced = said.indexOf("reduced 784.0 members");
        assertTrue(warmed >= 0 && reduced > warmed, "the warm-up reached LaneReduction's C2 code, then the blocks were reduced: " + said);
        String after = said.substring(warmed, reduced);
        assertFalse(Pattern.compile("\\s4\\s+org\\.geomech\\.backend\\.simd\\.LaneReduction::lanes .*made not entrant").matcher(after).find(),
                LaunchersJava.path() + ": C2's code of LaneReduction.lanes left on a partial block:\n" + after);
    }
}

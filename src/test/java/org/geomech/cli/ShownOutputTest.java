package org.geomech.cli;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The README test's comparison: what it masks, what it keeps, and the digits shown; and how README blocks are read. */
class ShownOutputTest {
    private static final List<String> PRINTED = List.of(
            "planar-pendulum, rattle, 50 member(s), reference on this CPU (16 threads)",
            "h = 0.01: 2000 steps, 50 of 50 members ok, 0.0723 s stepping, 1.38e+06 member-steps/s, first step 2.17 s after start",
            "  at t = 20  mean       max        msd",
            "  energy     -0.3966    0.4699     1.199e-10",
            "results in /tmp/x/run1 (status.txt, summary.json)");

    @Test
    void timesRatesThreadsAndFoldersAreMasked() {
        List<String> shown = List.of(
                "planar-pendulum, rattle, 50 member(s), reference on this CPU (2 threads)",
                "h = 0.01: 2000 steps, 50 of 50 members ok, 1.68 s stepping, 5.94e+04 member-steps/s, first step 0.9 s after start",
                "  at t = 20  mean     max     msd",
                "  energy  -0.3966  0.4699  1.199e-10",
                "results in runs/run-20250101-120000 (status.txt, summary.json)");
        assertEquals(java.util.Optional.empty(), new ShownOutput(shown, true).difference(PRINTED));
    }

    @Test
    void aChangedDigitOrStepCountFails() {
        List<String> digit = List.of(PRINTED.get(0), PRINTED.get(1), PRINTED.get(2), "  energy  -0.3967  0.4699  1.199e-10", PRINTED.get(4));
        assertTrue(new ShownOutput(digit, true).difference(PRINTED).orElseThrow().startsWith("shown line 4"));
        List<String> steps = List.of(PRINTED.get(0), PRINTED.get(1).replace("2000 steps", "1000 steps"), PRINTED.get(2), PRINTED.get(3), PRINTED.get(4));
        assertTrue(new ShownOutput(steps, true).difference(PRINTED).orElseThrow().startsWith("shown line 2"));
        // with numbers masked (a run at another size), only the text counts
        assertTrue(new ShownOutput(steps, false).difference(PRINTED).isEmpty());
    }

    @Test
    void numbersCountToTheirShownDigits() {
        assertTrue(ShownOutput.sameAtShownDigits("0.0267", "0.02669"), "0.02669 rounds to 0.0267");
        assertFalse(ShownOutput.sameAtShownDigits("0.0267", "0.02664"), "0.02664 rounds to 0.0266");
        assertTrue(ShownOutput.sameAtShownDigits("7.2e-5", "7.215e-05"));
        assertFalse(ShownOutput.sameAtShownDigits("7.2e-5", "7.015e-05"));
        assertFalse(ShownOutput.sameAtShownDigits("2.97", "0.00"));
    }

    @Test
    void ellipsesElideTextAndLines() {
        assertTrue(new ShownOutput(List.of(PRINTED.get(0), "...", "results in runs/x (status.txt, ...)"), true).difference(PRINTED).isEmpty());
        assertFalse(new ShownOutput(List.of(PRINTED.get(0), "...", "  energy  -0.3966 ..."), true).difference(PRINTED).isEmpty(),
                "the line after the elided ones must be the printed output's last");
        assertEquals("shown line 3 \"extra\" is missing: the output ended",
                new ShownOutput(List.of("...", "results in runs/x (status.txt, summary.json)", "extra"), true).difference(PRINTED).orElseThrow());
    }

    @Test
    void aCrosscheckSecondsColumnIsMasked() {
        List<String> printed = List.of("backend    worst  failed  seconds  q1", "reference  0.000  0       0.228    0.000", "simd       0.000  0       8.55     0.000");
        List<String> shown = List.of("backend worst failed seconds q1", "reference 0.000 0 0.328 0.000", "simd 0.000 0 3.28 0.000");
        assertTrue(new ShownOutput(shown, true).difference(printed).isEmpty());
        List<String> worse = List.of(shown.get(0), shown.get(1), "simd 0.001 0 3.28 0.000");
        assertFalse(new ShownOutput(worse, true).difference(printed).isEmpty());
    }

    @Test
    void blocksAreReadWithTheirTreatment() {
        List<String> readme = List.of(
                "<!-- readme-test: runs as `./geomech demo --members 21` (10^4 members take a minute); numbers not compared -->",
                "```",
                "$ ./geomech demo",
                "10000 members",
                "```",
                "```",
                "./geomech run --model cvt --param 'eps=[0.25,0.5,1]' \\",
                "  --h 0.1   # a sweep",
                "```");
        List<ReadmeCommands.Command> c = ReadmeCommands.parse(readme);
        assertEquals(2, c.size());
        assertEquals(List.of("demo", "--members", "21"), c.get(0).treatment().runsAs());
        assertFalse(c.get(0).treatment().numbersCompared());
        assertEquals(List.of("10000 members"), c.get(0).shown());
        assertEquals(List.of("run", "--model", "cvt", "--param", "eps=[0.25,0.5,1]", "--h", "0.1"), c.get(1).args());
        assertEquals(7, c.get(1).line());
    }

    @Test
    void anUnmarkedOtherCommandIsRefused() {
        List<String> readme = List.of("```", "mvn -B install", "```");
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> ReadmeCommands.parse(readme));
        assertTrue(e.getMessage().startsWith("README.md line 2:"), e.getMessage());
        assertTrue(ReadmeCommands.parse(List.of("<!-- readme-test: not run (the test command itself) -->", "```", "mvn -B install", "```")).isEmpty());
    }
}

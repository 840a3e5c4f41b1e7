package org.geomech.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** --iteration: the chord iteration runs vi: and reports its iteration counts; a method without the form is a one-line error, exit 2. */
class IterationCliTest {
    @TempDir
    Path dir;

    @Test
    void chordRunsAndCountsItsIterations() throws Exception {
        // 000 spec sec. 6: the chord iteration converges for h sqrt(g / l) well below 0.5; geomech's default spherical pendulum has g = 9.81
        Cli.Result r = Cli.run("run", "--model", "spherical-pendulum", "--method", "vi:rk4", "--iteration", "chord", "--h", "0.02",
                "--t-end", "0.2", "--no-plots", "--quiet", "--out", dir.resolve("out").toString());
        assertEquals(0, r.exit(), r.err());
        String summary = Files.readString(dir.resolve("out").resolve("summary.json"));
        assertTrue(summary.contains("\"iteration\" : \"CHORD\""), summary);
        // the iteration matrix is evaluated and factorised once per step: 10 steps of run's 1000 members, 10^4 factorisations
        assertTrue(summary.contains("\"jacobian_factorisations\" : 10000,"), summary);
    }

    @Test
    void describeNamesTheIterations() {
        Cli.Result r = Cli.run("describe", "vi:euler", "--model", "spherical-pendulum");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("  iterations:   newton, chord, chord-as-printed, chord-only-s4.6a-fixed, chord-only-s4.7a-fixed (--iteration)"), r.out());
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', value = {
            "rattle| chord| geomech: error: method rattle has no chord iteration; use --iteration newton",
            "vi:rk4| fixed-point| geomech: error: method vi:rk4 has no fixed-point iteration; it has newton, chord, chord-as-printed, chord-only-s4.6a-fixed, chord-only-s4.7a-fixed",
            "vi:rk4| secant| geomech: error: iteration must be newton, chord, chord-as-printed, chord-only-s4.6a-fixed, chord-only-s4.7a-fixed or fixed-point, got 'secant'"})
    void withoutTheFormIsOneLine(String method, String iteration, String message) {
        Cli.Result r = Cli.run("run", "--model", "spherical-pendulum", "--method", method, "--iteration", iteration, "--h", "0.02",
                "--t-end", "0.02", "--out", dir.resolve("o").toString());
        assertEquals(2, r.exit(), r.err());
        assertEquals(java.util.List.of(message), r.errLines());
    }
}

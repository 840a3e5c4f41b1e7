package org.geomech.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Bad input (the list): one line on stderr starting geomech: error: and naming the problem, exit code 2. */
class BadInputTest {
    // A valid scenario (a planar knife edge); each case replaces one of LAGRANGIAN, CONSTRAINT, Q
    private static final String TEMPLATE = String.join("\n",
            "model:",
            "  name: edge",
            "  coordinates: [x, y, theta]",
            "  lagrangian: LAGRANGIAN",
            "  nonholonomic: [CONSTRAINT]",
            "h: 0.1",
            "t_end: 1",
            "initial:",
            "  q: Q",
            "");
    private static final String L = "0.5*(dot(x)^2 + dot(y)^2 + dot(theta)^2)";
    private static final String PHI = "sin(theta)*dot(x) - cos(theta)*dot(y)";

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = ';', value = {
            "malformed expression      ; 0.5*(dot(x)^2 + dot(y)^2 + dot(theta)^2) - x*( ; " + PHI + " ; '{x: 1}'          ; (?i).*lagrangian.*",
            "unknown symbol            ; " + L + " - foo*x                               ; " + PHI + " ; '{x: 1}'          ; .*foo.*",
            "constraint not linear     ; " + L + "                                       ; dot(x)^2 - dot(y) ; '{x: 1}'  ; .*not linear in the velocities.*",
            "two values for three     ; " + L + "                                       ; " + PHI + " ; '[1, 2]'          ; .*3 coordinates.*2 values given.*",
            "unknown coordinate        ; " + L + "                                       ; " + PHI + " ; '{z: 1}'          ; .*no coordinate 'z'.*",
            "log(-1)                   ; " + L + "                                       ; " + PHI + " ; '{x: \"log(-1)\"}' ; (?i).*(finite|nan|log).*",
            "1/0                       ; " + L + "                                       ; " + PHI + " ; '{x: \"1/0\"}'     ; (?i).*(finite|infinit|zero).*"})
    void oneLineAndExitCode2(String name, String lagrangian, String constraint, String q, String problem) throws IOException {
        Path file = dir.resolve("s.yaml");
        Files.writeString(file, TEMPLATE.replace("LAGRANGIAN", lagrangian.trim()).replace("CONSTRAINT", constraint.trim()).replace("Q", q.trim()));
        Path out = dir.resolve("out");
        Cli.Result r = Cli.run("run", file.toString(), "--out", out.toString());
        assertOneLineError(r, problem);
        assertFalse(Files.exists(out), "nothing was computed, so no output folder");
    }

    @Test
    void badFlagIsOneLine() {
        assertOneLineError(Cli.run("run", "--model", "nh-particle", "--h", "0.1,abc", "--t-end", "1"), ".*'abc'.*");
    }

    @Test
    void missingScenarioFileIsOneLine() {
        assertOneLineError(Cli.run("run", dir.resolve("nope.yaml").toString()), ".*does not exist.*");
    }

    @Test
    void methodThatDoesNotFitTheModel() {
        // lobatto-nh handles nonholonomic constraints only; planar-pendulum is holonomic
        assertOneLineError(Cli.run("run", "--model", "planar-pendulum", "--method", "lobatto-nh:2", "--h", "0.1", "--t-end", "1",
                "--out", dir.resolve("o").toString()), ".*holonomic.*");
    }

    @Test
    void errorAfterTheFolderExistsIsRecordedInTheSummary() throws IOException {
        // rattle cannot be the reference on a nonholonomic model; the study stops after the output folder was made
        Path out = dir.resolve("order");
        Cli.Result r = Cli.run("order", "--model", "nh-particle", "--h", "0.1,0.05", "--t-end", "1", "--reference", "rattle", "--out", out.toString());
        assertOneLineError(r, ".*rattle.*");
        assertTrue(Files.readString(out.resolve("summary.json")).contains("\"error\""));
    }

    private static void assertOneLineError(Cli.Result r, String problem) {
        assertEquals(2, r.exit(), r.err());
        assertEquals(1, r.errLines().size(), r.err());
        String line = r.errLines().get(0);
        assertTrue(line.startsWith("geomech: error: "), line);
        assertTrue(line.matches(problem), line + " should match " + problem);
    }
}

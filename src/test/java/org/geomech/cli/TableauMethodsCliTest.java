package org.geomech.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** rk:TABLEAU and vi:TABLEAU from the command line: a user's tableau file runs; bad tableaux and biases are one-line errors, exit 2. */
class TableauMethodsCliTest {
    @TempDir
    Path dir;

    @Test
    void aUsersTableauFileRuns() throws IOException {
        // Ralston's second-order method from a file, as the standard layer of vi: on the spherical pendulum
        Path file = dir.resolve("ralston.yaml");
        Files.writeString(file, "order: 2\na: [[0, 0], [2/3, 0]]\nb: [1/4, 3/4]\nc: [0, 2/3]\n");
        Cli.Result r = Cli.run("run", "--model", "spherical-pendulum", "--method", "vi:" + file, "--h", "0.05", "--t-end", "0.5",
                "--members", "2", "--no-plots", "--quiet", "--out", dir.resolve("out").toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("vi:ralston"), r.out());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = ';', value = {
            "rows do not sum to c ; a: [[0, 0], [0.5, 0]]\\nb: [0.5, 0.5]\\nc: [0, 1]\\norder: 2      ; vi: ; .*row 2 of A sums to 1/2, not to c2 = 1.*",
            "A not square         ; a: [[0, 0], [1]]\\nb: [0.5, 0.5]\\nc: [0, 1]\\norder: 2           ; vi: ; .*A is not square.*",
            "implicit in a file   ; a: [[0.5]]\\nb: [1]\\nc: [0.5]\\norder: 2                        ; rk: ; .*implicit.*",
            "entry not a number   ; a: [[0, 0], [x, 0]]\\nb: [0.5, 0.5]\\nc: [0, 1]\\norder: 2      ; vi: ; .*'x' is not a number.*"})
    void badTableauFileIsOneLine(String name, String text, String prefix, String problem) throws IOException {
        Path file = dir.resolve("t.yaml");
        Files.writeString(file, text.trim().replace("\\n", "\n"));
        assertOneLineError(run(prefix.trim() + file), problem);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = ';', value = {
            "vi:lobatto-iiia:3      ; .*lobatto-iiia:3 is implicit.*",
            "rk:lobatto-iiia:2      ; .*lobatto-iiia:2 is implicit.*",
            "vi:rk4,-0.5,0.6        ; .*alpha\\+ - alpha- = 1.*",
            "vi:rk4,0.5,1.5         ; .*-1 <= alpha- <= 0.*",
            "vi:rk4,-1/2            ; .*vi:TABLEAU,alpha-,alpha\\+.*",
            "vi:rk5                 ; .*unknown tableau 'rk5'.*",
            "vi:missing.yaml        ; .*missing.yaml.*"})
    void badMethodIsOneLine(String method, String problem) {
        assertOneLineError(run(method.trim()), problem);
    }

    private Cli.Result run(String method) {
        return Cli.run("run", "--model", "spherical-pendulum", "--method", method, "--h", "0.1", "--t-end", "0.1", "--out", dir.resolve("o").toString());
    }

    private static void assertOneLineError(Cli.Result r, String problem) {
        assertEquals(2, r.exit(), r.err());
        assertEquals(1, r.errLines().size(), r.err());
        String line = r.errLines().get(0);
        assertTrue(line.startsWith("geomech: error: "), line);
        assertTrue(line.matches(problem), line + " should match " + problem);
    }
}

package org.geomech.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Each bad input of issue 27 item 1 with its exact expected outcome: one line naming the problem, exit code 2 (the issue's wording in the comments). */
class Issue27ExamplesTest {
    private static final String[] SHORT_RUN = {"--h", "0.1", "--t-end", "0.5", "--no-plots", "--quiet"};

    @TempDir
    Path dir;

    @Test
    void hugeEuclideanGroup() throws IOException {
        // "a Lie model with group: R^99999999999999999999": was internal error, NumberFormatException
        Path file = dir.resolve("top.yaml");
        Files.writeString(file, Files.readString(Path.of("examples/lagrange-top.yaml")).replace("group: SO(3)", "group: R^99999999999999999999"));
        assertBadInput(run(file.toString()), "geomech: error: top.yaml: model.group: group 'R^99999999999999999999' in 'R^99999999999999999999': R^n takes n from 1 to 64, not 99999999999999999999");
    }

    @Test
    void npyHeaderClaimingATrillionRows() throws IOException {
        // "an .npy whose header claims shape (10^12, 6) given to --initial": was internal error, NumberFormatException
        Path file = dir.resolve("huge.npy");
        Files.write(file, npyHeader("{'descr': '<f8', 'fortran_order': False, 'shape': (1000000000000, 6), }"));
        assertBadInput(run("--model", "nh-particle", "--initial", file.toString()),
                "geomech: error: --initial: " + file + ": shape (1000000000000, 6) needs 48000000000000 bytes of data, the file has 0");
    }

    @Test
    void parameterGivenTwice() {
        // "two --param eps= flags (the last wins)"
        assertBadInput(run("--model", "chaotic-nh", "--param", "eps=0.3", "--param", "eps=0.5"),
                "geomech: error: --param: eps is given twice (eps=0.3 and 0.5); give it once");
    }

    @Test
    void csvWithADuplicatedColumn() throws IOException {
        // "a CSV with a duplicated column"
        Path file = dir.resolve("states.csv");
        Files.writeString(file, "x,y,z,x\n1,2,3,4\n");
        assertBadInput(run("--model", "nh-particle", "--initial", file.toString()),
                "geomech: error: --initial: " + file + ": column 'x' appears twice in the header (columns 1 and 4)");
    }

    @Test
    void csvWithANulInAHeader() throws IOException {
        // "or a NUL in a header": trimming took the NUL away, so x\0 was read as x
        Path file = dir.resolve("states.csv");
        Files.writeString(file, "x\0,y,z\n1,2,3\n", StandardCharsets.UTF_8);
        assertBadInput(run("--model", "nh-particle", "--initial", file.toString()),
                "geomech: error: --initial: " + file + ": column 1 of the header holds the control character U+0000");
    }

    @Test
    void emptyTrajectorySelection() {
        // "--save-trajectories \"\"", and "," which split into no items at all and ran with no trajectory (exit 0)
        for (String selection : new String[]{"", ","})
            assertBadInput(run("--model", "nh-particle", "--save-trajectories", selection, "--out", dir.resolve("out").toString()),
                    "geomech: error: --save-trajectories: no members selected (give member indices 0,5,9, ranges 0-99, or all)");
    }

    @Test
    void tableauWhoseWeightsSumToOneHalf() throws IOException {
        // "a tableau file whose b sums to 1/2 (not even consistent: the method converges to the wrong solution)"
        assertBadInput(tableau("half", "order: 2\na: [[0, 0], [1, 0]]\nb: [1/4, 1/4]\nc: [0, 1]\n", "vi:"),
                "geomech: error: tableau half: order 2 is claimed, but the order condition for tree t (order 1) fails: sum b_i = 1/2, expected 1");
    }

    @Test
    void secondOrderTableauClaimingOrderNine() throws IOException {
        // "one that claims order: 9 for a second-order tableau": Ralston's explicit two stages give sum b_i a_ij c_j = b_2 a_21 c_1 = 0, not 1/6
        assertBadInput(tableau("ralston", "order: 9\na: [[0, 0], [2/3, 0]]\nb: [1/4, 3/4]\nc: [0, 2/3]\n", "rk:"),
                "geomech: error: tableau ralston: order 9 is claimed, but the order condition for tree [[t]] (order 3) fails: sum b_i a_ij c_j = 0, expected 1/6");
    }

    /** The tableau file NAME.yaml as the method prefix + file on the spherical pendulum. */
    private Cli.Result tableau(String name, String text, String prefix) throws IOException {
        Path file = Files.writeString(dir.resolve(name + ".yaml"), text);
        return run("--model", "spherical-pendulum", "--method", prefix + file);
    }

    private static Cli.Result run(String... args) {
        String[] all = new String[1 + args.length + SHORT_RUN.length];
        all[0] = "run";
        System.arraycopy(args, 0, all, 1, args.length);
        System.arraycopy(SHORT_RUN, 0, all, 1 + args.length, SHORT_RUN.length);
        return Cli.run(all);
    }

    /** A version 1.0 .npy header (magic, version, length, dictionary padded to 64 bytes) with no data after it. */
    private static byte[] npyHeader(String dictionary) {
        StringBuilder h = new StringBuilder(dictionary);
        while ((10 + h.length() + 1) % 64 != 0) h.append(' ');
        h.append('\n');
        ByteBuffer b = ByteBuffer.allocate(10 + h.length()).order(ByteOrder.LITTLE_ENDIAN);
        b.put(new byte[]{(byte) 0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0}).putShort((short) h.length()).put(h.toString().getBytes(StandardCharsets.ISO_8859_1));
        return b.array();
    }

    private static void assertBadInput(Cli.Result r, String line) {
        assertEquals(2, r.exit(), r.err());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.errLines().get(0).matches(java.util.regex.Pattern.quote(line)), r.errLines().get(0) + " should be " + line);
    }
}

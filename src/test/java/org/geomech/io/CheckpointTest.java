package org.geomech.io;

import org.geomech.engine.MemberFailure;
import org.geomech.engine.Stage;
import org.geomech.engine.Trajectories;
import org.geomech.engine.EnsembleRun;
import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.InitialStates;
import org.geomech.ensemble.Reduction;
import org.geomech.ensemble.Statistics;
import org.geomech.method.Methods;
import org.geomech.method.StateLayout;
import org.geomech.InputException;
import org.geomech.model.Library;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A checkpoint (a sweep's block partials and the spread included) reads back bitwise; a truncated, altered or missing one is refused with one line. */
class CheckpointTest {
    @TempDir
    Path dir;

    private static final StateLayout LAYOUT = Methods.parse("rattle").build(Library.system("planar-pendulum")).layout();

    /** An ensemble of 1500 members with arbitrary bits (NaN and infinities included) and two failed members. */
    private static EnsembleState ensemble() {
        EnsembleState s = new EnsembleState(LAYOUT, 1500);
        Random r = new Random(3);
        for (int c = 0; c < s.components(); c++)
            for (int j = 0; j < s.members(); j++) s.set(c, j, Double.longBitsToDouble(r.nextLong()));
        s.set(0, 7, Double.NaN);
        s.set(0, 8, Double.NEGATIVE_INFINITY);
        s.fail(5, 17, EnsembleState.Status.NEWTON_ITERATION_LIMIT);
        s.fail(1499, 3, EnsembleState.Status.NON_FINITE);
        return s;
    }

    /** Rows of a sweep's launch as a run keeps them (two points of one block each, their partials kept) and one without partials. */
    private static Checkpoint.Header header(EnsembleState s) {
        double[] partials = {1024, 1.5, 2.5, 0, 476, 2.5, 3.5, 1e-300};
        Reduction.Result kept = Reduction.combine(partials, 2, 1);
        List<EnsembleRun.Row> rows = List.of(new EnsembleRun.Row(0, 0, kept.ok(), kept.stats(), kept),
                new EnsembleRun.Row(0.3, 3, 1499, List.of(new Statistics(Double.NaN, Double.NEGATIVE_INFINITY, 1e-300))));
        double[] initial = new double[s.members()];
        for (int j = 0; j < initial.length; j++) initial[j] = Math.sqrt(j + 0.5);
        Trajectories t = new Trajectories(List.of(0, 9), s.members());
        t.record(0, s);
        Stage done = new Stage(0.2, new EnsembleRun.Result(rows, 4000, 3, 2500, 1.25),
                List.of(new MemberFailure(1, 3, 2, EnsembleState.Status.SINGULAR_JACOBIAN)), null, spread(3),
                new double[][][]{{{1, 2}, {3, Double.NaN}}, {{-0.0, 5}, {6, 7}}}, List.of());
        return new Checkpoint.Header("1.2.3", "planar-pendulum, rattle", List.of("--model", "planar-pendulum", "--h", "0.2,0.1"), "t_end: 3\nmethod: rattle\n",
                new InitialStates.Report(0.25, 0.125), List.of(done), 1, new EnsembleRun.Snapshot(4, rows, 1234, 5, 777, 0.5, initial), t,
                spread(2), s.members(), s.components());
    }

    /** A spread at some output times: [time][point][observer][min, std, two quantiles], with a NaN where a point has no ok member. */
    private static List<double[][][]> spread(int times) {
        List<double[][][]> out = new java.util.ArrayList<>();
        for (int k = 0; k < times; k++) out.add(new double[][][]{{{-1.0 - k, 0.5, 0.25, 0.75}}, {{Double.NaN, Double.NaN, Double.NaN, Double.NaN}}});
        return out;
    }

    @Test
    void readsBackBitwise() throws Exception {
        EnsembleState s = ensemble();
        Checkpoint.Header h = header(s);
        Path file = dir.resolve(Checkpoint.FILE);
        Checkpoint.write(file, h, s);
        Checkpoint.Header back = Checkpoint.read(file);
        assertEquals(h.version(), back.version());
        assertEquals(h.fingerprint(), back.fingerprint());
        assertEquals(h.arguments(), back.arguments());
        assertEquals(h.scenarioText(), back.scenarioText());
        assertEquals(h.consistency(), back.consistency());
        assertEquals(1, back.stage());
        assertEquals(h.finished().get(0).result(), back.finished().get(0).result(), "finished step size's rows and counters (records compare doubles bitwise)");
        assertEquals(h.finished().get(0).failures(), back.finished().get(0).failures());
        assertNull(back.finished().get(0).trajectories());
        assertEquals(h.snapshot().rows(), back.snapshot().rows());
        assertEquals(h.snapshot().rows().get(0).reduction(), back.snapshot().rows().get(0).reduction(), "block partials (compared bitwise)");
        assertEquals(h.snapshot().rows().get(0).blocks(1, 2), back.snapshot().rows().get(0).blocks(1, 2), "the second point's row from the partials");
        assertNull(back.snapshot().rows().get(1).reduction());
        assertSpreadEquals(h.finished().get(0).spread(), back.finished().get(0).spread());
        assertSpreadEquals(h.spread(), back.spread());
        for (int p = 0; p < 2; p++)
            for (int j = 0; j < 2; j++)
                assertArrayEquals(h.finished().get(0).finalStates()[p][j], back.finished().get(0).finalStates()[p][j], 0.0, "final state " + p + ", " + j);
        assertEquals(List.of(h.snapshot().step(), h.snapshot().newtonIterations(), (long) h.snapshot().maxNewtonIterations(), h.snapshot().jacobianFactorisations()),
                List.of(back.snapshot().step(), back.snapshot().newtonIterations(), (long) back.snapshot().maxNewtonIterations(), back.snapshot().jacobianFactorisations()));
        assertArrayEquals(h.snapshot().initialValues(), back.snapshot().initialValues());
        assertArrayEquals(h.trajectories().flat(), back.trajectories().flat());
        assertArrayEquals(h.trajectories().members(), back.trajectories().members());
        EnsembleState into = new EnsembleState(LAYOUT, s.members());
        Checkpoint.readState(file, into);
        for (int c = 0; c < s.components(); c++)
            for (int j = 0; j < s.members(); j++)
                assertEquals(Double.doubleToRawLongBits(s.get(c, j)), Double.doubleToRawLongBits(into.get(c, j)), "component " + c + " of member " + j);
        for (int j = 0; j < s.members(); j++) {
            assertEquals(s.status(j), into.status(j), "status " + j);
            assertEquals(s.failedStep(j), into.failedStep(j), "failed step " + j);
        }
        assertTrue(Files.list(dir).allMatch(p -> p.getFileName().toString().equals(Checkpoint.FILE)), "no temporary file left beside it");
    }

    /**
     * Format 3 stored a finished step size's failures by launch index: the same checkpoint in format 3 (its failure, point
     * 1's member 3, as launch index 1027 = 1024 + 3 in a launch of two points of one 1024-member block each, and a
     * padding member's EXCLUDED status at 1030, and no count of retried members) reads back as point 1, member 3, the padding
     * left out.
     */
    @Test
    void readsFormat3FailuresByLaunchIndex() throws Exception {
        EnsembleState s = ensemble();
        Checkpoint.Header h = header(s);
        Path file = dir.resolve(Checkpoint.FILE);
        Checkpoint.write(file, h, s);
        byte[] four = Files.readAllBytes(file);
        java.nio.ByteBuffer pattern = java.nio.ByteBuffer.allocate(21).putInt(1).putInt(1).putInt(3).putLong(2).put((byte) EnsembleState.Status.SINGULAR_JACOBIAN.ordinal());
        int at = indexOf(four, pattern.array());
        java.io.ByteArrayOutputStream three = new java.io.ByteArrayOutputStream();
        three.write(four, 0, at);
        three.write(java.nio.ByteBuffer.allocate(30).putInt(2).putInt(1027).putLong(2).put((byte) EnsembleState.Status.SINGULAR_JACOBIAN.ordinal())
                .putInt(1030).putLong(0).put((byte) EnsembleState.Status.EXCLUDED.ordinal()).array());
        three.write(four, at + pattern.capacity(), four.length - 12 - at - pattern.capacity());
        byte[] withRetried = three.toByteArray();
        // format 4 then counts the stage's retried members (none) after its final states, which end with point 1's member 1, {6, 7}
        int retriedAt = indexOf(withRetried, java.nio.ByteBuffer.allocate(24).putDouble(6).putDouble(7).putInt(0).putInt(1).array()) + 16;
        byte[] body = new byte[withRetried.length - 4];
        System.arraycopy(withRetried, 0, body, 0, retriedAt);
        System.arraycopy(withRetried, retriedAt + 4, body, retriedAt, body.length - retriedAt);
        int formatAt = "GEOMECH-CHECKPOINT\n".length();
        java.nio.ByteBuffer.wrap(body).putInt(formatAt, 3);
        java.util.zip.CRC32C crc = new java.util.zip.CRC32C();
        crc.update(body);
        Files.write(file, java.nio.ByteBuffer.allocate(body.length + 12).put(body).putLong(body.length).putInt((int) crc.getValue()).array());
        Checkpoint.Header back = Checkpoint.read(file);
        assertEquals(h.finished().get(0).failures(), back.finished().get(0).failures());
        assertEquals(h.snapshot().rows(), back.snapshot().rows());
    }

    private static int indexOf(byte[] in, byte[] pattern) {
        int found = -1;
        for (int i = 0; i + pattern.length <= in.length; i++)
            if (java.util.Arrays.equals(in, i, i + pattern.length, pattern, 0, pattern.length)) {
                assertEquals(-1, found, "the failure's bytes occur once");
                found = i;
            }
        assertTrue(found >= 0, "the failure's bytes are in the file");
        return found;
    }

    @Test
    void truncatedOrAlteredCheckpointsAreRefused() throws Exception {
        EnsembleState s = ensemble();
        Path file = dir.resolve(Checkpoint.FILE);
        Checkpoint.write(file, header(s), s);
        byte[] good = Files.readAllBytes(file);
        Random r = new Random(11);
        // a run killed while writing leaves no partial file (AtomicFile), but a copy cut short or a disk error can
        for (int k = 0; k < 40; k++) {
            int length = k == 0 ? 0 : r.nextInt(good.length);
            Files.write(file, java.util.Arrays.copyOf(good, length));
            assertRefused(file, "truncated to " + length + " bytes");
        }
        // one flipped bit anywhere: magic, header, rows, states, statuses, trailer
        for (int k = 0; k < 200; k++) {
            byte[] bad = good.clone();
            int at = k < 20 ? good.length - 1 - k : r.nextInt(good.length);
            bad[at] ^= (byte) (1 << r.nextInt(8));
            Files.write(file, bad);
            assertRefused(file, "bit flipped at byte " + at);
        }
        byte[] longer = java.util.Arrays.copyOf(good, good.length + 3);
        Files.write(file, longer);
        assertRefused(file, "extra bytes");
    }

    @Test
    void missingCheckpointNamesTheFolder() {
        InputException e = assertThrows(InputException.class, () -> Checkpoint.read(dir.resolve(Checkpoint.FILE)));
        assertTrue(e.getMessage().startsWith("no checkpoint in " + dir), e.getMessage());
    }

    private static void assertSpreadEquals(List<double[][][]> expected, List<double[][][]> actual) {
        assertEquals(expected.size(), actual.size());
        for (int k = 0; k < expected.size(); k++)
            for (int p = 0; p < expected.get(k).length; p++)
                for (int o = 0; o < expected.get(k)[p].length; o++) assertArrayEquals(expected.get(k)[p][o], actual.get(k)[p][o], 0.0);
    }

    private static void assertRefused(Path file, String what) {
        InputException e = assertThrows(InputException.class, () -> Checkpoint.read(file), what);
        assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
        assertTrue(e.getMessage().contains("not used") || e.getMessage().contains("is not a geomech checkpoint"), what + ": " + e.getMessage());
    }
}

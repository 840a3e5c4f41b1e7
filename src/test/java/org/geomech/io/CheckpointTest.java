package org.geomech.io;

import org.geomech.engine.MemberFailure;
import org.geomech.engine.Progress;
import org.geomech.engine.QuantileSketch;
import org.geomech.engine.SlabRun;
import org.geomech.engine.Spread;
import org.geomech.engine.Stage;
import org.geomech.engine.Trajectories;
import org.geomech.engine.EnsembleRun;
import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.Histogram;
import org.geomech.ensemble.InitialStates;
import org.geomech.ensemble.Reduction;
import org.geomech.ensemble.Statistics;
import org.geomech.ensemble.StepSize;
import org.geomech.method.Methods;
import org.geomech.method.StateLayout;
import org.geomech.InputException;
import org.geomech.model.Library;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
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
        Stage done = new Stage(new StepSize.Shared(0, 0.2), new EnsembleRun.Result(rows, 4000, 3, 2500, 1.25),
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
        assertEquals(new StepSize.Shared(0, 0.2), back.finished().get(0).stepSize(), "the finished launch by its index and shared h");
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

    /** A checkpoint of slabs: one slab of 1024 members and two output rows, its values kept, and the sketches given. */
    private static Checkpoint.Header slabs(Spread.Sketches sketches) {
        double[][] values = {new double[1024], new double[1024]};
        boolean[][] running = {new boolean[1024], new boolean[1024]};
        values[1][5] = -0.0;
        running[1][5] = true;
        SlabRun.Slab slab = new SlabRun.Slab(1024, 1024, new double[]{0, 0.5}, new long[]{0, 5}, new double[][]{{1024, 1, 2, 3}, {1023, 4, 5, 6}}, 10, 3, 4,
                List.of(new MemberFailure(0, 2000, 4, EnsembleState.Status.NON_FINITE)), new long[]{5115}, 1e-9, 2e-9, 0.25, values, running, new int[0],
                new double[0][], null, null);
        return new Checkpoint.Header("1.2.3", "cvt", List.of("--model", "cvt"), null,
                Progress.ofSlabs(new InitialStates.Report(1e-9, 2e-9), List.of(), 0, List.of(slab), sketches));
    }

    @Test
    void aCheckpointOfSlabsKeepsTheSketchesTheyFed() {
        // two output rows of one point and two observers: sketches of 64 values per level fed 0, 50, 3000 and 7777 values
        int[] counts = {0, 50, 3000, 7777};
        Random r = new Random(4);
        QuantileSketch[] fed = new QuantileSketch[counts.length];
        List<Spread.Partial[][]> rows = new java.util.ArrayList<>();
        for (int row = 0; row < 2; row++) {
            Spread.Partial[][] at = new Spread.Partial[1][2];
            for (int o = 0; o < 2; o++) {
                int i = 2 * row + o;
                fed[i] = new QuantileSketch(64);
                for (int k = 0; k < counts[i]; k++) fed[i].add(r.nextGaussian());
                // the second observer's summaries count a histogram (hist:-1,1,3) beside the sketch
                Histogram counted = o == 0 ? null : new Histogram(-1, 1, row, 2, 3, new long[]{counts[i], 1, 0});
                at[0][o] = new Spread.Partial(fed[i].state(), -1.5 * i, 0.25 * i, 3.0 * i, counts[i], counted);
            }
            rows.add(at);
        }
        Path file = dir.resolve(Checkpoint.FILE);
        Checkpoint.write(file, slabs(new Spread.Sketches(64, rows)), null);
        Checkpoint.Header back = Checkpoint.read(file);
        assertEquals(1, back.slabs().size());
        assertArrayEquals(new double[]{0, -0.0}, new double[]{back.slabs().get(0).values()[1][4], back.slabs().get(0).values()[1][5]}, 0.0);
        Spread.Sketches sketches = back.progress().sketches();
        assertEquals(64, sketches.k());
        assertEquals(2, sketches.rows().size());
        double[] levels = {0, 0.1, 0.5, 0.9, 1};
        for (int i = 0; i < counts.length; i++) {
            Spread.Partial a = rows.get(i / 2)[0][i % 2], b = sketches.rows().get(i / 2)[0][i % 2];
            assertEquals(List.of(a.min(), a.mean(), a.squares(), a.n()), List.of(b.min(), b.mean(), b.squares(), b.n()), "moments " + i);
            assertEquals(a.histogram(), b.histogram(), "histogram " + i);
            assertArrayEquals(a.quantiles().odd(), b.quantiles().odd(), "parities " + i);
            for (int h = 0; h < a.quantiles().levels().length; h++) assertArrayEquals(a.quantiles().levels()[h], b.quantiles().levels()[h], 0.0, "level " + h);
            QuantileSketch taken = QuantileSketch.of(b.quantiles()), going = fed[i];
            for (int k = 0; k < 1000; k++) {
                double x = r.nextGaussian();
                taken.add(x);
                going.add(x);
            }
            assertArrayEquals(going.quantiles(levels), taken.quantiles(levels), 0.0, "sketch " + i + " goes on bitwise");
        }
    }

    @Test
    void aFormatThreeCheckpointOfSlabsStillReads() throws Exception {
        // format 3 is format 6 without the sketches' flag and the count of values held for retried members, which in a
        // checkpoint of slabs stand before the empty ensemble (16 bytes) and the trailer
        Path file = dir.resolve(Checkpoint.FILE);
        Checkpoint.write(file, slabs(null), null);
        byte[] six = Files.readAllBytes(file);
        int flag = six.length - 12 - 16 - 4 - 1, magic = "GEOMECH-CHECKPOINT\n".length();
        assertArrayEquals(new byte[5], Arrays.copyOfRange(six, flag, flag + 5), "no sketches, no values held");
        java.nio.ByteBuffer three = java.nio.ByteBuffer.allocate(six.length - 5);
        three.put(six, 0, flag).put(six, flag + 5, six.length - 12 - flag - 5).putInt(magic, 3);
        java.util.zip.CRC32C crc = new java.util.zip.CRC32C();
        crc.update(three.array(), 0, three.position());
        three.putLong(three.position()).putInt((int) crc.getValue());
        Files.write(file, three.array());
        Checkpoint.Header back = Checkpoint.read(file);
        assertNull(back.progress().sketches());
        assertEquals(slabs(null).slabs().get(0).failures(), back.slabs().get(0).failures());
        assertArrayEquals(slabs(null).slabs().get(0).partials()[1], back.slabs().get(0).partials()[1], 0.0);
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
        byte[] six = Files.readAllBytes(file);
        java.nio.ByteBuffer pattern = java.nio.ByteBuffer.allocate(21).putInt(1).putInt(1).putInt(3).putLong(2).put((byte) EnsembleState.Status.SINGULAR_JACOBIAN.ordinal());
        int at = indexOf(six, pattern.array());
        java.io.ByteArrayOutputStream three = new java.io.ByteArrayOutputStream();
        three.write(six, 0, at);
        three.write(java.nio.ByteBuffer.allocate(30).putInt(2).putInt(1027).putLong(2).put((byte) EnsembleState.Status.SINGULAR_JACOBIAN.ordinal())
                .putInt(1030).putLong(0).put((byte) EnsembleState.Status.EXCLUDED.ordinal()).array());
        three.write(six, at + pattern.capacity(), six.length - 12 - at - pattern.capacity());
        byte[] withRetried = three.toByteArray();
        // format 4 then counts the stage's retried members (none) after its final states, which end with point 1's member 1, {6, 7}
        int retriedAt = indexOf(withRetried, java.nio.ByteBuffer.allocate(24).putDouble(6).putDouble(7).putInt(0).putInt(1).array()) + 16;
        byte[] body = new byte[withRetried.length - 4];
        System.arraycopy(withRetried, 0, body, 0, retriedAt);
        System.arraycopy(withRetried, retriedAt + 4, body, retriedAt, body.length - retriedAt);
        // and format 4 flags the sketches of slabs (none) between the slabs' flag (none) and the ensemble's size, format 6
        // counts the values held for retried members (none) after them
        int sketchesAt = indexOf(body, java.nio.ByteBuffer.allocate(14).put((byte) 0).put((byte) 0).putInt(0).putInt(s.members()).putInt(s.components()).array()) + 1;
        byte[] withoutSketches = new byte[body.length - 5];
        System.arraycopy(body, 0, withoutSketches, 0, sketchesAt);
        System.arraycopy(body, sketchesAt + 5, withoutSketches, sketchesAt, withoutSketches.length - sketchesAt);
        body = withoutSketches;
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
                assertEquals(-1, found, "the pattern occurs once");
                found = i;
            }
        assertTrue(found >= 0, "the pattern is in the file");
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

    /**
     * A run writes its checkpoint by renaming a new file over the old one while a reader (a test, a user's resume of a
     * copy) may be reading it: every read sees one whole checkpoint, the old or the new, never a mix of the two.
     */
    @Test
    void aCheckpointRenamedOverWhileReadIsReadWhole() throws Exception {
        EnsembleState s = ensemble();
        Path file = dir.resolve(Checkpoint.FILE);
        Checkpoint.write(file, header(s), s);
        java.util.concurrent.atomic.AtomicBoolean stop = new java.util.concurrent.atomic.AtomicBoolean();
        Thread writer = new Thread(() -> {
            for (int k = 0; !stop.get(); k++) Checkpoint.write(file, k % 2 == 0 ? slabs(null) : header(s), k % 2 == 0 ? null : s);
        });
        writer.start();
        int slabReads = 0, ensembleReads = 0;
        try {
            long end = System.nanoTime() + 2_000_000_000L;
            while (System.nanoTime() < end) {
                Checkpoint.Header back = Checkpoint.read(file);
                if (back.slabs() != null) slabReads++;
                else {
                    assertEquals(s.members(), back.members(), "the ensemble's header whole");
                    ensembleReads++;
                }
            }
        } finally {
            stop.set(true);
            writer.join();
        }
        assertTrue(slabReads > 0 && ensembleReads > 0, "both checkpoints were read: " + slabReads + " and " + ensembleReads);
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

package org.geomech.io;

import org.geomech.InputException;
import org.geomech.ensemble.SweepPlan;
import org.geomech.ensemble.Variation;
import org.geomech.model.Library;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A final-states file written slab by slab is byte for byte the file written at once (CsvWriter's rows, NpyWriter's
 * array), padding left out; resumed after a kill that left rows past the checkpoint and a row cut short, it is cut back
 * and goes on to the same bytes; a file shorter than its checkpoint says is refused in one line.
 */
class FinalStateFileTest {
    /** cvt swept over two values of eps, 1500 members each: each point padded to 2048, a launch of 4096. */
    private static final SweepPlan PLAN = new SweepPlan(Library.entry("cvt").definition(Map.of()).build(),
            Map.of("eps", Variation.parse("eps", "[0.25, 0.5]")), 1500);
    private static final List<String> COMPONENTS = List.of("x", "y", "v");
    private static final int SLAB = 1024;

    @TempDir
    Path dir;

    // launch member g's state: distinct, non-round doubles
    private static double[] state(int g) {
        double[] s = new double[COMPONENTS.size()];
        for (int c = 0; c < s.length; c++) s[c] = Math.sin(3.0 * g + c) / (g + 1.0) + 1e-300 * c;
        return s;
    }

    // the slab of launch members first .. first + SLAB - 1, member-major
    private static double[] slab(int first) {
        double[] out = new double[SLAB * COMPONENTS.size()];
        for (int j = 0; j < SLAB; j++) System.arraycopy(state(first + j), 0, out, j * COMPONENTS.size(), COMPONENTS.size());
        return out;
    }

    // what RunFiles writes of a launch held at once
    private Path atOnce(boolean npy) {
        Path file = dir.resolve("at-once." + (npy ? "npy" : "csv"));
        List<List<Object>> rows = new ArrayList<>();
        double[] flat = new double[PLAN.points() * PLAN.members() * COMPONENTS.size()];
        int at = 0;
        for (int p = 0; p < PLAN.points(); p++)
            for (int j = 0; j < PLAN.members(); j++) {
                double[] s = state(PLAN.first(p) + j);
                List<Object> row = new ArrayList<>(List.of(p, j));
                for (double x : s) row.add(x);
                rows.add(row);
                System.arraycopy(s, 0, flat, at, s.length);
                at += s.length;
            }
        if (npy) NpyWriter.write(file, flat, PLAN.points() * PLAN.members(), COMPONENTS.size());
        else {
            List<String> columns = new ArrayList<>(List.of("point", "member"));
            columns.addAll(COMPONENTS);
            CsvWriter.write(file, columns, rows);
        }
        return file;
    }

    // slabs from .. to - 1 (in slabs of SLAB) written into file from launch member first on
    private static void write(Path file, boolean npy, int from, int to) {
        try (FinalStateFile f = FinalStateFile.open(file, npy, COMPONENTS, PLAN, (long) from * SLAB)) {
            for (int k = from; k < to; k++) f.append((long) k * SLAB, SLAB, slab(k * SLAB));
        }
    }

    @Test
    void slabBySlabAndResumedIsTheFileWrittenAtOnce() throws Exception {
        for (boolean npy : new boolean[]{false, true}) {
            byte[] expected = Files.readAllBytes(atOnce(npy));
            String format = npy ? "npy" : "csv";
            Path fresh = dir.resolve("fresh." + format), resumed = dir.resolve("resumed." + format);
            write(fresh, npy, 0, PLAN.launchMembers() / SLAB);
            assertArrayEquals(expected, Files.readAllBytes(fresh), format + ": slab by slab");
            // killed after the third slab was written and a fourth begun, its checkpoint taken after the second
            write(resumed, npy, 0, 3);
            Files.write(resumed, "0.125,0.25".getBytes(), StandardOpenOption.APPEND);
            write(resumed, npy, 2, PLAN.launchMembers() / SLAB);
            assertArrayEquals(expected, Files.readAllBytes(resumed), format + ": resumed after the second slab");
            // a file of one slab where the checkpoint's three wrote 1500 rows of point 0 and 1024 of point 1
            Path cut = dir.resolve("cut." + format);
            write(cut, npy, 0, 1);
            InputException e = assertThrows(InputException.class, () -> write(cut, npy, 3, 4));
            assertTrue(e.getMessage().contains("does not hold the 2524 final states"), e.getMessage());
        }
    }
}

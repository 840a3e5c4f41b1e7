package org.geomech.reproduce;

import org.geomech.study.TextTable;
import org.geomech.InputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The API `geomech reproduce NAME` calls; the long reproductions themselves are not run here. */
class ReproductionsTest {
    @Test
    void names() {
        // other helpers add reproductions: the registry holds these, each once
        assertTrue(Reproductions.names().containsAll(List.of("hbvm-table1", "hbvm-table2", "hbvm-table3", "hbvm-table4", "ggl-pendulum", "ggl-top",
                "ggl-four-particle", "vi-orders", "vi-long-time", "vi-symplectic", "vi-reversible", "lie-unicycle", "lie-turntable", "vrkmk-orders", "vcg-orders", "dipole-energy", "nh-particle-orders", "cvt-energies")),
                Reproductions.names().toString());
        assertEquals(Reproductions.names().size(), new java.util.HashSet<>(Reproductions.names()).size());
        for (String n : Reproductions.names()) assertFalse(Reproductions.describe(n).isBlank());
        assertThrows(InputException.class, () -> Reproductions.describe("table9"));
        assertThrows(InputException.class, () -> Reproductions.run("table9", Path.of(".")));
    }

    @Test
    void pendulumWritesCsvAndTable(@TempDir Path out) throws Exception {
        // 004 sec. 6.1 (about 6 s): both CSV files written, the printed table has every scheme
        Reproductions.Result r = Reproductions.run("ggl-pendulum", out);
        assertEquals(2, r.files().size());
        for (Path f : r.files()) assertTrue(Files.size(f) > 100, f.toString());
        for (String m : new String[]{"ggl-vi-s", "ggl-vi-a", "ggl-vi-b", "ggl-em"}) assertTrue(r.table().contains(m), m);
        List<String> csv = Files.readAllLines(out.resolve("ggl-pendulum-run.csv"));
        assertEquals(5, csv.size());
        assertTrue(csv.get(1).startsWith("ggl-vi-s,"));
    }

    @Test
    void csvQuotesCommas(@TempDir Path out) throws Exception {
        TextTable t = new TextTable("method", "e");
        t.add("hbvm:6,2", 1.5);
        List<String> lines = Files.readAllLines(t.writeCsv(out.resolve("t.csv")));
        assertEquals("\"hbvm:6,2\",1.5", lines.get(1));
    }
}

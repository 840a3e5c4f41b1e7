package org.geomech.cli;

import org.geomech.reproduce.Reproductions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** geomech reproduce: the list, a bad name, and 002 Table 1 regenerated beside the paper's numbers. */
class ReproduceCommandTest {
    @TempDir
    Path dir;

    @Test
    void listNamesEveryReproduction() {
        Cli.Result r = Cli.run("reproduce", "--list");
        assertEquals(0, r.exit(), r.err());
        for (String n : Reproductions.names()) assertTrue(r.out().contains(n), n);
        assertEquals(Reproductions.names().size(), new java.util.HashSet<>(Reproductions.names()).size());   // counted from the registry
    }

    @Test
    void unknownNameIsOneLineAndExitTwo() {
        Cli.Result r = Cli.run("reproduce", "table-99", "--out", dir.toString());
        assertEquals(2, r.exit());
        assertEquals(1, r.errLines().size());
    }

    @Test
    void table1IsWrittenBesideThePaper() throws Exception {
        // 002 Table 1, HBVM(1,1), h = 0.1: e_s = 2.5700e-02 (the paper's value is printed beside ours)
        Cli.Result r = Cli.run("reproduce", "hbvm-table1", "--out", dir.toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("2.5700e-02  2.5700e-02"), r.out());
        List<String> csv = Files.readAllLines(dir.resolve("hbvm-table1.csv"));
        assertEquals(1 + 27, csv.size());                                   // 3 methods x 9 step sizes
        assertTrue(Files.size(dir.resolve("hbvm-table1-e_s.png")) > 1000, "comparison plot of e_s against the paper");
    }

    @Test
    void chartsOfAStudyFollowNoPlots() throws Exception {
        // vi-long-time's own charts (000 spec sec. 6: |E - E0| over t) are written like every other plot, and not at all under --no-plots
        Path with = dir.resolve("with"), without = dir.resolve("without");
        Cli.Result r = Cli.run("reproduce", "vi-long-time", "--out", with.toString(), "--quiet");
        assertEquals(0, r.exit(), r.err());
        for (String f : List.of("vi-long-time-energy.png", "vi-long-time-energy.svg", "vi-long-time-energy.plot.csv", "vi-long-time-energy.py"))
            assertTrue(Files.size(with.resolve(f)) > 100, f);
        r = Cli.run("reproduce", "vi-long-time", "--out", without.toString(), "--quiet", "--no-plots");
        assertEquals(0, r.exit(), r.err());
        try (var files = Files.list(without)) {
            List<String> plots = files.map(f -> f.getFileName().toString()).filter(f -> f.endsWith(".png") || f.endsWith(".svg") || f.endsWith(".py")).toList();
            assertEquals(List.of(), plots);
        }
        assertTrue(Files.size(without.resolve("vi-long-time.csv")) > 100);
    }
}

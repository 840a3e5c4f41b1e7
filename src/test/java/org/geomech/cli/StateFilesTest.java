package org.geomech.cli;

import org.geomech.io.Npy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Ensembles in and out: final states saved load again with --initial; trajectory ranges; bad state files are one line. */
class StateFilesTest {
    @TempDir
    Path dir;

    @Test
    void finalStatesLoadAgainAsInitialStates() throws Exception {
        Path first = dir.resolve("first"), second = dir.resolve("second");
        Cli.Result a = Cli.run("run", "--model", "cvt", "--members", "6", "--param", "eps=0.3+0.1*j", "--h", "0.1", "--t-end", "1",
                "--save-final-states", "--no-plots", "--quiet", "--out", first.toString());
        assertEquals(0, a.exit(), a.err());
        Csv saved = Csv.read(first.resolve("final-states.csv"));
        assertEquals(6, saved.rows().size());
        assertEquals(List.of("point", "member", "x", "y", "z"), saved.header().subList(0, 5));
        assertEquals(List.of("initial(energy)", "eps"), saved.header().subList(saved.header().size() - 2, saved.header().size()));   // E(0) is read no more
        Cli.Result b = Cli.run("run", "--model", "cvt", "--initial", first.resolve("final-states.csv").toString(), "--h", "0.1", "--t-end", "1",
                "--save-trajectories", "all", "--no-plots", "--out", second.toString());
        assertEquals(0, b.exit(), b.err());
        Map<String, List<String[]>> byMember = Csv.read(second.resolve("trajectories.csv")).groupBy("member");
        assertEquals(6, byMember.size());
        Csv traj = Csv.read(second.resolve("trajectories.csv"));
        for (int j = 0; j < 6; j++) {
            String[] start = byMember.get(String.valueOf(j)).get(0);
            assertEquals(0.0, traj.number(start, "t"));
            // the saved state is consistent already: projecting it again moves it by round-off only
            for (String c : List.of("x", "y", "z", "dot(x)", "dot(y)", "dot(z)"))
                assertEquals(saved.number(saved.rows().get(j), c), traj.number(start, c), 1e-13, "member " + j + " " + c);
            assertEquals(0.3 + 0.1 * j, traj.number(start, "eps"), 1e-15);            // the eps column came back per member
        }
    }

    @Test
    void npyStatesAndTrajectoryRanges() throws Exception {
        Path first = dir.resolve("first"), second = dir.resolve("second");
        assertEquals(0, Cli.run("run", "--model", "nh-particle", "--members", "5", "--h", "0.1", "--t-end", "0.5", "--format", "npy",
                "--save-final-states", "--no-plots", "--quiet", "--out", first.toString()).exit());
        Npy last = Npy.read(first.resolve("final-states.npy"));
        assertEquals(5, last.shape()[0]);
        Cli.Result b = Cli.run("run", "--model", "nh-particle", "--initial", first.resolve("final-states.npy").toString(), "--h", "0.1", "--t-end", "0.5",
                "--format", "npy", "--save-trajectories", "1-3", "--no-plots", "--quiet", "--out", second.toString());
        assertEquals(0, b.exit(), b.err());
        Npy traj = Npy.read(second.resolve("trajectories.npy"));
        int components = last.shape()[1];
        assertArrayEquals(new int[]{6, 3, components}, traj.shape());
        for (int c = 0; c < 6; c++) assertEquals(last.values()[2 * components + c], traj.values()[components + c], 1e-13);   // member 2 at t = 0
    }

    @Test
    void badStateFilesAreOneLine() throws Exception {
        Path noColumn = dir.resolve("a.csv"), binary = dir.resolve("b.npy"), text = dir.resolve("c.csv");
        Files.writeString(noColumn, "x,y\n1,2\n");
        Files.write(binary, new byte[]{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12});
        Files.writeString(text, "x,y,z\n1,abc,0\n");
        for (Object[] c : new Object[][]{{noColumn, "no column z"}, {binary, "not an .npy file"}, {text, "'abc' is not a finite number"}}) {
            Cli.Result r = Cli.run("run", "--model", "cvt", "--initial", c[0].toString(), "--h", "0.1", "--t-end", "1", "--out", dir.resolve("o").toString());
            assertEquals(2, r.exit(), r.err());
            assertEquals(1, r.errLines().size(), r.err());
            assertTrue(r.errLines().get(0).startsWith("geomech: error: --initial") && r.err().contains((String) c[1]), r.err());
        }
        Cli.Result r = Cli.run("run", "--model", "cvt", "--members", "3", "--save-trajectories", "2-5", "--h", "0.1", "--t-end", "1", "--out", dir.resolve("o").toString());
        assertEquals(2, r.exit());
        assertTrue(r.err().contains("member 5 is not in 0..2"), r.err());
    }
}

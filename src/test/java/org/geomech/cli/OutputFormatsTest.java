package org.geomech.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.geomech.io.Npy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** run --format npy and --save-trajectories: shapes, columns in summary.json, values consistent with the run. */
class OutputFormatsTest {
    @TempDir
    Path dir;

    @Test
    void npyTimeSeriesAndTrajectories() throws Exception {
        Cli.Result r = Cli.run("run", "--model", "nh-particle", "--members", "10", "--h", "0.1", "--t-end", "1", "--output-interval", "0.1",
                "--format", "npy", "--save-trajectories", "0,3", "--no-plots", "--out", dir.toString());
        assertEquals(0, r.exit(), r.err());
        JsonNode summary = new ObjectMapper().readTree(dir.resolve("summary.json").toFile());
        List<String> columns = List.of(new ObjectMapper().treeToValue(summary.get("columns").get("timeseries.npy"), String[].class));
        Npy series = Npy.read(dir.resolve("timeseries.npy"));
        assertArrayEquals(new int[]{11, columns.size()}, series.shape());                    // t = 0, 0.1, ..., 1
        Npy traj = Npy.read(dir.resolve("trajectories.npy"));
        assertArrayEquals(new int[]{11, 2, 11}, traj.shape());                                // x, y, z, 3 velocities, 3 momenta, lambda1, E(0)
        int t = columns.indexOf("t"), ok = columns.indexOf("ok");
        assertEquals(1.0, series.values()[10 * columns.size() + t], 1e-12);
        assertEquals(10.0, series.values()[10 * columns.size() + ok], 0.0);
        // member 0 starts at the default q0 = (1, 0.5, 0) perturbed by sigma = 1e-3 draws (README: run --members)
        assertEquals(1.0, traj.values()[0], 5e-3);
        assertEquals(0.5, traj.values()[1], 5e-3);
        for (int k = 0; k < 11; k++) for (int m = 0; m < 2; m++) {
            double[] s = java.util.Arrays.copyOfRange(traj.values(), (k * 2 + m) * 11, (k * 2 + m + 1) * 11);
            // the constraint dot(z) - y dot(x) = 0 holds in every saved state (001 eq. 14e at the nodes)
            assertEquals(0.0, s[5] - s[1] * s[3], 1e-13, "t index " + k + " member " + m);
            // p = M v with M = I
            assertEquals(s[3], s[6], 0.0);
        }
        assertTrue(!Files.exists(dir.resolve("energy_error.png")), "--no-plots writes no plot");
    }

    @Test
    void csvTrajectoriesHaveOneRowPerTimeAndMember() throws Exception {
        Cli.Result r = Cli.run("run", "--model", "planar-pendulum", "--members", "4", "--h", "0.1", "--t-end", "1", "--output-interval", "0.5",
                "--save-trajectories", "1", "--out", dir.toString());
        assertEquals(0, r.exit(), r.err());
        List<String> lines = Files.readAllLines(dir.resolve("trajectories.csv"));
        assertEquals("t,member,x,y,dot(x),dot(y),p(x),p(y),lambda1,initial(energy)", lines.get(0));   // E(0), which energy_error carries
        assertEquals(1 + 3, lines.size());                                                    // t = 0, 0.5, 1
        assertTrue(Files.size(dir.resolve("energy_error.png")) > 1000, "plots are written by default");
    }

    @Test
    void jsonAndPipedOutputCarryNoProgress() {
        Cli.Result r = Cli.run("run", "--model", "nh-particle", "--members", "3", "--h", "0.1", "--t-end", "1", "--json", "--no-plots",
                "--out", dir.toString());
        assertEquals(0, r.exit());
        assertTrue(r.out().trim().startsWith("{") && r.out().trim().endsWith("}"), r.out());
        assertEquals("", r.err(), "no progress line when output is not a terminal");
    }

    @Test
    void badFormatAndTrajectoryMemberAreInputErrors() {
        assertEquals(2, Cli.run("run", "--model", "nh-particle", "--format", "hdf5", "--out", dir.toString()).exit());
        Cli.Result r = Cli.run("run", "--model", "nh-particle", "--members", "3", "--h", "0.1", "--t-end", "1", "--save-trajectories", "7",
                "--out", dir.resolve("b").toString());
        assertEquals(2, r.exit());
        assertTrue(r.err().contains("member 7 is not in 0..2"), r.err());
    }
}

package org.geomech.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** run --method A,B: a method and its variational twin on one ensemble, energy-error statistics of both in one run. */
class MethodComparisonTest {
    @TempDir
    Path dir;

    @Test
    void methodParametersStayWithTheirMethod() {
        assertEquals(List.of("vi:rk4,-1/2,1/2", "hbvm:6,2", "rk:rk4"), org.geomech.method.MethodList.split("vi:rk4,-1/2,1/2,hbvm:6,2,rk:rk4"));
        assertEquals(List.of("ggl-theta-b:0.5,0.5"), org.geomech.method.MethodList.split("ggl-theta-b:0.5,0.5"));
    }

    @Test
    void rk4AndItsVariationalTwinOnOneEnsemble() throws Exception {
        Path out = dir.resolve("out");
        Cli.Result r = Cli.run("run", "--model", "spherical-pendulum", "--method", "rk:rk4,vi:rk4", "--h", "0.1", "--t-end", "2",
                "--members", "4", "--sigma", "0.01", "--quiet", "--out", out.toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("rk:rk4") && r.out().contains("vi:rk4") && r.out().contains("4 of 4"), r.out());
        List<String> csv = Files.readAllLines(out.resolve("comparison.csv"));
        assertEquals("method,t,energy_msd,g_pos_max", csv.get(0));
        // 21 output times per method; the variational method keeps |g| at round-off, plain RK4 does not
        assertEquals(1 + 2 * 21, csv.size());
        double gVi = Double.parseDouble(csv.get(csv.size() - 1).split(",")[3]), gRk = Double.parseDouble(csv.get(21).split(",")[3]);
        assertTrue(gVi < 1e-13 && gRk > 1e-8, "g: vi " + gVi + ", rk " + gRk);
        assertTrue(Files.exists(out.resolve("energy-msd.png")));
    }

    @Test
    void aComparisonSavesNoStatesAndRunsNoSlabsInOneLine() {
        for (String[] extra : List.of(new String[]{"--save-trajectories", "0"}, new String[]{"--save-final-states"}, new String[]{"--members-in-memory", "1024"},
                new String[]{"--checkpoint-every", "1"})) {
            List<String> args = new java.util.ArrayList<>(List.of("run", "--model", "spherical-pendulum", "--method", "rk:rk4,vi:rk4", "--h", "0.1",
                    "--t-end", "2", "--members", "4", "--out", dir.resolve("c").toString()));
            args.addAll(List.of(extra));
            Cli.Result r = Cli.run(args.toArray(new String[0]));
            assertEquals(2, r.exit(), extra[0] + ": " + r.err());
            assertEquals(1, r.errLines().size(), r.err());
            assertTrue(r.err().contains("several methods (rk:rk4,vi:rk4) run as one comparison of the energy error"), r.err());
        }
    }
}

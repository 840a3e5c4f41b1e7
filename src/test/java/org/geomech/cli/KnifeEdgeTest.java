package org.geomech.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * examples/knife-edge.yaml, the user-defined system of the issue, with lobatto-nh:2 at h = 0.01 and 0.005
 * to t_end = 5 (20 members, headings spread over a quarter turn, unit speed, dot(theta) = 1), plus an
 * observer -E whose max is -min E, so that max_j |E_j - E0| can be read from the CSV.
 */
class KnifeEdgeTest {
    private static final int MEMBERS = 20;
    // E0 = 1/2 |(dot x, dot y)|^2 + 1/2 I dot(theta)^2 - g sin(alpha) x = 0.5 + 0.05 - 0, the same for every member
    private static final double E0 = 0.55;
    private static Csv csv;
    private static JsonNode summary;

    @BeforeAll
    static void run(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("knife-edge.yaml");
        Files.writeString(file, Files.readString(Path.of("examples/knife-edge.yaml")).replace("observers:\n",
                "observers:\n  minus_energy: -(0.5*(dot(x)^2 + dot(y)^2) + 0.5*I*dot(theta)^2 - g*sin(alpha)*x)\n"));
        Path out = dir.resolve("out");
        Cli.Result r = Cli.run("run", file.toString(), "--h", "0.01,0.005", "--t-end", "5", "--quiet", "--out", out.toString());
        assertEquals(0, r.exit(), r.err());
        csv = Csv.read(out.resolve("timeseries.csv"));
        summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
    }

    @Test
    void energyErrorIsSecondOrder() {
        // Lobatto-2 has global order 2 in q and v (001 Thm 5.2, spec sec. 4.4), so |E - E0| = O(h^2): below 1e-3 and about 4x smaller at h/2.
        double coarse = maxEnergyError("0.01"), fine = maxEnergyError("0.005");
        assertTrue(coarse < 1e-3, "max |E - E0| at h = 0.01: " + coarse);
        assertEquals(4, coarse / fine, 0.6, "max |E - E0| ratio h = 0.01 : 0.005");
    }

    @Test
    void initialEnergyIsTheFormula() {
        for (List<String[]> rows : csv.groupBy("h").values()) {
            assertEquals(E0, csv.number(rows.get(0), "energy_max"), 1e-15);
            assertEquals(-E0, csv.number(rows.get(0), "minus_energy_max"), 1e-15);
        }
    }

    @Test
    void constraintHoldsAtEveryOutput() {
        // lobatto-nh imposes the constraint at every stage, the last being the step end (001 eq. 14e): only round-off remains
        for (String[] row : csv.rows()) assertTrue(csv.number(row, "g_vel_max") < 1e-12, "g_vel at t = " + csv.text(row, "t"));
    }

    @Test
    void headingRateStaysConstant() {
        // the constraint has no theta component and L does not depend on theta, so theta'' = 0
        for (String[] row : csv.rows()) {
            assertEquals(1.0, csv.number(row, "omega_mean"), 1e-12);
            assertTrue(Math.sqrt(MEMBERS * csv.number(row, "omega_msd")) <= 1e-12);
        }
    }

    @Test
    void consistentInitialValuesDoNotMove() {
        // the example's velocities point along each heading, so the projection has nothing to do
        assertEquals(0.0, summary.at("/consistency/max_velocity_move").asDouble(), 1e-15);
        assertEquals(MEMBERS, summary.get("members").asInt());
        assertEquals(0, summary.at("/failures/count").asInt());
    }

    // max over outputs and members of |E - E0| = max(max E - E0, E0 - min E)
    private static double maxEnergyError(String h) {
        double max = 0;
        for (String[] row : csv.groupBy("h").get(h))
            max = Math.max(max, Math.max(csv.number(row, "energy_max") - E0, csv.number(row, "minus_energy_max") + E0));
        return max;
    }
}

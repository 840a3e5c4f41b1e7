package org.geomech.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.geomech.backend.opencl.OpenClRequirement;
import org.geomech.ensemble.Observers;
import org.geomech.expr.Expr;
import org.geomech.expr.Tape;
import org.geomech.model.Library;
import org.geomech.model.MechanicalSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The energy error E_j(t) - E_j(0) as an observer of its own (energy_error, initial(E)), from the command line. */
class EnergyErrorTest {
    @TempDir
    Path dir;

    /** chaotic-nh (m = 3, 001 sec. 7.3) at its default parameters: E = 1/2 |v|^2 + U(q). */
    private static final MechanicalSystem SYSTEM = Library.system("chaotic-nh");

    @Test
    void medianOfEnergyErrorIsThatOfTheSavedInitialAndFinalStates() throws Exception {
        // 41 members, each with its own energy (q1 drawn with sigma 0.1), lobatto-nh:2 at h = 0.1 to t = 2
        Path scenario = dir.resolve("s.yaml"), out = dir.resolve("out");
        Files.writeString(scenario, String.join("\n", "model: chaotic-nh", "method: lobatto-nh:2", "h: 0.1", "t_end: 2", "output_interval: 1",
                "initial: {members: 41, random: {seed: 3, q: {q1: 0.1}}}", "statistics: [mean, msd, q50]", ""));
        Cli.Result r = Cli.run("run", scenario.toString(), "--save-trajectories", "all", "--save-final-states", "--quiet", "--out", out.toString());
        assertEquals(0, r.exit(), r.err());
        Csv series = Csv.read(out.resolve("timeseries.csv")), last = Csv.read(out.resolve("final-states.csv")), path = Csv.read(out.resolve("trajectories.csv"));
        String[] end = series.rows().get(series.rows().size() - 1);
        assertEquals(2.0, series.number(end, "t"));
        double[] e0 = new double[41], eEnd = new double[41], error = new double[41];
        for (String[] row : path.rows()) if (path.number(row, "t") == 0) e0[(int) path.number(row, "member")] = energy(path, row);
        for (String[] row : last.rows()) {
            int j = (int) last.number(row, "member");
            eEnd[j] = energy(last, row);
            error[j] = eEnd[j] - e0[j];
            // the state carries E_j(0) as it was at t = 0: the column initial(energy) of the final state
            assertEquals(e0[j], last.number(row, "initial(energy)"), 0.0, "E(0) of member " + j);
        }
        Arrays.sort(error);
        // type 7 at p = 0.5 of 41 values: the 21st smallest; the host's tapes evaluate E in the same order, so exactly
        assertEquals(error[20], series.number(end, "energy_error_q50"), 0.0);
        assertTrue(Math.abs(error[20]) > 1e-6, "lobatto-nh:2 at h = 0.1 changes the energy: median " + error[20]);
        // the members' energies differ, so the median error is not the difference of the median energies
        double[] sortedEnd = eEnd.clone(), sorted0 = e0.clone();
        Arrays.sort(sortedEnd);
        Arrays.sort(sorted0);
        assertTrue(sorted0[40] - sorted0[0] > 1e-3, "energies spread: " + sorted0[0] + " .. " + sorted0[40]);
        assertNotEquals(sortedEnd[20] - sorted0[20], series.number(end, "energy_error_q50"));
        assertEquals(Arrays.stream(error).sum() / 41, series.number(end, "energy_error_mean"), 1e-15);   // summation order: round-off
        assertEquals(0.0, series.number(series.rows().get(0), "energy_error_q50"));
        assertTrue(Files.exists(out.resolve("energy_error.png")) && !Files.exists(out.resolve("energy.png")), "the run plots the error, not the level");
    }

    @Test
    void initialValuesAgreeOnEveryBackend() throws Exception {
        // an observer of the relative energy error, beside energy_error: simd and opencl compile both from the same
        // expressions and the same carried E_j(0), and agree with the reference to 1e-12 (crosscheck's default)
        OpenClRequirement.device();
        Path scenario = dir.resolve("s.yaml"), out = dir.resolve("out");
        Files.writeString(scenario, String.join("\n", "model: chaotic-nh", "method: lobatto-nh:2", "h: 0.1",
                "observers: {relative: (energy - initial(energy)) / initial(energy)}", ""));
        Cli.Result r = Cli.run("crosscheck", scenario.toString(), "--steps", "30", "--backends", "simd,opencl", "--out", out.toString());
        assertEquals(0, r.exit(), r.out() + r.err());
        Csv csv = Csv.read(out.resolve("crosscheck.csv"));
        List<String> backends = new ArrayList<>();
        for (String[] row : csv.rows()) {
            backends.add(csv.text(row, "backend"));
            for (String column : List.of("initial(energy)", "mean(energy_error)", "mean(relative)"))
                assertTrue(csv.number(row, column) <= 1e-12, row[0] + " " + column + ": " + csv.number(row, column));
        }
        assertEquals(List.of("reference", "simd", "opencl"), backends);
        // what was compared is not zero: the mean relative error at the end, and E(0) of about 3.06 per member
        JsonNode observed = new ObjectMapper().readTree(out.resolve("summary.json").toFile()).get("results").get(0).get("observed");
        int relative = 0;
        while (!observed.get("observers").get(relative).asText().equals("relative")) relative++;
        double mean = observed.get("at_end").get(relative).get("mean").asDouble();
        assertTrue(Math.abs(mean) > 1e-7, "mean relative energy error at the end: " + mean);
    }

    // E of a saved state row, from chaotic-nh's energy expression
    private static double energy(Csv csv, String[] row) {
        List<Expr> inputs = new ArrayList<>(SYSTEM.q());
        inputs.addAll(SYSTEM.v());
        inputs.addAll(SYSTEM.parameterSymbols());
        Tape tape = Tape.compile(inputs, List.of(Observers.standard(SYSTEM).get(0).expression()));
        double[] in = new double[inputs.size()], e = new double[1];
        List<String> names = SYSTEM.coordinateNames();
        for (int i = 0; i < names.size(); i++) {
            in[i] = csv.number(row, names.get(i));
            in[names.size() + i] = csv.number(row, "dot(" + names.get(i) + ")");
        }
        double[] p = SYSTEM.parameterValues();
        System.arraycopy(p, 0, in, 2 * names.size(), p.length);
        tape.eval(in, e);
        return e[0];
    }
}

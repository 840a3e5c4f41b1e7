package org.geomech.backend;

import org.geomech.backend.reference.ReferenceBackend;
import org.geomech.engine.EnsembleRun;
import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.InitialStates;
import org.geomech.ensemble.Observers;
import org.geomech.ensemble.TimeGrid;
import org.geomech.method.Methods;
import org.geomech.model.Library;
import org.geomech.model.MechanicalSystem;
import org.geomech.solve.NewtonOptions;
import org.geomech.engine.Simulation;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The hand-written C of benchmarks/c/roofline.c (the speed anchor of benchmarks/RESULTS.md) is
 * the same step as geomech's: built with gcc as benchmarks/run.sh builds it, its states after 60 steps agree with
 * the reference backend's to 1e-12, for the explicit steps (lobatto-nh:2, RATTLE) and the implicit ones solved by
 * simplified Newton (lobatto-nh:3 on chaotic-nh, lobatto-holonomic:3 on the spherical pendulum). Without gcc it is skipped with a message, except where GEOMECH_REQUIRE_GCC=1
 * (CI sets it), where it fails.
 */
class RooflineCTest {
    private static final NewtonOptions TIGHT = new NewtonOptions(1e-14, 50);

    @TempDir
    static Path dir;
    private static Path binary;

    @BeforeAll
    static void build() throws IOException, InterruptedException {
        binary = dir.resolve("roofline");
        Process gcc;
        try {
            gcc = new ProcessBuilder("gcc", "-O3", "-march=native", "-fno-math-errno", "-fopenmp", "benchmarks/c/roofline.c", "-o", binary.toString(), "-lm")
                    .redirectErrorStream(true).start();
        } catch (IOException e) {
            if ("1".equals(System.getenv("GEOMECH_REQUIRE_GCC"))) fail("GEOMECH_REQUIRE_GCC=1 but gcc cannot run: " + e.getMessage());
            binary = null;
            return;
        }
        String log = new String(gcc.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(gcc.waitFor(120, TimeUnit.SECONDS), "gcc finishes");
        assertEquals(0, gcc.exitValue(), "benchmarks/c/roofline.c compiles: " + log);
    }

    @ParameterizedTest(name = "{0} on {1}")
    @CsvSource({"chaotic, lobatto-nh:2, chaotic-nh", "rattle, rattle, spherical-pendulum", "lobatto3, lobatto-nh:3, chaotic-nh",
            "holonomic3, lobatto-holonomic:3, spherical-pendulum"})
    void cStepAgreesWithTheReference(String cModel, String method, String model) throws IOException, InterruptedException {
        assumeTrue(binary != null, "gcc is not installed: the C roofline is not checked");
        // 21 members (a partial C block) perturbed by 1e-2 from the library's defaults, 60 steps of h = 0.05
        MechanicalSystem sys = Library.system(model);
        double[] sigma = new double[sys.dimension()];
        Arrays.fill(sigma, 1e-2);
        int members = 21, steps = 60;
        double h = 0.05;
        Simulation sim = new Simulation(sys, Methods.parse(method), sys.parameterValues(), InitialStates.defaults(sys),
                new InitialStates.Perturbation(3, sigma, sigma), members);
        EnsembleState start = sim.initialState(null), reference = sim.initialState(null);
        EnsembleRun.Result r = sim.run(new ReferenceBackend(), TIGHT, Observers.standard(sys), TimeGrid.of(h, steps * h, steps * h), reference, null);
        assertEquals(members, reference.okCount(), "the reference advances every member");
        assertEquals(steps, r.rows().get(r.rows().size() - 1).step(), "the reference ran every step");

        StringBuilder in = new StringBuilder().append(members).append('\n');
        for (int j = 0; j < members; j++) {
            for (int c = 0; c < start.components(); c++) in.append(start.get(c, j)).append(' ');
            in.append('\n');
        }
        Process c = new ProcessBuilder(binary.toString(), "check", cModel, Integer.toString(steps), Double.toString(h)).start();
        try (var w = c.getOutputStream()) { w.write(in.toString().getBytes(StandardCharsets.UTF_8)); }
        List<String> lines = new String(c.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        assertTrue(c.waitFor(60, TimeUnit.SECONDS), "the C check finishes");
        assertEquals(0, c.exitValue(), "roofline check exits 0: " + new String(c.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
        assertEquals(members, lines.size(), "one line per member");
        for (int j = 0; j < members; j++) {
            String[] fields = lines.get(j).trim().split(" ");
            assertEquals(reference.components(), fields.length, "member " + j + ": every state component");
            for (int k = 0; k < fields.length; k++) {
                double a = Double.parseDouble(fields[k]), b = reference.get(k, j);
                assertTrue(Math.abs(a - b) <= 1e-12 * Math.max(1, Math.abs(b)),
                        reference.layout().names().get(k) + " of member " + j + ": C " + a + ", reference " + b);
            }
        }
    }
}

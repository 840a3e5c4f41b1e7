package org.geomech.api;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The Java API: the example under examples/java compiled and run, and results handed back as arrays with no files written. */
class ApiTest {
    @TempDir
    Path dir;

    @Test
    void exampleCompilesAndReproducesTheSpec() throws Exception {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        ByteArrayOutputStream diagnostics = new ByteArrayOutputStream();
        int rc = javac.run(null, null, diagnostics, "-d", dir.toString(), "-cp", System.getProperty("java.class.path"),
                Path.of("examples/java/ChaoticEnergyError.java").toString());
        assertEquals(0, rc, diagnostics.toString(StandardCharsets.UTF_8));
        try (URLClassLoader loader = new URLClassLoader(new URL[]{dir.toUri().toURL()}, getClass().getClassLoader())) {
            Class<?> example = loader.loadClass("ChaoticEnergyError");
            double scaled = (double) example.getMethod("scaledEnergyError").invoke(null);
            assertEquals(0.0267, scaled, 0.05 * 0.0267);                        // 001 spec R.2: Lobatto-2, h = 0.2, t = 10
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            PrintStream saved = System.out;
            Method main = example.getMethod("main", String[].class);
            try {
                System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
                main.invoke(null, (Object) new String[0]);
            } finally {
                System.setOut(saved);
            }
            assertTrue(out.toString(StandardCharsets.UTF_8).contains(String.format("%.4f", scaled)), out.toString(StandardCharsets.UTF_8));
        }
    }

    @Test
    void sweepResultsAsArraysWithoutFiles() throws Exception {
        Path cwd = Path.of("").toAbsolutePath();
        List<Path> before;
        try (var s = Files.list(cwd)) { before = s.sorted().toList(); }
        Results r = Run.of(Model.builtIn("cvt"))
                .ensemble(Ensemble.of(4).perturbed(5, 1e-3).parameter("eps", "[0.25, 1]"))
                .stepSizes(0.1).until(1).every(0.5)
                .observer("speed", "dot(y)^2")
                .trajectories(List.of(0, 3))
                .run();
        assertEquals(2, r.series().size());
        Series eps1 = r.series(0.1, 1);
        assertEquals(1.0, eps1.parameters().get("eps"));
        assertArrayEquals(new double[]{0, 0.5, 1}, eps1.times(), 1e-15);
        assertArrayEquals(new int[]{4, 4, 4}, eps1.ok());
        double[][] last = eps1.finalStates();
        assertEquals(4, last.length);
        assertEquals(r.components().size(), last[0].length);
        assertEquals("eps", r.components().get(r.components().size() - 1));
        assertEquals(1.0, last[3][last[3].length - 1]);                          // eps carried per member
        double[][][] traj = eps1.trajectories();
        assertEquals(3, traj.length);
        assertArrayEquals(last[3], traj[2][1]);                                  // the trajectory of member 3 ends in its final state
        int dy = r.components().indexOf("dot(y)");
        double meanSpeed = 0;
        for (double[] m : last) meanSpeed += m[dy] * m[dy];
        assertEquals(meanSpeed / 4, eps1.mean("speed")[2], 1e-14);
        assertTrue(r.failures().isEmpty());
        try (var s = Files.list(cwd)) { assertEquals(before, s.sorted().toList()); }
    }

    @Test
    void lieGroupSystemWithEitherIteration() {
        // dipole on a stick (003 sec. 6), vrkmk:gauss2,2: 003's fixed-point iteration and Newton solve the same step
        // equations, so their final states agree to the tolerance; R stays on SO(3) (003 sec. 3) to round-off
        Results newton = dipole("newton"), fixedPoint = dipole("fixed-point");
        double[][] a = newton.series().get(0).finalStates(), b = fixedPoint.series().get(0).finalStates();
        for (int j = 0; j < a.length; j++)
            for (int c = 0; c < a[j].length; c++) assertEquals(a[j][c], b[j][c], 1e-11, newton.components().get(c) + " of member " + j);
        assertTrue(newton.series().get(0).max("group_defect")[10] <= 1e-13);
        assertTrue(fixedPoint.series().get(0).newtonIterations() > newton.series().get(0).newtonIterations(),
                "fixed-point " + fixedPoint.series().get(0).newtonIterations() + " iterations, Newton " + newton.series().get(0).newtonIterations());
    }

    private static Results dipole(String iteration) {
        return Run.of(Model.builtIn("dipole-on-stick")).method("vrkmk:gauss2,2").iteration(iteration)
                .ensemble(Ensemble.of(4).perturbed(3, 1e-3)).stepSizes(0.01).until(0.1).every(0.01).newton(1e-14, 200).run();
    }

    @Test
    void stoppedAtACheckpointAndResumedIsBitwiseTheWholeRun() {
        // cvt with eps drawn per member, two step sizes; the stop signal comes at the 12th output row (in the second step size)
        Path file = dir.resolve("checkpoint.bin");
        int[] rows = {0};
        Results stopped = cvt().checkpoints(new Checkpoints(file, "0.5", List.of(), null, () -> rows[0] >= 12)).listener(new Run.Listener() {
            @Override public void output(Output row) { rows[0]++; }
        }).run();
        assertFalse(stopped.finished());
        assertTrue(Files.exists(file), "the stop wrote a checkpoint");
        Results resumed = cvt().checkpoints(new Checkpoints(file, "0.5", List.of(), null, () -> false)).resume(file).run(), whole = cvt().run();
        assertTrue(resumed.finished());
        assertFalse(Files.exists(file), "a finished run removes its checkpoint");
        assertEquals(whole.series().size(), resumed.series().size());
        for (int k = 0; k < whole.series().size(); k++) {
            Series a = whole.series().get(k), b = resumed.series().get(k);
            assertArrayEquals(a.times(), b.times());
            for (String o : whole.observers()) {
                assertArrayEquals(a.mean(o), b.mean(o), 0.0, o + " mean at h = " + a.h());
                assertArrayEquals(a.msd(o), b.msd(o), 0.0, o + " msd at h = " + a.h());
            }
        }
        double[][] a = whole.series().get(1).finalStates(), b = resumed.series().get(1).finalStates();
        for (int j = 0; j < a.length; j++) assertArrayEquals(a[j], b[j], 0.0, "final state of member " + j);
    }

    @Test
    void scenarioTextAndFileGiveTheBuildersRun() throws Exception {
        // the same cvt sweep as a scenario (text, then file) and through the builder: bitwise the same statistics and final states
        String yaml = String.join("\n", "model: cvt", "parameters: {eps: \"uniform(0.2, 0.8, seed=5)\"}", "h: [0.05, 0.025]", "t_end: 2",
                "output_interval: 0.25", "initial: {members: 8}", "backend: simd", "");
        Path file = dir.resolve("cvt.yaml");
        Files.writeString(file, yaml);
        Results built = Run.of(Model.builtIn("cvt")).ensemble(Ensemble.of(8).parameter("eps", "uniform(0.2, 0.8, seed=5)"))
                .stepSizes(0.05, 0.025).until(2).every(0.25).backend("simd").run();
        for (Results r : List.of(Run.fromScenarioText(yaml).run(), Run.fromScenarioFile(file).run())) {
            assertEquals(2, r.series().size());
            for (int k = 0; k < 2; k++) {
                Series a = built.series().get(k), b = r.series().get(k);
                assertEquals(a.h(), b.h());
                assertArrayEquals(a.times(), b.times());
                for (String o : built.observers()) assertArrayEquals(a.msd(o), b.msd(o), 0.0, o + " msd at h = " + a.h());
                for (int j = 0; j < 8; j++) assertArrayEquals(a.finalStates()[j], b.finalStates()[j], 0.0, "member " + j + " at h = " + a.h());
            }
        }
        Series shorter = Run.fromScenarioFile(file).until(1).stepSizes(0.05).run().series(0.05, 0);   // the setters change a scenario
        assertArrayEquals(new double[]{0, 0.25, 0.5, 0.75, 1}, shorter.times(), 1e-15);
        org.geomech.InputException missing = org.junit.jupiter.api.Assertions.assertThrows(org.geomech.InputException.class,
                () -> Run.fromScenarioFile(dir.resolve("none.yaml")));
        assertEquals("scenario file " + dir.resolve("none.yaml") + " does not exist", missing.getMessage());
    }

    @Test
    void progressCountsStepsUpToTheTotal() {
        // 3000 chaotic-nh members at h = 0.1 and 0.05 to t = 2 (20 + 40 steps), held at once and in slabs of 1024: the
        // progress listener hears non-decreasing step counts, summed over the step sizes, ending at 60, and every output row
        for (Integer slab : java.util.Arrays.asList(null, 1024)) {
            List<Long> steps = new java.util.ArrayList<>();
            List<Double> times = new java.util.ArrayList<>();
            int[] started = {0};
            Run run = Run.of(Model.builtIn("chaotic-nh")).ensemble(Ensemble.of(3000).perturbed(3, 0.01)).stepSizes(0.1, 0.05).until(2).every(0.5)
                    .backend("simd").progress(steps::add).listener(new Run.Listener() {
                        @Override public void started(Results setup) { started[0]++; }
                        @Override public void output(Output row) { times.add(row.t()); }
                    });
            if (slab != null) run.membersInMemory(slab);
            Results r = run.run();
            String where = slab == null ? "held at once" : "in slabs of " + slab;
            assertTrue(r.failures().isEmpty(), where);
            assertTrue(steps.size() >= 2, where + ": " + steps);
            for (int i = 1; i < steps.size(); i++) assertTrue(steps.get(i) >= steps.get(i - 1), where + ": " + steps);
            assertEquals(60L, steps.get(steps.size() - 1), where + ": " + steps);
            assertEquals(2, started[0], where);
            assertEquals(List.of(0.0, 0.5, 1.0, 1.5, 2.0, 0.0, 0.5, 1.0, 1.5, 2.0), times, where);
        }
    }

    @Test
    void theReadmesJavaBlockCompilesAndRuns() throws Exception {
        // the ```java block of README.md's "Java API" section, as the body of a method that returns its mu and last
        List<String> readme = Files.readAllLines(Path.of("README.md"));
        int open = readme.indexOf("```java"), close = readme.subList(open + 1, readme.size()).indexOf("```") + open + 1;
        assertTrue(open > readme.indexOf("## Java API") && open > 0, "the README's Java block is in its Java API section");
        String source = "import org.geomech.api.*;\npublic final class ReadmeBlock {\n    public static Object[] run() {\n"
                + String.join("\n", readme.subList(open + 1, close)) + "\n        return new Object[]{mu, last, r};\n    }\n}\n";
        Path file = dir.resolve("ReadmeBlock.java");
        Files.writeString(file, source);
        ByteArrayOutputStream diagnostics = new ByteArrayOutputStream();
        int rc = ToolProvider.getSystemJavaCompiler().run(null, null, diagnostics, "-d", dir.toString(), "-cp", System.getProperty("java.class.path"),
                file.toString());
        assertEquals(0, rc, diagnostics.toString(StandardCharsets.UTF_8) + source);
        try (URLClassLoader loader = new URLClassLoader(new URL[]{dir.toUri().toURL()}, getClass().getClassLoader())) {
            Object[] out = (Object[]) loader.loadClass("ReadmeBlock").getMethod("run").invoke(null);
            double[] mu = (double[]) out[0];
            double[][] last = (double[][]) out[1];
            assertEquals(11, mu.length, "mu at t = 0, 1, ..., 10");
            assertEquals(0.0267, mu[10] / Math.pow(0.2, 4), 0.05 * 0.0267);       // 001 spec R.2, as the example
            assertEquals(21, last.length);
            assertEquals(((Results) out[2]).components().size(), last[0].length);
        }
    }

    private static Run cvt() {
        return Run.of(Model.builtIn("cvt")).ensemble(Ensemble.of(50).perturbed(3, 1e-3).parameter("eps", "uniform(0.2, 0.8)"))
                .stepSizes(0.05, 0.025).until(2).every(0.25).backend("simd");
    }
}

package org.geomech.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Command;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Each example of issue 12 with its exact expected outcome (the issue's wording in the comments). */
class Issue12ExamplesTest {
    private static final String[] SHORT_RUN = {"--h", "0.1", "--t-end", "1", "--no-plots", "--quiet"};

    @TempDir
    Path dir;

    // ---------------------------------------------------------------- stack traces

    @Test
    void twoHundredThousandNestedParentheses() throws IOException {
        Path file = scenario("q: {x: \"" + "(".repeat(200_000) + "x" + ")".repeat(200_000) + "\"}");
        assertBadInput(Cli.run("run", file.toString()), "geomech: error: initial position of x: column 100001 of \"...\\({80}...\": expression of 400001 characters; at most 100000");
        // within the length limit, the nesting limit
        Path nested = scenario("q: {x: \"" + "(".repeat(5000) + "1" + ")".repeat(5000) + "\"}");
        assertBadInput(Cli.run("run", nested.toString()), "geomech: error: initial position of x: column 1002 of .*: expression nested more than 1000 levels deep");
    }

    @Test
    void millionLeadingMinusSigns() throws IOException {
        Path file = scenario("q: {x: \"" + "-".repeat(1_000_000) + "1\"}");
        assertBadInput(Cli.run("run", file.toString()), ".*expression of 1000001 characters; at most 100000");
        Path shorter = scenario("q: {x: \"" + "-".repeat(50_000) + "1\"}");
        assertBadInput(Cli.run("run", shorter.toString()), ".*expression nested more than 1000 levels deep");
    }

    @Test
    void hugeStructureOptions() {
        for (String m : List.of("m=100000", "m=2147483647", "m=0"))
            assertBadInput(run("--model", "chaotic-nh", "--structure", m),
                    "geomech: error: model chaotic-nh: structure option m must be between 1 and 1000, got " + m.substring(2));
        // m = 100 is a valid option but 201 coordinates
        assertBadInput(run("--model", "chaotic-nh", "--structure", "m=100"), "geomech: error: model chaotic-nh: 201 coordinates; at most 200");
    }

    @Test
    void hundredMillionMembers() {
        // chaotic-nh with lobatto-nh:2 carries 23 doubles per member (E(0) among them) and 3 observers, with run's default quantiles:
        // (23 * 8 + 12 + 16 * 3 + (8 * 3 + 17) + 8 * 23 + 24) * 10^8 bytes and the block sums (85.9 MB), with retries those once more and
        // the sketches of 11 rows (18.4 MB) = 46.1 GiB by the estimate (engine.MemoryPlan) with the final states kept, more than this
        // JVM's heap; the run would stream the members in slabs (AutomaticSlabTest), with the quantiles in sketches, but where failed
        // members are retried the final states of 10^8 members are kept whole (the retries' replace theirs after the last slab)
        assertBadInput(run("--model", "chaotic-nh", "--members", "100000000", "--backend", "simd", "--save-final-states", "--retry-failed", "1"),
                "geomech: error: --members 100000000: the ensemble needs about 46.1 GiB \\(23 doubles per member\\), the JVM has .* of heap left,"
                        + " and not even a slab of 1024 members fits beside the .* GiB that the block sums, the quantile sketches, the block sums' copies"
                        + " for retried members and the final states of its 11 output rows keep; .*");
    }

    @Test
    void specialFilesAreRefused() throws Exception {
        assertBadInput(Cli.run("run", "/dev/zero"), "geomech: error: scenario file /dev/zero is not a regular file");
        Path fifo = dir.resolve("fifo");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        assertBadInput(Cli.run("run", fifo.toString()), "geomech: error: scenario file .*fifo is not a regular file");
        Path binary = dir.resolve("binary.yaml");
        Files.write(binary, new byte[]{'m', 'o', 'd', 'e', 'l', 0, 1, 2});
        assertBadInput(Cli.run("run", binary.toString()), "geomech: error: scenario file .*binary.yaml is binary, not YAML text");
        Path big = dir.resolve("big.yaml");
        Files.writeString(big, "# " + "x".repeat(1 << 20) + "\nmodel: nh-particle\n");
        assertBadInput(Cli.run("run", big.toString()), "geomech: error: scenario file .*big.yaml is larger than 1048576 bytes");
    }

    @Test
    void hugeStepCounts() throws IOException {
        assertBadInput(Cli.run("run", "--model", "nh-particle", "--h", "0.1", "--t-end", "1e308"),
                "geomech: error: t-end / h = 1.0E308 / 0.1 = Infinity steps; at most 1000000000000");
        assertBadInput(Cli.run("run", "--model", "nh-particle", "--h", "1e-320", "--t-end", "1"),
                "geomech: error: t-end / h = 1.0 / 1.0E-320 = Infinity steps; at most 1000000000000");
        // the hang: t_end: 1e308 in a scenario
        Path file = dir.resolve("t.yaml");
        Files.writeString(file, "model: nh-particle\nh: 0.1\nt_end: 1e308\n");
        assertBadInput(Cli.run("run", file.toString()), "geomech: error: t-end / h = 1.0E308 / 0.1 = Infinity steps; at most 1000000000000");
        // one output row per step of 10^8 steps: more rows than a run writes
        assertBadInput(Cli.run("run", "--model", "nh-particle", "--h", "1e-6", "--t-end", "100", "--output-interval", "1e-6"),
                "geomech: error: output interval 1.0E-6 gives 100000001 output rows at h = 1.0E-6; at most 10000000 .*");
    }

    @Test
    void hugeOutputIntervalGivesTheFirstAndLastRows() throws IOException {
        Path out = dir.resolve("out");
        Cli.Result r = Cli.run("run", "--model", "nh-particle", "--h", "0.1", "--t-end", "1", "--output-interval", "1e305", "--no-plots", "--out", out.toString());
        assertEquals(0, r.exit(), r.err());
        List<String> lines = Files.readAllLines(out.resolve("timeseries.csv"));
        assertEquals(3, lines.size(), "header, t = 0 and t = 1");
        assertTrue(lines.get(2).startsWith("0.1,1.0,10,1000,"), lines.get(2));   // run's default 1000 members, all ok
    }

    @Test
    void reservedCoordinateNames() throws IOException {
        // "A coordinate named lambda1 in a constrained model is reported as an internal fault"
        assertBadInput(Cli.run("run", inline("[lambda1, y, z]", "0.5*(dot(lambda1)^2 + dot(y)^2 + dot(z)^2)", "dot(z) - y*dot(lambda1)").toString()),
                "geomech: error: model m: coordinate name 'lambda1' is reserved \\(the multipliers lambda1, lambda2, ...\\)");
        assertBadInput(Cli.run("run", inline("[t, y, z]", "0.5*(dot(t)^2 + dot(y)^2 + dot(z)^2)", "dot(z) - y*dot(t)").toString()),
                "geomech: error: model m: coordinate name 't' is reserved \\(the time\\)");
        // J (the ensemble's max(N - 1, 1)) and names differing only in case are allowed
        Path ok = inline("[J, T, Pi]", "0.5*(dot(J)^2 + dot(T)^2 + dot(Pi)^2)", "dot(Pi) - T*dot(J)");
        assertEquals(0, Cli.run("run", ok.toString(), "--out", dir.resolve("ok").toString()).exit());
    }

    @Test
    void singularMassMatrix() throws IOException {
        assertBadInput(Cli.run("run", inline("[x, y, z]", "0.5*(dot(x)^2 + dot(z)^2) - y^2", "dot(z) - y*dot(x)").toString()),
                "geomech: error: model m: the mass matrix d2L/dv2 is singular: the lagrangian has no kinetic term in dot\\(y\\)");
    }

    // ---------------------------------------------------------------- hangs

    @Test
    void newtonIterationLimit() throws IOException {
        Path file = dir.resolve("n.yaml");
        Files.writeString(file, "model: nh-particle\nh: 0.1\nt_end: 1\nnewton: {max_iterations: 4611686018427387904}\n");   // 2^62
        assertBadInput(Cli.run("run", file.toString()), "geomech: error: Newton iteration limit must be between 1 and 1000, got 2147483647");
    }

    @Test
    void twoThousandCoordinates() throws IOException {
        StringBuilder names = new StringBuilder("[q0"), l = new StringBuilder("dot(q0)^2");
        for (int i = 1; i < 2000; i++) { names.append(", q").append(i); l.append(" + dot(q").append(i).append(")^2"); }
        assertBadInput(Cli.run("run", inline(names + "]", l.toString(), "dot(q0) - q1*dot(q2)").toString()), "geomech: error: model m: 2000 coordinates; at most 200");
    }

    // ---------------------------------------------------------------- silent garbage

    @Test
    void hugeVelocityMakesTheEnergyNonFinite() {
        // "--v x=1e200 exits 0 saying 1 of 1 members ok with NaN in the CSV": the energy is not finite at t = 0
        assertBadInput(run("--model", "nh-particle", "--v", "x=1e200", "--out", dir.resolve("o").toString()),
                "geomech: error: observer energy is not finite at t = 0 \\(mean = NaN\\): check the initial values and parameters \\(partial results in .*\\)");
    }

    @Test
    void infiniteConstantInTheLagrangian() throws IOException {
        assertBadInput(Cli.run("run", inline("[x, y, z]", "0.5*(dot(x)^2 + dot(y)^2 + dot(z)^2) + exp(1000)", "dot(z) - y*dot(x)").toString()),
                "geomech: error: model m, lagrangian: column 40 of \"0.5\\*\\(dot\\(x\\)\\^2 \\+ dot\\(y\\)\\^2 \\+ dot\\(z\\)\\^2\\) \\+ exp\\(1000\\)\": expression evaluates to Infinity");
    }

    @Test
    void observerThatBecomesNonFiniteIsReported() throws IOException {
        // x = exp(t) here; exp(exp(x)) is 1e184 at t = 1.8, whose mean-square deviation (its square) overflows,
        // and exp(exp(x)) itself overflows from t = 1.9 (x > log(709.78) = 6.565)
        Path file = dir.resolve("o.yaml");
        Files.writeString(file, String.join("\n", "model:", "  name: m", "  coordinates: [x, y]", "  lagrangian: 0.5*(dot(x)^2 + dot(y)^2) + 0.5*x^2",
                "initial: {q: [1, 0], v: [1, 0]}", "observers: {big: exp(exp(x))}", "method: lobatto-nh:2", "h: 0.1", "t_end: 3", ""));
        Path out = dir.resolve("out");
        Cli.Result r = Cli.run("run", file.toString(), "--out", out.toString(), "--no-plots", "--json");
        assertEquals(0, r.exit(), r.err());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().matches("geomech: warning: observer big is not finite from t = 1.8 at h = 0.1 \\(msd = Infinity; summary.json: non_finite_observers\\)\\R"), r.err());
        JsonNode o = new ObjectMapper().readTree(r.out()).get("non_finite_observers").get(0);
        assertEquals("big", o.get("observer").asText());
        assertEquals(1.8, o.get("t").asDouble(), 1e-12);
        assertEquals("msd", o.get("statistic").asText());
        assertTrue(Files.readString(out.resolve("timeseries.csv")).contains("Infinity"));
    }

    @Test
    void tableShowsNanAsNan() {
        assertEquals("NaN", Table.num(Double.NaN));
        assertEquals("-Infinity", Table.num(Double.NEGATIVE_INFINITY));
        assertEquals("1.000", Table.num(1));
    }

    @Test
    void equalStepSizesGiveNoOrder() {
        assertBadInput(Cli.run("order", "--model", "nh-particle", "--h", "0.1,0.1", "--t-end", "1"),
                "geomech: error: order fits log\\(error\\) against log\\(h\\): every step size must differ, got \\[0.1, 0.1\\]");
    }

    @Test
    void crosscheckToleranceMustBeFinitePositive() {
        for (String t : List.of("NaN", "-1", "0", "Infinity"))
            assertBadInput(Cli.run("crosscheck", "--model", "nh-particle", "--tolerance", t),
                    "geomech: error: --tolerance must be a finite positive number, got .*");
    }

    @Test
    void crosscheckWithEveryMemberFailedFails() throws IOException {
        // the issue's case, heavy-top with ggl-em at h = 0.05, failed every member at step 1 (Newton's limit) yet
        // "agreed"; Newton now converges there, so one iteration at most makes every member fail at step 1 the same way
        Path file = dir.resolve("top.yaml");
        Files.writeString(file, "model: heavy-top\nmethod: ggl-em\nh: 0.05\nnewton: {max_iterations: 1}\n");
        Path out = dir.resolve("cc");
        Cli.Result r = Cli.run("crosscheck", file.toString(), "--backends", "reference", "--members", "3", "--steps", "2", "--out", out.toString());
        assertEquals(CrossCheckCommand.DISAGREE, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains("DISAGREEMENT: reference failed 3 of 3 members (first: member 0 at step 1, newton_iteration_limit);"
                + " reference compared 0 of 3 members"), r.out());
        assertFalse(r.out().contains("agrees"), r.out());
        assertTrue(r.err().startsWith("geomech: crosscheck failed: reference failed 3 of 3 members"), r.err());
        JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
        assertEquals(3, summary.get("failures").get("count").asInt());
        assertEquals(3, summary.get("results").get(0).get("failed").asInt());
        assertEquals(0, summary.get("results").get(0).get("compared").asInt());
    }

    // ---------------------------------------------------------------- errors are errors

    /** A computing command that runs out of memory or stack after its first result. */
    @Command(name = "exhaust")
    static final class Exhausting extends GeomechCommand {
        final Error error;

        Exhausting(Error error) { this.error = error; }

        @Override
        void execute() {
            folder(null);
            summary.members(7);
            throw error;
        }

        @Override
        void writeFiles(Path folder) {
            org.geomech.io.CsvWriter.write(folder.resolve("partial.csv"), List.of("a"), List.of(List.of(1.0)));
            summary.file("partial.csv");
        }
    }

    @Test
    void outOfMemoryAndStackOverflowAreOneLineAfterWritingWhatExists() throws IOException {
        for (Error e : List.of(new OutOfMemoryError("Java heap space"), new StackOverflowError())) {
            Path out = dir.resolve(e.getClass().getSimpleName());
            StringWriter err = new StringWriter();
            CommandLine cl = new CommandLine(new Exhausting(e));
            cl.setErr(new PrintWriter(err, true));
            cl.setOut(new PrintWriter(new StringWriter(), true));
            assertEquals(1, cl.execute("--out", out.toString()));
            String line = err.toString().strip();
            assertFalse(line.contains("\n"), line);
            assertTrue(line.startsWith("geomech: error: " + (e instanceof OutOfMemoryError ? "out of memory (Java heap space, heap limit " : "stack overflow: ")), line);
            assertTrue(line.contains(e instanceof OutOfMemoryError ? "JAVA_TOOL_OPTIONS=-Xmx<size>" : "JAVA_TOOL_OPTIONS=-Xss64m"), line);
            assertTrue(line.endsWith("(partial results in " + out + ")"), line);
            assertEquals(List.of("a", "1.0"), Files.readAllLines(out.resolve("partial.csv")));
            JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
            assertFalse(summary.get("finished").asBoolean());
            assertEquals(7, summary.get("members").asInt());
        }
    }

    // ---------------------------------------------------------------- helpers

    private Cli.Result run(String... args) {
        String[] all = new String[args.length + SHORT_RUN.length + 1];
        all[0] = "run";
        System.arraycopy(args, 0, all, 1, args.length);
        System.arraycopy(SHORT_RUN, 0, all, 1 + args.length, SHORT_RUN.length);
        return Cli.run(all);
    }

    // nh-particle with the given initial block
    private Path scenario(String initialLine) throws IOException {
        Path file = dir.resolve("s" + System.nanoTime() + ".yaml");
        Files.writeString(file, "model: nh-particle\nh: 0.1\nt_end: 1\ninitial:\n  " + initialLine + "\n");
        return file;
    }

    // An inline model named m with one nonholonomic constraint
    private Path inline(String coordinates, String lagrangian, String constraint) throws IOException {
        Path file = dir.resolve("m" + System.nanoTime() + ".yaml");
        Files.writeString(file, String.join("\n", "model:", "  name: m", "  coordinates: " + coordinates, "  lagrangian: " + lagrangian,
                "  nonholonomic: [\"" + constraint + "\"]", "h: 0.1", "t_end: 0.5", "out: " + dir.resolve("out" + System.nanoTime()), ""));
        return file;
    }

    static void assertBadInput(Cli.Result r, String lineRegex) {
        assertEquals(2, r.exit(), r.out() + r.err());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.errLines().get(0).matches(lineRegex), r.errLines().get(0) + "\n  should match " + lineRegex);
    }
}

package org.geomech.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.geomech.method.Methods;
import org.geomech.model.Library;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** list, run --json, order, demo, member failures, --version: what each command prints and writes. */
class CommandsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    /**
     * main() builds the command line with only the subcommand its arguments name: each subcommand's help is then the one
     * the whole command line prints, and arguments that name none (--help, help, a typo) get every subcommand.
     */
    @Test
    void aCommandLineOfOneSubcommandActsAsTheWholeOne() {
        picocli.CommandLine whole = Main.commandLine();
        assertEquals(List.of("list", "describe", "run", "resume", "order", "certify", "demo", "crosscheck", "reproduce", "devices", "help"),
                List.copyOf(whole.getSubcommands().keySet()));
        for (String name : whole.getSubcommands().keySet()) {
            picocli.CommandLine one = Main.commandLine(name, "--help");
            assertEquals(name.equals("help") ? whole.getSubcommands().keySet() : java.util.Set.of(name), one.getSubcommands().keySet());
            assertEquals(whole.getSubcommands().get(name).getUsageMessage(), one.getSubcommands().get(name).getUsageMessage(), name + " --help");
        }
        for (String[] args : List.of(new String[0], new String[]{"--help"}, new String[]{"rnu", "--model", "x"}))
            assertEquals(whole.getSubcommands().keySet(), Main.commandLine(args).getSubcommands().keySet(), String.join(" ", args));
    }

    /** A run's kernel forecast is keyed by the arguments that name its step and observers, not by its size, times or files. */
    @Test
    void theForecastKeyLeavesOutWhatKeepsTheStep() {
        String key = RunCommand.forecastKey(List.of("--model", "chaotic-nh", "--method", "lobatto-nh:2", "--statistics", "mean,q50"));
        assertEquals(key, RunCommand.forecastKey(List.of("--members", "100000", "--model", "chaotic-nh", "--h=0.01", "--method", "lobatto-nh:2",
                "--t-end", "5", "--statistics", "mean,q50", "--out", "x", "--overwrite", "--json", "--quiet", "--no-plots", "--seed", "3")));
        for (List<String> other : List.of(List.of("--model", "cvt", "--method", "lobatto-nh:2", "--statistics", "mean,q50"),
                List.of("--model", "chaotic-nh", "--method", "lobatto-nh:3", "--statistics", "mean,q50"),
                List.of("--model", "chaotic-nh", "--method", "lobatto-nh:2", "--statistics", "mean")))
            assertTrue(!key.equals(RunCommand.forecastKey(other)), String.join(" ", other));
    }

    @Test
    void listNamesEveryModelAndMethodFamily() {
        Cli.Result r = Cli.run("list");
        assertEquals(0, r.exit());
        for (String model : Library.names()) assertTrue(r.out().contains(model), model);
        for (String family : Methods.names()) assertTrue(r.out().contains(family), family);
    }

    @Test
    void runJsonPrintsTheSummaryOnly() throws IOException {
        Cli.Result r = Cli.run("run", "--model", "nh-particle", "--members", "8", "--h", "0.1", "--t-end", "1", "--json", "--out", dir.toString());
        assertEquals(0, r.exit(), r.err());
        JsonNode s = JSON.readTree(r.out());
        assertEquals(8, s.get("members").asInt());
        assertEquals(0, s.at("/failures/count").asInt());
        // 8 members x 10 steps
        assertEquals(80, s.get("member_steps").asLong());
        assertEquals(s, JSON.readTree(dir.resolve("summary.json").toFile()));
        // --members without initial conditions: the default seeded draw
        assertEquals(1, s.at("/inputs/perturbation/seed").asLong());
    }

    @Test
    void orderFitsSecondOrderForLobatto2() throws IOException {
        Cli.Result r = Cli.run("order", "--model", "nh-particle", "--method", "lobatto-nh:2", "--h", "0.1,0.05,0.025", "--t-end", "1",
                "--out", dir.toString());
        assertEquals(0, r.exit(), r.err());
        JsonNode result = JSON.readTree(dir.resolve("summary.json").toFile()).get("results");
        // 001 spec sec. 4.4 (Cor. 5.2.1): Lobatto-2 has order 2 in q
        assertEquals(2, result.get("order_q").asDouble(), 0.3);
        // 001 spec R.1: error in q at N = 10 is 1.360e-3
        Csv csv = Csv.read(dir.resolve("order.csv"));
        assertEquals(1.360e-3, csv.number(csv.rows().get(0), "err_q"), 0.05 * 1.360e-3);
        assertTrue(r.out().contains("fitted order"));
    }

    @ParameterizedTest(name = "{1} on {0}: order {2} against {3}")
    @CsvSource({"spherical-pendulum, vi:rk4, 4, lobatto-holonomic:4, 0.05, 0.025, 0.0125, 5",
            "dipole-on-stick, 'vrkmk:gauss2,2', 4, 'vrkmk:gauss3,4', 0.1, 0.05, 0.025, 0.5",
            "unicycle, lobatto-lie-nh:2, 2, lobatto-lie-nh:4, 0.1, 0.05, 0.025, 1"})
    void orderOfAnyFamilyAgainstASixthOrderReference(String model, String method, double order, String reference, String h1, String h2, String h3,
                                                     String tEnd) throws IOException {
        Cli.Result r = Cli.run("order", "--model", model, "--method", method, "--h", h1 + "," + h2 + "," + h3, "--t-end", tEnd, "--no-plots", "--out", dir.toString());
        assertEquals(0, r.exit(), r.err());
        JsonNode s = JSON.readTree(dir.resolve("summary.json").toFile());
        assertEquals(reference, s.at("/inputs/reference").asText());
        // 000 sec. 6 (vi:rk4 order 4, spec's order table at T = 5), 003 Table 1 (Gauss 2, r = 2: order 4), 001 Cor. 5.2.1 (s = 2: order 2)
        assertEquals(order, s.get("results").get("order_q").asDouble(), 0.3, r.out());
    }

    @Test
    void shortDemoWritesSixCurves() throws IOException {
        Cli.Result r = Cli.run("demo", "--t-end", "10", "--members", "21", "--backend", "reference", "--quiet", "--out", dir.toString());
        assertEquals(0, r.exit(), r.err());
        Csv csv = Csv.read(dir.resolve("demo.csv"));
        Map<String, List<String[]>> curves = csv.groupBy("method");
        int count = 0;
        for (List<String[]> rows : curves.values()) count += (int) rows.stream().map(row -> csv.text(row, "h")).distinct().count();
        assertEquals(6, count);
        // 001 spec R.2: Lobatto-2, h = 0.2, mu/h^4 at t = 10 is 0.0267
        String[] atTen = curves.get("lobatto-nh:2").stream()
                .filter(row -> csv.text(row, "h").equals("0.2") && csv.number(row, "t") == 10).findFirst().orElseThrow();
        assertEquals(0.0267, csv.number(atTen, "mu_scaled"), 0.2 * 0.0267);
        assertTrue(r.out().contains("h^8"));
    }

    @Test
    void failedMembersAreReportedAndTheRunStillSucceeds() throws IOException {
        // lobatto-nh:3 needs 3-4 Newton iterations per step on chaotic-nh (001 spec R.2): a limit of 1 fails every member
        Path file = dir.resolve("s.yaml");
        Files.writeString(file, "model: chaotic-nh\nmethod: lobatto-nh:3\nh: 0.1\nt_end: 0.5\ninitial: {members: 5}\nnewton: {max_iterations: 1}\n");
        Cli.Result r = Cli.run("run", file.toString(), "--quiet", "--out", dir.resolve("o").toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.err().startsWith("geomech: warning: 5 member(s) failed"), r.err());
        JsonNode s = JSON.readTree(dir.resolve("o/summary.json").toFile());
        assertEquals(5, s.at("/failures/count").asInt());
        assertEquals("newton_iteration_limit", s.at("/failures/first/0/reason").asText());
        assertEquals(1, s.at("/failures/first/0/step").asLong());
    }

    @Test
    void projectionDistanceIsReported() throws IOException {
        // planar-pendulum.yaml starts at radius 1.2: projecting onto the unit circle moves positions by 0.2 radially,
        // so by 0.2 max(|sin a|, |cos a|) per component; the angle nearest pi/2 is a = 0.1 + 2*37/50 = 1.58
        Cli.Result r = Cli.run("run", "examples/planar-pendulum.yaml", "--t-end", "0.1", "--json", "--out", dir.toString());
        assertEquals(0, r.exit(), r.err());
        double moved = JSON.readTree(r.out()).at("/consistency/max_position_move").asDouble();
        assertEquals(0.2 * Math.sin(0.1 + 2.0 * 37 / 50), moved, 1e-9);
    }

    @Test
    void versionAndMissingCommand() {
        Cli.Result v = Cli.run("--version");
        assertEquals(0, v.exit());
        assertTrue(v.out().startsWith("geomech "), v.out());
        Cli.Result none = Cli.run();
        assertEquals(2, none.exit());
        assertEquals(1, none.errLines().size(), none.err());
    }
}

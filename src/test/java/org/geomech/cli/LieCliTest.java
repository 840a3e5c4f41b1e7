package org.geomech.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Lie group systems (001 sec. 7.4, 7.5; 003 sec. 6; a YAML model with group:) through the real command line:
 * run on every built-in one with its default method, the simd backend agreeing with the reference through the same
 * command, crosscheck, the example scenario's invariants, and the bad input of issue 9 as one-line errors.
 */
class LieCliTest {
    @TempDir
    Path dir;

    private JsonNode run(String... args) throws IOException { return summary(args).get("results").get(0).get("at_end"); }

    // the summary.json of a run that must succeed with no failed member
    private JsonNode summary(String... args) throws IOException {
        String[] all = new String[args.length + 5];
        System.arraycopy(args, 0, all, 1, args.length);
        all[0] = "run";
        all[args.length + 1] = "--json";
        all[args.length + 2] = "--no-plots";
        all[args.length + 3] = "--out";
        all[args.length + 4] = Files.createTempDirectory(dir, "run").toString();
        Cli.Result r = Cli.run(all);
        assertEquals(0, r.exit(), r.err());
        JsonNode summary = new ObjectMapper().readTree(r.out());
        assertEquals(0, summary.get("failures").get("count").asInt(), "failed members");
        return summary;
    }

    @ParameterizedTest(name = "{0}, {1}")
    @CsvSource({"unicycle, lobatto-lie-nh:2", "turntable-ball, lobatto-lie-nh:2", "dipole-on-stick, 'vrkmk:gauss2,2'"})
    void builtInSystemsRunWithTheirDefaultMethodAndStayOnTheGroup(String model, String method) throws IOException {
        JsonNode summary = summary("--model", model, "--h", "0.01", "--t-end", "0.2", "--members", "8"), end = summary.get("results").get(0).get("at_end");
        // g on the group to round-off (001 sec. 6, 003 sec. 3: the update is g tau(h xi)), constraints at every node (001 eq. 44)
        assertTrue(end.get("group_defect").get("max").asDouble() <= 1e-13, end.toString());
        if (end.has("g_vel")) assertTrue(end.get("g_vel").get("max").asDouble() <= 1e-12, end.toString());
        assertEquals(method, summary.get("inputs").get("method").asText(), "default method of " + model);
    }

    @ParameterizedTest(name = "{0}, {1}")
    @CsvSource({"unicycle, lobatto-lie-nh:3", "dipole-on-stick, vcg:midpoint"})
    void simdAgreesWithTheReferenceThroughTheCommandLine(String model, String method) throws IOException {
        String[] common = {"--model", model, "--method", method, "--h", "0.02", "--t-end", "0.4", "--members", "16"};
        JsonNode ref = run(concat(common, "--backend", "reference")), simd = run(concat(common, "--backend", "simd"));
        for (Iterator<Map.Entry<String, JsonNode>> it = ref.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> o = it.next();
            for (String stat : new String[]{"mean", "max"}) {
                double a = o.getValue().get(stat).asDouble(), b = simd.get(o.getKey()).get(stat).asDouble();
                assertEquals(a, b, 1e-12 * Math.max(1, Math.abs(a)), o.getKey() + " " + stat);
            }
        }
    }

    @Test
    void lagrangeTopExampleKeepsItsInvariants() throws IOException {
        JsonNode end = run("examples/lagrange-top.yaml", "--t-end", "1", "--members", "20");
        // the symmetric top's spin w3 and vertical momentum L3 are exact invariants; msd = mean (x(t) - x(0))^2 (001 eq. 33)
        assertTrue(end.get("spin").get("msd").asDouble() <= 1e-24, end.toString());
        assertTrue(end.get("L3").get("msd").asDouble() <= 1e-24, end.toString());
        assertTrue(end.get("group_defect").get("max").asDouble() <= 1e-13, end.toString());
        // energy: a variational method's error is bounded, O(h^4) for s = 3 (001 Thm 6.1): at h = 0.01, |E - E0| << 1e-6
        assertTrue(end.get("energy").get("msd").asDouble() <= 1e-12, end.toString());
    }

    @Test
    void initialStatesFromAFileAreTheScenariosOwn() throws IOException {
        // the lagrange-top example's initial element and velocity, given per member in a CSV file, start the same run bitwise
        double c = Math.cos(0.5), s = Math.sin(0.5);
        String row = "1,0,0,0," + c + "," + (-s) + ",0," + s + "," + c + ",0,0.3,10\n";
        Path csv = dir.resolve("states.csv");
        Files.writeString(csv, "R11,R12,R13,R21,R22,R23,R31,R32,R33,w1,w2,w3\n" + row + row + row);
        String[] common = {"examples/lagrange-top.yaml", "--t-end", "0.2", "--sigma", "0"};
        JsonNode fromFile = run(concat(common, "--initial", csv.toString())), fromScenario = run(concat(common, "--members", "3"));
        assertEquals(fromScenario.toString(), fromFile.toString());
        Files.writeString(csv, "R11,R12,R13,R21,R22,R23,R31,R32,R33,w1,w2\n1,0,0,0,1,0,0,0,1,0,0\n");
        assertOneLine(Cli.run("run", "examples/lagrange-top.yaml", "--initial", csv.toString(), "--out", dir.resolve("bad").toString()), "has no column w3");
    }

    @Test
    void crosscheckComparesEveryMember() {
        Cli.Result r = Cli.run("crosscheck", "--model", "dipole-on-stick", "--method", "vrkmk:gauss1,0", "--members", "8", "--steps", "20",
                "--h", "0.02", "--backends", "simd", "--out", dir.resolve("cc").toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("8 of 8 members compared"), r.out());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "group: SO(3)|group: SO(4)|unknown group 'SO(4)'",
            "- mgl*R33|- mgl*R33 + w4|unknown name 'w4' (velocities of SO(3): w1, w2, w3)",
            "R22: cos(0.5)|R22: 1.1|initial element of member 0 is not on SO(3)",
            "frame: body|frame: sideways|model.frame: must be body",
            "method: lobatto-lie:3|method: vrkmk:gauss2,2|is written in spatial velocities",
            "random: {seed: 7, v: {w1: 0.01, w2: 0.01}}|random: {seed: 7, q: {R11: 0.01}}|draw its velocities",
            "factors: [R]|factors: [R, x]|2 factor names for 1 factors"})
    void badLieInputIsOneLine(String from, String to, String message) throws IOException {
        String yaml = Files.readString(Path.of("examples/lagrange-top.yaml"));
        assertTrue(yaml.contains(from), from);
        Path file = dir.resolve("bad.yaml");
        Files.writeString(file, yaml.replace(from, to));
        assertOneLine(Cli.run("run", file.toString(), "--t-end", "0.1", "--no-plots", "--out", dir.resolve("out").toString()), message);
    }

    @Test
    void badLieFlagsAreOneLine() {
        assertOneLine(Cli.run("run", "--model", "unicycle", "--method", "lobatto-lie-nh:2,exp", "--h", "0.1", "--t-end", "1"), "exp has no closed form on SE(2)");
        assertOneLine(Cli.run("run", "--model", "dipole-on-stick", "--method", "lobatto-nh:2", "--h", "0.1", "--t-end", "1"), "runs on systems in coordinates");
        assertOneLine(Cli.run("run", "--model", "chaotic-nh", "--method", "vrkmk:gauss1,0", "--h", "0.1", "--t-end", "1"), "runs on Lie group systems");
        assertOneLine(Cli.run("run", "--model", "dipole-on-stick", "--initial", "no-such-states.csv", "--h", "0.1", "--t-end", "1"), "does not exist");
        assertOneLine(Cli.run("run", "--model", "dipole-on-stick", "--v", "w7=1", "--h", "0.1", "--t-end", "1"), "no algebra velocity 'w7'");
    }

    private static void assertOneLine(Cli.Result r, String fragment) {
        assertEquals(2, r.exit(), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().startsWith("geomech: error: ") && r.err().contains(fragment), r.err());
    }

    private static String[] concat(String[] a, String... b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}

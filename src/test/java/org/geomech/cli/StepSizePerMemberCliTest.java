package org.geomech.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** h per member on the command line and in scenario files: the outputs say h varies; bad step sizes are one-line errors. */
class StepSizePerMemberCliTest {
    @TempDir
    Path dir;

    @Test
    void summaryCsvAndConsoleSayHVaries() throws Exception {
        Path out = dir.resolve("varied");
        Cli.Result r = Cli.run("run", "--model", "cvt", "--param", "eps=uniform(0.2,0.8)", "--h", "0.1/(1+j)", "--members", "4", "--t-end", "0.5",
                "--output-interval", "0.1", "--no-plots", "--out", out.toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("h varies per member: 0.1/(1+j), each member's h kept where it divides the output interval 0.1"), r.out());
        assertTrue(r.out().contains("h per member: 50 member-steps in 5 output intervals"), r.out());    // 5 (1 + 2 + 3 + 4)
        List<String> csv = Files.readAllLines(out.resolve("timeseries.csv"));
        assertTrue(csv.get(0).startsWith("h,t,step,ok,"), csv.get(0));
        assertEquals(6, csv.size() - 1, "rows at t = 0, 0.1, .., 0.5");
        for (String row : csv.subList(1, csv.size())) assertTrue(row.startsWith("varies,"), row);
        JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
        assertEquals("0.1/(1+j)", summary.get("inputs").get("h_per_member").asText());
        JsonNode result = summary.get("results").get(0);
        assertTrue(result.get("h") == null && result.get("h_per_member").asText().startsWith("0.1/(1+j)"), result.toString());
        assertEquals(50, result.get("member_steps").asLong());
        assertEquals(5, result.get("steps").asLong(), "output intervals");

        Cli.Result d = Cli.run("describe", "cvt", "--h", "uniform(0.01,0.02)");
        assertEquals(0, d.exit(), d.err());
        assertTrue(d.out().contains("varies:       h = uniform(0.01, 0.02) (per member;"), d.out());
    }

    @Test
    void scenarioFileTakesADrawnHAndStillAList() throws Exception {
        Path drawn = dir.resolve("drawn.yaml"), listed = dir.resolve("listed.yaml");
        Files.writeString(drawn, "model: nh-particle\nh: \"uniform(0.02, 0.05, seed=4)\"\nt_end: 1\noutput_interval: 0.25\ninitial: {members: 3}\n");
        Files.writeString(listed, "model: nh-particle\nh: [0.1, 0.05]\nt_end: 1\n");
        Cli.Result r = Cli.run("run", drawn.toString(), "--no-plots", "--quiet", "--out", dir.resolve("a").toString());
        assertEquals(0, r.exit(), r.err());
        assertEquals("uniform(0.02, 0.05, seed=4)", new ObjectMapper().readTree(dir.resolve("a/summary.json").toFile()).get("inputs").get("h_per_member").asText());
        Cli.Result l = Cli.run("run", listed.toString(), "--no-plots", "--quiet", "--out", dir.resolve("b").toString());
        assertEquals(0, l.exit(), l.err());
        assertEquals(2, new ObjectMapper().readTree(dir.resolve("b/summary.json").toFile()).get("results").size(), "one result per listed step size");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "uniform(0.02,0.01)|--h: uniform(lo, hi) needs lo <= hi, got 0.02 > 0.01",
            "0.1*(1-j)|h of member 1 must be a positive number, got 0.0",
            "0.1/(1-j)^2|parameter h of member 1 is not finite (Infinity)",
            "normal(0.01,0.01)|must be a positive number, got -",
            "0.1*k|--h: '0.1*k' is not a number, a list, a draw or an expression of j, N and J",
            "NaN|--h: must be finite, got NaN",
            ",0.1|--h: '' is not a number"})
    void badStepSizesAreOneLine(String h, String message) {
        Cli.Result r = Cli.run("run", "--model", "nh-particle", "--members", "40", "--h", h, "--t-end", "1", "--out", dir.resolve("bad").toString());
        assertEquals(2, r.exit(), r.err());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().startsWith("geomech: error: ") && r.err().contains(message), r.err());
    }

    @Test
    void otherCommandsAndUnevenOutputIntervalsRefuseInOneLine() {
        Cli.Result uneven = Cli.run("run", "--model", "nh-particle", "--h", "0.1/(1+j)", "--t-end", "1", "--output-interval", "0.3", "--out", dir.resolve("u").toString());
        assertEquals(2, uneven.exit(), uneven.err());
        assertTrue(uneven.err().startsWith("geomech: error: with h varying per member (0.1/(1+j)), t_end 1.0 must be a whole number of output intervals 0.3"),
                uneven.err());
        // order with h per member needs members of at least two step sizes, and one initial state
        Cli.Result one = Cli.run("order", "--model", "nh-particle", "--h", "0.1/(1+j)", "--t-end", "1", "--out", dir.resolve("one").toString());
        assertEquals(2, one.exit(), one.err());
        assertEquals(1, one.errLines().size(), one.err());
        assertTrue(one.err().contains("order needs at least two step sizes; h per member (0.1/(1+j)) gives [0.1]"), one.err());
        Cli.Result varied = Cli.run("order", "--model", "nh-particle", "--h", "0.1/(1+j)", "--members", "3", "--q", "x=0.1*j", "--t-end", "1",
                "--out", dir.resolve("varied").toString());
        assertEquals(2, varied.exit(), varied.err());
        assertTrue(varied.err().contains("order runs one initial state, but member 1's differs from member 0's in x"), varied.err());
        Cli.Result shared = Cli.run("order", "--model", "nh-particle", "--members", "3", "--h", "0.1", "--t-end", "1", "--out", dir.resolve("shared").toString());
        assertEquals(2, shared.exit(), shared.err());
        assertTrue(shared.err().contains("--members goes with h per member"), shared.err());
    }

    @Test
    void orderWithHPerMemberIsTheOrderOfItsStepSizesRunOneByOne() throws Exception {
        // lobatto-nh:2 on nh-particle to t = 1: h_j = 0.1 / 2^j for four members in one launch, against the list run one by one
        Path list = dir.resolve("list"), launch = dir.resolve("launch");
        Cli.Result a = Cli.run("order", "--model", "nh-particle", "--method", "lobatto-nh:2", "--h", "0.1,0.05,0.025,0.0125", "--t-end", "1",
                "--no-plots", "--out", list.toString());
        assertEquals(0, a.exit(), a.err());
        Cli.Result b = Cli.run("order", "--model", "nh-particle", "--method", "lobatto-nh:2", "--h", "0.1/2^j", "--members", "4", "--t-end", "1",
                "--no-plots", "--out", launch.toString());
        assertEquals(0, b.exit(), b.err());
        assertEquals(Files.readString(list.resolve("order.csv")), Files.readString(launch.resolve("order.csv")), "errors per h, bitwise");
        // 001: lobatto-nh:2 is of order 2
        double order = new ObjectMapper().readTree(launch.resolve("summary.json").toFile()).get("results").get("order_q").asDouble();
        assertEquals(2, order, 0.05, b.out());
    }
}

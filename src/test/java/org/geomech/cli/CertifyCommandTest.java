package org.geomech.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** geomech certify from the command line: the table, certify.csv, the plots, summary.json, exit codes. */
class CertifyCommandTest {
    @TempDir
    Path dir;

    @Test
    void rattleOnItsDefaultModelWritesItsCertificate() throws Exception {
        // 001 sec. 4.3 (a): RATTLE symplectic and symmetric on the spherical pendulum (its default model), rotation about z conserved
        Cli.Result r = Cli.run("certify", "rattle", "--long-steps", "100", "--out", dir.toString());
        assertEquals(0, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains("certificate of rattle on spherical-pendulum (reference backend); claims from 001 sec. 4.3 (a)"), r.out());
        assertTrue(r.out().contains("every claim agrees with the measurement"), r.out());
        List<String> csv = Files.readAllLines(dir.resolve("certify.csv"));
        assertEquals("property,claimed,measured,value,verdict", csv.get(0));
        String symplectic = csv.stream().filter(l -> l.startsWith("symplecticity,")).findFirst().orElseThrow();
        assertTrue(symplectic.endsWith(",agrees"), symplectic);
        assertTrue(Double.parseDouble(symplectic.split(",")[symplectic.split(",").length - 2]) <= 1e-9, symplectic);
        assertTrue(csv.stream().anyMatch(l -> l.startsWith("\"momentum J1 (rot(x,y))\",") && l.endsWith(",agrees")), csv.toString());
        for (String f : List.of("certify-energy.csv", "certify-order.png", "certify-energy.svg")) assertTrue(Files.exists(dir.resolve(f)), f);
        JsonNode summary = new ObjectMapper().readTree(dir.resolve("summary.json").toFile());
        assertEquals("certify", summary.get("command").asText());
        assertEquals("rattle", summary.get("results").get("method").asText());
        assertTrue(summary.get("finished").asBoolean());
    }

    @Test
    void aClaimTheMeasurementContradictsExitsWithOne() throws Exception {
        // RATTLE's multiplier has order 1, but on the spherical pendulum (g = 9.81) its error at t = 1 falls from 0.956 at h = 0.1
        // to 0.672 at h = 0.05 (geomech order): a fitted order of 0.51, below 1 - 0.3, so certify reports the claim unconfirmed
        Cli.Result r = Cli.run("certify", "rattle", "--h", "0.1,0.05", "--long-steps", "20", "--no-plots", "--out", dir.toString());
        assertEquals(CrossCheckCommand.DISAGREE, r.exit(), r.out() + r.err());
        String lambda = Files.readAllLines(dir.resolve("certify.csv")).stream().filter(l -> l.startsWith("order lambda,")).findFirst().orElseThrow();
        assertTrue(lambda.endsWith(",disagrees"), lambda);
        assertEquals(0.51, Double.parseDouble(lambda.split(",")[lambda.split(",").length - 2]), 0.01, lambda);
    }

    @Test
    void badInputIsOneLineWithExitCodeTwo() {
        for (String[] args : new String[][]{{"certify", "no-such-method"}, {"certify", "rattle", "--h", "0.1"}, {"certify", "rattle", "--h", "0.1,0.1"},
                {"certify", "rattle", "--model", "no-such-model"}, {"certify", "lobatto-nh:2", "--model", "spherical-pendulum"}, {"certify", "rattle", "--eps", "0"}}) {
            String[] withOut = java.util.Arrays.copyOf(args, args.length + 2);
            withOut[args.length] = "--out";
            withOut[args.length + 1] = dir.resolve("bad").toString();
            Cli.Result r = Cli.run(withOut);
            assertEquals(Main.BAD_INPUT, r.exit(), String.join(" ", args) + ": " + r.err());
            assertTrue(r.err().startsWith("geomech: error: ") && r.err().strip().lines().count() == 1, String.join(" ", args) + ": " + r.err());
        }
    }
}

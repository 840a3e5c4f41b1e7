package org.geomech.cli;

import org.geomech.backend.opencl.OpenClRequirement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** geomech crosscheck and geomech devices from the command line. */
class CrossCheckCommandTest {
    @TempDir
    Path dir;

    @Test
    void openclAgreesWithTheReferenceOnTheCvt() throws Exception {
        OpenClRequirement.device();
        // Every backend agrees with the reference to 1e-12 relative after 100 steps
        Cli.Result r = Cli.run("crosscheck", "--model", "cvt", "--method", "lobatto-nh:3", "--backends", "opencl", "--out", dir.toString());
        assertEquals(0, r.exit(), r.out() + r.err());
        List<String> csv = Files.readAllLines(dir.resolve("crosscheck.csv"));
        assertEquals(3, csv.size());
        String[] opencl = csv.get(2).split(",");
        assertEquals("opencl", opencl[0]);
        assertTrue(Double.parseDouble(opencl[1]) <= 1e-12, "worst relative difference " + opencl[1]);
        assertEquals("0", opencl[2]);
    }

    @Test
    void aListOfMethodsIsOneLineNamingThem() {
        // crosscheck compares backends on one method: a list (run's comparison of methods) is refused naming its methods, not as a tableau
        Cli.Result r = Cli.run("crosscheck", "--model", "planar-pendulum", "--method", "rk:rk4,vi:rk4", "--out", dir.toString());
        assertEquals(2, r.exit());
        assertEquals(List.of("geomech: error: 'rk:rk4,vi:rk4' names 2 methods (rk:rk4, vi:rk4), where one is expected;"
                + " geomech run --method compares several on one ensemble"), r.errLines());
    }

    @Test
    void referenceAloneIsItsOwnOracle() throws Exception {
        Cli.Result r = Cli.run("crosscheck", "--model", "planar-pendulum", "--method", "rattle", "--backends", "reference", "--steps", "20",
                "--out", dir.toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("every backend agrees with the reference to 1.0E-12"), r.out());
        assertEquals(2, Files.readAllLines(dir.resolve("crosscheck.csv")).size());
    }

    @Test
    void hPerMemberAndASweepAreCrosscheckedMemberByMember() throws Exception {
        // cvt, h drawn per member in [0.01, 0.02] (each member to t = 0.5 by its own steps), eps swept over two points of
        // 20 members: simd and, where there is OpenCL, opencl agree with the reference to 1e-12 on all 40 members
        Cli.Result r = Cli.run("crosscheck", "--model", "cvt", "--h", "uniform(0.01,0.02,seed=3)", "--t-end", "0.5", "--param", "eps=[0.25,0.5]",
                "--members", "20", "--out", dir.toString());
        assertEquals(0, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains("40 members, to t = 0.5 with h per member"), r.out());
        assertTrue(r.out().contains("every backend agrees with the reference to 1.0E-12 (40 of 40 members compared)"), r.out());
        List<String> csv = Files.readAllLines(dir.resolve("crosscheck.csv"));
        for (String row : csv.subList(1, csv.size())) {
            String[] cells = row.split(",");
            assertTrue(Double.parseDouble(cells[1]) <= 1e-12, row);
            assertEquals("40", cells[4], "members compared: " + row);
        }
        assertTrue(csv.size() >= 3, "the reference and simd at least: " + csv);
    }

    @Test
    void devicesListsFp64Support() {
        OpenClRequirement.device();
        Cli.Result r = Cli.run("devices");
        assertEquals(0, r.exit());
        assertTrue(r.out().contains("fp64") && r.out().contains(" yes "), r.out());
    }

    @Test
    void badDeviceIndexIsOneLineAndExitTwo() {
        OpenClRequirement.device();
        Cli.Result r = Cli.run("run", "--model", "nh-particle", "--h", "0.1", "--t-end", "1", "--backend", "opencl", "--device", "99",
                "--out", dir.toString());
        assertEquals(2, r.exit());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().contains("no OpenCL device 99"), r.err());
    }
}

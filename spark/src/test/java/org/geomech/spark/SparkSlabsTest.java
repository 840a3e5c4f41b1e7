package org.geomech.spark;

import org.apache.spark.SparkContext;
import org.geomech.io.Checkpoint;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * geomech run --spark local[2]: the same command's output folder, bitwise, as the run in one process, for a Lie group
 * system (the unicycle on SE(2), lobatto-lie-nh:2) with a parameter drawn per member, min, std and quantiles (exact or
 * summarised by sketches), trajectories and final states; slabs of one block, so that the two local cores run several,
 * with a checkpoint after each slab back.
 */
class SparkSlabsTest {
    @TempDir
    static Path dir;

    @AfterAll
    static void stop() { SparkContext.getOrCreate().stop(); }

    @ParameterizedTest
    @ValueSource(strings = {"exact", "sketch:64"})
    void aRunOnSparkIsTheRunInOneProcess(String quantiles) throws Exception {
        Path here = dir.resolve("here-" + quantiles), spark = dir.resolve("spark-" + quantiles);
        List<String> args = List.of("run", "--model", "unicycle", "--method", "lobatto-lie-nh:2", "--members", "3000", "--param", "Iz=uniform(0.4,0.6,seed=5)",
                "--statistics", "mean,msd,min,std,q10,q50,q90", "--quantiles", quantiles, "--save-trajectories", "1,2999", "--save-final-states",
                "--h", "0.02", "--t-end", "0.4", "--output-interval", "0.1", "--backend", "simd", "--no-plots", "--quiet");
        assertEquals(0, InProcess.geomech(args, "--out", here.toString()));
        assertEquals(0, InProcess.geomech(args, "--out", spark.toString(), "--spark", "local[2]", "--members-in-memory", "1024", "--checkpoint-every", "1"));
        assertFalse(Files.exists(spark.resolve(Checkpoint.FILE)), "a finished run removes its checkpoint");
        for (String f : List.of("timeseries.csv", "final-states.csv", "trajectories.csv"))
            assertArrayEquals(Files.readAllBytes(here.resolve(f)), Files.readAllBytes(spark.resolve(f)), quantiles + ": " + f + " byte for byte");
        String summary = Files.readString(spark.resolve("summary.json"));
        assertTrue(summary.contains("\"method\" : \"" + (quantiles.equals("exact") ? "exact" : "sketch") + "\""), summary);
    }
}

package org.geomech.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.geomech.io.ScenarioFile;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every scenario in examples/ runs as shipped, shortened to ten steps of its largest h, with no member failing. */
class ExamplesTest {
    @TempDir
    Path dir;

    static List<Path> examples() throws IOException {
        try (Stream<Path> files = Files.list(Path.of("examples"))) {
            return files.filter(f -> f.toString().endsWith(".yaml")).sorted().collect(Collectors.toList());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("examples")
    void runsShortened(Path example) throws IOException {
        double h = Collections.max(ScenarioFile.draft(example).h);
        String tEnd = Double.toString(10 * h);
        Cli.Result r = Cli.run("run", example.toString(), "--t-end", tEnd, "--output-interval", tEnd, "--json", "--no-plots", "--out", dir.toString());
        assertEquals(0, r.exit(), r.err());
        JsonNode summary = new ObjectMapper().readTree(r.out());
        assertEquals(0, summary.get("failures").get("count").asInt(), example + ": failed members");
        assertTrue(summary.get("member_steps").asLong() >= 10, example + ": steps run");
    }
}

package org.geomech.cli;

import org.geomech.model.InputException;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;

/** --out, --json, --quiet, --no-plots: where results go and what is printed. */
final class OutputOptions {
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    @Option(names = "--out", paramLabel = "DIR", description = "folder for the CSV files and summary.json (default: a fresh runs/<command>-<time>)")
    Path out;

    @Option(names = "--json", description = "print the JSON summary on standard output (and nothing else)")
    boolean json;

    @Option(names = "--quiet", description = "no progress line")
    boolean quiet;

    @Option(names = "--no-plots", description = "write no PNG/SVG plots")
    boolean noPlots;

    /** Creates the output folder: --out, else the scenario's out, else a fresh runs/<command>-<yyyyMMdd-HHmmss>. */
    Path create(String command, String scenarioOut) {
        Path folder = out != null ? out : scenarioOut != null ? Path.of(scenarioOut) : fresh(command);
        try {
            return Files.createDirectories(folder);
        } catch (IOException e) {
            throw new InputException("cannot create output folder " + folder + ": " + e.getMessage());
        }
    }

    private static Path fresh(String command) {
        String name = command + "-" + LocalDateTime.now().format(STAMP);
        Path folder = Path.of("runs", name);
        for (int k = 2; Files.exists(folder); k++) folder = Path.of("runs", name + "-" + k);
        return folder;
    }
}

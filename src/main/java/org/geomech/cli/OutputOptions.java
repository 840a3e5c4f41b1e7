package org.geomech.cli;

import picocli.CommandLine.Option;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;

/** --out, --overwrite, --json, --quiet, --no-plots: where results go and what is printed. */
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

    @Option(names = "--overwrite", description = "replace the results of an earlier run in the output folder")
    boolean overwrite;

    /** The output folder: --out, else the scenario's out, else a fresh runs/<command>-<yyyyMMdd-HHmmss>. */
    Path target(String command, String scenarioOut) {
        return out != null ? out : scenarioOut != null ? Path.of(scenarioOut) : fresh(command);
    }

    private static Path fresh(String command) {
        String name = command + "-" + LocalDateTime.now().format(STAMP);
        Path folder = Path.of("runs", name);
        for (int k = 2; Files.exists(folder); k++) folder = Path.of("runs", name + "-" + k);
        return folder;
    }
}

package org.geomech.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Turns JMH JSON results into the markdown table of RESULTS.md: member-steps per second, flops per
 * member-step (from FlopsReport output), achieved Gflop/s and the fraction of the measured fp64 peak.
 * Arguments: peak-1.json peak-all.json steps-BACKEND.json... -- flops-BACKEND.txt...
 */
public final class ResultsTable {
    private ResultsTable() {}

    public static void main(String[] args) throws IOException {
        ObjectMapper json = new ObjectMapper();
        double lanes = PeakFlopsBenchmark.lanes();
        double peakOne = json.readTree(Path.of(args[0]).toFile()).get(0).get("primaryMetric").get("score").asDouble() * 2 * lanes;
        double peakAll = json.readTree(Path.of(args[1]).toFile()).get(0).get("primaryMetric").get("score").asDouble() * 2 * lanes;
        int split = java.util.Arrays.asList(args).indexOf("--");
        java.util.List<JsonNode> steps = new java.util.ArrayList<>();
        for (int i = 2; i < split; i++) json.readTree(Path.of(args[i]).toFile()).forEach(steps::add);
        Map<String, Double> flops = new HashMap<>();
        for (int i = split + 1; i < args.length; i++) {
            String backend = Path.of(args[i]).getFileName().toString().replace("flops-", "").replace(".txt", "");
            for (String line : Files.readAllLines(Path.of(args[i]))) {
                String[] f = line.trim().split("\\s+");
                if (f.length == 3 && f[0].contains("/")) flops.put(backend + " " + f[0], Double.parseDouble(f[1]));
            }
        }
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "Measured fp64 peak (Vector API FMA, %d lanes): %.1f Gflop/s on one thread, %.1f Gflop/s on all threads.%n%n",
                (int) lanes, peakOne * 1e-9, peakAll * 1e-9));
        out.append("| backend | model/method | members | member-steps/s | ± | flops/member-step | Gflop/s | fraction of peak |\n");
        out.append("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |\n");
        for (JsonNode r : steps) {
            JsonNode p = r.get("params");
            String backend = p.get("backend").asText(), model = p.get("model").asText();
            int members = p.get("members").asInt();
            double ops = r.get("primaryMetric").get("score").asDouble(), err = r.get("primaryMetric").get("scoreError").asDouble();
            double rate = ops * members, f = flops.getOrDefault(backend + " " + model, Double.NaN);
            out.append(String.format(Locale.ROOT, "| %s | %s | %d | %.4g | %.2g | %.0f | %.3f | %.4f |%n",
                    backend, model, members, rate, err * members, f, rate * f * 1e-9, rate * f / peakAll));
        }
        System.out.print(out);
    }
}

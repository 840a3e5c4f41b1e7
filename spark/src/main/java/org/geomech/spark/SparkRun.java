package org.geomech.spark;

import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import org.geomech.engine.EnsembleRun;
import org.geomech.ensemble.Observers;
import org.geomech.ensemble.Statistics;
import org.geomech.io.CsvWriter;
import org.geomech.io.Scenario;
import org.geomech.io.ScenarioFile;
import org.geomech.InputException;
import org.geomech.engine.SlabRun;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The spark-submit entry point: SCENARIO [--partitions P] [--out DIR]. Runs the scenario's ensemble over the cluster
 * and writes DIR/timeseries.csv (h, t, step, ok, then mean, max, msd per observer), as geomech run writes it.
 */
public final class SparkRun {
    private SparkRun() {}

    public static void main(String[] args) throws IOException {
        if (args.length < 1) usage("give a scenario file");
        Path scenarioFile = Path.of(args[0]), out = Path.of("runs", "spark");
        Integer partitions = null;
        for (int i = 1; i < args.length; i += 2) {
            if (i + 1 >= args.length) usage("missing value of " + args[i]);
            switch (args[i]) {
                case "--partitions" -> partitions = partitions(args[i + 1]);
                case "--out" -> out = Path.of(args[i + 1]);
                default -> usage("unknown option " + args[i]);
            }
        }
        String yaml;
        Scenario scenario;
        List<String> observers = new ArrayList<>();
        try {
            yaml = ScenarioFile.text(scenarioFile);
            scenario = ScenarioFile.draft(scenarioFile.getFileName().toString(), yaml).resolve();
            Observers.standard(scenario.mechanical("spark")).forEach(o -> observers.add(o.name()));
            observers.addAll(scenario.observers().keySet());
        } catch (InputException e) {
            usage(e.getMessage());
            return;
        }
        try (JavaSparkContext spark = new JavaSparkContext(new SparkConf().setAppName("geomech " + scenarioFile.getFileName()))) {
            int p = partitions != null ? partitions : spark.defaultParallelism();
            long start = System.nanoTime();
            List<SlabRun.Outcome> outcomes = SparkEnsemble.run(spark, yaml, p);
            double seconds = (System.nanoTime() - start) * 1e-9;
            List<String> header = new ArrayList<>(List.of("h", "t", "step", "ok"));
            for (String o : observers) for (String s : Scenario.STATISTICS) header.add(o + "_" + s);
            List<List<Object>> rows = new ArrayList<>();
            for (int k = 0; k < outcomes.size(); k++) {
                for (EnsembleRun.Row r : outcomes.get(k).result().rows()) {
                    List<Object> cells = new ArrayList<>(List.of(scenario.h().get(k), r.t(), r.step(), r.ok()));
                    for (Statistics st : r.stats()) cells.addAll(List.of(st.mean(), st.max(), st.msd()));
                    rows.add(cells);
                }
                System.out.printf("h = %s: %d members over %d partitions, %d failed, %.3g s%n", scenario.h().get(k), scenario.members(), p,
                        outcomes.get(k).failures().size(), seconds);
            }
            Files.createDirectories(out);
            CsvWriter.write(out.resolve("timeseries.csv"), header, rows);
            System.out.println("results in " + out + " (timeseries.csv)");
        } catch (InputException e) {
            usage(e.getMessage());
        }
    }

    private static int partitions(String text) {
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            usage("--partitions must be a whole number, got '" + text + "'");
            return 0;
        }
    }

    private static void usage(String problem) {
        System.err.println("geomech-spark: error: " + problem + " (usage: SCENARIO [--partitions P] [--out DIR])");
        System.exit(2);
    }
}

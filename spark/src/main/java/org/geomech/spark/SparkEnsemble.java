package org.geomech.spark;

import org.geomech.engine.Engine;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.Function;
import org.geomech.backend.Backend;
import org.geomech.engine.Backends;
import org.geomech.backend.simd.SimdBackend;
import org.geomech.ensemble.InitialStates;
import org.geomech.ensemble.Observer;
import org.geomech.ensemble.Observers;
import org.geomech.ensemble.Reduction;
import org.geomech.ensemble.TimeGrid;
import org.geomech.io.Scenario;
import org.geomech.io.ScenarioFile;
import org.geomech.method.Methods;
import org.geomech.InputException;
import org.geomech.model.MechanicalSystem;
import org.geomech.engine.Simulation;
import org.geomech.engine.SlabRun;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One geomech ensemble over a Spark cluster (DESIGN.md, "Where users outgrow one machine"): the members are split
 * into partitions of whole Reduction blocks (1024 members); each partition is made and stepped on its executor by the
 * scenario's backend (simd on CPUs with the task's cores, opencl where an executor has a GPU) as a SlabRun slab, keeping only its blocks'
 * partial sums per output row; the driver combines the blocks in member order, so the statistics are bitwise those of
 * the whole ensemble on one machine, whatever the partitioning. A failed task is Spark's to retry: a slab is a pure
 * function of the scenario and its block range.
 */
public final class SparkEnsemble {
    /** The blocks [firstBlock, endBlock) of step size index stage of a scenario: one Spark task. */
    public record Part(String scenarioYaml, int stage, int firstBlock, int endBlock) implements Serializable {}

    /** A scenario resolved and compiled once per executor JVM and step size. */
    private record Prepared(Simulation simulation, Backend.Compiled compiled, TimeGrid grid) {}

    private static final Map<String, Prepared> PREPARED = new ConcurrentHashMap<>();

    private SparkEnsemble() {}

    /** Runs the scenario (YAML text, as geomech run reads it) at each of its step sizes over partitions tasks; outcomes per step size. */
    public static List<SlabRun.Outcome> run(JavaSparkContext spark, String scenarioYaml, int partitions) {
        return run(spark, scenarioYaml, partitions, SparkEnsemble::slab);
    }

    /** As above, each task computed by task (tests inject failures into it). */
    static List<SlabRun.Outcome> run(JavaSparkContext spark, String scenarioYaml, int partitions, Function<Part, SlabRun.Slab> task) {
        Scenario scenario = ScenarioFile.draft("scenario", scenarioYaml).resolve();
        if (partitions < 1) throw new InputException("partitions must be at least 1, got " + partitions);
        int blocks = Reduction.blocks(scenario.members());
        List<SlabRun.Outcome> out = new ArrayList<>();
        for (int stage = 0; stage < scenario.stepSizes("spark").size(); stage++) {
            List<Part> parts = new ArrayList<>();
            int p = Math.min(partitions, blocks);
            for (int k = 0; k < p; k++) parts.add(new Part(scenarioYaml, stage, (int) ((long) k * blocks / p), (int) ((long) (k + 1) * blocks / p)));
            List<SlabRun.Slab> slabs = spark.parallelize(parts, p).map(task).collect();
            out.add(SlabRun.combine(slabs, simulation(scenario).launch(grid(scenario, stage)), SlabRun.Keep.PARTIALS));
        }
        return out;
    }

    /** One task: the part's members made, stepped and observed on this executor. */
    public static SlabRun.Slab slab(Part part) {
        TaskContext task = TaskContext.get();
        int threads = task == null ? Runtime.getRuntime().availableProcessors() : task.cpus();
        Prepared p = PREPARED.computeIfAbsent(part.stage() + " " + threads + "\n" + part.scenarioYaml(), k -> prepare(part.scenarioYaml(), part.stage(), threads));
        long first = (long) part.firstBlock() * Reduction.BLOCK;
        int count = (int) (Math.min(p.simulation().members(), (long) part.endBlock() * Reduction.BLOCK) - first);
        return SlabRun.slab(p.compiled(), p.simulation().launch(p.grid()), first, count, SlabRun.Keep.PARTIALS);
    }

    // simd with the task's cores (spark.task.cpus): the executor's other cores run other tasks
    private static Prepared prepare(String yaml, int stage, int threads) {
        Scenario scenario = ScenarioFile.draft("scenario", yaml).resolve();
        Simulation sim = simulation(scenario);
        List<Observer> observers = new ArrayList<>(Observers.standard(scenario.mechanical("spark")));
        for (Map.Entry<String, String> e : scenario.observers().entrySet()) observers.add(Observers.parse(sim.step(), observers, e.getKey(), e.getValue()));
        Backend backend = scenario.backend().equals("simd") ? new SimdBackend(threads, SimdBackend.DEFAULT_CHUNK) : Backends.named(scenario.backend());
        return new Prepared(sim, Engine.compile(backend, sim.step(), observers, scenario.newton()), grid(scenario, stage));
    }

    // The scenario's ensemble (shared parameters, in coordinates)
    private static Simulation simulation(Scenario scenario) {
        MechanicalSystem sys = scenario.mechanical("spark");
        return new Simulation(sys, Methods.parse(scenario.method()), sys.parameterValues(), new InitialStates(sys, scenario.q0(), scenario.v0()),
                scenario.perturbation(), scenario.members());
    }

    private static TimeGrid grid(Scenario scenario, int stage) {
        return TimeGrid.of(scenario.h().get(stage), scenario.tEnd(), scenario.outputInterval());
    }
}

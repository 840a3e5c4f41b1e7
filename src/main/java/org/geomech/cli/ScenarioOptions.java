package org.geomech.cli;

import org.geomech.io.ScenarioDraft;
import org.geomech.io.ScenarioFile;
import org.geomech.InputException;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A scenario file and the flags that give or override its model, method, step sizes, final time and initial values. */
final class ScenarioOptions {
    @Parameters(arity = "0..1", paramLabel = "SCENARIO", description = "scenario file (YAML); flags override its values")
    Path file;

    @Option(names = "--model", description = "built-in model (geomech list)")
    String model;

    @Option(names = "--structure", paramLabel = "NAME=N", description = "structure option of a built-in model, e.g. m=4")
    Map<String, Integer> structure = new LinkedHashMap<>();

    @Option(names = "--param", paramLabel = "NAME=VALUE", description = "model parameter: a value (eps=0.3), a sweep list (eps=[0.25,0.5,1]),"
            + " an expression of the member index j and count N (eps=0.1+0.4*j/N), or a seeded draw per member (eps=uniform(0.1,0.5),"
            + " normal(mu,sigma[,lo,hi][,seed=S]), lognormal(...))")
    List<String> parameters = new ArrayList<>();

    @Option(names = "--method", description = "method, e.g. lobatto-nh:3 (default lobatto-nh:2, or lobatto-holonomic:2 with holonomic constraints)")
    String method;

    @Option(names = "--h", paramLabel = "H", description = "step size(s), comma separated (one run each), or per member an expression of j"
            + " and N (0.01*(1+j/N)) or a seeded draw (uniform(0.01,0.02), normal(...), lognormal(...)), each member's h then kept where it"
            + " divides the output interval and else snapped down to one that does")
    String h;

    @Option(names = "--t-end", paramLabel = "T", description = "final time")
    Double tEnd;

    @Option(names = "--q", paramLabel = "COORD=EXPR", description = "initial position of a coordinate, an expression of j, N and the parameters")
    List<String> q = new ArrayList<>();

    @Option(names = "--v", paramLabel = "COORD=EXPR", description = "initial velocity of a coordinate")
    List<String> v = new ArrayList<>();

    @Option(names = "--backend", description = "backend: reference, simd, opencl or auto (an OpenCL GPU, else the fastest CPU backend); default: auto for run,"
            + " reference for order")
    String backend;

    @Option(names = "--device", paramLabel = "N", description = "OpenCL device for --backend opencl or auto (geomech devices lists them)")
    Integer device;

    /** The --device index, if given. */
    java.util.OptionalInt device() { return device == null ? java.util.OptionalInt.empty() : java.util.OptionalInt.of(device); }

    @Option(names = "--newton-tol", paramLabel = "TOL", description = "Newton tolerance (default 1e-12)")
    Double newtonTolerance;

    @Option(names = "--newton-jacobian", paramLabel = "full|simplified",
            description = "Jacobian in Newton: simplified (default: factorised once per step, again only where the iteration stalls) or full (every iteration)")
    String newtonJacobian;

    @Option(names = "--iteration", paramLabel = "newton|chord|chord-as-printed|chord-only-s4.6a-fixed|chord-only-s4.7a-fixed|fixed-point",
            description = "How each step's equations are solved: newton (default), chord (vi: methods, 000's corrected approximates), "
                    + "chord-as-printed (000's approximates as printed), chord-only-s4.6a-fixed and chord-only-s4.7a-fixed (one of the "
                    + "two printed typos corrected), fixed-point (vrkmk, vcg: 003's fixed-point iteration)")
    String iteration;

    /** The scenario file's text as read (or as a checkpoint kept it, when resuming); null without a file. */
    String text;

    /** The scenario file's draft (or an empty one) with the flags on top. */
    ScenarioDraft draft() {
        if (file == null && model == null) throw new InputException("give a scenario file or --model (geomech list shows the built-in models)");
        if (file != null && text == null) text = ScenarioFile.text(file);
        ScenarioDraft d = file != null ? ScenarioFile.draft(file.getFileName().toString(), text) : new ScenarioDraft();
        if (model != null) d.builtIn(model);
        d.structure.putAll(structure);
        d.parameters.putAll(Assignments.parse("--param", parameters));
        if (method != null) d.method = method;
        if (h != null) d.stepSizes("--h", h);
        if (tEnd != null) d.tEnd = tEnd;
        d.qByName.putAll(Assignments.parse("--q", q));
        d.vByName.putAll(Assignments.parse("--v", v));
        if (backend != null) d.backend = backend;
        if (newtonTolerance != null) d.newtonTolerance = newtonTolerance;
        if (newtonJacobian != null) d.newtonJacobian = newtonJacobian;
        if (iteration != null) d.iteration = iteration;
        return d;
    }
}

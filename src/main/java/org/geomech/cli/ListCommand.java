package org.geomech.cli;

import org.geomech.io.Json;
import org.geomech.method.Method;
import org.geomech.method.MethodFamily;
import org.geomech.method.Methods;
import org.geomech.model.Library;
import org.geomech.model.LieLibrary;
import org.geomech.model.LieModelDefinition;
import org.geomech.model.ModelDefinition;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/** geomech list: the built-in models (summary, paper reference) and the methods (summary, orders). */
@Command(name = "list", mixinStandardHelpOptions = true, versionProvider = Main.class, description = "Lists the built-in models and the methods.")
final class ListCommand implements Callable<Integer> {
    /** A built-in model; group is null in coordinates, else the Lie group, with coordinates its algebra velocities. */
    record ModelInfo(String name, String summary, String reference, String group, List<String> coordinates,
                     Map<String, Double> parameters, Map<String, Integer> structure, List<String> holonomic, List<String> nonholonomic) {}

    record FamilyInfo(String name, String syntax, String description, String paper) {}

    record MethodInfo(String name, String family, String summary, int order, int multiplierOrder) {}

    record Listing(List<ModelInfo> models, List<FamilyInfo> families, List<MethodInfo> methods) {}

    @Spec
    CommandSpec spec;

    @Option(names = "--json", description = "print the listing as JSON")
    boolean json;

    @Override
    public Integer call() {
        Listing listing = new Listing(models(), families(), methods());
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(Json.write(listing));
            return 0;
        }
        out.println("Models (geomech run --model NAME; structure options with --structure, parameters with --param):");
        Table models = new Table("name", "coordinates (group: velocities)", "constraints", "summary");
        for (ModelInfo m : listing.models())
            models.row(m.name(), (m.group() == null ? "" : m.group() + ": ") + String.join(",", m.coordinates()),
                    m.holonomic().size() + " holonomic, " + m.nonholonomic().size() + " nonholonomic", m.summary());
        models.print(out, "  ");
        out.println("Methods (--method NAME; families: " + String.join(", ", Methods.names()) + "; Lobatto stage counts s from 2 to "
                + Methods.MAX_STAGES + "):");
        Table methods = new Table("name", "order", "multipliers", "summary");
        for (MethodInfo m : listing.methods()) methods.row(m.name(), m.order(), m.multiplierOrder(), m.summary());
        methods.print(out, "  ");
        return 0;
    }

    private static List<ModelInfo> models() {
        List<ModelInfo> out = new ArrayList<>();
        for (String name : Library.names()) {
            Library.Entry e = Library.entry(name);
            ModelDefinition d = e.definition(Map.of());
            out.add(new ModelInfo(name, e.summary(), d.reference(), null, d.coordinates(), d.parameters(), e.structureDefaults(), d.holonomic(), d.nonholonomic()));
        }
        for (String name : LieLibrary.names()) {
            LieModelDefinition d = LieLibrary.entry(name).definition().get();
            out.add(new ModelInfo(name, LieLibrary.entry(name).summary(), d.reference(), d.group(), d.velocityNames(), d.parameters(), Map.of(), List.of(), d.nonholonomic()));
        }
        return out;
    }

    private static List<FamilyInfo> families() {
        return Methods.FAMILIES.stream().map(f -> new FamilyInfo(f.name(), f.syntax(), f.description(), f.paper())).toList();
    }

    // A few concrete methods of every family
    private static List<MethodInfo> methods() {
        List<MethodInfo> out = new ArrayList<>();
        for (MethodFamily f : Methods.FAMILIES)
            for (String name : f.examples()) {
                Method m = f.parse(name);
                out.add(new MethodInfo(m.name(), f.name(), m.summary(), m.order(), m.multiplierOrder()));
            }
        return out;
    }
}

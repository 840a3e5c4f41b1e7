package org.geomech.cli;

import org.geomech.engine.Backends;
import org.geomech.io.CsvReader;
import org.geomech.io.plot.Plots;
import org.geomech.InputException;
import org.geomech.reproduce.Reproductions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/** geomech reproduce NAME: regenerates a paper's table or claim as CSV, comparison plots and a printed table beside the paper's numbers. */
@Command(name = "reproduce", mixinStandardHelpOptions = true, versionProvider = Main.class,
        description = "Regenerates a table or claim of the papers (geomech reproduce --list) as CSV plus a table beside the paper's numbers.")
final class ReproduceCommand extends GeomechCommand {
    /** What was reproduced. */
    record ReproduceInputs(String name, String backend) {}

    @Parameters(arity = "0..1", paramLabel = "NAME", description = "the reproduction (see --list)")
    String name;

    @Option(names = "--list", description = "list the reproductions and what each regenerates")
    boolean list;

    @Option(names = "--backend", defaultValue = "reference", description = "backend (default ${DEFAULT-VALUE})")
    String backend;

    @Option(names = "--device", paramLabel = "N", description = "OpenCL device for --backend opencl or auto")
    Integer device;

    private final List<String> files = new ArrayList<>();

    @Override
    void execute() {
        if (list) {
            Table t = new Table("name", "regenerates");
            for (String n : Reproductions.names()) t.row(n, Reproductions.describe(n));
            t.print(out(), "");
            return;
        }
        if (name == null) throw new InputException("give a reproduction name (geomech reproduce --list shows them)");
        if (!Reproductions.names().contains(name))
            throw new InputException("unknown reproduction '" + name + "' (" + String.join(", ", Reproductions.names()) + ")");
        summary.inputs(new ReproduceInputs(name, backend));
        Path folder = folder(null);
        long start = System.nanoTime();
        Reproductions.Result r = Reproductions.run(name, folder, Backends.named(backend, device == null ? OptionalInt.empty() : OptionalInt.of(device)));
        plots(folder, r.charts());
        for (Path f : r.files()) {
            files.add(f.getFileName().toString());
            if (f.toString().endsWith(".csv") && !f.toString().endsWith(".plot.csv"))
                plots(folder, Plots.comparison(CsvReader.read(f), f.getFileName().toString().replace(".csv", ""), Reproductions.describe(name)));
        }
        summary.work(0, (System.nanoTime() - start) * 1e-9).results(r.table());
        if (talking()) out().print(r.table());
    }

    @Override
    void writeFiles(Path folder) {
        for (String f : files) summary.file(f);
    }
}

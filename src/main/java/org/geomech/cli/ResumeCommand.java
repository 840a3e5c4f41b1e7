package org.geomech.cli;

import org.geomech.io.Checkpoint;
import org.geomech.io.Version;
import org.geomech.InputException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.nio.file.Path;
import java.util.concurrent.Callable;

/**
 * geomech resume DIR: goes on with the run whose checkpoint is in DIR, with the inputs the checkpoint kept (its
 * command-line arguments and scenario text), into DIR; the results are bitwise those of a run that never stopped.
 */
@Command(name = "resume", mixinStandardHelpOptions = true, versionProvider = Main.class,
        description = "Continues a run from the checkpoint in its output folder (run --checkpoint-every) and writes its results there.")
final class ResumeCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "DIR", description = "the output folder of a run started with --checkpoint-every")
    Path folder;

    @Option(names = "--json", description = "print the JSON summary on standard output (and nothing else)")
    boolean json;

    @Option(names = "--quiet", description = "no progress line")
    boolean quiet;

    @Override
    public Integer call() {
        RunCommand run = new RunCommand();
        CommandLine cl = new CommandLine(run);
        cl.setOut(spec.commandLine().getOut());
        cl.setErr(spec.commandLine().getErr());
        try {
            Checkpoint.Header header = Checkpoint.read(folder.resolve(Checkpoint.FILE));
            if (!header.version().equals(Version.geomech()))
                throw new InputException("checkpoint " + folder.resolve(Checkpoint.FILE) + " was written by geomech " + header.version()
                        + "; this is geomech " + Version.geomech() + " (resume it with the version that wrote it)");
            cl.parseArgs(header.arguments().toArray(new String[0]));
            run.output.out = folder;
            run.output.json |= json;
            run.output.quiet |= quiet;
            run.scenarioOptions.text = header.scenarioText();
            run.resumeFrom = header;
        } catch (InputException | CommandLine.ParameterException e) {
            spec.commandLine().getErr().println(Main.errorLine(e.getMessage()));
            return Main.BAD_INPUT;
        }
        return run.call();
    }
}

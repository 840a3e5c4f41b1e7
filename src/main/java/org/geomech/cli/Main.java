package org.geomech.cli;

import org.geomech.io.Version;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/** The geomech command line: list, describe, run, resume, order, demo, crosscheck, reproduce, devices; bad input is one line on stderr and exit code 2. */
@Command(name = "geomech", mixinStandardHelpOptions = true, versionProvider = Main.class,
        description = "Ensembles of constrained mechanical systems with structure-preserving integrators.")
public final class Main implements Callable<Integer>, CommandLine.IVersionProvider {
    /** Exit code of bad input. */
    static final int BAD_INPUT = 2;

    /**
     * The subcommands by name, in the order --help lists them: read from their annotations when first asked for, after
     * main has started the start-up thread (as Main's own static field they were read before main ran, 20-40 ms of a
     * fresh JVM that the run's kernel forecast waited for).
     */
    private static final class Commands {
        static final Map<String, Class<?>> BY_NAME = commands(ListCommand.class, DescribeCommand.class, RunCommand.class, ResumeCommand.class,
                OrderCommand.class, CertifyCommand.class, DemoCommand.class, CrossCheckCommand.class, ReproduceCommand.class, DevicesCommand.class,
                CommandLine.HelpCommand.class);
    }

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        throw new ParameterException(spec.commandLine(), "missing command: list, describe, run, resume, order, demo, crosscheck, reproduce or devices (see geomech --help)");
    }

    @Override
    public String[] getVersion() { return new String[]{"geomech " + Version.geomech() + " (Java " + Version.java() + ")"}; }

    /** The command line with every subcommand and one-line errors for bad flags. */
    public static CommandLine commandLine() { return commandLine(Commands.BY_NAME.values()); }

    /**
     * The command line for args: with only the subcommand they name where they start with one (picocli reads each
     * subcommand's annotations as it is added, about 0.05 s of a fresh JVM's start for the ten others), else with every one.
     */
    static CommandLine commandLine(String... args) {
        Class<?> named = args.length > 0 ? Commands.BY_NAME.get(args[0]) : null;
        return commandLine(named == null || named == CommandLine.HelpCommand.class ? Commands.BY_NAME.values() : List.of(named));
    }

    private static CommandLine commandLine(Collection<Class<?>> subcommands) {
        CommandLine cl = new CommandLine(new Main());
        for (Class<?> c : subcommands) cl.addSubcommand(c);
        cl.setParameterExceptionHandler((e, args) -> {
            e.getCommandLine().getErr().println(errorLine(e.getMessage()));
            return BAD_INPUT;
        });
        cl.setExecutionExceptionHandler((e, command, parsed) -> {
            command.getErr().println(errorLine("internal error, please report: " + e.getClass().getSimpleName() + ": " + e.getMessage()));
            return GeomechCommand.INTERNAL_ERROR;
        });
        return cl;
    }

    /** Runs the command line; memory or stack exhausted outside a computing command is one line, exit 1. */
    static int execute(CommandLine cl, String... args) {
        try {
            return cl.execute(args);
        } catch (OutOfMemoryError | StackOverflowError e) {
            cl.getErr().println(errorLine(resourceMessage(e)));
            cl.getErr().flush();
            return GeomechCommand.INTERNAL_ERROR;
        }
    }

    private static Map<String, Class<?>> commands(Class<?>... classes) {
        Map<String, Class<?>> byName = new LinkedHashMap<>();
        for (Class<?> c : classes) byName.put(c.getAnnotation(Command.class).name(), c);
        return Collections.unmodifiableMap(byName);
    }

    /** What ran out (heap or stack) and how to give more. */
    static String resourceMessage(Error e) {
        if (e instanceof StackOverflowError)
            return "stack overflow: the input is nested too deeply for this JVM's thread stack;"
                    + " simplify it, or raise the stack with JAVA_TOOL_OPTIONS=-Xss64m";
        return "out of memory (" + e.getMessage() + ", heap limit " + (Runtime.getRuntime().maxMemory() >> 20) + " MiB):"
                + " raise the heap with JAVA_TOOL_OPTIONS=-Xmx<size>, or run fewer --members at once"
                + " (the opencl backend runs large ensembles in chunks)";
    }

    /** geomech: error: and the message on one line. */
    static String errorLine(String message) {
        return "geomech: error: " + (message == null ? "unknown error" : message.replaceAll("\\s*[\\r\\n]+\\s*", " ").trim());
    }

    /** Runs the geomech command line with args and exits with its code (2 for bad input, one line on stderr). */
    public static void main(String[] args) {
        System.setProperty("java.awt.headless", "true");
        // the signal handlers and the kernel forecast are set up on a thread of their own while picocli reads the
        // commands' annotations (0.1 s and more of a fresh JVM), and are in place before the command runs
        Runnable[] forecast = {() -> { }};
        Thread start = new Thread(() -> {
            Interrupts.install();
            if (args.length > 0 && args[0].equals("run")) forecast[0] = RunCommand.anticipate(List.of(args).subList(1, args.length));
        }, "geomech-start");
        start.start();
        int code;
        try {
            CommandLine cl = commandLine(args);
            joinUninterruptibly(start);
            code = execute(cl, args);
        } finally {
            joinUninterruptibly(start);
            forecast[0].run();
        }
        System.exit(code);
    }

    // Waits for t to end; an interrupt meanwhile is kept for the caller
    private static void joinUninterruptibly(Thread t) {
        boolean interrupted = false;
        while (t.isAlive()) {
            try {
                t.join();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) Thread.currentThread().interrupt();
    }
}

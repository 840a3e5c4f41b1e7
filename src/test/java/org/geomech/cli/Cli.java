package org.geomech.cli;

import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Arrays;
import java.util.List;

/** Runs the command line in-process with captured standard output and error. */
final class Cli {
    /** Exit code, standard output and standard error of one run. */
    record Result(int exit, String out, String err) {
        List<String> errLines() { return err.isEmpty() ? List.of() : Arrays.asList(err.split("\\R")); }
    }

    private Cli() {}

    static Result run(String... args) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        CommandLine cl = Main.commandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int exit = cl.execute(args);
        return new Result(exit, out.toString(), err.toString());
    }
}

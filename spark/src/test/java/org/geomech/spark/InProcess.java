package org.geomech.spark;

import org.geomech.cli.Main;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;

/** geomech's command line run in the test's JVM. */
final class InProcess {
    private InProcess() {}

    /** geomech with these arguments; its exit code (stderr shown on failure). */
    static int geomech(List<String> args, String... more) {
        List<String> all = new ArrayList<>(args);
        all.addAll(List.of(more));
        StringWriter err = new StringWriter();
        CommandLine cl = Main.commandLine();
        cl.setErr(new PrintWriter(err, true));
        cl.setOut(new PrintWriter(new StringWriter(), true));
        int exit = cl.execute(all.toArray(new String[0]));
        if (exit != 0) System.err.println(err);
        return exit;
    }
}

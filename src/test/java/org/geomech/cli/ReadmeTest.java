package org.geomech.cli;

import org.geomech.backend.opencl.OpenClRequirement;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Every geomech command README.md shows runs here, in-process from the repository's root (the README's working folder),
 * and the output the README shows is compared with what it prints (ShownOutput: times, rates, memory, thread counts and
 * output folders masked, numbers to their shown digits); a computing command writes into a temporary folder instead of
 * runs/. How a block is treated (not run, run at a smaller size, ...) is said in README.md itself (ReadmeCommands).
 */
class ReadmeTest {
    /** The commands that write an output folder (given --out here unless the README gives one). */
    private static final Set<String> COMPUTING = Set.of("run", "resume", "order", "demo", "crosscheck", "reproduce");

    @TempDir
    static Path folders;

    private static int runs;

    @TestFactory
    Stream<DynamicTest> everyShownCommand() throws IOException {
        List<String> readme = Files.readAllLines(Path.of("README.md"), StandardCharsets.UTF_8);
        // a command the README marks "not run (REASON)" is left out here (ReadmeCommands refuses the mark without a reason)
        return ReadmeCommands.parse(readme).stream().filter(c -> c.treatment().notRun() == null)
                .map(c -> DynamicTest.dynamicTest("README.md line " + c.line() + ": " + c.text(), () -> check(c)));
    }

    private static void check(ReadmeCommands.Command c) throws IOException, InterruptedException {
        ReadmeCommands.Treatment t = c.treatment();
        if (t.needsOpenCl()) OpenClRequirement.device();
        List<String> args = new ArrayList<>(t.runsAs() != null ? t.runsAs() : c.args());
        boolean computing = !args.isEmpty() && COMPUTING.contains(args.get(0)) && !args.contains("--list") && !args.contains("--help");
        Path out = folders.resolve("run" + (++runs));
        if (computing && !args.contains("--out")) args.addAll(List.of("--out", out.toString()));
        String[] argv = args.toArray(new String[0]);
        Printed printed = t.freshJvm() ? inChildJvm(argv) : inProcess(argv);
        int exit = printed.exit();
        String text = printed.text().replace(out.toString(), "runs/" + args.get(0) + "-20250101-120000");
        List<String> lines = Arrays.asList(text.split("\\R", -1));
        boolean showsError = c.shown() != null && c.shown().stream().anyMatch(l -> l.startsWith("geomech: error:"));
        assertEquals(showsError ? Main.BAD_INPUT : 0, exit, () -> report(c, args, text, "exit code " + exit));
        if (c.shown() == null) return;
        Optional<String> difference = new ShownOutput(c.shown(), t.numbersCompared()).difference(lines);
        difference.ifPresent(d -> fail(report(c, args, text, d)));
    }

    /** What a command printed, standard output and error interleaved as on a terminal, and its exit code. */
    private record Printed(int exit, String text) {}

    private static Printed inProcess(String[] args) {
        StringWriter printed = new StringWriter();
        PrintWriter both = new PrintWriter(printed, true);
        var cl = Main.commandLine();
        cl.setOut(both);
        cl.setErr(both);
        int exit = cl.execute(args);
        return new Printed(exit, printed.toString());
    }

    // The command in a JVM of its own on the test's class path, as the launcher starts it (the JVM's incubator warning left out)
    private static Printed inChildJvm(String[] args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "--add-modules", "jdk.incubator.vector",
                "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(5, TimeUnit.MINUTES), "the child JVM ended");
        return new Printed(p.exitValue(), text.replace("WARNING: Using incubator modules: jdk.incubator.vector" + System.lineSeparator(), ""));
    }

    /** The command, the first difference, the README's block and the printed output, each whole. */
    private static String report(ReadmeCommands.Command c, List<String> args, String printed, String difference) {
        return "README.md line " + c.line() + " does not show what the command prints (update README.md, or the command):\n"
                + "  command: " + c.text() + (c.treatment().runsAs() != null ? "   (run as: geomech " + String.join(" ", args) + ")" : "") + "\n"
                + "  first difference: " + difference + "\n"
                + "===== README.md shows:\n" + (c.shown() == null ? "(no output)\n" : String.join("\n", c.shown()) + "\n")
                + "===== the command prints:\n" + printed.stripTrailing() + "\n=====";
    }

    @Test
    void everyShownGeomechCommandIsFound() throws IOException {
        // the README's examples of each command: if the parser missed a block, these would be absent
        List<String> readme = Files.readAllLines(Path.of("README.md"), StandardCharsets.UTF_8);
        List<ReadmeCommands.Command> commands = ReadmeCommands.parse(readme);
        long shownInReadme = readme.stream().filter(l -> l.startsWith("$ ./geomech ") || l.startsWith("./geomech ")).count();
        assertEquals(shownInReadme, commands.size(), "every line that starts a geomech command in README.md is one command");
        for (String command : List.of("list", "describe", "run", "order", "demo", "crosscheck", "reproduce", "devices"))
            assertTrue(commands.stream().anyMatch(c -> c.shown() != null && !c.args().isEmpty() && c.args().get(0).equals(command)),
                    "README.md shows the output of geomech " + command);
    }
}

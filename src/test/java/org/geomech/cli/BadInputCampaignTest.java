package org.geomech.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * A seeded campaign of 1,000 generated bad or edge inputs (mutated scenario files,
 * expressions and flag sets) through the real command line, in-process; issue 27 item 6: 2,200 more on the
 * surface added since (CampaignSurface: Lie group YAML, tableau files, vi biases, sweeps, h per member,
 * --initial files, damaged checkpoints, trajectory ranges, quantile levels, --quantiles, --members-in-memory,
 * output folders). Each case must end within
 * CASE_SECONDS with exit 0 and finite outputs (or non-finite ones named in a warning), or with exactly
 * one line `geomech: error: ...` and exit 2 (crosscheck: exit 1 with its reason); never a stack trace,
 * never an internal error, never a hang.
 */
class BadInputCampaignTest {
    private static final long SEED = 12;
    private static final int CASES = 1000;
    private static final long CASE_SECONDS = 30;
    private static final long SURFACE_SEED = 27;
    private static final int SURFACE_CASES = 2200;

    // Valid scenarios to mutate: small (at most 20 steps of a few coordinates) so that a case that runs is quick
    private static final List<String> SCENARIOS = List.of(
            String.join("\n", "model: nh-particle", "method: lobatto-nh:2", "h: 0.1", "t_end: 1", "output_interval: 0.5",
                    "initial:", "  members: 3", "  q: {x: \"1 + 0.1*j\"}", "  v: [0.2, 1, 0.1]", "  random: {seed: 7, q: {x: 0.01}}",
                    "observers:", "  r: sqrt(x^2 + y^2)", "statistics: [mean, max, msd]", "newton: {tolerance: 1.0e-12, max_iterations: 50}", ""),
            String.join("\n", "model:", "  name: knife-edge", "  coordinates: [x, y, theta]", "  parameters: {g: 9.81, alpha: 0.3, I: 0.1}",
                    "  lagrangian: 0.5*(dot(x)^2 + dot(y)^2) + 0.5*I*dot(theta)^2 + g*sin(alpha)*x", "  holonomic: []",
                    "  nonholonomic: [sin(theta)*dot(x) - cos(theta)*dot(y)]", "parameters: {alpha: 0.25}", "h: [0.1, 0.05]", "t_end: 0.5",
                    "initial:", "  members: 2", "  q: {theta: \"j*pi/(2*N)\"}", "  v: {x: \"cos(j*pi/(2*N))\", theta: 1}",
                    "observers:", "  omega: dot(theta)", "  lam: lambda1", ""),
            String.join("\n", "model: chaotic-nh", "structure: {m: 2}", "method: lobatto-nh:3", "h: 0.1", "t_end: 0.5", ""),
            String.join("\n", "model: planar-pendulum", "method: rattle", "h: 0.05", "t_end: 0.5", "initial:", "  members: 2", ""),
            String.join("\n", "model:", "  name: top", "  group: SO(3)", "  factors: [R]", "  velocities: [w1, w2, w3]", "  frame: body",
                    "  parameters: {I1: 1, I3: 0.5, mgl: 1}", "  lagrangian: 0.5*(I1*w1^2 + I1*w2^2 + I3*w3^2) - mgl*R33", "method: lobatto-lie:2",
                    "h: 0.1", "t_end: 0.5", "initial:", "  members: 2", "  q: {R22: cos(0.5), R23: -sin(0.5), R32: sin(0.5), R33: cos(0.5)}",
                    "  v: {w2: 0.3, w3: 10}", "observers:", "  spin: w3", ""),
            String.join("\n", "model: dipole-on-stick", "method: vrkmk:gauss1,0", "h: 0.1", "t_end: 0.5", "initial:", "  members: 2",
                    "  random: {seed: 3, v: {w1: 0.01}}", ""));

    // Values a hostile user puts where a number, name or list belongs (none makes a valid but long run: those are not bad input)
    private static final List<String> VALUES = List.of("0", "-1", "1e-320", "1e308", "-1e308", ".nan", ".inf", "-.inf", "NaN", "abc", "[]", "{}",
            "\"\"", "0.1", "0.05", "3", "1e13", "4611686018427387904", "-2147483649", "-0", "1e-300", "0.3", "[0.1, 0.1]", "[1, 2, 3, 4]",
            "{x: 1}", "{z: 1}", "null", "~", "yes", "\"1/0\"", "\"log(-1)\"", "\"exp(1000)\"", "\"sqrt(-1)\"", "[[[[1]]]]", "&a 1", "*a", "!!binary AAAA",
            "\"" + "(".repeat(3000) + "1" + ")".repeat(3000) + "\"", "\"" + "-".repeat(200_000) + "1\"", "j", "N", "J", "lambda1", "t", "h", "pi");

    private static final List<String> EXPRESSIONS = List.of("x", "sin(x)*dot(y)", "x^2 + y^2", "exp(exp(x))", "1/x", "log(x)", "sqrt(x - 2)",
            "atan2(y, x)", "x/(y - y)", "1e308*x*x", "-(-(-x))", "x^-2", "p(x)", "lambda1", "lambda2", "j", "dot(q)", "foo(x)", "sin(x, y)", "((x)",
            "x)", "", " ", "2^2^2^2^2", "1e999", "0/0", "atan2()", "x**y", "pi*pi", "J*N", "x,y", "\u00e9", "x\ny", "\ttab");

    private static final List<String> FLAGS = List.of("--h", "--t-end", "--members", "--seed", "--sigma", "--output-interval", "--q", "--v",
            "--param", "--structure", "--method", "--model", "--format", "--save-trajectories", "--newton-tol", "--backend", "--statistics", "--json");

    private static final List<String> METHODS = List.of("lobatto-nh:2", "lobatto-nh:3", "lobatto-nh:1", "lobatto-nh:0", "lobatto-nh:-1",
            "lobatto-nh:99999999999", "lobatto-holonomic:2", "rattle", "hbvm:2,2", "hbvm:0,0", "hbvm:2", "ggl-em", "ggl-vi-s", "nope", ":", "lobatto-nh:",
            "lobatto-lie:2", "lobatto-lie-nh:2,exp", "vrkmk:gauss2,2", "vrkmk:gauss1,-1", "vcg:midpoint", "vcg:nope", "lobatto-lie:2,sin");

    @TempDir
    Path dir;

    @Test
    void everyCaseEndsCleanly() throws Exception {
        Random random = new Random(SEED);
        campaign("bad-input campaign", CASES, i -> {
            String[] args = generate(random, i);
            return new Case(args, dir.resolve("out" + i));
        });
    }

    @Test
    void everyCaseOfTheNewerSurfaceEndsCleanly() throws Exception {
        // Lie group YAML, tableau files, vi biases, sweeps, h per member, --initial files, damaged checkpoints, trajectory ranges,
        // quantile levels, --quantiles, --members-in-memory and output folders
        CampaignSurface surface = new CampaignSurface(dir);
        surface.makeCheckpoints();
        Random random = new Random(SURFACE_SEED);
        campaign("bad-input campaign, newer surface", SURFACE_CASES, i -> {
            List<String> args = surface.generate(random, i);
            return new Case(args.toArray(new String[0]), CampaignSurface.outputOf(args));
        });
    }

    /** A case: its command line and the output folder it writes into (null: none). */
    private record Case(String[] args, Path out) {}

    private interface Generator {
        Case generate(int i) throws IOException;
    }

    // Runs the cases one after another in-process, each within CASE_SECONDS, and asserts that each ended cleanly and that both outcomes occur
    private void campaign(String name, int cases, Generator generator) throws Exception {
        ExecutorService pool = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(null, r, "campaign", 16L << 20);
            t.setDaemon(true);
            return t;
        });
        List<String> problems = new ArrayList<>();
        int[] exits = new int[3];
        long start = System.nanoTime();
        try {
            for (int i = 0; i < cases; i++) {
                Case c = generator.generate(i);
                String[] args = c.args();
                Future<Cli.Result> f = pool.submit(() -> Cli.run(args));
                Cli.Result r;
                try {
                    r = f.get(CASE_SECONDS, TimeUnit.SECONDS);
                } catch (TimeoutException e) {
                    Path file = args.length > 1 ? Path.of(args[1]) : null;
                    fail("case " + i + " did not end within " + CASE_SECONDS + " s: " + describe(args)
                            + (file != null && Files.isRegularFile(file) ? "\n" + abbreviate(Files.readString(file)) : ""));
                    return;
                }
                if (r.exit() >= 0 && r.exit() < exits.length) exits[r.exit()]++;
                String problem = check(r, args, c.out());
                if (problem != null) problems.add("case " + i + " (" + describe(args) + "): " + problem);
            }
        } finally {
            pool.shutdownNow();
        }
        System.out.printf("%s: %d cases in %.1f s: %d exit 0, %d exit 1, %d exit 2%n", name, cases, (System.nanoTime() - start) * 1e-9,
                exits[0], exits[1], exits[2]);
        // the campaign exercises both outcomes: runs that complete and inputs refused
        assertTrue(exits[0] >= cases / 10 && exits[2] >= cases / 3, "exit 0: " + exits[0] + ", exit 2: " + exits[2]);
        assertTrue(problems.isEmpty(), problems.size() + " case(s) failed:\n" + String.join("\n", problems.subList(0, Math.min(40, problems.size()))));
    }

    // ---------------------------------------------------------------- generation

    private String[] generate(Random random, int i) throws IOException {
        Path out = dir.resolve("out" + i);
        List<String> args = new ArrayList<>();
        int kind = random.nextInt(10);
        if (kind < 5) {
            args.add("run");
            args.add(scenarioFile(random, i).toString());
            if (random.nextInt(3) == 0) addFlags(random, args);
        } else if (kind < 8) {
            args.add("run");
            args.addAll(List.of("--model", pick(random, List.of("nh-particle", "cvt", "chaotic-nh", "planar-pendulum", "knife", ""))));
            args.addAll(List.of("--h", "0.1", "--t-end", "0.5"));
            addFlags(random, args);
        } else if (kind == 8) {
            args.add("order");
            args.addAll(List.of("--model", "nh-particle", "--method", "lobatto-nh:2"));
            args.addAll(List.of("--h", pick(random, List.of("0.1,0.05", "0.1,0.1", "0.1", "0.2,abc", "-0.1,0.05", "1e308,0.1", "0.1,0.05,0.025"))));
            args.addAll(List.of("--t-end", pick(random, List.of("0.2", "0.3", "1e308", "-1", "0", "NaN"))));
            if (random.nextBoolean()) args.addAll(List.of("--h-ref", pick(random, List.of("0.01", "0", "-1", "NaN", "0.3"))));
            if (random.nextBoolean()) args.addAll(List.of("--reference", pick(random, METHODS)));
        } else if (random.nextInt(4) == 0) {
            // describe, and rarely demo, with names and values a user might mistype
            if (random.nextInt(8) == 0) {
                args.addAll(List.of("demo", "--backend", "reference", "--members", pick(random, List.of("2", "0", "-1", "x")),
                        "--t-end", pick(random, List.of("0.4", "0", "-1", "NaN", "1e308", "0.33"))));
            } else {
                args.addAll(List.of("describe", pick(random, List.of("chaotic-nh", "lobatto-nh:3", "lobatto-nh:0", "hbvm:9,9", "", "nope", "rattle"))));
                if (random.nextBoolean()) args.addAll(List.of("--model", pick(random, List.of("nh-particle", "nope", "planar-pendulum"))));
                return args.toArray(new String[0]);   // describe writes nothing
            }
        } else {
            args.add("crosscheck");
            args.addAll(List.of("--model", pick(random, List.of("nh-particle", "heavy-top", "cvt", "nope"))));
            args.addAll(List.of("--backends", "reference", "--members", pick(random, List.of("1", "2", "0", "-3", "abc")),
                    "--steps", pick(random, List.of("1", "3", "0", "-1", "99999999999"))));
            args.addAll(List.of("--tolerance", pick(random, List.of("1e-12", "NaN", "-1", "0", "Infinity", "1"))));
            if (random.nextBoolean()) args.addAll(List.of("--method", pick(random, METHODS)));
        }
        args.addAll(List.of("--out", out.toString(), "--no-plots", "--quiet"));
        if (random.nextInt(20) == 0) Files.createDirectories(out.resolve("x")); // an existing, non-empty folder: allowed
        if (random.nextInt(40) == 0) { Files.createDirectories(out); Files.writeString(out.resolve("summary.json"), "{}"); }
        return args.toArray(new String[0]);
    }

    private Path scenarioFile(Random random, int i) throws IOException {
        String text = pick(random, SCENARIOS);
        int mutations = random.nextInt(3);   // a third of the files stay valid (their flags may not)
        for (int m = 0; m < mutations; m++) text = mutate(random, text);
        Path file = dir.resolve("case" + i + ".yaml");
        if (random.nextInt(50) == 0 && !text.isEmpty()) {
            byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
            bytes[random.nextInt(bytes.length)] = (byte) (random.nextBoolean() ? 0 : 0xC3);   // binary or broken UTF-8
            Files.write(file, bytes);
        } else {
            Files.writeString(file, text);
        }
        return file;
    }

    // One mutation of scenario text: a value replaced, an expression mangled, a line dropped or doubled, a cut, a stray character
    private static String mutate(Random random, String text) {
        List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
        int at = random.nextInt(lines.size());
        String line = lines.get(at);
        switch (random.nextInt(8)) {
            case 0, 1 -> {
                int colon = line.indexOf(": ");
                if (colon >= 0) lines.set(at, line.substring(0, colon + 2) + pick(random, VALUES));
            }
            case 2 -> {
                int colon = line.indexOf(": ");
                if (colon >= 0) lines.set(at, line.substring(0, colon + 2) + "\"" + mangle(random, pick(random, EXPRESSIONS)) + "\"");
            }
            case 3 -> lines.remove(at);
            case 4 -> lines.add(at, line);
            case 5 -> { return text.substring(0, random.nextInt(text.length() + 1)); }
            case 6 -> {
                int p = random.nextInt(line.length() + 1);
                lines.set(at, line.substring(0, p) + pick(random, List.of(":", "-", "[", "{", "\"", "'", "\t", "#", "*", "&", "!", " ")) + line.substring(p));
            }
            default -> lines.add(at, pick(random, List.of("unknown: 1", "h: 0.1", "initial: {members: 1}", "out: /dev/null", "backend: simdx",
                    "observers: {energy: x}", "observers: {\"1x\": x}", "structure: {m: 1000}", "statistics: [median]", "newton: {max_iterations: 1001}")));
        }
        return String.join("\n", lines);
    }

    // An expression with random edits, or one made long or deep
    private static String mangle(Random random, String e) {
        switch (random.nextInt(6)) {
            case 0: return "(".repeat(random.nextInt(2000)) + e + ")".repeat(random.nextInt(2000));
            case 1: return "-".repeat(random.nextInt(3000)) + e;
            case 2: return String.join("+", java.util.Collections.nCopies(1 + random.nextInt(12000), e.isBlank() ? "x" : e));
            case 3: {
                StringBuilder sb = new StringBuilder(e);
                for (int k = random.nextInt(4); k >= 0; k--) sb.insert(random.nextInt(sb.length() + 1), "()+-*/^.,eE019xyjN ".charAt(random.nextInt(19)));
                return sb.toString();
            }
            default: return e;
        }
    }

    private static void addFlags(Random random, List<String> args) {
        for (int k = random.nextInt(4); k >= 0; k--) {
            String flag = pick(random, FLAGS);
            String value = switch (flag) {
                case "--q", "--v" -> pick(random, List.of("x", "y", "z", "q1", "nope", "")) + "=" + mangle(random, pick(random, EXPRESSIONS));
                case "--param" -> pick(random, List.of("eps=0.3", "eps=NaN", "g=1e308", "nope=1", "=", "eps")) ;
                case "--structure" -> pick(random, List.of("m=2", "m=0", "m=1001", "m=2147483647", "m=-1", "n=3", "m=x", "m=100"));
                case "--method" -> pick(random, METHODS);
                case "--model" -> pick(random, List.of("nh-particle", "nope", "", "chaotic-nh"));
                case "--format" -> pick(random, List.of("csv", "npy", "xls", ""));
                case "--save-trajectories" -> pick(random, List.of("0", "0,1", "-1", "999", "a"));
                case "--backend" -> pick(random, List.of("reference", "gpu", "", "REFERENCE"));
                case "--h" -> pick(random, List.of("0.1", "0.1,0.05", "0", "-0.1", "1e-320", "NaN", "Infinity", "0.1,,0.2", "0.3"));
                case "--members" -> pick(random, List.of("1", "3", "0", "-1", "2147483648", "10000", "x"));   // 10^9 members now run in slabs: a valid long run, not bad input
                case "--statistics", "--json" -> "";
                default -> pick(random, VALUES.subList(0, 25));
            };
            if (flag.equals("--statistics")) continue;   // not a flag of run: picocli's one-line error is enough once
            args.add(flag);
            if (!flag.equals("--json")) args.add(value);
        }
    }

    private static String pick(Random random, List<String> from) { return from.get(random.nextInt(from.size())); }

    // ---------------------------------------------------------------- checks

    // null when the case ended as it must; else what went wrong
    private static String check(Cli.Result r, String[] args, Path out) throws IOException {
        String all = r.out() + r.err();
        if (all.contains("\tat ") || all.contains("Exception:") && !all.contains("geomech: error:") || all.contains("Caused by"))
            return "a stack trace: " + abbreviate(r.err());
        if (r.err().contains("internal error")) return "an internal error: " + abbreviate(r.err());
        List<String> err = r.errLines();
        switch (r.exit()) {
            case 2:
                if (err.size() != 1 || !err.get(0).startsWith("geomech: error: ")) return "exit 2 without exactly one error line: " + abbreviate(r.err());
                return null;
            case 1:
                if (!args[0].equals("crosscheck") || !r.err().contains("geomech: crosscheck failed: ")) return "exit 1: " + abbreviate(r.err());
                return null;
            case 0:
                for (String line : err) if (!line.startsWith("geomech: warning: ")) return "exit 0 with stderr: " + abbreviate(r.err());
                return finiteOutputs(out, r.err());
            default:
                return "exit " + r.exit() + ": " + abbreviate(r.err());
        }
    }

    // Every number in the CSV files is finite, unless a warning names a non-finite observer or failed members
    private static String finiteOutputs(Path out, String err) throws IOException {
        if (out == null || !Files.isDirectory(out)) return null;   // e.g. describe, list
        boolean warned = err.contains("is not finite") || err.contains("member(s) failed");
        try (Stream<Path> files = Files.list(out)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".csv")).toList()) {
                for (String line : Files.readAllLines(f)) {
                    for (String cell : line.split(",")) {
                        if ((cell.equals("NaN") || cell.endsWith("Infinity")) && !warned)
                            return f.getFileName() + " holds " + cell + " with no warning: " + line;
                    }
                }
            }
        }
        return null;
    }

    private static String describe(String[] args) {
        StringBuilder sb = new StringBuilder();
        for (String a : args) sb.append(' ').append(a.length() > 80 ? a.substring(0, 80) + "...(" + a.length() + " chars)" : a);
        return sb.toString().trim();
    }

    private static String abbreviate(String s) { return s.length() > 600 ? s.substring(0, 600) + "..." : s; }
}

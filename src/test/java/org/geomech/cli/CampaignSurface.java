package org.geomech.cli;

import org.geomech.api.Checkpoints;
import org.geomech.api.Output;
import org.geomech.api.Run;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The generated cases of the bad-input campaign on the surface added since issue 12: Lie group model
 * YAML (group:, R^n, SO(3), SE(2), SE(3), products), tableau files (TableauFile's exact checks: row sums, weights, claimed
 * orders), vi biases, sweeps (--param x=[..]), h per member (expressions of j and draws), --initial CSV and .npy files,
 * resumes of damaged checkpoints, trajectory ranges, quantile levels, --quantiles, --members-in-memory and output folders.
 * Each case is a command line (files it names are written into the campaign's folder); runs stay tiny (a few members
 * and steps on the reference backend).
 */
final class CampaignSurface {
    private final Path dir;
    /** Output folders of runs stopped at a checkpoint, copied and damaged by the checkpoint cases. */
    private final List<Path> checkpointed = new ArrayList<>();

    CampaignSurface(Path dir) { this.dir = dir; }

    // ---------------------------------------------------------------- the pieces a case is made of

    // A valid run of each kind, on which a case puts its flags: 3 members, 3 to 5 steps of the reference backend
    private static final List<List<String>> BASES = List.of(
            List.of("run", "--model", "nh-particle", "--h", "0.1", "--t-end", "0.3", "--members", "3", "--backend", "reference"),
            List.of("run", "--model", "cvt", "--h", "0.1", "--t-end", "0.5", "--members", "3", "--backend", "reference"),
            List.of("run", "--model", "spherical-pendulum", "--h", "0.1", "--t-end", "0.3", "--members", "2", "--backend", "reference"),
            List.of("run", "--model", "dipole-on-stick", "--h", "0.1", "--t-end", "0.3", "--members", "2", "--backend", "reference"));

    private static final List<String> NUMBERS = List.of("0", "1", "-1", "0.5", "1/3", "2/3", "-1/2", "1/2", "1e308", "1e-400", "1e400", ".nan", ".inf",
            "NaN", "abc", "\"\"", "[]", "{}", "null", "sqrt(3)/6", "sqrt(2)", "sqrt(-1)", "2^-4", "2^64", "2^999999", "1/0", "0/0", "x", "1/3 + sqrt(2)",
            "sqrt(3) + sqrt(2)", "0.1", "0.25", "3", "-0", "1e-300", "[1]", "\"1/6\"", "9007199254740993", "1" + "0".repeat(400));

    // ---- Lie group model YAML

    /** A group with its factor names, velocities, a Lagrangian, an initial element and velocities, and a method that runs on it. */
    private record Group(String group, String factors, String velocities, String lagrangian, String q, String v, String method) {}

    private static final List<Group> GROUPS = List.of(
            new Group("SO(3)", "[R]", "[w1, w2, w3]", "0.5*(I1*w1^2 + I1*w2^2 + I3*w3^2) - mgl*R33",
                    "{R22: cos(0.5), R23: -sin(0.5), R32: sin(0.5), R33: cos(0.5)}", "{w2: 0.3, w3: 10}", "lobatto-lie:2"),
            new Group("SE(2)", "[g]", "[omega, v1, v2]", "0.5*I3*omega^2 + 0.5*(v1^2 + v2^2) - 0.5*mgl*(g13^2 + g23^2)",
                    "{g13: 0.5}", "{omega: 1, v1: 0.2}", "lobatto-lie:2"),
            new Group("R^2", "[x]", "[a, b]", "0.5*(a^2 + b^2) - mgl*x1", "{x1: 0.1}", "{a: 1}", "lobatto-lie:2"),
            new Group("SO(3) x R^2", "[R, x]", "[w1, w2, w3, a, b]", "0.5*(I1*w1^2 + I1*w2^2 + I3*w3^2) + 0.5*(a^2 + b^2) - mgl*R33 - x1",
                    "{x2: 1}", "{w1: 0.1, b: 1}", "lobatto-lie:2"),
            new Group("SE(3)", "[g]", "[a1, a2, a3, a4, a5, a6]", "0.5*(a1^2 + a2^2 + I3*a3^2 + a4^2 + a5^2 + a6^2) - mgl*g34", "{g34: 1}",
                    "{a1: 0.1, a4: 1}", "lobatto-lie:2"));

    private static final List<String> BAD_GROUPS = List.of("R^0", "R^-1", "R^99999999999999999999", "R^201", "R^2.5", "R^", "R", "SO(4)", "SO(2)",
            "SE(4)", "SO(3) x", "x R^2", "x", "", "SO(3)xR^2", "SO(3) x SO(3)", "so(3)", "SE(2) x SE(2) x R^1", "SO(3) x R^0", "SO(3) x R^2 x R^1",
            "[SO(3)]", "{a: 1}", "SO(3) * R^2", "R^1e3", "R^3", "SE(2)", "SO(3)", "R^2");
    private static final List<String> LIE_METHODS = List.of("lobatto-lie:2", "lobatto-lie:3", "lobatto-lie-nh:2", "lobatto-lie-nh:2,exp", "lobatto-lie:2,exp",
            "lobatto-lie:2,sin", "lobatto-lie:0", "lobatto-lie:1", "lobatto-lie:13", "vrkmk:gauss1,0", "vrkmk:gauss2,2", "vrkmk:gauss2,-1", "vcg:midpoint",
            "vcg:triple-jump", "lobatto-nh:2", "rattle", "vi:rk4", "rk:rk4", "ggl-em", "hbvm:2,2");

    private String lieYaml(Random random) {
        Group g = pick(random, GROUPS);
        String group = g.group(), factors = g.factors(), velocities = g.velocities(), lagrangian = g.lagrangian(), q = g.q(), v = g.v();
        String frame = "body", method = g.method(), nonholonomic = null, hamiltonian = null;
        for (int k = random.nextInt(3); k > 0; k--) {
            switch (random.nextInt(10)) {
                case 0 -> group = pick(random, BAD_GROUPS);
                case 1 -> factors = pick(random, List.of("[]", "[R, R]", "[w1]", "[pi]", "[t]", "[\"\"]", "[R, x, y]", "R", "[R1]", "[j]", "[dot]"));
                case 2 -> velocities = pick(random, List.of("[]", "[w1]", "[w1, w1, w2]", "[w1, w2, w3, w4, w5, w6, w7]", "[dot, j, N]", "[R33, w2, w3]",
                        "[lambda1, w2, w3]", "[h, t, pi]", "w1"));
                case 3 -> frame = pick(random, List.of("spatial", "", "left", "3", "[body]", "Body"));
                case 4 -> lagrangian = pick(random, List.of("w1^2", "R44", "x3", "g13*w9", "exp(w1)", "1/0", "dot(R11)", "w1*", "0", "R11*w1 + p(w1)",
                        "exp(1000)", "lambda1", "t*w1", "j", "0.5*w1^2 + sin(R33)", "\"\"", "1e308*1e308*w1"));
                case 5 -> nonholonomic = pick(random, List.of("[w1 - R33]", "[w1*w2]", "[]", "[x1]", "[w1, w1]", "[a - R11]", "[v1 - omega*g13]", "[nope]"));
                case 6 -> method = pick(random, LIE_METHODS);
                case 7 -> q = pick(random, List.of("{R11: 2}", "{R44: 1}", "{x1: .nan}", "{g13: 1e308}", "{R11: -1, R22: -1}", "{R12: 1e-13}", "{R12: 1e-11}",
                        "[1, 0, 0]", "{}", "{w1: 1}", "{g11: 0}", "{x1: j}", "{x1: \"1/(j-1)\"}"));
                case 8 -> v = pick(random, List.of("{w9: 1}", "{w1: 1e308}", "{a: .nan}", "{w1: .inf}", "[1, 2]", "{R11: 1}", "{omega: j}", "{}"));
                default -> hamiltonian = pick(random, List.of("0.5*p(w1)^2", "p(R11)", "0.5*(p(w1)^2 + p(w2)^2 + p(w3)^2/0.5)", "nope(1)"));
            }
        }
        List<String> lines = new ArrayList<>(List.of("model:", "  name: g", "  group: " + group, "  factors: " + factors, "  velocities: " + velocities,
                "  frame: " + frame, "  parameters: {I1: 1, I3: 0.5, mgl: 1}", "  lagrangian: \"" + lagrangian + "\""));
        if (nonholonomic != null) lines.add("  nonholonomic: " + nonholonomic);
        if (hamiltonian != null) lines.add("  hamiltonian: \"" + hamiltonian + "\"");
        lines.addAll(List.of("method: \"" + method + "\"", "h: 0.1", "t_end: 0.3", "initial:", "  members: 2", "  q: " + q, "  v: " + v, ""));
        return String.join("\n", lines);
    }

    // ---- tableau files

    private static final List<String> TABLEAUX = List.of(
            "a: [[0]]\nb: [1]\nc: [0]\n",
            "a: [[0, 0], [1/2, 0]]\nb: [0, 1]\nc: [0, 1/2]\n",
            "name: ralston\norder: 2\na: [[0, 0], [2/3, 0]]\nb: [1/4, 3/4]\nc: [0, 2/3]\n",
            "order: 3\na: [[0, 0, 0], [1/2, 0, 0], [-1, 2, 0]]\nb: [1/6, 2/3, 1/6]\nc: [0, 1/2, 1]\n",
            "order: 4\na: [[0, 0, 0, 0], [1/2, 0, 0, 0], [0, 1/2, 0, 0], [0, 0, 1, 0]]\nb: [1/6, 1/3, 1/3, 1/6]\nc: [0, 1/2, 1/2, 1]\n",
            "order: 4\na: [[1/4, 1/4 - sqrt(3)/6], [1/4 + sqrt(3)/6, 1/4]]\nb: [1/2, 1/2]\nc: [1/2 - sqrt(3)/6, 1/2 + sqrt(3)/6]\n",
            "a: [[0.1, 0], [0.5, 0.1]]\nb: [0.5, 0.5]\nc: [0.1, 0.6]\n");

    private String tableauText(Random random) {
        String text = pick(random, TABLEAUX);
        for (int k = random.nextInt(3); k > 0; k--) {
            switch (random.nextInt(7)) {
                case 0, 1 -> {
                    // one entry replaced: a number of a row, of b or of c
                    List<Integer> commas = new ArrayList<>();
                    for (int p = 0; p < text.length(); p++) if (text.charAt(p) == ',' || text.charAt(p) == '[') commas.add(p);
                    if (commas.isEmpty()) continue;
                    int at = commas.get(random.nextInt(commas.size())) + 1;
                    int end = at;
                    while (end < text.length() && ",]\n".indexOf(text.charAt(end)) < 0) end++;
                    if (end > at && text.charAt(at) != '[') text = text.substring(0, at) + " " + pick(random, NUMBERS) + text.substring(end);
                }
                case 2 -> text = text.replaceFirst("order: [^\n]*\n", "") + "order: " + pick(random, List.of("0", "1", "2", "3", "4", "5", "6", "7", "9", "-1", "abc",
                        "1.5", "99999999999", "[2]", "null"));
                case 3 -> text = text.replaceFirst(pick(random, List.of("a", "b", "c", "order", "name")) + ": [^\n]*\n", "");
                case 4 -> text = text + pick(random, List.of("d: [1]\n", "a: [[0]]\n", "name: [x]\n", "\t\n", "---\nb: [1]\n", "b: [1, 0]\n"));
                case 5 -> text = text.replace("]]", pick(random, List.of("], [0, 1]]", ", 0]]", "]", "]]]", "], []]")));
                default -> text = text.substring(0, random.nextInt(text.length() + 1));
            }
        }
        return text;
    }

    private List<String> tableau(Random random, int i) throws IOException {
        Path file = Files.writeString(dir.resolve("tableau" + i + ".yaml"), tableauText(random));
        String biases = random.nextBoolean() ? "" : "," + pick(random, BIASES) + "," + pick(random, BIASES);
        // the Lie group methods (on the slowest model to compile) one time in four
        return switch (random.nextInt(8)) {
            case 0, 1, 2 -> base(2, "--method", "vi:" + file + biases);
            case 3, 4, 5 -> base(2, "--method", "rk:" + file);
            case 6 -> base(3, "--method", "vrkmk:" + file + "," + pick(random, List.of("0", "1", "2", "-1", "x")));
            default -> base(3, "--method", "vcg:" + file);
        };
    }

    // ---- vi biases

    private static final List<String> BIASES = List.of("-1/2", "1/2", "0", "1", "-1", "0.5", "-0.5", "abc", "", "1/0", "NaN", "1e308", "2/3", "-0.25",
            "sqrt(2)", "1e-400", "--1", "1/3");

    // alpha- and alpha+ with alpha+ - alpha- = 1 (000 sec. 2), and pairs just off it
    private static final List<String> BIAS_PAIRS = List.of("-1/2,1/2", "0,1", "-1,0", "-0.25,0.75", "-1/3,2/3", "1e308,1e308", "-0.5,0.5000001", "2,3");

    private static List<String> viBiases(Random random) {
        StringBuilder m = new StringBuilder("vi:" + pick(random, List.of("rk4", "euler", "kutta3", "heun", "rk38", "dopri5", "lobatto-iiia:3", "lobatto-iiia:1", "gauss2", "")));
        if (random.nextBoolean()) m.append(',').append(pick(random, BIAS_PAIRS));
        else for (int k = random.nextInt(4); k > 0; k--) m.append(',').append(pick(random, BIASES));
        List<String> args = base(random.nextInt(6) == 0 ? 0 : 2, "--method", m.toString());
        if (random.nextInt(4) == 0) args.addAll(List.of("--iteration", pick(random, List.of("chord", "chord-as-printed", "newton", "fixed-point", "x"))));
        return args;
    }

    // ---- sweeps

    private static final List<String> LISTS = List.of("[0.25,0.5]", "[0.25, 0.5, 1]", "[]", "[1,,2]", "[0.1]", "[nan]", "[1e400]", "[[1]]", "[0.25, 0.5",
            "0.25,0.5]", "[a]", "[1;2]", "[-1,1]", "[0.1,0.1]", "[1e308,1]", "[j]", "[uniform(0,1)]", "[0.1 0.2]", "[ ]", "[0x10]", "[1,2,3,4,5,6,7,8,9,10,11,12]");

    private static List<String> sweep(Random random) {
        List<String> args = random.nextBoolean() ? base(1) : base(2);
        String name = args.contains("cvt") ? "eps" : pick(random, List.of("l", "g", "m"));
        args.addAll(List.of("--param", name + "=" + pick(random, LISTS)));
        if (random.nextInt(3) == 0) args.addAll(List.of("--param", pick(random, List.of(name, "l", "g", "nope")) + "=" + pick(random, LISTS)));
        if (random.nextInt(3) == 0) args.set(args.indexOf("--h") + 1, pick(random, List.of("0.1,0.05", "0.1,0.1", "0.05,0.1", "0.1,")));
        return args;
    }

    // ---- h per member

    private static final List<String> H_PER_MEMBER = List.of("0.1*(1+j/N)", "0.05*(1+j/N)", "uniform(0.05,0.1)", "uniform(0.1,0.05)", "uniform(0,0.1)",
            "normal(0.1,0.01,0.05,0.2)", "normal(0.1,0.01,0.5,0.6)", "lognormal(-2.3,0.1,seed=3)", "lognormal(-2.3,0.1,0.05,0.2,seed=3)", "-j", "0*j", "j/0",
            "0.1/(j-1)", "uniform(0.05,0.1,seed=x)", "uniform()", "uniform(0.05)", "1e-300*(1+j)", "0.1+j", "nan*j", "exp(1000)*j", "0.1*(1+J)", "0.1+0*N",
            "uniform(0.05,0.1,seed=-1)", "normal(0.1,-1)", "uniform(0.05,0.1,seed=1,x=2)", "sin(j)", "0.1*(j<1)", "0.03*(1+j)");

    private static List<String> hPerMember(Random random) {
        List<String> args = base(random.nextInt(3));
        args.set(args.indexOf("--h") + 1, pick(random, H_PER_MEMBER));
        if (random.nextBoolean()) args.addAll(List.of("--output-interval", pick(random, List.of("0.1", "0.25", "0.3", "0.15", "0", "-0.1", "1"))));
        if (random.nextInt(5) == 0) args.set(0, pick(random, List.of("order", "crosscheck")));
        if (random.nextInt(5) == 0) args.set(args.indexOf("--t-end") + 1, pick(random, List.of("0.55", "0.35", "1e-9")));
        return args;
    }

    // ---- --initial CSV and .npy files

    private List<String> initialFile(Random random, int i) throws IOException {
        boolean cvt = random.nextBoolean();
        List<String> args = base(cvt ? 1 : 0);
        args.subList(args.indexOf("--members"), args.indexOf("--members") + 2).clear();
        Path file;
        if (random.nextInt(3) == 0) {
            file = dir.resolve("initial" + i + ".npy");
            Files.write(file, npy(random));
        } else {
            file = dir.resolve("initial" + i + ".csv");
            Files.write(file, csv(random, cvt).getBytes(StandardCharsets.UTF_8));
        }
        args.addAll(List.of("--initial", file.toString()));
        if (random.nextInt(4) == 0) args.addAll(List.of("--members", pick(random, List.of("3", "2", "1"))));
        return args;
    }

    private static String csv(Random random, boolean cvt) {
        List<String> header = new ArrayList<>(List.of("x", "y", "z", "dot(x)", "dot(y)", "dot(z)"));
        if (cvt && random.nextBoolean()) header.add("eps");
        List<List<String>> rows = new ArrayList<>();
        for (int r = 0; r < 3; r++) {
            List<String> row = new ArrayList<>();
            for (int c = 0; c < header.size(); c++) row.add(Double.toString(0.1 * (r + 1) + 0.01 * c));
            rows.add(row);
        }
        String eol = "\n";
        for (int k = random.nextInt(3); k > 0; k--) {
            if (header.isEmpty() || rows.isEmpty() || rows.stream().anyMatch(List::isEmpty)) break;   // nothing left to mutate
            switch (random.nextInt(12)) {
                case 0 -> header.set(random.nextInt(header.size()), pick(random, List.of("x", "y", "dot(x)", "eps", "nope", "", "x\u0000", " x", "X", "\"x\"", "p(x)")));
                case 1 -> {
                    List<String> row = pick(random, rows);
                    row.set(random.nextInt(row.size()), pick(random, List.of("NaN", "1e400", "abc", "", "-Infinity", "0x1p3", "1,5", "\"1\"", " 1 ", "1e-400", "--1")));
                }
                case 2 -> rows.get(random.nextInt(rows.size())).remove(0);
                case 3 -> rows.get(random.nextInt(rows.size())).add("1");
                case 4 -> rows.clear();
                case 5 -> header.clear();
                case 6 -> eol = "\r\n";
                case 7 -> header.set(0, "\ufeff" + header.get(0));
                case 8 -> { for (int r = 0; r < 40; r++) rows.add(new ArrayList<>(rows.get(0))); }
                case 9 -> header.add("eps");
                case 10 -> header.subList(3, header.size()).clear();
                default -> rows.add(List.of());
            }
        }
        StringBuilder sb = new StringBuilder(String.join(",", header)).append(eol);
        for (List<String> row : rows) sb.append(String.join(",", row)).append(eol);
        return sb.toString();
    }

    private static byte[] npy(Random random) {
        String descr = "<f8", order = "False", shape = "(3, 6)";
        int rows = 3, columns = 6, version = 1;
        boolean badMagic = false;
        for (int k = random.nextInt(3); k > 0; k--) {
            switch (random.nextInt(8)) {
                case 0 -> descr = pick(random, List.of("<f4", ">f8", "|b1", "<i8", "f8", "<c16", "", "<f8'"));
                case 1 -> order = pick(random, List.of("True", "1", "maybe"));
                case 2 -> shape = pick(random, List.of("(1000000000000, 6)", "(3,)", "(3, 2)", "(0, 6)", "(-1, 6)", "(3, 6, 2)", "()", "(3, 6", "3, 6",
                        "(2147483648, 6)", "(3, 1000000000000)", "(6, 3)", "(3, 12)"));
                case 3 -> rows = random.nextInt(5);
                case 4 -> columns = random.nextInt(13);
                case 5 -> version = pick(random, List.of(0, 2, 3, 9));
                case 6 -> badMagic = true;
                default -> shape = "(3, 6), 'extra': 1";
            }
        }
        String dict = "{'descr': '" + descr + "', 'fortran_order': " + order + ", 'shape': " + shape + ", }";
        int head = version >= 2 ? 12 : 10;
        String header = dict + " ".repeat((64 - (head + dict.length() + 1) % 64) % 64) + "\n";
        ByteBuffer b = ByteBuffer.allocate(head + header.length() + 8 * rows * columns).order(ByteOrder.LITTLE_ENDIAN);
        b.put(new byte[]{(byte) 0x93, (byte) (badMagic ? 'X' : 'N'), 'U', 'M', 'P', 'Y', (byte) version, 0});
        if (version >= 2) b.putInt(header.length());
        else b.putShort((short) header.length());
        b.put(header.getBytes(StandardCharsets.US_ASCII));
        for (int r = 0; r < rows; r++) for (int c = 0; c < columns; c++) b.putDouble(random.nextInt(30) == 0 ? Double.NaN : 0.1 * (r + 1) + 0.01 * c);
        return b.array();
    }

    // ---- damaged checkpoints

    /** Runs stopped at a checkpoint through the Java API, as `run` would have written them (its arguments kept for resume). */
    void makeCheckpoints() throws IOException {
        List<String> scenarios = List.of(
                String.join("\n", "model: nh-particle", "h: 0.1", "t_end: 1", "output_interval: 0.1", "backend: reference",
                        "initial:", "  members: 3", "  random: {seed: 7, q: {x: 0.01}}", ""),
                String.join("\n", "model: cvt", "parameters: {eps: [0.25, 0.5]}", "h: 0.1", "t_end: 1", "output_interval: 0.1", "backend: reference",
                        "statistics: [mean, max, msd, min, q50]", "initial:", "  members: 2", "  random: {seed: 3, v: {x: 0.01}}", ""));
        for (int k = 0; k < scenarios.size(); k++) {
            Path folder = Files.createDirectories(dir.resolve("checkpointed" + k));
            Path file = folder.resolve("checkpoint.bin");
            String text = scenarios.get(k);
            int[] rows = {0};
            Run.fromScenarioText(text)
                    .checkpoints(new Checkpoints(file, "0.2", List.of("checkpointed" + k + ".yaml", "--checkpoint-every", "0.2", "--no-plots", "--quiet"),
                            text, () -> rows[0] >= 4))
                    .listener(new Run.Listener() {
                        @Override public void output(Output row) { rows[0]++; }
                    }).run();
            if (!Files.exists(file)) throw new IllegalStateException("no checkpoint in " + folder);
            checkpointed.add(folder);
        }
    }

    private List<String> damagedCheckpoint(Random random, int i) throws IOException {
        Path from = pick(random, checkpointed), to = Files.createDirectories(dir.resolve("out" + i));
        try (var files = Files.list(from)) {
            for (Path f : files.toList()) Files.copy(f, to.resolve(f.getFileName()));
        }
        Path file = to.resolve("checkpoint.bin");
        byte[] bytes = Files.readAllBytes(file);
        switch (random.nextInt(9)) {
            case 0 -> { }   // intact: resumes and finishes
            case 1 -> Files.write(file, java.util.Arrays.copyOf(bytes, random.nextInt(bytes.length)));
            case 2 -> {
                bytes[random.nextInt(bytes.length)] ^= (byte) (1 << random.nextInt(8));
                Files.write(file, bytes);
            }
            case 3 -> {
                byte[] longer = java.util.Arrays.copyOf(bytes, bytes.length + 1 + random.nextInt(64));
                Files.write(file, longer);
            }
            case 4 -> Files.write(file, new byte[0]);
            case 5 -> Files.writeString(file, "not a checkpoint\n");
            case 6 -> Files.delete(file);
            case 7 -> {
                Files.delete(file);
                Files.createDirectory(file);
            }
            default -> {
                // the length and CRC are kept but a byte of the content changes: the CRC refuses it
                int at = 8 + random.nextInt(Math.max(1, bytes.length - 16));
                bytes[at] = (byte) random.nextInt(256);
                Files.write(file, bytes);
            }
        }
        List<String> args = new ArrayList<>(List.of("resume", to.toString()));
        if (random.nextInt(4) == 0) args.add(pick(random, List.of("--quiet", "--json", "--h", "--overwrite", "extra")));
        if (random.nextInt(20) == 0) args.set(1, pick(random, List.of(dir.resolve("nowhere").toString(), "", dir.resolve("tableau0.yaml").toString())));
        return args;
    }

    // ---- flags of the newer surface

    private static final List<String> TRAJECTORIES = List.of("0-1", "1-0", "0-2", "0-999999999999", "all", "ALL", "", ",", "0,0", "-1", "0--1", "a-b", "0-",
            "-", " 1", "2", "3", "0-2,1", "0,1,2,0-2", "1e0", "00", "+1", "2147483648", "1-1", "0-2147483647");
    private static final List<String> LEVELS = List.of("mean", "max", "msd", "min", "std", "q0", "q100", "q101", "q-1", "qNaN", "q50.5", "q", "q1e2", "q0.0001",
            "q50", "q99.9", "q5", "median", "", "Q50", "q50%", "q 50", "q1/2", "qInfinity", "q1e-400", "q50", "q05");
    private static final List<String> QUANTILES = List.of("auto", "exact", "sketch", "sketch:0", "sketch:1", "sketch:2", "sketch:8", "sketch:-1", "sketch:abc",
            "sketch:99999999999", "sketch:4096", "sketch:", "Sketch", "exact:3", "none", "", "sketch:3.5", "auto:2");
    private static final List<String> MEMBERS_IN_MEMORY = List.of("0", "-1", "1", "2", "1024", "1023", "abc", "2147483648", "2147483647", "1e3", "");

    private static List<String> trajectories(Random random) {
        List<String> args = base(anyBase(random));
        args.addAll(List.of("--save-trajectories", pick(random, TRAJECTORIES)));
        return args;
    }

    private static List<String> levels(Random random) {
        List<String> args = base(anyBase(random));
        List<String> names = new ArrayList<>();
        for (int k = 1 + random.nextInt(4); k > 0; k--) names.add(pick(random, LEVELS));
        args.addAll(List.of("--statistics", String.join(",", names)));
        return args;
    }

    private static List<String> quantiles(Random random) {
        List<String> args = base(anyBase(random));
        args.addAll(List.of("--quantiles", pick(random, QUANTILES)));
        if (random.nextInt(3) > 0) args.addAll(List.of("--statistics", pick(random, List.of("q50", "min,std,q5,q95", "mean", "q0,q100"))));
        return args;
    }

    private static List<String> membersInMemory(Random random) {
        List<String> args = base(anyBase(random));
        args.addAll(List.of("--members-in-memory", pick(random, MEMBERS_IN_MEMORY)));
        if (random.nextInt(3) == 0 && args.contains("--members") && !args.contains("dipole-on-stick"))
            args.set(args.indexOf("--members") + 1, pick(random, List.of("1025", "2048", "1")));
        return args;
    }

    // ---- output folders

    private List<String> outputFolder(Random random, int i) throws IOException {
        List<String> args = base(random.nextInt(3));
        Path out = dir.resolve("out" + i);
        switch (random.nextInt(12)) {
            case 0 -> Files.writeString(out, "a file\n");
            case 1 -> { Files.createDirectories(out); Files.writeString(out.resolve("notes.txt"), "mine\n"); }
            case 2 -> { Files.createDirectories(out); Files.writeString(out.resolve("summary.json"), pick(random, List.of("{}", "[]", "not json", "", "{\"geomech_version\": 1}"))); }
            case 3 -> {
                Files.createDirectories(out);
                Files.writeString(out.resolve("summary.json"), "{\"geomech_version\": \"x\", \"files\": [\"../victim.txt\", \"/etc/hostname\", \"a\", \"\", \".\", \"sub\"]}");
                Files.createDirectories(out.resolve("sub"));
                Files.writeString(dir.resolve("victim.txt"), "not geomech's\n");
            }
            case 4 -> { Files.writeString(dir.resolve("file" + i), "x"); out = dir.resolve("file" + i).resolve("sub"); }
            case 5 -> { Files.createDirectories(out); Files.writeString(out.resolve(".geomech.lock"), "1\n"); Files.writeString(out.resolve("status.txt"), "running\n"); }
            case 6 -> { Files.createDirectories(dir.resolve("foreign" + i)); Files.writeString(dir.resolve("foreign" + i).resolve("thesis.tex"), "x");
                Files.createSymbolicLink(out, dir.resolve("foreign" + i)); }
            case 7 -> out = dir.resolve("x".repeat(300));
            case 8 -> out = Path.of(pick(random, List.of("/", "/etc", "/usr", "/proc", System.getProperty("user.home"))));
            case 9 -> { Files.createSymbolicLink(out, out); }
            case 10 -> { Files.createDirectories(out); Files.createDirectories(out.resolve(".hidden")); }
            default -> { Files.createDirectories(out); }
        }
        args.addAll(List.of("--out", out.toString()));
        if (random.nextBoolean()) args.add("--overwrite");
        return args;
    }

    // ---------------------------------------------------------------- cases

    /** Case i: a command line; the campaign adds --out (unless the case names one), --no-plots and --quiet. */
    List<String> generate(Random random, int i) throws IOException {
        List<String> args = switch (random.nextInt(13)) {
            case 0 -> {
                Path file = Files.writeString(dir.resolve("lie" + i + ".yaml"), lieYaml(random));
                yield new ArrayList<>(List.of("run", file.toString()));
            }
            case 1, 2 -> random.nextBoolean() ? tableau(random, i) : viBiases(random);
            case 3 -> viBiases(random);
            case 4 -> sweep(random);
            case 5 -> hPerMember(random);
            case 6 -> initialFile(random, i);
            case 7 -> damagedCheckpoint(random, i);
            case 8 -> trajectories(random);
            case 9 -> levels(random);
            case 10 -> quantiles(random);
            case 11 -> membersInMemory(random);
            default -> outputFolder(random, i);
        };
        // a third of the runs carry one more flag of the newer surface: the features meet
        if (args.get(0).equals("run") && random.nextInt(3) == 0) {
            switch (random.nextInt(8)) {
                case 0 -> args.addAll(List.of("--save-trajectories", pick(random, TRAJECTORIES)));
                case 1 -> args.addAll(List.of("--statistics", pick(random, List.of("q50", "min,std", "q5,q95", "q101"))));
                case 2 -> args.addAll(List.of("--quantiles", pick(random, QUANTILES)));
                case 3 -> args.addAll(List.of("--members-in-memory", pick(random, MEMBERS_IN_MEMORY)));
                case 4 -> args.addAll(List.of("--checkpoint-every", pick(random, List.of("0.1", "0.2", "1s", "0", "-1", "abc", "1e-300", "10m"))));
                case 5 -> args.addAll(List.of("--format", "npy"));
                case 6 -> args.add("--save-final-states");
                default -> args.add("--json");
            }
        }
        if (!args.contains("--out") && !args.get(0).equals("resume")) args.addAll(List.of("--out", dir.resolve("out" + i).toString()));
        if (!args.get(0).equals("resume")) args.addAll(List.of("--no-plots", "--quiet"));
        return args;
    }

    /** The output folder a case's command writes into (null where it names none). */
    static Path outputOf(List<String> args) {
        if (args.get(0).equals("resume")) return args.size() > 1 ? Path.of(args.get(1)) : null;
        int at = args.lastIndexOf("--out");
        return at >= 0 && at + 1 < args.size() ? Path.of(args.get(at + 1)) : null;
    }

    // A base run, the Lie group one (the slowest to compile) one time in eight
    private static int anyBase(Random random) { return random.nextInt(8) == 0 ? 3 : random.nextInt(3); }

    private static List<String> base(int k, String... more) {
        List<String> args = new ArrayList<>(BASES.get(k));
        args.addAll(List.of(more));
        return args;
    }

    private static <T> T pick(Random random, List<T> from) { return from.get(random.nextInt(from.size())); }
}

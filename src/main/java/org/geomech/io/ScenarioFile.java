package org.geomech.io;

import org.geomech.engine.Scenario;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import org.geomech.InputException;
import org.geomech.lie.ProductGroup;
import org.geomech.model.LieGroupSystem;
import org.geomech.model.LieModelDefinition;
import org.geomech.model.ModelDefinition;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * Scenario files (YAML): the model, either a built-in name with optional structure and parameter
 * overrides or an inline definition, and everything else a run needs. Unknown keys, wrong types and
 * missing fields are InputExceptions naming the key.
 */
public final class ScenarioFile {
    private static final Set<String> TOP = Set.of("model", "structure", "parameters", "method", "h", "t_end", "output_interval",
            "initial", "observers", "statistics", "backend", "out", "newton", "retry_failed");
    private static final Set<String> MODEL = Set.of("name", "reference", "coordinates", "parameters", "lagrangian", "holonomic", "nonholonomic");
    private static final Set<String> LIE_MODEL = Set.of("name", "reference", "group", "factors", "velocities", "parameters", "lagrangian",
            "hamiltonian", "nonholonomic", "frame");
    private static final Set<String> INITIAL = Set.of("q", "v", "members", "random");
    private static final Set<String> RANDOM = Set.of("seed", "q", "v");
    private static final Set<String> NEWTON = Set.of("tolerance", "max_iterations", "jacobian", "iteration");
    /** The largest scenario file read (1 MiB). */
    public static final int MAX_BYTES = 1 << 20;
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory()).enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

    private ScenarioFile() {}

    /** Reads and resolves a scenario file. */
    public static Scenario read(Path file) { return draft(file).resolve(); }

    /** Reads a scenario file without applying defaults, so that flags can go on top. */
    public static ScenarioDraft draft(Path file) {
        return draft(file.getFileName().toString(), text(file));
    }

    /** Reads scenario text; source names it in messages. */
    public static ScenarioDraft draft(String source, String yaml) {
        if (yaml.length() > MAX_BYTES) throw new InputException(source + ": scenario text longer than " + MAX_BYTES + " characters");
        JsonNode root;
        try {
            root = YAML.readTree(yaml);
        } catch (JsonProcessingException e) {
            throw new InputException(source + ": not valid YAML: " + e.getOriginalMessage().replaceAll("\\s+", " ").trim()
                    + (e.getLocation() == null ? "" : " (line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr() + ")"));
        }
        YamlMap top = YamlMap.root(source, root, TOP);
        ScenarioDraft d = new ScenarioDraft();
        model(top, d);
        d.structure.putAll(top.integerMap("structure"));
        d.parameters.putAll(top.variationMap("parameters"));
        d.method = top.text("method");
        String h = top.variation("h");
        if (h != null) d.stepSizes(top.name("h"), h);
        d.tEnd = top.number("t_end");
        d.outputInterval = top.number("output_interval");
        initial(top.map("initial", INITIAL), d);
        d.observers.putAll(top.expressionMap("observers"));
        d.statistics = top.texts("statistics");
        d.backend = top.text("backend");
        d.out = top.text("out");
        d.retryFailed = top.integer("retry_failed");
        YamlMap newton = top.map("newton", NEWTON);
        if (newton != null) {
            d.newtonTolerance = newton.number("tolerance");
            Long max = newton.integer("max_iterations");
            d.newtonMaxIterations = max == null ? null : (int) Math.min(max, Integer.MAX_VALUE);
            d.newtonJacobian = newton.text("jacobian");
            d.iteration = newton.text("iteration");
        }
        return d;
    }

    /** The text of a scenario file: a regular file of at most MAX_BYTES of UTF-8 (a FIFO or device would block or never end); InputException otherwise. */
    public static String text(Path file) {
        if (!Files.exists(file)) throw new InputException("scenario file " + file + " does not exist");
        if (!Files.isRegularFile(file)) throw new InputException("scenario file " + file + " is not a regular file");
        byte[] bytes;
        try (InputStream in = Files.newInputStream(file)) {
            bytes = in.readNBytes(MAX_BYTES + 1);
        } catch (NoSuchFileException e) {
            throw new InputException("scenario file " + file + " does not exist");
        } catch (IOException e) {
            throw new InputException("cannot read scenario file " + file + ": " + e.getMessage());
        }
        if (bytes.length > MAX_BYTES) throw new InputException("scenario file " + file + " is larger than " + MAX_BYTES + " bytes");
        for (byte b : bytes) if (b == 0) throw new InputException("scenario file " + file + " is binary, not YAML text");
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new InputException("scenario file " + file + " is not UTF-8 text");
        }
    }

    // model: a built-in name, or a mapping with the definition
    private static void model(YamlMap top, ScenarioDraft d) {
        if (!top.has("model")) throw top.error("model", "missing (a built-in name or a definition with name, coordinates, lagrangian)");
        if (!top.isMap("model")) {
            d.modelName = top.text("model");
            return;
        }
        Set<String> either = new java.util.HashSet<>(MODEL);
        either.addAll(LIE_MODEL);
        if (top.map("model", either).has("group")) {
            lieModel(top.map("model", LIE_MODEL), d);
            return;
        }
        YamlMap m = top.map("model", MODEL);
        for (String required : List.of("name", "coordinates", "lagrangian"))
            if (!m.has(required)) throw m.error(required, "missing");
        d.inlineModel = new ModelDefinition(m.text("name"), orEmpty(m.text("reference")), m.texts("coordinates"), m.numberMap("parameters"),
                m.expression("lagrangian"), orEmpty(m.expressions("holonomic")), orEmpty(m.expressions("nonholonomic")));
    }

    // model: a system on a Lie group: group (e.g. SO(3) x R^2), factor names, algebra velocities, l(g, xi); starts at the identity at rest
    private static void lieModel(YamlMap m, ScenarioDraft d) {
        for (String required : List.of("name", "group", "factors", "lagrangian"))
            if (!m.has(required)) throw m.error(required, "missing" + (required.equals("factors") ? " (a name per factor of the group, e.g. [R, x]: entries R11..R33, x1, x2)" : ""));
        ProductGroup group;
        try {
            group = ProductGroup.parse(m.text("group"));
        } catch (InputException e) {
            throw m.error("group", e.getMessage());
        }
        List<String> identity = new java.util.ArrayList<>();
        for (double x : group.identity()) identity.add(x == 0 ? "0" : "1");
        d.inlineModel = new LieModelDefinition(m.text("name"), orEmpty(m.text("reference")), m.text("group"), m.texts("factors"), orEmpty(m.texts("velocities")),
                m.numberMap("parameters"), m.expression("lagrangian"), m.has("hamiltonian") ? m.expression("hamiltonian") : null,
                orEmpty(m.expressions("nonholonomic")), identity, java.util.Collections.nCopies(group.dimension(), "0"),
                m.has("frame") ? frame(m) : LieGroupSystem.Velocities.BODY);
    }

    private static LieGroupSystem.Velocities frame(YamlMap m) {
        try {
            return LieGroupSystem.Velocities.of(m.text("frame"));
        } catch (InputException e) {
            throw m.error("frame", "must be body (g' = g xi, 001's methods) or spatial (g' = xi g, 003's), got '" + m.text("frame") + "'");
        }
    }

    private static void initial(YamlMap initial, ScenarioDraft d) {
        if (initial == null) return;
        if (initial.isList("q")) d.qValues = initial.expressions("q");
        else d.qByName.putAll(initial.expressionMap("q"));
        if (initial.isList("v")) d.vValues = initial.expressions("v");
        else d.vByName.putAll(initial.expressionMap("v"));
        Long members = initial.integer("members");
        if (members != null) {
            if (members < 1 || members > Integer.MAX_VALUE) throw initial.error("members", "must be between 1 and " + Integer.MAX_VALUE + ", got " + members);
            d.members = members.intValue();
        }
        YamlMap random = initial.map("random", RANDOM);
        if (random == null) return;
        d.seed = random.integer("seed");
        d.sigmaQ.putAll(random.numberMap("q"));
        d.sigmaV.putAll(random.numberMap("v"));
    }

    private static String orEmpty(String s) { return s == null ? "" : s; }

    private static <T> List<T> orEmpty(List<T> list) { return list == null ? List.of() : list; }
}

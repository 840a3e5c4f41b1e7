package org.geomech;

import org.junit.jupiter.api.Test;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The layers of docs/architecture.md, read from the compiled classes (their constant pools name every class and
 * method they use): no package cycle, only the engine calls Backend.compile (DESIGN.md, "Next: one engine"), and nothing
 * above the engine holds a compiled step: studies run their members through engine runs.
 */
class ArchitectureTest {
    private static final Path CLASSES = Path.of("target/classes/org/geomech");
    private static final Pattern TYPE = Pattern.compile("org/geomech/((?:[a-z][a-z0-9]*/)*)[A-Z]");
    private static final Set<String> BACKENDS = Set.of("org/geomech/backend/Backend", "org/geomech/backend/simd/SimdBackend",
            "org/geomech/backend/reference/ReferenceBackend", "org/geomech/backend/opencl/OpenClBackend");

    /** A compiled step and its run on a backend, as class files name them. */
    private static final Set<String> COMPILED = Set.of("org/geomech/backend/Backend$Compiled", "org/geomech/backend/Backend$Run");

    /** One class file's constant pool: the packages of the classes it names, the methods it calls (owner.name), the UTF-8 entries. */
    private record ClassRefs(String pkg, Set<String> packages, Set<String> calls, Set<String> strings) {}

    @Test
    void noPackageDependsOnItselfThroughOthers() throws IOException {
        Map<String, Set<String>> graph = new TreeMap<>();
        for (ClassRefs c : classes()) graph.computeIfAbsent(c.pkg(), k -> new TreeSet<>()).addAll(c.packages());
        assertTrue(graph.containsKey("engine") && graph.get("api").contains("engine"), "the scan sees the packages: " + graph.keySet());
        List<List<String>> cycles = cycles(graph);
        assertEquals(List.of(), cycles, "package cycles (each a strongly connected set of packages)");
    }

    @Test
    void onlyTheEngineCompilesSteps() throws IOException {
        Set<String> callers = new TreeSet<>();
        for (ClassRefs c : classes())
            for (String call : c.calls()) {
                int dot = call.lastIndexOf('.');
                if (call.substring(dot + 1).equals("compile") && BACKENDS.contains(call.substring(0, dot))) callers.add(c.pkg());
            }
        assertFalse(callers.isEmpty(), "the scan finds the engine's call");
        assertEquals(Set.of("engine"), callers, "packages that call Backend.compile");
    }

    @Test
    void onlyTheEngineAndBackendsHoldCompiledSteps() throws IOException {
        Set<String> holders = new TreeSet<>(), all = new TreeSet<>();
        for (ClassRefs c : classes())
            for (String s : c.strings())
                for (String type : COMPILED)
                    if (s.contains(type)) {
                        all.add(c.pkg());
                        if (!c.pkg().equals("engine") && !c.pkg().startsWith("backend")) holders.add(c.pkg());
                    }
        assertTrue(all.contains("engine"), "the scan finds the engine's use of compiled steps: " + all);
        assertEquals(Set.of(), holders, "packages above the engine that name Backend.Compiled or Backend.Run");
    }

    // Every class file under target/classes, read
    private static List<ClassRefs> classes() throws IOException {
        List<ClassRefs> out = new ArrayList<>();
        try (Stream<Path> files = Files.walk(CLASSES)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".class")).toList()) {
                String rel = CLASSES.relativize(f.getParent()).toString().replace('\\', '/');
                try (InputStream in = Files.newInputStream(f)) {
                    out.add(read(rel.isEmpty() ? "org.geomech" : rel.replace('/', '.'), new DataInputStream(in)));
                }
            }
        }
        return out;
    }

    // The constant pool of a class file (JVMS 4.4): packages of org.geomech named in its UTF-8 entries, and its method references
    private static ClassRefs read(String pkg, DataInputStream in) throws IOException {
        in.readInt();
        in.readUnsignedShort();
        in.readUnsignedShort();
        int count = in.readUnsignedShort();
        String[] utf8 = new String[count];
        int[] classNames = new int[count], refClass = new int[count], refNameType = new int[count], nameTypeName = new int[count];
        for (int i = 1; i < count; i++) {
            int tag = in.readUnsignedByte();
            switch (tag) {
                case 1 -> utf8[i] = in.readUTF();
                case 7 -> classNames[i] = in.readUnsignedShort();
                case 8, 16, 19, 20 -> in.readUnsignedShort();
                case 9, 10, 11 -> {
                    refClass[i] = in.readUnsignedShort();
                    refNameType[i] = in.readUnsignedShort();
                }
                case 12 -> {
                    nameTypeName[i] = in.readUnsignedShort();
                    in.readUnsignedShort();
                }
                case 3, 4 -> in.readInt();
                case 5, 6 -> {
                    in.readLong();
                    i++;
                }
                case 15 -> {
                    in.readUnsignedByte();
                    in.readUnsignedShort();
                }
                case 17, 18 -> in.readInt();
                default -> throw new IOException("constant pool tag " + tag);
            }
        }
        Set<String> packages = new TreeSet<>(), calls = new TreeSet<>();
        for (String s : utf8) {
            if (s == null) continue;
            Matcher m = TYPE.matcher(s);
            while (m.find()) {
                String p = m.group(1).isEmpty() ? "org.geomech" : m.group(1).substring(0, m.group(1).length() - 1).replace('/', '.');
                if (!p.equals(pkg)) packages.add(p);
            }
        }
        for (int i = 1; i < count; i++)
            if (refClass[i] != 0) calls.add(utf8[classNames[refClass[i]]] + "." + utf8[nameTypeName[refNameType[i]]]);
        Set<String> strings = new TreeSet<>();
        for (String s : utf8) if (s != null) strings.add(s);
        return new ClassRefs(pkg, packages, calls, strings);
    }

    // Tarjan's strongly connected components with more than one package
    private static List<List<String>> cycles(Map<String, Set<String>> graph) {
        Map<String, Integer> index = new HashMap<>(), low = new HashMap<>();
        Deque<String> stack = new ArrayDeque<>();
        List<List<String>> out = new ArrayList<>();
        for (String v : graph.keySet()) if (!index.containsKey(v)) connect(v, graph, index, low, stack, out);
        return out;
    }

    private static void connect(String v, Map<String, Set<String>> graph, Map<String, Integer> index, Map<String, Integer> low, Deque<String> stack,
                                List<List<String>> out) {
        index.put(v, index.size());
        low.put(v, index.get(v));
        stack.push(v);
        for (String w : graph.getOrDefault(v, Set.of())) {
            if (!index.containsKey(w)) {
                connect(w, graph, index, low, stack, out);
                low.put(v, Math.min(low.get(v), low.get(w)));
            } else if (stack.contains(w)) low.put(v, Math.min(low.get(v), index.get(w)));
        }
        if (low.get(v).equals(index.get(v))) {
            List<String> component = new ArrayList<>();
            String w;
            do {
                w = stack.pop();
                component.add(w);
            } while (!w.equals(v));
            if (component.size() > 1) out.add(component.stream().sorted().toList());
        }
    }
}

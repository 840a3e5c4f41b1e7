package org.geomech.api;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * No public or protected member of a public type of org.geomech.api (its generic parameter, return, exception and field
 * types, its supertypes) names a type of org.geomech.io or org.geomech.cli: scenarios reach the API as files or text,
 * and the command line is one of its clients. (The engine's SlabExecutor types in Run.distributed and Run.prepare are
 * the interface a slab executor, the Spark module, implements.)
 */
class ApiSignatureTest {
    private static final Path CLASSES = Path.of("target/classes/org/geomech/api");

    @Test
    void signaturesNameNoIoOrCliType() throws Exception {
        Set<String> leaks = new TreeSet<>();
        int members = 0;
        for (Class<?> c : apiTypes()) {
            List<Type> supertypes = new ArrayList<>(List.of(c.getGenericInterfaces()));
            if (c.getGenericSuperclass() != null) supertypes.add(c.getGenericSuperclass());
            check(c.getName() + " supertypes", supertypes, leaks);
            for (Method m : c.getDeclaredMethods())
                if (visible(m.getModifiers()) && !m.isSynthetic()) {
                    List<Type> types = signature(m);
                    types.add(m.getGenericReturnType());
                    check(m.toGenericString(), types, leaks);
                    members++;
                }
            for (Executable k : c.getDeclaredConstructors())
                if (visible(k.getModifiers())) {
                    check(k.toGenericString(), signature(k), leaks);
                    members++;
                }
            for (Field f : c.getDeclaredFields())
                if (visible(f.getModifiers())) {
                    check(f.toGenericString(), List.of(f.getGenericType()), leaks);
                    members++;
                }
        }
        assertTrue(members > 50, "the scan sees the API's members: " + members);
        assertEquals(Set.of(), leaks, "API members whose signatures name io or cli types");
    }

    @Test
    void theCheckSeesAnInternalType() {
        Set<String> leaks = new TreeSet<>();
        check("a member taking List<io.ScenarioDraft>", List.of(new Object() {
            @SuppressWarnings("unused") java.util.List<org.geomech.io.ScenarioDraft> field;
        }.getClass().getDeclaredFields()[0].getGenericType()), leaks);
        assertEquals(Set.of("a member taking List<io.ScenarioDraft> names org.geomech.io.ScenarioDraft"), leaks);
    }

    // The public types of org.geomech.api, nested ones included, as compiled
    private static List<Class<?>> apiTypes() throws IOException, ClassNotFoundException {
        List<Class<?>> out = new ArrayList<>();
        try (Stream<Path> files = Files.list(CLASSES)) {
            for (Path f : files.sorted().toList()) {
                String name = f.getFileName().toString();
                if (!name.endsWith(".class") || name.equals("package-info.class")) continue;
                Class<?> c = Class.forName("org.geomech.api." + name.substring(0, name.length() - 6), false, ApiSignatureTest.class.getClassLoader());
                boolean exposed = true;
                for (Class<?> k = c; k != null; k = k.getDeclaringClass()) exposed &= visible(k.getModifiers());
                if (exposed && !c.isAnonymousClass()) out.add(c);
            }
        }
        return out;
    }

    private static boolean visible(int modifiers) { return Modifier.isPublic(modifiers) || Modifier.isProtected(modifiers); }

    private static List<Type> signature(Executable e) {
        List<Type> types = new ArrayList<>(List.of(e.getGenericParameterTypes()));
        types.addAll(List.of(e.getGenericExceptionTypes()));
        return types;
    }

    // Adds "member names T" for each type T of io or cli (and their subpackages) that types mention
    private static void check(String member, List<Type> types, Set<String> leaks) {
        Set<String> named = new TreeSet<>();
        for (Type t : types) names(t, named);
        for (String n : named)
            if (n.startsWith("org.geomech.io.") || n.startsWith("org.geomech.cli."))
                leaks.add(member + " names " + n);
    }

    // Every class a type mentions: raw types, type arguments, array components, wildcard and type-variable bounds
    private static void names(Type t, Set<String> out) {
        if (t instanceof Class<?> k) {
            while (k.isArray()) k = k.getComponentType();
            out.add(k.getName());
        } else if (t instanceof ParameterizedType p) {
            names(p.getRawType(), out);
            for (Type a : p.getActualTypeArguments()) names(a, out);
        } else if (t instanceof GenericArrayType g) names(g.getGenericComponentType(), out);
        else if (t instanceof WildcardType w) {
            for (Type b : w.getUpperBounds()) names(b, out);
            for (Type b : w.getLowerBounds()) names(b, out);
        } else if (t instanceof TypeVariable<?> v) for (Type b : v.getBounds()) names(b, out);
    }
}

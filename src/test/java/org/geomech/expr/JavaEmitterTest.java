package org.geomech.expr;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.lang.reflect.Method;
import java.net.URI;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import javax.tools.DiagnosticCollector;
import javax.tools.FileObject;
import javax.tools.ForwardingJavaFileManager;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileManager;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.ToolProvider;

import org.junit.jupiter.api.Test;

import static org.geomech.expr.Expr.*;
import static org.geomech.expr.RandomExpressions.*;
import static org.junit.jupiter.api.Assertions.*;

class JavaEmitterTest {

    /** Compiles one source file in memory and loads its class. */
    static Class<?> compile(String className, String source) throws ClassNotFoundException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        Map<String, ByteArrayOutputStream> classes = new HashMap<>();
        JavaFileManager files = new ForwardingJavaFileManager<>(javac.getStandardFileManager(null, null, null)) {
            @Override
            public JavaFileObject getJavaFileForOutput(Location location, String name, JavaFileObject.Kind kind, FileObject sibling) {
                return new SimpleJavaFileObject(URI.create("mem:///" + name + kind.extension), kind) {
                    @Override
                    public OutputStream openOutputStream() { return classes.computeIfAbsent(name, k -> new ByteArrayOutputStream()); }
                };
            }
        };
        JavaFileObject file = new SimpleJavaFileObject(URI.create("string:///" + className + ".java"), JavaFileObject.Kind.SOURCE) {
            @Override
            public CharSequence getCharContent(boolean ignoreEncodingErrors) { return source; }
        };
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        boolean compiled = javac.getTask(null, files, diagnostics, List.of("-proc:none"), null, List.of(file)).call();
        assertTrue(compiled, "the emitted code compiles: " + diagnostics.getDiagnostics());
        return new ClassLoader(JavaEmitterTest.class.getClassLoader()) {
            @Override
            protected Class<?> findClass(String name) throws ClassNotFoundException {
                ByteArrayOutputStream bytes = classes.get(name);
                if (bytes == null) throw new ClassNotFoundException(name);
                return defineClass(name, bytes.toByteArray(), 0, bytes.size());
            }
        }.loadClass(className);
    }

    /** A static method double[] f(double[] in) returning the outputs. */
    private static String method(String name, List<Expr> outputs) {
        return "public static double[] " + name + "(double[] in) {\n"
                + "double[] out = new double[" + outputs.size() + "];\n"
                + JavaEmitter.emit(SYMBOLS, j -> "in[" + j + "]", outputs, i -> "out[" + i + "]")
                + "return out;\n}\n";
    }

    @Test
    void compiledCodeAgreesBitwiseWithTheTape() throws Exception {
        Random r = new Random(5);
        List<List<Expr>> programs = new ArrayList<>();
        for (int n = 0; n < 100; n++) programs.add(TapeTest.withGradient(random(r, 5)));
        for (int n = -64; n <= 65; n++) programs.add(List.of(pow(X, n), pow(add(X, Y), n)));
        programs.add(List.of(num(2.5), Y, add(sub(X, Y), mul(num(Double.POSITIVE_INFINITY), Z)), sub(X, mul(num(0.1), Z))));
        StringBuilder source = new StringBuilder("public final class Emitted {\n");
        for (int k = 0; k < programs.size(); k++) source.append(method("f" + k, programs.get(k)));
        Class<?> emitted = compile("Emitted", source.append("}\n").toString());
        for (int k = 0; k < programs.size(); k++) {
            List<Expr> outputs = programs.get(k);
            Method f = emitted.getMethod("f" + k, double[].class);
            Tape tape = Tape.compile(SYMBOLS, outputs);
            double[] expected = new double[outputs.size()];
            for (int i = 0; i < 5; i++) {
                double[] p = point(r);
                tape.eval(p, expected);
                double[] actual = (double[]) f.invoke(null, (Object) p);
                for (int j = 0; j < outputs.size(); j++) {
                    // the same operations in the same order; NaNs compare as NaN
                    assertEquals(Double.doubleToLongBits(expected[j]), Double.doubleToLongBits(actual[j]),
                            "output " + j + " = " + outputs.get(j) + " at " + java.util.Arrays.toString(p));
                }
            }
        }
    }

    @Test
    void aSharedSubexpressionIsAssignedOnce() {
        Expr s = sin(mul(X, Y));
        String code = JavaEmitter.emit(SYMBOLS, j -> "in[" + j + "]", List.of(add(s, Z), mul(s, Z), pow(s, 2)), i -> "out[" + i + "]");
        // sin(x y) is one DAG node read by three outputs: one product, one sine
        assertEquals(1, code.lines().filter(l -> l.contains("in[0] * in[1]")).count(), code);
        assertEquals(1, code.lines().filter(l -> l.contains("Math.sin(")).count(), code);
    }

    @Test
    void statementsReadLikeTheExample() {
        String code = JavaEmitter.emit(List.of(X, Y), j -> "in[" + j + "]", List.of(sub(mul(X, Y), pow(Y, 3))), i -> "out[" + i + "]");
        // x y - y^3: one product, y^3 = y * y^2 by two multiplications, one subtraction
        assertEquals("final double t0 = in[0] * in[1];\n"
                + "final double t1 = in[1] * in[1];\n"
                + "final double t2 = in[1] * t1;\n"
                + "final double t3 = t0 - t2;\n"
                + "out[0] = t3;\n", code, "the emitted statements");
    }

    @Test
    void flopsCountTheEmittedOperationsAsTheTapeDoes() {
        Random r = new Random(9);
        int compared = 0;
        for (int n = 0; n < 300; n++) {
            List<Expr> outputs = TapeTest.withGradient(random(r, 5));
            if (Exprs.topological(outputs).stream().anyMatch(e -> e.op() == Op.NEG)) continue;
            // without negations the tape and the code perform the same operations; each counts one per operation
            assertEquals(Tape.compile(SYMBOLS, outputs).flops(), JavaEmitter.flops(SYMBOLS, outputs), outputs.toString());
            compared++;
        }
        // a third or so of the expressions have no negation at all
        assertTrue(compared > 50, "expressions compared: " + compared);
        // x y - sin(z): mul, sin, sub; the tape also computes the negation it subtracts, so it counts 4
        assertEquals(3, JavaEmitter.flops(SYMBOLS, List.of(sub(mul(X, Y), sin(Z)))), "x y - sin(z)");
    }

    @Test
    void unknownSymbolIsNamed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> JavaEmitter.emit(List.of(X), j -> "in[" + j + "]", List.of(add(X, sym("w"))), i -> "out[" + i + "]"));
        // w is not among the inputs
        assertTrue(e.getMessage().contains("'w'"), e.getMessage());
    }
}

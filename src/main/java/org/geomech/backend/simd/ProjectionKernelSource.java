package org.geomech.backend.simd;

import org.geomech.ensemble.ConsistentState;
import org.geomech.expr.Expr;
import org.geomech.expr.Exprs;
import org.geomech.expr.JavaEmitter;
import org.geomech.expr.Tape;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The Java source of a SimdProjectionKernel for a system's ConsistentState.Equations: ConsistentState's projection
 * (001 spec sec. 2.1) member after member as straight-line code, each expression list a method of JavaEmitter's
 * statements and each dense operation unrolled for its size with the operations, in the order, of the EJML routine the
 * reference calls (LaneBlock's, one member): so every member is bitwise ConsistentState's, but where g_L is constant,
 * whose LU is taken here and whose solves leave out the terms of its zero entries and the divisions by one (at most a
 * zero's sign differs). Scalar code with one loop over the block's members, which C2 compiles in a fraction of the time
 * LaneBlock's loops over the members took: a fresh run's initial states waited for those compilations.
 * Scratch s: the inputs (q, v, parameters), then each matrix and vector at a fixed offset; pivots in their own array.
 */
record ProjectionKernelSource(String text, String className, int scratch, int pivots) {
    static final String CLASS = "GeneratedSimdProjection";

    static ProjectionKernelSource of(String model, ConsistentState.Equations e, int width) {
        return new Writer(model, e, width).source();
    }

    /** The source's text, written once: the offsets of the scratch, the analysis of what reads v, and the statements. */
    private static final class Writer {
        private final ConsistentState.Equations e;
        private final int n, mh, m, width, inputs;
        /** The text being written (a method's body while method writes it), and the methods written. */
        private StringBuilder s = new StringBuilder();
        private final StringBuilder methods = new StringBuilder();
        private final Set<String> written = new HashSet<>();
        /** The scratch's regions and the pivot arrays' offsets. */
        private int scratch, pivots;
        private final int g, jac, ggt, yh, rowsAt, offsetsAt, r, gl, glInvBt, column, c, y, f, drift, glInvF, momenta;
        private final int ggtPivots, glPivots, cPivots;
        /** Whether g_L reads v, q or anything at all; whether B or b read v (then made anew at each use). */
        private final boolean metricOfVelocity, metricConstant, rowsOfVelocity, offsetsOfVelocity;
        private final LaneBlock.ConstantLu constantMetric;
        /** Whether the method metric is written (the code factors g_L in several places where it reads v). */
        private boolean metricWritten;

        Writer(String model, ConsistentState.Equations e, int width) {
            this.e = e;
            this.n = e.n();
            this.mh = e.mh();
            this.m = e.m();
            this.width = width;
            this.inputs = e.inputs().size();
            Set<Expr> read = Exprs.symbols(e.metric());
            List<Expr> velocities = e.inputs().subList(n, 2 * n);
            this.metricOfVelocity = velocities.stream().anyMatch(read::contains);
            this.metricConstant = e.inputs().stream().noneMatch(read::contains);
            this.rowsOfVelocity = metricOfVelocity || velocities.stream().anyMatch(Exprs.symbols(e.rows())::contains);
            this.offsetsOfVelocity = velocities.stream().anyMatch(Exprs.symbols(e.offsets())::contains);
            this.scratch = inputs;
            this.g = region(mh);
            this.jac = region(mh * n);
            this.ggt = region(mh * mh);
            this.yh = region(mh);
            this.rowsAt = region(m * n);
            this.offsetsAt = region(m);
            this.r = region(m);
            this.gl = region(n * n);
            this.glInvBt = region(n * m);
            this.column = region(n);
            this.c = region(m * m);
            this.y = region(m);
            this.f = region(n);
            this.drift = region(m);
            this.glInvF = region(n);
            this.momenta = region(n);
            this.ggtPivots = pivots;
            this.glPivots = ggtPivots + mh;
            this.cPivots = glPivots + n;
            this.pivots = cPivots + m;
            this.constantMetric = metricConstant && m > 0 ? constantLu() : null;
            s.append("// the projection of initial states of ").append(model).append(", ").append(width).append(" members a block\n")
                    .append("public final class ").append(CLASS).append(" implements ").append(SimdProjectionKernel.class.getName()).append(" {\n");
        }

        private int region(int size) {
            int at = scratch;
            scratch += size;
            return at;
        }

        // g_L's LU where g_L is constant, as the reference takes it (LaneBlock.decompose on one member)
        private LaneBlock.ConstantLu constantLu() {
            double[] a = new double[n * n];
            Tape.compile(e.inputs(), e.metric()).eval(new double[inputs], a);
            LaneBlock one = new LaneBlock(1);
            int[] p = new int[n];
            one.decompose(a, n, p, 1);
            return one.constant(a, n, p);
        }

        ProjectionKernelSource source() {
            s.append("@Override public void project(double[] q, double[] v, double[] parameters, double[] p, double[] lambda, int count, boolean[] done, double[] s, int[] pivots) {\n")
                    .append("for (int l = 0; l < count; l++) {\n");
            for (int i = 0; i < n; i++) s.append("s[").append(i).append("] = q[").append(i * width).append(" + l];\n");
            for (int i = 0; i < n; i++) s.append("s[").append(n + i).append("] = v[").append(i * width).append(" + l];\n");
            for (int k = 2 * n; k < inputs; k++) s.append("s[").append(k).append("] = parameters[").append((k - 2 * n) * width).append(" + l];\n");
            s.append("done[l] = member(s, pivots);\n").append("if (!done[l]) continue;\n");
            for (int i = 0; i < n; i++) s.append("q[").append(i * width).append(" + l] = s[").append(i).append("];\n");
            for (int i = 0; i < n; i++) s.append("v[").append(i * width).append(" + l] = s[").append(n + i).append("];\n");
            for (int i = 0; i < n; i++) s.append("p[").append(i * width).append(" + l] = s[").append(momenta + i).append("];\n");
            for (int a = 0; a < m; a++) s.append("lambda[").append(a * width).append(" + l] = -s[").append(y + a).append("];\n");
            s.append("}\n}\n");
            s.append("// one member, its inputs in s: false where it is left to ConsistentState (no convergence, a value not finite)\n")
                    .append("private static boolean member(double[] s, int[] pivots) {\n");
            positions();
            if (m > 0) {
                if (!metricOfVelocity) factorMetric();
                s.append("for (int pass = 0; pass < ").append(ConsistentState.VELOCITY_PASSES).append("; pass++) {\n");
                velocities();
                s.append("}\n");
            }
            expressions("momenta", e.momenta(), momenta);
            s.append("momenta(s);\n");
            if (m > 0) multipliers();
            s.append("return true;\n}\n");
            s.append("private static void swapRows(double[] s, int at, int size, int i, int j) {\n")
                    .append("for (int k = 0; k < size; k++) { double t = s[at + i * size + k]; s[at + i * size + k] = s[at + j * size + k]; s[at + j * size + k] = t; }\n}\n");
            s.append(methods).append("}\n");
            return new ProjectionKernelSource(s.toString(), CLASS, scratch, pivots);
        }

        // a call of the method name(s, pivots), whose body body writes (once per name): the member's code stays below the JVM's 64 kB a method
        private void call(String name, Runnable body) {
            if (written.add(name)) {
                StringBuilder outer = s;
                s = new StringBuilder();
                body.run();
                methods.append("private static void ").append(name).append("(double[] s, int[] pivots) {\n").append(s).append("}\n");
                s = outer;
            }
            s.append(name).append("(s, pivots);\n");
        }

        // a method list(s) writing the outputs of an expression list from s[at] on
        private void expressions(String name, List<Expr> outputs, int at) {
            methods.append("private static void ").append(name).append("(double[] s) {\n")
                    .append(JavaEmitter.emit(e.inputs(), j -> "s[" + j + "]", outputs, i -> "s[" + (at + i) + "]")).append("}\n");
        }

        // Minimum-norm Gauss-Newton, q <- q - G^T (G G^T)^-1 g(q), until the step is below TOLERANCE (1 + max |q_i|)
        private void positions() {
            if (mh == 0) return;
            expressions("holonomic", e.holonomic(), g);
            expressions("holonomicJacobian", e.holonomicJacobian(), jac);
            s.append("boolean converged = false;\n")
                    .append("for (int it = 0; it < ").append(ConsistentState.POSITION_ITERATIONS).append(" && !converged; it++) {\n")
                    .append("holonomic(s);\nholonomicJacobian(s);\n");
            call("normal", () -> {
            for (int a = 0; a < mh; a++)
                for (int k = 0; k < mh; k++) {
                    s.append("{ double u = 0.0;");
                    for (int i = 0; i < n; i++) s.append(" u += s[").append(jac + a * n + i).append("] * s[").append(jac + k * n + i).append("];");
                    s.append(" s[").append(ggt + a * mh + k).append("] = u; }\n");
                }
            });
            decompose(ggt, mh, ggtPivots);
            for (int a = 0; a < mh; a++) s.append("s[").append(yh + a).append("] = s[").append(g + a).append("];\n");
            solve(ggt, mh, ggtPivots, yh);
            s.append("double step = 0, size = 0;\n");
            for (int i = 0; i < n; i++) {
                s.append("{ double d = 0;");
                for (int a = 0; a < mh; a++) s.append(" d += s[").append(jac + a * n + i).append("] * s[").append(yh + a).append("];");
                s.append(" s[").append(i).append("] -= d; step = Math.max(step, Math.abs(d)); size = Math.max(size, Math.abs(s[").append(i).append("])); }\n");
            }
            s.append("if (!Double.isFinite(step)) return false;\n")
                    .append("converged = step <= ").append(literal(ConsistentState.TOLERANCE)).append(" * (1 + size);\n}\n")
                    .append("if (!converged) return false;\n");
        }

        // v <- v - g_L^-1 B^T (B g_L^-1 B^T)^-1 (B v + b); B, b and the factors made in the first pass where they do not read v
        private void velocities() {
            expressions("rows", e.rows(), rowsAt);
            expressions("offsets", e.offsets(), offsetsAt);
            s.append(rowsOfVelocity ? "{\n" : "if (pass == 0) {\n").append("rows(s);\n");
            s.append("}\n").append(offsetsOfVelocity ? "{\n" : "if (pass == 0) {\n").append("offsets(s);\n}\n");
            if (metricOfVelocity) factorMetric();
            times(rowsAt, m, n, n, r);
            for (int a = 0; a < m; a++) s.append("s[").append(r + a).append("] = s[").append(r + a).append("] + s[").append(offsetsAt + a).append("];\n");
            s.append(rowsOfVelocity ? "{\n" : "if (pass == 0) {\n");
            inverseTimesRows();
            timesMatrix(rowsAt, m, n, glInvBt, m, c);
            decompose(c, m, cPivots);
            s.append("}\n");
            solve(c, m, cPivots, r);
            times(glInvBt, n, m, r, column);
            for (int i = 0; i < n; i++) s.append("s[").append(n + i).append("] -= s[").append(column + i).append("];\n");
            finite(n, n);
        }

        // lambda = -(B g_L^-1 B^T)^-1 (B g_L^-1 f + dPhi/dq v), -lambda left in y; B and the factors of the passes where they do not read v
        private void multipliers() {
            expressions("force", e.force(), f);
            expressions("drift", e.drift(), drift);
            if (rowsOfVelocity) s.append("rows(s);\n");
            s.append("force(s);\ndrift(s);\n");
            if (metricOfVelocity) factorMetric();
            if (rowsOfVelocity) inverseTimesRows();
            for (int i = 0; i < n; i++) s.append("s[").append(glInvF + i).append("] = s[").append(f + i).append("];\n");
            metricSolve(glInvF);
            if (rowsOfVelocity) timesMatrix(rowsAt, m, n, glInvBt, m, c);
            times(rowsAt, m, n, glInvF, y);
            for (int a = 0; a < m; a++) s.append("s[").append(y + a).append("] = s[").append(y + a).append("] + s[").append(drift + a).append("];\n");
            if (rowsOfVelocity) decompose(c, m, cPivots);
            solve(c, m, cPivots, y);
            finite(y, m);
        }

        // g_L evaluated and LU-factored (where it is not constant)
        private void factorMetric() {
            if (metricConstant) return;
            if (!metricWritten) expressions("metric", e.metric(), gl);
            metricWritten = true;
            s.append("metric(s);\n");
            decompose(gl, n, glPivots);
        }

        // g_L^-1 B^T, column by column, into glInvBt (n x m)
        private void inverseTimesRows() { call("inverseTimesRows", this::inverseTimesRowsBody); }

        private void inverseTimesRowsBody() {
            for (int a = 0; a < m; a++) {
                for (int i = 0; i < n; i++) s.append("s[").append(column + i).append("] = s[").append(rowsAt + a * n + i).append("];\n");
                metricSolve(column);
                for (int i = 0; i < n; i++) s.append("s[").append(glInvBt + i * m + a).append("] = s[").append(column + i).append("];\n");
            }
        }

        // x = g_L^-1 x: the constant LU's solve without its zero terms and divisions by one, else the member's LU
        private void metricSolve(int x) {
            if (constantMetric != null) call("metricSolve" + x, () -> constantSolve(x));
            else solve(gl, n, glPivots, x);
        }

        private void constantSolve(int x) {
            LaneBlock.ConstantLu lu = constantMetric;
            for (int i = 0; i < n; i++) {
                int p = lu.pivots()[i];
                if (p != i) s.append("{ double t = s[").append(x + p).append("]; s[").append(x + p).append("] = s[").append(x + i).append("]; s[").append(x + i).append("] = t; }\n");
            }
            for (int k = 0; k < lu.lower().length; k++)
                s.append("s[").append(x + lu.lower()[k] / n).append("] -= ").append(literal(lu.lowerValues()[k])).append(" * s[").append(x + lu.lower()[k] % n).append("];\n");
            int end = lu.upper().length;
            for (int i = n - 1; i >= 0; i--) {
                int start = end;
                while (start > 0 && lu.upper()[start - 1] / n == i) start--;
                for (int k = start; k < end; k++)
                    s.append("s[").append(x + i).append("] -= ").append(literal(lu.upperValues()[k])).append(" * s[").append(x + lu.upper()[k] % n).append("];\n");
                end = start;
                if (lu.diagonal()[i] != 1) s.append("s[").append(x + i).append("] /= ").append(literal(lu.diagonal()[i])).append(";\n");
            }
        }

        // EJML's LU of the size x size matrix at a in place (LaneBlock.decompose: Crout's columns, partial pivoting), pivots from pv
        private void decompose(int a, int size, int pv) { call("decompose" + a, () -> decomposeBody(a, size, pv)); }

        private void decomposeBody(int a, int size, int pv) {
            for (int j = 0; j < size; j++) {
                for (int i = 1; i < size && j > 0; i++) {
                    s.append("{ double u = 0.0;");
                    for (int k = 0; k < Math.min(i, j); k++) s.append(" u += s[").append(a + i * size + k).append("] * s[").append(a + k * size + j).append("];");
                    s.append(" s[").append(a + i * size + j).append("] -= u; }\n");
                }
                if (j == size - 1) break;
                s.append("{ int p = ").append(j).append("; double max = Math.abs(s[").append(a + j * size + j).append("]);");
                for (int i = j + 1; i < size; i++)
                    s.append(" { double t = Math.abs(s[").append(a + i * size + j).append("]); if (t > max) { p = ").append(i).append("; max = t; } }");
                s.append("\nif (p != ").append(j).append(") swapRows(s, ").append(a).append(", ").append(size).append(", p, ").append(j).append(");\n")
                        .append("pivots[").append(pv + j).append("] = p;\n")
                        .append("double d = s[").append(a + j * size + j).append("];\nif (d != 0) {");
                for (int i = j + 1; i < size; i++) s.append(" s[").append(a + i * size + j).append("] /= d;");
                s.append(" }\n}\n");
            }
        }

        // x = A^-1 x from decompose's LU at a and pivots (LaneBlock.solve: the sums from the first nonzero entry, EJML's ii)
        private void solve(int a, int size, int pv, int x) { call("solve" + a + "_" + x, () -> solveBody(a, size, pv, x)); }

        private void solveBody(int a, int size, int pv, int x) {
            s.append("{ int first = Integer.MAX_VALUE;\n");
            for (int i = 0; i < size; i++) {
                if (i < size - 1)
                    s.append("{ int ip = pivots[").append(pv + i).append("]; if (ip != ").append(i).append(") { double t = s[").append(x).append(" + ip]; s[")
                            .append(x).append(" + ip] = s[").append(x + i).append("]; s[").append(x + i).append("] = t; } }\n");
                for (int j = 0; j < i; j++)
                    s.append("if (first <= ").append(j).append(") s[").append(x + i).append("] -= s[").append(a + i * size + j).append("] * s[").append(x + j).append("];\n");
                if (i < size - 1) s.append("if (first == Integer.MAX_VALUE && s[").append(x + i).append("] != 0.0) first = ").append(i).append(";\n");
            }
            for (int i = size - 1; i >= 0; i--) {
                for (int j = i + 1; j < size; j++)
                    s.append("s[").append(x + i).append("] -= s[").append(a + i * size + j).append("] * s[").append(x + j).append("];\n");
                s.append("s[").append(x + i).append("] /= s[").append(a + i * size + i).append("];\n");
            }
            s.append("}\n");
        }

        // y = A x, A rows x cols: each sum from its first product (LaneBlock.times, MatrixVectorMult_DDRM.mult)
        private void times(int a, int rows, int cols, int x, int out) {
            for (int i = 0; i < rows; i++) {
                s.append("s[").append(out + i).append("] = s[").append(a + i * cols).append("] * s[").append(x).append("];");
                for (int j = 1; j < cols; j++) s.append(" s[").append(out + i).append("] += s[").append(a + i * cols + j).append("] * s[").append(x + j).append("];");
                s.append('\n');
            }
        }

        // C = A B (A rows x inner, B inner x cols) as CommonOps_DDRM.mult: one column as times, else each sum from zero
        private void timesMatrix(int a, int rows, int inner, int b, int cols, int out) {
            if (cols == 1) {
                times(a, rows, inner, b, out);
                return;
            }
            for (int i = 0; i < rows; i++)
                for (int j = 0; j < cols; j++) {
                    s.append("{ double u = 0.0;");
                    for (int k = 0; k < inner; k++) s.append(" u += s[").append(a + i * inner + k).append("] * s[").append(b + k * cols + j).append("];");
                    s.append(" s[").append(out + i * cols + j).append("] = u; }\n");
                }
        }

        // false unless entries from .. from + count - 1 of s are finite
        private void finite(int from, int count) {
            s.append("if (!(");
            for (int k = 0; k < count; k++) s.append(k > 0 ? " && " : "").append("Double.isFinite(s[").append(from + k).append("])");
            s.append(")) return false;\n");
        }

        private static String literal(double x) {
            if (Double.isNaN(x)) return "Double.NaN";
            if (Double.isInfinite(x)) return x > 0 ? "Double.POSITIVE_INFINITY" : "Double.NEGATIVE_INFINITY";
            return "(" + x + ")";
        }
    }
}

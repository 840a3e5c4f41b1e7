package org.geomech.study;

import org.geomech.expr.Expr;
import org.geomech.expr.Tape;
import org.geomech.method.StateLayout;
import org.geomech.model.MechanicalSystem;

import java.util.ArrayList;
import java.util.List;

import static org.geomech.expr.Expr.*;

/**
 * Quantities of a recorded state the papers' tables report, compiled once from the system's symbolic definition:
 * H(q, p) = 1/2 p'M^-1 p + U(q) (constant diagonal M), g(q), the hidden constraint G(q) M^-1 p (002 eq. 8, 004's
 * momentum form), G(q) v (004's velocity form) and, for coordinates in blocks of three, the angular momentum
 * sum q_i x p_i and the linear momentum sum p_i (004 eqs. 98, 107, 118-121). Not thread-safe.
 */
public final class Diagnostics {
    private final StateLayout layout;
    private final Tape hamiltonian, constraint, hidden, velocityLevel;
    private final double[] in, out1, outM;

    /** The diagnostics of sys on states of layout with these model parameters (a constant diagonal mass matrix needed). */
    public Diagnostics(MechanicalSystem sys, StateLayout layout, double[] modelParams) {
        this.layout = layout;
        List<Expr> inputs = new ArrayList<>(layout.symbols());
        inputs.addAll(sys.parameterSymbols());
        List<Expr> q = layout.q(), v = layout.v(), p = layout.p();
        List<Expr> minvP = sys.velocityFromMomentum(q, p).orElseThrow(
                () -> new IllegalArgumentException("diagnostics need a constant diagonal mass matrix; " + sys.name() + " has none"));
        Expr h = add(mul(HALF, dot(p, minvP)), sys.at(sys.potential(), q, null));
        Expr[][] g = sys.at(sys.holonomicJacobian(), q, null);
        List<Expr> hid = new ArrayList<>(), vel = new ArrayList<>();
        for (Expr[] row : g) { hid.add(dot(List.of(row), minvP)); vel.add(dot(List.of(row), v)); }
        this.hamiltonian = Tape.compile(inputs, List.of(h));
        this.constraint = Tape.compile(inputs, sys.at(sys.holonomic(), q, null));
        this.hidden = Tape.compile(inputs, hid);
        this.velocityLevel = Tape.compile(inputs, vel);
        this.in = new double[inputs.size()];
        System.arraycopy(modelParams, 0, in, layout.size(), modelParams.length);
        this.out1 = new double[1];
        this.outM = new double[sys.holonomicCount()];
    }

    private void load(double[] x) { System.arraycopy(x, 0, in, 0, layout.size()); }

    /** H(q, p) = 1/2 p'M^-1 p + U(q) of state x. */
    public double hamiltonian(double[] x) { load(x); hamiltonian.eval(in, out1); return out1[0]; }
    /** The holonomic constraints g(q) of state x. */
    public double[] constraint(double[] x) { load(x); constraint.eval(in, outM); return outM.clone(); }
    /** The hidden constraints G(q) M^-1 p of state x. */
    public double[] hidden(double[] x) { load(x); hidden.eval(in, outM); return outM.clone(); }
    /** The velocity-level constraints G(q) v of state x. */
    public double[] velocityLevel(double[] x) { load(x); velocityLevel.eval(in, outM); return outM.clone(); }

    /** sum over blocks of three coordinates of q_b x p_b. */
    public double[] angularMomentum(double[] x) {
        int n = layout.n(), q0 = layout.qOffset(), p0 = layout.pOffset();
        double[] j = new double[3];
        for (int b = 0; b + 2 < n; b += 3) {
            double qx = x[q0 + b], qy = x[q0 + b + 1], qz = x[q0 + b + 2], px = x[p0 + b], py = x[p0 + b + 1], pz = x[p0 + b + 2];
            j[0] += qy * pz - qz * py;
            j[1] += qz * px - qx * pz;
            j[2] += qx * py - qy * px;
        }
        return j;
    }

    /** sum over blocks of three coordinates of p_b. */
    public double[] linearMomentum(double[] x) {
        int n = layout.n(), p0 = layout.pOffset();
        double[] l = new double[3];
        for (int b = 0; b + 2 < n; b += 3) for (int c = 0; c < 3; c++) l[c] += x[p0 + b + c];
        return l;
    }

    /** The max norm of a. */
    public static double normInf(double[] a) { double m = 0; for (double d : a) m = Math.max(m, Math.abs(d)); return m; }
    /** The 1-norm of a. */
    public static double norm1(double[] a) { double m = 0; for (double d : a) m += Math.abs(d); return m; }
    /** The Euclidean norm of a. */
    public static double norm2(double[] a) { double m = 0; for (double d : a) m += d * d; return Math.sqrt(m); }
}

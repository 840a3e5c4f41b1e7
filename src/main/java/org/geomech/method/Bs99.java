package org.geomech.method;

import org.geomech.expr.Expr;
import org.geomech.InputException;
import org.geomech.model.MechanicalSystem;

import java.util.ArrayList;
import java.util.List;

import static org.geomech.expr.Expr.*;
import static org.geomech.method.StepSystem.H;

/**
 * BS99, the Bobenko-Suris discrete Lagrange top, 004's comparison scheme of sec. 6.2 (its App. A.8 is lost from the
 * text; written as the authors' code metis implements it, 004 spec sec. 3.7), on the director heavy top
 * (heavy-top: phi, d1, d2, d3 with parameters m, E1, E2, E3, l, g):
 * <pre>
 * m^{n+1}  = m^n + h mass g l (e3 x d3^n)                                  (explicit)
 * d3^{n+1} = d3^n + (h / I1) m^{n+1} x (d3^n + d3^{n+1}) / 2               (Cayley: linear in d3^{n+1})
 * </pre>
 * with m = sum q_i x p_i the spatial angular momentum about the tip and I1 = E2 + E3 + mass l^2 the transverse
 * inertia about it. BS99 evolves (d3, m) only; to carry the full director state, d1 and d2 are rotated by the same
 * Cayley rotation, phi = l d3, and the velocities are omega x q_i with omega = m/I1 + (1/I3 - 1/I1)(m.d3) d3
 * (I3 = E1 + E2), so that sum q_i x p_i = m^{n+1} exactly. The multipliers are carried unchanged (BS99 has none).
 */
public final class Bs99 implements Method {
    private static final List<String> COORDINATES = List.of("phi1", "phi2", "phi3", "d11", "d12", "d13", "d21", "d22", "d23", "d31", "d32", "d33");

    @Override public String name() { return "bs99"; }
    @Override public String summary() { return "Bobenko-Suris discrete Lagrange top, director heavy top only (004 sec. 6.2, App. A.8)"; }
    @Override public int order() { return 1; }
    @Override public String conserves() { return "the angular momentum about the vertical J3 (Bobenko-Suris discrete Lagrange top)"; }

    @Override public int multiplierOrder() { return 0; }

    // 004 App. A.8: the discrete Lagrange top conserves J3; its order (004 sec. 6.2: 1) is of the reduced state (d3, m), d1 and d2 are not tracked
    @Override
    public Claims claims() {
        return Claims.by("004 sec. 6.2, App. A.8", "heavy-top", 1e-4).orderIn().conservesMomentumMaps();
    }

    @Override
    public StepSystem equations(MechanicalSystem sys) {
        if (!sys.coordinateNames().equals(COORDINATES) || !sys.parameters().keySet().containsAll(List.of("m", "E1", "E2", "E3", "l", "g")))
            throw new InputException("bs99 is the discrete Lagrange top: it needs the director heavy top (coordinates phi1..d33, parameters m, E1, E2, E3, l, g, model heavy-top); "
                    + sys.name() + " is not");
        StateLayout layout = new StateLayout(sys, sys.holonomicCount());
        List<Expr> q = layout.q(), p = layout.p();
        Expr mass = sym("m"), l = sym("l"), g = sym("g"), e1 = sym("E1"), e2 = sym("E2"), e3 = sym("E3");
        Expr i1 = add(add(e2, e3), mul(mass, pow(l, 2))), i3 = add(e1, e2);
        List<Expr> mom = new ArrayList<>(List.of(ZERO, ZERO, ZERO));
        for (int b = 0; b < 4; b++) mom = Vec.plus(mom, cross(q.subList(3 * b, 3 * b + 3), p.subList(3 * b, 3 * b + 3)));
        List<Expr> d3 = q.subList(9, 12);
        Expr torque = mul(mul(mul(H, mass), g), l);
        List<Expr> m1 = Vec.plus(mom, Vec.times(torque, List.of(neg(d3.get(1)), d3.get(0), ZERO)));     // e3 x d3
        List<Expr> a = Vec.times(div(H, i1), m1);
        StepEquations eq = new StepEquations();
        List<List<Expr>> d = new ArrayList<>();
        for (int i = 1; i <= 3; i++) {
            List<Expr> di = q.subList(3 * i, 3 * i + 3), x = StepSystem.unknownVector("d" + i, 3);
            eq.unknowns(x, di, Vec.minus(Vec.minus(x, di), cross(a, Vec.times(HALF, Vec.plus(di, x)))));   // Cayley
            d.add(x);
        }
        List<Expr> d3n = d.get(2), phi = Vec.times(l, d3n);
        Expr spin = mul(sub(div(ONE, i3), div(ONE, i1)), dot(m1, d3n));
        List<Expr> omega = Vec.plus(Vec.times(div(ONE, i1), m1), Vec.times(spin, d3n));
        List<Expr> qNew = new ArrayList<>(phi);
        for (List<Expr> x : d) qNew.addAll(x);
        List<Expr> vNew = new ArrayList<>();
        for (int b = 0; b < 4; b++) vNew.addAll(cross(omega, qNew.subList(3 * b, 3 * b + 3)));
        List<Expr> pNew = sys.at(sys.momenta(), qNew, vNew);
        List<Expr> update = new ArrayList<>(qNew);
        update.addAll(vNew);
        update.addAll(pNew);
        update.addAll(layout.lambda());
        return eq.system(name(), sys, layout, update);
    }

    static List<Expr> cross(List<Expr> a, List<Expr> b) {
        return List.of(sub(mul(a.get(1), b.get(2)), mul(a.get(2), b.get(1))),
                sub(mul(a.get(2), b.get(0)), mul(a.get(0), b.get(2))),
                sub(mul(a.get(0), b.get(1)), mul(a.get(1), b.get(0))));
    }
}

package org.geomech.method;

import org.geomech.InputException;
import org.geomech.method.tableau.ButcherTableau;
import org.geomech.method.tableau.LieTableaux;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Supplier;

/**
 * The registry of method families: each family listed once (MethodFamily: name, syntax, description, paper, examples,
 * parser), and method names parsed, listed and described from it. The families: rattle, lobatto-holonomic:s,
 * lobatto-nh:s[,iiib], lobatto-nh-hamiltonian:s, lobatto-lie-nh:s and lobatto-lie:s (001), hbvm:k,s (002), the GGL and
 * Gonzalez schemes and bs99 (004), vrkmk, vrkmk-pade and vcg (003, on Lie group systems), rk and vi (000).
 */
public final class Methods {
    private Methods() {}

    /** The largest Lobatto stage count. */
    public static final int MAX_STAGES = 12;

    /** Every family, once, in the order geomech list shows them. */
    public static final List<MethodFamily> FAMILIES = List.of(
            new MethodFamily("rattle", "rattle", "RATTLE for holonomic constraints, mechanical Lagrangians", "001 sec. 4.3 (a)",
                    List.of("rattle"), none(Rattle::new)),
            new MethodFamily("lobatto-holonomic", "lobatto-holonomic:s", "s-stage Lobatto IIIA-IIIB for holonomic constraints", "001 sec. 4.3, eq. 13",
                    List.of("lobatto-holonomic:2", "lobatto-holonomic:3", "lobatto-holonomic:4"), (n, a) -> new LobattoHolonomic(stages(n, "lobatto-holonomic", a))),
            new MethodFamily("lobatto-nh", "lobatto-nh:s[," + LobattoNonholonomic.IIIB_STAGES + "]",
                    "s-stage nonholonomic Lobatto IIIA-IIIB; ," + LobattoNonholonomic.IIIB_STAGES + ": the interior constraints on the IIIB momenta (the spec R.1 control)",
                    "001 sec. 5, eq. 14", List.of("lobatto-nh:2", "lobatto-nh:3", "lobatto-nh:4"), Methods::lobattoNonholonomic),
            new MethodFamily("lobatto-nh-hamiltonian", "lobatto-nh-hamiltonian:s", "s-stage nonholonomic Lobatto IIIA-IIIB in Hamiltonian form (stage momenta as unknowns)",
                    "001 eq. 15, App. E", List.of("lobatto-nh-hamiltonian:3"), (n, a) -> new LobattoNonholonomicHamiltonian(stages(n, "lobatto-nh-hamiltonian", a))),
            new MethodFamily("lobatto-lie-nh", "lobatto-lie-nh:s[,cay|exp]", "s-stage nonholonomic Lie group Lobatto IIIA-IIIB with the retraction tau (default cay)",
                    "001 sec. 6.4, App. F", List.of("lobatto-lie-nh:2", "lobatto-lie-nh:3"), lie(LobattoLieNonholonomic::new)),
            new MethodFamily("lobatto-lie", "lobatto-lie:s[,cay|exp]", "s-stage variational Lie group Lobatto IIIA-IIIB with the retraction tau (default cay)",
                    "001 Thm 6.1, sec. 6.3", List.of("lobatto-lie:3"), lie(LobattoLie::new)),
            new MethodFamily("hbvm", "hbvm:k,s", "HBVM(k,s) line-integral method, k Gauss nodes, s Legendre coefficients (k >= s >= 1)",
                    "002 sec. 4, eqs. 49-52", List.of("hbvm:1,1", "hbvm:2,2", "hbvm:6,2"), Methods::hbvm),
            ggl("ggl-vi-s", "GGL variational integrator VI-S, first order, symplectic", "004 sec. 4.1, eq. 55", 0, (v, g) -> new GglVariational(g)),
            ggl("ggl-vi-a", "GGL variational integrator, option A, theta = 1/2", "004 sec. 4.3.1, eq. 79", 0,
                    (v, g) -> new GglTheta(GglTheta.Option.A, 0.5, Double.NaN, g)),
            ggl("ggl-vi-b", "GGL variational integrator, option B, theta = 1, vartheta = 1/2", "004 sec. 4.3.2, eqs. 82-83", 0,
                    (v, g) -> new GglTheta(GglTheta.Option.B, 1, 0.5, g)),
            ggl("ggl-theta-a", "GGL variational integrator, option A, any theta", "004 sec. 4.3.1, eq. 79", 1,
                    (v, g) -> new GglTheta(GglTheta.Option.A, v[0], Double.NaN, g)),
            ggl("ggl-theta-b", "GGL variational integrator, option B, any theta and vartheta", "004 sec. 4.3.2, eqs. 82-83", 2,
                    (v, g) -> new GglTheta(GglTheta.Option.B, v[0], v[1], g)),
            ggl("ggl-em", "GGL energy-momentum scheme EM, second order", "004 sec. 5, eqs. 84-91", 0, (v, g) -> new GglEnergyMomentum(g)),
            ggl("gonzalez-em", "Gonzalez's energy-momentum scheme EM-G for holonomic constraints", "004 sec. 6.3, ref. [14]", 0, (v, g) -> new GonzalezEm(g)),
            new MethodFamily("bs99", "bs99", "Bobenko-Suris discrete Lagrange top, director heavy top only", "004 sec. 6.2, App. A.8", List.of("bs99"), none(Bs99::new)),
            new MethodFamily("vrkmk", "vrkmk:TABLEAU,r[," + Vrkmk.WITHOUT_P_STAR + "]",
                    "variational RKMK of a Runge-Kutta tableau, dexp^-1 cut off at r; ," + Vrkmk.WITHOUT_P_STAR + ": the P* terms dropped (the spec sec. 12.3 control)",
                    "003 eq. 16", List.of("vrkmk:gauss1,0", "vrkmk:kutta3,1", "vrkmk:gauss2,2", "vrkmk:gauss3,4"), Methods::vrkmk),
            new MethodFamily("vrkmk-pade", "vrkmk-pade:TABLEAU,r", "variational RKMK, Pade form (dexp_(r))^-1", "003 sec. 4.1.1",
                    List.of("vrkmk-pade:gauss2,2", "vrkmk-pade:gauss3,4"), Methods::vrkmkPade),
            new MethodFamily("vcg", "vcg:TABLEAU", "variational Crouch-Grossman of a Runge-Kutta tableau", "003 eq. 18",
                    List.of("vcg:midpoint", "vcg:triple-jump", "vcg:yoshida6"), Methods::vcg),
            new MethodFamily("rk", "rk:TABLEAU", "explicit Runge-Kutta on the index-1 form, constraints not enforced", "000 sec. 1",
                    List.of("rk:rk4"), TableauMethods::explicit),
            new MethodFamily("vi", "vi:TABLEAU[,alpha-,alpha+]", "variational integrator from the standard layer of an explicit tableau, bias (alpha-, alpha+), (0, 1) by default",
                    "000 secs. 2-3", List.of("vi:euler", "vi:kutta3,-0.5,0.5", "vi:rk4"), TableauMethods::variational));

    private static final Map<String, MethodFamily> BY_NAME = new LinkedHashMap<>();

    static {
        for (MethodFamily f : FAMILIES)
            if (BY_NAME.put(f.name(), f) != null) throw new IllegalStateException("method family " + f.name() + " registered twice");
    }

    /** The family a method name starts with (its head before ':'), if any. */
    public static Optional<MethodFamily> family(String methodName) {
        return Optional.ofNullable(BY_NAME.get(MethodFamily.head(methodName)));
    }

    /** Every family's syntax, e.g. lobatto-nh:s[,iiib]: what a name may be. */
    public static List<String> names() { return FAMILIES.stream().map(MethodFamily::syntax).toList(); }

    /** Concrete names, a few per family, for listings. */
    public static List<String> examples() {
        List<String> out = new ArrayList<>();
        for (MethodFamily f : FAMILIES) out.addAll(f.examples());
        return out;
    }

    /** The one-line error for a name of no family: the family it names and the known ones. */
    public static InputException unknown(String name) {
        return new InputException("unknown method '" + name + "': no family '" + MethodFamily.head(name) + "' (families: " + String.join(", ", names()) + ")");
    }

    public static Method parse(String name) {
        if (name == null || name.isBlank()) throw new InputException("no method given (families: " + String.join(", ", names()) + ")");
        String n = name.trim();
        List<String> several = MethodList.split(n);
        if (several.size() > 1)
            throw new InputException("'" + n + "' names " + several.size() + " methods (" + String.join(", ", several) + "), where one is expected;"
                    + " geomech run --method compares several on one ensemble");
        return family(n).orElseThrow(() -> unknown(n)).parse(n);
    }

    // a family without arguments
    private static MethodFamily.Parser none(Supplier<Method> make) {
        return (n, a) -> {
            if (a != null) throw new InputException("method '" + n + "': " + MethodFamily.head(n) + " takes no arguments");
            return make.get();
        };
    }

    // lobatto-nh:s[,iiib]
    private static Method lobattoNonholonomic(String n, String a) {
        String suffix = "," + LobattoNonholonomic.IIIB_STAGES;
        boolean iiibStages = a != null && a.endsWith(suffix);    // 001 spec R.1's control
        return new LobattoNonholonomic(stages(n, "lobatto-nh", iiibStages ? a.substring(0, a.length() - suffix.length()) : a), iiibStages);
    }

    // the stage count s of a Lobatto family, 2 to MAX_STAGES
    private static int stages(String n, String family, String count) {
        if (count == null) throw new InputException("method " + family + " needs a stage count, e.g. " + family + ":3");
        int s;
        try {
            s = Integer.parseInt(count);
        } catch (NumberFormatException e) {
            throw new InputException("method '" + n + "': stage count '" + count + "' is not an integer");
        }
        if (s < 2 || s > MAX_STAGES) throw new InputException("method '" + n + "': stage count must be between 2 and " + MAX_STAGES);
        return s;
    }

    // lobatto-lie-nh:s[,cay|exp], lobatto-lie:s[,cay|exp] (001 sec. 6)
    private static MethodFamily.Parser lie(BiFunction<Integer, String, Method> make) {
        return (n, a) -> {
            String family = MethodFamily.head(n);
            if (a == null) throw new InputException("method " + family + " needs a stage count, e.g. " + family + ":3 (or " + family + ":3,exp)");
            String[] args = a.split(",", -1);
            if (args.length > 2) throw new InputException("method '" + n + "': expected " + family + ":s or " + family + ":s,cay|exp");
            int s = stages(n, family, args[0].trim());
            String tau = args.length == 2 ? args[1].trim() : "cay";
            if (!tau.equals("cay") && !tau.equals("exp")) throw new InputException("method '" + n + "': retraction '" + tau + "' is not cay or exp");
            return make.apply(s, tau);
        };
    }

    // hbvm:k,s (002 sec. 4): k Gauss nodes, s Legendre coefficients, k >= s >= 1
    private static Method hbvm(String n, String a) {
        if (a == null) throw new InputException("method hbvm needs nodes and coefficients, e.g. hbvm:6,2 (k >= s >= 1)");
        String[] ks = a.split(",", -1);
        if (ks.length != 2) throw new InputException("method '" + n + "': expected hbvm:k,s, e.g. hbvm:6,2");
        int k, s;
        try {
            k = Integer.parseInt(ks[0].trim());
            s = Integer.parseInt(ks[1].trim());
        } catch (NumberFormatException e) {
            throw new InputException("method '" + n + "': k and s must be integers, e.g. hbvm:6,2");
        }
        return new Hbvm(k, s);
    }

    /**
     * A family of 004 taking count numbers and, last, an optional "advanced" for 004's advanced Newton guess
     * q^{n+1} = q^n + h v^n.
     */
    private static MethodFamily ggl(String family, String description, String paper, int count, BiFunction<double[], GglTerms.Guess, Method> make) {
        String syntax = family + (count == 0 ? "[:advanced]" : count == 1 ? ":theta[,advanced]" : ":theta,vartheta[,advanced]");
        String example = family + (count == 0 ? "" : count == 1 ? ":0.25" : ":0.5,0.5");
        return new MethodFamily(family, syntax, description, paper, List.of(example), (n, a) -> {
            List<String> args = a == null ? List.of() : new ArrayList<>(List.of(a.split(",", -1)));
            GglTerms.Guess guess = GglTerms.Guess.SIMPLE;
            if (!args.isEmpty() && args.get(args.size() - 1).trim().equals("advanced")) {
                guess = GglTerms.Guess.ADVANCED;
                args.remove(args.size() - 1);
            }
            double[] v = new double[args.size()];
            for (int i = 0; i < v.length; i++) {
                try {
                    v[i] = Double.parseDouble(args.get(i).trim());
                } catch (NumberFormatException e) {
                    throw new InputException("method '" + n + "': '" + args.get(i).trim() + "' is not a number (or 'advanced')");
                }
            }
            if (count == 0 && v.length > 0) throw new InputException("method '" + n + "' takes no parameters (only ':advanced')");
            if (v.length != count) throw new InputException("method '" + n + "': expected " + syntax.replace("[,advanced]", "") + ", e.g. "
                    + (count == 1 ? "ggl-theta-a:0.5" : "ggl-theta-b:1,0.5"));
            return make.apply(v, guess);
        });
    }

    // vrkmk:TABLEAU,r[,no-pstar] (003 eq. 16; no-pstar: spec sec. 12.3's control)
    private static Method vrkmk(String n, String a) {
        String suffix = "," + Vrkmk.WITHOUT_P_STAR;
        boolean pStar = a == null || !a.trim().endsWith(suffix);
        CutOff c = cutOff(n, "vrkmk", pStar ? a : a.trim().substring(0, a.trim().length() - suffix.length()));
        return new Vrkmk(c.tableau, c.r, pStar);
    }

    // vrkmk-pade:TABLEAU,r (003 sec. 4.1.1)
    private static Method vrkmkPade(String n, String a) {
        CutOff c = cutOff(n, "vrkmk-pade", a);
        return new VrkmkPade(c.tableau, c.r);
    }

    // vcg:TABLEAU (003 eq. 18)
    private static Method vcg(String n, String a) {
        if (a == null) throw new InputException("method vcg needs a tableau, e.g. vcg:triple-jump");
        return new Vcg(LieTableaux.of(a.trim()));
    }

    /** TABLEAU,r of 003's RKMK families: a name of LieTableaux or a NAME.yaml file, and the cut-off r. */
    private record CutOff(ButcherTableau tableau, int r) {}

    private static CutOff cutOff(String n, String family, String a) {
        if (a == null) throw new InputException("method " + family + " needs a tableau, e.g. " + family + ":gauss2,2");
        String arg = a.trim();
        int comma = arg.lastIndexOf(',');
        if (comma < 0) throw new InputException("method '" + n + "': expected " + family + ":TABLEAU,r with the cut-off r, e.g. " + family + ":gauss2,2");
        int r;
        try {
            r = Integer.parseInt(arg.substring(comma + 1).trim());
        } catch (NumberFormatException e) {
            throw new InputException("method '" + n + "': cut-off r '" + arg.substring(comma + 1).trim() + "' is not an integer");
        }
        return new CutOff(LieTableaux.of(arg.substring(0, comma).trim()), r);
    }
}

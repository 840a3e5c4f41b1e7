package org.geomech.method;

import org.geomech.InputException;

import java.util.List;

/**
 * Method names to methods: rattle, lobatto-holonomic:s, lobatto-nh:s[,iiib], lobatto-nh-hamiltonian:s (001), hbvm:k,s (002), ggl-vi-s, ggl-vi-a, ggl-vi-b,
 * ggl-theta-a:theta, ggl-theta-b:theta,vartheta, ggl-em, gonzalez-em, bs99 (004), vrkmk:TABLEAU,r[,no-pstar],
 * vrkmk-pade:TABLEAU,r and vcg:TABLEAU (003, on Lie group systems). The GGL and Gonzalez schemes take
 * ":advanced" (after a comma for the theta families) for 004's advanced Newton guess q^{n+1} = q^n + h v^n.
 * The Lie group methods lobatto-lie-nh:s and lobatto-lie:s (001 sec. 6) take ",exp" for tau = exp (default cay).
 * rk:TABLEAU and vi:TABLEAU[,alpha-,alpha+] (000) take a Runge-Kutta tableau: a built-in name or a tableau file.
 */
public final class Methods {
    private Methods() {}

    /** The method families, as geomech list names them (with their arguments). */
    public static List<String> names() {
        return List.of("rattle", "lobatto-holonomic:s", "lobatto-nh:s", "lobatto-nh-hamiltonian:s", "lobatto-lie-nh:s", "lobatto-lie:s", "hbvm:k,s", "ggl-vi-s", "ggl-vi-a", "ggl-vi-b",
                "ggl-theta-a:theta", "ggl-theta-b:theta,vartheta", "ggl-em", "gonzalez-em", "bs99", "vrkmk:TABLEAU,r", "vrkmk-pade:TABLEAU,r",
                "vcg:TABLEAU", "rk:tableau", "vi:tableau,alpha-,alpha+");
    }

    /** Concrete names, a few per family, for listings. */
    public static List<String> examples() {
        return List.of("rattle", "lobatto-holonomic:2", "lobatto-holonomic:3", "lobatto-holonomic:4", "lobatto-nh:2", "lobatto-nh:3",
                "lobatto-nh:4", "lobatto-nh-hamiltonian:3", "lobatto-lie-nh:2", "lobatto-lie-nh:3", "lobatto-lie:3", "hbvm:1,1", "hbvm:2,2", "hbvm:6,2", "ggl-vi-s", "ggl-vi-a", "ggl-vi-b", "ggl-theta-a:0.25",
                "ggl-theta-b:0.5,0.5", "ggl-em", "gonzalez-em", "bs99",
                "vrkmk:gauss1,0", "vrkmk:kutta3,1", "vrkmk:gauss2,2", "vrkmk:gauss3,4", "vrkmk-pade:gauss2,2", "vrkmk-pade:gauss3,4", "vcg:midpoint", "vcg:triple-jump", "vcg:yoshida6",
                "rk:rk4", "vi:euler", "vi:kutta3,-0.5,0.5", "vi:rk4");
    }

    /** The family (an entry of names()) a concrete method name belongs to. */
    public static String family(String name) {
        String head = name.contains(":") ? name.substring(0, name.indexOf(':')) : name;
        for (String f : names()) if ((f.contains(":") ? f.substring(0, f.indexOf(':')) : f).equals(head)) return f;
        throw new InputException("unknown method '" + name + "' (methods: " + String.join(", ", names()) + ")");
    }

    /** The method of that name ("lobatto-nh:3", "rattle", ...); a one-line InputException for an unknown one. */
    public static Method parse(String name) {
        if (name == null || name.isBlank()) throw new InputException("no method given (methods: " + String.join(", ", names()) + ")");
        String n = name.trim();
        List<String> several = MethodList.split(n);
        if (several.size() > 1)
            throw new InputException("'" + n + "' names " + several.size() + " methods (" + String.join(", ", several) + "), where one is expected;"
                    + " geomech run --method compares several on one ensemble");
        if (n.equals("rattle")) return new Rattle();
        if (n.startsWith("rk:") || n.startsWith("vi:")) return TableauMethods.parse(n);
        if (n.startsWith("vrkmk") || n.startsWith("vcg")) return lie003(name, n);
        if (n.startsWith("hbvm")) return hbvm(name, n);
        if (n.startsWith("ggl-") || n.startsWith("gonzalez-em") || n.equals("bs99")) return ggl(name, n);
        int colon = n.indexOf(':');
        String family = colon < 0 ? n : n.substring(0, colon);
        if (family.equals("lobatto-lie-nh") || family.equals("lobatto-lie")) return lie(name, n, family, colon);
        if (!family.equals("lobatto-nh") && !family.equals("lobatto-holonomic") && !family.equals("lobatto-nh-hamiltonian"))
            throw new InputException("unknown method '" + name + "' (methods: " + String.join(", ", names()) + ")");
        if (colon < 0) throw new InputException("method " + family + " needs a stage count, e.g. " + family + ":3");
        String count = n.substring(colon + 1);
        boolean iiibStages = family.equals("lobatto-nh") && count.endsWith("," + LobattoNonholonomic.IIIB_STAGES);   // 001 spec R.1's control
        if (iiibStages) count = count.substring(0, count.length() - LobattoNonholonomic.IIIB_STAGES.length() - 1);
        int s;
        try {
            s = Integer.parseInt(count);
        } catch (NumberFormatException e) {
            throw new InputException("method '" + name + "': stage count '" + count + "' is not an integer");
        }
        if (s < 2 || s > 12) throw new InputException("method '" + name + "': stage count must be between 2 and 12");
        if (family.equals("lobatto-nh-hamiltonian")) return new LobattoNonholonomicHamiltonian(s);
        return family.equals("lobatto-nh") ? new LobattoNonholonomic(s, iiibStages) : new LobattoHolonomic(s);
    }

    // 003: vrkmk:TABLEAU,r (eq. 16), vrkmk-pade:TABLEAU,r (sec. 4.1.1) and vcg:TABLEAU (eq. 18); TABLEAU a name of LieTableaux or a NAME.yaml file
    private static Method lie003(String name, String n) {
        int colon = n.indexOf(':');
        String family = colon < 0 ? n : n.substring(0, colon);
        if (!family.equals("vrkmk") && !family.equals("vrkmk-pade") && !family.equals("vcg"))
            throw new InputException("unknown method '" + name + "' (methods: " + String.join(", ", names()) + ")");
        if (colon < 0) throw new InputException("method " + family + " needs a tableau, e.g. " + (family.equals("vcg") ? "vcg:triple-jump" : family + ":gauss2,2"));
        String arg = n.substring(colon + 1).trim();
        if (family.equals("vcg")) return new Vcg(org.geomech.method.tableau.LieTableaux.of(arg));
        boolean pStar = !(family.equals("vrkmk") && arg.endsWith("," + Vrkmk.WITHOUT_P_STAR));    // 003 spec sec. 12.3's control
        if (!pStar) arg = arg.substring(0, arg.length() - Vrkmk.WITHOUT_P_STAR.length() - 1);
        int comma = arg.lastIndexOf(',');
        if (comma < 0) throw new InputException("method '" + name + "': expected " + family + ":TABLEAU,r with the cut-off r, e.g. " + family + ":gauss2,2");
        int r;
        try {
            r = Integer.parseInt(arg.substring(comma + 1).trim());
        } catch (NumberFormatException e) {
            throw new InputException("method '" + name + "': cut-off r '" + arg.substring(comma + 1).trim() + "' is not an integer");
        }
        org.geomech.method.tableau.ButcherTableau tableau = org.geomech.method.tableau.LieTableaux.of(arg.substring(0, comma).trim());
        return family.equals("vrkmk") ? new Vrkmk(tableau, r, pStar) : new VrkmkPade(tableau, r);
    }

    // lobatto-lie-nh:s[,cay|exp], lobatto-lie:s[,cay|exp] (001 sec. 6)
    private static Method lie(String name, String n, String family, int colon) {
        if (colon < 0) throw new InputException("method " + family + " needs a stage count, e.g. " + family + ":3 (or " + family + ":3,exp)");
        String[] args = n.substring(colon + 1).split(",", -1);
        if (args.length > 2) throw new InputException("method '" + name + "': expected " + family + ":s or " + family + ":s,cay|exp");
        int s;
        try {
            s = Integer.parseInt(args[0].trim());
        } catch (NumberFormatException e) {
            throw new InputException("method '" + name + "': stage count '" + args[0].trim() + "' is not an integer");
        }
        if (s < 2 || s > 12) throw new InputException("method '" + name + "': stage count must be between 2 and 12");
        String tau = args.length == 2 ? args[1].trim() : "cay";
        if (!tau.equals("cay") && !tau.equals("exp")) throw new InputException("method '" + name + "': retraction '" + tau + "' is not cay or exp");
        return family.equals("lobatto-lie-nh") ? new LobattoLieNonholonomic(s, tau) : new LobattoLie(s, tau);
    }

    // hbvm:k,s (002 sec. 4): k Gauss nodes, s Legendre coefficients, k >= s >= 1
    private static Method hbvm(String name, String n) {
        if (!n.startsWith("hbvm:")) {
            if (n.equals("hbvm")) throw new InputException("method hbvm needs nodes and coefficients, e.g. hbvm:6,2 (k >= s >= 1)");
            throw new InputException("unknown method '" + name + "' (methods: " + String.join(", ", names()) + ")");
        }
        String[] ks = n.substring(5).split(",", -1);
        if (ks.length != 2) throw new InputException("method '" + name + "': expected hbvm:k,s, e.g. hbvm:6,2");
        int k, s;
        try {
            k = Integer.parseInt(ks[0].trim());
            s = Integer.parseInt(ks[1].trim());
        } catch (NumberFormatException e) {
            throw new InputException("method '" + name + "': k and s must be integers, e.g. hbvm:6,2");
        }
        return new Hbvm(k, s);
    }

    // 004: ggl-vi-s, ggl-vi-a, ggl-vi-b, ggl-theta-a:theta, ggl-theta-b:theta,vartheta, ggl-em, gonzalez-em, bs99
    private static Method ggl(String name, String n) {
        if (n.equals("bs99")) return new Bs99();
        int colon = n.indexOf(':');
        String family = colon < 0 ? n : n.substring(0, colon);
        List<String> args = colon < 0 ? List.of() : new java.util.ArrayList<>(List.of(n.substring(colon + 1).split(",", -1)));
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
                throw new InputException("method '" + name + "': '" + args.get(i).trim() + "' is not a number (or 'advanced')");
            }
        }
        int expected;
        Method m;
        switch (family) {
            case "ggl-vi-s": expected = 0; m = new GglVariational(guess); break;
            case "ggl-vi-a": expected = 0; m = new GglTheta(GglTheta.Option.A, 0.5, Double.NaN, guess); break;
            case "ggl-vi-b": expected = 0; m = new GglTheta(GglTheta.Option.B, 1, 0.5, guess); break;
            case "ggl-em": expected = 0; m = new GglEnergyMomentum(guess); break;
            case "gonzalez-em": expected = 0; m = new GonzalezEm(guess); break;
            case "ggl-theta-a":
                expected = 1;
                if (v.length != 1) throw new InputException("method '" + name + "': expected ggl-theta-a:theta, e.g. ggl-theta-a:0.5");
                m = new GglTheta(GglTheta.Option.A, v[0], Double.NaN, guess);
                break;
            case "ggl-theta-b":
                expected = 2;
                if (v.length != 2) throw new InputException("method '" + name + "': expected ggl-theta-b:theta,vartheta, e.g. ggl-theta-b:1,0.5");
                m = new GglTheta(GglTheta.Option.B, v[0], v[1], guess);
                break;
            default: throw new InputException("unknown method '" + name + "' (methods: " + String.join(", ", names()) + ")");
        }
        if (v.length != expected) throw new InputException("method '" + name + "' takes no parameters (only ':advanced')");
        return m;
    }
}

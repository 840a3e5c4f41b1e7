package org.geomech.method;

import org.geomech.model.InputException;

import java.util.List;

/** Method names to methods: rattle, lobatto-holonomic:s, lobatto-nh:s, hbvm:k,s. */
public final class Methods {
    private Methods() {}

    public static List<String> names() { return List.of("rattle", "lobatto-holonomic:s", "lobatto-nh:s", "hbvm:k,s"); }

    public static Method parse(String name) {
        if (name == null || name.isBlank()) throw new InputException("no method given (methods: " + String.join(", ", names()) + ")");
        String n = name.trim();
        if (n.equals("rattle")) return new Rattle();
        if (n.startsWith("hbvm")) return hbvm(name, n);
        int colon = n.indexOf(':');
        String family = colon < 0 ? n : n.substring(0, colon);
        if (!family.equals("lobatto-nh") && !family.equals("lobatto-holonomic"))
            throw new InputException("unknown method '" + name + "' (methods: " + String.join(", ", names()) + ")");
        if (colon < 0) throw new InputException("method " + family + " needs a stage count, e.g. " + family + ":3");
        int s;
        try {
            s = Integer.parseInt(n.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw new InputException("method '" + name + "': stage count '" + n.substring(colon + 1) + "' is not an integer");
        }
        if (s < 2 || s > 12) throw new InputException("method '" + name + "': stage count must be between 2 and 12");
        return family.equals("lobatto-nh") ? new LobattoNonholonomic(s) : new LobattoHolonomic(s);
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
}

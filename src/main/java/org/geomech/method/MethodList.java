package org.geomech.method;

import java.util.ArrayList;
import java.util.List;

/** A comma-separated list of method names (run --method rk:rk4,vi:rk4), with each method's own parameters kept. */
public final class MethodList {
    private MethodList() {}

    /**
     * Commas separate methods where the next piece names a method family, so method parameters (vi:rk4,-1/2,1/2,
     * hbvm:6,2) stay with their method. One name gives a list of one.
     */
    public static List<String> split(String methods) {
        List<String> out = new ArrayList<>();
        for (String piece : methods.split(",", -1)) {
            String p = piece.trim();
            if (!out.isEmpty() && Methods.family(p).isEmpty()) out.set(out.size() - 1, out.get(out.size() - 1) + "," + p);
            else out.add(p);
        }
        return out;
    }
}

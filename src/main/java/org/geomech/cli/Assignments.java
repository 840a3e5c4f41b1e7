package org.geomech.cli;

import org.geomech.InputException;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** NAME=VALUE flags such as --param eps=0.3, in the order given; a name given twice is refused. */
final class Assignments {
    private Assignments() {}

    static Map<String, String> parse(String option, List<String> items) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String item : items) {
            int eq = item.indexOf('=');
            if (eq <= 0) throw new InputException(option + ": '" + item + "' is not NAME=VALUE");
            String name = item.substring(0, eq).trim();
            if (out.containsKey(name))
                throw new InputException(option + ": " + name + " is given twice (" + name + "=" + out.get(name) + " and " + item.substring(eq + 1) + "); give it once");
            out.put(name, item.substring(eq + 1));
        }
        return out;
    }
}

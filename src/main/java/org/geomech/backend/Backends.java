package org.geomech.backend;

import org.geomech.backend.reference.ReferenceBackend;
import org.geomech.model.InputException;

import java.util.List;

/** Backend names to backends. */
public final class Backends {
    private Backends() {}

    public static List<String> names() { return List.of("reference"); }

    /** The backends that can run on this machine. */
    public static List<String> available() { return List.of("reference"); }

    public static Backend named(String name) {
        if ("reference".equals(name)) return new ReferenceBackend();
        throw new InputException("unknown backend '" + name + "' (backends: " + String.join(", ", names()) + ")");
    }
}

package org.geomech.backend;

import org.geomech.backend.opencl.OpenClBackend;
import org.geomech.backend.opencl.OpenClDevices;
import org.geomech.backend.reference.ReferenceBackend;
import org.geomech.model.InputException;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/** Backend names to backends, and the choice of `auto`: an OpenCL GPU with fp64, else the reference. */
public final class Backends {
    private Backends() {}

    public static List<String> names() { return List.of("reference", "opencl", "auto"); }

    /** The backends that can run on this machine (auto excluded). */
    public static List<String> available() {
        List<String> out = new ArrayList<>(List.of("reference"));
        if (OpenClDevices.available()) out.add("opencl");
        return out;
    }

    public static Backend named(String name) { return named(name, OptionalInt.empty()); }

    /** device: an OpenCL device index (geomech devices), for opencl and auto. */
    public static Backend named(String name, OptionalInt device) {
        switch (name == null ? "" : name) {
            case "reference": return new ReferenceBackend();
            case "opencl": return new OpenClBackend(device, 0);
            case "auto": return auto(device);
            default: throw new InputException("unknown backend '" + name + "' (backends: " + String.join(", ", names()) + ")");
        }
    }

    // An OpenCL GPU (or the device asked for), else the fastest CPU backend
    private static Backend auto(OptionalInt device) {
        if (OpenClDevices.available()) {
            if (device.isPresent()) return new OpenClBackend(device, 0);
            for (OpenClDevices.Device d : OpenClDevices.list()) if (d.fp64() && d.type().equals("GPU")) return new OpenClBackend(d.index());
        }
        return new ReferenceBackend();
    }
}

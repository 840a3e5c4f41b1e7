package org.geomech.cli;

import org.geomech.backend.opencl.OpenClDevices;
import org.geomech.io.Json;
import org.geomech.InputException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/** geomech devices: the OpenCL platforms and devices, their fp64 support and memory, numbered for --device. */
@Command(name = "devices", mixinStandardHelpOptions = true, versionProvider = Main.class,
        description = "Lists the OpenCL devices (for --backend opencl --device N) with fp64 support and memory.")
final class DevicesCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--json", description = "print the list as JSON")
    boolean json;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        List<OpenClDevices.Device> devices;
        try {
            devices = OpenClDevices.list();
        } catch (InputException e) {
            if (json) out.println("[]");
            else out.println("no OpenCL: " + e.getMessage() + " (the reference backend runs everywhere)");
            return 0;
        }
        if (json) {
            out.println(Json.write(devices));
            return 0;
        }
        Table t = new Table("device", "platform", "name", "type", "fp64", "memory", "max alloc", "compute units");
        for (OpenClDevices.Device d : devices)
            t.row(d.index(), d.platform(), d.name(), d.type(), d.fp64() ? "yes" : "no", gib(d.globalMemory()), gib(d.maxAllocation()), d.computeUnits());
        t.print(out, "");
        out.println(devices.stream().anyMatch(OpenClDevices.Device::fp64) ? "geomech runs on the devices with fp64 (--backend opencl --device N)"
                : "no device has fp64: the opencl backend cannot run here");
        return 0;
    }

    private static String gib(long bytes) { return String.format(Locale.ROOT, "%.1f GiB", bytes / (double) (1L << 30)); }
}

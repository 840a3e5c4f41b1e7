package org.geomech.backend.opencl;

import org.geomech.InputException;

/** Run in a child JVM by OpenClDevicesTest: prints what a machine without an OpenCL platform gets. */
public final class OpenClNoPlatformProbe {
    private OpenClNoPlatformProbe() {}

    public static void main(String[] args) {
        System.out.println("available " + OpenClDevices.available());
        try {
            OpenClDevices.list();
            System.out.println("message none");
        } catch (InputException e) {
            System.out.println("message " + e.getMessage() + "|");
        }
    }
}

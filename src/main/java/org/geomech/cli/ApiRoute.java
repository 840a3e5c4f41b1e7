package org.geomech.cli;

import org.geomech.api.Run;
import org.geomech.io.Scenario;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * What the command line takes from api.Run beyond the API: a run of a resolved scenario (its file and flags). It names an
 * io type, so Run keeps it package-private (no io or cli type in the API's signatures); the command line reaches it
 * through a private lookup.
 */
final class ApiRoute {
    private static final MethodHandle OF;

    static {
        try {
            OF = MethodHandles.privateLookupIn(Run.class, MethodHandles.lookup()).findStatic(Run.class, "of", MethodType.methodType(Run.class, Scenario.class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private ApiRoute() {}

    /** The run of a resolved scenario; stepSizes, device, trajectories and progress may still be set. */
    static Run of(Scenario scenario) {
        try {
            return (Run) OF.invokeExact(scenario);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }
}

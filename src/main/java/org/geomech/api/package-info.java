/**
 * The Java API of geomech: simulate ensembles of constrained mechanical systems from your own code.
 *
 * <p>Choose a {@link org.geomech.api.Model} (built in, or written down as a Lagrangian with
 * constraints), describe the {@link org.geomech.api.Ensemble} (member count, initial states,
 * per-member parameters and sweeps), configure a {@link org.geomech.api.Run} (method, step sizes,
 * final time, observers, backend) and call {@link org.geomech.api.Run#run()}. The
 * {@link org.geomech.api.Results} hold, per step size and sweep point, the statistics of every
 * observer at every output time, the final state of every member and the members that failed, all
 * as arrays; nothing is written to disk. A run may start from a scenario file instead
 * ({@link org.geomech.api.Run#fromScenarioFile}) and report as it goes
 * ({@link org.geomech.api.Run#progress}, {@link org.geomech.api.Run#listener}).
 *
 * <pre>{@code
 * Results r = Run.of(Model.builtIn("cvt"))
 *         .method("lobatto-nh:2")
 *         .ensemble(Ensemble.of(1000).perturbed(7, 1e-3).parameter("eps", "[0.25, 0.5, 1]"))
 *         .stepSizes(0.1, 0.05).until(10)
 *         .backend("simd")
 *         .run();
 * double[] mu = r.series(0.05, 2).msd("energy");   // eps = 1, h = 0.05
 * }</pre>
 *
 * <p>Bad input (an unknown name, a malformed expression, inconsistent sizes) throws
 * {@link org.geomech.InputException} with a one-line message. The classes of this package are
 * the stable surface; the other packages are geomech's internals and may change.
 */
package org.geomech.api;

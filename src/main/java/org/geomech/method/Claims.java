package org.geomech.method;

import java.util.List;

/**
 * What a method's paper proves or states about its step map, in the terms geomech certify measures: the order (Method.order,
 * multiplierOrder), symplecticity in a canonical pair of the state, symmetry, the energy error, the momentum maps of
 * symmetries, and the constraints kept at every step. A family states its claims once, beside its equations:
 * {@code Claims.by("001 sec. 4.3 (a)", "spherical-pendulum", 0.1).symplecticMap().symmetricMap()...}.
 *
 * @param pair           the canonical pair of the state in which symplecticity is claimed (or measured, where it is not) and
 *                       momentum maps are evaluated
 * @param symplectic     the step map preserves the symplectic form of the pair (on the constraint manifold, trivialised on T*G)
 * @param symmetric      Phi_-h(Phi_h(x)) = x (self-adjoint, time-reversible)
 * @param energy         what the paper says of the energy error over long runs
 * @param momentumMaps   the momentum maps of the model's symmetries are conserved (evaluated on the canonical pair)
 * @param positions      g(q) = 0 at every step (and, on a group, g stays on G)
 * @param velocities     the velocity-level constraints G(q) v = 0 and A(q) v + a(q) = 0 at every step
 * @param ordered        the state blocks (q, v, p) in which Method.order is claimed: not the staggered v of 004's option A, none for
 *                       BS99, whose order 004 states for the Lagrange top's reduced state (d3, m), not for d1, d2
 * @param source         where the claims come from (paper and section)
 * @param defaultModel   a built-in model the paper runs the family on (geomech certify without --model)
 * @param defaultStep    the largest step size of the default certificate on that model
 */
public record Claims(Pair pair, boolean symplectic, boolean symmetric, Energy energy, boolean momentumMaps, boolean positions,
                     boolean velocities, List<String> ordered, String source, String defaultModel, double defaultStep) {
    /** Keeps a copy of the blocks in which the order is claimed. */
    public Claims {
        ordered = List.copyOf(ordered);
    }

    /** Nothing claimed beyond the order (in q, v and p), in the pair (q, p) or (g, mu). */
    public static Claims by(String source, String defaultModel, double defaultStep) {
        return new Claims(STANDARD, false, false, Energy.NOT_CLAIMED, false, false, false, List.of(StateLayout.Q, StateLayout.V, StateLayout.P),
                source, defaultModel, defaultStep);
    }

    /** These claims in the canonical pair p. */
    public Claims in(Pair p) { return new Claims(p, symplectic, symmetric, energy, momentumMaps, positions, velocities, ordered, source, defaultModel, defaultStep); }
    /** These claims with the step map symplectic. */
    public Claims symplecticMap() { return new Claims(pair, true, symmetric, energy, momentumMaps, positions, velocities, ordered, source, defaultModel, defaultStep); }
    /** These claims with the step map symmetric (is true) or not. */
    public Claims symmetricMap(boolean is) { return new Claims(pair, symplectic, is, energy, momentumMaps, positions, velocities, ordered, source, defaultModel, defaultStep); }
    /** These claims with the step map symmetric: Phi_-h(Phi_h(x)) = x. */
    public Claims symmetricMap() { return symmetricMap(true); }
    /** These claims with the energy error e. */
    public Claims energyError(Energy e) { return new Claims(pair, symplectic, symmetric, e, momentumMaps, positions, velocities, ordered, source, defaultModel, defaultStep); }
    /** These claims with the momentum maps of the model's symmetries conserved. */
    public Claims conservesMomentumMaps() { return new Claims(pair, symplectic, symmetric, energy, true, positions, velocities, ordered, source, defaultModel, defaultStep); }
    /** positionLevel: g(q) = 0 (and g on the group) at every step; velocityLevel: G(q) v = 0 and A(q) v + a(q) = 0 at every step. */
    public Claims constraints(boolean positionLevel, boolean velocityLevel) {
        return new Claims(pair, symplectic, symmetric, energy, momentumMaps, positionLevel, velocityLevel, ordered, source, defaultModel, defaultStep);
    }
    /** Method.order claimed in these blocks only. */
    public Claims orderIn(String... blocks) {
        return new Claims(pair, symplectic, symmetric, energy, momentumMaps, positions, velocities, List.of(blocks), source, defaultModel, defaultStep);
    }

    /** The long-run energy error a paper claims: conserved to round-off, bounded without drift, or nothing. */
    public enum Energy {
        /** Conserved to round-off. */
        EXACT,
        /** Bounded over long runs, without drift. */
        BOUNDED,
        /** Nothing claimed. */
        NOT_CLAIMED
    }

    /** How the canonical pair's positions are trivialised: coordinates, or a group element with body (left) or spatial (right) tangents. */
    public enum Trivialisation {
        /** Coordinates: no group element. */
        NONE,
        /** A group element with body (left-trivialised) tangents. */
        LEFT,
        /** A group element with spatial (right-trivialised) tangents. */
        RIGHT
    }

    /**
     * The state components holding the canonical pair (Q, P) in which a step is symplectic: sum dQ ^ dP in coordinates, the
     * trivialised canonical form on T*G = G x g* for a group element. For 000's vi methods the pair is the discrete Legendre
     * pair (q-bar, mu) a step carries, not (q, p).
     */
    public record CanonicalPair(List<Integer> positions, List<Integer> momenta, Trivialisation trivialisation) {
        /** Keeps copies of the index lists. */
        public CanonicalPair {
            positions = List.copyOf(positions);
            momenta = List.copyOf(momenta);
        }

        /** The blocks q and p of a layout in coordinates, or g and mu of one on a group (trivialised as given). */
        public static CanonicalPair of(StateLayout layout, Trivialisation on) {
            String q = on == Trivialisation.NONE ? StateLayout.Q : LieMethod.G, p = on == Trivialisation.NONE ? StateLayout.P : LieMethod.MU;
            return new CanonicalPair(range(layout.offset(q), layout.block(q).size()), range(layout.offset(p), layout.block(p).size()), on);
        }

        static List<Integer> range(int from, int count) {
            return java.util.stream.IntStream.range(from, from + count).boxed().toList();
        }
    }

    /** A family's canonical pair for a layout, chosen when the step is built (a layout in coordinates or on a group). */
    public interface Pair {
        /** The canonical pair of the state components of layout. */
        CanonicalPair in(StateLayout layout);
    }

    /** The canonical pair (q, p) or, on a group, (g, mu) with tangents trivialised in the layout's frame. */
    public static final Pair STANDARD = layout -> CanonicalPair.of(layout, layout.has(StateLayout.Q) ? Trivialisation.NONE
            : layout.has("xi") ? Trivialisation.LEFT : Trivialisation.RIGHT);
}

package org.geomech.ensemble;

import java.util.SplittableRandom;

/**
 * Independent random streams per ensemble member: member j of stream s under a seed starts from
 * mix64(mix64(mix64(seed) ^ s) + j), the SplitMix64 finaliser (Steele, Lea and Flood 2014) applied to
 * a distinct input per member, so the members' streams do not overlap and a member draws the same
 * numbers whatever thread or chunk fills it. (Seeding SplittableRandom with seed + GOLDEN * j made
 * member j's stream member 0's shifted by j draws: neighbours shared all but one of their numbers.)
 */
public final class MemberStreams {
    /** Stream of the initial-state perturbation. */
    public static final long INITIAL_STATE = 0;

    private MemberStreams() {}

    /** The random stream of member j in stream s under seed. */
    public static SplittableRandom of(long seed, long stream, long j) {
        return new SplittableRandom(mix64(mix64(mix64(seed) ^ stream) + j));
    }

    /** A stream number for a name (a parameter's draws), distinct from INITIAL_STATE. */
    public static long named(String name) {
        return mix64(name.hashCode() + 0x632BE59BD9B4E019L) | 1;
    }

    /** Standard normal by Box-Muller; two uniform draws per normal keep the stream simple and reproducible. */
    public static double gaussian(SplittableRandom r) {
        double u = 1.0 - r.nextDouble(), w = r.nextDouble();
        return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * w);
    }

    // SplitMix64's output function (variant 13 of Stafford's mixers)
    static long mix64(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}

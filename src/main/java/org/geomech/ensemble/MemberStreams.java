package org.geomech.ensemble;

/**
 * Independent random streams per ensemble member: member j of stream s under a seed starts from
 * mix64(mix64(mix64(seed) ^ s) + j), the SplitMix64 finaliser (Steele, Lea and Flood 2014) applied to
 * a distinct input per member, so the members' streams do not overlap and a member draws the same
 * numbers whatever thread or chunk fills it. (Seeding SplittableRandom with seed + GOLDEN * j made
 * member j's stream member 0's shifted by j draws: neighbours shared all but one of their numbers.)
 * A stream is its state, a long (start), advanced by the golden gamma a draw and mixed by mix64: SplittableRandom's
 * nextLong from a SplittableRandom seeded with the start, number for number. The states of a block of members sit in
 * one array, drawn member after member, so that the members' independent draws overlap in the CPU where an object a
 * member kept its draws in a chain of calls (14 normals a member, a warm microbenchmark: 46-65 ns against 75-110 ns;
 * within the noise of a whole fill of initial states, RESULTS.md).
 */
public final class MemberStreams {
    /** Stream of the initial-state perturbation. */
    public static final long INITIAL_STATE = 0;
    /** SplittableRandom's golden gamma, the step of every stream's state. */
    private static final long GAMMA = 0x9e3779b97f4a7c15L;

    private MemberStreams() {}

    /** The state of member j's stream s under seed, before its first draw. */
    public static long start(long seed, long stream, long j) {
        return mix64(mix64(mix64(seed) ^ stream) + j);
    }

    /** A stream number for a name (a parameter's draws), distinct from INITIAL_STATE. */
    public static long named(String name) {
        return mix64(name.hashCode() + 0x632BE59BD9B4E019L) | 1;
    }

    /** The next 64 random bits of the stream whose state is states[l], which it advances (SplittableRandom.nextLong). */
    public static long nextLong(long[] states, int l) {
        return mix64(states[l] += GAMMA);
    }

    /** Uniform on [0, 1) from the top 53 bits of a draw (SplittableRandom.nextDouble). */
    public static double uniform(long[] states, int l) { return (nextLong(states, l) >>> 11) * 0x1.0p-53; }

    /**
     * Standard normal from the stream whose state is states[l]: the ziggurat of Marsaglia and Tsang (2000, J. Stat.
     * Softw. 5(8)) on 256 layers of equal area, the layer from the low 8 bits of a draw and the uniform from its top 53
     * (Doornik 2005, so the two are independent); one draw a normal in 99.3 % of calls, this method's, which the JIT
     * inlines; the others in wedgeOrTail. +, -, *, / and StrictMath only, so every JVM and thread draws the same numbers.
     */
    public static double gaussian(long[] states, int l) {
        long bits = nextLong(states, l);
        int i = (int) bits & (Ziggurat.LAYERS - 1);
        double u = (bits >> 11) * 0x1.0p-52;   // uniform on [-1, 1)
        if (Math.abs(u) < Ziggurat.RATIO[i]) return u * Ziggurat.X[i];   // inside the layer's rectangle below the next one
        return wedgeOrTail(states, l, i, u);
    }

    // the draw of layer i and uniform u outside its rectangle: the tail (i = 0), or the wedge's test, then, where it fails, new draws
    private static double wedgeOrTail(long[] states, int l, int i, double u) {
        double[] x = Ziggurat.X;
        for (;;) {
            if (i == 0) return Math.copySign(Ziggurat.tail(states, l), u);
            // the wedge of layer i: z beyond x[i+1], accepted below f(z) = exp(-z^2/2) at a height drawn between f(x[i]) and f(x[i+1])
            double z = u * x[i], f = Ziggurat.F[i];
            if (f + uniform(states, l) * (Ziggurat.F[i + 1] - f) < StrictMath.exp(-0.5 * z * z)) return z;
            long bits = nextLong(states, l);
            i = (int) bits & (Ziggurat.LAYERS - 1);
            u = (bits >> 11) * 0x1.0p-52;
            if (Math.abs(u) < Ziggurat.RATIO[i]) return u * x[i];
        }
    }

    /**
     * The ziggurat's layers (Marsaglia and Tsang 2000, sec. 2): f(x) = exp(-x^2/2), x[1] = r, x[i+1] = f^-1(v / x[i] + f(x[i])),
     * x[256] = 0, every layer of area v; the base layer (i = 0) is the rectangle below f(r) and the tail beyond r,
     * x[0] = v / f(r) its equivalent width. r and v are the paper's for 256 layers.
     */
    static final class Ziggurat {
        static final int LAYERS = 256;
        static final double R = 3.6541528853610088, V = 4.92867323399e-3;
        /** Layer i spans [0, X[i]) (X[0] the base's equivalent width) and heights F[i] = f(X[i]) to F[i+1]; RATIO[i] = X[i+1] / X[i]. */
        static final double[] X = new double[LAYERS + 1], F = new double[LAYERS + 1], RATIO = new double[LAYERS];

        static {
            X[0] = V / StrictMath.exp(-0.5 * R * R);
            X[1] = R;
            for (int i = 2; i < LAYERS; i++) X[i] = StrictMath.sqrt(-2 * StrictMath.log(V / X[i - 1] + StrictMath.exp(-0.5 * X[i - 1] * X[i - 1])));
            for (int i = 0; i < LAYERS; i++) RATIO[i] = X[i + 1] / X[i];
            for (int i = 1; i <= LAYERS; i++) F[i] = StrictMath.exp(-0.5 * X[i] * X[i]);
        }

        private Ziggurat() {}

        // |z| beyond r: Marsaglia's tail method (Marsaglia and Tsang 2000, sec. 2, step 5)
        static double tail(long[] states, int l) {
            for (;;) {
                double x = -StrictMath.log(1 - uniform(states, l)) / R, y = -StrictMath.log(1 - uniform(states, l));
                if (y + y >= x * x) return R + x;
            }
        }
    }

    // SplitMix64's output function (variant 13 of Stafford's mixers)
    static long mix64(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}

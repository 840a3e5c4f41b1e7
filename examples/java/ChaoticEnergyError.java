import org.geomech.api.Ensemble;
import org.geomech.api.Model;
import org.geomech.api.Results;
import org.geomech.api.Run;
import org.geomech.api.Series;

/**
 * geomech from Java: the chaotic energy study of 001 sec. 7.3 on its 21-member cos/sin ensemble
 * (chaotic-nh, m = 3, every member with E0 = 3.06), Lobatto-2 at h = 0.2 to t = 10, and
 * mu(E, t) / h^4 with mu(E, t) = mean_j (E_j(t) - E_j(0))^2 (001 eq. 33). The 001 spec (R.2) gives 0.0267.
 *
 * Compile and run it as an outside project against the installed artifact (mvn install first):
 *   mvn -B -f examples/java/pom.xml verify
 * or by hand: javac -cp target/geomech.jar examples/java/ChaoticEnergyError.java -d /tmp/ex;
 *   java --add-modules jdk.incubator.vector -cp target/geomech.jar:/tmp/ex ChaoticEnergyError
 */
public final class ChaoticEnergyError {
    private ChaoticEnergyError() {}

    /** mu(E, 10) / h^4 of Lobatto-2 at h = 0.2 on the 21-member ensemble. */
    public static double scaledEnergyError() {
        double h = 0.2;
        Results results = Run.of(Model.builtIn("chaotic-nh").structure("m", 3))
                .method("lobatto-nh:2")
                .ensemble(Ensemble.of(21))          // the model's default initial states are 001's cos/sin ensemble
                .stepSizes(h).until(10).every(1)
                .progress(steps -> System.err.printf("\r%d of 50 steps", steps))   // as the run advances
                .run();
        System.err.println();
        Series s = results.series(h, 0);
        double[] t = s.times(), mu = s.msd("energy");
        if (t[t.length - 1] != 10 || !results.failures().isEmpty()) throw new IllegalStateException("the run did not reach t = 10");
        return mu[mu.length - 1] / Math.pow(h, 4);
    }

    public static void main(String[] args) {
        double scaled = scaledEnergyError();
        System.out.printf("mu(E, 10)/h^4 = %.4f (001 spec R.2: 0.0267)%n", scaled);
        if (Math.abs(scaled - 0.0267) > 0.0005)   // the spec's value to its digits
            throw new IllegalStateException("mu(E, 10)/h^4 = " + scaled + ", where 001 spec R.2 gives 0.0267");
    }
}

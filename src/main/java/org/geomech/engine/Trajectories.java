package org.geomech.engine;

import org.geomech.ensemble.EnsembleState;
import org.geomech.InputException;

import java.util.ArrayList;
import java.util.List;

/** The full states of selected members at every output time of one run (an EnsembleRun.Recorder). */
public final class Trajectories implements EnsembleRun.Recorder {
    private final int[] members;
    private final List<Double> times = new ArrayList<>();
    private final List<double[]> states = new ArrayList<>();
    private int components;

    /** Records the trajectories of members (indices into an ensemble of ensembleSize members); a one-line InputException for a member outside it. */
    public Trajectories(List<Integer> members, int ensembleSize) {
        this.members = members.stream().mapToInt(Integer::intValue).toArray();
        for (int j : this.members)
            if (j < 0 || j >= ensembleSize) throw new InputException("--save-trajectories: member " + j + " is not in 0.." + (ensembleSize - 1));
    }

    /** Trajectories as flat() and times() gave them (from a checkpoint), to be recorded on. */
    public static Trajectories restore(int[] members, List<Double> times, double[] flat, int components) {
        Trajectories t = new Trajectories(members);
        t.components = components;
        int size = members.length * components;
        for (int k = 0; k < times.size(); k++) {
            t.times.add(times.get(k));
            t.states.add(java.util.Arrays.copyOfRange(flat, k * size, (k + 1) * size));
        }
        return t;
    }

    private Trajectories(int[] members) { this.members = members.clone(); }

    @Override
    public void record(double t, EnsembleState state) {
        components = state.components();
        double[] x = new double[members.length * components], one = new double[components];
        for (int i = 0; i < members.length; i++) {
            state.gather(members[i], one);
            System.arraycopy(one, 0, x, i * components, components);
        }
        times.add(t);
        states.add(x);
    }

    /** The members recorded. */
    public int[] members() { return members.clone(); }
    /** The output times recorded. */
    public List<Double> times() { return List.copyOf(times); }
    /** State components per member. */
    public int components() { return components; }

    /**
     * The states of one sweep point's members ([time][member][component]), where the members recorded are every point's
     * in turn, the same number for each of points.
     */
    public double[][][] point(int point, int points) {
        int perPoint = members.length / points;
        double[][][] out = new double[states.size()][perPoint][];
        for (int k = 0; k < out.length; k++)
            for (int i = 0; i < perPoint; i++)
                out[k][i] = java.util.Arrays.copyOfRange(states.get(k), (point * perPoint + i) * components, (point * perPoint + i + 1) * components);
        return out;
    }

    /** times x members x components, C order. */
    public double[] flat() {
        double[] out = new double[times.size() * members.length * components];
        for (int k = 0; k < states.size(); k++) System.arraycopy(states.get(k), 0, out, k * members.length * components, members.length * components);
        return out;
    }

    /** One row per time and member: t, member, then the state components. */
    public List<List<Object>> rows() {
        List<List<Object>> rows = new ArrayList<>();
        for (int k = 0; k < times.size(); k++)
            for (int i = 0; i < members.length; i++) {
                List<Object> row = new ArrayList<>(List.of(times.get(k), members[i]));
                for (int c = 0; c < components; c++) row.add(states.get(k)[i * components + c]);
                rows.add(row);
            }
        return rows;
    }

    /**
     * A copy of these trajectories with the members of paths (launch indices among those recorded) recorded otherwise:
     * paths gives each one's states at every output time recorded ([time][component]).
     */
    public Trajectories replaced(java.util.Map<Integer, double[][]> paths) {
        Trajectories out = new Trajectories(members);
        out.components = components;
        out.times.addAll(times);
        for (int k = 0; k < states.size(); k++) {
            double[] x = states.get(k).clone();
            for (int i = 0; i < members.length; i++) {
                double[][] path = paths.get(members[i]);
                if (path != null) System.arraycopy(path[k], 0, x, i * components, components);
            }
            out.states.add(x);
        }
        return out;
    }

    /** The trajectories that slabs kept ([time][member][component], members in launch order) as a recorder would have them. */
    public static Trajectories of(List<EnsembleRun.Row> rows, int[] members, double[][][] states) {
        int components = states[0][0].length;
        double[] flat = new double[rows.size() * members.length * components];
        List<Double> times = new ArrayList<>();
        for (int k = 0; k < rows.size(); k++) {
            times.add(rows.get(k).t());
            for (int i = 0; i < members.length; i++) System.arraycopy(states[k][i], 0, flat, (k * members.length + i) * components, components);
        }
        return restore(members, times, flat, components);
    }
}

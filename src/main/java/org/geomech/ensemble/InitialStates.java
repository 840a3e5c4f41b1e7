package org.geomech.ensemble;

import org.geomech.expr.Expr;
import org.geomech.expr.Exprs;
import org.geomech.expr.ParseException;
import org.geomech.expr.Parser;
import org.geomech.expr.Tape;
import org.geomech.method.StateLayout;
import org.geomech.lie.ProductGroup;
import org.geomech.InputException;
import org.geomech.model.LieGroupSystem;
import org.geomech.model.LieModelDefinition;
import org.geomech.model.Library;
import org.geomech.model.MechanicalSystem;
import org.geomech.model.Model;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.IntStream;

/**
 * Initial conditions of an ensemble: q and v as expressions of the member index j, the member count N,
 * J = max(N - 1, 1) and the parameters, plus optional seeded normal perturbations; every member is then
 * made consistent (Consistency) and the largest move is reported. Multipliers a method carries beyond the
 * constraint count (the velocity-level gamma of 004's GGL methods) start at 0, their exact value. On a Lie group
 * system q lists the stored entries of the group element (which must lie on the group) and v the algebra velocity;
 * they fill the blocks g, xi and mu = D2 l(g, xi) of the method's layout (those it has). The values at t = 0 that
 * observers name (the layout's block "initial") are evaluated last, on the member's consistent state.
 */
public final class InitialStates {
    /** Standard deviations of seeded normal draws added to each q and v component (zero: none). */
    public record Perturbation(long seed, double[] sigmaQ, double[] sigmaV) {}

    /** How far consistency moved the given initial values (largest over members, infinity norm). */
    public record Report(double maxPositionMove, double maxVelocityMove) {}

    /** Members per parallel block. */
    private static final int BLOCK = 4096;

    /** J = max(N - 1, 1) of the initial values, under a name no model can use, so a model may have its own J. */
    private static final Expr ENSEMBLE_J = Expr.sym("$J");

    private final Model sys;
    private final List<String> qNames, vNames;
    private final List<Expr> q0, v0;
    private final double[][] given;
    /** The projection over blocks of members (a backend's lanes), or null: member by member (Consistency). */
    private final BlockConsistency.Factory blockFactory;
    private Supplier<BlockConsistency> blocks;

    /** Initial states of sys from expressions of j and N per position and velocity (made consistent with the constraints). */
    public InitialStates(Model sys, List<String> q0, List<String> v0) {
        this.sys = sys;
        this.qNames = positionNames(sys);
        this.vNames = velocityNames(sys);
        if (q0.size() != qNames.size())
            throw new InputException("initial positions: model " + sys.name() + " has " + qNames.size() + " " + positionsNoun() + ", " + q0.size() + " values given");
        if (v0.size() != vNames.size())
            throw new InputException("initial velocities: model " + sys.name() + " has " + vNames.size() + " velocities, " + v0.size() + " values given");
        Map<String, Expr> known = new HashMap<>();
        known.put("j", Expr.sym("j"));
        known.put("N", Expr.sym("N"));
        known.put("J", ENSEMBLE_J);   // unless the model has a parameter J, which then wins
        for (Expr p : sys.parameterSymbols()) known.put(p.name(), p);
        this.q0 = parse("initial position", q0, known);
        this.v0 = parse("initial velocity", v0, known);
        this.given = null;
        this.blockFactory = null;
    }

    private InitialStates(InitialStates of, BlockConsistency.Factory blockFactory) {
        this.sys = of.sys;
        this.qNames = of.qNames;
        this.vNames = of.vNames;
        this.q0 = of.q0;
        this.v0 = of.v0;
        this.given = of.given;
        this.blockFactory = blockFactory;
    }

    /**
     * The same initial states with the projection run over blocks of members (a backend's lanes; equal, ==, to the
     * member-by-member states, which stay the oracle: a member a block leaves undone is projected member by member).
     */
    public InitialStates projectedBy(BlockConsistency.Factory blocks) { return new InitialStates(this, blocks); }

    // one block projection per thread, from what the factory derives once per system
    private synchronized Supplier<BlockConsistency> blockProjections() {
        if (blocks == null) blocks = blockFactory.of(sys);
        return blocks;
    }

    /** Initial positions and velocities given per member, [member][coordinate] (from a file or the Java API). */
    public InitialStates(Model sys, double[][] q, double[][] v) {
        this.sys = sys;
        this.qNames = positionNames(sys);
        this.vNames = velocityNames(sys);
        int nq = qNames.size(), nv = vNames.size();
        if (q.length != v.length) throw new InputException("initial states: " + q.length + " positions, " + v.length + " velocities");
        this.given = new double[q.length][];
        for (int j = 0; j < q.length; j++) {
            if (q[j].length != nq || v[j].length != nv)
                throw new InputException("initial states: model " + sys.name() + " has " + nq + " " + positionsNoun() + " and " + nv + " velocities, member " + j
                        + " has " + q[j].length + " positions and " + v[j].length + " velocities");
            given[j] = new double[nq + nv];
            System.arraycopy(q[j], 0, given[j], 0, nq);
            System.arraycopy(v[j], 0, given[j], nq, nv);
        }
        this.q0 = List.of();
        this.v0 = List.of();
        this.blockFactory = null;
    }

    private static List<String> positionNames(Model sys) {
        return sys instanceof LieGroupSystem lie ? lie.entryNames() : ((MechanicalSystem) sys).coordinateNames();
    }

    private static List<String> velocityNames(Model sys) {
        if (sys instanceof LieGroupSystem lie) return lie.velocityNames();
        return ((MechanicalSystem) sys).coordinateNames().stream().map(c -> "dot(" + c + ")").toList();
    }

    private String positionsNoun() { return sys instanceof LieGroupSystem ? "group entries" : "coordinates"; }

    private List<Expr> parse(String what, List<String> texts, Map<String, Expr> known) {
        List<String> names = what.endsWith("position") ? qNames : vNames;
        List<Expr> out = new ArrayList<>();
        for (int i = 0; i < texts.size(); i++) {
            try {
                out.add(Parser.parse(texts.get(i), known::get));
            } catch (ParseException | ArithmeticException e) {
                throw new InputException(what + " of " + names.get(i) + ": " + e.getMessage(), e);
            }
        }
        return out;
    }

    // The projection a member's initial values go through: ConsistentState in coordinates, LieConsistentState (cay) on a group
    private Consistency consistency() {
        if (sys instanceof LieGroupSystem lie) return LieConsistentState.of(lie);
        return new ConsistentState((MechanicalSystem) sys);
    }

    // The block names of a layout the positions, velocities and momenta go into
    private String[] blocks() {
        return sys instanceof LieGroupSystem ? new String[]{"g", "xi", "mu"} : new String[]{StateLayout.Q, StateLayout.V, StateLayout.P};
    }

    /** The default initial positions and velocities of a built-in system (at its default structure). */
    public static InitialStates defaults(MechanicalSystem sys) {
        Library.Entry e = Library.entry(sys.name());
        return new InitialStates(sys, e.q0(Map.of()), e.v0(Map.of()));
    }

    /** Fills the state (q, v, p, multipliers) of every member, in parallel blocks; the result does not depend on the scheduling. */
    public Report fill(EnsembleState state, double[] modelParams, Perturbation perturbation) {
        return fill(state, 0, state.members(), modelParams, perturbation);
    }

    /**
     * Fills a slice of an ensemble of total members: member j of state is member first + j of the ensemble, and gets
     * bitwise the state fill gives it in the whole ensemble (slabs streamed through memory, Spark partitions).
     */
    public Report fill(EnsembleState state, long first, long total, double[] modelParams, Perturbation perturbation) {
        return fill(state, SweepPlan.of(sys, modelParams, Math.toIntExact(total)), first, perturbation);
    }

    /**
     * Fills every launch member of a sweep plan: member j of its point from the expressions of j and
     * N = plan.members() with the member's own parameters (and draws from member j's stream, so a point
     * starts as its run alone would), the per-member parameters into their state components; padding
     * members copy their point's member 0 and are marked EXCLUDED.
     */
    public Report fill(EnsembleState state, SweepPlan plan, Perturbation perturbation) {
        if (state.members() != plan.launchMembers()) throw new IllegalArgumentException(state.members() + " members for a plan of " + plan.launchMembers());
        return fill(state, plan, 0, perturbation);
    }

    /** As above for a slice of the launch: member k of state is launch member first + k (and gets bitwise what it gets in the whole launch). */
    public Report fill(EnsembleState state, SweepPlan plan, long first, Perturbation perturbation) {
        if (first + state.members() > plan.launchMembers())
            throw new IllegalArgumentException("members " + first + ".." + (first + state.members() - 1) + " of a launch of " + plan.launchMembers());
        if (given != null && given.length != plan.members())
            throw new InputException("initial states: " + given.length + " given, the ensemble has " + plan.members() + " members");
        StateLayout layout = state.layout();
        int members = state.members(), blocks = (members + BLOCK - 1) / BLOCK;
        if (layout.parameters().size() != plan.perMember().size()) throw new IllegalArgumentException("the step carries " + layout.parameters().size() + " parameters per member, the plan varies " + plan.perMember().size());
        List<Expr> inputs = new ArrayList<>(List.of(Expr.sym("j"), Expr.sym("N"), ENSEMBLE_J));
        inputs.addAll(sys.parameterSymbols());
        List<Expr> outputs = new ArrayList<>(q0);
        outputs.addAll(v0);
        Tape tape = Tape.compile(inputs, outputs);
        long drawSeed = perturbation == null ? 1 : perturbation.seed();
        Supplier<BlockConsistency> lanes = blockFactory == null ? null : blockProjections();
        ThreadLocal<Filler> fillers = ThreadLocal.withInitial(() -> new Filler(tape.copy(), inputs, outputs, consistency(), lanes == null ? null : lanes.get(), plan,
                plan.new Members(drawSeed), perturbation, layout));
        if (fillers.get().consistent.multipliers() > layout.multipliers())
            throw new IllegalStateException("layout carries " + layout.multipliers() + " multipliers, system has " + fillers.get().consistent.multipliers());
        double[][] moved = new double[blocks][2];
        InputException[] errors = new InputException[blocks];
        IntStream.range(0, blocks).parallel().forEach(b -> {
            try {
                fillers.get().fill(state, b * BLOCK, Math.min(members, (b + 1) * BLOCK), (int) first, moved[b]);
            } catch (InputException e) {
                errors[b] = e;
            }
        });
        double movedQ = 0, movedV = 0;
        for (int b = 0; b < blocks; b++) {
            if (errors[b] != null) throw errors[b];   // the lowest failing member, whatever the scheduling
            movedQ = Math.max(movedQ, moved[b][0]);
            movedV = Math.max(movedV, moved[b][1]);
        }
        return new Report(movedQ, movedV);
    }

    /** One thread's evaluation of the initial-value expressions and consistency projection, member by member or by blocks of members. */
    private final class Filler {
        private final Tape tape;
        private final Consistency consistent;
        private final BlockConsistency lanes;
        private final Tape defect;
        private final double[] modelParams, in, qv, q, v, p, lambda, off;
        private final Perturbation perturbation;
        private final SweepPlan plan;
        private final SweepPlan.Members parameters;
        private final int[] carried, offsets;
        /** The values at t = 0 the layout carries (block "initial"), of the other components and the shared parameters; null: none. */
        private final Tape atStart;
        private final List<Expr> atStartInputs;
        private final int[] atStartComponents, atStartParameters;
        /** The layout's first component of the values at t = 0. */
        private final int atStartOffset;
        private final double[] atStartIn, atStartOut;
        /** The layout's multipliers, their first component and that of the carried parameters (StateLayout looks each up anew). */
        private final int multipliers, lambdaOffset, parameterOffset;
        /** A block of members for lanes: given q and v, projected q, v, p and multipliers, parameters, whether each is done. */
        private final double[] qGiven, vGiven, qBlock, vBlock, pBlock, lambdaBlock, paramBlock;
        /** The block's members' streams of draws (MemberStreams), lane by lane. */
        private final long[] streams;
        private final boolean[] done;
        /** Whether the members' model parameters differ (else paramBlock holds the shared ones throughout). */
        private final boolean parametersVary;
        /** Over blocks: the initial values of (j, N, J, parameters), the group defect of q, the values at t = 0; null where not needed. */
        private final BlockConsistency.Program initialBlock, defectBlock, atStartBlock;
        private final double[] initialIn, initialOut, defectOut, atStartBlockIn, atStartBlockOut;

        Filler(Tape tape, List<Expr> inputs, List<Expr> outputs, Consistency consistent, BlockConsistency lanes, SweepPlan plan, SweepPlan.Members parameters,
               Perturbation perturbation, StateLayout layout) {
            int nq = qNames.size(), nv = vNames.size();
            this.tape = tape;
            this.consistent = consistent;
            this.lanes = lanes;
            this.plan = plan;
            this.parameters = parameters;
            this.modelParams = plan.shared();
            this.perturbation = perturbation;
            this.in = new double[3 + modelParams.length];
            this.qv = new double[nq + nv];
            this.q = new double[nq];
            this.v = new double[nv];
            this.p = new double[nv];
            this.lambda = new double[consistent.multipliers()];
            this.carried = layout.parameters().stream().mapToInt(s -> sys.parameterSymbols().indexOf(s)).toArray();
            this.multipliers = layout.multipliers();
            this.lambdaOffset = layout.lambdaOffset();
            this.parameterOffset = layout.parameterOffset();
            String[] names = blocks();
            this.offsets = new int[names.length];
            for (int b = 0; b < names.length; b++) offsets[b] = layout.has(names[b]) ? layout.offset(names[b]) : -1;
            List<Expr> values = layout.initialValues();
            if (values.isEmpty()) {
                this.atStart = null;
                this.atStartInputs = null;
                this.atStartOffset = -1;
                this.atStartComponents = this.atStartParameters = null;
                this.atStartIn = this.atStartOut = null;
            } else {
                int from = layout.offset(StateLayout.INITIAL), to = from + values.size();
                this.atStartOffset = from;
                List<Expr> read = new ArrayList<>();
                List<Integer> components = new ArrayList<>(), shared = new ArrayList<>();
                // the components and shared parameters the values read
                Set<Expr> used = Exprs.symbols(values);
                for (int c = 0; c < layout.size(); c++)
                    if ((c < from || c >= to) && used.contains(layout.symbols().get(c))) { components.add(c); read.add(layout.symbols().get(c)); }
                List<Expr> all = sys.parameterSymbols();
                for (int i = 0; i < all.size(); i++)
                    if (!layout.parameters().contains(all.get(i)) && used.contains(all.get(i))) { shared.add(i); read.add(all.get(i)); }
                this.atStart = Tape.compile(read, values);
                this.atStartInputs = read;
                this.atStartComponents = components.stream().mapToInt(Integer::intValue).toArray();
                this.atStartParameters = shared.stream().mapToInt(Integer::intValue).toArray();
                this.atStartIn = new double[read.size()];
                this.atStartOut = new double[values.size()];
            }
            if (sys instanceof LieGroupSystem lie && !lie.group().defect(lie.g()).isEmpty()) {
                this.defect = Tape.compile(lie.g(), lie.group().defect(lie.g()));
                this.off = new double[defect.outputCount()];
            } else {
                this.defect = null;
                this.off = null;
            }
            int w = lanes == null ? 0 : lanes.width();
            this.qGiven = new double[nq * w];
            this.streams = new long[w];
            this.vGiven = new double[nv * w];
            this.qBlock = new double[nq * w];
            this.vBlock = new double[nv * w];
            this.pBlock = new double[nv * w];
            this.lambdaBlock = new double[lambda.length * w];
            this.paramBlock = new double[modelParams.length * w];
            this.done = new boolean[w];
            this.parametersVary = Arrays.stream(carried).anyMatch(k -> k >= 0);
            for (int k = 0; k < modelParams.length; k++) Arrays.fill(paramBlock, k * w, (k + 1) * w, modelParams[k]);
            boolean blocks = lanes != null;
            this.initialBlock = blocks && given == null ? lanes.program(inputs, outputs) : null;
            this.initialIn = new double[initialBlock == null ? 0 : inputs.size() * w];
            this.initialOut = new double[initialBlock == null ? 0 : outputs.size() * w];
            if (initialBlock != null) {
                Arrays.fill(initialIn, w, 2 * w, plan.members());
                Arrays.fill(initialIn, 2 * w, 3 * w, Math.max(plan.members() - 1, 1));
            }
            this.defectBlock = blocks && defect != null ? lanes.program(((LieGroupSystem) sys).g(), ((LieGroupSystem) sys).group().defect(((LieGroupSystem) sys).g())) : null;
            this.defectOut = new double[defectBlock == null ? 0 : off.length * w];
            this.atStartBlock = blocks && atStart != null ? lanes.program(atStartInputs, values) : null;
            this.atStartBlockIn = new double[atStartBlock == null ? 0 : atStartIn.length * w];
            this.atStartBlockOut = new double[atStartBlock == null ? 0 : atStartOut.length * w];
        }

        // members from..to-1 of the state, launch members first + from ..; moved receives the largest position and velocity moves
        void fill(EnsembleState state, int from, int to, int first, double[] moved) {
            if (lanes != null) {
                fillBlocks(state, from, to, first, moved);
                return;
            }
            for (int local = from; local < to; local++) {
                int j = given(first + local);
                double[] qGiven = q.clone(), vGiven = v.clone();
                project(j);
                store(state, local, first + local, qGiven, vGiven, moved);
            }
        }

        // as fill, over blocks of lanes.width() members: given values, draws, projection and values at t = 0 evaluated over the
        // block (each member bitwise as member by member); a member the block leaves undone is projected alone
        private void fillBlocks(EnsembleState state, int from, int to, int first, double[] moved) {
            for (int start = from; start < to; start += lanes.width()) {
                int count = Math.min(lanes.width(), to - start);
                givenBlock(first + start, count);
                System.arraycopy(qGiven, 0, qBlock, 0, qBlock.length);
                System.arraycopy(vGiven, 0, vBlock, 0, vBlock.length);
                lanes.apply(qBlock, vBlock, paramBlock, pBlock, lambdaBlock, count, done);
                for (int l = 0; l < count; l++) if (!done[l]) projectAlone(l, first + start + l);
                storeBlock(state, start, first + start, count, moved);
            }
        }

        // given's q, v and parameters of launch members g .. g + count - 1 into the block's arrays (lanes past count: as the last),
        // checked. Each step a method of one loop: a fresh run's JIT compiles each soon and in little time, where one method
        // of them all was compiled three times over (on-stack replacements at its loops) while the block ran interpreted
        private void givenBlock(int g, int count) {
            int w = lanes.width();
            if (parametersVary) memberParameters(g, count);
            if (given != null) givenValues(g, count);
            else initialValues(g, count);
            if (perturbation != null) draw(g, count);
            if (defectBlock != null) defectBlock.eval(qGiven, defectOut);
            // member by member (the first value refused names the block's lowest member) where some value is not finite
            if (defectBlock != null || !allFinite(qGiven, q.length * w) || !allFinite(vGiven, v.length * w)) check(g, count);
        }

        private void memberParameters(int g, int count) {
            int w = lanes.width();
            for (int l = 0; l < w; l++) {
                parameters.parameters(g + Math.min(l, count - 1), modelParams);
                for (int k = 0; k < modelParams.length; k++) paramBlock[k * w + l] = modelParams[k];
            }
        }

        private void givenValues(int g, int count) {
            int w = lanes.width(), nq = q.length, nv = v.length;
            for (int l = 0; l < w; l++) {
                double[] values = given[index(g + Math.min(l, count - 1))];
                for (int i = 0; i < nq; i++) qGiven[i * w + l] = values[i];
                for (int i = 0; i < nv; i++) vGiven[i * w + l] = values[nq + i];
            }
        }

        // q and v from the initial-value expressions of j, N, J and the parameters
        private void initialValues(int g, int count) {
            int w = lanes.width(), nq = q.length;
            for (int l = 0; l < w; l++) initialIn[l] = index(g + Math.min(l, count - 1));
            System.arraycopy(paramBlock, 0, initialIn, 3 * w, paramBlock.length);
            initialBlock.eval(initialIn, initialOut);
            System.arraycopy(initialOut, 0, qGiven, 0, nq * w);
            System.arraycopy(initialOut, nq * w, vGiven, 0, v.length * w);
        }

        // the seeded normal draws of each member: each draws from its own stream, so the draws do not depend on the scheduling
        private void draw(int g, int count) {
            int w = lanes.width();
            double[] sigmaQ = perturbation.sigmaQ(), sigmaV = perturbation.sigmaV();
            for (int l = 0; l < count; l++) streams[l] = MemberStreams.start(perturbation.seed(), MemberStreams.INITIAL_STATE, index(g + l));
            for (int i = 0; i < sigmaQ.length; i++)
                for (int l = 0; l < count; l++) qGiven[i * w + l] += sigmaQ[i] * MemberStreams.gaussian(streams, l);
            for (int i = 0; i < sigmaV.length; i++)
                for (int l = 0; l < count; l++) vGiven[i * w + l] += sigmaV[i] * MemberStreams.gaussian(streams, l);
        }

        // every given value finite and, on a group, every element on it; else the block's lowest member refused
        private void check(int g, int count) {
            int w = lanes.width();
            for (int l = 0; l < count; l++) {
                int j = index(g + l);
                for (int i = 0; i < q.length; i++) finite(qNames.get(i), j, qGiven[i * w + l]);
                for (int i = 0; i < v.length; i++) finite(vNames.get(i), j, vGiven[i * w + l]);
                if (defectBlock != null) {
                    for (int k = 0; k < off.length; k++) off[k] = defectOut[k * w + l];
                    onGroup(j);
                }
            }
        }

        // x[k] * 0 is 0 unless x[k] is infinite or NaN; four sums, so that their adds overlap rather than wait on one another
        private static boolean allFinite(double[] x, int size) {
            double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
            int k = 0;
            for (; k + 4 <= size; k += 4) {
                s0 += x[k] * 0.0;
                s1 += x[k + 1] * 0.0;
                s2 += x[k + 2] * 0.0;
                s3 += x[k + 3] * 0.0;
            }
            for (; k < size; k++) s0 += x[k] * 0.0;
            return s0 + s1 + s2 + s3 == 0;
        }

        // launch member g's index in its point (padding: as the point's member 0)
        private int index(int g) { return plan.padding(g) ? 0 : plan.local(g); }

        // member l of the block (launch member g) projected member by member, into the block's arrays
        private void projectAlone(int l, int g) {
            int w = lanes.width();
            for (int i = 0; i < q.length; i++) q[i] = qGiven[i * w + l];
            for (int i = 0; i < v.length; i++) v[i] = vGiven[i * w + l];
            for (int k = 0; k < modelParams.length; k++) modelParams[k] = paramBlock[k * w + l];
            project(plan.padding(g) ? 0 : plan.local(g));
            for (int i = 0; i < q.length; i++) qBlock[i * w + l] = q[i];
            for (int i = 0; i < v.length; i++) vBlock[i * w + l] = v[i];
            for (int i = 0; i < p.length; i++) pBlock[i * w + l] = p[i];
            for (int a = 0; a < lambda.length; a++) lambdaBlock[a * w + l] = lambda[a];
        }

        // as store, for count members of the block from member local of the state (launch member g onward): component by
        // component, each step a method of one loop (as givenBlock's)
        private void storeBlock(EnsembleState state, int local, int g, int count, double[] moved) {
            int w = lanes.width(), stride = state.stride();
            double[] x = state.data();
            moved[0] = Math.max(moved[0], largestMove(qBlock, qGiven, q.length, count));
            moved[1] = Math.max(moved[1], largestMove(vBlock, vGiven, v.length, count));
            double[][] blocks = {qBlock, vBlock, pBlock};
            for (int b = 0; b < 3; b++)
                for (int i = 0; offsets[b] >= 0 && i < blocks[b].length / w; i++)
                    System.arraycopy(blocks[b], i * w, x, (offsets[b] + i) * stride + local, count);
            for (int a = 0; a < multipliers; a++) {
                if (a < lambda.length) System.arraycopy(lambdaBlock, a * w, x, (lambdaOffset + a) * stride + local, count);
                else Arrays.fill(x, (lambdaOffset + a) * stride + local, (lambdaOffset + a) * stride + local + count, 0.0);
            }
            for (int k = 0; k < carried.length; k++) {
                if (carried[k] >= 0) System.arraycopy(paramBlock, carried[k] * w, x, (parameterOffset + k) * stride + local, count);
                else stepSizes(state, parameterOffset + k, local, g, count);
            }
            if (atStartBlock != null) initialValuesBlock(x, stride, local, count);
            padding(state, local, g, count);
        }

        // the largest |after - before| over the block's first count members of components entries
        private double largestMove(double[] after, double[] before, int entries, int count) {
            int w = lanes.width();
            double largest = 0;
            for (int k = 0; k < entries * w; k += w)
                for (int l = k; l < k + count; l++) largest = Math.max(largest, Math.abs(after[l] - before[l]));
            return largest;
        }

        // the step size of each member into component c (a step size carried per member that the model does not have)
        private void stepSizes(EnsembleState state, int c, int local, int g, int count) {
            for (int l = 0; l < count; l++) state.set(c, local + l, parameters.stepSize(g + l));
        }

        // padding members marked EXCLUDED
        private void padding(EnsembleState state, int local, int g, int count) {
            for (int l = 0; l < count; l++) if (plan.padding(g + l)) state.fail(local + l, 0, EnsembleState.Status.EXCLUDED);
        }

        // initialValues for count members from member local of the state (data x, stride), over the block
        private void initialValuesBlock(double[] x, int stride, int local, int count) {
            int w = lanes.width(), k = 0;
            for (int c : atStartComponents) System.arraycopy(x, c * stride + local, atStartBlockIn, w * k++, count);
            for (int i : atStartParameters) System.arraycopy(paramBlock, i * w, atStartBlockIn, w * k++, count);
            atStartBlock.eval(atStartBlockIn, atStartBlockOut);
            for (int i = 0; i < atStartOut.length; i++) System.arraycopy(atStartBlockOut, i * w, x, (atStartOffset + i) * stride + local, count);
        }

        // q, v and this member's parameters (modelParams) of launch member g, checked; returns the member's index in its point
        private int given(int g) {
            int nq = q.length, nv = v.length, members = plan.members();
            int j = plan.padding(g) ? 0 : plan.local(g);
            parameters.parameters(g, modelParams);
            System.arraycopy(modelParams, 0, in, 3, modelParams.length);
            in[0] = j;
            in[1] = members;
            in[2] = Math.max(members - 1, 1);
            if (given != null) System.arraycopy(given[j], 0, qv, 0, nq + nv);
            else tape.eval(in, qv);
            // each member draws from its own stream, so the draws do not depend on the scheduling
            long[] stream = perturbation == null ? null : new long[]{MemberStreams.start(perturbation.seed(), MemberStreams.INITIAL_STATE, j)};
            for (int i = 0; i < nq; i++) q[i] = qv[i] + (stream == null ? 0 : perturbation.sigmaQ()[i] * MemberStreams.gaussian(stream, 0));
            for (int i = 0; i < nv; i++) v[i] = qv[nq + i] + (stream == null ? 0 : perturbation.sigmaV()[i] * MemberStreams.gaussian(stream, 0));
            for (int i = 0; i < nq; i++) finite(qNames.get(i), j, q[i]);
            for (int i = 0; i < nv; i++) finite(vNames.get(i), j, v[i]);
            if (defect != null) {
                defect.eval(q, off);
                onGroup(j);
            }
            return j;
        }

        // a given value (after the draw) that is not finite is refused, naming the coordinate and member j of its point
        private static void finite(String name, int j, double value) {
            if (!Double.isFinite(value)) throw new InputException("initial value of " + name + " for member " + j + " is not finite (" + value + ")");
        }

        // q and v projected member by member, p and the multipliers written (member j of its point, for the message)
        private void project(int j) {
            if (!consistent.apply(q, v, modelParams, p, lambda))
                throw new InputException("initial state of member " + j + " cannot be made consistent with the constraints of " + sys.name()
                        + " (projection failed or constraints dependent there)");
        }

        // the projected q, v, p and multipliers of launch member g into member local of the state, with the moves from the given values
        private void store(EnsembleState state, int local, int g, double[] qGiven, double[] vGiven, double[] moved) {
            int nq = q.length, nv = v.length;
            for (int i = 0; i < nq; i++) moved[0] = Math.max(moved[0], Math.abs(q[i] - qGiven[i]));
            for (int i = 0; i < nv; i++) moved[1] = Math.max(moved[1], Math.abs(v[i] - vGiven[i]));
            put(state, offsets[0], local, q);
            put(state, offsets[1], local, v);
            put(state, offsets[2], local, p);
            // a method may carry more multipliers than the constraints (004's gamma): those extra ones start at 0
            for (int a = 0; a < multipliers; a++) state.set(lambdaOffset + a, local, a < lambda.length ? lambda[a] : 0.0);
            // a carried parameter the model does not have is the step size (StepSystem.H)
            for (int k = 0; k < carried.length; k++)
                state.set(parameterOffset + k, local, carried[k] < 0 ? parameters.stepSize(g) : modelParams[carried[k]]);
            if (atStart != null) initialValues(state, local);
            if (plan.padding(g)) state.fail(local, 0, EnsembleState.Status.EXCLUDED);
        }

        // the values at t = 0 an observer names (initial(E)), from the member's consistent state and its parameters
        private void initialValues(EnsembleState state, int local) {
            int k = 0;
            for (int c : atStartComponents) atStartIn[k++] = state.get(c, local);
            for (int i : atStartParameters) atStartIn[k++] = modelParams[i];
            atStart.eval(atStartIn, atStartOut);
            for (int i = 0; i < atStartOut.length; i++) state.set(atStartOffset + i, local, atStartOut[i]);
        }

        // a group element given off the group (its defect in off) is refused, with how far off it is (001 sec. 2.2: g in G)
        private void onGroup(int j) {
            double worst = 0;
            for (double d : off) worst = Math.max(worst, Math.abs(d));
            if (!(worst <= LieModelDefinition.GROUP_TOLERANCE))
                throw new InputException("initial element of member " + j + " is not on " + ((LieGroupSystem) sys).group().name() + ": largest entry of its defect (R^T R - I) "
                        + String.format("%.3g", worst) + " (tolerance " + LieModelDefinition.GROUP_TOLERANCE + ")");
        }
    }

    // values into the components offset.. of a member (a block the layout does not have: offset -1)
    private static void put(EnsembleState state, int offset, int member, double[] values) {
        if (offset < 0) return;
        for (int i = 0; i < values.length; i++) state.set(offset + i, member, values[i]);
    }
}

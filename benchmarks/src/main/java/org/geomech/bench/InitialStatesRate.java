package org.geomech.bench;

import org.geomech.engine.Backends;
import org.geomech.engine.SweepRun;
import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.InitialStates;
import org.geomech.ensemble.Observer;
import org.geomech.ensemble.Observers;
import org.geomech.ensemble.SweepPlan;
import org.geomech.method.Methods;
import org.geomech.method.StepSystem;
import org.geomech.model.LieGroupSystem;
import org.geomech.model.Library;
import org.geomech.model.Model;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ForkJoinPool;

/**
 * Members per second of InitialStates.fill as a run makes it (the run's observers' initial values carried, the backend's
 * block projection where it has one), the best of ROUNDS fills of a fresh state in one JVM: a warm diagnostic. Then the
 * least thread CPU time a member of ROUNDS fills on one thread, which a machine shared with other work inflates less
 * than the wall time.
 * Usage: InitialStatesRate MEMBERS ROUNDS MODEL METHOD BACKEND [SIGMA, default none].
 */
public final class InitialStatesRate {
    private InitialStatesRate() {}

    public static void main(String[] args) {
        int members = Integer.parseInt(args[0]), rounds = Integer.parseInt(args[1]);
        Library.BuiltIn b = Library.builtIn(args[2], Map.of());
        Model sys = b.definition().build();
        SweepPlan plan = SweepPlan.uniform(sys, members);
        StepSystem perMember = SweepRun.step(Methods.parse(args[3]).build(sys), plan);
        List<Observer> observers = Observers.ofRun(perMember, Map.of());
        StepSystem step = Observers.carrying(perMember, observers);
        InitialStates initial = new InitialStates(sys, b.q0(), b.v0());
        var backend = Backends.named(args[4]);
        if (backend.initialStates() != null) initial = initial.projectedBy(backend.initialStates());
        InitialStates.Perturbation perturbation = null;
        if (args.length > 5) {
            double sigma = Double.parseDouble(args[5]);
            double[] q = new double[b.q0().size()], v = new double[b.v0().size()];
            if (!(sys instanceof LieGroupSystem)) Arrays.fill(q, sigma);
            Arrays.fill(v, sigma);
            perturbation = new InitialStates.Perturbation(1, q, v);
        }
        double best = Double.MAX_VALUE, bestCpu = Double.MAX_VALUE;
        for (int r = 0; r < rounds; r++) {
            EnsembleState state = new EnsembleState(step.layout(), plan.launchMembers());
            long t0 = System.nanoTime();
            initial.fill(state, plan, perturbation);
            double s = (System.nanoTime() - t0) * 1e-9;
            best = Math.min(best, s);
            System.out.printf("round %d: %.3f s, %.3g members/s%n", r, s, members / s);
        }
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        ForkJoinPool one = new ForkJoinPool(1);
        for (int r = 0; r < rounds; r++) {
            EnsembleState state = new EnsembleState(step.layout(), plan.launchMembers());
            InitialStates filling = initial;
            InitialStates.Perturbation drawn = perturbation;
            double cpu = one.submit(() -> {
                long c0 = threads.getCurrentThreadCpuTime();
                filling.fill(state, plan, drawn);
                return (threads.getCurrentThreadCpuTime() - c0) * 1e-9;
            }).join();
            bestCpu = Math.min(bestCpu, cpu);
            System.out.printf("one thread, round %d: %.0f ns CPU a member%n", r, cpu / members * 1e9);
        }
        one.shutdown();
        System.out.printf("%s %s %s, %d members, sigma %s: best %.3f s, %.3g members/s; one thread: least CPU %.0f ns a member (%.3g members per CPU-second)%n",
                args[2], args[3], args[4], members, args.length > 5 ? args[5] : "none", best, members / best, bestCpu / members * 1e9, members / bestCpu);
    }
}

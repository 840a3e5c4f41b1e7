package org.geomech.backend.opencl;

import org.geomech.backend.Backend;
import org.geomech.engine.EnsembleRun;
import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.InitialStates;
import org.geomech.ensemble.Observers;
import org.geomech.ensemble.Reduction;
import org.geomech.ensemble.Statistics;
import org.geomech.ensemble.TimeGrid;
import org.geomech.method.LobattoNonholonomic;
import org.geomech.model.Library;
import org.geomech.model.MechanicalSystem;
import org.geomech.solve.NewtonOptions;
import org.geomech.engine.Simulation;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** DESIGN.md principle 5: bitwise the same results whatever the work-group size or chunking. */
class OpenClDeterminismTest {
    private static final MechanicalSystem SYS = Library.system("chaotic-nh");
    private static final int MEMBERS = 3000, FAILING = 500;

    @BeforeAll
    static void device() { OpenClRequirement.device(); }

    /** What a run leaves: every row's statistics as bits, the final state, statuses and Newton counters. */
    private record Outcome(List<Long> rowBits, double[] state, List<String> statuses, long iterations, int maxIterations) {}

    @Test
    void statisticsAreBitwiseTheSameForEveryWorkGroupSize() {
        Outcome single = run(2, 2, new OpenClBackend(OptionalInt.empty(), 1));
        // 3000 members: three Reduction blocks, the last one partial
        assertEquals(3, Reduction.blocks(MEMBERS), "blocks");
        for (int size : new int[]{16, 64, 256}) {
            Outcome o = run(2, 2, new OpenClBackend(OptionalInt.empty(), size));
            // one work-item sums each block sequentially, so the work-group size cannot change a bit of any row
            assertEquals(single.rowBits(), o.rowBits(), "rows with work-group size " + size + " against 1");
            assertArrayEquals(single.state(), o.state(), "final state with work-group size " + size + " against 1");
        }
    }

    @Test
    void chunkedRunIsBitwiseTheUnchunkedRun() {
        Outcome whole = run(3, 1, new OpenClBackend(OptionalInt.empty(), 0));
        Outcome chunked = run(3, 1, new OpenClBackend(OptionalInt.empty(), 0, Reduction.BLOCK));
        // the member made to fail lies in the first chunk: its status must come back from a chunk that is not on the device at the end
        assertTrue(!whole.statuses().get(FAILING).equals("OK"), "member " + FAILING + " failed: " + whole.statuses().get(FAILING));
        assertEquals(MEMBERS - 1, whole.statuses().stream().filter(s -> s.equals("OK")).count(), "ok members");
        // chunks are whole Reduction blocks, so partials, states, statuses and counters are bitwise those of one chunk
        assertArrayEquals(whole.state(), chunked.state(), "final state");
        assertEquals(whole.statuses(), chunked.statuses(), "statuses");
        assertEquals(whole.rowBits(), chunked.rowBits(), "rows");
        assertEquals(whole.iterations(), chunked.iterations(), "Newton iterations");
        assertEquals(whole.maxIterations(), chunked.maxIterations(), "most Newton iterations in one step");
    }

    @Test
    void explicitStepIsBitwiseTheSameInEveryLaneWidthWithTheObserversFusedOrNot() {
        // lobatto-nh:2 (explicit once straightened) one member per work-item, the GPU shape, and the observers in their own kernel (chunks)
        Outcome scalar = run(2, 2, new OpenClBackend(OptionalInt.empty(), 0, Reduction.BLOCK, 1));
        assertTrue(scalar.statuses().get(FAILING).startsWith("NON_FINITE@"), "member " + FAILING + ": " + scalar.statuses().get(FAILING));
        assertEquals(MEMBERS - 1, scalar.statuses().stream().filter(s -> s.equals("OK")).count(), "ok members");
        for (int lanes : new int[]{1, 4, 8, 16}) {
            // one chunk: the observers evaluated by the last launch of advance; chunks of 1024: by observe_members.
            // 16 lanes pad the 3000 members (and the last chunk's 952) with 8 excluded ones
            for (int chunk : new int[]{0, Reduction.BLOCK}) {
                Outcome o = run(2, 2, new OpenClBackend(OptionalInt.empty(), 0, chunk, lanes));
                String where = lanes + " lanes, " + (chunk == 0 ? "observers fused" : "observers in their own kernel");
                assertEquals(scalar.rowBits(), o.rowBits(), "rows with " + where);
                assertArrayEquals(scalar.state(), o.state(), "final state with " + where);
                assertEquals(scalar.statuses(), o.statuses(), "statuses and failed steps with " + where);
            }
        }
    }

    /** The cos/sin ensemble with J = 2999 under lobatto-nh:stages, h = 0.1, member 500 started with q5 50 times too far out. */
    private static Outcome run(int stages, double tEnd, Backend backend) {
        Simulation sim = new Simulation(SYS, new LobattoNonholonomic(stages), new double[0], InitialStates.defaults(SYS), null, MEMBERS);
        EnsembleState state = sim.initialState(null);
        state.set(4, FAILING, 50 * state.get(4, FAILING));
        EnsembleRun.Result r = sim.run(backend, new NewtonOptions(1e-14, 50), Observers.standard(SYS), TimeGrid.of(0.1, tEnd, 0.3), state, null);
        List<Long> bits = new ArrayList<>();
        for (EnsembleRun.Row row : r.rows()) {
            bits.add((long) row.ok());
            for (Statistics s : row.stats()) {
                bits.add(Double.doubleToRawLongBits(s.mean()));
                bits.add(Double.doubleToRawLongBits(s.max()));
                bits.add(Double.doubleToRawLongBits(s.msd()));
            }
        }
        List<String> statuses = new ArrayList<>();
        for (int j = 0; j < MEMBERS; j++) statuses.add(state.ok(j) ? "OK" : state.status(j) + "@" + state.failedStep(j));
        return new Outcome(bits, state.data().clone(), statuses, r.newtonIterations(), r.maxNewtonIterations());
    }
}

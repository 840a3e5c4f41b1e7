package org.geomech.api;

import org.geomech.InputException;
import org.geomech.engine.MemberFailure;
import org.geomech.ensemble.StepSize;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A run's launches are keyed by their StepSize: a shared h with its index, or the one launch of h per member with its
 * name and no shared h. Results, Series and every Output heard name the same launch, and the failures are found by it.
 * modified-pendulum at h = 1.6 fails Newton at step 1 and at h = 0.8 at step 4 (StepSizePerMemberTest's failure counts).
 */
class LaunchStepSizeTest {
    @TempDir
    Path dir;

    private static Run pendulum() {
        return Run.of(Model.builtIn("modified-pendulum")).backend("reference").until(16).every(1.6).ensemble(Ensemble.of(4)).newton(1e-14, 50);
    }

    @Test
    void aLaunchOfStepSizesPerMemberIsNamedWithoutASharedH() {
        List<Output> heard = new ArrayList<>();
        Results r = pendulum().stepSize("1.6/(1+j)").listener(listener(heard)).run();
        assertEquals(1, r.stepSizes().size(), "h per member runs as one launch: " + r.stepSizes());
        StepSize launch = r.stepSizes().get(0);
        assertInstanceOf(StepSize.PerMember.class, launch);
        assertEquals(0, launch.index());
        assertTrue(launch.h().isEmpty(), "no shared h");
        assertEquals("1.6/(1+j)", launch.label());
        Series s = r.series(launch, 0);
        assertSame(s, r.series("1.6/(1+j)", 0));
        assertEquals(launch, s.stepSize());
        assertTrue(s.h().isEmpty());
        assertEquals(11, heard.size(), "t = 0 and 10 output intervals of 1.6 to 16");
        for (Output o : heard) {
            assertEquals(launch, o.stepSize(), "the launch of the row at t = " + o.t());
            assertTrue(o.h().isEmpty());
        }
        assertEquals(r.failures(), r.failures(launch));
        assertTrue(r.failures(launch).stream().anyMatch(f -> f.member() == 1 && f.step() == 4), "member 1 (h = 0.8) fails at its step 4: " + r.failures());
        assertEquals(List.of(), r.failures(1.6), "no launch shares h = 1.6");
    }

    @Test
    void sharedLaunchesAreNamedByTheirIndexAndH() {
        List<Output> heard = new ArrayList<>();
        Results r = pendulum().stepSizes(1.6, 0.8).listener(listener(heard)).run();
        assertEquals(List.of(new StepSize.Shared(0, 1.6), new StepSize.Shared(1, 0.8)), r.stepSizes());
        assertEquals(List.of("1.6", "0.8"), r.stepSizes().stream().map(StepSize::label).toList());
        assertEquals(new StepSize.Shared(1, 0.8), r.series(0.8, 0).stepSize());
        assertEquals(0.8, r.series(0.8, 0).h().getAsDouble());
        assertEquals(List.of(1L, 1L, 1L, 1L), steps(r.failures(r.stepSizes().get(0))), "every member fails at step 1 of h = 1.6");
        assertEquals(List.of(4L, 4L, 4L, 4L), steps(r.failures(0.8)), "every member fails at step 4 of h = 0.8");
        assertEquals(r.failures(0.8), r.failures(r.stepSizes().get(1)));
        assertEquals(List.of(new StepSize.Shared(0, 1.6), new StepSize.Shared(1, 0.8)), heard.stream().map(Output::stepSize).distinct().toList(),
                "rows heard launch by launch, in order");
    }

    @Test
    void aCheckpointResumesOnlyAtTheStepSizesItRan() {
        Supplier<Run> run = () -> Run.of(Model.builtIn("chaotic-nh")).backend("reference").until(0.4).every(0.1).ensemble(Ensemble.of(4).perturbed(1, 1e-3));
        Path file = dir.resolve("checkpoint.bin");
        int[] rows = {0};
        // 5 rows of h = 0.1, then the stop comes within h = 0.05
        Results stopped = run.get().stepSizes(0.1, 0.05).checkpoints(new Checkpoints(file, "0.1", List.of(), null, () -> rows[0] > 7)).listener(new Run.Listener() {
            @Override public void output(Output row) { rows[0]++; }
        }).run();
        assertFalse(stopped.finished());
        assertEquals(List.of(new StepSize.Shared(0, 0.1), new StepSize.Shared(1, 0.05)), stopped.stepSizes(), "stopped in the second launch");
        InputException other = assertThrows(InputException.class,
                () -> run.get().stepSizes(0.2, 0.05).checkpoints(new Checkpoints(file, "0.1", List.of(), null, () -> false)).resume(file).run());
        assertEquals("the checkpoint's step size 1 is 0.1, this run's 0.2: resume it with the step sizes it was started with", other.getMessage());
        Results resumed = run.get().stepSizes(0.1, 0.05).checkpoints(new Checkpoints(file, "0.1", List.of(), null, () -> false)).resume(file).run();
        Results whole = run.get().stepSizes(0.1, 0.05).run();
        assertTrue(resumed.finished());
        assertEquals(whole.stepSizes(), resumed.stepSizes());
        for (double h : List.of(0.1, 0.05))
            for (String o : whole.observers()) assertArrayEquals(whole.series(h, 0).mean(o), resumed.series(h, 0).mean(o), 0.0, o + " mean at h = " + h);
    }

    private static List<Long> steps(List<MemberFailure> failures) { return failures.stream().map(MemberFailure::step).toList(); }

    private static Run.Listener listener(List<Output> heard) {
        return new Run.Listener() {
            @Override public void output(Output row) { heard.add(row); }
        };
    }
}

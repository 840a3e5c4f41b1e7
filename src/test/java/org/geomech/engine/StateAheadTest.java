package org.geomech.engine;

import org.geomech.InputException;
import org.geomech.ensemble.EnsembleState;
import org.geomech.ensemble.HeapBudget;
import org.geomech.method.Methods;
import org.geomech.method.StateLayout;
import org.geomech.model.Library;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A state allocated ahead on its own thread is the state the run would have allocated, one of more than half the heap
 * left is not allocated ahead, and the refusal of one too large reaches the run.
 */
class StateAheadTest {
    private static final StateLayout LAYOUT = Methods.parse("lobatto-nh:2").build(Library.system("chaotic-nh")).layout();

    @Test
    void theStateAllocatedAheadIsTheOneAllocatedInPlace() {
        EnsembleState ahead = new StateAhead(LAYOUT, 1000).get(), here = new EnsembleState(LAYOUT, 1000);
        assertSame(LAYOUT, ahead.layout());
        assertEquals(here.members(), ahead.members());
        assertEquals(here.stride(), ahead.stride());
        assertEquals(here.data().length, ahead.data().length);
        for (double x : ahead.data()) assertEquals(0.0, x);
        for (int j = 0; j < 1000; j++) assertEquals(EnsembleState.Status.OK, ahead.status(j));
    }

    @Test
    void aStateOfMoreThanHalfTheHeapLeftIsAllocatedInPlaceAfterTheCompilation() {
        long perMember = HeapBudget.bytes(LAYOUT.size(), 1), left = HeapBudget.left().available();
        assertNull(StateAhead.of(LAYOUT, (int) Math.min(Integer.MAX_VALUE, left * 3 / 4 / perMember)), "three quarters of the heap left: not ahead");
        assertNotNull(StateAhead.of(LAYOUT, 1000), "1000 members: ahead");
    }

    @Test
    void anEnsembleTooLargeForOneArrayIsRefusedWhereTheRunTakesItsState() {
        StateAhead ahead = new StateAhead(LAYOUT, 400_000_000);
        InputException refused = assertThrows(InputException.class, ahead::get);
        String direct = assertThrows(InputException.class, () -> new EnsembleState(LAYOUT, 400_000_000)).getMessage();
        assertEquals(direct, refused.getMessage());
        assertTrue(refused.getMessage().contains("more than one array holds"), refused.getMessage());
    }
}

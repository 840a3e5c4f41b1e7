package org.geomech.study;

import org.geomech.backend.reference.ReferenceBackend;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Shortened 002 Tables 1-4 with the error definitions of the 002 spec sec. 5.0; the paper's numbers are the rows
 * of Paper002 (verbatim from the spec). The issue asks 5 %; every e_s, e_lambda, e_hc here is held to 0.1 %.
 */
class HbvmTablesTest {
    private static final double REL = 1e-3;

    private static void assertPaper(double ours, double paper, String what) {
        assertEquals(paper, ours, REL * paper, what);
    }

    @Test
    void table1PlanarPendulum() {
        // 002 Table 1, HBVM(s,s), s = 1, 2, h = 0.1, 0.05, 0.025: e_s, e_lambda, e_hc as printed; H and g to round-off
        List<HbvmTables.Row> rows = HbvmTables.table1(new int[]{1, 2}, new int[]{0, 1, 2}, new ReferenceBackend(), HbvmTables.NEWTON);
        assertEquals(6, rows.size());
        for (HbvmTables.Row r : rows) {
            assertNotNull(r.paper());
            String at = r.method() + " n=" + r.n();
            assertPaper(r.es(), r.paper()[1], "e_s " + at);
            assertPaper(r.el(), r.paper()[2], "e_lambda " + at);
            assertPaper(r.ehc(), r.paper()[5], "e_hc " + at);
            assertTrue(r.eH() <= 1e-13 * 0.5, "e_H " + r.eH() + " " + at);          // H0 = -0.5
            assertTrue(r.eg() <= 1e-13, "e_g " + r.eg() + " " + at);
        }
    }

    @Test
    void table2ConicalPendulum() {
        // 002 Table 2, HBVM(s,s), s = 1, 2, n = 10, 20, 30 steps per period over 10 periods: e_s as printed (order 2s);
        // lambda and the hidden constraint at round-off (paper <= 1.5e-12), H and g to round-off
        List<HbvmTables.Row> rows = HbvmTables.table2(new int[]{1, 2}, new int[]{10, 20, 30}, new ReferenceBackend(), HbvmTables.NEWTON);
        assertEquals(6, rows.size());
        for (HbvmTables.Row r : rows) {
            String at = r.method() + " n=" + r.n();
            assertPaper(r.es(), r.paper()[1], "e_s " + at);
            assertTrue(r.el() <= 1e-12, "e_lambda " + r.el() + " " + at);
            assertTrue(r.ehc() <= 1e-12, "e_hc " + r.ehc() + " " + at);
            assertTrue(r.eH() <= 1e-13 * 0.35355339059327384, "e_H " + r.eH() + " " + at);
            assertTrue(r.eg() <= 1e-13, "e_g " + r.eg() + " " + at);
        }
    }

    @Test
    void tables3And4FirstRows() {
        // 002 Table 3 (HBVM(3s,s)) and Table 4 (HBVM(6,s)), s = 1, 2, n = 0: errors against the h/2 run
        List<HbvmTables.Row> rows = new java.util.ArrayList<>(HbvmTables.table3(new int[]{1, 2}, new int[]{0}, new ReferenceBackend(), HbvmTables.NEWTON));
        rows.addAll(HbvmTables.table4(new int[]{1, 2}, new int[]{0}, new ReferenceBackend(), HbvmTables.NEWTON));
        for (HbvmTables.Row r : rows) {
            String at = "table " + r.table() + " " + r.method();
            assertPaper(r.es(), r.paper()[1], "e_s " + at);
            assertPaper(r.el(), r.paper()[2], "e_lambda " + at);
            assertPaper(r.ehc(), r.paper()[5], "e_hc " + at);
            assertTrue(r.eH() <= 1e-14, "e_H " + r.eH() + " " + at);
            assertTrue(r.eg() <= 5e-14, "e_g " + r.eg() + " " + at);
        }
    }
}

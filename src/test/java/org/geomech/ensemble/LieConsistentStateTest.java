package org.geomech.ensemble;

import org.geomech.method.LieTestSystems;
import org.geomech.method.TrivialisedSystem;
import org.geomech.model.Library;
import org.geomech.model.MechanicalSystem;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LieConsistentStateTest {
    @Test
    void unicycleMultiplierIsTheSpecsFormula() {
        // 001 spec sec. 5.4: lambda = y cos theta - x sin theta + m omega v1; v2 is projected to 0 (K = diag(m, m, I_z))
        TrivialisedSystem sys = LieTestSystems.unicycle();
        LieConsistentState c = new LieConsistentState(sys, sys.retraction("cay"));
        double[] g = {1, 0.5, 0.3}, eta = {0.2, 0.05, 1}, mu = new double[3], lambda = new double[1];
        assertTrue(c.apply(g, eta, new double[]{1, 0.5}, mu, lambda));
        assertEquals(0, eta[1], 0);
        assertEquals(0.2, mu[0], 1e-16);
        assertEquals(0.5, mu[2], 1e-16);
        assertEquals(0.5 * Math.cos(0.3) - Math.sin(0.3) + 0.2, lambda[0], 1e-15);
    }

    @Test
    void onRnItIsTheMechanicalConsistentState() {
        // the vector-space limit: ad = 0, g tau(e eta) = q + e v; same lambda as ConsistentState (001 spec sec. 2.1)
        MechanicalSystem sys = Library.system("nh-particle");
        TrivialisedSystem lie = TrivialisedSystem.vectorSpace(sys);
        double[] q = {1, 0.5, 0}, v = {0.2, 1, 0.1}, p = new double[3], lambda = new double[1];
        assertTrue(new LieConsistentState(lie, lie.retraction("cay")).apply(q.clone(), v.clone(), new double[0], p, lambda));
        assertEquals(-0.24, lambda[0], 1e-15);      // 001 spec R.1: lambda0 = (0.2 - 0.5)/(1 + 0.25)
    }
}

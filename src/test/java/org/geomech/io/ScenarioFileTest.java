package org.geomech.io;

import org.geomech.engine.Scenario;
import org.geomech.InputException;
import org.geomech.model.ModelDefinition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Scenario files: the forms of the model and initial conditions, the defaults, and errors that name the key. */
class ScenarioFileTest {
    private static Scenario read(String yaml) { return ScenarioFile.draft("test.yaml", yaml).resolve(); }

    @Test
    void knifeEdgeExampleReadsAsWritten() {
        Scenario s = ScenarioFile.read(Path.of("examples/knife-edge.yaml"));
        assertEquals(List.of("x", "y", "theta"), s.model().positionNames());
        assertEquals(0.3, s.model().parameters().get("alpha"));
        assertEquals(List.of("sin(theta)*dot(x) - cos(theta)*dot(y)"), ((ModelDefinition) s.model()).nonholonomic());
        assertEquals("lobatto-nh:2", s.method());
        assertEquals(20, s.members());
        assertEquals("j*pi/(2*N)", s.q0().get(2));
        assertEquals(3, s.mechanical("test").dimension());
    }

    @Test
    void builtInWithStructureAndParameterOverrides() {
        // chaotic-nh has n = 2m + 1 coordinates (001 sec. 7.3)
        assertEquals(9, read("model: chaotic-nh\nstructure: {m: 4}\nh: 0.1\nt_end: 1\n").model().positionNames().size());
        assertEquals(0.3, read("model: cvt\nparameters: {eps: 0.3}\nh: 0.1\nt_end: 1\n").model().parameters().get("eps"));
    }

    @Test
    void defaults() {
        Scenario nh = read("model: nh-particle\nh: 0.1\nt_end: 2\n");
        assertEquals("lobatto-nh:2", nh.method());
        assertEquals(0.02, nh.outputInterval(), 1e-15);
        assertEquals(List.of("mean", "max", "msd"), nh.statistics());
        assertEquals("reference", nh.backend());
        assertEquals(1, nh.members());
        assertNull(nh.perturbation());
        // 001 spec R.1: the default initial state of nh-particle
        assertEquals(List.of("1", "0.5", "0"), nh.q0());
        assertEquals("lobatto-holonomic:2", read("model: planar-pendulum\nh: 0.1\nt_end: 1\n").method());
    }

    @Test
    void initialValuesByNameOverrideTheDefaults() {
        Scenario s = read("model: nh-particle\nh: 0.1\nt_end: 1\ninitial: {q: {y: 0.7}, v: {z: \"0.1*j/N\"}, members: 4,"
                + " random: {seed: 7, q: {x: 0.01}, v: {y: 0.02}}}\n");
        assertEquals(List.of("1", "0.7", "0"), s.q0());
        assertEquals(List.of("0.2", "1", "0.1*j/N"), s.v0());
        assertEquals(7, s.perturbation().seed());
        assertArrayEquals(new double[]{0.01, 0, 0}, s.perturbation().sigmaQ());
        assertArrayEquals(new double[]{0, 0.02, 0}, s.perturbation().sigmaV());
    }

    @Test
    void inlineModelsStartAtZero() {
        Scenario s = read("model: {name: free, coordinates: [a, b], lagrangian: \"0.5*dot(a)^2 + 0.5*dot(b)^2\"}\nh: 0.1\nt_end: 1\n");
        assertEquals(List.of("0", "0"), s.q0());
        assertEquals(List.of(), ((ModelDefinition) s.model()).holonomic());
    }

    @Test
    void commandLineMembersAddTheDefaultDraw() {
        ScenarioDraft d = ScenarioFile.draft("test.yaml", "model: nh-particle\nh: 0.1\nt_end: 1\n");
        d.membersFromCommandLine(10);
        Scenario s = d.resolve();
        assertEquals(Scenario.DEFAULT_SEED, s.perturbation().seed());
        assertArrayEquals(new double[]{1e-3, 1e-3, 1e-3}, s.perturbation().sigmaQ());
        // a scenario that gives a member count keeps its own initial conditions
        ScenarioDraft ensemble = ScenarioFile.draft("test.yaml", "model: chaotic-nh\nh: 0.1\nt_end: 1\ninitial: {members: 21}\n");
        ensemble.membersFromCommandLine(50);
        assertNull(ensemble.resolve().perturbation());
    }

    @ParameterizedTest(name = "{1}")
    @CsvSource(delimiter = ';', value = {
            "model: nh-particle\\nh: 0.1\\nt_end: 1\\nbogus: 1;                   test.yaml: bogus: unknown key",
            "model: nh-particle\\nh: 0.1\\nt_end: 1\\ninitial: {members: 2, x: 1}; test.yaml: initial.x: unknown key (known here: members, q, random, v)",
            "model: nh-particle\\nh: 0.1\\nt_end: soon;                           test.yaml: t_end: must be a number, got text 'soon'",
            "model: nh-particle\\nh: [0.1, true]\\nt_end: 1;                      test.yaml: h[1]: must be a number, got true",
            "model: {name: m, coordinates: [x]}\\nh: 0.1\\nt_end: 1;              test.yaml: model.lagrangian: missing",
            "h: 0.1\\nt_end: 1;                                                   test.yaml: model: missing",
            "model: nh-particle\\nt_end: 1;                                       no step size",
            "model: nh-particle\\nh: 0.1\\nt_end: 1\\nstatistics: [median];       statistics: unknown statistic 'median'",
            "model: nh-particle\\nh: 0.1\\nt_end: 1\\nobservers: {energy: x};     observers: 'energy' is a standard observer",
            "model: nh-particle\\nh: 0.1\\nt_end: 1\\nbackend: cuda;              unknown backend 'cuda'",
            "model: nh-particle\\nh: 0.1\\nt_end: 1\\nnewton: {tolerance: -1};     Newton tolerance must be a positive number",
            "model: cvt\\nparameters: {e: 1}\\nh: 0.1\\nt_end: 1;                  parameters: model cvt has no parameter 'e'",
            "model: nh-particle\\nh: 0.1\\nt_end: 1\\ninitial: {random: {q: {w: 1}}}; initial.random.q: model nh-particle has no coordinate 'w'",
            "'model: [a'; test.yaml: not valid YAML"})
    void errorsNameTheKey(String yaml, String message) {
        InputException e = assertThrows(InputException.class, () -> read(yaml.replace("\\n", "\n")));
        assertTrue(e.getMessage().contains(message.trim()), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }
}

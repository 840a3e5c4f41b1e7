package org.geomech.spark;

import org.geomech.api.Run;
import org.geomech.engine.SlabExecutor;
import org.geomech.io.Scenario;
import org.geomech.io.ScenarioFile;

/** What rebuilds a scenario's launch at step size stage (an index into its step sizes) on an executor: the scenario's YAML text. */
record ScenarioRecipe(String yaml, int stage) implements SlabExecutor.Recipe {
    @Override
    public SlabExecutor.Prepared prepare() { return Run.of(scenario(yaml)).prepare(stage); }

    /** The scenario of a YAML text, resolved. */
    static Scenario scenario(String yaml) { return ScenarioFile.draft("scenario", yaml).resolve(); }
}

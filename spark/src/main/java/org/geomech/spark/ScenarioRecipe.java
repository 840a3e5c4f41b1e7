package org.geomech.spark;

import org.geomech.api.Run;
import org.geomech.engine.SlabExecutor;

/** What rebuilds a scenario's launch at step size stage (an index into its step sizes) on an executor: the scenario's YAML text. */
record ScenarioRecipe(String yaml, int stage) implements SlabExecutor.Recipe {
    @Override
    public SlabExecutor.Prepared prepare() { return Run.fromScenarioText(yaml).prepare(stage); }
}

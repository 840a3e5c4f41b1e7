package org.geomech.io.plot;

import org.geomech.engine.Engine;
import org.geomech.engine.EnsembleRun;
import org.geomech.engine.SweepRun;
import org.geomech.ensemble.StepSize;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The charts of {@code geomech run}, from what the engine hears (an Engine.Listener): each step size's rows, kept as its
 * launch ends (a launch a stop signal ended too, as far as it went), become the observers' charts (Plots.observers) or, in
 * a sweep, one line per sweep point (Plots.sweep), and where a histogram is asked for one heat map per observer (and sweep
 * point: point0-); prefixed h0.1- where there are several step sizes.
 */
public final class RunPlots implements Engine.Listener {
    private final List<String> quantiles;
    private final Map<StepSize, Map<String, List<EnsembleRun.Row>>> stages = new LinkedHashMap<>();
    private List<String> observers;

    /** quantiles: the quantile statistics' names, in column order (q5, q50, q95), which the value charts show as a band. */
    public RunPlots(List<String> quantiles) { this.quantiles = List.copyOf(quantiles); }

    @Override
    public void columns(List<String> observers, List<String> components) { this.observers = observers; }

    @Override
    public void finished(Engine.StageResult stage, boolean complete) {
        Map<String, List<EnsembleRun.Row>> points = new LinkedHashMap<>();
        boolean swept = stage.points().size() > 1;
        for (SweepRun.Point p : stage.points()) points.put(swept ? "point " + p.index() + " " + p.values() : "", stage.rows(p.index(), quantiles.size()));
        stages.put(stage.stepSize(), points);
    }

    /** The charts of every step size heard, by file stem; title: the model's and the method's names. */
    public Map<String, Chart> charts(String title) {
        Map<String, Chart> charts = new LinkedHashMap<>();
        for (Map.Entry<StepSize, Map<String, List<EnsembleRun.Row>>> e : stages.entrySet()) {
            String prefix = stages.size() > 1 ? "h" + e.getKey().label() + "-" : "";
            Map<String, List<EnsembleRun.Row>> points = e.getValue();
            String chartTitle = title + (e.getKey().h().isPresent() ? ", h = " + e.getKey().label() : ", h per member");
            (points.size() == 1 ? Plots.observers(observers, points.values().iterator().next(), chartTitle, quantiles)
                    : Plots.sweep(observers, points, chartTitle))
                    .forEach((k, v) -> charts.put(prefix + k, v));
            int point = 0;
            for (Map.Entry<String, List<EnsembleRun.Row>> p : points.entrySet()) {
                String stem = prefix + (points.size() > 1 ? "point" + point + "-" : "");
                Plots.histograms(observers, p.getValue(), chartTitle + (points.size() > 1 ? ", " + p.getKey() : "")).forEach((k, v) -> charts.put(stem + k, v));
                point++;
            }
        }
        return charts;
    }
}

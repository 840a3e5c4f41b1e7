package org.geomech.study;

import org.geomech.io.plot.Charts;
import org.knowm.xchart.XYChart;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The charts of the generic studies: a convergence study's order plot and the energy-MSE study's curves. */
public final class StudyCharts {
    private StudyCharts() {}

    /**
     * Error against h on log-log axes for q, v, p and the multipliers, with the fitted orders in the
     * legend and a dashed reference slope of the nominal order, drawn a factor 4 below the finest q error.
     */
    public static XYChart order(ConvergenceStudy.Result r, String title, int nominalOrder) {
        XYChart chart = Charts.create(title, "step size h", "global error at t_end (2-norm)", true, true);
        List<ConvergenceStudy.Point> pts = r.points();
        double[] h = new double[pts.size()], q = new double[h.length], v = new double[h.length], p = new double[h.length], l = new double[h.length];
        for (int i = 0; i < h.length; i++) {
            ConvergenceStudy.Point pt = pts.get(i);
            h[i] = pt.h(); q[i] = pt.q(); v[i] = pt.v(); p[i] = pt.p(); l[i] = pt.lambda();
        }
        Charts.line(chart, String.format(Locale.ROOT, "q (order %.2f)", r.orderQ()), h, q, true);
        Charts.line(chart, String.format(Locale.ROOT, "v (order %.2f)", r.orderV()), h, v, true);
        Charts.line(chart, String.format(Locale.ROOT, "p (order %.2f)", r.orderP()), h, p, true);
        Charts.line(chart, String.format(Locale.ROOT, "lambda (order %.2f)", r.orderLambda()), h, l, true);
        int finest = 0;
        for (int i = 0; i < h.length; i++) if (h[i] < h[finest]) finest = i;
        if (q[finest] > 0) {
            double[] slope = new double[h.length];
            for (int i = 0; i < h.length; i++) slope[i] = 0.25 * q[finest] * Math.pow(h[i] / h[finest], nominalOrder);
            Charts.line(chart, "slope h^" + nominalOrder, h, slope, false);
            chart.getSeriesMap().get("slope h^" + nominalOrder).setLineStyle(org.knowm.xchart.style.lines.SeriesLines.DASH_DASH);
        }
        return chart;
    }

    /** 001 Fig. 6: mu(E, t) / h^(2p) against t, one chart per method with one series per step size. */
    public static Map<String, XYChart> energyMse(List<EnergyMseStudy.Curve> curves) {
        Map<String, List<EnergyMseStudy.Curve>> byMethod = new LinkedHashMap<>();
        for (EnergyMseStudy.Curve c : curves) byMethod.computeIfAbsent(c.method(), k -> new ArrayList<>()).add(c);
        Map<String, XYChart> charts = new LinkedHashMap<>();
        for (Map.Entry<String, List<EnergyMseStudy.Curve>> e : byMethod.entrySet()) {
            int p = e.getValue().get(0).order();
            XYChart chart = Charts.create("energy mean-square error, " + e.getKey() + " (001 Fig. 6)", "time t",
                    "mu(E, t) / h^" + 2 * p, false, true);
            for (EnergyMseStudy.Curve c : e.getValue()) {
                double[] scaled = new double[c.t().length];
                for (int i = 0; i < scaled.length; i++) scaled[i] = c.scaled(i);
                Charts.line(chart, "h = " + c.h(), c.t(), scaled, false);
            }
            charts.put("demo-" + e.getKey().replace(':', '-'), chart);
        }
        return charts;
    }
}

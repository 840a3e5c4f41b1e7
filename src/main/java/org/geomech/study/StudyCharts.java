package org.geomech.study;

import org.geomech.io.plot.Chart;
import org.geomech.io.plot.Slopes;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The charts of the generic studies: a convergence study's order plot and the energy-MSE study's curves. */
public final class StudyCharts {
    private StudyCharts() {}

    /**
     * Error against h on log-log axes for q, v, p and the multipliers, with the fitted orders in the legend and dashed
     * reference slopes of the nominal order (under the lowest of the q, v, p errors) and of the multipliers' order where it
     * differs (under the multipliers' errors).
     */
    public static Chart order(ConvergenceStudy.Result r, String title, int nominalOrder, int multiplierOrder) {
        Chart chart = Chart.againstStepSize(title, "global error at t_end (2-norm)");
        List<ConvergenceStudy.Point> pts = r.points();
        double[] h = new double[pts.size()], q = new double[h.length], v = new double[h.length], p = new double[h.length], l = new double[h.length];
        for (int i = 0; i < h.length; i++) {
            ConvergenceStudy.Point pt = pts.get(i);
            h[i] = pt.h(); q[i] = pt.q(); v[i] = pt.v(); p[i] = pt.p(); l[i] = pt.lambda();
        }
        chart.lineWithMarkers(String.format(Locale.ROOT, "q (order %.2f)", r.orderQ()), h, q);
        chart.lineWithMarkers(String.format(Locale.ROOT, "v (order %.2f)", r.orderV()), h, v);
        chart.lineWithMarkers(String.format(Locale.ROOT, "p (order %.2f)", r.orderP()), h, p);
        chart.lineWithMarkers(String.format(Locale.ROOT, "lambda (order %.2f)", r.orderLambda()), h, l);
        double[] lowest = new double[h.length];
        for (int i = 0; i < h.length; i++) lowest[i] = Math.min(q[i], Math.min(v[i], p[i]));
        Slopes.add(chart, h, lowest, nominalOrder);
        if (multiplierOrder != nominalOrder && multiplierOrder > 0) Slopes.add(chart, h, l, multiplierOrder);
        return chart;
    }

    /** 001 Fig. 6: mu(E, t) / h^(2p) against t, one chart per method with one series per step size. */
    public static Map<String, Chart> energyMse(List<EnergyMseStudy.Curve> curves) {
        Map<String, List<EnergyMseStudy.Curve>> byMethod = new LinkedHashMap<>();
        for (EnergyMseStudy.Curve c : curves) byMethod.computeIfAbsent(c.method(), k -> new ArrayList<>()).add(c);
        Map<String, Chart> charts = new LinkedHashMap<>();
        for (Map.Entry<String, List<EnergyMseStudy.Curve>> e : byMethod.entrySet()) {
            int p = e.getValue().get(0).order();
            Chart chart = Chart.overTime("energy mean-square error, " + e.getKey() + " (001 Fig. 6)", "mu(E, t) / h^" + 2 * p, true);
            for (EnergyMseStudy.Curve c : e.getValue()) {
                double[] scaled = new double[c.t().length];
                for (int i = 0; i < scaled.length; i++) scaled[i] = c.scaled(i);
                chart.line("h = " + c.h(), c.t(), scaled);
            }
            if (p == 4) chart.note("001's Fig. 6 caption divides Lobatto-3 by h^10; h^8 (2 x order 4) is what collapses the curves (001 spec, pitfall P1).");
            charts.put("demo-" + e.getKey().replace(':', '-'), chart);
        }
        return charts;
    }
}

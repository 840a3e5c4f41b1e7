package org.geomech.io.plot;

import java.util.List;

/** The Python script written beside a chart: it reads the chart's CSV and draws the same plot with matplotlib, to restyle. */
final class MatplotlibScript {
    private MatplotlibScript() {}

    static String of(Chart chart, Layout layout, String csv, String stem) {
        StringBuilder series = new StringBuilder();
        for (Series s : chart.series()) {
            String kind = switch (s.kind()) {
                case LINE -> "line";
                case MARKERS -> "markers";
                case LINE_MARKERS -> "line+markers";
                case BAND -> "band";
                case REFERENCE -> "reference";
            };
            java.awt.Color c = Painter.color(s);
            series.append("    (").append(literal(s.name())).append(", ").append(literal(mathtext(s.name()))).append(", \"").append(kind)
                    .append(String.format("\", \"#%02x%02x%02x\", \"%s\"),%n", c.getRed(), c.getGreen(), c.getBlue(),
                    s.kind() == Series.Kind.REFERENCE ? dashes(Painter.dashes(s)) : "os^Dv".substring(Painter.shape(s), Painter.shape(s) + 1)));
        }
        StringBuilder notes = new StringBuilder();
        for (Placed n : layout.notes()) notes.append(notes.length() == 0 ? "" : ", ").append(literal(n.text().marked()));
        return """
                #!/usr/bin/env python3
                \"""Redraws %1$s.png from %2$s (written by geomech) with matplotlib; restyle it freely.

                Usage: python3 %1$s.py [OUTPUT]   (default: %1$s.pdf beside this script; .png and .svg work too)
                \"""
                import csv
                import math
                import os
                import sys
                import textwrap

                import matplotlib
                matplotlib.use("Agg")
                import matplotlib.pyplot as plt

                HERE = os.path.dirname(os.path.abspath(__file__))
                TITLE = %3$s
                XLABEL, XLOG = %4$s, %5$s
                YLABEL, YLOG = %6$s, %7$s
                # geomech's axes: the drawn range and the labelled ticks (value, label); drop these lines for matplotlib's own
                XLIM, XTICKS = %10$s
                YLIM, YTICKS = %11$s
                NOTES = [%8$s]
                # a heat map: (its name in the CSV, the colour bar's title, the colour bar's range of counts, whether it is logarithmic), or None
                HEAT = %12$s
                # (name in the CSV, legend label, kind: line, markers, line+markers, band or reference, color, marker or dash pattern)
                SERIES = [
                %9$s]

                data = {}
                cells = []   # (x, x_upper, y, y_upper, count) of the heat map's cells
                with open(os.path.join(HERE, "%2$s"), newline="") as f:
                    for row in csv.DictReader(f):
                        if row.get("count"):
                            cells.append(tuple(float(row[k]) for k in ("x", "x_upper", "y", "y_upper", "count")))
                            continue
                        x, y, upper = data.setdefault(row["series"], ([], [], []))
                        x.append(float(row["x"]))
                        y.append(float(row["y"]))
                        upper.append(float(row["y_upper"]) if row["y_upper"] else float("nan"))

                # on a log axis a band's lower edge at or below 0 is filled down to the smallest value drawn
                positive = [v for x, y, upper in data.values() for v in y + upper if v > 0]
                floor = min(positive) if YLOG and positive else None

                fig, ax = plt.subplots(figsize=(9, 6))
                if HEAT:
                    from matplotlib.collections import PatchCollection
                    from matplotlib.patches import Rectangle
                    # a count of 0 is left blank, as geomech draws it
                    shown = [c for c in cells if c[4] > 0 and all(math.isfinite(v) for v in c[:4])]
                    from matplotlib.colors import LogNorm, Normalize
                    norm = (LogNorm if HEAT[3] else Normalize)(*HEAT[2])
                    # a bin of zero width (every member at one value) is drawn as a line, as geomech draws it
                    boxes = PatchCollection([Rectangle((x0, y0), x1 - x0, y1 - y0) for x0, x1, y0, y1, _ in shown], cmap="viridis", norm=norm,
                                            linewidth=[0 if y1 > y0 else 1.5 for _, _, y0, y1, _ in shown], edgecolor="face")
                    boxes.set_array([n for *_, n in shown])
                    ax.add_collection(boxes)
                    ax.set_axisbelow(True)   # the grid under the cells
                    fig.colorbar(boxes, ax=ax, label=HEAT[1])
                for name, label, kind, color, marker in SERIES:
                    x, y, upper = data.get(name, ([], [], []))
                    if kind == "band":
                        lower = [v if floor is None or v > 0 else floor for v in y]
                        ax.fill_between(x, lower, upper, color=color, alpha=0.25, linewidth=0, label=label)
                    elif kind == "markers":
                        ax.plot(x, y, linestyle="none", marker=marker, markersize=9, markerfacecolor="none", color=color, label=label, zorder=1)
                    elif kind == "reference":
                        ax.plot(x, y, linestyle=(0, [float(d) for d in marker.split()]), color=color, linewidth=1.3, label=label)
                    else:
                        ax.plot(x, y, color=color, marker=marker if kind == "line+markers" else None, label=label)
                if XLOG:
                    ax.set_xscale("log", nonpositive="mask")
                if YLOG:
                    ax.set_yscale("log", nonpositive="mask")
                ax.set_title("\\n".join(textwrap.wrap(TITLE, 80, break_long_words=False)), fontsize=11)
                ax.set_xlim(XLIM)
                ax.set_xticks([v for v, _ in XTICKS], [label for _, label in XTICKS])
                ax.set_ylim(YLIM)
                ax.set_yticks([v for v, _ in YTICKS], [label for _, label in YTICKS])
                ax.set_xlabel(XLABEL)
                ax.set_ylabel(YLABEL)
                ax.grid(True, color="#e6e6e6")
                if SERIES:
                    ax.legend(loc="upper left", bbox_to_anchor=(1.02, 1))
                if NOTES:
                    fig.text(0.01, 0.01, "\\n".join(NOTES), fontsize=9, style="italic", va="bottom")
                fig.tight_layout(rect=(0, 0.035 * len(NOTES), 1, 1))
                fig.savefig(sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "%1$s.pdf"))
                """.formatted(stem, csv, literal(mathtext(chart.title())), literal(mathtext(chart.x().title() + layout.xScale().titleSuffix())),
                python(chart.x().log()), literal(mathtext(chart.y().title() + layout.yScale().titleSuffix())), python(chart.y().log()), notes, series,
                axis(layout.xScale()), axis(layout.yScale()), heat(chart, layout));
    }

    /** The heat map's (name, colour bar title, (lowest, highest count of the colour bar), whether it is logarithmic), or None. */
    private static String heat(Chart chart, Layout layout) {
        if (chart.heatMap() == null) return "None";
        Scale s = layout.colorScale();
        return "(" + literal(chart.heatMap().name()) + ", " + literal(mathtext(layout.colorTitle().text().marked())) + ", ("
                + Double.toString(s.lo()) + ", " + Double.toString(s.hi()) + "), " + python(s.log()) + ")";
    }

    /** The label with its superscripts as matplotlib mathtext ($^{...}$), dollars escaped. */
    static String mathtext(String marked) {
        StringBuilder sb = new StringBuilder();
        for (RichText.Run r : RichText.of(marked.replace("$", "\\$")).runs())
            sb.append(r.superscript() ? "$^{" + r.text().replace('\u2212', '-') + "}$" : r.text());
        return sb.toString();
    }

    /** (lo, hi), [(value, label), ...] of a scale, labels as mathtext. */
    private static String axis(Scale scale) {
        StringBuilder sb = new StringBuilder(String.format(java.util.Locale.ROOT, "(%s, %s), [", Double.toString(scale.lo()), Double.toString(scale.hi())));
        List<Scale.Tick> ticks = scale.labelled();
        for (int i = 0; i < ticks.size(); i++)
            sb.append(i == 0 ? "" : ", ").append("(").append(Double.toString(ticks.get(i).value())).append(", ").append(literal(mathtext(ticks.get(i).label().marked()))).append(")");
        return sb.append("]").toString();
    }

    /** A dash pattern as its on and off lengths separated by spaces. */
    private static String dashes(double[] d) {
        StringBuilder sb = new StringBuilder();
        for (double x : d) sb.append(sb.length() == 0 ? "" : " ").append((int) x);
        return sb.toString();
    }

    private static String literal(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n") + "\"";
    }

    private static String python(boolean b) { return b ? "True" : "False"; }
}

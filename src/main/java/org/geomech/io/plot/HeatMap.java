package org.geomech.io.plot;

import java.awt.Color;

/**
 * Cells coloured by a count, as a histogram over time draws them: column i spans x from x0[i] to x1[i] and holds the bins
 * between edges[i][k] and edges[i][k + 1], counts[i][k] in each (columns may have their own edges: a histogram whose range
 * follows each output's values; a bin of zero width, all members at one value, is drawn as a line). The colour of a count
 * is viridis's at its place on the colour bar: Layout's scale from 0 to the largest count, or, where the counts span two
 * decades or more (the whole ensemble in one bin at t = 0, a few members in the tails later), a log scale from the least
 * count to the largest; a count of 0 is left blank.
 *
 * @param name       what the counts are, the colour bar's title (members per bin)
 * @param x0         each column's left edge
 * @param x1         each column's right edge
 * @param edges      each column's bin edges, increasing (a column without finite edges is not drawn)
 * @param counts     each column's counts, one fewer than its edges
 */
public record HeatMap(String name, double[] x0, double[] x1, double[][] edges, long[][] counts) {
    /** viridis (matplotlib's default colour map) at 0, 1/4, 1/2, 3/4 and 1, between which colours are interpolated. */
    static final Color[] VIRIDIS = {new Color(0x440154), new Color(0x3b528b), new Color(0x21918c), new Color(0x5ec962), new Color(0xfde725)};

    /** Checks that the columns, their edges and their counts agree in number. */
    public HeatMap {
        if (x0.length != x1.length || x0.length != edges.length || x0.length != counts.length)
            throw new IllegalArgumentException("heat map '" + name + "': " + x0.length + " columns against " + edges.length + " of edges and " + counts.length + " of counts");
        for (int i = 0; i < counts.length; i++)
            if (edges[i].length != counts[i].length + 1)
                throw new IllegalArgumentException("heat map '" + name + "': column " + i + " has " + edges[i].length + " edges for " + counts[i].length + " bins");
    }

    /** The largest count (0 where there is none). */
    public long max() {
        long m = 0;
        for (long[] column : counts) for (long c : column) m = Math.max(m, c);
        return m;
    }

    /** The least count above 0 (1 where there is none). */
    public long leastCount() {
        long m = Long.MAX_VALUE;
        for (long[] column : counts) for (long c : column) if (c > 0) m = Math.min(m, c);
        return m == Long.MAX_VALUE ? 1 : m;
    }

    /** Whether the colour bar is logarithmic: the counts above 0 span two decades or more. */
    public boolean logCounts() { return max() >= 100 * leastCount(); }

    /** The number of cells, counted or not. */
    public int cells() {
        int n = 0;
        for (long[] column : counts) n += column.length;
        return n;
    }

    /** Whether column i has finite edges (drawn). */
    boolean drawn(int i) { return edges[i].length > 0 && Double.isFinite(edges[i][0]) && Double.isFinite(edges[i][edges[i].length - 1]); }

    /** viridis at fraction f of the colour bar (clamped to [0, 1]). */
    static Color color(double f) {
        double x = Math.max(0, Math.min(1, f)) * (VIRIDIS.length - 1);
        int k = Math.min(VIRIDIS.length - 2, (int) Math.floor(x));
        double u = x - k;
        Color a = VIRIDIS[k], b = VIRIDIS[k + 1];
        return new Color((int) Math.round(a.getRed() + u * (b.getRed() - a.getRed())), (int) Math.round(a.getGreen() + u * (b.getGreen() - a.getGreen())),
                (int) Math.round(a.getBlue() + u * (b.getBlue() - a.getBlue())));
    }
}

package org.geomech.io.plot;

/**
 * One thing drawn on a chart: a line, markers alone, a line with markers, a filled band between lower (y) and upper,
 * or a reference line (dashed, grey: a slope h^p of an order plot). Color is an index into the palette (-1 - k for the
 * k-th reference line).
 */
public record Series(String name, Kind kind, double[] x, double[] y, double[] upper, int color) {
    /** How a series is drawn. */
    public enum Kind {
        /** A line through the points. */
        LINE,
        /** Markers alone. */
        MARKERS,
        /** A line with markers. */
        LINE_MARKERS,
        /** A filled band between y and upper. */
        BAND,
        /** A dashed grey reference line. */
        REFERENCE
    }

    /** Checks that x, y and upper have one value per point. */
    public Series {
        if (x.length != y.length || (upper != null && upper.length != x.length))
            throw new IllegalArgumentException("series '" + name + "': " + x.length + " x values against " + y.length + " y values");
    }

    /** The values drawn against x: y, and for a band its upper edge too. */
    double[][] ordinates() { return upper == null ? new double[][]{y} : new double[][]{y, upper}; }
}

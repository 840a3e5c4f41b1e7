package org.geomech.io.plot;

import java.awt.geom.Rectangle2D;

/**
 * A label placed on a chart: its baseline point (x, y), which fraction of its width lies left of x (0 left-aligned,
 * 0.5 centred, 1 right-aligned), and whether it is turned to read upwards (a y axis title).
 */
public record Placed(RichText text, Typeface face, double x, double y, double anchor, boolean upright) {
    /** The box the label covers on the chart. */
    public Rectangle2D box() {
        Typeface.Extent e = face.measure(text);
        if (upright) return new Rectangle2D.Double(x - e.ascent(), y - (1 - anchor) * e.width(), e.height(), e.width());
        return new Rectangle2D.Double(x - anchor * e.width(), y - e.ascent(), e.width(), e.height());
    }
}

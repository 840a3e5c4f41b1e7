package org.geomech.io.plot;

import java.awt.Color;
import java.awt.geom.Rectangle2D;

/** What Painter draws on: the same calls make the PNG (Java2D) and the SVG (written as text). */
interface Canvas {
    /** A polyline through the points; solid, or dashed with the given on and off lengths. */
    void polyline(double[] xs, double[] ys, Color color, double width, double[] dashes);

    /** A filled polygon, opacity in [0, 1]. */
    void polygon(double[] xs, double[] ys, Color color, double opacity);

    /** A rectangle's outline (stroke not null) and fill (fill not null). */
    void rectangle(Rectangle2D r, Color stroke, Color fill);

    /** A marker of one of Painter's shapes centred at (x, y), filled or hollow (white inside). */
    void marker(int shape, double x, double y, double size, Color color, boolean hollow);

    /** A label, superscripts raised. */
    void text(Placed label, Color color);

    /** Drawing from now on is clipped to r (null: no clip). */
    void clip(Rectangle2D r);
}

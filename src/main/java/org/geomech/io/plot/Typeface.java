package org.geomech.io.plot;

import java.awt.Font;
import java.awt.RenderingHints;
import java.awt.font.FontRenderContext;
import java.awt.geom.AffineTransform;

/**
 * The fonts of a chart (title, axis titles, tick labels, legend, notes) and the size of a label in one of them,
 * superscripts smaller and raised: the sizes Layout places with are those Painter draws with, on PNG and SVG alike.
 */
public enum Typeface {
    /** The chart's title. */
    TITLE(15, Font.BOLD),
    /** The axis titles. */
    AXIS_TITLE(13, Font.PLAIN),
    /** The tick labels. */
    TICK(12, Font.PLAIN),
    /** The legend. */
    LEGEND(12, Font.PLAIN),
    /** The notes under the legend. */
    NOTE(11, Font.ITALIC);

    /** The family asked for; DejaVu Sans where installed (the SVG names it with fallbacks). */
    public static final String FAMILY = "DejaVu Sans";
    /** A superscript's size relative to the text's, and how far it is raised, in units of the text's size. */
    static final double SUPERSCRIPT_SCALE = 0.72, SUPERSCRIPT_RISE = 0.42;

    private static final FontRenderContext CONTEXT = new FontRenderContext(new AffineTransform(), RenderingHints.VALUE_TEXT_ANTIALIAS_ON,
            RenderingHints.VALUE_FRACTIONALMETRICS_ON);

    private final Font font, superscript;

    Typeface(int size, int style) {
        font = new Font(FAMILY, style, size);
        superscript = font.deriveFont((float) (size * SUPERSCRIPT_SCALE));
    }

    /** The font. */
    public Font font() { return font; }
    /** The font of superscripts. */
    public Font superscriptFont() { return superscript; }
    /** The font's size in points. */
    public double size() { return font.getSize2D(); }
    /** True for a bold font. */
    public boolean bold() { return font.isBold(); }
    /** True for an italic font. */
    public boolean italic() { return font.isItalic(); }

    /** The size of a label: width, height above the baseline (superscripts included) and below it. */
    public record Extent(double width, double ascent, double descent) {
        /** The label's total height. */
        public double height() { return ascent + descent; }
    }

    /** The width of one run. */
    public double width(RichText.Run run) {
        return (run.superscript() ? superscript : font).getStringBounds(run.text(), CONTEXT).getWidth();
    }

    /** The size of a label, superscripts smaller and raised. */
    public Extent measure(RichText text) {
        double w = 0;
        boolean raised = false;
        for (RichText.Run r : text.runs()) {
            w += width(r);
            raised |= r.superscript();
        }
        double ascent = font.getLineMetrics("Hg", CONTEXT).getAscent(), descent = font.getLineMetrics("Hg", CONTEXT).getDescent();
        if (raised) ascent = Math.max(ascent, SUPERSCRIPT_RISE * size() + superscript.getLineMetrics("0", CONTEXT).getAscent());
        return new Extent(w, ascent, descent);
    }
}
